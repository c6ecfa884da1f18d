"""A club's grades: a percentage per member (and per pair), moved by each graded table result, shown as a card."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournament.grades import (
    PlayedRound,
    TableResult,
    ace_suit,
    card,
    expected_share,
    grades,
    handicap,
    pair_of,
    shares_by_outcome,
    shares_by_victory_points,
)


def table(ours: str, theirs: str, shares: tuple[float, float]) -> TableResult:
    return TableResult((tuple(ours), tuple(theirs)), shares)  # type: ignore[arg-type]


#: A short season worked by hand below: eight members, E starting at 60 and F at 40.
VP = shares_by_victory_points
SEASON = [
    PlayedRound(1, [table("AB", "CD", VP(15, 5)), table("EF", "GH", VP(10, 10))]),
    PlayedRound(1, [table("AB", "EF", VP(12, 8)), table("CD", "GH", VP(20, 0))]),
    PlayedRound(2, [table("AC", "BD", shares_by_outcome(2, 0))]),
]
STARTING = {"E": 60.0, "F": 40.0}


def test_a_share_is_the_pairs_victory_points_over_the_tables():
    assert shares_by_victory_points(15, 5) == (75, 25)
    assert shares_by_victory_points(20, 0) == (100, 0)
    assert shares_by_victory_points(10, 10) == (50, 50)
    assert shares_by_victory_points(0, 0) == (50, 50)  # a table of no points at all is level


def test_a_share_by_match_points_is_100_a_win_50_a_draw_0_a_loss():
    assert shares_by_outcome(2, 0) == (100, 0)
    assert shares_by_outcome(1, 1) == (50, 50)
    assert shares_by_outcome(0, 2) == (0, 100)


def test_the_expected_share_is_50_plus_the_difference_of_the_mean_grades_kept_between_0_and_100():
    assert expected_share(55, 50) == 55
    assert expected_share(47.5, 50) == 47.5
    assert expected_share(90, 20) == 100
    assert expected_share(20, 90) == 0


def test_a_short_season_worked_by_hand():
    found = grades(SEASON, STARTING)
    # Round 1: AB 75 % against an expected 50: +0.1 × 25 = +2.5 each (52.5); CD -2.5 (47.5). EF (60 and 40,
    # mean 50) level with GH (50): nothing moves.
    # Round 2: AB (52.5) against EF (50): expected 52.5, made 60: +0.75 (53.25); EF -0.75 (E 59.25, F 39.25).
    # CD (47.5) against GH (50): expected 47.5, made 100: +5.25 (52.75); GH expected 52.5, made 0: -5.25 (44.75).
    # Night 2: AC (53.25 and 52.75, mean 53) beat BD (mean 53): expected 50, made 100: +5; BD -5.
    assert {member: round(grade.value, 2) for member, grade in found.members.items()} == {
        "A": 58.25,
        "B": 48.25,
        "C": 57.75,
        "D": 47.75,
        "E": 59.25,
        "F": 39.25,
        "G": 44.75,
        "H": 44.75,
    }
    assert {member: grade.results for member, grade in found.members.items()} == {
        "A": 3, "B": 3, "C": 3, "D": 3, "E": 2, "F": 2, "G": 2, "H": 2,
    }  # fmt: skip
    assert [(round(r.expected, 2), r.share, round(r.change, 2)) for r in found.results[:4]] == [
        (50, 75, 2.5),
        (50, 25, -2.5),
        (50, 50, 0),
        (50, 50, 0),
    ]
    assert found.after_night["A"] == [(1, 53.25), (2, 58.25)]
    assert found.after_night["E"] == [(1, 59.25)]


def test_a_pair_has_its_own_grade_starting_at_its_members_mean_when_it_first_plays():
    found = grades(SEASON, STARTING)
    pairs = {"".join(sorted(pair)): round(grade.value, 2) for pair, grade in found.pairs.items()}
    # AB, CD, EF and GH start at 50 (EF: 60 and 40); AC and BD first play on night 2, at 53 each.
    assert pairs == {"AB": 53.25, "CD": 52.75, "EF": 49.25, "GH": 44.75, "AC": 58.0, "BD": 48.0}
    assert found.pairs[pair_of("B", "A")] is found.pairs[pair_of("A", "B")]  # either order, one pair


def test_a_rounds_results_change_grades_together_from_the_grades_before_it():
    """Two tables of a round: the second's expectation is from the grades before the round, not after the first."""
    found = grades([PlayedRound(1, [table("AB", "CD", (100, 0)), table("EF", "GH", (50, 50))])], {"E": 70, "F": 70})
    # E and F (70) against G and H (50): expected 70, made 50, -2 each; the first table changed nothing of theirs.
    assert found.members["E"].value == pytest.approx(68)
    assert found.members["A"].value == pytest.approx(55)


def test_a_pair_sitting_out_is_not_graded():
    found = grades([PlayedRound(1, [table("AB", "CD", (50, 50))])], {"E": 55})
    assert "E" not in found.members  # E's pair sat out: no grade moved, no result counted
    assert found.grade("E").value == 50  # a member never graded reads as the start


def test_in_a_two_handed_game_a_pair_is_one_player_graded_alone():
    found = grades([PlayedRound(1, [table("A", "B", (75, 25))])], {"A": 60})
    # A (60) against B (50): expected 60, made 75: +1.5; B expected 40, made 25: -1.5.
    assert found.members["A"].value == pytest.approx(61.5)
    assert found.members["B"].value == pytest.approx(48.5)
    assert found.pairs[pair_of("A")].value == pytest.approx(61.5)


