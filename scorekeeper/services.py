"""Use cases: start a game, record, edit and undo hands, read the sheet, play a rematch.

Rows in, engine values through, rows out. Each use case is one transaction and the only
place that commits; a refused entry or a conflict writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .engine import RULESETS, OptionError, RuleSet, RuleViolations, configure
from .engine.game import (
    HandResult,
    Outcome,
    dealer_for_hand,
    game_outcome,
    initial_meld_minimum,
    points_to_target,
    score_hand,
    seat_of,
)
from .engine.i18n import N_
from .extensions import db
from .models import EditLog, Game, Hand, Player, Side, now
from .records import Record, apply_record, partners_of, record_of, to_entries
from .sqlite import WRITE


class GameError(Exception):
    """A use case that cannot go ahead; ``code`` says why."""


class GameOver(GameError):
    """The game has ended: no more hands can be recorded."""


class HandNotFound(GameError):
    """No hand with that number in this game."""


class Conflict(GameError):
    """Someone else saved first: both versions are kept for the person to choose."""

    def __init__(self, hand_number: int | None, saved: Record | None, mine: Record) -> None:
        super().__init__(f"conflict on hand {hand_number}")
        self.hand_number = hand_number
        self.saved = saved
        self.mine = mine


@dataclass(frozen=True)
class NewSide:
    """A side as the new-game form gives it: a name and its players in seat order."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class NewGame:
    """Everything needed to start a game."""

    ruleset_id: str
    sides: tuple[NewSide, ...]
    options: dict[str, Any] = field(default_factory=dict)
    first_dealer: int = 0


@dataclass(frozen=True)
class SheetHand:
    """One scored hand on the sheet."""

    number: int
    dealer: str
    result: HandResult
    totals: tuple[int, ...]
    version: int
    record: Record


@dataclass(frozen=True)
class Sheet:
    """The score sheet, everything on it computed by the engine."""

    ruleset: RuleSet
    side_names: tuple[str, ...]
    hands: tuple[SheetHand, ...]
    totals: tuple[int, ...]
    next_minimums: tuple[int, ...]
    to_target: tuple[int | None, ...]
    outcome: Outcome
    ended_with_hand: int | None
    next_hand: int
    next_dealer: str

    @property
    def game_over(self) -> bool:
        """Whether the game has ended (with a winner or a declared draw)."""
        return self.outcome.game_over

    @property
    def winner(self) -> str | None:
        """The winner's name, once the game is over."""
        return self.side_names[self.outcome.winner] if self.outcome.winner is not None else None

    @property
    def leading_total(self) -> int:
        """The highest total (the winner's, once the game is over)."""
        return self.totals[self.outcome.leaders[0]] if self.outcome.leaders else 0

    @property
    def leaders(self) -> tuple[str, ...]:
        """Whoever has the highest total."""
        return tuple(self.side_names[i] for i in self.outcome.leaders)


# ---- reading -----------------------------------------------------------------------


def game_ruleset(game: Game) -> RuleSet:
    """The game's rule set with its house rules, as the engine plays it."""
    return configure(RULESETS[game.ruleset_id], game.options, sides=len(game.sides))


def seats(game: Game) -> list[Player]:
    """Every player, in seat order."""
    return sorted((player for side in game.sides for player in side.players), key=lambda p: p.seat)


