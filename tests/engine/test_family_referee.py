"""The referee's answers in Burraco, Buraco and Burako (engine/family_referee.py), rule by rule of
rules/family.md (§2 rows 6-17, §3's options; source keys in brackets are its §1)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.catalogue import FAMILY_RULESETS, RULESETS
from scorekeeper.engine.family.referee import (
    FamilyGoOutQuestion,
    decide_family_go_out,
    decide_family_meld,
    decide_family_minimum,
    decide_family_take_pile,
)
from scorekeeper.engine.options import configure

BURRACO, BURACO, BURAKO = (FAMILY_RULESETS[name] for name in ("burraco", "buraco", "burako"))
FAMILY = list(FAMILY_RULESETS.values())


def ready(**changes: object) -> FamilyGoOutQuestion:
    """A side that took its packet, has a clean and a dirty canasta, and discards a plain card."""
    question = {"packet": "taken", "clean_canastas": 1, "other_canastas": 1, "went_out": "discard"}
    return FamilyGoOutQuestion(**{**question, **changes})  # type: ignore[arg-type]


# ---- may we go out? ------------------------------------------------------------------------------


def test_the_three_games_are_offered_by_the_app():
    assert set(FAMILY_RULESETS) == {"burraco", "buraco", "burako"}
    assert all(RULESETS[name] is ruleset for name, ruleset in FAMILY_RULESETS.items())


@pytest.mark.parametrize("ruleset", FAMILY, ids=lambda r: r.id)
def test_a_side_with_its_packet_played_and_a_clean_canasta_goes_out_for_100(ruleset):
    answer = decide_family_go_out(ready(), ruleset)
    assert (answer.allowed, answer.rule) == (True, "family_going_out")
    assert answer.render() == "Yes, your side may go out: 100 points for it."


@pytest.mark.parametrize("ruleset", FAMILY, ids=lambda r: r.id)
def test_a_side_goes_out_only_after_taking_its_packet(ruleset):
    # [EBCH][IU][ACA3]
    answer = decide_family_go_out(ready(packet="not_taken"), ruleset)
    assert (answer.allowed, answer.rule) == (False, "family_going_out_without_packet")


@pytest.mark.parametrize("ruleset", [BURACO, BURAKO], ids=lambda r: r.id)
def test_buraco_and_burako_go_out_only_after_playing_the_packet(ruleset):
    # [PLP][ACA3] a packet not played costs as one never taken (D22, D27)
    answer = decide_family_go_out(ready(packet="taken_unplayed"), ruleset)
    assert (answer.allowed, answer.rule) == (False, "family_going_out_without_packet")
    assert answer.render() == "A side goes out only after taking its packet and playing it."


def test_burraco_closes_with_the_pozzetto_taken_and_not_yet_played_and_says_what_it_costs():
    # [EBCH][EB17][CPO] (D27): taken is enough; its cards count as held (D22)
    answer = decide_family_go_out(ready(packet="taken_unplayed"), BURRACO)
    assert (answer.allowed, answer.rule) == (True, "family_going_out")
    assert answer.render() == (
        "Yes, your side may go out: 100 points for it. The pozzetto not yet played counts against the side:"
        " its cards as cards held."
    )
    assert decide_family_go_out(ready(packet="not_taken"), BURRACO).render() == (
        "A side goes out only after taking its packet."
    )


def test_the_house_rule_going_out_with_packet_unplayed_decides_the_answer_both_ways():
    # D27: Burraco's reading off, and on in Buraco and Burako, where an unplayed packet costs 100 (D22)
    played_first = configure(BURRACO, {"going_out_with_packet_unplayed": False})
    refused = decide_family_go_out(ready(packet="taken_unplayed"), played_first)
    assert (refused.allowed, refused.rule) == (False, "family_going_out_without_packet")
    for ruleset, packet in ((BURACO, "morto"), (BURAKO, "muerto")):  # each game's packet by its own word
        unplayed = configure(ruleset, {"going_out_with_packet_unplayed": True})
        answer = decide_family_go_out(ready(packet="taken_unplayed"), unplayed)
        assert answer.allowed
        said = f"Yes, your side may go out: 100 points for it, less 100 for the {packet} not yet played."
        assert answer.render() == said


def test_a_player_alone_never_goes_out_with_the_packet_not_yet_played():
    # D27: in a game of two no partner holds the packet
    lone = configure(BURRACO, {"players": 2})
    refused = decide_family_go_out(ready(packet="taken_unplayed"), lone)
    assert (refused.allowed, refused.rule) == (False, "family_going_out_without_packet")
    assert decide_family_go_out(ready(), lone).allowed


@pytest.mark.parametrize("ruleset", [BURRACO, BURAKO], ids=lambda r: r.id)
def test_burraco_and_burako_go_out_with_a_canasta_of_any_kind_but_not_without_one(ruleset):
    # [EBCH][ACA3] (I-K3)
    assert decide_family_go_out(ready(clean_canastas=0), ruleset).allowed
    refused = decide_family_go_out(ready(clean_canastas=0, other_canastas=0), ruleset)
    assert (refused.allowed, refused.rule) == (False, "family_going_out_without_canasta")


def test_buraco_goes_out_only_with_a_clean_canastra():
    # [PTW][JG][PJ] (B-K4)
    refused = decide_family_go_out(ready(clean_canastas=0, other_canastas=3), BURACO)
    assert (refused.allowed, refused.rule) == (False, "family_going_out_without_clean_canasta")
    assert decide_family_go_out(ready(other_canastas=0), BURACO).allowed


def test_burraco_closes_only_with_a_discard():
    # [EB31]
    refused = decide_family_go_out(ready(went_out="no_discard"), BURRACO)
    assert (refused.allowed, refused.rule) == (False, "family_going_out_without_discard")


@pytest.mark.parametrize("ruleset", [BURACO, BURAKO], ids=lambda r: r.id)
def test_buraco_and_burako_go_out_with_or_without_a_discard(ruleset):
    # batida direta [BP][PJ]; Burako n/s (D23)
    assert decide_family_go_out(ready(went_out="no_discard"), ruleset).allowed
    assert decide_family_go_out(ready(wild_discard=True), ruleset).allowed


def test_burraco_never_closes_on_a_wild_discard_and_says_so_as_asked():
    # [EB31]
    refused = decide_family_go_out(ready(wild_discard=True), BURRACO)
    assert (refused.allowed, refused.rule) == (False, "family_going_out_on_a_wild_discard")
    assert refused.render() == "In this game a side never goes out by discarding a wild card: a joker or a two."


def test_a_wild_card_left_unsaid_when_going_out_by_melding_changes_nothing():
    assert decide_family_go_out(ready(went_out="no_discard", wild_discard=True), BURAKO).allowed


def test_every_reason_a_side_may_not_go_out_is_given_at_once():
    refused = decide_family_go_out(
        ready(packet="not_taken", clean_canastas=0, other_canastas=0, went_out="no_discard"), BURRACO
    )
    rules = [problem.rule for problem in refused.details]
    expected = ["family_going_out_without_packet", "family_going_out_without_canasta"]
    assert rules == [*expected, "family_going_out_without_discard"]


def test_the_house_rules_decide_the_answer():
    no_canasta = configure(BURRACO, {"going_out_needs_canasta": None})
    assert decide_family_go_out(ready(clean_canastas=0, other_canastas=0), no_canasta).allowed
    wild_discard = configure(BURRACO, {"wild_closing_discard": True})
    assert decide_family_go_out(ready(wild_discard=True), wild_discard).allowed
    any_canasta = configure(BURACO, {"going_out_needs_canasta": "any"})
    assert decide_family_go_out(ready(clean_canastas=0), any_canasta).allowed
    with_discard = configure(BURAKO, {"going_out_with_discard": "required", "going_out_bonus": 300})
    assert not decide_family_go_out(ready(went_out="no_discard"), with_discard).allowed
    assert decide_family_go_out(ready(), with_discard).params == {"bonus": 300}


# ---- may we take the discard pile? -------------------------------------------------------------


@pytest.mark.parametrize("ruleset", FAMILY, ids=lambda r: r.id)
def test_the_whole_discard_pile_is_taken_with_no_condition_beyond_the_turn(ruleset):
    answer = decide_family_take_pile(ruleset)
    assert (answer.allowed, answer.rule) == (True, "family_pile_take")
    assert "no condition" in answer.render()


# ---- is this meld legal? -----------------------------------------------------------------------


def test_a_run_with_its_wild_card_in_place_is_legal_and_not_yet_a_canasta():
    answer = decide_family_meld(["3H", "4H", "JK", "6H"], BURRACO)
    assert (answer.allowed, answer.rule, answer.params) == (True, "family_meld_ok", {"points": 45})


@pytest.mark.parametrize(
    ("ruleset", "cards", "kind", "bonus", "points"),
    [
        (BURRACO, "4S 5S 6S 7S 8S 9S 10S", "a clean burraco", 200, 50),
        (BURRACO, "4S 5S 6S 7S 8S 9S 10S JK", "a semi-clean burraco", 150, 80),  # [FB][FIAB]
        (BURRACO, "4S 5S JK 7S 8S 9S 10S", "a dirty burraco", 100, 75),
        (BURACO, "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "a clean canasta from ace to king", 500, 110),  # [LC]
        (BURACO, "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "a clean canasta from ace to ace", 1000, 125),
        (BURAKO, "JK 2H 2S JK 2D 2C JK", "a canasta of wild cards", 1000, 230),  # [ACA3]
    ],
)
def test_a_meld_of_seven_is_a_canasta_of_its_kind_with_its_bonus_and_its_points_named_by_the_games_word(
    ruleset, cards, kind, bonus, points
):
    answer = decide_family_meld(cards.split(), ruleset)
    assert (answer.allowed, answer.rule, answer.params) == (True, "family_canastas", {"bonus": bonus, "points": points})
    assert f"Legal, and {kind}:" in answer.render()


@pytest.mark.parametrize(
    ("ruleset", "cards", "rule"),
    [
        (BURACO, "7S 7D 7C", "family_sets_not_allowed"),  # [BP][JG][PJ]
        (BURRACO, "3H 4H JK 2S", "family_meld_too_many_wilds"),  # [EBM]
        (BURRACO, "JK 2H 2S", "family_wild_meld_not_allowed"),
        (BURAKO, "3H ZZ 5H", "family_card_unknown"),
        (BURAKO, "3H 4H", "family_meld_too_small"),
    ],
)
def test_an_illegal_meld_is_refused_by_the_rule_it_breaks(ruleset, cards, rule):
    answer = decide_family_meld(cards.split(), ruleset)
    assert (answer.allowed, answer.rule) == (False, rule)
    assert answer.details[0].rule == rule


def test_a_set_is_a_meld_where_the_house_rule_allows_sets():
    assert decide_family_meld(["7S", "7D", "7C"], configure(BURACO, {"sets_allowed": True})).allowed


# ---- what is our minimum? ----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", FAMILY, ids=lambda r: r.id)
def test_the_family_has_no_first_meld_minimum(ruleset):
    answer = decide_family_minimum(ruleset)
    assert (answer.allowed, answer.rule, answer.figure) == (True, "family_no_minimum", 0)


def test_a_canasta_rule_set_is_not_asked_the_familys_questions():
    with pytest.raises(ValueError, match="classic"):
        decide_family_minimum(RULESETS["classic"])