def test_k_is_the_clubs_and_bounded():
    found = grades([PlayedRound(1, [table("AB", "CD", (100, 0))])], k=0.5)
    assert found.members["A"].value == 75
    with pytest.raises(ValueError, match="K is between"):
        grades([], k=0.01)
    with pytest.raises(ValueError, match="K is between"):
        grades([], k=0.6)


def test_a_member_plays_at_one_table_a_round_and_a_table_is_two_pairs_of_different_members_sharing_100():
    with pytest.raises(ValueError, match="one table a round"):
        grades([PlayedRound(1, [table("AB", "CD", (50, 50)), table("AE", "FG", (50, 50))])])
    with pytest.raises(ValueError, match="all different"):
        table("AB", "AC", (50, 50))
    with pytest.raises(ValueError, match="one or two members"):
        table("ABE", "CD", (50, 50))
    with pytest.raises(ValueError, match="add up to 100"):
        table("AB", "CD", (60, 60))


@pytest.mark.parametrize(
    ("grade", "shown"),
    [
        (0, "2"),
        (38.94, "2"),
        (38.95, "3"),  # shown as 39.0: the card of the number shown
        (39, "3"),
        (40.9, "3"),
        (41, "4"),
        (49.9, "8"),
        (50, "8"),
        (51, "9"),
        (53, "10"),
        (55, "J"),
        (57, "Q"),
        (59, "K"),
        (60.94, "K"),
        (61, "A"),
        (100, "A"),
    ],
)
def test_a_grade_is_shown_as_a_card_2_under_39_one_card_each_2_points_ace_from_61(grade, shown):
    assert card(grade) == shown


@pytest.mark.parametrize(
    ("grade", "suit"),
    [
        (60.94, None),
        (61, "clubs"),
        (62.99, "diamonds"),
        (63, "diamonds"),
        (65, "hearts"),
        (67, "spades"),
        (90, "spades"),
    ],
)
def test_an_ace_grade_has_its_suit_clubs_from_61_diamonds_63_hearts_65_spades_67(grade, suit):
    assert ace_suit(grade) == suit


def test_a_grade_is_provisional_until_its_tenth_result():
    rounds = [PlayedRound(n, [table("AB", "CD", (50, 50))]) for n in range(10)]
    assert grades(rounds[:9]).members["A"].provisional
    assert not grades(rounds).members["A"].provisional


grade_values = st.floats(min_value=0, max_value=100, allow_nan=False)


@given(start=grade_values, share=grade_values, k=st.sampled_from([0.02, 0.1, 0.5]))
def test_four_equal_grades_move_by_equal_and_opposite_amounts(start, share, k):
    found = grades([PlayedRound(1, [table("AB", "CD", (share, 100 - share))])], dict.fromkeys("ABCD", start), k)
    ours, theirs = found.results[0].change, found.results[1].change
    assert ours == pytest.approx(-theirs, abs=1e-9)
    assert found.members["A"].value - start == pytest.approx(start - found.members["C"].value, abs=1e-9)


@given(a=grade_values, b=grade_values, c=grade_values, d=grade_values)
def test_a_result_exactly_as_expected_moves_nothing(a, b, c, d):
    expected = expected_share((a + b) / 2, (c + d) / 2)
    found = grades(
        [PlayedRound(1, [table("AB", "CD", (expected, 100 - expected))])], dict(zip("ABCD", (a, b, c, d), strict=True))
    )
    assert [found.members[m].value for m in "ABCD"] == pytest.approx([a, b, c, d], abs=1e-9)


def test_a_handicap_is_50_less_the_pairs_mean_grade_times_20_over_100_times_h_each_round():
    assert handicap([40, 45]) == pytest.approx(1.5)  # (50 - 42.5) x 0.2
    assert handicap([60, 60]) == pytest.approx(-2)
    assert handicap([50, 50]) == 0
    assert handicap([40, 45], h=2) == pytest.approx(3)
    assert handicap([38]) == pytest.approx(2.4)  # a two-handed night: the one player's grade
    with pytest.raises(ValueError, match="H is between"):
        handicap([50, 50], h=0)


def test_a_members_grade_at_the_start_of_a_night_is_the_one_after_their_last_earlier_night():
    """What a handicapped night reads: Ana and Luis beat Bea and Juan on night 1 (+5 each: 55, and 45); on
    night 2 Ana and Bea play Carmen and Luis. At its start Ana is 55, Bea 45, Luis 55, and Carmen, new, 62 as
    the club gave her: night 2's own result changes none of them."""
    first = PlayedRound("night 1", [TableResult((("ana", "luis"), ("bea", "juan")), (100.0, 0.0))])
    second = PlayedRound("night 2", [TableResult((("ana", "bea"), ("carmen", "luis")), (0.0, 100.0))])
    found = grades([first, second], {"carmen": 62.0})
    assert [found.before(member, "night 2") for member in ("ana", "bea", "luis")] == pytest.approx([55, 45, 55])
    assert found.before("carmen", "night 2", 62.0) == 62.0
    assert found.before("juan", "night 2") == pytest.approx(45)  # did not play night 2: after night 1
    assert found.members["ana"].value != pytest.approx(55)  # night 2 moved her afterwards
