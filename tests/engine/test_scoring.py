"""Scoring, rule by rule (variants.md §6 conventions; K5-K12, K24)."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.engine import CanastaCount, QuickEntry, SideEntry, score_hand, score_side
from scorekeeper.engine.canasta.scoring import canasta_count_bonus, red_three_value

from .notation import meld, quick, side


def test_card_values_count_inside_canastas_as_well_as_the_bonus(rules):
    # §6: a natural canasta of seven queens is 70 in cards plus 500.
    breakdown = score_side(side("Q:7"), rules("classic"))
    assert (breakdown.meld_points, breakdown.canasta_bonus) == (70, 500)


def test_mixed_canasta_bonus_is_300(rules):
    assert score_side(side("Q:6j1"), rules("classic")).canasta_bonus == 300


def test_cards_left_in_hand_count_against_the_side(rules):
    # Joker 50 + ace 20 + king 10 + seven 5 + black three 5.
    assert score_side(side("Q:3", "JOKER A K 7 3B"), rules("classic")).hand_points == -90


@pytest.mark.parametrize(("count", "value"), [(0, 0), (1, 100), (2, 200), (3, 300), (4, 800)])
def test_red_threes_100_each_and_800_for_all_four(rules, count, value):
    assert red_three_value(count, rules("classic")) == value


@pytest.mark.parametrize(("count", "value"), [(4, 400), (5, 1000), (6, 1200)])
def test_six_player_red_threes_with_three_packs(rules, count, value):
    # RG6: up to four 100 each, five 1000, six 1200 (K10).
    assert red_three_value(count, rules("classic_6p")) == value


@pytest.mark.parametrize(("count", "value"), [(4, 800), (5, 1000), (6, 1200)])
def test_es_tradicional_six_players_red_threes_keep_800_for_four(rules, count, value):
    # S001: "5 números tres rojos valen 1.000 puntos y 6 valen 1.200" with three pairs and three packs (K10).
    assert red_three_value(count, rules("es_tradicional", players=6, sides=3)) == value


def test_red3_table_option_replaces_the_table(rules):
    assert red_three_value(4, rules("classic", red3_table=[100, 200, 300, 400])) == 400


def test_red_threes_count_against_a_side_that_has_not_melded(rules):
    # K7 default no_meld: -100 each, -800 for four [P][S000].
    assert score_side(side(red3=2), rules("classic")).red_three_bonus == -200
    assert score_side(side(red3=4), rules("classic")).red_three_bonus == -800


def test_red_threes_count_for_a_side_that_has_melded(rules):
    assert score_side(side("5:3", red3=2), rules("classic")).red_three_bonus == 200


def test_red_threes_negative_only_when_the_opponent_went_out(rules):
    # K7 no_meld_and_opponent_out [S003H][S004]: on a stock-out they stay positive.
    hoyle = rules("hoyle_2p")
    assert score_side(side(red3=2), hoyle, opponent_out=False).red_three_bonus == 200
    assert score_side(side(red3=2), hoyle, opponent_out=True).red_three_bonus == -200


def test_red_threes_negative_without_a_canasta_option(rules):
    # K7 no_canasta [ES1][ES2], an option of es_tradicional.
    tradicional = rules("es_tradicional", red3_negative_when="no_canasta")
    assert score_side(side("5:3", red3=1), tradicional).red_three_bonus == -100
    assert score_side(side("5:7", red3=1), tradicional).red_three_bonus == 100


def test_red_threes_negative_with_fewer_than_two_canastas_option(rules):
    ruleset = rules("classic", red3_negative_when="fewer_than_2_canastas")
    assert score_side(side("5:7", red3=1), ruleset).red_three_bonus == -100
    assert score_side(side("5:7 6:7", red3=1), ruleset).red_three_bonus == 100


def test_red_threes_never_negative_option(rules):
    assert score_side(side(red3=3), rules("classic", red3_negative_when="never")).red_three_bonus == 300


def test_going_out_bonus_is_100(rules):
    assert score_side(side("Q:7", out=True), rules("classic")).going_out_bonus == 100


def test_going_out_bonus_option(rules):
    # K6: 200 in Samba and some Spanish tables.
    assert score_side(side("Q:7", out=True), rules("classic", go_out_bonus=200)).going_out_bonus == 200


def test_going_out_concealed_is_200_in_total(rules):
    # K5: [P][BRIT][S003H] 200 in all, not 100 + 200.
    assert score_side(side("Q:7", out=True, concealed=True), rules("classic")).going_out_bonus == 200


def test_concealed_total_option_300(rules):
    ruleset = rules("classic", concealed_total=300)
    assert score_side(side("Q:7", out=True, concealed=True), ruleset).going_out_bonus == 300


def test_es_tradicional_concealed_earns_no_extra(rules):
    # K5: S001 lists no bonus for "abatir".
    assert score_side(side("Q:7", out=True, concealed=True), rules("es_tradicional")).going_out_bonus == 100


def test_black_three_meld_counts_five_each(rules):
    assert score_side(side("Q:7 3B:3", out=True), rules("classic")).meld_points == 85


def test_four_black_threes_melded_on_going_out_earn_500_in_es_tradicional(rules):
    # S001: "Por exponer los 4 tres negros al terminar: 500" (K12).
    assert score_side(side("Q:7 3B:4", out=True), rules("es_tradicional")).special_bonus == 500
    assert score_side(side("Q:7 3B:4", out=True), rules("classic")).special_bonus == 0


def test_black_three_four_bonus_option(rules):
    ruleset = rules("classic", black_three_four_bonus=500)
    assert score_side(side("Q:7 3B:4", out=True), ruleset).special_bonus == 500


def test_four_black_threes_in_hand_cost_500_in_es_tradicional(rules):
    # S001: "Por tener en la mano, al terminar un juego, los 4 tres negros: 500" (K12).
    breakdown = score_side(side("Q:3", "3B*4"), rules("es_tradicional"))
    assert (breakdown.hand_points, breakdown.penalties) == (-20, -500)
    assert score_side(side("Q:3", "3B*4"), rules("classic")).penalties == 0


def test_red_three_left_in_hand_costs_500(rules):
    # K11 default penalty [S001][S003A]; the red three itself has no card value.
    breakdown = score_side(side("Q:3", "3R K"), rules("classic"))
    assert (breakdown.hand_points, breakdown.penalties) == (-10, -500)


def test_red_three_in_hand_card5_option(rules):
    breakdown = score_side(side("Q:3", "3R"), rules("classic", red_three_in_hand="card5"))
    assert (breakdown.hand_points, breakdown.penalties) == (-5, 0)


def test_red_three_in_hand_penalty_option(rules):
    breakdown = score_side(side("Q:3", "3R*2"), rules("classic", red_three_in_hand_penalty=300))
    assert breakdown.penalties == -600


def test_table_penalties_are_subtracted(rules):
    # S001's list: 200 for taking the pile before showing the cards, 50 for taking two cards.
    assert score_side(side("Q:3", penalties=(200, 50)), rules("es_tradicional")).penalties == -250


def test_wild_canasta_bonus_2000_in_es_tradicional(rules):
    breakdown = score_side(side("WILD:j4t3 Q:7", out=True), rules("es_tradicional"))
    assert (breakdown.meld_points, breakdown.canasta_bonus) == (330, 2500)


def test_wild_canasta_bonus_1000_in_hoyle(rules):
    assert score_side(side("WILD:j4t3"), rules("hoyle_2p")).canasta_bonus == 1000


def test_wild_canasta_counts_at_the_end_without_another_canasta(rules):
    # S001: "contándose su valor al final ... aún cuando no se tuviera terminada otra canasta".
    assert score_side(side("WILD:j4t3"), rules("es_tradicional")).canasta_bonus == 2000


@pytest.mark.parametrize(("canastas", "bonus"), [(4, 0), (5, 500), (6, 500), (7, 2000), (8, 2000)])
def test_canaston_and_canasta_de_canastas_are_not_cumulative(rules, canastas, bonus):
    # S001: canastón (5) 500, canasta de canastas (7) 2000; K24 default not cumulative.
    assert canasta_count_bonus(canastas, rules("es_tradicional")) == bonus


def test_canasta_count_cumulative_option(rules):
    assert canasta_count_bonus(7, rules("es_tradicional", canasta_count_cumulative=True)) == 2500


def test_canaston_counts_a_wild_canasta(rules):
    # S001: "Entre ellas es válida la Canasta de comodines".
    entry = side("WILD:j4t3 A:7 K:7 Q:7 J:7", out=True)
    assert score_side(entry, rules("es_tradicional")).special_bonus == 500


def test_canasta_required_for_positive_score(rules):
    # S003H option: short of the canastas needed, cards on the table and in hand all count minus.
    ruleset = rules("hoyle_2p", canasta_required_for_positive=True)
    breakdown = score_side(side("Q:4", "5", red3=1), ruleset, opponent_out=True)
    assert breakdown.as_dict() == {
        "meld_points": -40,
        "canasta_bonus": 0,
        "red_three_bonus": -100,
        "going_out_bonus": 0,
        "special_bonus": 0,
        "hand_points": -5,
        "penalties": 0,
    }


def test_canasta_required_for_positive_score_met(rules):
    ruleset = rules("hoyle_2p", canasta_required_for_positive=True)
    assert score_side(side("Q:7", red3=1), ruleset).total == 70 + 500 + 100


def test_d3_a_wild_canasta_is_a_canasta_for_canasta_required_for_positive(rules):
    # D3 (S001: the wild canasta's value counts "aún cuando no se tuviera terminada otra canasta"):
    # a side whose only canasta is a wild one (2 jokers, 5 twos) scores it, not minus its cards.
    ruleset = rules("es_tradicional", canasta_required_for_positive=True)
    breakdown = score_side(side("WILD:j2t5"), ruleset)
    assert breakdown.total == 2000 + 2 * 50 + 5 * 20
    assert breakdown.canasta_bonus == 2000
    assert score_side(side("Q:4 WILD:j2t3"), ruleset).total == -(40 + 2 * 50 + 3 * 20)  # no canasta: minus


def test_rank_natural_bonus_replaces_the_natural_bonus_for_that_rank(rules):
    ruleset = rules("classic", rank_natural_bonus={"7": 2500})
    assert score_side(side("7:7 8:7"), ruleset).canasta_bonus == 3000


def test_quick_entry_scores_points_canastas_and_hand(rules):
    # Paper sheet: 250 melded, one natural and one mixed canasta, 35 left in hand, 1 red three.
    breakdown = score_side(quick(250, natural=1, mixed=1, hand_points=35, red3=1), rules("classic"))
    assert breakdown.as_dict() == {
        "meld_points": 250,
        "canasta_bonus": 800,
        "red_three_bonus": 100,
        "going_out_bonus": 0,
        "special_bonus": 0,
        "hand_points": -35,
        "penalties": 0,
    }


def test_quick_entry_with_nothing_melded_makes_red_threes_negative(rules):
    assert score_side(quick(0, red3=2, hand_points=60), rules("classic")).total == -260


def test_each_side_is_scored_knowing_whether_another_went_out(rules):
    hoyle = rules("hoyle_2p")
    scores = score_hand([side("Q:7", out=True), side(red3=1)], hoyle).sides
    assert scores[1].breakdown.red_three_bonus == -100


def test_black_three_in_hand_worth_100_as_a_house_rule(rules):
    # K12: a black three left in hand costs 100 in some Spanish tables [ES2] and in Bolivia [BICB].
    assert score_side(side("Q:3", "3B"), rules("classic", black_three_hand_value=100)).hand_points == -100
    assert score_side(side("Q:3", "3B"), rules("classic")).hand_points == -5


def test_cards_held_may_be_counted_by_value_instead_of_rank(rules):
    entry = SideEntry(melds=(meld("Q:3"),), hand_by_value={50: 1, 10: 2, 5: 1}, hand={"3B": 1})
    assert score_side(entry, rules("classic")).hand_points == -(50 + 20 + 5 + 5)


def test_four_black_threes_melded_going_out_earn_500_on_the_paper_sheet_too(rules):
    # K12 [S001]: "los 4 tres negros" melded by the side going out: +500 in es_tradicional, card by card
    # or the paper-sheet way (issue 12: the quick entry had no way to say so).
    sheet = dataclasses.replace(quick(120, natural=1, out=True), quick=QuickEntry(120, CanastaCount(1, 0, 0), 0, True))
    assert score_side(sheet, rules("es_tradicional")).special_bonus == 500
    assert score_side(side("K:7 3B:4", out=True), rules("es_tradicional")).special_bonus == 500
