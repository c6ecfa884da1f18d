"""A club's grades: each member's percentage, worked out again from the club's counted table results in the
order they were played (nothing of it is stored; a result fixed later changes every grade after it).

- A member starts at 50, or at the starting grade the club gave them.
- A table gives each pair its share, 0 to 100: its victory points over the table's (20-0 is 100, 10-10 is
  50); on a night of match points, 100 for a win, 50 for a draw, 0 for a loss. A pair sitting out is not
  graded that round.
- A pair's expected share is 50 + (its members' mean grade) − (its opponents' mean grade), kept between 0
  and 100, from the grades before the round: all of a round's results change the grades together.
- Each member of the pair moves by K × (share − expected); K is the club's (0.1 unless it says otherwise).
- A pair (the same two members, in either order) has its own grade by the same rule, starting at its
  members' mean grade when it first plays.
- A grade is shown as a playing card (``card``) and is provisional until its tenth graded result.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .rounding import rounded

#: Where every member starts unless the club gives a starting grade.
START = 50.0
#: How far a result moves a grade: K × (share − expected).
K_DEFAULT = 0.1
K_LEAST, K_MOST = 0.02, 0.5
#: Graded results before a grade stops being provisional.
SETTLED_AFTER = 10
#: The cards, lowest first: 2 under 39, then one card each 2 points (3 from 39 … K from 59), Ace from 61.
CARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
LOWEST_BOUND = 39.0
CARD_STEP = 2.0
#: The Ace band split by suits, as the English Bridge Union splits it: clubs from 61, diamonds from 63, hearts
#: from 65, spades from 67.
ACE_SUITS = (("spades", 67.0), ("hearts", 65.0), ("diamonds", 63.0), ("clubs", 61.0))

Member = Hashable
#: A pair's members: two, or one in the two-handed rule sets (where a "pair" is one player).
Pair = tuple[Member, ...]


def pair_of(*members: Member) -> frozenset[Member]:
    """A pair as the grades know it: its members, whatever the order."""
    return frozenset(members)


@dataclass(frozen=True)
class TableResult:
    """One table of a round: the two pairs and their shares (0 to 100, summing to 100)."""

    pairs: tuple[Pair, Pair]
    shares: tuple[float, float]

    def __post_init__(self) -> None:
        if any(not 0 <= share <= 100 for share in self.shares) or abs(sum(self.shares) - 100) > 1e-6:
            raise ValueError("a table's two shares are between 0 and 100 and add up to 100")
        members = [member for pair in self.pairs for member in pair]
        if any(len(pair) not in (1, 2) for pair in self.pairs) or len(set(members)) != len(members):
            raise ValueError("a table is two pairs of one or two members, all different")


@dataclass(frozen=True)
class PlayedRound:
    """A round's counted tables; ``night`` names the night it belongs to (the caller's key)."""

    night: Hashable
    tables: Sequence[TableResult]


def shares_by_victory_points(ours: float, theirs: float) -> tuple[float, float]:
    """Each pair's share of a table's victory points, out of 100 (a table of no points at all is level)."""
    total = ours + theirs
    if total <= 0:
        return 50.0, 50.0
    return ours / total * 100, theirs / total * 100


def shares_by_outcome(ours: float, theirs: float) -> tuple[float, float]:
    """Each pair's share on a night of match points: 100 for a win, 50 for a draw, 0 for a loss."""
    if ours == theirs:
        return 50.0, 50.0
    return (100.0, 0.0) if ours > theirs else (0.0, 100.0)


def expected_share(ours: float, theirs: float) -> float:
    """What a pair of mean grade ``ours`` is expected to make against a pair of mean grade ``theirs``."""
    return min(100.0, max(0.0, 50.0 + ours - theirs))


