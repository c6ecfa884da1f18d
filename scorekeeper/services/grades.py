"""A club's grades, worked out again from its nights whenever they are read: every counted table of every
night, in the order played (nights by date, then rounds), each pair's share of the table as the night
scores it (its victory points' share, or a win, draw or loss by match points). Nothing is stored: a result
fixed later changes every grade after it.

A member is known by their name, accents and case aside (as the club's season knows its players)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..reference.search import normalize
from ..store.nights import Night
from ..tournament import MatchPoints
from ..tournament.grades import (
    K_DEFAULT,
    Grades,
    PlayedRound,
    TableResult,
    grades,
    shares_by_outcome,
    shares_by_victory_points,
)
from .night_results import TableResult as Found
from .night_results import night_scale, table_results


def member_key(name: str) -> str:
    """Who a name is across the club's nights and its members' list."""
    return normalize(" ".join(name.split()))


def graded_rounds(nights: Sequence[Night], found: Mapping[int, Mapping[int, Found]] | None = None) -> list[PlayedRound]:
    """Every round of ``nights`` (oldest first) with its counted tables; ``found``: each night's table
    results by night id, if already worked out."""
    rounds: list[PlayedRound] = []
    for night in sorted(nights, key=lambda night: (night.held_on, night.id)):
        results = found[night.id] if found is not None and night.id in found else table_results(night)
        scale = night_scale(night)
        players = {
            pair.number: tuple(member_key(name) for name in pair.players if name.strip()) for pair in night.pairs
        }
        for played in sorted(night.played, key=lambda played: played.number):
            tables = []
            seated: set[str] = set()
            for table in played.tables:
                result = results[table.id]
                ours, theirs = players.get(table.north_south, ()), players.get(table.east_west, ())
                names = [*ours, *theirs]
                if not result.counts or not ours or not theirs or len(set(names)) < len(names) or seated & set(names):
                    continue  # not counted yet; or a name twice in the round (namesakes): nobody to grade by it
                seated.update(names)
                ns, ew = result.scores
                points = scale.points(ns, ew)
                shares = (
                    shares_by_outcome(*points) if isinstance(scale, MatchPoints) else shares_by_victory_points(*points)
                )
                tables.append(TableResult((ours, theirs), shares))
            rounds.append(PlayedRound(night.id, tables))
    return rounds


def club_grades(
    nights: Sequence[Night],
    starting: Mapping[str, float] | None = None,
    k: float = K_DEFAULT,
    found: Mapping[int, Mapping[int, Found]] | None = None,
) -> Grades:
    """Every member's and pair's grade after the club's ``nights``; ``starting``: the grades the club gave,
    by member key."""
    return grades(graded_rounds(nights, found), starting, k)
