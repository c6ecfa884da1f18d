"""A club's season: each pair's (or player's) nights added up, all of them or the best N, ranked.

The callers say who is who across nights (a pair is known by its players' names, whatever the order)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from .rounding import rounded


@dataclass(frozen=True)
class NightResult:
    """One night's result of a pair or a player: the points it earned that night and its place."""

    night: int
    who: Hashable
    name: str
    points: float
    place: int


@dataclass(frozen=True)
class SeasonLine:
    """A line of the season's table: the points counted (all nights, or the best N), nights played, best place."""

    place: int
    who: Hashable
    name: str
    points: float
    nights: int
    counted: int
    best_place: int
    shared: bool


def season(results: Sequence[NightResult], best_of: int | None = None) -> list[SeasonLine]:
    """Every pair (or player) of ``results`` ranked by its points over the season: the sum of its nights,
    or of its best ``best_of`` nights; ties by more nights played, then the best place; still equal, a
    shared place. The name shown is the latest night's."""
    if best_of is not None and best_of < 1:
        raise ValueError("a season counts at least one night")
    mine: dict[Hashable, list[NightResult]] = {}
    for result in sorted(results, key=lambda r: r.night):
        mine.setdefault(result.who, []).append(result)
    unranked = []
    for who, nights in mine.items():
        counted = sorted((r.points for r in nights), reverse=True)[: best_of or len(nights)]
        unranked.append(
            SeasonLine(0, who, nights[-1].name, rounded(sum(counted), 2), len(nights), len(counted),
                       min(r.place for r in nights), shared=False)
        )  # fmt: skip

    def rank(line: SeasonLine) -> tuple[float, int, int]:
        return (-line.points, -line.nights, line.best_place)

    unranked.sort(key=lambda line: (rank(line), line.name))
    table: list[SeasonLine] = []
    for line in unranked:
        first = next(k for k, other in enumerate(unranked) if rank(other) == rank(line))
        shared = sum(1 for other in unranked if rank(other) == rank(line)) > 1
        table.append(
            SeasonLine(first + 1, line.who, line.name, line.points, line.nights, line.counted, line.best_place, shared)
        )
    return table
