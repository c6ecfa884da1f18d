"""A game taken out and brought back: the whole game as JSON (what was entered, and the change log),
the sheet as CSV rows, and a new game made from such a JSON file, whose sheet is the same.

Only what was entered is exported; every number of the sheet is worked out again by the engine on
import. A file is checked whole before anything is stored: a bad one changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..engine import RULESETS, Breakdown, OptionError, RuleViolations, configured, verify_hand
from ..engine.i18n import N_, Msg
from ..engine.options import table_options
from ..shapes import requests
from ..shapes.by_ruleset import side_entries
from ..shapes.limits import EARLIEST_MOMENT, LARGEST, LATEST_MOMENT, NOTE, text_problem
from ..shapes.problems import ShapeError, read
from ..store.database import db
from ..store.models import EditLog, Game, Hand
from ..store.records import (
    Record,
    apply_record,
    entry_json,
    partners_of,
    record_of,
    side_from_entry,
    to_entries,
)
from .errors import Refused
from .games import NewGame, NewSide, new_game, starting_totals_of
from .sheet import Sheet, hands_of, said, word_note
from .transaction import begin_write, writes

FORMAT = "scorekeeper-game"
FORMAT_VERSION = 1
#: What the change log may say (services/hands.py and games.py write these).
ACTIONS = frozenset({"start", "add", "edit", "undo", "restore", "new_link", "agree", "dispute"})


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
    body = _object(data, "")
    if body.get("format") != FORMAT:
        raise Refused(
            "format", Msg(N_("This is not a game exported by this app (format: %(format)s)."), {"format": FORMAT})
        )
    if body.get("version") != FORMAT_VERSION:
        raise Refused(
            "version",
            Msg(N_("This file's version is not one this app reads: %(version)s."), {"version": FORMAT_VERSION}),
        )
    base = RULESETS.get(str(body.get("ruleset")))
    if base is None:
        raise Refused("ruleset", Msg(N_("There is no rule set called %(id)s."), {"id": body.get("ruleset")}))
    sides = _sides(body.get("sides"))
    players = sum(len(side.players) for side in sides)
    first_dealer = body.get("first_dealer", 0)
    if not _whole(first_dealer) or not 0 <= first_dealer < players:
        raise Refused(
            "first_dealer", Msg(N_("first_dealer must be a seat number from 0 to %(last)s."), {"last": players - 1})
        )
    new = NewGame(
        ruleset_id=base.id,
        sides=tuple(sides),
        options={**table_options(base, players), **_object(body.get("options", {}), "options")},
        first_dealer=first_dealer,
        entry_mode=str(body.get("entry_mode", "detailed")),
        starting_totals=starting_totals_of(body.get("starting_totals")),
        note=body.get("note", ""),  # checked as for a new game
    )
    try:
        game = new_game(new)  # the table, the house rules, the totals carried over, checked as for a new game
    except OptionError as exc:
        raise Refused(f"options.{exc.option}", exc.msg) from exc
    ruleset = configured(base.id, new.options, sides=len(sides))
    names = [side.name for side in game.sides]
    hands = []
    for index, hand in enumerate(_list(body.get("hands", []), "hands")):
        where = f"hands[{index}]"
        item = _object(hand, where)
        if item.get("number", index + 1) != index + 1:
            raise Refused(
                f"{where}.number",
                Msg(N_("Hands are numbered from 1 in order: this one should be %(n)s."), {"n": index + 1}),
            )
        hands.append(_record(item, where, names, ruleset))
    log = [_log_line(line, f"log[{i}]", names, ruleset) for i, line in enumerate(_list(body.get("log", []), "log"))]
    if not log:
        log = [
            ("start", None, None, None, None, ""),
            *(("add", n, None, None, r, "") for n, r in enumerate(hands, start=1)),
        ]
    return _Checked(game, hands, log)


def _sides(value: object) -> list[NewSide]:
    sides = []
    for k, side in enumerate(_list(value, "sides")):
        try:
            read_side = read(requests.NewSide, side, f"sides[{k}]")
        except ShapeError as exc:
            raise Refused(exc.field, exc.msg) from exc
        sides.append(NewSide(read_side.name.strip(), tuple(name.strip() for name in read_side.players)))
    if len(sides) < 2:
        raise Refused("sides", Msg(N_("A game has at least two sides.")))
    return sides


def _record(item: Mapping[str, Any], where: str, names: Sequence[str], ruleset: Any) -> Record:
    """A hand as exported (the API's entry format), checked by the engine as the rule set plays it."""
    entries = _list(item.get("sides"), f"{where}.sides")
    if len(entries) != len(names):
        raise Refused(
            f"{where}.sides", Msg(N_("sides must hold one entry per side: %(count)s."), {"count": len(names)})
        )
    try:
        hand = read(
            requests.HandBody, {"sides": entries, "partners": item.get("partners"), "end": item.get("end")}, where
        )
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
    value: object, where: str, names: Sequence[str], ruleset: Any
) -> tuple[str, int | None, datetime | None, Record | None, Record | None, str]:
    item = _object(value, where)
    action = item.get("action")
    if action not in ACTIONS:
        raise Refused(
            f"{where}.action", Msg(N_("A change is one of: %(actions)s."), {"actions": ", ".join(sorted(ACTIONS))})
        )
    number = item.get("hand_number")
    if number is not None and (not _whole(number) or not 1 <= number <= LARGEST):
        raise Refused(
            f"{where}.hand_number",
            Msg(N_("hand_number must be a hand's number, from 1 to %(most)s."), {"most": LARGEST}),
        )
    moment = None if item.get("at") is None else _moment_of(item["at"], f"{where}.at")
    records = []
    for key in ("before", "after"):
        found = item.get(key)
        records.append(
            None if found is None else _record(_object(found, f"{where}.{key}"), f"{where}.{key}", names, ruleset)
        )
    return str(action), number, moment, records[0], records[1], _said(item, where, len(names))


