"""A night's settings and their bounds: how many pairs a night seats, how many rounds, how long a round
is, the Mitchell's step, the decisive difference, what a bye is worth. The night's form and its use case
both check against these constants, so the two never drift: a value out of bounds is refused, naming the
setting, never bent into range.

The bounds are what a real club event holds; ``docs/club-night.md`` states them."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .grades import H_LEAST, H_MOST, K_LEAST, K_MOST
from .points import TOTAL
from .standings import TieBreak


@dataclass(frozen=True)
class Bound:
    """The numbers a setting may take, ``least`` to ``most`` (both included); most settings are whole numbers
    (checked as such where they are), H a decimal."""

    least: float
    most: float

    def holds(self, value: object) -> bool:
        """Whether ``value`` is a number (not a truth value) within the bound."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        return math.isfinite(value) and self.least <= value <= self.most


#: The most pairs a night or a tournament seats, however they come (the door, the director's board, late):
#: five hundred tables, more than a national's 300 to 400 over several venues (issue 51); a round of 400
#: tables is drawn and its standings worked out in well under a second (tests/test_national.py).
MOST_PAIRS = 1000
#: The most tables a round has: one for every two pairs.
MOST_TABLES = (MOST_PAIRS + 1) // 2

#: Rounds a night plans (the director may still stop early).
ROUNDS = Bound(1, 20)
#: A round of a number of hands.
HANDS_A_ROUND = Bound(1, 12)
#: A round of minutes (then the hand in play is finished): no hand fits in less than five.
MINUTES_A_ROUND = Bound(5, 240)
#: Tables the Mitchell's moving line moves each round.
MITCHELL_STEP = Bound(1, 9)
#: The continuous scale's decisive difference B (the difference worth 20-0), when the night sets it.
DECISIVE_DIFFERENCE = Bound(50, 100_000)
#: Victory points for sitting a round out (a table shares 20).
BYE_VICTORY_POINTS = Bound(0, int(TOTAL))
#: Match points for sitting a round out (a win is 2).
BYE_MATCH_POINTS = Bound(0, 2)
#: The point difference a bye counts for (a Genova club counts +355).
BYE_DIFFERENCE = Bound(0, 10_000)

#: A handicapped night's H (``grades.handicap``): how strongly the pairs' grades weigh (none: scratch).
HANDICAP = Bound(H_LEAST, H_MOST)

#: A club's K (``grades.grades``): how far a result moves a grade.
GRADE_K = Bound(K_LEAST, K_MOST)

#: What a round is: a game to the rule set's target, a number of hands, or minutes (then the hand in play
#: is finished).
ROUND_KINDS = ("game", "hands", "minutes")
#: How a round seats the pairs: the Mitchell (one line stays, the other moves), all against all, or by the
#: standings (1st against 2nd...; "standings_new": no meeting repeated).
MOVEMENTS = ("mitchell", "round_robin", "standings", "standings_new")
#: How a table's result counts: the continuous victory-point scale, a Burraco step table, match points.
SCORINGS = ("scale", "burraco_3", "burraco_4", "match")
#: The step tables, each with the length of the rounds (in hands) its bands were drawn for (rules/family.md
#: §2a). No table for rounds of two hands was found (docs/club-night.md says where it was looked for).
STEP_TABLE_HANDS: Mapping[str, int] = MappingProxyType({"burraco_3": 3, "burraco_4": 4})


def step_table_for(hands: int | None) -> str | None:
    """The step table drawn for rounds of ``hands`` hands (None: none was, or the rounds are not of hands)."""
    return next((scoring for scoring, made_for in STEP_TABLE_HANDS.items() if made_for == hands), None)


def round_length_bound(round_kind: str) -> Bound | None:
    """The bound of a round's length: in hands or in minutes (None: a whole game has no length)."""
    return {"hands": HANDS_A_ROUND, "minutes": MINUTES_A_ROUND}.get(round_kind)


def bye_points_bound(scoring: str) -> Bound:
    """The bound of a bye's points: match points, or victory points."""
    return BYE_MATCH_POINTS if scoring == "match" else BYE_VICTORY_POINTS


def usual_bye_points(scoring: str) -> float:
    """What sitting a round out is worth when the night does not say: 14 victory points (as a Genova club
    counts it), or 1 match point (a draw)."""
    return 1.0 if scoring == "match" else 14.0


