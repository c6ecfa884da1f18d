"""Buraco (Brazil) hand by hand: whole hands worked out from the sources, through the engine's one path.

Each hand is scored by ``score_hand`` with the rule set ``FAMILY_RULESETS["buraco"]``, configured with
house rules as a game would be. The source keys are rules/family.md's (§1), the K ids its §3 rows, the
D ids docs/rule-choices.md's. The rules worked by hand below:

* card values 3-7 5, 8-K 10, A 15, 2 10, no joker (B-K1; joker 20 [GHV] or 50 [IU] as house rules)
  [GHV][PJ]; melded cards plus, held cards minus [PTW][PLP];
* runs of one suit only (B-K2), one wild two a meld, a two of the suit in its own place natural
  [PJ][LC] (D18); ace below the two or above the king, and from ace to ace [BP][PJ];
* canastra of 7+: limpa 200, suja 100 [PTW][DH]; clean ace to king 500 and ace to ace 1000 in place
  of the 200 [LC][TM][JDR][BP] (B-K5, D17);
* batida 100 [PLP][DH], with or without a discard [PJ] (D23), only with the morto taken and played
  [IU] and a clean canastra [PTW][JG][PJ] (B-K4, D21); the 100 kept when the stock runs out (D23);
* morto not taken, or taken and not played, -100 [PLP] (D22); a pair without a clean canastra counts
  its table minus and loses its canastras' bonuses [PTW newer text] (B-K3, D21);
* the game to 3000 [PTW] (B-K6), the paper sheet per pair (family.md §5).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.engine import RuleSet, RuleViolation, RuleViolations, SideEntry, SideScore, configure, score_hand
from scorekeeper.engine.catalogue import FAMILY_RULESETS
from scorekeeper.engine.entries import CanastaCount, CardMeld, Meld, Penalty, QuickEntry
from scorekeeper.engine.options import GAME_OPTIONS, offered_options

from .family_hands import breakdown, held, meld, refused

BURACO = FAMILY_RULESETS["buraco"]

#: 3H to 9H: 3-7 five each (25), 8 and 9 ten each (20) = 45; a clean canastra (200).
CLEAN_HEARTS = "3H 4H 5H 6H 7H 8H 9H"
#: Ace (low) to king of hearts, the two natural in its place: 15 + 10 + 5 x 5 + 6 x 10 = 110.
ACE_TO_KING_HEARTS = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
#: Ace to ace of spades: 15 + 10 + 25 + 60 + 15 = 125.
ACE_TO_ACE_SPADES = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
#: 3S 4S 5S, a wild 2D in the six's place, 7S 8S 9S: 15 + 10 + 5 + 20 = 50; a dirty canastra (100).
DIRTY_SPADES = "3S 4S 5S 2D 7S 8S 9S"


def buraco(**house: object) -> RuleSet:
    """The rule set as a game with these house rules plays it."""
    return configure(BURACO, house)


def assert_side(
    side: SideScore,
    total: int,
    *,
    meld: int = 0,
    bonus: int = 0,
    out: int = 0,
    hand: int = 0,
    penalties: int = 0,
    packet: int = 0,
) -> None:
    """Every item of the side's breakdown, as worked by hand, and the hand's total."""
    items = breakdown(meld=meld, bonus=bonus, out=out, hand=hand, penalties=penalties, packet=packet)
    assert side.breakdown.as_dict(packet=True) == items
    assert meld + bonus + out + hand + penalties + packet == total  # the arithmetic worked by hand adds up
    assert side.hand_score == total
    assert side.next_minimum is None  # no first-meld minimum in the family's games


def refusals(entries: list[SideEntry], ruleset: RuleSet = BURACO, **kwargs: object) -> list[tuple[object, ...]]:
    """Every rule the hand breaks, as (rule id, side, field); the hand must be refused."""
    return refused(entries, ruleset, **kwargs)


def violations(entries: list[SideEntry], ruleset: RuleSet = BURACO, **kwargs: object) -> list[RuleViolation]:
    with pytest.raises(RuleViolations) as refusal:
        score_hand(entries, ruleset, **kwargs)
    return list(refusal.value.violations)


# --- whole hands, the rule set as it stands --------------------------------------------------------------


def going_out_by_discard() -> list[SideEntry]:
    """NS goes out by discarding the 4D with a clean canastra; EO holds a clean one with a high ace."""
    return [
        SideEntry(
            name="NS",
            card_melds=(meld(CLEAN_HEARTS, "clean"), meld("10C JC QC KC")),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="4D",
        ),
        SideEntry(name="EO", card_melds=(meld("8S 9S 10S JS QS KS AS"),), held_cards=held("5D 6D"), packet="taken"),
    ]


def test_going_out_by_discard_with_a_clean_canastra_earns_the_batida_100_and_a_high_ace_counts_15():
    """[PTW] limpa 200; [PLP][DH] batida 100; [PJ] out by discarding; [BP] ace above the king; [GHV] values.

    NS: 3H..9H = 5 x 5 + 10 + 10 = 45, 10C JC QC KC = 40; 85 + 200 + 100 = 385.
    EO: 8S..KS AS = 6 x 10 + 15 = 75, clean 200; held 5D 6D = -10; 75 + 200 - 10 = 265.
    """
    result = score_hand(going_out_by_discard(), BURACO)
    north, east = result.sides
    assert_side(north, 385, meld=85, bonus=200, out=100)
    assert_side(east, 265, meld=75, bonus=200, hand=-10)
    assert north.canastas == CanastaCount(natural=1)
    assert east.canastas == CanastaCount(natural=1)
    assert result.went_out == 0
    assert not result.outcome.game_over


def ace_to_king_hand(north_closing: str = "no_discard", claim: str = "500") -> list[SideEntry]:
    return [
        SideEntry(
            name="NS",
            card_melds=(meld(ACE_TO_KING_HEARTS, claim), meld("5S 6S 7S")),
            packet="taken",
            went_out=True,
            closing=north_closing,
        ),
        SideEntry(
            name="EO",
            card_melds=(meld("8C 9C 10C JC 2D KC AC", "dirty"), meld("3D 4D 5D 6D 7D 8D 9D", "clean")),
            held_cards=("AS",),
            packet="taken",
        ),
    ]


def test_a_clean_canastra_from_ace_to_king_scores_500_in_place_of_the_200():
    """B-K5, D17 [LC][TM][JDR]: ace (low) to king clean, 500 replacing the 200; out by melding the last card [PJ].

    NS: AH..KH = 15 + 10 + 25 + 60 = 110, 5S 6S 7S = 15; 125 + 500 + 100 = 725.
    EO: 8C 9C 10C JC 2D(wild, the queen) KC AC = 40 + 10 + 10 + 15 = 75, suja 100; 3D..9D = 45, limpa 200;
    held AS -15; 120 + 300 - 15 = 405.
    """
    north, east = score_hand(ace_to_king_hand(), BURACO).sides
    assert_side(north, 725, meld=125, bonus=500, out=100)
    assert_side(east, 405, meld=120, bonus=300, hand=-15)
    assert north.canastas == CanastaCount(ace_to_king=1)
    assert east.canastas == CanastaCount(natural=1, mixed=1)


def ace_to_ace_hand(claim: str = "1000") -> list[SideEntry]:
    return [
        SideEntry(
            name="NS",
            card_melds=(meld(ACE_TO_ACE_SPADES, claim),),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="9D",
        ),
        SideEntry(name="EO", held_cards=held("2C 3C 8C AC"), packet="not_taken"),
    ]


def test_a_clean_canastra_from_ace_to_ace_scores_1000_and_a_pair_that_melded_nothing_counts_its_hand_only():
    """B-K5, D17 [BP][LC][TM]: ace to ace clean, 14 cards, 1000 replacing the 200; R-K2 ace_to_ace [PJ][BP].
    D21: a pair that melded nothing has no table to count minus; D22 [PLP] morto not taken -100.

    NS: AS..KS AS = 15 + 10 + 25 + 60 + 15 = 125; 125 + 1000 + 100 = 1225.
    EO: held 2C 3C 8C AC = 10 + 5 + 10 + 15 = 40; -40 - 100 = -140.
    """
    north, east = score_hand(ace_to_ace_hand(), BURACO).sides
    assert_side(north, 1225, meld=125, bonus=1000, out=100)
    assert_side(east, -140, hand=-40, packet=-100)
    assert north.canastas == CanastaCount(ace_to_ace=1)
    assert east.canastas == CanastaCount()


def test_an_ace_to_ace_run_with_a_wild_two_is_an_ordinary_dirty_canastra_and_an_unplayed_morto_costs_100():
    """D17: ace to ace with a wild card is an ordinary suja (100); D22 [PLP]: morto taken and not played,
    the same -100 as one never taken, the held cards as entered.

    NS: AD 2C(wild, the two's place) 3D..KD AD = 15 + 10 + 25 + 60 + 15 = 125, suja 100; 3H..9H 45, limpa
    200; out by discard, the card left unwritten (D23); 170 + 300 + 100 = 570.
    EO: 5C 6C 7C = 15, no clean canastra: -15 (B-K3); held QH JH 10H 4S = 35; -15 - 35 - 100 = -150.
    """
    entries = [
        SideEntry(
            name="NS",
            card_melds=(meld("AD 2C 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "dirty"), meld(CLEAN_HEARTS)),
            packet="taken",
            went_out=True,
            closing="discard",
        ),
        SideEntry(name="EO", card_melds=(meld("5C 6C 7C"),), held_cards=held("QH JH 10H 4S"), packet="taken_unplayed"),
    ]
    north, east = score_hand(entries, BURACO).sides
    assert_side(north, 570, meld=170, bonus=300, out=100)
    assert_side(east, -150, meld=-15, hand=-35, packet=-100)
    assert north.canastas == CanastaCount(natural=1, mixed=1)


def test_a_two_of_the_suit_in_its_own_place_is_natural_and_one_wild_two_may_join_it():
    """§2 row 5 [PJ][LC], D18: a two of the run's suit between ace and three is natural; then one wild.

    NS: AC 2C 3C..7C = 15 + 10 + 25 = 50, limpa 200; AD 2D 3D 2S(wild, the four) 5D 6D 7D 8D
    = 15 + 10 + 5 + 10 + 15 + 10 = 65, suja 100; out by melding; 115 + 300 + 100 = 515.
    EO: JH QH KH AH = 45; 4S..10S = 4 x 5 + 3 x 10 = 50, limpa 200; held 2H (a two held counts 10);
    95 + 200 - 10 = 285.
    """
    entries = [
        SideEntry(
            name="NS",
            card_melds=(meld("AC 2C 3C 4C 5C 6C 7C", "clean"), meld("AD 2D 3D 2S 5D 6D 7D 8D", "dirty")),
            packet="taken",
            went_out=True,
            closing="no_discard",
        ),
        SideEntry(
            name="EO",
            card_melds=(meld("JH QH KH AH"), meld("4S 5S 6S 7S 8S 9S 10S")),
            held_cards=("2H",),
            packet="taken",
        ),
    ]
    north, east = score_hand(entries, BURACO).sides
    assert_side(north, 515, meld=115, bonus=300, out=100)
    assert_side(east, 285, meld=95, bonus=200, hand=-10)
    assert north.canastas == CanastaCount(natural=1, mixed=1)


def two_to_ace_hand(discard: str = "2C") -> list[SideEntry]:
    return [
        SideEntry(
            name="NS",
            card_melds=(meld("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "clean"),),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard=discard,
        ),
        SideEntry(name="EO", card_melds=(meld("9D 10D JD QD KD"),), held_cards=held("3S 3C 7C"), packet="taken"),
    ]


def test_a_run_from_a_natural_two_to_a_high_ace_is_an_ordinary_clean_canastra_and_a_wild_two_may_be_the_last_discard():
    """D17: natural two to high ace is a limpa of 200, not the 500; D23: Buraco goes out on a wild discard.

    NS: 2H..KH AH = 10 + 25 + 60 + 15 = 110; 110 + 200 + 100 = 410.
    EO: 9D..KD = 50, no canastra at all: -50 (B-K3); held 3S 3C 7C = 15; -50 - 15 = -65.
    """
    north, east = score_hand(two_to_ace_hand(), BURACO).sides
    assert_side(north, 410, meld=110, bonus=200, out=100)
    assert_side(east, -65, meld=-50, hand=-15)
    assert north.canastas == CanastaCount(natural=1)


def dirty_only_hand() -> list[SideEntry]:
    return [
        SideEntry(
            name="NS",
            card_melds=(meld("5H 6H 7H 8H 9H 10H JH"),),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="KC",
        ),
        SideEntry(
            name="EO",
            card_melds=(meld(DIRTY_SPADES, "dirty"), meld("QD KD AD")),
            held_cards=held("6C 9C"),
            packet="taken",
        ),
    ]


def test_a_pair_without_a_clean_canastra_counts_its_table_minus_and_loses_its_dirty_bonus():
    """B-K3 [PTW newer text], D21: no limpa, the table's cards count minus and no canastra bonus is paid.

    NS: 5H..JH = 15 + 40 = 55, limpa 200; 55 + 200 + 100 = 355.
    EO: 3S 4S 5S 2D 7S 8S 9S = 50 (suja, lost), QD KD AD = 35; table -85; held 6C 9C = 15; -85 - 15 = -100.
    """
    north, east = score_hand(dirty_only_hand(), BURACO).sides
    assert_side(north, 355, meld=55, bonus=200, out=100)
    assert_side(east, -100, meld=-85, hand=-15)
    assert east.canastas == CanastaCount(mixed=1)  # the canastra is still recorded, its 100 not paid


def test_the_stock_running_out_with_nobody_out_and_the_morto_never_taken_still_costs_100():
    """D22: a morto not taken costs its 100 however the hand ended, on the stock too [PLP].

    NS: 3H..9H 45, limpa 200; held 4C -5; 45 + 200 - 5 = 240.
    EO: 8D 9D 10D = 30, no limpa: -30 (B-K3); held AS KS = 25; -30 - 25 - 100 = -155.
    """
    entries = [
        SideEntry(name="NS", card_melds=(meld(CLEAN_HEARTS),), held_cards=("4C",), packet="taken"),
        SideEntry(name="EO", card_melds=(meld("8D 9D 10D"),), held_cards=held("AS KS"), packet="not_taken"),
    ]
    result = score_hand(entries, BURACO, ended_on_stock=True)
    north, east = result.sides
    assert_side(north, 240, meld=45, bonus=200, hand=-5)
    assert_side(east, -155, meld=-30, hand=-25, packet=-100)
    assert result.went_out is None


def stock_out_hand() -> list[SideEntry]:
    return [
        SideEntry(
            name="NS",
            card_melds=(meld(CLEAN_HEARTS), meld("JS QS KS")),
            packet="taken",
            went_out=True,
            closing="no_discard",
        ),
        SideEntry(name="EO", card_melds=(meld("3C 4C 5C 6C 7C 8C 9C"),), held_cards=("JD",), packet="taken"),
    ]


def test_a_pair_going_out_as_the_stock_runs_out_keeps_the_batida_100():
    """D23: Buraco's sources are silent on a stock-out, so the batida keeps its 100 (I-K5 is Burraco's).

    NS: 45 + 30 = 75, limpa 200, batida 100 = 375.  EO: 3C..9C 45, limpa 200, held JD -10 = 235.
    """
    north, east = score_hand(stock_out_hand(), BURACO, ended_on_stock=True).sides
    assert_side(north, 375, meld=75, bonus=200, out=100)
    assert_side(east, 235, meld=45, bonus=200, hand=-10)


def test_penalties_the_table_agreed_come_off_the_pair_besides_its_hand():
    """§2 row 21: the sources name no Buraco penalty, so a penalty is what the table agreed, counted minus.

    NS: 3H..9H 45 + QC KC AC 35 = 80, limpa 200, batida 100, penalty 50; 80 + 200 + 100 - 50 = 330.
    EO: 4D..10D = 20 + 30 = 50, limpa 200; held AH -15; penalties 20 + 30; 50 + 200 - 15 - 50 = 185.
    """
    entries = [
        SideEntry(
            name="NS",
            card_melds=(meld(CLEAN_HEARTS), meld("QC KC AC")),
            packet="taken",
            went_out=True,
            closing="discard",
            penalties=(Penalty(50, "showed a card"),),
        ),
        SideEntry(
            name="EO",
            card_melds=(meld("4D 5D 6D 7D 8D 9D 10D"),),
            held_cards=("AH",),
            packet="taken",
            penalties=(Penalty(20, "drew out of turn"), Penalty(30, "wrong discard")),
        ),
    ]
    north, east = score_hand(entries, BURACO).sides
    assert_side(north, 330, meld=80, bonus=200, out=100, penalties=-50)
    assert_side(east, 185, meld=50, bonus=200, hand=-15, penalties=-50)


def test_cards_held_count_minus_at_the_value_of_every_rank():
    """§2 row 14 [GHV][PJ]: A 15, 2 10, 3-7 5, 8-K 10, held cards minus [PTW][PLP].

    NS: 3H..9H 45 + 10S JS QS 30 = 75, limpa 200, batida 100 = 375.
    EO: 4D..10D 50, limpa 200; held AC..KC = 15 + 10 + 5 x 5 + 6 x 10 = 110; 50 + 200 - 110 = 140.
    """
    entries = [
        SideEntry(
            name="NS",
            card_melds=(meld(CLEAN_HEARTS), meld("10S JS QS")),
            packet="taken",
            went_out=True,
            closing="discard",
        ),
        SideEntry(
            name="EO",
            card_melds=(meld("4D 5D 6D 7D 8D 9D 10D"),),
            held_cards=held("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"),
            packet="taken",
        ),
    ]
    north, east = score_hand(entries, BURACO).sides
    assert_side(north, 375, meld=75, bonus=200, out=100)
    assert_side(east, 140, meld=50, bonus=200, hand=-110)


def test_cards_held_given_by_rank_count_as_cards_and_a_three_is_an_ordinary_5():
    """D18 (the family has no special threes) [GHV]: Canasta's keys 3R and 3B are plain threes, 5 each.

    NS: AS 2S 3S..7S = 15 + 10 + 25 = 50, limpa 200, batida by melding 100 = 350.
    EO: 5C..JC = 15 + 40 = 55, limpa 200; held K K 3R 3B 2 A = 20 + 5 + 5 + 10 + 15 = 55; 55 + 200 - 55 = 200.
    """
    entries = [
        SideEntry(
            name="NS",
            card_melds=(meld("AS 2S 3S 4S 5S 6S 7S"),),
            packet="taken",
            went_out=True,
            closing="no_discard",
        ),
        SideEntry(
            name="EO",
            card_melds=(meld("5C 6C 7C 8C 9C 10C JC"),),
            hand={"K": 2, "3R": 1, "3B": 1, "2": 1, "A": 1},
            packet="taken",
        ),
    ]
    north, east = score_hand(entries, BURACO).sides
    assert_side(north, 350, meld=50, bonus=200, out=100)
    assert_side(east, 200, meld=55, bonus=200, hand=-55)


def test_the_paper_sheets_way_scores_the_points_melded_the_canastras_by_kind_and_the_points_held():
    """family.md §5: per pair, baixadas, canastras limpas / sujas, batida, morto, cards in hand.

    NS: 180 melded, limpa 200 + suja 100, batida 100 = 580.
    EO: 90 melded with only a suja: table minus -90 and no bonus (B-K3); held 30; morto taken and not
    played -100 (D22); -90 - 30 - 100 = -220.
    """
    entries = [
        SideEntry(
            name="NS",
            quick=QuickEntry(meld_points=180, canastas=CanastaCount(natural=1, mixed=1)),
            packet="taken",
            went_out=True,
            closing="no_discard",
        ),
        SideEntry(
            name="EO",
            quick=QuickEntry(meld_points=90, canastas=CanastaCount(mixed=1), hand_points=30),
            packet="taken_unplayed",
        ),
    ]
    north, east = score_hand(entries, BURACO).sides
    assert_side(north, 580, meld=180, bonus=300, out=100)
    assert_side(east, -220, meld=-90, hand=-30, packet=-100)
    assert north.canastas == CanastaCount(natural=1, mixed=1)
    assert east.canastas == CanastaCount(mixed=1)


def test_the_paper_sheet_counts_the_canastras_of_500_and_1000_and_a_pair_that_melded_nothing():
    """family.md §5: canastras of 500 / 1000 counted apart (B-K5); a penalty beside the sheet's figures.

    NS: 300 melded, 500 + 1000, batida 100, penalty 100; 300 + 1500 + 100 - 100 = 1800.
    EO: nothing melded (no table to count minus, D21), 85 held, morto not taken; -85 - 100 = -185.
    """
    entries = [
        SideEntry(
            name="NS",
            quick=QuickEntry(meld_points=300, canastas=CanastaCount(ace_to_king=1, ace_to_ace=1)),
            packet="taken",
            went_out=True,
            closing="discard",
            penalties=(Penalty(100, "looked at the morto"),),
        ),
        SideEntry(name="EO", quick=QuickEntry(hand_points=85), packet="not_taken"),
    ]
    north, east = score_hand(entries, BURACO).sides
    assert_side(north, 1800, meld=300, bonus=1500, out=100, penalties=-100)
    assert_side(east, -185, hand=-85, packet=-100)


# --- the game's end: 3000 [PTW] (B-K6) ---------------------------------------------------------------------


def with_totals(entries: list[SideEntry], *totals: int) -> list[SideEntry]:
    return [replace(entry, total_before=total) for entry, total in zip(entries, totals, strict=True)]


def test_the_game_ends_when_a_pair_reaches_3000_and_the_higher_total_wins():
    """B-K6 [PTW]: to 3000; both pairs past it, the higher total wins (NS led by less before the hand).

    NS 2700 + 385 = 3085; EO 2800 + 265 = 3065: game over, NS wins.
    """
    result = score_hand(with_totals(going_out_by_discard(), 2700, 2800), BURACO)
    assert [side.total_after for side in result.sides] == [3085, 3065]
    assert result.outcome.game_over
    assert result.outcome.winner == 0


def test_a_pair_reaching_exactly_3000_ends_the_game():
    """B-K6: "até que se atinjam 3000" [PTW], reaching the target is enough. NS 2615 + 385 = 3000."""
    result = score_hand(with_totals(going_out_by_discard(), 2615, 1000), BURACO)
    assert [side.total_after for side in result.sides] == [3000, 1265]
    assert (result.outcome.game_over, result.outcome.winner) == (True, 0)
    below = score_hand(with_totals(going_out_by_discard(), 2614, 1000), BURACO)
    assert below.sides[0].total_after == 2999
    assert not below.outcome.game_over


def test_a_tie_at_the_top_past_3000_plays_another_hand():
    """K20 tie policy (play on): NS 2800 + 385 = 3185, EO 2920 + 265 = 3185."""
    result = score_hand(with_totals(going_out_by_discard(), 2800, 2920), BURACO)
    assert [side.total_after for side in result.sides] == [3185, 3185]
    assert not result.outcome.game_over
    assert result.outcome.playing_on
    assert result.outcome.leaders == (0, 1)


# --- refusals, each with its rule, side and field --------------------------------------------------------


def with_meld(text: str, claim: str = "") -> list[SideEntry]:
    """NS scores as it may; EO's second meld is the one judged."""
    return [
        SideEntry(name="NS", card_melds=(meld(CLEAN_HEARTS),), packet="taken"),
        SideEntry(name="EO", card_melds=(meld("JD QD KD"), meld(text, claim)), packet="taken"),
    ]


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("5C 6C 2C 2S", "family_meld_too_many_wilds"),  # §2 row 4 [PJ][IU]: one wild card a meld
        ("4C 5C 7C", "family_run_gap"),  # a run goes up one card at a time [PTW]
        ("5C 6S 7C", "family_run_mixed_suits"),  # one suit [PTW]
        ("KC AC 2C", "family_run_past_the_ace"),  # D18: no turning the corner from king to ace to two
        ("2C 2S 2H", "family_wild_meld_not_allowed"),  # §2 row 13 [PJ], D19: no meld of wild cards
        ("KC KS KH", "family_sets_not_allowed"),  # B-K2 [BP][JG][PJ]: runs only
        ("4C 5C JK", "family_no_jokers"),  # B-K1 [PJ][IU]: no jokers
        ("AC 3C", "family_meld_too_small"),  # a meld is 3 cards or more [PJ]
    ],
)
def test_a_meld_the_game_does_not_allow_is_refused_at_its_place(text, rule):
    """Each wrong meld is refused naming the pair (EO, 1) and the meld (its second, melds[1])."""
    assert (rule, 1, "melds[1]") in refusals(with_meld(text))