def compute_sheet(game: Game, hands: Sequence[Hand] | None = None) -> Sheet:
    """Score every hand in order with running totals; the engine decides everything."""
    ruleset = game_ruleset(game)
    names = tuple(side.name for side in game.sides)
    players = seats(game)
    totals = tuple(0 for _ in names)
    rows: list[SheetHand] = []
    outcome = game_outcome(totals, ruleset, 0)
    ended_with = None
    for hand in hands if hands is not None else game.hands:
        record = record_of(hand)
        result = score_hand(to_entries(record, names, totals), ruleset, hand.number, partners_of(record))
        totals = tuple(side.total_after for side in result.sides)
        dealer = players[dealer_for_hand(game.first_dealer, hand.number, len(players))].name
        rows.append(SheetHand(hand.number, dealer, result, totals, hand.version, record))
        if ended_with is None:
            outcome = result.outcome
            if outcome.game_over:
                ended_with = hand.number
    if ended_with is None:
        outcome = game_outcome(totals, ruleset, len(rows))
    next_hand = len(rows) + 1
    return Sheet(
        ruleset=ruleset,
        side_names=names,
        hands=tuple(rows),
        totals=totals,
        next_minimums=tuple(initial_meld_minimum(total, ruleset, next_hand) for total in totals),
        to_target=tuple(points_to_target(total, ruleset) for total in totals),
        outcome=outcome,
        ended_with_hand=ended_with,
        next_hand=next_hand,
        next_dealer=players[dealer_for_hand(game.first_dealer, next_hand, len(players))].name,
    )


def preview_hand(game: Game, record: Record, number: int | None = None) -> HandResult:
    """Score a hand as typed, before it is saved; raises ``RuleViolations`` when refused."""
    sheet = compute_sheet(game)
    number = number or sheet.next_hand
    totals = sheet.hands[number - 2].totals if number > 1 else tuple(0 for _ in sheet.side_names)
    entries = to_entries(record, sheet.side_names, totals)
    return score_hand(entries, sheet.ruleset, number, partners_of(record))


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

    at: datetime
    action: str
    hand_number: int | None
    before: tuple[int, ...] | None
    after: tuple[int, ...] | None


def describe_edits(game: Game) -> list[LogLine]:
    """The edit log, newest first, each record scored by the engine."""
    ruleset = game_ruleset(game)
    names = [side.name for side in game.sides]

    def scores(record: Record | None, number: int | None) -> tuple[int, ...] | None:
        if not record:
            return None
        entries = to_entries(record, names, [0 for _ in names])
        try:
            result = score_hand(entries, ruleset, number, partners_of(record))
        except RuleViolations:
            return None
        return tuple(side.hand_score for side in result.sides)

    return [
        LogLine(
            log.at, log.action, log.hand_number, scores(log.before, log.hand_number), scores(log.after, log.hand_number)
        )
        for log in reversed(game.edits)
    ]


#: A game with everything its sheet shows, loaded in a handful of queries instead of one per hand.
WHOLE_GAME = (
    selectinload(Game.sides).selectinload(Side.players),
    selectinload(Game.hands).selectinload(Hand.entries),
    selectinload(Game.edits),
)


def find_game(token: str, *, editable: bool) -> Game | None:
    """The game behind a link: its edit token, or (read-only) its public id."""
    column = Game.edit_token if editable else Game.public_id
    return db.session.scalars(select(Game).where(column == token).options(*WHOLE_GAME)).first()


def games_by_public_ids(public_ids: Sequence[str]) -> list[Game]:
    """The games a browser remembers, most recent first."""
    if not public_ids:
        return []
    found = db.session.scalars(select(Game).where(Game.public_id.in_(list(public_ids))).options(*WHOLE_GAME)).all()
    order = {public_id: index for index, public_id in enumerate(public_ids)}
    return sorted(found, key=lambda game: order[game.public_id])


# ---- changing --------------------------------------------------------------------------


def start_game(new: NewGame) -> Game:
    """Create a game with its sides and players in seat order; the options are checked first."""
    base = RULESETS.get(new.ruleset_id)
    if base is None:
        raise OptionError("ruleset", N_("There is no rule set called %(id)s."), {"id": new.ruleset_id})
    configure(base, new.options, sides=len(new.sides))  # raises OptionError naming the option
    game = Game(ruleset_id=new.ruleset_id, options=dict(new.options), first_dealer=new.first_dealer)
    game.sides = [
        Side(
            position=k,
            name=side.name,
            players=[
                Player(seat=seat_of(k, place, len(new.sides)), name=name) for place, name in enumerate(side.players)
            ],
        )
        for k, side in enumerate(new.sides)
    ]
    game.edits.append(EditLog(action="start"))
    db.session.add(game)
    db.session.commit()
    return game


