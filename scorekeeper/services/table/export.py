"""A game taken out and brought back: the whole game as JSON (what was entered, and the change log),
the sheet as CSV rows, and a new game made from such a JSON file, whose sheet is the same.

Only what was entered is exported; every number of the sheet is worked out again by the engine on
import. A file is checked whole before anything is stored: a bad one changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ...engine import RULESETS, Breakdown, OptionError, RuleSet, RuleViolations, configured, verify_hand
from ...engine.i18n import N_, Msg
from ...engine.options import table_options
from ...engine.records import Record, entry_json, partners_of, side_from_entry, to_entries
from ...engine.sheet import Sheet
from ...shapes.by_ruleset import side_entries
from ...shapes.problems import ShapeError, read
from ...shapes.requests.game_file import FORMAT, FORMAT_VERSION, ExportedChange, ExportedGame, ExportedHand
from ...store.database import db
from ...store.models import EditLog, Game, Hand
from ...store.records import apply_record, record_of
from ..errors import Refused
from ..transaction import begin_write, writes
from .games import NewGame, NewSide, new_game
from .sheet import hands_of, said, word_note

# ---- out ---------------------------------------------------------------------------------------


def game_export(game: Game) -> dict[str, Any]:
    """The whole game as entered: rule set, house rules, sides and players, each hand, the change log."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "ruleset": game.ruleset_id,
        "options": dict(game.options),
        "first_dealer": game.first_dealer,
        "entry_mode": game.entry_mode,
        "starting_totals": list(game.starting_totals) if game.starting_totals else None,
        "note": game.note,
        "started_at": _moment(game.created_at),
        "sides": [{"name": side.name, "players": [player.name for player in side.players]} for side in game.sides],
        "hands": [_record_json(record_of(hand)) | {"number": hand.number} for hand in hands_of(game)],
        "log": [
            {
                "action": log.action,
                "hand_number": log.hand_number,
                "at": _moment(log.at),
                "before": _record_json(log.before) if log.before else None,
                "after": _record_json(log.after) if log.after else None,
            }
            | _said_json(log)
            for log in game.edits
        ],
    }


def _said_json(log: EditLog) -> dict[str, Any]:
    """A side's word kept by a log entry (each side its own half): who, whose half, the remark."""
    by, half_of, remark = said(log)
    return {"said": {"by": by, "half_of": half_of, "remark": remark}} if by is not None else {}


def group_export(name: str, players: Sequence[str], games: Sequence[Game]) -> dict[str, Any]:
    """A group's games, each as ``game_export`` gives it (each can be opened again on its own)."""
    return {
        "format": "scorekeeper-group",
        "version": FORMAT_VERSION,
        "name": name,
        "players": list(players),
        "games": [game_export(game) for game in games],
    }


def sheet_rows(sheet: Sheet, header: Sequence[str], name_of_item: Callable[[str], str]) -> list[list[object]]:
    """The sheet as CSV rows: ``header`` (hand, dealer, side, hand score, total, next minimum) first with
    every breakdown item's name from ``name_of_item`` after the side, then one row per hand and side."""
    packet = sheet.ruleset.packet  # the family's games say what each side's packet cost
    items = list(Breakdown().as_dict(packet=packet))
    rows: list[list[object]] = [[*header[:3], *(name_of_item(item) for item in items), *header[3:]]]
    for hand in sheet.hands:
        for position, side in enumerate(hand.result.sides):
            breakdown = side.breakdown.as_dict(packet=packet)
            counted = (hand.totals[position], side.next_minimum) if hand.counted else ("", "")
            rows.append(
                [hand.number, hand.dealer, side.name, *(breakdown[i] for i in items), side.hand_score, *counted]
            )
    return rows


def _record_json(record: Record) -> dict[str, Any]:
    exported = {"partners": record.get("partners"), "sides": [entry_json(side) for side in record["sides"]]}
    if record.get("end"):
        exported["end"] = record["end"]
    return exported


def _moment(moment: datetime) -> str:
    return moment.isoformat() + "Z"


