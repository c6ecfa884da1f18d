"""The hand record as the database keeps it: a hand's rows read as a record, and a record written into them.

The record itself (its fields, its defaults, the engine values it stands for) is the engine's
(``engine/records.py``): the phone's offline sheet reads it too.
"""

from __future__ import annotations

from ..engine.records import SIDE_DEFAULTS, Record
from .models import Hand, HandEntry


def record_of(hand: Hand) -> Record:
    """The record stored for a hand."""
    record: Record = {
        "partners": list(hand.partners) if hand.partners else None,
        "sides": [{name: getattr(entry, name) for name in SIDE_DEFAULTS} for entry in hand.entries],
    }
    if hand.ended:
        record["end"] = hand.ended
    return record


def apply_record(hand: Hand, record: Record) -> None:
    """Write a record into a hand's rows (the caller commits)."""
    hand.partners = list(record["partners"]) if record.get("partners") else None
    hand.ended = record.get("end") or ""
    existing = {entry.side_position: entry for entry in hand.entries}
    for position, side in enumerate(record["sides"]):
        row = existing.get(position)
        if row is None:
            row = HandEntry(side_position=position)
            hand.entries.append(row)
        for name, default in SIDE_DEFAULTS.items():
            setattr(row, name, side.get(name, default))
