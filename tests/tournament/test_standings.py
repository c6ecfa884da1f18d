"""Standings: points, then the tie-breaks in the chosen order; pairs equal on all share a place."""

from __future__ import annotations

import pytest

from scorekeeper.tournament import Result, TieBreak, standings
from scorekeeper.tournament.points import MatchPoints


def meeting(round_: int, a: int, b: int, score_a: int, score_b: int) -> list[Result]:
    """Both pairs' results of one table, in match points."""
    mine, yours = MatchPoints().points(score_a, score_b)
    return [Result(round_, a, b, score_a, score_b, mine), Result(round_, b, a, score_b, score_a, yours)]


#: Four pairs, three rounds, worked out by hand:
#:   pair 1: beat 2 (+300), lost to 3 (-100), beat 4 (+50)   -> 4 points, difference +250, total 7550
#:   pair 2: lost to 1, beat 4 (+500), beat 3 (+200)         -> 4 points, difference +400, total 7600
#:   pair 4: beat 3, lost to 2, lost to 1                    -> 2 points, difference -500
#:   pair 3: lost to 4 (-50), beat 1, lost to 2              -> 2 points, difference -150, below 4 by their meeting
NIGHT = [
    *meeting(1, 1, 2, 2800, 2500),
    *meeting(1, 3, 4, 2000, 2050),
    *meeting(2, 1, 3, 2400, 2500),
    *meeting(2, 2, 4, 2900, 2400),
    *meeting(3, 1, 4, 2350, 2300),
    *meeting(3, 2, 3, 2200, 2000),
]


def test_head_to_head_breaks_a_tie_on_points_before_the_difference():
    ranked = standings([1, 2, 3, 4], NIGHT)
    assert [(s.place, s.pair, s.points) for s in ranked] == [(1, 1, 4), (2, 2, 4), (3, 4, 2), (4, 3, 2)]
    assert ranked[0].difference == 250
    assert ranked[1].difference == 400
    assert ranked[0].total == 7550


def test_the_difference_first_when_the_night_says_so():
    order = (TieBreak.POINTS, TieBreak.DIFFERENCE, TieBreak.HEAD_TO_HEAD)
    assert [s.pair for s in standings([1, 2, 3, 4], NIGHT, order)] == [2, 1, 3, 4]  # 3: -150, 4: -500


def test_pairs_equal_on_every_tie_break_share_a_place():
    night = meeting(1, 1, 2, 2500, 2500) + meeting(1, 3, 4, 2600, 2000)
    ranked = standings([1, 2, 3, 4], night)
    assert [(s.place, s.pair, s.shared) for s in ranked] == [(1, 3, False), (2, 1, True), (2, 2, True), (4, 4, False)]


def test_a_bye_and_a_pair_not_yet_played():
    bye = Result(1, 5, None, 355, 0, 2)
    ranked = standings([1, 2, 5, 6], [*meeting(1, 1, 2, 2000, 1000), bye])
    assert [(s.pair, s.points, s.played) for s in ranked] == [
        (1, 2, 1),
        (5, 2, 1),
        (6, 0, 0),
        (2, 0, 1),
    ]  # 2's -1000 puts it below 6


def test_a_result_of_a_pair_not_in_the_night_is_refused():
    with pytest.raises(ValueError, match="not in the night"):
        standings([1, 2], meeting(1, 1, 3, 100, 0))


def test_a_handicap_adds_its_points_every_round_a_pair_has_a_result_and_not_to_the_meetings_of_tied_pairs():
    # Pair 3 gets +1.5 a round and pair 2 -1: three rounds each, so 2 + 4.5 = 6.5 for pair 3 and 4 - 3 = 1 for
    # pair 2; pair 1 keeps 4 and pair 4 its 2. A handicap given to a pair that has not played yet adds nothing.
    handicapped = standings([1, 2, 3, 4, 5], NIGHT, handicaps={3: 1.5, 2: -1, 5: 3})
    assert [(line.pair, line.points) for line in handicapped] == [(3, 6.5), (1, 4), (4, 2), (2, 1), (5, 0)]
    # Level on points with handicaps, the tied pairs' own meeting is counted without them: pair 4 beat pair 3.
    level = standings([3, 4], NIGHT[2:4], handicaps={3: 0.5})
    assert [(line.pair, line.points) for line in level] == [(4, 2), (3, 0.5)]
    tied = standings([3, 4], NIGHT[2:4], handicaps={3: 2})
    assert [(line.pair, line.points, line.shared) for line in tied] == [(4, 2, False), (3, 2, False)]