class SettingRefused(ValueError):
    """A night's setting out of its bound, or not one of its choices: ``field`` names it; ``bound`` or
    ``choices`` says what it may be; ``case`` says which bound, where a setting has several ("hands" or
    "minutes" for a round's length, "match" or "victory" for a bye's points, "count" for how many
    movements a night names; "hands" for a step table drawn for rounds of other hands, its ``bound`` the
    hands it was drawn for; "unfit" for a step table the night's rules do not score on)."""

    def __init__(
        self, field: str, *, bound: Bound | None = None, choices: tuple[str, ...] = (), case: str = ""
    ) -> None:
        what = f"{bound.least} to {bound.most}" if bound is not None else ", ".join(choices) or "something else"
        super().__init__(f"{field}{f' ({case})' if case else ''}: {what}")
        self.field = field
        self.bound = bound
        self.choices = choices
        self.case = case

    @property
    def key(self) -> str:
        """The field, and its case when it has several bounds: "round_length.hands"."""
        return f"{self.field}.{self.case}" if self.case else self.field


@dataclass(frozen=True)
class NightSettings:
    """How a night is played, checked whole when made: ``SettingRefused`` names the first setting out of
    bounds. A round's length counts only for rounds of hands or minutes (a whole game has none).
    ``step_tables``: whether the night's rules score on the scale the step tables were drawn for (False:
    the continuous scale or match points only). A step table scores rounds of the hands it was drawn for
    (rounds of minutes or whole games: the club's own choice)."""

    round_kind: str = "hands"
    round_length: int | None = 3
    rounds: int = 3
    movements: tuple[str, ...] = ("mitchell",)
    mitchell_step: int = 1
    scoring: str = "scale"
    decisive: int | None = None
    tie_breaks: tuple[str, ...] = tuple(TieBreak)
    bye_points: float = 14.0
    bye_difference: int = 355
    handicap: float | None = None
    step_tables: bool = True

    def __post_init__(self) -> None:
        _choice("round_kind", self.round_kind, ROUND_KINDS)
        length = round_length_bound(self.round_kind)
        if length is not None:
            _whole("round_length", self.round_length, length, case=self.round_kind)
        _whole("rounds", self.rounds, ROUNDS)
        if not ROUNDS.holds(len(self.movements)):  # one a round, rounds past the list repeating its last
            raise SettingRefused("movements", bound=ROUNDS, case="count")
        for movement in self.movements:
            _choice("movements", movement, MOVEMENTS)
        _whole("mitchell_step", self.mitchell_step, MITCHELL_STEP)
        _choice("scoring", self.scoring, SCORINGS)
        made_for = STEP_TABLE_HANDS.get(self.scoring)
        if made_for is not None and not self.step_tables:
            raise SettingRefused("scoring", choices=("scale", "match"), case="unfit")
        if made_for is not None and self.round_kind == "hands" and self.round_length != made_for:
            raise SettingRefused("scoring", bound=Bound(made_for, made_for), case="hands")
        if self.decisive is not None:
            _whole("decisive", self.decisive, DECISIVE_DIFFERENCE)
        known = tuple(TieBreak)
        if not self.tie_breaks or len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise SettingRefused("tie_breaks", choices=known)
        for tie_break in self.tie_breaks:
            _choice("tie_breaks", tie_break, known)
        match = self.scoring == "match"
        if not bye_points_bound(self.scoring).holds(self.bye_points):
            raise SettingRefused(
                "bye_points", bound=bye_points_bound(self.scoring), case="match" if match else "victory"
            )
        _whole("bye_difference", self.bye_difference, BYE_DIFFERENCE)
        if self.handicap is not None:
            if not HANDICAP.holds(self.handicap):
                raise SettingRefused("handicap", bound=HANDICAP)
            if match:  # a handicap is victory points: a night of match points counts wins, not points
                raise SettingRefused("handicap", case="match")


def _whole(field: str, value: object, bound: Bound, case: str = "") -> None:
    if not isinstance(value, int) or not bound.holds(value):
        raise SettingRefused(field, bound=bound, case=case)


def _choice(field: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise SettingRefused(field, choices=choices)