def test_two_wild_cards_are_refused_even_beside_a_natural_two_when_neither_is_in_its_place():
    """D18: 3C 2C(wild, the four) 5C 2S(wild, the six): the two of the suit out of its place is wild."""
    [broken] = violations(with_meld("3C 2C 5C 2S"))
    assert (broken.rule, broken.side, broken.field) == ("family_meld_too_many_wilds", 1, "melds[1]")
    assert dict(broken.params)["wilds"] == 2


def test_a_set_given_by_rank_is_refused_where_the_game_has_runs_only():
    """B-K2: runs only, whether the set is written card by card or by rank and counts."""
    entries = [
        SideEntry(name="NS", card_melds=(CardMeld(rank="Q", naturals=3),), packet="taken"),
        SideEntry(name="EO", packet="taken"),
    ]
    assert refusals(entries) == [("family_sets_not_allowed", 0, "melds[0]")]


@pytest.mark.parametrize(
    ("text", "claim", "made"),
    [
        ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "500", "a clean canasta"),  # D17: two to high ace is 200
        (ACE_TO_KING_HEARTS, "clean", "a clean canasta from ace to king"),  # D20: the claim names the 500
        (DIRTY_SPADES, "clean", "a dirty canasta"),
        ("3H 4H 5H", "clean", "no canasta yet"),  # D20: a claim beside fewer than 7 cards
    ],
)
def test_a_claim_the_cards_do_not_make_is_refused_saying_what_they_make(text, claim, made):
    """D20: the written claim must name exactly what the cards make."""
    [broken] = violations(with_meld(text, claim))
    assert (broken.rule, broken.side, broken.field) == ("family_claim_unsupported", 1, "melds[1].claim")
    assert made in broken.message


