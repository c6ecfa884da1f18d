"""Withdrawals as the federation's rules say: the pair left alone gets the bye's points, the pair that quits the
rule's points for each round abandoned (6 with rounds of 2 or 3 hands, 8 with 4) unless they would win it a place
or a prize, both quitting 0; the values are the tournament's rules."""

from __future__ import annotations

import pytest

from scorekeeper.tournament.phases import national
from scorekeeper.tournament.settings import SettingRefused
from scorekeeper.tournament.withdrawal_points import (
    FEDERATION_ABANDONED,
    Award,
    Reason,
    WithdrawalRules,
    abandoned_rounds,
    both_quit,
    left_alone,
    quitting,
    withdrawal,
    without_gain,
)

RULES = WithdrawalRules(bye_points=14.0)


@pytest.mark.parametrize(("hands", "points"), [(2, 6.0), (3, 6.0), (4, 8.0)])
def test_the_quitting_pair_gets_6_vp_a_round_with_rounds_of_2_or_3_hands_and_8_with_4(hands, points):
    award = quitting(RULES, 12, (9, 10, 11), hands)
    assert (award.each, award.total, award.reason) == (points, 3 * points, Reason.ABANDONED)


def test_the_points_for_a_round_abandoned_are_the_tournaments_rules_not_the_codes():
    club = WithdrawalRules(abandoned={3: 5.0, 5: 9.0}, bye_points=12.0)
    assert quitting(club, 1, (4,), 5).each == 9.0
    assert left_alone(club, 2, 4).each == 12.0
    assert FEDERATION_ABANDONED == {2: 6.0, 3: 6.0, 4: 8.0}


def test_rounds_the_rules_give_no_points_for_are_refused_naming_the_hands_they_do():
    with pytest.raises(SettingRefused) as refused:
        quitting(RULES, 1, (4,), 5)
    assert refused.value.key == "abandoned_points.hands"
    assert refused.value.choices == ("2", "3", "4")


@pytest.mark.parametrize(
    ("rules", "key"),
    [
        ({"abandoned": {3: 21.0}}, "abandoned_points"),
        ({"abandoned": {0: 6.0}}, "abandoned_points.hands"),
        ({"bye_points": -1.0}, "bye_points.victory"),
    ],
)
def test_rules_out_of_bounds_are_refused_naming_the_field(rules, key):
    with pytest.raises(SettingRefused) as refused:
        WithdrawalRules(**rules)
    assert refused.value.key == key


def test_the_pair_left_alone_gets_the_byes_points_or_the_score_it_had_reached_if_worth_more():
    assert left_alone(RULES, 7, 9) == Award(7, (9,), 14.0, Reason.BYE, 14.0)
    assert left_alone(RULES, 7, 9, reached=12.0).reason is Reason.BYE
    reached = left_alone(RULES, 7, 9, reached=17.0)
    assert (reached.each, reached.reason) == (17.0, Reason.SCORE_REACHED)


def test_both_pairs_quitting_get_nothing():
    first, second = both_quit((3, 4), (10, 11))
    assert (first.pair, first.total, first.reason) == (3, 0.0, Reason.BOTH_QUIT)
    assert (second.pair, second.total) == (4, 0.0)


def test_an_unjustified_withdrawal_gets_nothing_the_rules_points_shown_beside():
    award = quitting(RULES, 12, (9, 10, 11), 4, justified=False)
    assert (award.total, award.reason, award.rule_points) == (0.0, Reason.UNJUSTIFIED, 8.0)


def test_a_pair_quitting_abandons_its_round_and_every_later_one():
    assert abandoned_rounds(national(50), 9) == (9, 10, 11)
    assert abandoned_rounds(national(50), 11) == (11,)
    with pytest.raises(SettingRefused):
        abandoned_rounds(national(50), 12)


def test_the_rules_points_are_withheld_when_they_would_win_the_pair_a_prize_it_had_not_reached():
    award = quitting(RULES, 12, (10, 11), 3)  # 12 VP
    others = [120.0, 115.0, 110.0, 100.0, 90.0]
    assert without_gain(award, 95.0, others, advantaged_places=3) == award  # 107: fourth, out of the prizes
    withheld = without_gain(award, 100.0, others, advantaged_places=3)  # 112: third, a prize
    assert (withheld.total, withheld.reason, withheld.rule_points) == (0.0, Reason.WOULD_GAIN, 6.0)
    level = without_gain(award, 98.0, others, advantaged_places=3)  # 110: level with the third
    assert level.reason is Reason.WOULD_GAIN
    kept = without_gain(award, 111.0, others, advantaged_places=3)  # third already: the points win it nothing
    assert kept == award
    assert without_gain(award, 100.0, others, advantaged_places=0) == award


def test_a_withdrawal_shows_every_award_before_the_director_confirms():
    event = national(50)
    gone, alone = withdrawal(RULES, event, 12, 10, 4, opponent=30)
    assert (gone.pair, gone.rounds, gone.total, gone.reason) == (12, (10, 11), 16.0, Reason.ABANDONED)
    assert (alone.pair, alone.rounds, alone.total, alone.reason) == (30, (10,), 14.0, Reason.BYE)
    assert withdrawal(RULES, event, 12, 10, 4) == (gone,)  # it sat that round out: nobody left alone
    both = withdrawal(RULES, event, 12, 10, 4, opponent=30, both=True)
    assert [(a.pair, a.total, a.reason) for a in both] == [(12, 0.0, Reason.BOTH_QUIT), (30, 0.0, Reason.BOTH_QUIT)]
    reached = withdrawal(RULES, event, 12, 10, 3, opponent=30, reached=16.0)[1]
    assert (reached.total, reached.reason) == (16.0, Reason.SCORE_REACHED)
