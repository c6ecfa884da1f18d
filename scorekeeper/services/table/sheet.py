"""The score sheet: every hand scored by the engine, running totals, minimums, the winner; the edit log.

Each hand is scored once: a hand's score does not depend on the totals before it, so its result
is kept by what was recorded (and the rule set it was scored under), and a sheet only adds the
totals up again. The sheet and the edit log of each game version are kept too, so reading an
unchanged game scores nothing and a save scores only the hand saved. Everything kept is derived:
``forget_scores`` drops it all, and the next read makes it again, identical.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import inspect, select
from sqlalchemy.orm import selectinload

from ...engine import REVISION, RuleSet, RuleViolations, configured
from ...engine.game import HandResult
from ...engine.records import Record
from ...engine.sheet import Sheet, Table, preview, score_at_zero, sum_up
from ...store.database import db
from ...store.kept import Kept
from ...store.models import EditLog, Game, Hand, Player
from ...store.records import record_of

#: Hands scored, by rule set (with house rules and sides) and what was recorded: a club night's worth.
_scored: Kept[HandResult] = Kept(limit=20_000)
#: Sheets and edit logs, by game and version.
_sheets: Kept[Sheet] = Kept(limit=512)
_logs: Kept[list[LogLine]] = Kept(limit=512)


def forget_scores() -> None:
    """Drop every kept score, sheet and log (they are made again, the same, when next read)."""
    for kept in (_scored, _sheets, _logs):
        kept.clear()


# ---- reading -----------------------------------------------------------------------


def game_ruleset(game: Game) -> RuleSet:
    """The game's rule set with its house rules, as the engine plays it."""
    return configured(game.ruleset_id, game.options, sides=len(game.sides))


def seats(game: Game) -> list[Player]:
    """Every player, in seat order."""
    return sorted((player for side in game.sides for player in side.players), key=lambda p: p.seat)


def scored_record(game: Game, record: Record) -> HandResult:
    """A recorded hand scored by the engine under the game's rules, at totals of zero and with its
    sides unnamed (``place_hand`` names them); scored once and kept by what was recorded. Raises
    ``RuleViolations`` when the engine refuses it."""
    sides = len(record["sides"])  # one entry per side of the game
    key = (
        REVISION,
        game.ruleset_id,
        json.dumps(game.options, sort_keys=True),
        sides,
        json.dumps(record, sort_keys=True),
    )
    kept = _scored.get(key)
    if kept is not None:
        return kept
    scored = score_at_zero(configured(game.ruleset_id, game.options, sides=sides), record)
    return _scored.keep(key, scored)


def compute_sheet(game: Game) -> Sheet:
    """The game's sheet at its version: every hand in order with running totals; the engine decides
    everything. Kept per version: only a changed game is summed up again, from hands scored once."""
    return _sheets.get_or_make(
        (REVISION, game.public_id, game.version),
        lambda: _sum_up(game, [(hand.number, hand.version, record_of(hand)) for hand in hands_of(game)]),
    )


def appended(game: Game, before: Sheet, record: Record) -> Sheet:
    """The sheet ``before`` with ``record`` as one more hand (a hand being saved): only that hand is
    scored and placed."""
    return _sum_up(game, [(before.next_hand, 1, record)], start=before)


def keep_sheet(public_id: str, version: int, sheet: Sheet) -> None:
    """Keep ``sheet`` as the game's sheet at ``version`` (just saved: the next read sums nothing up)."""
    _sheets.keep((REVISION, public_id, version), sheet)


def hands_of(game: Game) -> list[Hand]:
    """The game's hands with what each side recorded, in two queries (not one per hand)."""
    if "hands" not in inspect(game).unloaded:
        return list(game.hands)  # already read in this transaction (a change in progress)
    return list(
        db.session.scalars(
            select(Hand).where(Hand.game_id == game.id).order_by(Hand.number).options(selectinload(Hand.entries))
        )
    )


