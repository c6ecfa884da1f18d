"""The referee tools' answers, pinned against the rules, rule set by rule set."""

from __future__ import annotations

import pytest

from scorekeeper.engine import CanastaCount, RuleViolations
from scorekeeper.engine.canasta.referee import (
    GoOutQuestion,
    PileQuestion,
    can_go_out,
    can_meld_now,
    can_take_pile,
    decide_go_out,
    decide_meld,
    decide_minimum,
    decide_take_pile,
    verify_go_out,
    verify_take_pile,
)

from .notation import meld

MELDED = {"side_has_melded": True}


def pile(ruleset, **question):
    return decide_take_pile(PileQuestion(**question), ruleset)


@pytest.mark.parametrize("ruleset_id", ["classic", "es_online_15", "es_tradicional", "hoyle_2p", "us_partnership"])
def test_a_black_three_on_top_stops_the_next_player(rules, ruleset_id):
    answer = pile(rules(ruleset_id), top_card="3B", naturals_in_hand=2, **MELDED)
    assert (answer.allowed, answer.rule) == (False, "pile_black_three")


def test_us_primer_black_three_freezes_the_pile(rules):
    # K13: [S003A] "frozen if topped by a black Three or a wild card".
    assert "freezes" in pile(rules("us_partnership"), top_card="3B", **MELDED).render()


def test_pile_black_three_covered_keeps_the_pile_frozen_in_us_partnership(rules):
    # K13 [S003A]: a black three freezes the pile and it stays frozen until taken: once covered by a king,
    # the pile needs two natural kings; a king and a wild card do not take it.
    covered = {"top_card": "K", "black_three_in_pile": True, **MELDED}
    answer = pile(rules("us_partnership"), naturals_in_hand=1, wilds_in_hand=1, **covered)
    assert (answer.allowed, answer.rule) == (False, "pile_frozen")
    assert "black three" in answer.render()
    assert pile(rules("us_partnership"), naturals_in_hand=2, **covered).allowed
    # where a black three only stops the next player, a covered one changes nothing
    assert pile(rules("classic"), naturals_in_hand=1, wilds_in_hand=1, **covered).allowed


def test_canastas_count_for_minimum_lets_a_canasta_bonus_meet_the_first_meld(rules):
    # K26 [S003H]: canasta bonuses count toward the minimum only with Hoyle's option.
    question = {"top_card": "Q", "naturals_in_hand": 2, "total": 3000, "meld_points": 100, "natural_canastas": 1}
    plain = pile(rules("hoyle_2p"), **question)
    assert (plain.allowed, plain.rule) == (False, "initial_meld_minimum")
    assert pile(rules("hoyle_2p", canastas_count_for_minimum=True), **question).allowed


@pytest.mark.parametrize("top", ["JOKER", "2", "3R"])
def test_a_wild_card_or_red_three_on_top_cannot_be_taken(rules, top):
    # [S000] "es imposible tomar la pila ... cuando la primera carta es ... un comodín"; [S003H] never with a red 3.
    assert pile(rules("classic"), top_card=top, naturals_in_hand=2, **MELDED).rule == "pile_wild_top"


def test_an_unfrozen_pile_is_taken_with_a_natural_and_a_wild(rules):
    # [S000] "dos cartas comunes ... o una carta común y un comodín".
    assert pile(rules("classic"), top_card="K", naturals_in_hand=1, wilds_in_hand=1, **MELDED).allowed


def test_an_unfrozen_pile_is_taken_when_the_top_card_joins_a_meld(rules):
    assert pile(rules("classic"), top_card="K", meld_on_table=True, **MELDED).allowed


def test_a_single_matching_card_is_not_enough(rules):
    answer = pile(rules("classic"), top_card="K", naturals_in_hand=1, **MELDED)
    assert (answer.allowed, answer.rule) == (False, "pile_needs_match")


def test_a_frozen_pile_needs_a_natural_pair_even_with_a_meld_on_the_table(rules):
    # [S003H] "as if they had no cards on the table"; [S001] pozo premiado, "aun después de haber salido".
    answer = pile(
        rules("hoyle_2p"),
        top_card="7",
        pile_frozen=True,
        naturals_in_hand=1,
        wilds_in_hand=1,
        meld_on_table=True,
        **MELDED,
    )
    assert (answer.allowed, answer.rule) == (False, "pile_frozen")
    assert pile(rules("hoyle_2p"), top_card="7", pile_frozen=True, naturals_in_hand=2, **MELDED).allowed


def test_the_pile_is_frozen_against_a_side_that_has_not_melded(rules):
    # [P][S000] frozen against a player who has not made the initial meld: a natural pair is needed.
    answer = pile(rules("classic"), top_card="Q", naturals_in_hand=1, wilds_in_hand=1, meld_points=200)
    assert answer.rule == "pile_frozen"