def card(grade: float) -> str:
    """The playing card of a grade (read to one decimal, as it is shown): 2 under 39, …, Ace from 61."""
    shown = rounded(grade, 1)
    if shown < LOWEST_BOUND:
        return CARDS[0]
    step = int((shown - LOWEST_BOUND) // CARD_STEP) + 1
    return CARDS[min(step, len(CARDS) - 1)]


#: A handicapped night's H: how strongly handicaps weigh (1 unless the night says otherwise).
H_DEFAULT = 1.0
H_LEAST, H_MOST = 0.1, 5.0


def handicap(grades_of_pair: Sequence[float], h: float = H_DEFAULT) -> float:
    """The victory points a pair gets every round of a handicapped night: (50 − its members' mean grade at
    the start of the night) × 20 / 100 × H (a weaker pair gets more, a stronger one fewer, even below 0)."""
    if not H_LEAST <= h <= H_MOST:
        raise ValueError(f"H is between {H_LEAST} and {H_MOST}")
    return (START - sum(grades_of_pair) / len(grades_of_pair)) * 20 / 100 * h


def ace_suit(grade: float) -> str | None:
    """The suit of an Ace grade (None below the Ace)."""
    shown = rounded(grade, 1)
    return next((suit for suit, least in ACE_SUITS if shown >= least), None)


@dataclass(frozen=True)
class Graded:
    """One pair's graded result in one round: who, against whom, what was expected and made, the change."""

    night: Hashable
    round: int  # the round's place in the club's whole history, from 0
    members: Pair
    opponents: Pair
    expected: float
    share: float
    change: float  # each member's

    @property
    def pair(self) -> frozenset[Member]:
        return pair_of(*self.members)


@dataclass
class Grade:
    """A member's (or a pair's) grade as it stands, and its graded results so far."""

    value: float
    results: int = 0

    @property
    def provisional(self) -> bool:
        return self.results < SETTLED_AFTER

    @property
    def card(self) -> str:
        return card(self.value)

    @property
    def suit(self) -> str | None:
        return ace_suit(self.value)


@dataclass
class Grades:
    """Every member's and pair's grade after the rounds, each graded result, and each member's grade after
    every night they played (in the order of the rounds)."""

    members: dict[Member, Grade] = field(default_factory=dict)
    pairs: dict[frozenset[Member], Grade] = field(default_factory=dict)
    results: list[Graded] = field(default_factory=list)
    after_night: dict[Member, list[tuple[Hashable, float]]] = field(default_factory=dict)

    def grade(self, member: Member) -> Grade:
        return self.members.get(member) or Grade(START)

    def of_night(self, night: Hashable) -> list[Graded]:
        return [result for result in self.results if result.night == night]

    def before(self, member: Member, night: Hashable, starting: float = START) -> float:
        """The member's grade at the start of ``night`` when it is the last night graded: after the last
        earlier night they played (the rounds being in order), or ``starting``."""
        earlier = [value for played, value in self.after_night.get(member, []) if played != night]
        return earlier[-1] if earlier else starting


def grades(
    rounds: Iterable[PlayedRound],
    starting: Mapping[Any, float] | None = None,
    k: float = K_DEFAULT,
) -> Grades:
    """Every grade after ``rounds`` (in the order played), each member starting at ``starting``'s grade
    or 50."""
    if not K_LEAST <= k <= K_MOST:
        raise ValueError(f"K is between {K_LEAST} and {K_MOST}")
    start = dict(starting or {})
    found = Grades()

    def member(key: Member) -> Grade:
        if key not in found.members:
            found.members[key] = Grade(float(start.get(key, START)))
        return found.members[key]

    def mean(pair: Pair) -> float:
        return _mean({key: member(key).value for key in pair}, pair)

    for number, played in enumerate(rounds):
        before = {key: grade.value for key, grade in found.members.items()}
        seated = [key for table in played.tables for pair in table.pairs for key in pair]
        if len(seated) != len(set(seated)):
            raise ValueError("a member plays at one table a round")
        for table in played.tables:
            for pair in table.pairs:
                found.pairs.setdefault(pair_of(*pair), Grade(mean(pair)))
                before.update({key: member(key).value for key in pair})
        pairs_before = {key: grade.value for key, grade in found.pairs.items()}
        for table in played.tables:
            for side, (ours, theirs) in enumerate((table.pairs, table.pairs[::-1])):
                share = table.shares[side]
                expected = expected_share(_mean(before, ours), _mean(before, theirs))
                change = k * (share - expected)
                for key in ours:
                    member(key).value += change
                    member(key).results += 1
                found.results.append(Graded(played.night, number, ours, theirs, expected, share, change))
                together = found.pairs[pair_of(*ours)]
                together.value += k * (
                    share - expected_share(pairs_before[pair_of(*ours)], pairs_before[pair_of(*theirs)])
                )
                together.results += 1
        for table in played.tables:
            for key in (key for pair in table.pairs for key in pair):
                history = found.after_night.setdefault(key, [])
                if history and history[-1][0] == played.night:
                    history.pop()
                history.append((played.night, found.members[key].value))
    return found


def _mean(grade: Mapping[Member, float], pair: Pair) -> float:
    return sum(grade[key] for key in pair) / len(pair)