def record_hand(game: Game, record: Record, expected_hands: int) -> Hand:
    """Add the next hand. ``expected_hands`` is how many hands the recorder saw: if another
    phone added one meanwhile, nothing is saved and ``Conflict`` shows both."""
    game = _lock(game)
    sheet = compute_sheet(game)
    if len(game.hands) != expected_hands:
        saved = record_of(game.hands[-1]) if game.hands else None
        db.session.rollback()
        raise Conflict(len(game.hands), saved, record)
    if sheet.game_over:
        db.session.rollback()
        raise GameOver("the game is over")
    hand = Hand(number=len(game.hands) + 1)
    apply_record(hand, record)
    game.hands.append(hand)
    _check_and_commit(game, EditLog(action="add", hand_number=hand.number, after=record), conflict_record=record)
    return hand


def edit_hand(game: Game, number: int, record: Record, expected_version: int) -> Hand:
    """Replace an earlier hand; every later total and minimum follows. Refused if the hand
    changed since the editor opened it."""
    game = _lock(game)
    hand = _hand(game, number)
    if hand.version != expected_version:
        saved = record_of(hand)
        db.session.rollback()
        raise Conflict(number, saved, record)
    before = record_of(hand)
    apply_record(hand, record)
    hand.version += 1
    hand.updated_at = now()
    log = EditLog(action="edit", hand_number=number, before=before, after=record)
    _check_and_commit(game, log, conflict_record=record)
    return hand


def undo_last_hand(game: Game, expected_number: int, expected_version: int) -> None:
    """Remove the last hand, if it is still the one the person saw."""
    game = _lock(game)
    if not game.hands:
        db.session.rollback()
        raise HandNotFound("no hand to undo")
    last = game.hands[-1]
    if (last.number, last.version) != (expected_number, expected_version):
        saved = record_of(last)
        db.session.rollback()
        raise Conflict(last.number, saved, saved)
    log = EditLog(action="undo", hand_number=last.number, before=record_of(last))
    game.hands.remove(last)
    db.session.delete(last)
    _check_and_commit(game, log, conflict_record=None)


def rematch(game: Game) -> Game:
    """A new game with the same rule set, house rules, sides and players; the deal moves on."""
    players = seats(game)
    new = NewGame(
        ruleset_id=game.ruleset_id,
        sides=tuple(NewSide(side.name, tuple(p.name for p in side.players)) for side in game.sides),
        options=dict(game.options),
        first_dealer=(game.first_dealer + 1) % len(players),
    )
    created = start_game(new)
    created.rematch_of_id = game.id
    db.session.commit()
    return created


def _lock(game: Game) -> Game:
    """Start a writing transaction and reload the game in it, locked: on PostgreSQL its row
    (SELECT ... FOR UPDATE), on SQLite the database (BEGIN IMMEDIATE). A second phone waits
    here, then sees what the first one saved."""
    db.session.rollback()
    db.session.connection(execution_options={WRITE: True})
    locked = db.session.scalars(select(Game).where(Game.id == game.id).with_for_update()).one()
    db.session.refresh(locked)
    return locked


def _hand(game: Game, number: int) -> Hand:
    for hand in game.hands:
        if hand.number == number:
            return hand
    db.session.rollback()
    raise HandNotFound(f"no hand {number}")


def _check_and_commit(game: Game, log: EditLog, conflict_record: Record | None) -> None:
    """Score the whole game as it would be, then commit the change and its log entry at once."""
    try:
        db.session.flush()
        compute_sheet(game)
        game.version += 1
        game.updated_at = now()
        game.edits.append(log)
        db.session.commit()
    except RuleViolations:
        db.session.rollback()
        raise
    except IntegrityError as exc:  # another phone saved the same hand number first
        db.session.rollback()
        raise Conflict(log.hand_number, None, conflict_record or {}) from exc