def test_the_first_take_must_reach_the_minimum(rules):
    # Total 1600: minimum 90. Two queens + the queen on top = 30: not enough.
    answer = pile(rules("classic"), top_card="Q", naturals_in_hand=2, total=1600, meld_points=30)
    assert (answer.allowed, answer.rule, answer.params["needed"]) == (False, "initial_meld_minimum", 90)
    assert pile(rules("classic"), top_card="Q", naturals_in_hand=2, total=1600, meld_points=90).allowed


def test_hoyle_option_top_card_does_not_count_for_the_minimum(rules):
    # [S003H]: with the option off, the top card's value is added to the minimum (50 + ace 20 = 70).
    ruleset = rules("hoyle_2p", top_card_counts_for_minimum=False)
    answer = pile(ruleset, top_card="A", naturals_in_hand=2, meld_points=60)
    assert (answer.allowed, answer.params["needed"]) == (False, 70)


def test_us_primer_no_pile_before_the_first_meld(rules):
    # K14: [S003A] "A side may not pick up or take the discard pile until they have completed their first meld."
    answer = pile(rules("us_partnership"), top_card="Q", naturals_in_hand=2, meld_points=100)
    assert answer.rule == "pile_before_first_meld"
    assert pile(rules("classic"), top_card="Q", naturals_in_hand=2, meld_points=100).allowed


def test_uruguayan_pile_is_always_frozen(rules):
    # [URU] always frozen: a natural pair even after melding.
    answer = pile(rules("uruguayan"), top_card="9", naturals_in_hand=1, wilds_in_hand=1, **MELDED)
    assert answer.rule == "pile_frozen"


def test_can_and_verify_take_pile(rules):
    yes = PileQuestion(top_card="K", naturals_in_hand=2, **MELDED)
    no = PileQuestion(top_card="3B", **MELDED)
    assert can_take_pile(yes, rules("classic"))
    assert not can_take_pile(no, rules("classic"))
    verify_take_pile(yes, rules("classic"))
    with pytest.raises(RuleViolations) as caught:
        verify_take_pile(no, rules("classic"))
    assert caught.value.violations[0].rule == "pile_black_three"


def test_meld_tool_says_legal_and_which_canasta(rules):
    answer = decide_meld(meld("8:6j1"), rules("classic"))
    assert (answer.allowed, answer.rule, answer.params) == (True, "canasta_kinds", {"bonus": 300, "points": 110})
    assert decide_meld(meld("8:5"), rules("classic")).params == {"points": 50}


def test_meld_tool_lists_every_broken_rule(rules):
    answer = decide_meld(meld("8:1j4"), rules("classic"))
    assert not answer.allowed
    assert [v.rule for v in answer.details] == ["meld_min_naturals", "meld_max_wilds"]


def test_meld_tool_wild_canasta_per_rule_set(rules):
    assert decide_meld(meld("WILD:j4t3"), rules("es_tradicional")).params["bonus"] == 2000
    assert decide_meld(meld("WILD:j4t3"), rules("hoyle_2p")).params["bonus"] == 1000
    assert not can_meld_now(meld("WILD:j4t3"), rules("classic"))


def test_black_threes_only_going_out(rules):
    assert not can_meld_now(meld("3B:3"), rules("classic"))
    assert can_meld_now(meld("3B:3"), rules("classic"), going_out=True)


@pytest.mark.parametrize(
    ("ruleset_id", "canastas", "allowed"),
    [
        ("classic", CanastaCount(mixed=1), True),
        ("classic_2p", CanastaCount(mixed=1), False),
        ("classic_2p", CanastaCount(natural=1, mixed=1), True),
        ("es_online_15", CanastaCount(natural=1), False),
        ("es_tradicional", CanastaCount(wild=1), False),
        ("es_tradicional", CanastaCount(wild=1, mixed=1), True),
        ("uruguayan", CanastaCount(wild=1), True),
        ("app_2p_11", CanastaCount(natural=2), True),
        ("modern_american", CanastaCount(natural=1), False),
        ("modern_american", CanastaCount(natural=1, wild=1), True),  # a wild canasta counts [MACD] K25
        ("samba", CanastaCount(natural=1), False),
        ("samba", CanastaCount(samba=1, mixed=1), True),  # a samba counts toward going out [BICS]
        ("hand_and_foot", CanastaCount(natural=3, mixed=1), False),  # the contract: 2 clean and 2 dirty [HF2]
        ("hand_and_foot", CanastaCount(natural=2, mixed=2), True),
    ],
)
def test_going_out_needs_the_rule_sets_canastas(rules, ruleset_id, canastas, allowed):
    assert can_go_out(GoOutQuestion(canastas=canastas), rules(ruleset_id)) is allowed


