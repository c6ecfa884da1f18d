"""What a table's result is worth: victory points from 0 to 20 shared between the two pairs (by a step
table, or by the continuous scale bridge uses), or match points (2 a win, 1 a draw).

Victory points turn the point difference ``d`` of a table into a share of 20: 10-10 when level, 20-0
from a difference the scale calls decisive. Because they are absolute per table, pairs of both lines
of a movement share one ranking."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .rounding import rounded

#: Victory points shared at a table.
TOTAL = 20.0


@dataclass(frozen=True)
class StepTable:
    """Victory points by steps: ``bounds[k]`` is the largest difference that still gives the winner
    ``10 + k`` (and the loser ``10 - k``); past the last bound, 20-0."""

    name: str
    bounds: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.bounds) != 10 or list(self.bounds) != sorted(set(self.bounds)) or self.bounds[0] < 0:
            raise ValueError("a step table has ten rising bounds, from 10-10 up to 19-1")

    def points(self, ours: int, theirs: int) -> tuple[float, float]:
        """Our victory points and theirs, for a table ending ``ours`` to ``theirs``."""
        difference = abs(ours - theirs)
        step = next((k for k, bound in enumerate(self.bounds) if difference <= bound), 10)
        winner, loser = 10.0 + step, 10.0 - step
        return (winner, loser) if ours >= theirs else (loser, winner)


#: The Burraco victory points for rounds of three hands (upper bound of each step: 10-10 to 19-1).
BURRACO_3_HANDS = StepTable("burraco-3", (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500))
#: The Burraco victory points for rounds of four hands.
BURRACO_4_HANDS = StepTable("burraco-4", (100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000))

#: The continuous scale's ratio: the golden ratio's conjugate cubed (the World Bridge Federation's).
R = 0.236068


@dataclass(frozen=True)
class VictoryScale:
    """The continuous scale: VP = min(20, 10 * (1 + (1 - r^(d/B)) / (1 - r))) for the winner, 20 - VP for
    the loser, rounded to two decimals; no cliff where one more point is one more victory point.
    ``decisive`` is B, the difference worth 20-0."""

    decisive: int

    def __post_init__(self) -> None:
        if self.decisive <= 0:
            raise ValueError("the decisive difference is a positive number of points")

    def points(self, ours: int, theirs: int) -> tuple[float, float]:
        """Our victory points and theirs, for a table ending ``ours`` to ``theirs``."""
        difference = abs(ours - theirs)
        winner = min(TOTAL, 10 * (1 + (1 - math.pow(R, difference / self.decisive)) / (1 - R)))
        winner = rounded(winner, 2)
        loser = rounded(TOTAL - winner, 2)
        return (winner, loser) if ours >= theirs else (loser, winner)


@dataclass(frozen=True)
class MatchPoints:
    """2 for a win, 1 each for a draw, 0 for a loss."""

    def points(self, ours: int, theirs: int) -> tuple[float, float]:
        """Our match points and theirs."""
        if ours == theirs:
            return 1.0, 1.0
        return (2.0, 0.0) if ours > theirs else (0.0, 2.0)
