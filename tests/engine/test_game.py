"""The game's arithmetic: minimums, running totals, game over and the winner (K15-K21)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import game_outcome, initial_meld_minimum, running_totals
from scorekeeper.engine.game import dealer_for_hand, minimum_bands, points_to_target, seat_of, side_of_seat


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-5, 15), (-1000, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (9000, 120)],
)
def test_classic_initial_meld_minimum_table(rules, total, minimum):
    # [P][WIKI][S001][S003H]: negative 15, 0-1495 50, 1500-2995 90, 3000+ 120.
    assert initial_meld_minimum(total, rules("classic")) == minimum


@pytest.mark.parametrize("ruleset_id", ["us_partnership", "app_2p_11"])
def test_minimum_is_zero_when_negative_in_the_seed_003_primer_and_004(rules, ruleset_id):
    # K15: [S003A][S004] "Negative or Minus Score = 0 Points".
    assert initial_meld_minimum(-50, rules(ruleset_id)) == 0
    assert initial_meld_minimum(0, rules(ruleset_id)) == 50


def test_six_player_minimum_150_from_7500(rules):
    # RG6: 150 from 7500 in a 10000 game (K17).
    assert initial_meld_minimum(7495, rules("classic_6p")) == 120
    assert initial_meld_minimum(7500, rules("classic_6p")) == 150


def test_min_table_option(rules):
    ruleset = rules("classic", min_table=[[None, 125], [3000, 155], [5000, 180]])
    assert [initial_meld_minimum(t, ruleset) for t in (-10, 2995, 3000, 5000)] == [125, 125, 155, 180]


def test_min_by_round_goes_by_the_hand_number(rules):
    # Hand and Foot by round: 60 / 90 / 120 / 150 (K17).
    ruleset = rules("classic", min_by_round=[60, 90, 120, 150])
    assert [initial_meld_minimum(0, ruleset, n) for n in (1, 2, 3, 4, 5)] == [60, 90, 120, 150, 150]


def test_running_totals_add_each_hand():
    assert running_totals([565, -240, 1985]) == [565, 325, 2310]
    assert running_totals([100], start=50) == [150]


def test_game_ends_when_a_side_reaches_the_target(rules):
    outcome = game_outcome([5000, 4000], rules("classic"))
    assert (outcome.game_over, outcome.winner) == (True, 0)
    assert not game_outcome([4995, 4000], rules("classic")).game_over


def test_target_rule_exceed_needs_more_than_the_target(rules):
    # K19: S001 says "sobrepase".
    ruleset = rules("es_tradicional", target_rule="exceed")
    assert not game_outcome([5000, 4000], ruleset).game_over
    assert game_outcome([5005, 4000], ruleset).game_over


def test_when_both_sides_pass_the_target_the_higher_total_wins(rules):
    # [S004][P]: "If both players go over 5000 then the one with the highest score wins."
    outcome = game_outcome([5200, 5900], rules("classic"))
    assert (outcome.game_over, outcome.winner) == (True, 1)


def test_a_tie_at_the_top_plays_on_by_default(rules):
    # K20 default play_on: another hand is dealt.
    outcome = game_outcome([5200, 5200], rules("classic"))
    assert (outcome.game_over, outcome.winner, outcome.leaders, outcome.playing_on) == (False, None, (0, 1), True)
    assert not game_outcome([4200, 4200], rules("classic")).playing_on


def test_tie_policy_draw_ends_the_game_without_a_winner(rules):
    outcome = game_outcome([5200, 5200], rules("classic", tie_policy="draw"))
    assert (outcome.game_over, outcome.winner) == (True, None)


def test_tie_policy_went_out_gives_a_tie_at_the_top_to_the_side_that_went_out(rules):
    # K20, third reading: the tied side that went out in the hand wins (one peer's scorer plays it so).
    outcome = game_outcome([5200, 5200], rules("classic", tie_policy="went_out"), went_out=1)
    assert (outcome.game_over, outcome.winner) == (True, 1)


def test_tie_policy_went_out_plays_on_when_no_tied_side_went_out(rules):
    three = rules("classic_3p", tie_policy="went_out")
    assert game_outcome([5200, 5200, 4000], three, went_out=2).playing_on  # the third went out, not a leader
    assert game_outcome([5200, 5200], rules("classic", tie_policy="went_out")).playing_on  # the stock ran out


def test_tie_below_the_leader_does_not_matter(rules):
    outcome = game_outcome([5300, 5200, 5200], rules("classic_3p"))
    assert (outcome.game_over, outcome.winner) == (True, 0)


def test_six_player_target_is_10000_for_two_teams_and_7500_for_three(rules):
    assert not game_outcome([9000, 7600], rules("classic_6p", sides=2)).game_over
    assert game_outcome([7000, 7600, 6000], rules("classic_6p", sides=3)).winner == 1


def test_fixed_number_of_hands_ends_after_the_last_hand(rules):
    # K21 Torneo de Ronda: the highest total after N hands, whatever it is.
    ruleset = rules("es_online_15", match_mode="round", hands_in_match=4)
    assert not game_outcome([3000, 1000], ruleset, hands_played=3).game_over
    outcome = game_outcome([3000, 1000], ruleset, hands_played=4)
    assert (outcome.game_over, outcome.winner) == (True, 0)


def test_fixed_number_of_hands_ignores_the_target(rules):
    ruleset = rules("es_online_15", match_mode="round", hands_in_match=4)
    assert not game_outcome([6000, 1000], ruleset, hands_played=2).game_over


@pytest.mark.parametrize(("hand_number", "dealer"), [(1, 2), (2, 3), (3, 0), (6, 3)])
def test_the_deal_passes_to_the_left_each_hand(hand_number, dealer):
    assert dealer_for_hand(2, hand_number, 4) == dealer


def test_points_to_target(rules):
    assert points_to_target(4200, rules("classic")) == 800
    assert points_to_target(5200, rules("classic")) == 0
    assert points_to_target(5000, rules("classic", target_rule="exceed")) == 5  # every score is a multiple of 5
    assert points_to_target(100, rules("es_online_15", match_mode="round", hands_in_match=4)) is None


@pytest.mark.parametrize(("sides", "seats"), [(2, [0, 1, 0, 1]), (3, [0, 1, 2, 0, 1, 2]), (2, [0, 1, 0, 1, 0, 1])])
def test_partners_sit_opposite_each_other(sides, seats):
    assert [side_of_seat(seat, sides) for seat in range(len(seats))] == seats
    assert all(side_of_seat(seat_of(side, place, sides), sides) == side for side in range(sides) for place in range(3))


def test_minimum_bands_end_five_below_the_next_band(rules):
    # K16: every score is a multiple of 5, so 0-1495 and 1500-2995 [S000][S001][S003H].
    bands = [(b.low, b.high, b.minimum) for b in minimum_bands(rules("classic"))]
    assert bands == [(None, -5, 15), (0, 1495, 50), (1500, 2995, 90), (3000, None, 120)]
