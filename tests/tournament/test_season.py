"""A club's season: nights added up, all or the best N, ranked, places shared."""

from __future__ import annotations

import pytest

from scorekeeper.tournament import NightResult, season


def night(number: int, *results: tuple[str, float, int]) -> list[NightResult]:
    return [NightResult(number, who, who, points, place) for who, points, place in results]


RESULTS = [
    *night(1, ("ana-luis", 40, 1), ("bea-juan", 30, 2), ("cris-dani", 10, 3)),
    *night(2, ("bea-juan", 40, 1), ("ana-luis", 12, 3), ("eva-fede", 20, 2)),
    *night(3, ("cris-dani", 45, 1), ("ana-luis", 35, 2)),
]


def test_a_season_sums_every_night_and_ranks_by_points():
    table = season(RESULTS)
    assert [(line.place, line.who, line.points, line.nights) for line in table] == [
        (1, "ana-luis", 87, 3),
        (2, "bea-juan", 70, 2),
        (3, "cris-dani", 55, 2),
        (4, "eva-fede", 20, 1),
    ]


def test_the_best_n_nights_count_and_the_rest_are_dropped():
    table = season(RESULTS, best_of=1)
    assert [(line.who, line.points, line.counted) for line in table] == [
        ("cris-dani", 45, 1),
        ("ana-luis", 40, 1),
        ("bea-juan", 40, 1),
        ("eva-fede", 20, 1),
    ]
    assert (table[1].place, table[2].place) == (2, 3)  # level on points: more nights played first


def test_level_on_everything_share_the_place():
    table = season([*night(1, ("a", 10, 1), ("b", 10, 1))])
    assert [(line.place, line.shared) for line in table] == [(1, True), (1, True)]
    with pytest.raises(ValueError, match="at least one night"):
        season(RESULTS, best_of=0)
