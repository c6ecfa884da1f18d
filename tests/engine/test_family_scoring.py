"""A side's hand in the family (Burraco, Buraco, Burako), rule by rule, worked by hand from rules/family.md.

Card values: burraco joker 30, 2 20, A 15, 8-K 10, 3-7 5 [EB1][EB737]; buraco 2 10, A 15, 8-K 10,
3-7 5 [GHV][PJ]; burako joker 50, 2 20, A 15, 8-K 10, 3-7 5 [GHK]. Going out 100, packet not taken
-100 in all three [EB737][PLP][ACA3].
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine import RuleViolations
from scorekeeper.engine.family.melds import FamilyMeld, meld_of
from scorekeeper.engine.family.scoring import FamilySideScore, score_side
from scorekeeper.engine.family_parameters import (
    BURACO_HAND,
    BURACO_MELDS,
    BURAKO_HAND,
    BURAKO_MELDS,
    BURRACO_HAND,
    BURRACO_MELDS,
    FamilyHand,
    FamilyMelds,
    Packet,
    WentOut,
)

GAMES: dict[str, tuple[FamilyMelds, FamilyHand]] = {
    "burraco": (BURRACO_MELDS, BURRACO_HAND),
    "buraco": (BURACO_MELDS, BURACO_HAND),
    "burako": (BURAKO_MELDS, BURAKO_HAND),
}

#: 3H to 9H: 3-7 five each (25), 8 and 9 ten each (20): 45 in every game; a clean canasta.
CLEAN_HEARTS = "3H 4H 5H 6H 7H 8H 9H"
#: A dirty canasta of spades, a wild two in the six's place.
DIRTY_SPADES = "3S 4S 5S 2D 7S 8S 9S"


def melds(game: str, *texts: str) -> list[FamilyMeld]:
    return [meld_of(text.split(), GAMES[game][0]) for text in texts]


def score(
    game: str,
    meld_texts: tuple[str, ...] = (),
    hand: str = "",
    *,
    packet: Packet = "taken",
    went_out: WentOut = False,
    closing_discard: str | None = None,
    ended_on_stock: bool = False,
    hand_rules: FamilyHand | None = None,
) -> FamilySideScore:
    melds_rules, game_hand = GAMES[game]
    return score_side(
        melds(game, *meld_texts),
        hand.split(),
        packet=packet,
        went_out=went_out,
        closing_discard=closing_discard,
        ended_on_stock=ended_on_stock,
        melds_rules=melds_rules,
        hand_rules=hand_rules or game_hand,
    )


def refused(game: str, meld_texts: tuple[str, ...] = (), hand: str = "", **entry: object) -> list[str]:
    """The rule ids ``score_side`` refuses the side with (it must refuse it)."""
    with pytest.raises(RuleViolations) as refusal:
        score(game, meld_texts, hand, **entry)
    return [violation.rule for violation in refusal.value.violations]


def items(result: FamilySideScore) -> tuple[int, int, int, int, int, int]:
    return (result.melded, result.canasta_bonuses, result.going_out, result.packet, result.hand, result.total)


# --- a whole hand, per game --------------------------------------------------------------------------


def test_burraco_a_side_that_closes_scores_its_cards_its_burraco_the_closing_and_loses_its_partners_cards():
    # 3H-9H 45 + clean 200; KS KD KC 30; close 100; the partner holds 7D 8D: -15.
    result = score("burraco", (CLEAN_HEARTS, "KS KD KC"), "7D 8D", went_out="discard", closing_discard="5C")
    assert items(result) == (75, 200, 100, 0, -15, 360)


def test_burraco_a_semi_clean_burraco_earns_150_and_is_enough_to_close():
    # 3H-9H 45 + JK 30 = 75, semi-clean 150; close 100.
    result = score("burraco", (CLEAN_HEARTS + " JK",), went_out="discard", closing_discard="KC")
    assert items(result) == (75, 150, 100, 0, 0, 325)


def test_buraco_a_pair_that_goes_out_with_a_clean_canastra_and_a_dirty_one():
    # 45 + 200; 3S 4S 5S 7S 5 each (20), 2D 10, 8S 9S 20: 50 + 100; batida 100; partner QS -10.
    result = score("buraco", (CLEAN_HEARTS, DIRTY_SPADES), "QS", went_out="no_discard")
    assert items(result) == (95, 300, 100, 0, -10, 485)


def test_buraco_an_ace_to_king_canastra_is_a_clean_one_of_500_for_going_out():
    # A 15, 2H natural 10, 3-7 25, 8-K 60: 110 + 500.
    result = score("buraco", ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",), went_out="discard", closing_discard="2C")
    assert items(result) == (110, 500, 100, 0, 0, 710)


def test_burako_a_canasta_of_wild_cards_is_worth_1000_and_is_enough_to_close():
    # JK 50 x3, 2 20 x4: 230 + 1000; cierre 100.
    result = score("burako", ("JK JK 2S 2H 2D 2C JK",), went_out="no_discard")
    assert items(result) == (230, 1000, 100, 0, 0, 1330)


def test_burako_a_side_that_did_not_go_out_counts_its_melds_plus_and_its_hand_minus():
    # 3H-9H 45 + real 200; 4S 4D JK 60; held JK 2C AS: -85.
    result = score("burako", (CLEAN_HEARTS, "4S 4D JK"), "JK 2C AS")
    assert items(result) == (105, 200, 0, 0, -85, 220)


# --- the packet ----------------------------------------------------------------------------------------


def test_burraco_a_side_that_never_took_its_pozzetto_loses_100():
    # 3H 4H 5H 15; pozzetto -100; KS QS -20.
    assert items(score("burraco", ("3H 4H 5H",), "KS QS", packet="not_taken")) == (15, 0, 0, -100, -20, -105)


@pytest.mark.parametrize("game", ["buraco", "burako"])
def test_a_side_that_never_took_its_morto_or_muerto_loses_100(game):
    # 45 + 200; -100; KS -10.
    assert items(score(game, (CLEAN_HEARTS,), "KS", packet="not_taken")) == (45, 200, 0, -100, -10, 135)


def test_burraco_a_pozzetto_taken_and_not_played_counts_its_cards_as_held_and_nothing_more():
    # The pozzetto's 11 cards among the held ones: JK 30, 2S 20, AS 15, KS-8S 60, 7S 6S 10: -135.
    hand = "JK 2S AS KS QS JS 10S 9S 8S 7S 6S"
    assert items(score("burraco", ("3H 4H 5H",), hand, packet="taken_unplayed")) == (15, 0, 0, 0, -135, -120)


@pytest.mark.parametrize("game", ["buraco", "burako"])
def test_a_morto_or_muerto_taken_and_not_played_loses_100_like_one_never_taken(game):
    # 45 + 200; -100; KS -10.
    result = score(game, (CLEAN_HEARTS,), "KS", packet="taken_unplayed")
    assert items(result) == (45, 200, 0, -100, -10, 135)


def test_the_packet_penalty_stands_when_the_hand_ended_on_the_stock():
    result = score("burako", ("3H 4H 5H",), packet="not_taken", ended_on_stock=True)
    assert items(result) == (15, 0, 0, -100, 0, -85)


# --- going out: the bonus ----------------------------------------------------------------------------


def test_no_closing_bonus_when_the_stock_ran_out():
    result = score("burraco", (CLEAN_HEARTS,), went_out="discard", closing_discard="KC", ended_on_stock=True)
    assert items(result) == (45, 200, 0, 0, 0, 245)


def test_burraco_with_the_stock_out_option_off_the_closing_earns_its_100():
    rules = replace(BURRACO_HAND, no_going_out_bonus_on_stock_out=False)
    result = score(
        "burraco", (CLEAN_HEARTS,), went_out="discard", closing_discard="KC", ended_on_stock=True, hand_rules=rules
    )
    assert items(result) == (45, 200, 100, 0, 0, 345)


def test_buraco_and_burako_keep_the_going_out_bonus_when_the_stock_ran_out():
    assert score("buraco", (CLEAN_HEARTS,), went_out="no_discard", ended_on_stock=True).going_out == 100
    assert score("burako", (CLEAN_HEARTS,), went_out="no_discard", ended_on_stock=True).going_out == 100


# --- going out: what it needs ----------------------------------------------------------------------


@pytest.mark.parametrize("game", ["burraco", "buraco", "burako"])
def test_going_out_without_the_packet_taken_is_refused(game):
    rules = refused(game, (CLEAN_HEARTS,), packet="not_taken", went_out="discard", closing_discard="KC")
    assert rules == ["family_going_out_without_packet"]


@pytest.mark.parametrize("game", ["buraco", "burako"])
def test_going_out_with_the_packet_taken_and_not_played_is_refused_in_buraco_and_burako(game):
    # D22, D27: their packet not played costs as one never taken, so going out needs it played
    rules = refused(game, (CLEAN_HEARTS,), packet="taken_unplayed", went_out="discard", closing_discard="KC")
    assert rules == ["family_going_out_without_packet"]


def test_burraco_closes_with_the_pozzetto_taken_and_not_played_its_cards_held():
    # D27 [EBCH][EB17]: 45 + 200 + 100; the partner holds the pozzetto's KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S:
    # 6 x 10 + 5 x 5 = 85.
    result = score(
        "burraco",
        (CLEAN_HEARTS,),
        "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S",
        packet="taken_unplayed",
        went_out="discard",
        closing_discard="KC",
    )
    assert items(result) == (45, 200, 100, 0, -85, 260)
    played_first = replace(BURRACO_HAND, going_out_with_packet_unplayed=False)
    assert refused(
        "burraco", (CLEAN_HEARTS,), packet="taken_unplayed", went_out="discard", hand_rules=played_first
    ) == ["family_going_out_without_packet"]


@pytest.mark.parametrize("game", ["burraco", "burako"])
def test_going_out_without_a_canasta_is_refused(game):
    assert refused(game, ("3H 4H 5H",), went_out="discard", closing_discard="KC") == [
        "family_going_out_without_canasta"
    ]


def test_buraco_going_out_with_a_dirty_canastra_only_is_refused():
    assert refused("buraco", (DIRTY_SPADES,), went_out="no_discard") == ["family_going_out_without_clean_canasta"]


def test_burraco_closing_needs_clean_refuses_a_close_with_a_semi_clean_burraco():
    rules = replace(BURRACO_HAND, going_out_needs_canasta="clean")
    entry = {"went_out": "discard", "closing_discard": "KC", "hand_rules": rules}
    assert refused("burraco", (CLEAN_HEARTS + " JK",), **entry) == ["family_going_out_without_clean_canasta"]
    assert score("burraco", (CLEAN_HEARTS,), **entry).total == 345


def test_buraco_with_any_canastra_to_go_out_a_dirty_one_will_do():
    rules = replace(BURACO_HAND, going_out_needs_canasta="any")
    # A dirty canastra alone: the table still counts minus (B-K3): -50, no bonus; batida 100.
    result = score("buraco", (DIRTY_SPADES,), went_out="no_discard", hand_rules=rules)
    assert items(result) == (-50, 0, 100, 0, 0, 50)


# --- going out: how --------------------------------------------------------------------------------


def test_burraco_going_out_without_a_discard_is_refused():
    assert refused("burraco", (CLEAN_HEARTS,), went_out="no_discard") == ["family_going_out_without_discard"]


@pytest.mark.parametrize("game", ["buraco", "burako"])
def test_buraco_and_burako_go_out_with_or_without_a_discard(game):
    with_discard = score(game, (CLEAN_HEARTS,), went_out="discard", closing_discard="KC")
    without = score(game, (CLEAN_HEARTS,), went_out="no_discard")
    assert with_discard == without
    assert with_discard.going_out == 100


@pytest.mark.parametrize("card", ["2C", "JK", "2H"])
def test_burraco_closing_on_a_wild_card_discard_is_refused(card):
    rules = refused("burraco", (CLEAN_HEARTS,), went_out="discard", closing_discard=card)
    assert rules == ["family_going_out_on_a_wild_discard"]


@pytest.mark.parametrize(("game", "card"), [("buraco", "2C"), ("burako", "JK")])
def test_buraco_and_burako_may_go_out_on_a_wild_card_discard(game, card):
    assert score(game, (CLEAN_HEARTS,), went_out="discard", closing_discard=card).going_out == 100


def test_a_closing_discard_left_unwritten_is_not_refused():
    assert score("burraco", (CLEAN_HEARTS,), went_out="discard").total == 345


@pytest.mark.parametrize("went_out", [False, "no_discard"])
def test_a_closing_discard_given_while_not_going_out_by_a_discard_is_refused(went_out):
    rules = refused("burako", (CLEAN_HEARTS,), went_out=went_out, closing_discard="KC")
    assert rules == ["family_closing_discard_without_going_out"]


# --- Buraco: a table without a clean canastra counts minus -----------------------------------------


def test_buraco_a_pair_without_a_clean_canastra_counts_its_table_minus_and_loses_its_dirty_bonuses():
    # Dirty 3S-9S 50 (bonus 100 lost), 5C 6C 7C 15: -65; QS -10.
    result = score("buraco", (DIRTY_SPADES, "5C 6C 7C"), "QS")
    assert items(result) == (-65, 0, 0, 0, -10, -75)
    assert result.table_minus


def test_buraco_with_the_table_minus_option_off_a_dirty_canastra_counts_plus():
    rules = replace(BURACO_HAND, table_minus_without_clean=False)
    result = score("buraco", (DIRTY_SPADES, "5C 6C 7C"), "QS", hand_rules=rules)
    assert items(result) == (65, 100, 0, 0, -10, 155)
    assert not result.table_minus


def test_buraco_one_clean_canastra_keeps_the_whole_table_plus():
    result = score("buraco", (CLEAN_HEARTS, DIRTY_SPADES))
    assert items(result) == (95, 300, 0, 0, 0, 395)
    assert not result.table_minus


@pytest.mark.parametrize("game", ["burraco", "burako"])
def test_burraco_and_burako_count_a_table_without_a_clean_canasta_plus(game):
    # 3S 4S 5S 7S 20, 2D 20, 8S 9S 20: 60 + dirty 100.
    assert items(score(game, (DIRTY_SPADES,))) == (60, 100, 0, 0, 0, 160)


# --- cards --------------------------------------------------------------------------------------------


def test_buraco_a_joker_held_is_refused_in_a_game_without_jokers():
    assert refused("buraco", (CLEAN_HEARTS,), "JK QS") == ["family_no_jokers"]


def test_an_unreadable_card_held_or_discarded_is_refused_naming_its_field():
    with pytest.raises(RuleViolations) as refusal:
        score("burraco", (CLEAN_HEARTS,), "QS 11H", went_out="discard", closing_discard="ZZ")
    assert [(v.rule, v.field, v.params["card"]) for v in refusal.value.violations] == [
        ("family_card_unknown", "hand", "11H"),
        ("family_card_unknown", "closing_discard", "ZZ"),
    ]


def test_every_broken_going_out_rule_is_reported_together():
    rules = refused("burraco", ("3H 4H 5H",), packet="not_taken", went_out="no_discard", closing_discard="JK")
    assert rules == [
        "family_closing_discard_without_going_out",
        "family_going_out_without_packet",
        "family_going_out_without_canasta",
        "family_going_out_without_discard",
    ]


# --- the breakdown -------------------------------------------------------------------------------------

#: Legal melds of each game, canastas and not, to draw a side's table from.
TABLES = {
    "burraco": [CLEAN_HEARTS, DIRTY_SPADES, CLEAN_HEARTS + " JK", "KS KD KC", "3C 4C 5C", "AD AC 2S"],
    "buraco": [CLEAN_HEARTS, DIRTY_SPADES, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "3C 4C 5C"],
    "burako": [CLEAN_HEARTS, DIRTY_SPADES, "JK JK 2S 2H 2D 2C JK", "KS KD JK", "3C 4C 5C"],
}
HELD = ["JK", "2S", "AS", "KD", "9C", "7H", "3S"]


@given(
    game=st.sampled_from(sorted(GAMES)),
    data=st.data(),
    packet=st.sampled_from(["taken", "not_taken", "taken_unplayed"]),
    went_out=st.sampled_from([False, "discard", "no_discard"]),
    ended_on_stock=st.booleans(),
    stock_option=st.booleans(),
    table_minus_option=st.booleans(),
)
def test_the_total_is_the_sum_of_the_breakdowns_items(
    game, data, packet, went_out, ended_on_stock, stock_option, table_minus_option
):
    table = data.draw(st.lists(st.sampled_from(TABLES[game]), max_size=4))
    held = data.draw(st.lists(st.sampled_from([card for card in HELD if game != "buraco" or card != "JK"])))
    rules = replace(
        GAMES[game][1], no_going_out_bonus_on_stock_out=stock_option, table_minus_without_clean=table_minus_option
    )
    try:
        result = score(
            game,
            tuple(table),
            " ".join(held),
            packet=packet,
            went_out=went_out,
            ended_on_stock=ended_on_stock,
            hand_rules=rules,
        )
    except RuleViolations:
        return
    assert result.total == result.melded + result.canasta_bonuses + result.going_out + result.packet + result.hand
    assert result.packet <= 0
    assert result.hand <= 0
    assert min(result.canasta_bonuses, result.going_out) >= 0