def out_with(*texts: str, packet: str = "taken", closing: str = "discard", **entry: object) -> list[SideEntry]:
    return [
        SideEntry(
            name="NS",
            card_melds=tuple(meld(text) for text in texts),
            packet=packet,
            went_out=True,
            closing=closing,
            **entry,
        ),
        SideEntry(name="EO", packet="taken"),
    ]


def test_going_out_with_only_a_dirty_canastra_is_refused():
    """B-K4 [PTW][JG][PJ], D21: the batida needs a clean canastra."""
    assert refusals(out_with(DIRTY_SPADES)) == [("family_going_out_without_clean_canasta", 0, "went_out")]


def test_going_out_without_any_canastra_is_refused():
    assert refusals(out_with("3C 4C 5C")) == [("family_going_out_without_clean_canasta", 0, "went_out")]


@pytest.mark.parametrize("packet", ["not_taken", "taken_unplayed"])
def test_going_out_without_the_morto_taken_and_played_is_refused(packet):
    """§2 row 16 [IU], D22, D27: the batida only after the pair took its morto and played it (a morto not
    played costs as one never taken [PLP])."""
    [broken] = violations(out_with(CLEAN_HEARTS, packet=packet))
    assert (broken.rule, broken.side, broken.field) == ("family_going_out_without_packet", 0, "packet")
    assert broken.message == "A side goes out only after taking its packet and playing it."


