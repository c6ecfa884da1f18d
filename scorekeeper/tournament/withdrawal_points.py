"""What a withdrawal is worth, as the federation's rules say ("abbandono del torneo"): the pair left alone at its
table gets the bye's points (or the score it had reached on the table, if the director finds it worth more);
the pair that quits gets the rule's points for each round it abandons (the federation: 6 victory points with
rounds of 2 or 3 hands, 8 with 4), given only if they do not win it a place or a prize it would not have had
(then none); when both pairs quit, 0 each; an unjustified withdrawal, 0.

The values are the tournament's rules, data and not constants of the code; each award says its points and
the reason, so that the director sees them before confirming. The services seat the rounds without the pair
and keep the awards; docs/rule-choices.md D31 records the readings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from .phases import Tournament
from .settings import BYE_VICTORY_POINTS, HANDS_A_ROUND, SettingRefused

#: The federation's points for a round abandoned, by the hands of a round (eburraco.com "Abbandonare un torneo").
FEDERATION_ABANDONED: Mapping[int, float] = MappingProxyType({2: 6.0, 3: 6.0, 4: 8.0})


class Reason(StrEnum):
    """Why a pair gets the points of a withdrawal."""

    BYE = "bye"  # left alone at its table: the bye's points
    SCORE_REACHED = "score_reached"  # left alone, the score it had reached being worth more than the bye
    ABANDONED = "abandoned"  # it quit: the rule's points for each round abandoned
    WOULD_GAIN = "would_gain"  # it quit: none, the rule's points would have won it a place or a prize
    BOTH_QUIT = "both_quit"  # both pairs of the table quit: 0 each
    UNJUSTIFIED = "unjustified"  # it quit without a reason the director accepts: 0


@dataclass(frozen=True)
class WithdrawalRules:
    """A tournament's rules for withdrawals: the points for a round abandoned, by the hands of a round, and the
    bye's points (the night's). Checked when made: points out of 0 to 20, or hands out of a round's bound, are
    refused naming the field."""

    abandoned: Mapping[int, float] = field(default_factory=lambda: FEDERATION_ABANDONED)
    bye_points: float = 14.0

    def __post_init__(self) -> None:
        for hands, points in self.abandoned.items():
            if isinstance(hands, bool) or not isinstance(hands, int) or not HANDS_A_ROUND.holds(hands):
                raise SettingRefused("abandoned_points", bound=HANDS_A_ROUND, case="hands")
            if not BYE_VICTORY_POINTS.holds(points):
                raise SettingRefused("abandoned_points", bound=BYE_VICTORY_POINTS)
        if not BYE_VICTORY_POINTS.holds(self.bye_points):
            raise SettingRefused("bye_points", bound=BYE_VICTORY_POINTS, case="victory")

    def for_hands(self, hands: int) -> float:
        """The points for a round of ``hands`` hands abandoned; rounds the rules give none for are refused naming
        the hands they do give points for (the director sets them for the tournament)."""
        if hands not in self.abandoned:
            raise SettingRefused(
                "abandoned_points", choices=tuple(str(h) for h in sorted(self.abandoned)), case="hands"
            )
        return self.abandoned[hands]


@dataclass(frozen=True)
class Award:
    """A pair's points for a withdrawal: ``each`` for every round of ``rounds``, and why; ``rule_points`` what the
    rule gives a round, shown beside a withheld award."""

    pair: int
    rounds: tuple[int, ...]
    each: float
    reason: Reason
    rule_points: float = 0.0

    @property
    def total(self) -> float:
        """The points over every round of the award."""
        return self.each * len(self.rounds)


def abandoned_rounds(tournament: Tournament, round_number: int) -> tuple[int, ...]:
    """The rounds a pair quitting in round ``round_number`` abandons: that one and every later one of the event."""
    tournament.place_of(round_number)  # a round the event has, else refused naming the bound
    return tuple(range(round_number, tournament.last_round + 1))


def left_alone(rules: WithdrawalRules, pair: int, round_number: int, reached: float | None = None) -> Award:
    """The pair whose opponents quit in ``round_number``: the bye's points, or ``reached`` (the victory points of the
    score on its table when play stopped, as the director finds it) when that is more."""
    if reached is not None and reached > rules.bye_points:
        return Award(pair, (round_number,), reached, Reason.SCORE_REACHED, rules.bye_points)
    return Award(pair, (round_number,), rules.bye_points, Reason.BYE, rules.bye_points)


def quitting(rules: WithdrawalRules, pair: int, rounds: Sequence[int], hands: int, justified: bool = True) -> Award:
    """The pair that quits: the rule's points for each of the ``rounds`` it abandons (rounds of ``hands`` hands),
    or 0 when it quits without a reason the director accepts. Whether the points would win it a place or a prize
    is decided on the standings (``without_gain``)."""
    points = rules.for_hands(hands)
    if not justified:
        return Award(pair, tuple(rounds), 0.0, Reason.UNJUSTIFIED, points)
    return Award(pair, tuple(rounds), points, Reason.ABANDONED, points)


def both_quit(pairs: tuple[int, int], rounds: Sequence[int]) -> tuple[Award, Award]:
    """Both pairs of a table quit: 0 each for the rounds abandoned."""
    first, second = pairs
    return Award(first, tuple(rounds), 0.0, Reason.BOTH_QUIT), Award(second, tuple(rounds), 0.0, Reason.BOTH_QUIT)


def without_gain(award: Award, points_before: float, others: Sequence[float], advantaged_places: int) -> Award:
    """``award`` kept, unless with it the pair would stand within the first ``advantaged_places`` places (those that
    qualify for a better group or win a prize) where without it it would not: then none (Reason.WOULD_GAIN).
    ``points_before``: the pair's points without the award; ``others``: every other pair's points it is ranked
    with. A pair level on points with one within those places counts as reaching them (tie-breaks may favour it)."""
    if award.reason is not Reason.ABANDONED or advantaged_places < 1:
        return award

    def reaches(points: float) -> bool:
        return sum(1 for other in others if other > points) < advantaged_places

    if reaches(points_before + award.total) and not reaches(points_before):
        return Award(award.pair, award.rounds, 0.0, Reason.WOULD_GAIN, award.rule_points)
    return award


def withdrawal(
    rules: WithdrawalRules,
    tournament: Tournament,
    pair: int,
    round_number: int,
    hands: int,
    *,
    opponent: int | None = None,
    both: bool = False,
    justified: bool = True,
    reached: float | None = None,
) -> tuple[Award, ...]:
    """Every award of ``pair`` quitting ``tournament`` in round ``round_number`` (rounds of ``hands`` hands), for the
    director to see before confirming: the quitting pair's first, then its ``opponent``'s at that round's table
    (none when it sat out), left alone (``reached``: the victory points its score had reached) or quitting too
    (``both``: 0 each)."""
    rounds = abandoned_rounds(tournament, round_number)
    if both and opponent is not None:
        return both_quit((pair, opponent), rounds)
    gone = quitting(rules, pair, rounds, hands, justified)
    if opponent is None:
        return (gone,)
    return gone, left_alone(rules, opponent, round_number, reached)
