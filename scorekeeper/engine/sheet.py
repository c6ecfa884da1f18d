"""A game's score sheet: every hand scored by the engine in order, the running totals, each side's next
first-meld minimum and distance to the target, the outcome, and the hand that ended the game.

The server sums a stored game up with it (``services/sheet.py``, which keeps each hand's score); the phone sums
up the hands it holds offline with the same function.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .game import (
    HandResult,
    Outcome,
    dealer_for_hand,
    game_outcome,
    initial_meld_minimum,
    minimum_after,
    place_hand,
    points_to_target,
    seat_of,
)
from .hands import score_hand
from .records import Record, ended_on_stock, partners_of, to_entries
from .rulesets import RuleSet


@dataclass(frozen=True)
class Table:
    """Who plays a game and under which rules: the rule set with its house rules, the sides' names, every player
    in seat order, the first dealer's seat, and each side's total before hand 1 (carried over from paper, or 0)."""

    ruleset: RuleSet
    side_names: tuple[str, ...]
    seat_names: tuple[str, ...]
    first_dealer: int
    opening: tuple[int, ...]


#: How a hand's record is scored at totals of zero, its sides unnamed (``place_hand`` places it): the engine, or
#: the server's kept scores of it.
Scorer = Callable[[Record], HandResult]


@dataclass(frozen=True)
class SheetHand:
    """One scored hand on the sheet."""

    number: int
    dealer: str
    result: HandResult
    totals: tuple[int, ...]
    version: int
    record: Record
    #: False for a hand played after the hand that ended the game (an earlier hand fixed so that it
    #: reached the target): kept, shown, left out of the totals, the winner and the minimums (D5).
    counted: bool = True


@dataclass(frozen=True)
class Sheet:
    """The score sheet, everything on it computed by the engine."""

    ruleset: RuleSet
    side_names: tuple[str, ...]
    hands: tuple[SheetHand, ...]
    totals: tuple[int, ...]
    next_minimums: tuple[int | None, ...]  # None once the last round of a game of fixed hands is played
    to_target: tuple[int | None, ...]
    outcome: Outcome
    ended_with_hand: int | None
    next_hand: int
    next_dealer: str
    seat_names: tuple[str, ...] = ()  # every player, in seat order
    opening: tuple[int, ...] = ()  # each side's total before hand 1 (carried over from paper, or 0)

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
    def side_players(self) -> tuple[tuple[str, ...], ...]:
        """Each side's players, in seat order (partners sit apart: ``seat_of``)."""
        sides = len(self.side_names)
        places = len(self.seat_names) // sides
        return tuple(
            tuple(self.seat_names[seat_of(side, place, sides)] for place in range(places)) for side in range(sides)
        )

    def totals_before(self, number: int) -> tuple[int, ...]:
        """Each side's total before hand ``number`` (at most the next hand)."""
        return self.hands[number - 2].totals if number > 1 else self.opening

    def minimums_in(self, number: int) -> tuple[int, ...]:
        """Each side's first-meld minimum in hand ``number``, from its total before that hand (or the round)."""
        return tuple(initial_meld_minimum(total, self.ruleset, number) for total in self.totals_before(number))

    @property
    def leaders(self) -> tuple[str, ...]:
        """Whoever has the highest total."""
        return tuple(self.side_names[i] for i in self.outcome.leaders)


def score_at_zero(ruleset: RuleSet, record: Record) -> HandResult:
    """A record scored by the engine at totals of zero with its sides unnamed (raises ``RuleViolations``)."""
    sides = len(record["sides"])
    entries = to_entries(record, [""] * sides, [0] * sides)
    return score_hand(entries, ruleset, None, partners_of(record), ended_on_stock=ended_on_stock(record))


def sum_up(
    table: Table,
    hands: Sequence[tuple[int, int, Record]],
    start: Sheet | None = None,
    score: Scorer | None = None,
) -> Sheet:
    """The sheet from each hand's (number, version, record), in order; after the hands of ``start``. ``score``
    scores a record at totals of zero (the engine's ``score_at_zero`` when not given)."""
    ruleset = table.ruleset
    scorer = score or (lambda record: score_at_zero(ruleset, record))
    names, players = table.side_names, table.seat_names
    totals = start.totals if start else table.opening
    rows: list[SheetHand] = list(start.hands) if start else []
    outcome = start.outcome if start else game_outcome(totals, ruleset, 0)
    ended_with = start.ended_with_hand if start else None
    for number, version, record in hands:
        result = place_hand(scorer(record), names, totals, ruleset, number)
        counted = ended_with is None
        if counted:
            totals = tuple(side.total_after for side in result.sides)
        dealer = players[dealer_for_hand(table.first_dealer, number, len(players))]
        rows.append(SheetHand(number, dealer, result, totals, version, record, counted))
        if counted:
            outcome = result.outcome
            if outcome.game_over:
                ended_with = number
    if ended_with is None:
        outcome = game_outcome(totals, ruleset, len(rows))
    next_hand = len(rows) + 1
    return Sheet(
        ruleset=ruleset,
        side_names=names,
        hands=tuple(rows),
        totals=totals,
        next_minimums=tuple(minimum_after(total, ruleset, len(rows), outcome) for total in totals),
        to_target=tuple(points_to_target(total, ruleset) for total in totals),
        outcome=outcome,
        ended_with_hand=ended_with,
        next_hand=next_hand,
        next_dealer=players[dealer_for_hand(table.first_dealer, next_hand, len(players))],
        seat_names=players,
        opening=table.opening,
    )


def preview(sheet: Sheet, record: Record, number: int | None = None) -> HandResult:
    """A hand as typed scored as hand ``number`` of the sheet (the next by default), before it is saved: at the
    totals before it, with its minimums; raises ``RuleViolations`` when refused."""
    number = number or sheet.next_hand
    entries = to_entries(record, sheet.side_names, sheet.totals_before(number))
    return score_hand(entries, sheet.ruleset, number, partners_of(record), ended_on_stock=ended_on_stock(record))
