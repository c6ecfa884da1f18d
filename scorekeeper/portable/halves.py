"""Each side its own half, as the server and the phone alike score one: a half alone is the whole hand's record with
only that side's part (the other sides blank), and its score is that side's in it (a side's score never depends on
the others' cards); the rules it breaks on its own are its side's and the whole hand's, but for the partners,
which another half may name (cutthroat).

The server's halves (services/table/halves_state.py) and the phone's half form with no connection (``half_page``,
through bridge.py) both use these, so that the phone shows a half as the server's half form does."""

from __future__ import annotations

from typing import Any

from ..engine.errors import RuleViolation
from ..engine.records import SIDE_DEFAULTS, STOCK_OUT, Record
from ..engine.rulesets import RuleSet


def side_of_half(entry: dict[str, Any]) -> dict[str, Any]:
    """A half's entry as a record's side (how the hand ended is the hand's, not the side's)."""
    return {**SIDE_DEFAULTS, **{name: value for name, value in entry.items() if name != "end"}}


def with_end(record: Record, entries: list[dict[str, Any]]) -> Record:
    """The record, ended on the stock when any side's half says the stock ran out (Burraco, Buraco, Burako)."""
    if any(entry.get("end") == STOCK_OUT for entry in entries):
        record["end"] = STOCK_OUT
    return record


def lone_half(ruleset: RuleSet, sides: int, side: int, entry: dict[str, Any], partners: list[int] | None) -> Record:
    """A whole hand's record holding only ``side``'s half (the other sides blank): how a half is scored on its
    own, and how the half form is filled with it."""
    # in the family's games every side must say what became of its packet: a blank side says "taken", which
    # costs nothing and is not this side's score, so that only the half itself can be refused
    blank = {**SIDE_DEFAULTS, **({"packet": "taken"} if ruleset.packet else {})}
    made = [dict(blank) for _ in range(sides)]
    made[side] = side_of_half(entry)
    return with_end({"partners": partners, "sides": made}, [entry])


def own_problems(violations: list[RuleViolation], side: int) -> list[RuleViolation]:
    """The problems a half has on its own: its side's, and the whole hand's but for the partners, which
    another half may name (cutthroat)."""
    return [v for v in violations if v.side in (side, None) and v.rule != "partners_required"]
