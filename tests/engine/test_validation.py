"""The referee over a whole entry: each rule id of score-api.md from an input that breaks it."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.engine import RuleViolations, can_score_hand, hand_violations, verify_hand

from .notation import quick, side


def broken(entries, ruleset):
    return [(v.rule, v.side, v.field) for v in hand_violations(entries, ruleset)]


def test_side_count_must_suit_the_rule_set(rules):
    assert broken([side(), side(), side()], rules("classic")) == [("side_count", None, "sides")]
    assert broken([side(), side()], rules("classic_3p")) == [("side_count", None, "sides")]


def test_negative_counts_are_refused_field_by_field(rules):
    entry = side("8:-1", "K*-2", red3=-1, penalties=(-50,))
    assert broken([entry, side()], rules("classic")) == [
        ("negative_count", 0, "red_threes"),
        ("negative_count", 0, "melds[0].naturals"),
        ("negative_count", 0, "hand.K"),
        ("negative_count", 0, "penalties[0]"),
    ]


def test_quick_entry_points_must_be_multiples_of_five(rules):
    assert broken([quick(103, hand_points=12), side()], rules("classic")) == [
        ("not_multiple_of_five", 0, "meld_points"),
        ("not_multiple_of_five", 0, "hand_points"),
    ]


def test_deck_limit_counts_every_side_melds_and_hands(rules):
    # Two packs hold 8 kings: 5 melded by one side and 4 in the other's hand is 9.
    assert broken([side("K:5"), side("Q:3", "K*4")], rules("classic")) == [("deck_limit", None, "melds")]


def test_deck_limit_for_jokers_on_one_side_points_at_that_side(rules):
    assert broken([side("Q:3j2 K:3j2 A:3j1"), side()], rules("classic")) == [("deck_limit", 0, "melds")]


def test_three_packs_hold_more(rules):
    assert broken([side("K:12"), side()], rules("classic_6p")) == []
    assert broken([side("K:13"), side()], rules("classic_6p")) == [("deck_limit", 0, "melds")]


def test_black_threes_in_two_packs_are_four(rules):
    assert broken([side("Q:7 3B:4", out=True), side("5:3", "3B")], rules("classic")) == [("deck_limit", None, "melds")]


def by_value(entry, **counts):
    """The entry with cards held counted by value: ``by_value(side(), p50=1, p5=3)``."""
    return dataclasses.replace(entry, hand_by_value={int(k[1:]): v for k, v in counts.items()})


def test_deck_limit_for_cards_held_by_value_counts_the_cards_of_that_value_already_named(rules):
    # D6: two packs hold 4 jokers, the only cards worth 50; two melded and three held by value is 5.
    assert broken([by_value(side("Q:3j2"), p50=3), side("5:3")], rules("classic")) == [
        ("deck_limit", 0, "hand_by_value.50")
    ]
    assert broken([by_value(side("Q:3j2"), p50=2), side("5:3")], rules("classic")) == []


def test_deck_limit_for_cards_held_by_value_twenty_is_an_ace_or_a_two(rules):
    # Two packs: 8 aces and 8 twos. Seven aces melded, one two in a meld, nine 20s held: 17 > 16.
    assert broken([by_value(side("A:7t1"), p20=9), side("5:3")], rules("classic")) == [
        ("deck_limit", 0, "hand_by_value.20")
    ]
    assert broken([by_value(side("A:7t1"), p20=8), side("5:3")], rules("classic")) == []


def test_deck_limit_for_cards_held_by_value_counts_both_sides(rules):
    # 18 cards worth 5 in a pack (4s to 7s and the two black threes): 36 in two packs.
    assert broken([by_value(side("5:3"), p5=20), by_value(side("6:3"), p5=11)], rules("classic")) == [
        ("deck_limit", None, "hand_by_value.5")
    ]


def test_red_threes_exceed_deck(rules):
    assert broken([side("5:3", red3=3), side("6:3", red3=2)], rules("classic")) == [
        ("red_threes_exceed_deck", None, "red_threes")
    ]


def test_red_three_in_hand_invalid_where_laid_down_automatically(rules):
    assert broken([side("5:3", "3R"), side()], rules("es_online_15")) == [("red_three_in_hand", 0, "hand.3R")]


def test_duplicate_rank_meld_must_be_merged(rules):
    # K28: two melds of one rank on one side are merged [S000][P].
    assert broken([side("8:3 8:4"), side()], rules("classic")) == [("duplicate_rank_meld", 0, "melds[1]")]


def test_allow_duplicate_rank_option(rules):
    assert broken([side("8:3 8:4"), side()], rules("classic", allow_duplicate_rank=True)) == []


def test_a_complete_capped_wild_meld_is_closed_so_another_may_start(rules):
    # Uruguayan wild melds stop at 7; a second one beside a full one is a new meld.
    assert broken([side("WILD:j4t3 WILD:t3"), side()], rules("uruguayan")) == []
    assert broken([side("WILD:j2t2 WILD:t3"), side()], rules("uruguayan")) == [("duplicate_rank_meld", 0, "melds[1]")]


def test_two_sides_out(rules):
    assert broken([side("Q:7", out=True), side("K:7", out=True)], rules("classic")) == [
        ("two_sides_out", None, "went_out")
    ]


def test_concealed_without_going_out(rules):
    assert broken([side("Q:7", concealed=True), side()], rules("classic")) == [
        ("concealed_without_going_out", 0, "concealed")
    ]


def test_go_out_without_canastas(rules):
    assert broken([side("Q:6", out=True), side()], rules("classic")) == [("go_out_without_canastas", 0, "went_out")]


def test_two_canastas_to_go_out_in_classic_2p(rules):
    assert broken([side("Q:7", out=True), side()], rules("classic_2p")) == [("go_out_without_canastas", 0, "went_out")]
    assert broken([side("Q:7 K:7", out=True), side()], rules("classic_2p")) == []


def test_canastas_to_go_out_option(rules):
    assert broken([side("Q:7", out=True), side()], rules("classic", canastas_to_go_out=2)) == [
        ("go_out_without_canastas", 0, "went_out")
    ]


def test_wild_canasta_cannot_be_the_only_canasta_to_go_out_in_es_tradicional(rules):
    # S001: "no se puede terminar el juego sin tener terminada otra Canasta" (K25).
    assert broken([side("WILD:j4t3", out=True), side()], rules("es_tradicional")) == [
        ("go_out_without_canastas", 0, "went_out")
    ]


def test_wild_canasta_counts_for_going_out_in_uruguayan(rules):
    assert broken([side("WILD:j4t3", out=True), side()], rules("uruguayan")) == []


def test_contract_of_natural_and_mixed_canastas(rules):
    ruleset = rules("classic", go_out_min_natural=1, go_out_min_mixed=1)
    assert broken([side("Q:7 K:7", out=True), side()], ruleset) == [("go_out_without_canastas", 0, "went_out")]
    assert broken([side("Q:7 K:6j1", out=True), side()], ruleset) == []


def test_hand_not_empty_after_going_out_for_a_lone_player(rules):
    assert broken([side("Q:7 K:7", "5", out=True), side()], rules("classic_2p")) == [
        ("hand_not_empty_after_going_out", 0, "hand")
    ]


def test_partner_of_the_player_who_went_out_may_still_hold_cards(rules):
    # §6: in partnerships the side's hand holds the partner's cards.
    assert broken([side("Q:7", "5 K", out=True), side()], rules("classic")) == []


def test_black_three_meld_without_going_out_across_an_entry(rules):
    assert broken([side("Q:7 3B:3"), side()], rules("classic")) == [
        ("black_three_meld_without_going_out", 0, "melds[1]")
    ]


def test_wild_canasta_on_a_quick_entry_where_not_allowed(rules):
    assert ("wild_meld_not_allowed", 0, "canastas.wild") in broken([quick(350, wild=1), side()], rules("classic"))


def test_quick_entry_canastas_need_their_card_points(rules):
    # A natural canasta holds at least seven 5-point cards: 35.
    assert broken([quick(30, natural=1), side()], rules("classic")) == [
        ("quick_canastas_exceed_meld_points", 0, "meld_points")
    ]
    assert broken([quick(35, natural=1), side()], rules("classic")) == []


def test_quick_entry_canastas_against_the_deck(rules):
    # Two packs: each rank has 8 cards, so at most 11 natural canastas (one per rank).
    assert broken([quick(5000, natural=12), side()], rules("classic")) == [("deck_limit", 0, "canastas")]
    both = [quick(3000, natural=6), quick(3000, natural=6)]
    assert broken(both, rules("classic")) == [("deck_limit", None, "canastas")]


def test_d6_quick_entry_one_canasta_per_rank_unless_duplicates_are_allowed(rules):
    # D6: two packs hold 11 ranks; without a second meld of a rank, at most 11 canastas natural or mixed.
    assert broken([quick(1300, mixed=13), side()], rules("classic")) == [("deck_limit", 0, "canastas")]
    assert broken([quick(3000, natural=11, mixed=11), side()], rules("classic")) == [("deck_limit", 0, "canastas")]
    assert broken([quick(3000, natural=6, mixed=5), quick(0)], rules("classic")) == []


def test_d6_quick_entry_mixed_canastas_need_a_wild_card_each(rules):
    # D6: two packs hold 12 wild cards (4 jokers, 8 twos); 6 + 7 mixed canastas on two sides need 13.
    both = [quick(600, mixed=6), quick(700, mixed=7)]
    assert broken(both, rules("classic")) == [("deck_limit", None, "canastas")]
    assert broken([quick(600, mixed=6), quick(600, mixed=5)], rules("classic")) == []
    # a wild canasta of 7 wild cards and 6 mixed canastas: 13 wild cards (es_tradicional, two packs)
    wild = [quick(2500, mixed=6, wild=1), quick(0)]
    assert broken(wild, rules("es_tradicional")) == [("deck_limit", 0, "canastas")]


def test_quick_entry_going_out_needs_the_canastas(rules):
    assert broken([quick(300, natural=1, out=True), side()], rules("es_online_15")) == [
        ("go_out_without_canastas", 0, "went_out")
    ]


def test_quick_entry_lone_player_out_holds_nothing(rules):
    assert ("hand_not_empty_after_going_out", 0, "hand_points") in broken(
        [quick(400, natural=2, hand_points=10, out=True), side()], rules("classic_2p")
    )


def test_every_problem_is_reported_at_once(rules):
    entries = [side("8:1j3", concealed=True), side("Q:6", out=True), side()]
    assert [rule for rule, _, _ in broken(entries, rules("classic"))] == [
        "side_count",
        "concealed_without_going_out",
        "meld_min_naturals",
        "go_out_without_canastas",
    ]


def test_verify_hand_raises_with_every_violation_and_can_score_hand_says_no(rules):
    entries = [side("8:2"), side("K:2")]
    with pytest.raises(RuleViolations) as caught:
        verify_hand(entries, rules("classic"))
    assert len(caught.value.violations) == 2
    assert not can_score_hand(entries, rules("classic"))
    assert can_score_hand([side("8:3"), side("K:3")], rules("classic"))


def test_messages_are_sentences_with_the_numbers(rules):
    [violation] = hand_violations([side("8:4j2t2"), side()], rules("classic"))
    assert violation.message == "A meld may hold at most 3 wild cards; this one holds 4."


def _with_black_threes(entry):
    return dataclasses.replace(entry, quick=dataclasses.replace(entry.quick, four_black_threes=True))


def test_black_three_meld_without_going_out_on_the_paper_sheet(rules):
    # K12: four black threes are melded only by the side going out.
    entries = [_with_black_threes(quick(120, natural=1)), quick(0)]
    assert broken(entries, rules("es_tradicional")) == [("black_three_meld_without_going_out", 0, "four_black_threes")]
    assert broken([_with_black_threes(quick(120, natural=1, out=True)), quick(0)], rules("es_tradicional")) == []


def test_black_three_meld_not_allowed_where_four_black_threes_earn_nothing(rules):
    entries = [_with_black_threes(quick(120, natural=1, out=True)), quick(0)]
    assert broken(entries, rules("classic")) == [("black_three_meld_not_allowed", 0, "four_black_threes")]
