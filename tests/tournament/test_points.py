"""What a table's result is worth: the Burraco step tables, the continuous scale, match points."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournament import BURRACO_3_HANDS, BURRACO_4_HANDS, MatchPoints, StepTable, VictoryScale

scores = st.integers(min_value=-5000, max_value=20000)


@pytest.mark.parametrize(
    ("difference", "winner"),
    [(0, 10), (50, 10), (55, 11), (150, 11), (155, 12), (500, 14), (505, 15), (1000, 17), (1500, 19), (1505, 20)],
)
def test_burraco_three_hands_step_table(difference, winner):
    assert BURRACO_3_HANDS.points(2000 + difference, 2000) == (winner, 20 - winner)
    assert BURRACO_3_HANDS.points(2000, 2000 + difference) == (20 - winner, winner)


@pytest.mark.parametrize(
    ("difference", "winner"), [(100, 10), (105, 11), (300, 11), (1700, 18), (2000, 19), (2005, 20)]
)
def test_burraco_four_hands_step_table(difference, winner):
    assert BURRACO_4_HANDS.points(difference, 0) == (winner, 20 - winner)


def test_a_step_table_has_ten_rising_bounds():
    with pytest.raises(ValueError, match="ten rising bounds"):
        StepTable("short", (10, 20))
    with pytest.raises(ValueError, match="ten rising bounds"):
        StepTable("falling", (100, 90, 80, 70, 60, 50, 40, 30, 20, 10))


@pytest.mark.parametrize(("difference", "winner"), [(0, 10.0), (100, 11.2), (500, 15.0), (1000, 18.09), (1500, 20.0)])
def test_the_continuous_scale_by_hand(difference, winner):
    """VP = min(20, 10 (1 + (1 - r^(d/B)) / (1 - r))), r = 0.236068, B = 1500; 20 - VP for the loser."""
    assert VictoryScale(1500).points(difference, 0) == (winner, round(20 - winner, 2))


@given(scores, scores, st.integers(min_value=1, max_value=10000))
def test_the_continuous_scale_shares_20_and_favours_the_winner(ours, theirs, decisive):
    mine, yours = VictoryScale(decisive).points(ours, theirs)
    assert mine + yours == pytest.approx(20)
    assert 0 <= mine <= 20
    assert (mine >= yours) == (ours >= theirs) or mine == yours


@given(st.integers(min_value=0, max_value=6000), st.integers(min_value=1, max_value=5000))
def test_the_continuous_scale_never_falls_as_the_difference_grows(difference, decisive):
    scale = VictoryScale(decisive)
    assert scale.points(difference + 5, 0)[0] >= scale.points(difference, 0)[0]


def test_the_continuous_scale_lands_within_about_one_vp_of_the_burraco_table_at_b_1500():
    scale = VictoryScale(1500)
    gap = max(abs(scale.points(d, 0)[0] - BURRACO_3_HANDS.points(d, 0)[0]) for d in range(0, 2001, 5))
    assert gap < 1.2


def test_a_decisive_difference_is_positive():
    with pytest.raises(ValueError, match="positive"):
        VictoryScale(0)


def test_match_points_two_a_win_one_a_draw():
    assert MatchPoints().points(3000, 2500) == (2, 0)
    assert MatchPoints().points(2500, 3000) == (0, 2)
    assert MatchPoints().points(2500, 2500) == (1, 1)


#: rules/family.md §2a, as [VP1] (puntiburraco.it) and [VP2] (eburraco.com, 3 hands) print them: each band's
#: least and greatest difference (every hand score is a multiple of 5) and the winner's victory points.
THREE_HANDS_ROWS = [
    (0, 50, 10), (55, 150, 11), (155, 250, 12), (255, 350, 13), (355, 500, 14),
    (505, 650, 15), (655, 800, 16), (805, 1000, 17), (1005, 1250, 18), (1255, 1500, 19),
]  # fmt: skip
FOUR_HANDS_ROWS = [
    (0, 100, 10), (105, 300, 11), (305, 500, 12), (505, 700, 13), (705, 900, 14),
    (905, 1100, 15), (1105, 1300, 16), (1305, 1500, 17), (1505, 1700, 18), (1705, 2000, 19),
]  # fmt: skip


@pytest.mark.parametrize(
    ("table", "rows", "beyond"), [(BURRACO_3_HANDS, THREE_HANDS_ROWS, 1505), (BURRACO_4_HANDS, FOUR_HANDS_ROWS, 2005)]
)
def test_every_row_of_the_federations_tables_at_both_of_its_ends(table, rows, beyond):
    for least, most, winner in rows:
        for difference in (least, most):
            assert table.points(difference, 0) == (winner, 20 - winner), (table.name, difference)
            assert table.points(0, difference) == (20 - winner, winner)
    assert table.points(beyond, 0) == (20, 0)