def test_going_out_without_saying_how_is_refused():
    assert refusals(out_with(CLEAN_HEARTS, closing="")) == [("family_going_out_how", 0, "went_out")]


def test_two_pairs_going_out_in_one_hand_are_refused():
    entries = out_with(CLEAN_HEARTS)
    entries[1] = SideEntry(
        name="EO", card_melds=(meld("3C 4C 5C 6C 7C 8C 9C"),), packet="taken", went_out=True, closing="no_discard"
    )
    assert refusals(entries) == [("two_sides_out", None, "went_out")]


def test_a_closing_discard_for_a_pair_that_did_not_go_out_by_discarding_is_refused():
    """D23: the card discarded to go out is written only for a pair that went out by discarding."""
    entries = [
        SideEntry(name="NS", card_melds=(meld(CLEAN_HEARTS),), packet="taken", closing_discard="5C"),
        SideEntry(name="EO", packet="taken"),
    ]
    assert refusals(entries) == [("family_closing_discard_without_going_out", 0, "closing_discard")]


def test_a_card_of_one_suit_beyond_the_two_packs_is_refused_across_the_pairs():
    """§2 row 1 [PTW]: 2 x 52 cards, so two of each card: the two aces of spades of the 1000 and a third held."""
    entries = ace_to_ace_hand()
    entries[1] = SideEntry(name="EO", held_cards=("AS",), packet="not_taken")
    [broken] = violations(entries)
    assert (broken.rule, broken.side, broken.field) == ("family_cards_exceed_deck", None, None)
    assert dict(broken.params) == {"limit": 2, "card": "AS", "count": 3}


