"""A table's lines on a round's score sheet, as a federation's sheet has them (rules/family.md §5, [EBSC]):
for each line (pair) its points over the round (the hands' scores summed: Burraco's match points, MP), the
difference to the other line's, and what the table is worth to it (victory points, or match points)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Worth(Protocol):
    """What a table's result is worth: a step table, the continuous scale or match points."""

    def points(self, ours: int, theirs: int) -> tuple[float, float]:
        """Our points and theirs, for a table ending ``ours`` to ``theirs``."""
        ...


@dataclass(frozen=True)
class SheetLine:
    """A line of a table on the score sheet: its points over the round, the difference to the other line's
    (its points less theirs) and the victory points (or match points) the difference is worth to it."""

    score: int
    difference: int
    points: float


def sheet_lines(ours: int, theirs: int, worth: Worth) -> tuple[SheetLine, SheetLine]:
    """The two lines of a table that ended ``ours`` to ``theirs``: the first line's, then the other's; their
    differences are opposite and their points share the table's (20 victory points, or 2 match points)."""
    mine, others = worth.points(ours, theirs)
    return SheetLine(ours, ours - theirs, mine), SheetLine(theirs, theirs - ours, others)
