"""Danish in groups: the field cut by the standings (Girone A the best pairs), each group its own standings, each
group seated by its own standings, its tables after the group above."""

from __future__ import annotations

import pytest

from scorekeeper.tournament.draws import draw_round
from scorekeeper.tournament.groups import Group, cut_groups, danish_in_groups, group_of, group_standings
from scorekeeper.tournament.phases import national
from scorekeeper.tournament.standings import Result


def test_girone_a_is_the_best_pairs_then_b_then_the_rest_in_c():
    ranked = list(range(101, 151))  # 50 pairs, best first
    groups = cut_groups(ranked, (16, 16))
    assert [(g.name, len(g.pairs)) for g in groups] == [("A", 16), ("B", 16), ("C", 18)]
    assert groups[0].pairs == tuple(range(101, 117))
    assert groups[2].pairs[-1] == 150
    assert group_of(groups, 120) == groups[1]
    assert group_of(groups, 999) is None


def test_a_field_smaller_than_planned_fills_the_groups_in_order_and_no_group_is_left_with_one_pair():
    assert [len(g.pairs) for g in cut_groups(list(range(1, 34)), (16, 16))] == [16, 17]  # pair 33 joins B
    assert [len(g.pairs) for g in cut_groups(list(range(1, 21)), (16, 16))] == [16, 4]
    assert [len(g.pairs) for g in cut_groups(list(range(1, 9)), ())] == [8]


def test_a_pair_named_twice_cannot_be_cut():
    with pytest.raises(ValueError, match="twice"):
        cut_groups([1, 2, 2, 3], (2,))


def results_of(round_: int, table: tuple[int, int], points: tuple[float, float]) -> list[Result]:
    a, b = table
    return [Result(round_, a, b, 500, 400, points[0]), Result(round_, b, a, 400, 500, points[1])]


def test_each_group_has_its_own_standings_carrying_the_points_before_the_cut_or_from_zero():
    group = Group("B", (5, 6, 7, 8))
    before = results_of(1, (5, 1), (2.0, 18.0)) + results_of(1, (6, 2), (18.0, 2.0))
    after = results_of(9, (5, 6), (15.0, 5.0)) + results_of(9, (7, 8), (10.0, 10.0))
    carried = group_standings(group, before + after, first_round=9)
    assert [line.pair for line in carried] == [6, 5, 7, 8]  # 23 and 17: the points before the cut count
    assert carried[0].points == 23.0
    fresh = group_standings(group, before + after, first_round=9, carry=False)
    assert [line.pair for line in fresh] == [5, 7, 8, 6]  # from zero: only round 9 counts
    assert {line.pair for line in fresh} == {5, 6, 7, 8}  # pairs 1 and 2, of group A, are not in B's standings


def test_danish_in_groups_seats_each_group_by_its_own_standings_group_a_at_the_first_tables():
    seated = danish_in_groups([[1, 2, 3, 4], [5, 6, 7, 8, 9]], met={frozenset((1, 2))}, had_bye=())
    assert [(t.number, t.north_south, t.east_west) for t in seated.tables] == [
        (1, 1, 3),
        (2, 2, 4),
        (3, 5, 6),
        (4, 7, 8),
    ]
    assert seated.byes == (9,)  # each group's own bye: the lowest-placed of B
    assert all({t.north_south, t.east_west} <= {1, 2, 3, 4} or t.number > 2 for t in seated.tables)


def test_a_round_of_danish_in_groups_is_drawn_from_the_groups_rankings_never_across_groups():
    event = national(50)
    ranked = list(range(1, 51))
    groups = cut_groups(ranked, event.phases[2].groups)
    seated = draw_round(event, 9, ranked, ranked_groups=[g.pairs for g in groups])
    for table in seated.tables:
        assert group_of(groups, table.north_south) == group_of(groups, table.east_west)
    assert sorted(seated.seated) == ranked
    with pytest.raises(ValueError, match="each group"):
        draw_round(event, 9, ranked)