def test_more_of_one_rank_than_the_two_packs_hold_is_refused_across_the_pairs():
    """§2 row 1: eight kings in 104 cards; five held by NS by rank and four by EO make nine."""
    entries = [
        SideEntry(name="NS", card_melds=(meld(CLEAN_HEARTS),), hand={"K": 5}, packet="taken"),
        SideEntry(name="EO", hand={"K": 4}, packet="taken"),
    ]
    [broken] = violations(entries)
    assert (broken.rule, broken.side, broken.field) == ("family_cards_exceed_deck", None, None)
    assert dict(broken.params) == {"limit": 8, "card": "K", "count": 9}


def test_a_joker_held_in_a_game_without_jokers_is_refused_by_rank_too():
    """B-K1: 104 cards, no jokers; Canasta's JOKER key is read as a joker and refused."""
    entries = [
        SideEntry(name="NS", card_melds=(meld(CLEAN_HEARTS),), packet="taken"),
        SideEntry(name="EO", hand={"JOKER": 1}, packet="taken"),
    ]
    assert refusals(entries) == [("family_no_jokers", 1, "hand"), ("family_cards_exceed_deck", None, None)]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("red_threes", 1),
        ("black_threes", 2),
        ("concealed", True),
        ("hand_by_value", {5: 2}),
        ("special_hand", "garbage"),
        ("melds", (Meld("K", naturals=3),)),
    ],
)
def test_canastas_fields_are_refused_naming_the_field(field, value):
    """§5: a Buraco sheet has no red threes, black threes, concealed bonus, special hands or Canasta melds."""
    entries = [SideEntry(name="NS", packet="taken", **{field: value}), SideEntry(name="EO", packet="taken")]
    assert refusals(entries) == [("family_not_in_this_game", 0, field)]