# ---- back in -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Checked:
    """A file that passed every check, ready to store: the game (not stored yet), its hands, its log."""

    game: Game
    hands: list[Record]
    log: list[tuple[str, int | None, datetime | None, Record | None, Record | None, str]]


@writes
def import_game(data: object) -> Game:
    """A new game (new links) from an exported one; raises ``Refused`` naming the first thing wrong,
    with nothing stored."""
    checked = _check(data)
    begin_write()
    game = checked.game
    for number, record in enumerate(checked.hands, start=1):
        hand = Hand(number=number)
        apply_record(hand, record)
        game.hands.append(hand)
    for action, hand_number, at, before, after, note in checked.log:
        entry = EditLog(action=action, hand_number=hand_number, before=before, after=after, note=note)
        if at is not None:
            entry.at = at
        game.edits.append(entry)
    game.version = 1 + len(checked.log)
    db.session.add(game)
    db.session.commit()
    return game


def _check(data: object) -> _Checked:
    """The file read as ``ExportedGame`` (each fault naming its field), then its table, house rules
    and hands checked by the engine as the rule set plays them."""
    if not isinstance(data, dict):
        raise Refused("file", Msg(N_("%(field)s must be an object."), {"field": "The file"}))
    try:
        exported = read(ExportedGame, data)
    except ShapeError as exc:
        raise Refused(exc.field, exc.msg) from exc
    base = RULESETS[exported.ruleset]
    sides = [NewSide(side.name.strip(), tuple(name.strip() for name in side.players)) for side in exported.sides]
    players = sum(len(side.players) for side in sides)
    new = NewGame(
        ruleset_id=base.id,
        sides=tuple(sides),
        options={**table_options(base, players), **exported.options},
        first_dealer=exported.first_dealer,
        entry_mode=exported.entry_mode,
        starting_totals=tuple(exported.starting_totals) if exported.starting_totals is not None else None,
        note=exported.note,
    )
    try:
        game = new_game(new)  # the table, the house rules, the totals carried over, checked as for a new game
    except OptionError as exc:
        raise Refused(f"options.{exc.option}", exc.msg) from exc
    ruleset = configured(base.id, new.options, sides=len(sides))
    names = [side.name for side in game.sides]
    hands = [_record(hand, f"hands[{index}]", names, ruleset) for index, hand in enumerate(exported.hands)]
    log = [_log_line(change, f"log[{index}]", names, ruleset) for index, change in enumerate(exported.log)]
    if not log:
        log = [
            ("start", None, None, None, None, ""),
            *(("add", n, None, None, r, "") for n, r in enumerate(hands, start=1)),
        ]
    return _Checked(game, hands, log)


def _record(hand: ExportedHand, where: str, names: Sequence[str], ruleset: RuleSet) -> Record:
    """A hand as exported (the API's entry format), checked by the engine as the rule set plays it."""
    try:
        parsed = side_entries(ruleset, hand.sides, field=f"{where}.sides")
    except ShapeError as exc:
        raise Refused(exc.field, exc.msg) from exc
    partners = hand.pair()
    record: Record = {"partners": list(partners) if partners else None, "sides": [side_from_entry(e) for e in parsed]}
    if hand.end:
        record["end"] = hand.end
    try:
        verify_hand(
            to_entries(record, names, [0] * len(names)),
            ruleset,
            partners_of(record),
        )
    except RuleViolations as refused:
        first = refused.violations[0]
        field = f"{where}.sides[{first.side}]" if first.side is not None else where
        raise Refused(field, Msg(first.template, first.params)) from refused
    return record


def _log_line(
    change: ExportedChange, where: str, names: Sequence[str], ruleset: RuleSet
) -> tuple[str, int | None, datetime | None, Record | None, Record | None, str]:
    """A line of the change log as the game keeps it: its hands checked as the game's, a side's word as a note."""
    before, after = (
        None if hand is None else _record(hand, f"{where}.{key}", names, ruleset)
        for key, hand in (("before", change.before), ("after", change.after))
    )
    word = change.said
    numbers = word.side_numbers(len(names)) if word is not None else None  # checked as the file was read
    note = "" if word is None or numbers is None else word_note(numbers[0], numbers[1], word.remark)
    return change.action, change.hand_number, change.at, before, after, note