def test_going_out_melds_every_card_or_all_but_one(rules):
    answer = decide_go_out(GoOutQuestion(canastas=CanastaCount(natural=1), cards_left=2), rules("classic"))
    assert (answer.allowed, answer.rule) == (False, "go_out_cards_left")
    assert can_go_out(GoOutQuestion(canastas=CanastaCount(natural=1), cards_left=1), rules("classic"))


@pytest.mark.parametrize(
    ("ruleset_id", "concealed", "bonus"),
    [
        ("classic", False, 100),
        ("classic", True, 200),
        ("hoyle_2p", True, 200),
        ("es_tradicional", True, 100),
        ("hand_and_foot", True, 100),  # no concealed bonus on its score sheets [HF1]
        ("samba", True, 200),  # out 200, "no bonus is awarded for a concealed hand" [BICS]
        ("modern_american", True, 100),  # no concealed bonus [MACD]
    ],
)
def test_going_out_bonus_answered_per_rule_set(rules, ruleset_id, concealed, bonus):
    question = GoOutQuestion(canastas=CanastaCount(natural=2, mixed=2), concealed=concealed)
    assert decide_go_out(question, rules(ruleset_id)).params["bonus"] == bonus


def test_verify_go_out_raises_with_the_rule(rules):
    with pytest.raises(RuleViolations) as caught:
        verify_go_out(GoOutQuestion(), rules("classic"))
    assert caught.value.violations[0].rule == "go_out_without_canastas"


@pytest.mark.parametrize(
    ("ruleset_id", "total", "minimum"),
    [
        ("classic", -20, 15),
        ("us_partnership", -20, 0),
        ("classic", 1500, 90),
        ("classic_6p", 7600, 150),
        ("app_2p_11", 3000, 120),
        ("modern_american", -200, 125),  # negative too [MACD] K17
        ("modern_american", 2995, 125),
        ("modern_american", 3000, 155),
        ("modern_american", 5000, 180),
        ("samba", 6995, 120),
        ("samba", 7000, 160),  # [BICS][HSW] K17
    ],
)
def test_minimum_tool_per_rule_set(rules, ruleset_id, total, minimum):
    assert decide_minimum(total, rules(ruleset_id)).params["minimum"] == minimum


@pytest.mark.parametrize(("round_number", "minimum"), [(1, 60), (2, 90), (3, 120), (4, 150), (5, 150)])
def test_hand_and_foot_minimum_is_set_by_the_round_whatever_the_score(rules, round_number, minimum):
    # K17 [HF1][HF4]: 60/90/120/150 by round; a hand played on after a tie keeps the last row.
    for total in (-500, 0, 8000):
        answer = decide_minimum(total, rules("hand_and_foot"), round_number)
        assert (answer.figure, answer.params["round"]) == (minimum, round_number)


def test_hand_and_foot_minimum_by_score_when_the_house_turns_rounds_off(rules):
    # K17 [HF5]: 50/90/120/150 from 0/2500/5000/7500.
    by_score = rules("hand_and_foot", min_by_round=None)
    assert [decide_minimum(total, by_score, 2).figure for total in (-10, 2495, 2500, 5000, 7500)] == [
        50,
        50,
        90,
        120,
        150,
    ]


def test_hand_and_foot_pile_needs_the_rounds_minimum_for_a_first_meld(rules):
    question = {"top_card": "Q", "naturals_in_hand": 2, "meld_points": 80, "total": 9000}
    assert pile(rules("hand_and_foot"), hand_number=1, **question).allowed
    refused = pile(rules("hand_and_foot"), hand_number=2, **question)
    assert (refused.allowed, refused.rule, refused.params["needed"]) == (False, "initial_meld_minimum", 90)


def test_hand_and_foot_black_three_freezes_the_pile_and_is_never_melded(rules):
    # [HF1]: a black three freezes the pile; no books of black threes.
    assert "freezes" in pile(rules("hand_and_foot"), top_card="3B", **MELDED).render()
    assert not can_meld_now(meld("3B:3"), rules("hand_and_foot"), going_out=True)


def test_hand_and_foot_a_dirty_book_keeps_its_naturals_ahead(rules):
    # K1 [HF5]: wild cards never outnumber naturals; at most 3 [HF1][HF4].
    assert decide_meld(meld("8:4j3"), rules("hand_and_foot")).allowed
    assert not decide_meld(meld("8:3j2t2"), rules("hand_and_foot")).allowed


def test_hand_and_foot_going_out_answer_names_the_contract(rules):
    answer = decide_go_out(GoOutQuestion(canastas=CanastaCount(natural=4)), rules("hand_and_foot"))
    assert (answer.allowed, answer.rule) == (False, "go_out_without_canastas")
    assert answer.render() == "Canastas needed to go out: 2 natural and 2 mixed."