def test_a_pair_whose_morto_is_not_said_is_refused():
    """§5: the sheet says whether the morto was taken (and played)."""
    entries = [SideEntry(name="NS", packet="taken"), SideEntry(name="EO")]
    assert refusals(entries) == [("family_packet_unknown", 1, "packet")]


def test_a_card_that_is_no_card_and_a_penalty_below_zero_are_refused():
    entries = [
        SideEntry(name="NS", held_cards=("1H",), packet="taken"),
        SideEntry(name="EO", packet="taken", penalties=(Penalty(-50, "a gift"),)),
    ]
    assert refusals(entries) == [("family_card_unknown", 0, "hand"), ("negative_count", 1, "penalties")]


def test_the_paper_sheet_refuses_kinds_buraco_has_not_and_points_no_cards_make():
    """§2 rows 11 and 13: no semi-clean and no canastra of wild cards; every card is worth a multiple of 5."""
    entries = [
        SideEntry(name="NS", quick=QuickEntry(meld_points=312, canastas=CanastaCount(semi=1)), packet="taken"),
        SideEntry(name="EO", quick=QuickEntry(meld_points=300, canastas=CanastaCount(wild=1)), packet="taken"),
    ]
    assert refusals(entries) == [
        ("not_multiple_of_five", 0, "meld_points"),
        ("family_quick_canasta_kind", 0, "canastas.semi"),
        ("family_quick_canasta_kind", 1, "canastas.wild"),
    ]


def test_the_paper_sheet_refuses_a_batida_without_a_clean_canastra_or_the_morto():
    """B-K4, D22 on the sheet's way: a suja only and the morto not taken."""
    entries = [
        SideEntry(
            name="NS",
            quick=QuickEntry(meld_points=200, canastas=CanastaCount(mixed=1)),
            packet="not_taken",
            went_out=True,
            closing="discard",
        ),
        SideEntry(name="EO", quick=QuickEntry(), packet="taken"),
    ]
    assert refusals(entries) == [
        ("family_going_out_without_packet", 0, "packet"),
        ("family_going_out_without_clean_canasta", 0, "went_out"),
    ]


def test_three_sides_are_refused_buraco_is_two_pairs_or_two_players():
    entries = [SideEntry(name=name, packet="taken") for name in ("A", "B", "C")]
    assert refusals(entries) == [("side_count", None, "sides")]


def test_the_paper_sheet_refuses_a_canastra_of_1000_with_fewer_points_melded_than_its_cards_hold():
    """D17: the 1000 is AS..KS AS, 14 fixed cards worth 15 + 10 + 25 + 60 + 15 = 125 [GHV]; 40 cannot hold it."""
    entries = [
        SideEntry(name="NS", quick=QuickEntry(meld_points=40, canastas=CanastaCount(ace_to_ace=1)), packet="taken"),
        SideEntry(name="EO", quick=QuickEntry(), packet="taken"),
    ]
    assert refusals(entries) == [("quick_canastas_exceed_meld_points", 0, "meld_points")]


def test_the_paper_sheet_refuses_a_closing_discard_for_a_pair_that_did_not_go_out():
    """D23: a closing discard is written only for a side that went out by discarding, whatever the entry's way."""
    entries = [
        SideEntry(
            name="NS",
            quick=QuickEntry(meld_points=45, canastas=CanastaCount(natural=1)),
            packet="taken",
            closing_discard="5C",
        ),
        SideEntry(name="EO", quick=QuickEntry(), packet="taken"),
    ]
    assert refusals(entries) == [("family_closing_discard_without_going_out", 0, "closing_discard")]


# --- every house rule of the family the rule set offers: on and off --------------------------------------


def test_the_house_rules_tested_here_are_every_one_buraco_offers():
    """Guard: a house rule added to Buraco's offer without a test here fails this test."""
    own = set(offered_options(BURACO)) - {*GAME_OPTIONS, "players"}
    assert own == {
        "ace_to_king_bonus",
        "ace_to_ace_bonus",
        "table_minus_without_clean",
        "going_out_with_packet_unplayed",
        "going_out_needs_canasta",
        "going_out_with_discard",
        "wild_closing_discard",
        "no_going_out_bonus_on_stock_out",
        "jokers",
        "joker_value",
        "sets_allowed",
        "ace_to_ace",
    }