def _moment_of(value: object, field: str) -> datetime:
    """A change's date and time as the file gives it (ISO 8601, UTC unless it says otherwise), within the years
    a game can have been played in: a year far off would break the pages that show it in a phone's time zone."""
    try:
        moment = datetime.fromisoformat(str(value).removesuffix("Z"))
    except ValueError:
        raise Refused(field, Msg(N_("at must be a date and time, e.g. 2026-11-23T20:15:00Z."))) from None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    moment = moment.replace(tzinfo=None)
    if not EARLIEST_MOMENT <= moment < LATEST_MOMENT:
        raise Refused(
            field,
            Msg(
                N_("at must be a date and time from %(first)s to %(last)s."),
                {"first": EARLIEST_MOMENT.year, "last": LATEST_MOMENT.year - 1},
            ),
        )
    return moment


def _said(item: dict[str, Any], where: str, sides: int) -> str:
    """The log note of a side's word (``said``: who, whose half, the remark), or "" for any other change."""
    found = item.get("said")
    if found is None or item.get("action") not in ("agree", "dispute"):
        return ""
    said_at = f"{where}.said"
    body = _object(found, said_at)
    by, half_of, remark = body.get("by"), body.get("half_of"), body.get("remark", "")
    if not _side_number(by, sides) or (half_of is not None and not _side_number(half_of, sides)):
        raise Refused(said_at, Msg(N_("said names sides by their number, from 0 to %(last)s."), {"last": sides - 1}))
    if not isinstance(remark, str) or len(remark) > NOTE or text_problem(remark, "remark") is not None:
        raise Refused(f"{said_at}.remark", Msg(N_("The remark may hold at most %(most)s characters."), {"most": NOTE}))
    return word_note(by if isinstance(by, int) else 0, half_of, remark)


def _side_number(value: object, sides: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < sides


def _object(value: object, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Refused(field or "file", Msg(N_("%(field)s must be an object."), {"field": field or "The file"}))
    return value


def _list(value: object, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise Refused(field, Msg(N_("%(field)s must be a list."), {"field": field}))
    return value


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
