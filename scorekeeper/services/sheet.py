"""The score sheet: every hand scored by the engine, running totals, minimums, the winner; the edit log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..engine import RuleSet, RuleViolations, configured
from ..engine.game import (
    HandResult,
    Outcome,
    dealer_for_hand,
    game_outcome,
    initial_meld_minimum,
    points_to_target,
    score_hand,
)
from ..models import Game, Hand, Player
from ..records import Record, partners_of, record_of, to_entries


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
    return configured(game.ruleset_id, game.options, sides=len(game.sides))


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

    id: int
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
            log.id,
            log.at,
            log.action,
            log.hand_number,
            scores(log.before, log.hand_number),
            scores(log.after, log.hand_number),
        )
        for log in reversed(game.edits)
    ]
