"""The family's three rule sets through the engine's one path (configure, score_hand): their parameters,
their house rules, a whole hand's checks across sides, the paper sheet's way and the packs' limits."""

from __future__ import annotations

import pytest

from scorekeeper.engine import OptionError, RuleViolations, SideEntry, configured, score_hand
from scorekeeper.engine.catalogue import FAMILY_RULESETS
from scorekeeper.engine.entries import CanastaCount, CardMeld, Penalty, QuickEntry
from scorekeeper.engine.options import offered_options, parameters

CLEAN_RUN = CardMeld(cards=("3H", "4H", "5H", "6H", "7H", "8H", "9H"))  # 5 x 5 + 10 + 10 = 45
DIRTY_RUN = CardMeld(cards=("5S", "6S", "7S", "8S", "9S", "10S", "JK"))  # 45 + joker (30 / 50)


def rules_broken(entries, ruleset, **kwargs) -> list[tuple[str, int | None, str | None]]:
    with pytest.raises(RuleViolations) as refused:
        score_hand(entries, ruleset, **kwargs)
    return [(v.rule, v.side, v.field) for v in refused.value.violations]


def test_the_three_games_are_rule_sets_of_the_family_with_their_targets_and_no_minimum():
    targets = {ruleset_id: ruleset.target for ruleset_id, ruleset in FAMILY_RULESETS.items()}
    assert targets == {"burraco": 2005, "buraco": 3000, "burako": 2000}
    for ruleset in FAMILY_RULESETS.values():
        assert ruleset.family_melds is not None
        assert ruleset.family_hand is not None
        assert not ruleset.meld_minimum
        assert ruleset.packet
        assert ruleset.players_allowed == (2, 4)


def test_a_family_game_lists_only_the_parameters_it_uses():
    burraco = parameters(configured("burraco"))
    assert burraco["family_melds"]["card_values"]["JK"] == 30
    assert burraco["family_hand"]["going_out_with_discard"] == "required"
    assert "red3_table" not in burraco
    assert "min_table" not in burraco
    assert "family_melds" not in parameters(configured("classic"))


def test_a_family_game_offers_its_own_house_rules_and_the_games_length_not_canastas():
    offered = offered_options(FAMILY_RULESETS["burraco"])
    assert {"target", "match_mode", "hands_in_match", "semi_clean", "going_out_needs_canasta"} <= set(offered)
    assert "canastas_to_go_out" not in offered
    assert "red3_negative_when" not in offered


def test_house_rules_set_the_familys_parameters_joker_value_and_ace_to_ace_included():
    buraco = configured("buraco", {"jokers": True, "joker_value": 50, "ace_to_ace": False, "target": 5000})
    assert buraco.family_melds is not None
    assert buraco.family_melds.jokers
    assert buraco.family_melds.card_values["JK"] == 50
    assert buraco.family_melds.max_run_naturals == 13
    assert buraco.target == 5000
    burraco = configured("burraco", {"going_out_needs_canasta": "clean", "semi_clean": False})
    assert burraco.family_hand is not None
    assert burraco.family_hand.going_out_needs_canasta == "clean"
    assert burraco.family_melds is not None
    assert not burraco.family_melds.semi_clean


@pytest.mark.parametrize(
    ("ruleset_id", "options", "option"),
    [
        ("burraco", {"canastas_to_go_out": 2}, "canastas_to_go_out"),
        ("buraco", {"red3_table": [100, 200, 300, 800]}, "red3_table"),
        ("classic", {"jokers": True}, "jokers"),
        ("samba", {"going_out_with_discard": "either"}, "going_out_with_discard"),
        ("burraco", {"going_out_with_discard": "sometimes"}, "going_out_with_discard"),
        ("burako", {"joker_value": -5}, "joker_value"),
    ],
)
def test_a_house_rule_of_the_other_game_or_out_of_its_values_is_refused_naming_it(ruleset_id, options, option):
    with pytest.raises(OptionError) as refused:
        configured(ruleset_id, options)
    assert refused.value.option == option


def test_a_burraco_hand_scores_each_item_and_the_packet_apart():
    burraco = configured("burraco")
    closing = SideEntry(
        name="NS",
        card_melds=(CLEAN_RUN, CardMeld(rank="K", naturals=3)),
        packet="taken",
        went_out=True,
        closing="discard",
        closing_discard="5C",
    )
    caught = SideEntry(
        name="EO", card_melds=(CardMeld(cards=("QS", "KS", "AS")),), packet="not_taken", held_cards=("JK", "AD", "4C")
    )
    result = score_hand([closing, caught], burraco)
    north, east = result.sides
    assert north.breakdown.as_dict(packet=True) == {
        "meld_points": 75,
        "canasta_bonus": 200,
        "red_three_bonus": 0,
        "going_out_bonus": 100,
        "special_bonus": 0,
        "hand_points": 0,
        "penalties": 0,
        "packet": 0,
    }
    assert north.canastas == CanastaCount(natural=1)
    assert (east.breakdown.meld_points, east.breakdown.hand_points, east.breakdown.packet) == (35, -50, -100)
    assert east.hand_score == -115
    assert north.next_minimum is None  # no first-meld minimum in the family's games
    assert "packet" not in north.breakdown.as_dict()


