"""The game's arithmetic: running totals, initial-meld minimums, game over and the winner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from itertools import accumulate

from .entries import CanastaCount
from .rulesets import MatchMode, RuleSet, TargetRule, TiePolicy


def initial_meld_minimum(total: int, ruleset: RuleSet, hand_number: int | None = None) -> int:
    """The points a side's first meld of a hand must reach, from its total before the hand (K15-K17).

    Where the rule set goes by round (Hand and Foot), ``hand_number`` (1 for the first
    hand) picks the row instead; past the last row the last one holds.
    """
    if ruleset.min_by_round is not None and hand_number is not None:
        return ruleset.min_by_round[min(max(hand_number, 1), len(ruleset.min_by_round)) - 1]
    minimum = ruleset.min_table[0][1]
    for lowest, row_minimum in ruleset.min_table:
        if lowest is None or total >= lowest:
            minimum = row_minimum
    return minimum


def minimum_after(total: int, ruleset: RuleSet, hand_number: int | None, outcome: Outcome) -> int | None:
    """The first-meld minimum of the hand after ``hand_number`` for a side now at ``total``; None after
    the last round of a game of fixed hands, which no hand follows (score-api.md), and in a game without a
    first-meld minimum (the family's: Burraco, Buraco, Burako)."""
    if not ruleset.meld_minimum or (outcome.game_over and ruleset.match_mode is MatchMode.ROUND):
        return None
    return initial_meld_minimum(total, ruleset, hand_number + 1 if hand_number is not None else None)


def side_of_seat(seat: int, sides: int) -> int:
    """The side a seat belongs to: sides alternate round the table, so partners sit opposite."""
    return seat % sides


def seat_of(side: int, place: int, sides: int) -> int:
    """The seat of a side's ``place``-th player (0 for its first), seats counted clockwise."""
    return place * sides + side


def dealer_for_hand(first_dealer: int, hand_number: int, players: int) -> int:
    """The seat that deals a hand: the deal passes to the left each hand (seats counted clockwise)."""
    return (first_dealer + hand_number - 1) % players


def points_to_target(total: int, ruleset: RuleSet) -> int | None:
    """How far a total is from ending the game (0 once there); None in a game of fixed hands."""
    if ruleset.match_mode is MatchMode.ROUND:
        return None
    needed = ruleset.target + (5 if ruleset.target_rule is TargetRule.EXCEED else 0)
    return max(0, needed - total)


@dataclass(frozen=True)
class MinimumBand:
    """One row of the minimum table: totals from ``low`` to ``high`` (None: open-ended) need ``minimum``."""

    low: int | None
    high: int | None
    minimum: int


def minimum_bands(ruleset: RuleSet) -> list[MinimumBand]:
    """The minimum table with both edges of each band; every score is a multiple of 5, so a band
    ends 5 below the next one (1495, 2995: K16)."""
    lows = [low for low, _minimum in ruleset.min_table]
    bands = []
    for index, (low, minimum) in enumerate(ruleset.min_table):
        following = next((x for x in lows[index + 1 :] if x is not None), None)
        bands.append(MinimumBand(low, None if following is None else following - 5, minimum))
    return bands


def running_totals(hand_scores: Sequence[int], start: int = 0) -> list[int]:
    """A side's total after each hand."""
    return list(accumulate(hand_scores, initial=start))[1:]


@dataclass(frozen=True)
class Outcome:
    """Whether the game is over, and who won (None with game over is a declared draw)."""

    game_over: bool
    winner: int | None
    leaders: tuple[int, ...]
    playing_on: bool = False  # the game would end but the top is tied: another hand (K20)


def reached_target(total: int, ruleset: RuleSet) -> bool:
    """Whether a total ends the game: reach the target, or exceed it (K19)."""
    if ruleset.target_rule is TargetRule.EXCEED:
        return total > ruleset.target
    return total >= ruleset.target


def game_outcome(
    totals: Sequence[int], ruleset: RuleSet, hands_played: int | None = None, went_out: int | None = None
) -> Outcome:
    """Game over and the winner, by target or by a fixed number of hands (K19-K21).

    When the game ends the highest total wins, however many sides passed the target; a tie at the
    top plays on, is a draw, or goes to the side that went out in the hand (``went_out``), by
    ``tie_policy``.
    """
    if not totals:
        return Outcome(False, None, ())
    top = max(totals)
    leaders = tuple([i for i, total in enumerate(totals) if total == top])
    if ruleset.match_mode is MatchMode.ROUND:
        ends = (
            hands_played is not None and ruleset.hands_in_match is not None and hands_played >= ruleset.hands_in_match
        )
    else:
        ends = any(reached_target(total, ruleset) for total in totals)
    if not ends:
        return Outcome(False, None, leaders)
    if len(leaders) == 1:
        return Outcome(True, leaders[0], leaders)
    if ruleset.tie_policy is TiePolicy.DRAW:
        return Outcome(True, None, leaders)
    if ruleset.tie_policy is TiePolicy.WENT_OUT and went_out in leaders:
        return Outcome(True, went_out, leaders)
    return Outcome(False, None, leaders, playing_on=True)


@dataclass(frozen=True)
class Breakdown:
    """The seven signed items of a side's hand score."""

    meld_points: int = 0
    canasta_bonus: int = 0
    red_three_bonus: int = 0
    going_out_bonus: int = 0
    special_bonus: int = 0
    hand_points: int = 0
    penalties: int = 0
    #: The Canasta family: the side's packet (pozzetto, morto, muerto) not taken or not played, minus.
    packet: int = 0

    @property
    def total(self) -> int:
        """The hand score: the sum of the items."""
        return (
            self.packet
            + self.meld_points
            + self.canasta_bonus
            + self.red_three_bonus
            + self.going_out_bonus
            + self.special_bonus
            + self.hand_points
            + self.penalties
        )

    def as_dict(self, *, packet: bool = False) -> dict[str, int]:
        """The items by name, in the spec's order; ``packet`` only where the game has one (the family's)."""
        return {item.name: getattr(self, item.name) for item in fields(self) if packet or item.name != "packet"}


@dataclass(frozen=True)
class SideScore:
    """One side's result for a hand: breakdown, canastas, totals and the next minimum."""

    name: str
    breakdown: Breakdown
    canastas: CanastaCount
    total_before: int
    next_minimum: int | None  # None after the last round of a game of fixed hands: no hand follows

    @property
    def hand_score(self) -> int:
        """The sum of the breakdown."""
        return self.breakdown.total

    @property
    def total_after(self) -> int:
        """The total once this hand is added."""
        return self.total_before + self.hand_score


@dataclass(frozen=True)
class HandResult:
    """A scored hand: every side's score and the game's outcome after it."""

    sides: tuple[SideScore, ...]
    outcome: Outcome
    went_out: int | None = None  # the side that went out in this hand (it may win a tie: TiePolicy.WENT_OUT)


def place_hand(
    scored: HandResult,
    names: Sequence[str],
    totals_before: Sequence[int],
    ruleset: RuleSet,
    hand_number: int | None = None,
) -> HandResult:
    """A scored hand placed in a game: the same breakdowns and canastas (a hand's score never depends
    on the totals before it), with these names and totals, the next minimums and the outcome.

    This is how a sheet reuses a hand scored once: ``place_hand(score_hand(entries, rs), ...)``
    equals ``score_hand`` of the same entries with those names and totals."""
    breakdowns = [side.breakdown for side in scored.sides]
    canastas = [side.canastas for side in scored.sides]
    return place_scores(names, breakdowns, canastas, totals_before, ruleset, hand_number, scored.went_out)


def place_scores(
    names: Sequence[str],
    breakdowns: Sequence[Breakdown],
    canastas: Sequence[CanastaCount],
    totals_before: Sequence[int],
    ruleset: RuleSet,
    hand_number: int | None,
    went_out: int | None,
) -> HandResult:
    """Each side's breakdown and canastas for a hand, whichever branch scored them, placed in a game: the
    sides' names and totals, the next minimums and the outcome."""
    totals_after = [total + breakdown.total for total, breakdown in zip(totals_before, breakdowns, strict=True)]
    outcome = game_outcome(totals_after, ruleset, hand_number, went_out)
    sides = tuple(
        [
            SideScore(
                name=name,
                breakdown=breakdown,
                canastas=side_canastas,
                total_before=total,
                next_minimum=minimum_after(after, ruleset, hand_number, outcome),
            )
            for name, breakdown, side_canastas, total, after in zip(
                names, breakdowns, canastas, totals_before, totals_after, strict=True
            )
        ]
    )
    return HandResult(sides, outcome, went_out)