def test_house_rule_ace_to_king_bonus_sets_or_removes_the_500():
    """B-K5 option `bonus_500`: none, the ace-to-king run is an ordinary limpa (200) and is claimed so.

    NS: 125 + 500 + 100 = 725 by default; none: 125 + 200 + 100 = 425; 300: 125 + 300 + 100 = 525.
    """
    assert score_hand(ace_to_king_hand(), BURACO).sides[0].hand_score == 725
    plain = buraco(ace_to_king_bonus=None)
    assert refusals(ace_to_king_hand(), plain) == [("family_claim_unsupported", 0, "melds[0].claim")]
    north, east = score_hand(ace_to_king_hand(claim="clean"), plain).sides
    assert_side(north, 425, meld=125, bonus=200, out=100)
    assert north.canastas == CanastaCount(natural=1)
    assert_side(east, 405, meld=120, bonus=300, hand=-15)
    north, _ = score_hand(ace_to_king_hand(claim=""), buraco(ace_to_king_bonus=300)).sides
    assert_side(north, 525, meld=125, bonus=300, out=100)
    assert north.canastas == CanastaCount(ace_to_king=1)


def test_house_rule_ace_to_king_bonus_of_300_is_claimed_by_its_bonus():
    """D20: the claim names the bonus of a special canasta; with `ace_to_king_bonus: 300` that bonus is 300."""
    north, _ = score_hand(ace_to_king_hand(claim="300"), buraco(ace_to_king_bonus=300)).sides
    assert north.hand_score == 525


def test_house_rule_ace_to_ace_bonus_sets_or_removes_the_1000():
    """B-K5 option `bonus_1000`: none, the ace-to-ace run is an ordinary limpa (200); 800, that much.

    NS: 1225 by default; none: 125 + 200 + 100 = 425; 800: 125 + 800 + 100 = 1025.
    """
    plain = buraco(ace_to_ace_bonus=None)
    assert refusals(ace_to_ace_hand(), plain) == [("family_claim_unsupported", 0, "melds[0].claim")]
    north, east = score_hand(ace_to_ace_hand(claim="clean"), plain).sides
    assert_side(north, 425, meld=125, bonus=200, out=100)
    assert north.canastas == CanastaCount(natural=1)
    assert_side(east, -140, hand=-40, packet=-100)
    north, _ = score_hand(ace_to_ace_hand(claim=""), buraco(ace_to_ace_bonus=800)).sides
    assert_side(north, 1025, meld=125, bonus=800, out=100)


def test_house_rule_ace_to_ace_off_refuses_a_run_with_an_ace_at_both_ends():
    """R-K2: without `ace_to_ace` an ace stands low or high, not both [EB9]; the ace-to-king 500 stays."""
    assert refusals(ace_to_ace_hand(), buraco(ace_to_ace=False)) == [("family_run_ace_low_and_high", 0, "melds[0]")]
    assert score_hand(ace_to_king_hand(), buraco(ace_to_ace=False)).sides[0].hand_score == 725


def test_house_rule_ace_to_ace_off_refuses_a_canastra_of_1000_on_the_paper_sheet():
    """D17: the 1000 is the ace-to-ace run, which the house rule forbids; the sheet cannot hold one."""
    entries = [
        SideEntry(name="NS", quick=QuickEntry(meld_points=125, canastas=CanastaCount(ace_to_ace=1)), packet="taken"),
        SideEntry(name="EO", quick=QuickEntry(), packet="taken"),
    ]
    assert refusals(entries, buraco(ace_to_ace=False)) == [("family_quick_canasta_kind", 0, "canastas.ace_to_ace")]


def test_house_rule_table_minus_without_clean_off_counts_a_dirty_canastra_plus():
    """B-K3 option `no_clean_table_negative: false`: EO's 85 count plus with the suja's 100.

    EO: 50 + 35 = 85, suja 100, held -15; 85 + 100 - 15 = 170 (on: -85 - 15 = -100). NS unchanged, 355.
    """
    north, east = score_hand(dirty_only_hand(), buraco(table_minus_without_clean=False)).sides
    assert_side(north, 355, meld=55, bonus=200, out=100)
    assert_side(east, 170, meld=85, bonus=100, hand=-15)


def test_house_rule_going_out_needs_any_canastra_or_none():
    """B-K4 option `out_needs: canasta` (Fechado [JG]): a suja lets the pair go out; with none, no canastra at all.

    The table-minus rule (B-K3) is a separate house rule and still counts the table minus:
    any: 3S..9S with 2D = 50 and QD KD AD 35: -85, no bonus, batida 100 = 15.
    none: 3C 4C 5C = 15: -15 + 100 = 85.
    """
    out_dirty = out_with(DIRTY_SPADES, "QD KD AD")
    assert refusals(out_dirty) == [("family_going_out_without_clean_canasta", 0, "went_out")]
    north, _ = score_hand(out_dirty, buraco(going_out_needs_canasta="any")).sides
    assert_side(north, 15, meld=-85, out=100)
    out_bare = out_with("3C 4C 5C")
    assert refusals(out_bare, buraco(going_out_needs_canasta="any")) == [
        ("family_going_out_without_canasta", 0, "went_out")
    ]
    north, _ = score_hand(out_bare, buraco(going_out_needs_canasta=None)).sides
    assert_side(north, 85, meld=-15, out=100)


def test_house_rule_going_out_with_discard_required_refuses_a_batida_by_melding():
    """§2 row 17: Buraco goes out with or without a discard [PJ]; `going_out_with_discard: required` [EB31]."""
    required = buraco(going_out_with_discard="required")
    assert refusals(ace_to_king_hand(), required) == [("family_going_out_without_discard", 0, "went_out")]
    north, _ = score_hand(ace_to_king_hand(north_closing="discard"), required).sides
    assert_side(north, 725, meld=125, bonus=500, out=100)


def test_house_rule_wild_closing_discard_off_refuses_going_out_on_a_two():
    """D23: Buraco's sources allow a wild last discard; `wild_closing_discard: false` forbids it [EB31]."""
    strict = buraco(wild_closing_discard=False)
    assert refusals(two_to_ace_hand("2C"), strict) == [("family_going_out_on_a_wild_discard", 0, "closing_discard")]
    north, east = score_hand(two_to_ace_hand("KD"), strict).sides
    assert_side(north, 410, meld=110, bonus=200, out=100)
    assert_side(east, -65, meld=-50, hand=-15)