def test_the_hand_ending_on_the_stock_costs_burraco_its_closing_bonus_not_burako():
    closing = SideEntry(card_melds=(CLEAN_RUN,), packet="taken", went_out=True, closing="discard")
    other = SideEntry(packet="taken")
    assert (
        score_hand([closing, other], configured("burraco"), ended_on_stock=True).sides[0].breakdown.going_out_bonus == 0
    )
    assert (
        score_hand([closing, other], configured("burako"), ended_on_stock=True).sides[0].breakdown.going_out_bonus
        == 100
    )


def test_only_one_side_goes_out_and_the_packet_must_be_said():
    out = SideEntry(card_melds=(CLEAN_RUN,), packet="taken", went_out=True, closing="discard")
    broken = rules_broken(
        [out, SideEntry(card_melds=(DIRTY_RUN,), went_out=True, closing="discard")], configured("burako")
    )
    assert ("two_sides_out", None, "went_out") in broken
    assert ("family_packet_unknown", 1, "packet") in broken


def test_canastas_fields_are_not_taken_for_a_game_of_the_family():
    entry = SideEntry(card_melds=(CLEAN_RUN,), packet="taken", red_threes=2, concealed=True)
    broken = rules_broken([entry, SideEntry(packet="taken")], configured("burraco"))
    assert ("family_not_in_this_game", 0, "red_threes") in broken
    assert ("family_not_in_this_game", 0, "concealed") in broken


def test_a_claim_the_cards_do_not_make_is_refused_at_its_meld():
    wrong = CardMeld(cards=DIRTY_RUN.cards, claim="clean")
    broken = rules_broken(
        [SideEntry(card_melds=(wrong,), packet="taken"), SideEntry(packet="taken")], configured("burraco")
    )
    assert broken == [("family_claim_unsupported", 0, "melds[0].claim")]


def test_more_of_one_card_than_two_packs_hold_is_refused_across_the_sides():
    three = CardMeld(cards=("5H", "6H", "7H"))
    entries = [SideEntry(card_melds=(three, three), packet="taken"), SideEntry(held_cards=("5h",), packet="taken")]
    with pytest.raises(RuleViolations) as refused:
        score_hand(entries, configured("burraco"))
    [broken] = refused.value.violations
    assert (broken.rule, dict(broken.params)) == ("family_cards_exceed_deck", {"limit": 2, "card": "5H", "count": 3})


def test_a_set_given_by_rank_counts_against_the_packs_by_rank():
    nine_kings = CardMeld(rank="K", naturals=9)
    broken = rules_broken(
        [SideEntry(card_melds=(nine_kings,), packet="taken"), SideEntry(packet="taken")], configured("burako")
    )
    assert ("family_cards_exceed_deck", None, None) in broken


def test_buraco_has_no_jokers_in_its_packs():
    entries = [SideEntry(card_melds=(CLEAN_RUN,), packet="taken", held_cards=("JK",)), SideEntry(packet="taken")]
    broken = rules_broken(entries, configured("buraco"))
    assert ("family_no_jokers", 0, "hand") in broken
    assert ("family_cards_exceed_deck", None, None) in broken


def test_the_paper_sheets_way_scores_canastas_by_kind_and_the_packet():
    quick = SideEntry(
        quick=QuickEntry(meld_points=320, canastas=CanastaCount(natural=1, ace_to_king=1), hand_points=0),
        packet="taken",
        went_out=True,
        closing="no_discard",
        penalties=(Penalty(50, "late"),),
    )
    other = SideEntry(
        quick=QuickEntry(meld_points=60, canastas=CanastaCount(mixed=0), hand_points=25), packet="not_taken"
    )
    mine, theirs = score_hand([quick, other], configured("buraco")).sides
    assert mine.breakdown.as_dict(packet=True)["canasta_bonus"] == 700
    assert mine.hand_score == 320 + 700 + 100 - 50
    # no clean canastra: Buraco counts the pair's table minus (B-K3)
    assert theirs.breakdown.meld_points == -60
    assert theirs.hand_score == -60 - 25 - 100


def test_the_paper_sheets_way_refuses_a_kind_the_game_has_not_and_going_out_without_what_it_needs():
    quick = SideEntry(
        quick=QuickEntry(meld_points=300, canastas=CanastaCount(semi=1, mixed=1)),
        packet="not_taken",
        went_out=True,
        closing="discard",
    )
    broken = rules_broken([quick, SideEntry(packet="taken")], configured("buraco"))
    assert ("family_quick_canasta_kind", 0, "canastas.semi") in broken
    assert ("family_going_out_without_packet", 0, "packet") in broken
    assert ("family_going_out_without_clean_canasta", 0, "went_out") in broken
