"""The standings of a night: each pair's points (victory or match points), its point difference and total,
ranked by tie-breaks in the order the night chose. Pairs equal on every tie-break share a place."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .rounding import rounded


class TieBreak(StrEnum):
    """What ranks pairs, in the order a night chooses."""

    POINTS = "points"  # victory points (or match points) over the night
    HEAD_TO_HEAD = "head_to_head"  # the points won in the tied pairs' own meetings
    DIFFERENCE = "difference"  # points scored less points conceded, over the night
    TOTAL = "total"  # points scored over the night


#: The usual order (victory points, then the meetings of the tied pairs, the difference, the total).
DEFAULT_ORDER = (TieBreak.POINTS, TieBreak.HEAD_TO_HEAD, TieBreak.DIFFERENCE, TieBreak.TOTAL)


@dataclass(frozen=True)
class Result:
    """A pair's result in one round: its score and its opponent's (``opponent`` None: a bye, scored as
    the night says), and the points it earned."""

    round: int
    pair: int
    opponent: int | None
    ours: int
    theirs: int
    points: float


@dataclass(frozen=True)
class Standing:
    """A pair's line in the standings."""

    place: int
    pair: int
    points: float
    difference: int
    total: int
    played: int
    shared: bool  # another pair holds the same place


def standings(
    pairs: Sequence[int],
    results: Sequence[Result],
    order: Sequence[TieBreak] = DEFAULT_ORDER,
    handicaps: Mapping[int, float] | None = None,
) -> list[Standing]:
    """Every pair of ``pairs`` ranked by ``order`` over ``results`` (a pair with no result yet has 0).
    ``handicaps``: a handicapped night's points for each pair every round it has a result (a table's or a
    bye's), added to its points; the meetings of tied pairs count their table's points only."""
    if len(set(order)) != len(order):
        raise ValueError("each tie-break is named once")
    mine: dict[int, list[Result]] = {pair: [] for pair in pairs}
    for result in results:
        if result.pair not in mine:
            raise ValueError(f"a result of pair {result.pair}, which is not in the night")
        mine[result.pair].append(result)
    extra = handicaps or {}
    points = {
        pair: rounded(sum(r.points for r in kept) + extra.get(pair, 0.0) * len(kept), 2) for pair, kept in mine.items()
    }
    difference = {pair: sum(r.ours - r.theirs for r in kept) for pair, kept in mine.items()}
    total = {pair: sum(r.ours for r in kept) for pair, kept in mine.items()}

    def key_of(criterion: TieBreak, group: Sequence[int]) -> Callable[[int], float]:
        if criterion is TieBreak.POINTS:
            return lambda pair: points[pair]
        if criterion is TieBreak.DIFFERENCE:
            return lambda pair: difference[pair]
        if criterion is TieBreak.TOTAL:
            return lambda pair: total[pair]
        tied = set(group)
        among = {pair: sum(r.points for r in mine[pair] if r.opponent in tied) for pair in group}
        return lambda pair: rounded(among[pair], 2)

    # Each criterion in turn splits every run of pairs still tied, best first (a loop, not a recursion).
    runs: list[list[int]] = [list(pairs)]
    for criterion in order:
        split: list[list[int]] = []
        for group in runs:
            if len(group) < 2:
                split.append(group)
                continue
            key = key_of(criterion, group)
            by_value: dict[float, list[int]] = {}
            for pair in group:
                by_value.setdefault(key(pair), []).append(pair)
            split += [by_value[value] for value in sorted(by_value, reverse=True)]
        runs = split

    lines: list[Standing] = []
    for run in runs:
        place = len(lines) + 1
        for pair in sorted(run):
            lines.append(
                Standing(place, pair, points[pair], difference[pair], total[pair], len(mine[pair]), len(run) > 1)
            )
    return lines