def _sum_up(game: Game, hands: Sequence[tuple[int, int, Record]], start: Sheet | None = None) -> Sheet:
    """The sheet from each hand's (number, version, record), in order; after the hands of ``start``; each hand
    scored once and kept (``scored_record``)."""
    if start is not None:
        table = Table(start.ruleset, start.side_names, start.seat_names, game.first_dealer, start.opening)
    else:
        names = tuple(side.name for side in game.sides)
        players = tuple(player.name for player in seats(game))
        table = Table(game_ruleset(game), names, players, game.first_dealer, opening_totals(game))
    return sum_up(table, hands, start, score=lambda record: scored_record(game, record))


def opening_totals(game: Game) -> tuple[int, ...]:
    """Each side's total before hand 1: carried over from a paper sheet, or 0."""
    if game.starting_totals and len(game.starting_totals) == len(game.sides):
        return tuple(int(total) for total in game.starting_totals)
    return tuple(0 for _ in game.sides)


def preview_hand(game: Game, record: Record, number: int | None = None) -> HandResult:
    """Score a hand as typed, before it is saved; raises ``RuleViolations`` when refused."""
    return preview(compute_sheet(game), record, number)


def score_record(game: Game, record: Record, number: int) -> HandResult | None:
    """A record scored as hand ``number`` of the game, or None if the engine refuses it."""
    try:
        return preview_hand(game, record, number)
    except RuleViolations:
        return None


def hand_version(game: Game, number: int) -> int:
    """The stored version of a hand (0 when it no longer exists)."""
    return next((hand.version for hand in game.hands if hand.number == number), 0)


@dataclass(frozen=True)
class LogLine:
    """One change in the edit log, with each side's hand score before and after (from the engine)."""

    id: int
    at: datetime
    action: str
    hand_number: int | None
    before: tuple[int, ...] | None
    after: tuple[int, ...] | None
    # A side's word on a hand made of halves ("agree", "dispute"): who said it, whose half, the remark.
    by: int | None = None
    half_of: int | None = None
    remark: str = ""


def describe_edits(game: Game) -> list[LogLine]:
    """The edit log, newest first, each record scored by the engine (kept per game version)."""
    return _logs.get_or_make((REVISION, game.public_id, game.version), lambda: _log_lines(game))


def _log_lines(game: Game) -> list[LogLine]:
    def scores(record: Record | None) -> tuple[int, ...] | None:
        if not record:
            return None
        try:
            result = scored_record(game, record)
        except RuleViolations:
            return None
        return tuple(side.hand_score for side in result.sides)

    return [
        LogLine(
            log.id,
            log.at,
            log.action,
            log.hand_number,
            scores(log.before),
            scores(log.after),
            *read_word_note(log.note),
        )
        for log in reversed(game.edits)
    ]


def said(log: EditLog) -> tuple[int | None, int | None, str]:
    """A side's word kept by a log entry (Nones for any other entry)."""
    return read_word_note(log.note) if log.action in ("agree", "dispute") else (None, None, "")


def word_note(by: int, disputed_side: int | None, remark: str) -> str:
    """What the edit log keeps of a side's word (its ``note``)."""
    return json.dumps({"by": by, "half_of": disputed_side, "remark": remark})


def read_word_note(note: str) -> tuple[int | None, int | None, str]:
    """(who, whose half, remark) from a log entry's ``note`` (Nones for any other entry)."""
    try:
        said = json.loads(note) if note else {}
    except ValueError:
        return None, None, ""
    if not isinstance(said, dict):
        return None, None, ""
    by, half_of = said.get("by"), said.get("half_of")
    return (
        by if isinstance(by, int) else None,
        half_of if isinstance(half_of, int) else None,
        str(said.get("remark", "")),
    )


def restorable_undo(game: Game) -> LogLine | None:
    """The undo that can still be put back: the newest change, when it is an undo of the hand that
    would come next."""
    log = describe_edits(game)
    latest = log[0] if log else None
    if latest is not None and latest.action == "undo" and latest.hand_number == compute_sheet(game).next_hand:
        return latest
    return None