def test_house_rule_wild_closing_discard_off_refuses_going_out_on_a_two_on_the_paper_sheet():
    """D23: the house rule is the pair's going out, whatever way the table writes the hand."""
    entries = [
        SideEntry(
            name="NS",
            quick=QuickEntry(meld_points=110, canastas=CanastaCount(natural=1)),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="2C",
        ),
        SideEntry(name="EO", quick=QuickEntry(), packet="taken"),
    ]
    assert refusals(entries, buraco(wild_closing_discard=False)) == [
        ("family_going_out_on_a_wild_discard", 0, "closing_discard")
    ]


def test_house_rule_going_out_with_packet_unplayed_lets_a_pair_go_out_before_its_morto_is_played_for_100():
    """D27's Italian reading as a house rule: the batida while the partner still holds the morto, which
    costs its 100 as one not played (D22, [PLP]); the held cards as the table entered them.

    NS: 3H..9H = 45, limpa 200, batida 100, morto not played -100, the partner holds KS -10: 235.
    The paper sheet: 45 melded, a clean canastra, 10 held: the same 235. Refused without the house rule.
    """
    unplayed = buraco(going_out_with_packet_unplayed=True)
    hand = out_with(CLEAN_HEARTS, packet="taken_unplayed", held_cards=("KS",))
    north, _ = score_hand(hand, unplayed).sides
    assert_side(north, 235, meld=45, bonus=200, out=100, hand=-10, packet=-100)
    sheet = replace(
        hand[0],
        card_melds=(),
        held_cards=(),
        quick=QuickEntry(meld_points=45, canastas=CanastaCount(natural=1), hand_points=10),
    )
    assert score_hand([sheet, hand[1]], unplayed).sides[0].hand_score == 235
    assert refusals(hand) == [("family_going_out_without_packet", 0, "packet")]
    assert refusals([sheet, hand[1]]) == [("family_going_out_without_packet", 0, "packet")]


def test_house_rule_no_going_out_bonus_on_stock_out_takes_the_batida_away_when_the_stock_ran_out():
    """I-K5 [OMS] as a house rule: NS 75 + 200 + 0 = 275 on a stock-out (375 without it); a hand not ended
    on the stock keeps the 100."""
    no_bonus = buraco(no_going_out_bonus_on_stock_out=True)
    north, east = score_hand(stock_out_hand(), no_bonus, ended_on_stock=True).sides
    assert_side(north, 275, meld=75, bonus=200)
    assert_side(east, 235, meld=45, bonus=200, hand=-10)
    assert score_hand(stock_out_hand(), no_bonus).sides[0].hand_score == 375


def joker_hand() -> list[SideEntry]:
    return [
        SideEntry(
            name="NS",
            card_melds=(meld("4H 5H JK 7H 8H 9H 10H", "dirty"), meld("3S 4S 5S 6S 7S 8S 9S")),
            packet="taken",
            went_out=True,
            closing="discard",
        ),
        SideEntry(name="EO", card_melds=(meld("JC QC KC"),), held_cards=held("JK 6D"), packet="taken"),
    ]


def test_house_rule_jokers_adds_them_as_wild_cards_worth_20():
    """B-K1 option `jokers` [PTW][JG], joker 20 [GHV]: a joker in the six's place makes a suja.

    NS: 4H 5H JK 7H 8H 9H 10H = 10 + 20 + 5 + 30 = 65, suja 100; 3S..9S 45, limpa 200; 110 + 300 + 100 = 510.
    EO: JC QC KC 30, no limpa: -30; held JK 6D = 25; -55. Without the house rule both jokers are refused.
    """
    north, east = score_hand(joker_hand(), buraco(jokers=True)).sides
    assert_side(north, 510, meld=110, bonus=300, out=100)
    assert_side(east, -55, meld=-30, hand=-25)
    assert north.canastas == CanastaCount(natural=1, mixed=1)
    assert refusals(joker_hand()) == [
        ("family_no_jokers", 0, "melds[0]"),
        ("family_no_jokers", 1, "hand"),
        ("family_cards_exceed_deck", None, None),
    ]


def test_house_rule_jokers_puts_four_in_the_packs():
    """§2 row 1 [IU]: with jokers 108 cards, four jokers; a fifth is refused."""
    entries = joker_hand()
    entries[1] = SideEntry(name="EO", held_cards=held("JK JK JK JK"), packet="taken")
    [broken] = violations(entries, buraco(jokers=True))
    assert (broken.rule, dict(broken.params)) == ("family_cards_exceed_deck", {"limit": 4, "card": "JK", "count": 5})


def test_house_rule_joker_value_50():
    """B-K1 `joker_value` 50 [IU]: NS 10 + 50 + 5 + 30 = 95 + 45 = 140; 140 + 300 + 100 = 540.
    EO: -30 - (50 + 5) = -85."""
    north, east = score_hand(joker_hand(), buraco(jokers=True, joker_value=50)).sides
    assert_side(north, 540, meld=140, bonus=300, out=100)
    assert_side(east, -85, meld=-30, hand=-55)


def test_house_rule_sets_allowed_takes_cards_of_one_rank_as_a_meld():
    """B-K2 option `sets_allowed` (Fechado [JG]): KH KS KD is a meld, and 8 8 8 with a wild two.

    NS: 3H..9H 45 + KH KS KD 30 = 75, limpa 200, batida 100 = 375.
    EO: 8S 8H 8D 2S = 30 + 10 = 40, no limpa: -40; held 5C -5; -45. Without it both sets are refused.
    """
    entries = [
        SideEntry(
            name="NS",
            card_melds=(meld(CLEAN_HEARTS), meld("KH KS KD")),
            packet="taken",
            went_out=True,
            closing="discard",
        ),
        SideEntry(name="EO", card_melds=(CardMeld(rank="8", naturals=3, twos=1),), held_cards=("5C",), packet="taken"),
    ]
    north, east = score_hand(entries, buraco(sets_allowed=True)).sides
    assert_side(north, 375, meld=75, bonus=200, out=100)
    assert_side(east, -45, meld=-40, hand=-5)
    assert refusals(entries) == [("family_sets_not_allowed", 0, "melds[1]"), ("family_sets_not_allowed", 1, "melds[0]")]