def test_samba_meld_tool_allows_two_wild_cards_at_most(rules):
    # K1 [BICS]: no regular meld may contain more than two wild cards; a canasta needs five naturals.
    assert decide_meld(meld("8:5t2"), rules("samba")).allowed
    refused = decide_meld(meld("8:4j3"), rules("samba"))
    assert (refused.allowed, refused.details[0].rule) == (False, "meld_max_wilds")


def test_samba_sequences_are_judged_by_the_meld_tool(rules):
    assert decide_meld(meld("SEQ:8,9,10,J,Q,K,A"), rules("samba")).allowed
    assert not decide_meld(meld("SEQ:8,9,10"), rules("classic")).allowed


def test_samba_bolivia_going_out_answer_names_the_escalera(rules):
    bolivia = rules("samba", bolivia=True)
    refused = decide_go_out(GoOutQuestion(canastas=CanastaCount(natural=2)), bolivia)
    assert refused.render() == "Canastas needed to go out: 2, and at least 1 of them in sequence (an escalera)."
    assert can_go_out(GoOutQuestion(canastas=CanastaCount(natural=1, samba=1)), bolivia)
    assert can_go_out(GoOutQuestion(canastas=CanastaCount(wild=1, samba=1)), bolivia)  # a bolivia counts


def test_samba_pile_takes_a_natural_pair_or_joins_a_meld_that_is_not_yet_a_canasta(rules):
    # [BICS]: the pile is taken only with a natural matching pair or, when not frozen, by adding the top
    # card to a meld that is less than a canasta.
    samba = rules("samba")
    assert not pile(samba, top_card="K", naturals_in_hand=1, wilds_in_hand=1, **MELDED).allowed
    assert pile(rules("classic"), top_card="K", naturals_in_hand=1, wilds_in_hand=1, **MELDED).allowed
    assert pile(samba, top_card="K", meld_on_table=True, **MELDED).allowed
    onto_canasta = pile(samba, top_card="K", meld_on_table=True, meld_on_table_is_canasta=True, **MELDED)
    assert (onto_canasta.allowed, onto_canasta.rule) == (False, "pile_needs_match")
    assert (
        onto_canasta.render()
        == "The top card may not join a finished canasta here: you need two natural kings in your hand."
    )
    assert pile(rules("classic"), top_card="K", meld_on_table=True, meld_on_table_is_canasta=True, **MELDED).allowed
    assert pile(samba, top_card="K", naturals_in_hand=2, **MELDED).allowed


def test_modern_american_pile_is_always_frozen_and_its_top_card_does_not_count(rules):
    # [MACD]: the pile is always frozen (a natural pair takes it); the top card does not count toward the
    # first meld, which needs its minimum from the hand.
    mac = rules("modern_american")
    refused = pile(mac, top_card="K", naturals_in_hand=1, wilds_in_hand=1, meld_on_table=True, **MELDED)
    assert (refused.allowed, refused.rule) == (False, "pile_frozen")
    first = pile(mac, top_card="K", naturals_in_hand=2, total=0, meld_points=130)
    assert (first.allowed, first.params["needed"]) == (False, 135)  # 125 + the king's 10
    assert pile(mac, top_card="K", naturals_in_hand=2, total=0, meld_points=135).allowed


def test_modern_american_meld_tool_knows_the_2500_and_3000_canastas(rules):
    mac = rules("modern_american")
    assert decide_meld(meld("7:7"), mac).params["bonus"] == 2500
    assert decide_meld(meld("WILD:j4t3"), mac).params["bonus"] == 2500
    assert decide_meld(meld("WILD:t7"), mac).params["bonus"] == 3000
    assert decide_meld(meld("WILD:j2t5"), mac).params["bonus"] == 2000


@pytest.mark.parametrize(
    ("kind", "value"), [("straight", 3000), ("pairs", 2500), ("pairs_wild", 2000), ("garbage", 2000)]
)
def test_special_hand_after_melding_a_side_with_no_melds_goes_out_with_one_without_a_canasta(rules, kind, value):
    """Modern American (D10): the special hand stands for the canastas; it scores its value and the
    going-out bonus (100, no concealed bonus there) [MACD]."""
    answer = decide_go_out(GoOutQuestion(concealed=True, special_hand=kind), rules("modern_american"))
    assert (answer.allowed, answer.rule) == (True, "special_hand_after_melding")
    assert answer.params == {"value": value, "bonus": 100}
    assert answer.figure == value + 100


def test_special_hand_after_melding_is_refused_to_a_side_with_melds(rules):
    answer = decide_go_out(GoOutQuestion(special_hand="straight"), rules("modern_american"))
    assert (answer.allowed, answer.rule) == (False, "special_hand_after_melding")


def test_special_hand_where_the_rules_have_none_is_no(rules):
    answer = decide_go_out(GoOutQuestion(concealed=True, special_hand="straight"), rules("classic"))
    assert answer.allowed is False
