"""Burraco (FIBur's Italian game) hand by hand through the engine's one scoring path: whole hands worked out
by hand from the sources, the hands the rules refuse, and every house rule the game offers, on and off.

Sources: rules/family.md §1 keys in brackets, its §3 contradiction ids (I-K*) and docs/rule-choices.md's
decisions (D16-D23). The facts every hand uses:

* card values: joker 30, two 20, ace 15, 8 to king 10, 3 to 7 5 [EB1][EB737]; melded cards count plus,
  held cards minus [EB737];
* burraco (7+ cards): clean 200 (no wild card; a two of the run's suit in its own place is natural [EB10]),
  semi-clean 150 (one wild card before or after 7 natural cards in sequence, or a set of 8 with its wild,
  [FB][FIAB] D16), dirty 100 [EB737];
* closing 100 (none when the stock runs out, I-K5 [OMS]); it needs the pozzetto taken, played or not
  (D27: the partner may still hold it), a burraco of any kind [EBCH] and a discard that is not a wild card
  [EB31] (D23);
* pozzetto never taken -100 [EB737][EB17]; taken and not played: its cards count as held, nothing more
  [EB17] (I-K4, D22); home game to 2005 [EB2781].
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.engine import RuleSet, RuleViolations, SideEntry, configure, score_hand
from scorekeeper.engine.catalogue import FAMILY_RULESETS
from scorekeeper.engine.entries import CanastaCount, CardMeld, Meld, Penalty, QuickEntry
from scorekeeper.engine.game import HandResult
from scorekeeper.engine.options import offered_options

from .family_hands import breakdown, held, meld, refused

BURRACO = FAMILY_RULESETS["burraco"]

#: The house rules of the game's length and its players, common to every rule set: not Burraco's own.
NOT_THE_GAMES_OWN = {"players", "target", "target_rule", "tie_policy", "match_mode", "hands_in_match"}


def rules(**house_rules: object) -> RuleSet:
    """Burraco with the given house rules (none: the rule set as the sources have it)."""
    return configure(BURRACO, house_rules)


def breakdowns(result: HandResult) -> list[dict[str, int]]:
    return [side.breakdown.as_dict(packet=True) for side in result.sides]


def scores(result: HandResult) -> list[int]:
    return [side.hand_score for side in result.sides]


def refusals(
    entries: list[SideEntry], ruleset: RuleSet | None = None, **kwargs: bool
) -> list[tuple[str, int | None, str | None]]:
    return refused(entries, ruleset or rules(), **kwargs)


def closing(*melds: CardMeld, discard: str = "", **entry: object) -> SideEntry:
    """A side that closed: its pozzetto taken and played, its last card discarded."""
    return SideEntry(
        card_melds=melds, packet="taken", went_out=True, closing="discard", closing_discard=discard, **entry
    )


# --- every kind of burraco, in whole hands -------------------------------------------------------------


def test_a_clean_run_burraco_scores_200_besides_its_cards_and_the_side_caught_without_its_pozzetto_pays_100():
    """[EB737] clean 200, closing 100; [EB17] pozzetto not taken -100, cards held minus.

    NS: 4S..10S = 4x5 + 3x10 = 50, clean 200; QH QD QC = 30; close 100; partner holds 9C 3D = 15:
        50 + 30 + 200 + 100 - 15 = 365.
    EW: JH JS JK = 10 + 10 + 30 = 50; holds AC KC 5C 2S = 15 + 10 + 5 + 20 = 50; no pozzetto -100:
        50 - 50 - 100 = -100.
    """
    north = closing(meld("4S 5S 6S 7S 8S 9S 10S", "clean"), meld("QH QD QC"), discard="6D", held_cards=held("9C 3D"))
    east = SideEntry(card_melds=(meld("JH JS JK"),), held_cards=held("AC KC 5C 2S"), packet="not_taken")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [
        breakdown(meld=80, bonus=200, out=100, hand=-15),
        breakdown(meld=50, hand=-50, packet=-100),
    ]
    assert scores(result) == [365, -100]
    assert [side.canastas for side in result.sides] == [CanastaCount(natural=1), CanastaCount()]
    assert result.went_out == 0
    assert [side.next_minimum for side in result.sides] == [None, None]  # no first-meld minimum in Burraco


def test_a_clean_set_of_seven_cards_of_one_rank_is_a_clean_burraco_and_a_dirty_run_closes_with_its_ace_high():
    """[FPDF][FB] a burraco is a run or a set of 7+; [EB9] the ace above the king; [EB737] dirty 100.

    NS (stays in): 8S 8S 8H 8H 8C 8C 8D = 7 x 10 = 70, clean 200; holds a king and a red three by rank
        (Canasta's keys) = 10 + 5: 70 + 200 - 15 = 255.
    EW (closes): 8D 9D 10D JD QD JK AD, the joker for the king, the ace high = 5 x 10 + 30 + 15 = 95,
        dirty 100 (five naturals before the joker, one after); close 100: 95 + 100 + 100 = 295.
    """
    north = SideEntry(card_melds=(meld("8S 8S 8H 8H 8C 8C 8D", "clean"),), hand={"K": 1, "3R": 1}, packet="taken")
    east = closing(meld("8D 9D 10D JD QD JK AD", "dirty"), discard="4C")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=70, bonus=200, hand=-15), breakdown(meld=95, bonus=100, out=100)]
    assert scores(result) == [255, 295]
    assert [side.canastas for side in result.sides] == [CanastaCount(natural=1), CanastaCount(mixed=1)]


def test_a_semi_clean_burraco_of_eight_cards_with_its_wild_before_seven_naturals_scores_150():
    """[FB][FIAB][EB737] semi-clean 150, D16: the wild before 7 unbroken naturals.

    NS: JK 4D..10D, the joker for the 3D = 30 + 4x5 + 3x10 = 80, semi 150; AS AH AC = 45; close 100;
        partner holds QS 10: 80 + 45 + 150 + 100 - 10 = 365.
    EW: 5H 6H 7H = 15; holds JK 2C = 50: 15 - 50 = -35.
    """
    north = closing(meld("JK 4D 5D 6D 7D 8D 9D 10D", "semi"), meld("AS AH AC"), discard="KC", held_cards=("QS",))
    east = SideEntry(card_melds=(meld("5H 6H 7H"),), held_cards=held("JK 2C"), packet="taken")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=125, bonus=150, out=100, hand=-10), breakdown(meld=15, hand=-50)]
    assert scores(result) == [365, -35]
    assert result.sides[0].canastas == CanastaCount(semi=1)


def test_a_semi_clean_burraco_may_hold_its_wild_inside_when_seven_naturals_stand_unbroken_before_it():
    """D16, the Codice's wording [FB][FIAB]: the wild "precedes or follows" 7 naturals, not only at an end.

    NS (stays in): 3C..9C JK JC, the joker for the 10C = 5x5 + 2x10 + 30 + 10 = 85, semi 150: 235.
    EW (closes): 5H..JH = 3x5 + 4x10 = 55, clean 200, close 100: 355.
    """
    north = SideEntry(card_melds=(meld("3C 4C 5C 6C 7C 8C 9C JK JC", "semi"),), packet="taken")
    east = closing(meld("5H 6H 7H 8H 9H 10H JH", "clean"), discard="3S")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=85, bonus=150), breakdown(meld=55, bonus=200, out=100)]
    assert scores(result) == [235, 355]


def test_a_set_of_eight_with_its_wild_is_semi_clean_150_and_a_set_of_seven_with_one_is_dirty_100():
    """[FB] a set of 8 or more holding its one wild card is semi-clean (D16); 7 cards with a wild: dirty.

    NS: KS KS KH KH KD KD KC JK = 7x10 + 30 = 100, semi 150; QS QH QD QC QS QH 2C = 6x10 + 20 = 80,
        dirty 100; close 100: 100 + 80 + 150 + 100 + 100 = 530.
    EW: 3D 4D 5D = 15; holds 10S 10S = 20; no pozzetto -100: 15 - 20 - 100 = -105.
    """
    north = closing(meld("KS KS KH KH KD KD KC JK", "semi"), meld("QS QH QD QC QS QH 2C", "dirty"), discard="7H")
    east = SideEntry(card_melds=(meld("3D 4D 5D"),), held_cards=held("10S 10S"), packet="not_taken")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=180, bonus=250, out=100), breakdown(meld=15, hand=-20, packet=-100)]
    assert scores(result) == [530, -105]
    assert result.sides[0].canastas == CanastaCount(semi=1, mixed=1)


def test_eight_cards_whose_wild_leaves_fewer_than_seven_naturals_on_either_side_are_a_dirty_burraco():
    """D16: semi-clean needs 7 unbroken naturals on one side of the wild; 4 before and 3 after is dirty.

    NS (stays in): 3S 4S 5S 6S JK 8S 9S 10S = 4x5 + 30 + 3x10 = 80, dirty 100; holds 7S 5: 175.
    EW (closes): 6C..KC = 2x5 + 6x10 = 70, clean 200, close 100: 370.
    """
    north = SideEntry(card_melds=(meld("3S 4S 5S 6S JK 8S 9S 10S", "dirty"),), held_cards=("7S",), packet="taken")
    east = closing(meld("6C 7C 8C 9C 10C JC QC KC", "clean"), discard="4H")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=80, bonus=100, hand=-5), breakdown(meld=70, bonus=200, out=100)]
    assert scores(result) == [175, 370]


def test_a_two_of_the_runs_suit_in_its_own_place_is_natural_its_burraco_clean_and_one_more_wild_may_join():
    """[EB10][EBM] the two before the three is natural and a wild may still join; it keeps its 20 [EB1].

    NS: AH 2H 3H..7H = 15 + 20 + 5x5 = 60, clean 200; close 100; partner holds 2D 20:
        60 + 200 + 100 - 20 = 340.
    EW: AC 2C 3C..7C JK, the joker for the 8C = 60 + 30 = 90; the natural two counts among the 7 before the
        joker: semi 150: 240.
    """
    north = closing(meld("AH 2H 3H 4H 5H 6H 7H", "clean"), discard="9S", held_cards=("2D",))
    east = SideEntry(card_melds=(meld("AC 2C 3C 4C 5C 6C 7C JK", "semi"),), packet="taken")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=60, bonus=200, out=100, hand=-20), breakdown(meld=90, bonus=150)]
    assert scores(result) == [340, 240]


def test_a_two_of_the_runs_suit_away_from_its_own_place_is_wild_and_the_burraco_dirty():
    """[EB10] only the two in the two's place is natural; elsewhere it is a pinella (D18).

    NS (stays in): 3D 4D 2D 6D 7D 8D 9D, the two for the 5D = 2x5 + 20 + 2x5 + 2x10 = 60, dirty 100: 160.
    EW (closes): JS QS KS AS, ace high = 3x10 + 15 = 45; 5C 5D 5H 5S 5C 5D 5H = 7x5 = 35, clean 200;
        close 100: 45 + 35 + 200 + 100 = 380.
    """
    north = SideEntry(card_melds=(meld("3D 4D 2D 6D 7D 8D 9D", "dirty"),), packet="taken")
    east = closing(meld("JS QS KS AS"), meld("5C 5D 5H 5S 5C 5D 5H", "clean"), discard="8H")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=60, bonus=100), breakdown(meld=80, bonus=200, out=100)]
    assert scores(result) == [160, 380]


def test_a_clean_run_from_ace_low_to_king_is_an_ordinary_clean_burraco_of_200():
    """I-K6: FIBur scores only 200/150/100 [EB737]; the ace below the two [EB9].

    NS: AD 2D..KD = 15 + 20 + 5x5 + 6x10 = 120, clean 200; close 100: 420.
    EW: JK 9S 10S, the joker for the 8S = 30 + 20 = 50; holds 4H 4H = 10; no pozzetto -100: -60.
    """
    north = closing(meld("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "clean"), discard="QC")
    east = SideEntry(card_melds=(meld("JK 9S 10S"),), held_cards=held("4H 4H"), packet="not_taken")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=120, bonus=200, out=100), breakdown(meld=50, hand=-10, packet=-100)]
    assert scores(result) == [420, -60]
    assert result.sides[0].canastas == CanastaCount(natural=1)


def test_thirteen_ordered_cards_and_a_wild_above_the_king_make_a_run_of_fourteen_semi_clean():
    """[EB9] at most 13 ordered cards + 1 wild = 14; D16: its wild after 13 naturals makes it semi-clean.

    NS (stays in): AS 2S..KS JK, the joker for the high ace = 120 + 30 = 150, semi 150: 300.
    EW (closes): 7C 7D 7H 7S 7C 7D 7H = 7x5 = 35, clean 200, close 100: 335.
    """
    north = SideEntry(card_melds=(meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", "semi"),), packet="taken")
    east = closing(meld("7C 7D 7H 7S 7C 7D 7H", "clean"), discard="9H")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=150, bonus=150), breakdown(meld=35, bonus=200, out=100)]
    assert scores(result) == [300, 335]


# --- card values, the packet, the end of the hand -----------------------------------------------------


def test_every_rank_held_counts_against_the_side_joker_30_two_20_ace_15_eight_to_king_10_three_to_seven_5():
    """[EB1][EB737] card values; held cards count minus.

    NS: 3C..9C = 5x5 + 2x10 = 45, clean 200, close 100: 345.
    EW: AH AS AD = 45; holds one card of every rank and a joker, AS..KS JK =
        15 + 20 + 5x5 + 6x10 + 30 = 150: 45 - 150 = -105.
    """
    north = closing(meld("3C 4C 5C 6C 7C 8C 9C"), discard="KH")
    east = SideEntry(
        card_melds=(meld("AH AS AD"),),
        held_cards=held("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK"),
        packet="taken",
    )
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=45, bonus=200, out=100), breakdown(meld=45, hand=-150)]
    assert scores(result) == [345, -105]


def test_cards_held_may_be_given_by_rank_with_canastas_keys_a_joker_30_and_a_black_three_5():
    """§5: the sheet records the points held; D18: a three is an ordinary card worth 5.

    NS: 3H..9H = 45, clean 200, close 100: 345.
    EW: 6D 6C 6S = 15; holds JOKER, 2, A, K K, 3B = 30 + 20 + 15 + 20 + 5 = 90: 15 - 90 = -75.
    """
    north = closing(meld("3H 4H 5H 6H 7H 8H 9H"), discard="10C")
    east = SideEntry(card_melds=(meld("6D 6C 6S"),), hand={"JOKER": 1, "2": 1, "A": 1, "K": 2, "3B": 1}, packet="taken")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=45, bonus=200, out=100), breakdown(meld=15, hand=-90)]
    assert scores(result) == [345, -75]


def test_a_pozzetto_taken_and_not_played_counts_its_cards_as_held_and_no_flat_100():
    """[EB17] I-K4, D22: the pozzetto's cards are entered among the held cards; nothing more taken off.

    NS: 4C..10C = 4x5 + 3x10 = 50, clean 200, close 100: 350.
    EW: 10D JD QD = 30; holds its unplayed pozzetto JK 2H AH KH QH JH 10H 9H 8H 7H 6H =
        30 + 20 + 15 + 6x10 + 2x5 = 135; packet 0: 30 - 135 = -105 (worse than the -100 of one never taken).
    """
    north = closing(meld("4C 5C 6C 7C 8C 9C 10C"), discard="3H")
    east = SideEntry(
        card_melds=(meld("10D JD QD"),),
        held_cards=held("JK 2H AH KH QH JH 10H 9H 8H 7H 6H"),
        packet="taken_unplayed",
    )
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=50, bonus=200, out=100), breakdown(meld=30, hand=-135)]
    assert scores(result) == [350, -105]


def test_when_the_stock_runs_out_nobody_closes_and_a_side_without_its_pozzetto_still_pays_100():
    """[OMS] the hand ends on the stock; D22: the pozzetto's 100 stands however the hand ended.

    NS: 3H..9H JK, the joker for the 10H = 45 + 30 = 75, semi 150; holds QS 10: 215.
    EW: KC KD KS = 30; holds 5D 5; no pozzetto -100: 30 - 5 - 100 = -75.
    """
    north = SideEntry(card_melds=(meld("3H 4H 5H 6H 7H 8H 9H JK"),), held_cards=("QS",), packet="taken")
    east = SideEntry(card_melds=(meld("KC KD KS"),), held_cards=("5D",), packet="not_taken")
    result = score_hand([north, east], rules(), ended_on_stock=True)
    assert breakdowns(result) == [breakdown(meld=75, bonus=150, hand=-10), breakdown(meld=30, hand=-5, packet=-100)]
    assert scores(result) == [215, -75]
    assert result.went_out is None


def test_a_close_as_the_stock_runs_out_earns_no_closing_bonus():
    """I-K5 [OMS]: no closing bonus on a stock-out; D23: the close still needs pozzetto, burraco, discard.

    NS: 5S..JS = 3x5 + 4x10 = 55, clean 200, close 0: 255.
    EW: AD AC JK = 15 + 15 + 30 = 60; holds 8C 10: 50.
    """
    north = closing(meld("5S 6S 7S 8S 9S 10S JS"), discard="4D")
    east = SideEntry(card_melds=(meld("AD AC JK"),), held_cards=("8C",), packet="taken")
    result = score_hand([north, east], rules(), ended_on_stock=True)
    assert breakdowns(result) == [breakdown(meld=55, bonus=200), breakdown(meld=60, hand=-10)]
    assert scores(result) == [255, 50]


def test_penalties_the_table_agreed_are_taken_off_the_side_as_their_own_item():
    """[EB17][FB] penalised points count against the side, apart from its cards.

    NS: JK 9H..KH AH, the joker for the 8H, the ace high = 30 + 5x10 + 15 = 95, dirty 100; close 100;
        penalty 50: 95 + 100 + 100 - 50 = 245.
    EW: 6C 7C 8C = 5 + 5 + 10 = 20; holds 3S 5; penalties 20 + 30: 20 - 5 - 50 = -35.
    """
    north = closing(meld("JK 9H 10H JH QH KH AH", "dirty"), discard="5S", penalties=(Penalty(50, "late close"),))
    east = SideEntry(
        card_melds=(meld("6C 7C 8C"),),
        held_cards=("3S",),
        packet="taken",
        penalties=(Penalty(20, "card exposed"), Penalty(30, "out of turn")),
    )
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [
        breakdown(meld=95, bonus=100, out=100, penalties=-50),
        breakdown(meld=20, hand=-5, penalties=-50),
    ]
    assert scores(result) == [245, -35]


def test_a_closing_discard_left_unwritten_is_still_a_close_with_its_100():
    """D23: the card discarded may be left unwritten.

    NS: QD QC QH QS QD QC QH = 7x10 = 70, clean 200, close 100: 370.
    EW: 4S 5S 6S = 15; holds AH 15: 0.
    """
    north = closing(meld("QD QC QH QS QD QC QH"))
    east = SideEntry(card_melds=(meld("4S 5S 6S"),), held_cards=("AH",), packet="taken")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=70, bonus=200, out=100), breakdown(meld=15, hand=-15)]
    assert scores(result) == [370, 0]


# --- the paper sheet's way ------------------------------------------------------------------------------


def test_the_paper_sheet_records_melded_points_burrachi_by_kind_the_close_and_the_points_held():
    """§5 [EBSC][FB]: card points melded, burrachi by kind, closing, pozzetto, cards in hand.

    NS: 255 melded; one clean, one semi-clean, one dirty = 200 + 150 + 100 = 450; close 100: 805.
    EW: 90 melded; 65 held; no pozzetto -100: 90 - 65 - 100 = -75.
    """
    north = SideEntry(
        quick=QuickEntry(meld_points=255, canastas=CanastaCount(natural=1, semi=1, mixed=1)),
        packet="taken",
        went_out=True,
        closing="discard",
    )
    east = SideEntry(quick=QuickEntry(meld_points=90, hand_points=65), packet="not_taken")
    result = score_hand([north, east], rules())
    assert breakdowns(result) == [breakdown(meld=255, bonus=450, out=100), breakdown(meld=90, hand=-65, packet=-100)]
    assert scores(result) == [805, -75]
    assert result.sides[0].canastas == CanastaCount(natural=1, semi=1, mixed=1)


def test_the_paper_sheet_and_the_cards_give_the_same_hand():
    """The same hand as the set-burrachi hand above, given as the sheet's figures.

    NS: 180 melded, semi 150 + dirty 100, close 100: 530. EW: 15 melded, 20 held, -100: -105.
    """
    by_cards = [
        closing(meld("KS KS KH KH KD KD KC JK"), meld("QS QH QD QC QS QH 2C"), discard="7H"),
        SideEntry(card_melds=(meld("3D 4D 5D"),), held_cards=held("10S 10S"), packet="not_taken"),
    ]
    by_sheet = [
        SideEntry(
            quick=QuickEntry(meld_points=180, canastas=CanastaCount(semi=1, mixed=1)),
            packet="taken",
            went_out=True,
            closing="discard",
        ),
        SideEntry(quick=QuickEntry(meld_points=15, hand_points=20), packet="not_taken"),
    ]
    from_cards, from_sheet = score_hand(by_cards, rules()), score_hand(by_sheet, rules())
    assert breakdowns(from_sheet) == breakdowns(from_cards)
    assert scores(from_sheet) == [530, -105]


def test_the_paper_sheet_refuses_what_the_cards_could_not_hold():
    """Every card is worth 5 at least, a burraco's seven cards 35 at least; Burraco has no 500 or 1000 (I-K6)
    and closes only with a discard [EB31]."""
    north = SideEntry(
        quick=QuickEntry(meld_points=22, canastas=CanastaCount(natural=1, ace_to_king=1, ace_to_ace=1, wild=1)),
        packet="taken",
        went_out=True,
        closing="no_discard",
    )
    east = SideEntry(quick=QuickEntry(meld_points=10, hand_points=7), packet="taken")
    broken = refusals([north, east])
    assert ("not_multiple_of_five", 0, "meld_points") in broken
    assert ("not_multiple_of_five", 1, "hand_points") in broken
    assert ("family_quick_canasta_kind", 0, "canastas.ace_to_king") in broken
    assert ("family_quick_canasta_kind", 0, "canastas.ace_to_ace") in broken
    assert ("family_quick_canasta_kind", 0, "canastas.wild") in broken
    # the clean burraco alone holds 35 at least (seven threes), more than 22; the other kinds are not Burraco's
    assert ("quick_canastas_exceed_meld_points", 0, "meld_points") in broken
    assert ("family_going_out_without_discard", 0, "went_out") in broken


def test_the_paper_sheet_refuses_a_close_on_a_wild_card_discard():
    """[EB31] never close by discarding a wild card (D23); the detailed entry refuses it, the sheet's way
    should too when the table writes the card."""
    north = SideEntry(
        quick=QuickEntry(meld_points=100, canastas=CanastaCount(natural=1)),
        packet="taken",
        went_out=True,
        closing="discard",
        closing_discard="JK",
    )
    broken = refusals([north, SideEntry(packet="taken")])
    assert ("family_going_out_on_a_wild_discard", 0, "closing_discard") in broken


def test_the_paper_sheet_refuses_a_closing_discard_for_a_side_that_did_not_close():
    """D23: a closing discard is written only for a side that went out by discarding."""
    north = SideEntry(
        quick=QuickEntry(meld_points=100, canastas=CanastaCount(natural=1)), packet="taken", closing_discard="5H"
    )
    broken = refusals([north, SideEntry(packet="taken")])
    assert ("family_closing_discard_without_going_out", 0, "closing_discard") in broken


# --- the game to 2005 ------------------------------------------------------------------------------------


def _first_hand(north_before: int, east_before: int) -> list[SideEntry]:
    """The clean-run hand: NS 365, EW -100 (worked out in the first test)."""
    north = closing(meld("4S 5S 6S 7S 8S 9S 10S"), meld("QH QD QC"), discard="6D", held_cards=held("9C 3D"))
    east = SideEntry(card_melds=(meld("JH JS JK"),), held_cards=held("AC KC 5C 2S"), packet="not_taken")
    return [replace(north, total_before=north_before), replace(east, total_before=east_before)]


def test_the_home_game_ends_when_a_side_reaches_2005_exactly():
    """[EB2781] home game to 2005; reaching it ends the game: 1640 + 365 = 2005, 1900 - 100 = 1800."""
    result = score_hand(_first_hand(1640, 1900), rules())
    assert [side.total_after for side in result.sides] == [2005, 1800]
    assert (result.outcome.game_over, result.outcome.winner) == (True, 0)


def test_below_2005_the_game_goes_on():
    """1630 + 365 = 1995 < 2005; 1900 - 100 = 1800: no one reached it."""
    result = score_hand(_first_hand(1630, 1900), rules())
    assert [side.total_after for side in result.sides] == [1995, 1800]
    assert (result.outcome.game_over, result.outcome.winner) == (False, None)


def test_when_both_sides_pass_2005_the_higher_total_wins_not_the_side_that_closed():
    """1700 + 365 = 2065; 2200 - 100 = 2100: both past 2005, EW higher wins."""
    result = score_hand(_first_hand(1700, 2200), rules())
    assert [side.total_after for side in result.sides] == [2065, 2100]
    assert (result.outcome.game_over, result.outcome.winner) == (True, 1)


def test_a_tie_at_the_top_past_2005_plays_another_hand():
    """1735 + 365 = 2100 = 2200 - 100: the rule set's tie policy plays on."""
    result = score_hand(_first_hand(1735, 2200), rules())
    assert [side.total_after for side in result.sides] == [2100, 2100]
    assert (result.outcome.game_over, result.outcome.playing_on) == (False, True)


# --- hands the rules refuse -----------------------------------------------------------------------------


def test_a_meld_holds_one_wild_card_only():
    """[EBM][FPDF] one wild per meld, in a run or a set."""
    entry = SideEntry(card_melds=(meld("5S 6S JK 2D"), meld("9C 9D JK 2H")), packet="taken")
    assert refusals([entry, SideEntry(packet="taken")]) == [
        ("family_meld_too_many_wilds", 0, "melds[0]"),
        ("family_meld_too_many_wilds", 0, "melds[1]"),
    ]


def test_a_run_with_a_gap_not_filled_by_its_wild_and_a_run_past_the_high_ace_are_refused():
    """[EB9] a run goes up one card at a time; nothing above the high ace (D18)."""
    entry = SideEntry(card_melds=(meld("3H 5H 6H"), meld("KH AH JK")), packet="taken")
    assert refusals([SideEntry(packet="taken"), entry]) == [
        ("family_run_gap", 1, "melds[0]"),
        ("family_run_past_the_ace", 1, "melds[1]"),
    ]


def test_burraco_has_no_meld_of_wild_cards_nor_a_set_of_pinelle():
    """[EBM] one wild per meld, so no meld of wild cards (D19); no set of twos."""
    entry = SideEntry(card_melds=(meld("JK 2S 2D"), meld("2H 2S 2C")), packet="taken")
    assert refusals([entry, SideEntry(packet="taken")]) == [
        ("family_wild_meld_not_allowed", 0, "melds[0]"),
        ("family_wild_meld_not_allowed", 0, "melds[1]"),
    ]


def test_an_ace_stands_low_or_high_never_both_in_one_run():
    """[EB9] the ace below the two or above the king, not both (ace to ace is a house rule)."""
    entry = SideEntry(card_melds=(meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),), packet="taken")
    assert refusals([entry, SideEntry(packet="taken")]) == [("family_run_ace_low_and_high", 0, "melds[0]")]


@pytest.mark.parametrize(
    ("written", "claim", "rule"),
    [
        ("5S 6S 7S 8S 9S 10S JK", "clean", "family_claim_unsupported"),  # dirty: a joker
        ("5S 6S 7S 8S 9S 10S JK", "semi", "family_claim_unsupported"),  # 7 cards with a wild: dirty
        ("JK 4D 5D 6D 7D 8D 9D 10D", "dirty", "family_claim_unsupported"),  # semi-clean, 150 not 100
        ("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "500", "family_claim_unsupported"),  # Burraco: clean 200
        ("3H 4H 5H", "clean", "family_claim_unsupported"),  # no burraco yet
        ("4C 5C 6C 7C 8C 9C 10C", "pulito", "family_claim_unknown"),
    ],
)
def test_a_claim_that_is_not_what_the_cards_make_is_refused_at_its_meld(written, claim, rule):
    """D20: the claim names exactly what the cards make."""
    entry = SideEntry(card_melds=(meld(written, claim),), packet="taken")
    assert refusals([entry, SideEntry(packet="taken")]) == [(rule, 0, "melds[0].claim")]


def test_a_side_closes_only_with_its_pozzetto_taken():
    """[EBCH] closing needs the pozzetto taken (D27: played or not)."""
    entry = SideEntry(card_melds=(meld("3H 4H 5H 6H 7H 8H 9H"),), packet="not_taken", went_out=True, closing="discard")
    with pytest.raises(RuleViolations) as refused_hand:
        score_hand([entry, SideEntry(packet="taken")], rules())
    [violation] = refused_hand.value.violations
    assert (violation.rule, violation.side, violation.field) == ("family_going_out_without_packet", 0, "packet")
    assert violation.message == "A side goes out only after taking its packet."


def partner_holds_the_pozzetto() -> list[SideEntry]:
    """NS closes while the partner, who went to the pozzetto with a discard, has not played it yet.

    NS: 4S..10S = 4x5 + 3x10 = 50, clean 200; QH QD QC = 30; close 100; the partner holds the pozzetto's 11
        cards JK 2H AH KH QH JH 10H 9H 8H 7H 6H = 30 + 20 + 15 + 6x10 + 2x5 = 135 (as held cards, no flat
        100 [EB17]): 80 + 200 + 100 - 135 = 245.
    EW: KC KD KS = 30; holds 5C 9D = 15: 15.
    """
    north = SideEntry(
        card_melds=(meld("4S 5S 6S 7S 8S 9S 10S", "clean"), meld("QH QD QC")),
        held_cards=held("JK 2H AH KH QH JH 10H 9H 8H 7H 6H"),
        packet="taken_unplayed",
        went_out=True,
        closing="discard",
        closing_discard="6D",
    )
    east = SideEntry(card_melds=(meld("KC KD KS"),), held_cards=held("5C 9D"), packet="taken")
    return [north, east]


def test_a_side_closes_with_its_pozzetto_taken_and_not_yet_played_its_cards_held_by_the_partner_count_minus():
    """D27 [EBCH][EB17][CPO]: the pozzetto need only be taken; left unplayed in the partner's hand its cards
    count as held, nothing more (D22). Worked in partner_holds_the_pozzetto: 245 and 15."""
    result = score_hand(partner_holds_the_pozzetto(), rules())
    assert breakdowns(result) == [
        breakdown(meld=80, bonus=200, out=100, hand=-135),
        breakdown(meld=30, hand=-15),
    ]
    assert scores(result) == [245, 15]
    assert result.went_out == 0


def test_a_close_with_the_pozzetto_not_yet_played_on_the_paper_sheet_counts_it_among_the_points_held():
    """D27 the paper sheet's way: 80 melded, a clean burraco, 135 held (the pozzetto's cards): 245."""
    sheet = SideEntry(
        quick=QuickEntry(meld_points=80, canastas=CanastaCount(natural=1), hand_points=135),
        packet="taken_unplayed",
        went_out=True,
        closing="discard",
    )
    assert scores(score_hand([sheet, SideEntry(packet="taken")], rules())) == [245, 0]


def test_in_the_two_player_game_a_player_never_closes_with_the_pozzetto_unplayed():
    """D27: alone, no partner holds the pozzetto: the one who closes took it and played it."""
    lone = configure(BURRACO, {"players": 2})
    entry = SideEntry(
        card_melds=(meld("3H 4H 5H 6H 7H 8H 9H"),), packet="taken_unplayed", went_out=True, closing="discard"
    )
    with pytest.raises(RuleViolations) as refused_hand:
        score_hand([entry, SideEntry(packet="taken")], lone)
    [violation] = refused_hand.value.violations
    assert (violation.rule, violation.side, violation.field) == ("family_going_out_without_packet", 0, "packet")
    assert violation.message == "A side goes out only after taking its packet and playing it."


def test_a_side_closes_only_with_a_burraco():
    """[EBCH] closing needs at least one burraco; six cards with a wild are none."""
    entry = closing(meld("3H 4H 5H 6H 7H JK"), meld("QS QD QC"))
    assert refusals([SideEntry(packet="taken"), entry]) == [("family_going_out_without_canasta", 1, "went_out")]


def test_a_side_closes_only_by_discarding_never_by_melding_its_last_card():
    """[EB31][FPDF] closing is an empty hand and a discard; only the pozzetto is taken "al volo"."""
    entry = SideEntry(card_melds=(meld("3H 4H 5H 6H 7H 8H 9H"),), packet="taken", went_out=True, closing="no_discard")
    assert refusals([entry, SideEntry(packet="taken")]) == [("family_going_out_without_discard", 0, "went_out")]


@pytest.mark.parametrize("wild", ["JK", "2C"])
def test_a_side_never_closes_by_discarding_a_wild_card(wild):
    """[EB31] no closing on a wild discard: a joker or a pinella."""
    entry = closing(meld("3H 4H 5H 6H 7H 8H 9H"), discard=wild)
    assert refusals([entry, SideEntry(packet="taken")]) == [
        ("family_going_out_on_a_wild_discard", 0, "closing_discard")
    ]


def test_a_closing_discard_written_for_a_side_that_did_not_close_is_refused():
    """D23: the discard is written only for a side that closed by discarding."""
    entry = SideEntry(card_melds=(meld("3H 4H 5H"),), packet="taken", closing_discard="9D")
    assert refusals([SideEntry(packet="taken"), entry]) == [
        ("family_closing_discard_without_going_out", 1, "closing_discard")
    ]


def test_only_one_side_closes_and_burraco_is_played_by_two_sides():
    """A hand has one close; two pairs (or two players) [EB1]."""
    out = closing(meld("3H 4H 5H 6H 7H 8H 9H"))
    also_out = closing(meld("3S 4S 5S 6S 7S 8S 9S"))
    assert ("two_sides_out", None, "went_out") in refusals([out, also_out])
    three = [SideEntry(packet="taken"), SideEntry(packet="taken"), SideEntry(packet="taken")]
    assert refusals(three) == [("side_count", None, "sides")]


def test_more_cards_than_the_two_packs_hold_are_refused_across_the_sides():
    """[EB1] 2 x 54 cards: 4 jokers, 2 of each card, 8 of each rank."""
    north = SideEntry(card_melds=(meld("5H 6H JK"), meld("9C 9D JK")), held_cards=held("JK 7D 7D"), packet="taken")
    east = SideEntry(card_melds=(meld("QS QH JK"),), held_cards=held("JK 7D"), packet="taken")
    with pytest.raises(RuleViolations) as refused:
        score_hand([north, east], rules())
    found = {(v.rule, v.params["card"], v.params["limit"], v.params["count"]) for v in refused.value.violations}
    assert found == {("family_cards_exceed_deck", "JK", 4, 5), ("family_cards_exceed_deck", "7D", 2, 3)}
    nine_kings = SideEntry(card_melds=(CardMeld(rank="K", naturals=9),), packet="taken")
    assert refusals([nine_kings, SideEntry(packet="taken")]) == [("family_cards_exceed_deck", None, None)]


def test_canastas_own_fields_are_refused_in_burraco_naming_each():
    """§5: a Burraco sheet has no red threes, Canasta melds by counts, hands by value or black threes."""
    entry = SideEntry(melds=(Meld("K", 3),), hand_by_value={5: 2}, black_threes=1, red_threes=1, packet="taken")
    assert refusals([entry, SideEntry(packet="taken")]) == [
        ("family_not_in_this_game", 0, "melds"),
        ("family_not_in_this_game", 0, "red_threes"),
        ("family_not_in_this_game", 0, "hand_by_value"),
        ("family_not_in_this_game", 0, "black_threes"),
    ]


def test_in_the_two_player_game_a_player_who_closes_holds_no_card():
    """[EB31] closing is an empty hand and a discard; alone, the closer has no partner holding cards.
    Canasta's two-player games refuse it (hand_not_empty_after_going_out); Burraco's should too."""
    lone = configure(BURRACO, {"players": 2})
    entry = closing(meld("3H 4H 5H 6H 7H 8H 9H"), discard="5C", held_cards=("KD",))
    assert refusals([entry, SideEntry(packet="taken")], lone) == [("hand_not_empty_after_going_out", 0, "hand")]


# --- every house rule of Burraco's own, on and off ------------------------------------------------------


def test_burracos_own_house_rules_are_the_ones_tested_here():
    """The list the tests below cover; a new house rule must bring its test."""
    own = set(offered_options(BURRACO)) - NOT_THE_GAMES_OWN
    assert own == {
        "semi_clean",
        "semi_clean_wild_at_end",
        "ace_to_king_bonus",
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


def test_house_rule_semi_clean_off_makes_the_semi_clean_burraco_a_dirty_100():
    """I-K2: semipulito "where provided" [EB737]; off, it is dirty.

    NS: JK 4D..10D = 80; on: semi 150, close 100, 330; off: dirty 100, close 100, 280.
    """
    north = closing(meld("JK 4D 5D 6D 7D 8D 9D 10D"), discard="KC")
    east = SideEntry(packet="taken")
    on, off = score_hand([north, east], rules()), score_hand([north, east], rules(semi_clean=False))
    assert breakdowns(on)[0] == breakdown(meld=80, bonus=150, out=100)
    assert breakdowns(off)[0] == breakdown(meld=80, bonus=100, out=100)
    assert (on.sides[0].canastas, off.sides[0].canastas) == (CanastaCount(semi=1), CanastaCount(mixed=1))
    claimed = closing(meld("JK 4D 5D 6D 7D 8D 9D 10D", "semi"), discard="KC")
    assert refusals([claimed, east], rules(semi_clean=False)) == [("family_claim_unsupported", 0, "melds[0].claim")]
    sheet = SideEntry(quick=QuickEntry(meld_points=80, canastas=CanastaCount(semi=1)), packet="taken")
    assert refusals([sheet, east], rules(semi_clean=False)) == [("family_quick_canasta_kind", 0, "canastas.semi")]


def test_house_rule_semi_clean_wild_at_end_makes_a_wild_inside_the_run_dirty_but_not_one_at_its_end():
    """I-K1 [OMS]: the wild at one end of the run only (D16: runs only; a set has no order).

    3C..9C JK JC = 85: default semi 150 (235), with the rule dirty 100 (185).
    JK 4D..10D = 80: semi 150 either way (230). KS KS KH KH KD KD KC JK = 100: semi 150 either way (250).
    """
    inside = SideEntry(card_melds=(meld("3C 4C 5C 6C 7C 8C 9C JK JC"),), packet="taken")
    at_end = SideEntry(card_melds=(meld("JK 4D 5D 6D 7D 8D 9D 10D"),), packet="taken")
    a_set = SideEntry(card_melds=(meld("KS KS KH KH KD KD KC JK"),), packet="taken")
    assert scores(score_hand([inside, at_end], rules())) == [235, 230]
    assert scores(score_hand([inside, at_end], rules(semi_clean_wild_at_end=True))) == [185, 230]
    assert scores(score_hand([a_set, at_end], rules(semi_clean_wild_at_end=True))) == [250, 230]


def test_house_rule_ace_to_king_bonus_pays_the_clean_run_from_ace_to_king_in_place_of_the_200():
    """I-K6: a reale value (300 [BOL]) for the 13-card clean run from the ace, in place of the 200.

    AD..KD = 120: default clean 200, close 100 = 420; with 300, 120 + 300 + 100 = 520.
    """
    hand = [closing(meld("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"), discard="QC"), SideEntry(packet="taken")]
    reale = rules(ace_to_king_bonus=300)
    off, on = score_hand(hand, rules()), score_hand(hand, reale)
    assert breakdowns(off)[0] == breakdown(meld=120, bonus=200, out=100)
    assert breakdowns(on)[0] == breakdown(meld=120, bonus=300, out=100)
    assert on.sides[0].canastas == CanastaCount(ace_to_king=1)
    sheet = SideEntry(
        quick=QuickEntry(meld_points=120, canastas=CanastaCount(ace_to_king=1)),
        packet="taken",
        went_out=True,
        closing="discard",
    )
    assert refusals([sheet, SideEntry(packet="taken")]) == [("family_quick_canasta_kind", 0, "canastas.ace_to_king")]
    assert scores(score_hand([sheet, SideEntry(packet="taken")], reale)) == [520, 0]


def test_house_rule_ace_to_king_bonus_the_table_claims_the_reale_by_its_value():
    """D20: a special canasta is claimed by its bonus; with the reale at 300 the claim is 300."""
    hand = [closing(meld("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "300"), discard="QC"), SideEntry(packet="taken")]
    assert scores(score_hand(hand, rules(ace_to_king_bonus=300))) == [520, 0]


def test_house_rule_going_out_with_packet_unplayed_off_refuses_a_close_while_the_partner_holds_the_pozzetto():
    """D27's other reading, Buraco's and Burako's (D22): the pozzetto taken and played before the close.

    The hand of partner_holds_the_pozzetto (245 and 15 by default) is refused, card by card and on the
    paper sheet; played, the same close scores (its cards no longer held: 80 + 200 + 100 = 380)."""
    played_first = rules(going_out_with_packet_unplayed=False)
    hand = partner_holds_the_pozzetto()
    assert refusals(hand, played_first) == [("family_going_out_without_packet", 0, "packet")]
    sheet = SideEntry(
        quick=QuickEntry(meld_points=80, canastas=CanastaCount(natural=1), hand_points=135),
        packet="taken_unplayed",
        went_out=True,
        closing="discard",
    )
    assert refusals([sheet, SideEntry(packet="taken")], played_first) == [
        ("family_going_out_without_packet", 0, "packet")
    ]
    played = replace(hand[0], packet="taken", held_cards=())
    assert scores(score_hand([played, hand[1]], played_first)) == [380, 15]


def test_house_rule_closing_needs_a_clean_burraco():
    """I-K3 [EB31]: the international code closes only with a clean burraco (D21: semi-clean is not one).

    NS: JK 4D..10D = 80, semi 150, close 100: 330 by default; refused with the rule.
    With a clean 3H..9H besides: 80 + 45 + 150 + 200 + 100 = 575 under the rule.
    """
    semi_only = [closing(meld("JK 4D 5D 6D 7D 8D 9D 10D"), discard="KC"), SideEntry(packet="taken")]
    assert scores(score_hand(semi_only, rules())) == [330, 0]
    clean_needed = rules(going_out_needs_canasta="clean")
    assert refusals(semi_only, clean_needed) == [("family_going_out_without_clean_canasta", 0, "went_out")]
    with_clean = closing(meld("JK 4D 5D 6D 7D 8D 9D 10D"), meld("3H 4H 5H 6H 7H 8H 9H"), discard="KC")
    assert scores(score_hand([with_clean, SideEntry(packet="taken")], clean_needed)) == [575, 0]


def test_house_rule_closing_needs_no_burraco():
    """going_out_needs_canasta None: a close without a burraco. 3H..7H JK = 25 + 30 = 55, close 100: 155."""
    hand = [closing(meld("3H 4H 5H 6H 7H JK"), discard="KC"), SideEntry(packet="taken")]
    assert refusals(hand) == [("family_going_out_without_canasta", 0, "went_out")]
    result = score_hand(hand, rules(going_out_needs_canasta=None))
    assert breakdowns(result)[0] == breakdown(meld=55, out=100)


def test_house_rule_going_out_with_or_without_a_discard():
    """going_out_with_discard "either" (Buraco's way [PJ]): a close by melding the last card earns its 100.

    3H..9H = 45, clean 200, close 100: 345.
    """
    melded_out = SideEntry(
        card_melds=(meld("3H 4H 5H 6H 7H 8H 9H"),), packet="taken", went_out=True, closing="no_discard"
    )
    hand = [melded_out, SideEntry(packet="taken")]
    assert refusals(hand) == [("family_going_out_without_discard", 0, "went_out")]
    assert breakdowns(score_hand(hand, rules(going_out_with_discard="either")))[0] == breakdown(
        meld=45, bonus=200, out=100
    )


def test_house_rule_a_wild_card_may_be_the_closing_discard():
    """wild_closing_discard on: the joker discarded to close is accepted; 3H..9H 45 + 200 + 100 = 345."""
    hand = [closing(meld("3H 4H 5H 6H 7H 8H 9H"), discard="JK"), SideEntry(packet="taken")]
    assert refusals(hand) == [("family_going_out_on_a_wild_discard", 0, "closing_discard")]
    assert scores(score_hand(hand, rules(wild_closing_discard=True))) == [345, 0]


def test_house_rule_the_closing_bonus_kept_when_the_stock_runs_out():
    """I-K5 option: no_going_out_bonus_on_stock_out off keeps the 100. 5S..JS 55 + 200 = 255, or 355."""
    hand = [closing(meld("5S 6S 7S 8S 9S 10S JS"), discard="4D"), SideEntry(packet="taken")]
    assert breakdowns(score_hand(hand, rules(), ended_on_stock=True))[0] == breakdown(meld=55, bonus=200)
    kept = score_hand(hand, rules(no_going_out_bonus_on_stock_out=False), ended_on_stock=True)
    assert breakdowns(kept)[0] == breakdown(meld=55, bonus=200, out=100)
    assert scores(kept) == [355, 0]


def test_house_rule_no_jokers_refuses_a_joker_melded_or_held_and_the_packs_hold_none():
    """jokers off (104 cards, as Burraco reale is played, eburraco.com ?p=1983): a joker anywhere is refused."""
    north = SideEntry(card_melds=(meld("5H 6H JK"),), packet="taken")
    east = SideEntry(held_cards=("JK",), packet="taken")
    assert scores(score_hand([north, east], rules())) == [40, -30]  # 5 + 5 + 30; the joker held 30
    assert refusals([north, east], rules(jokers=False)) == [
        ("family_no_jokers", 0, "melds[0]"),
        ("family_no_jokers", 1, "hand"),
        ("family_cards_exceed_deck", None, None),
    ]
    pinella = SideEntry(card_melds=(meld("5H 6H 2S"),), packet="taken")
    assert scores(score_hand([pinella, SideEntry(packet="taken")], rules(jokers=False))) == [30, 0]


def test_house_rule_joker_value_changes_the_joker_melded_and_held():
    """joker_value 50 in place of 30 [EB1].

    NS: JK 4D..10D = 50 + 50 = 100 (80 at 30), semi 150, close 100: 350 (330).
    EW: 5H 6H 7H 15, holds JK 2C = 50 + 20 = 70 (50): -55 (-35).
    """
    north = closing(meld("JK 4D 5D 6D 7D 8D 9D 10D"), discard="KC")
    east = SideEntry(card_melds=(meld("5H 6H 7H"),), held_cards=held("JK 2C"), packet="taken")
    assert scores(score_hand([north, east], rules())) == [330, -35]
    fifty = score_hand([north, east], rules(joker_value=50))
    assert breakdowns(fifty) == [breakdown(meld=100, bonus=150, out=100), breakdown(meld=15, hand=-70)]
    assert scores(fifty) == [350, -55]


def test_house_rule_no_sets_melds_runs_only():
    """sets_allowed off (runs only, as the international code and Burraco reale play, eburraco.com ?p=1983).

    By default QH QD QC = 30 beside 3H..9H 45 + 200 + 100: 375.
    """
    hand = [closing(meld("3H 4H 5H 6H 7H 8H 9H"), meld("QH QD QC"), discard="KC"), SideEntry(packet="taken")]
    assert scores(score_hand(hand, rules())) == [375, 0]
    assert refusals(hand, rules(sets_allowed=False)) == [("family_sets_not_allowed", 0, "melds[1]")]


def test_house_rule_ace_to_ace_lets_a_run_hold_the_ace_low_and_high():
    """R-K2 as a house rule: AH..KH AH, 14 naturals = 120 + 15 = 135, an ordinary clean 200 (Burraco has no
    1000): 335; never a fifteenth card."""
    hand = [
        SideEntry(card_melds=(meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "clean"),), packet="taken"),
        SideEntry(packet="taken"),
    ]
    assert refusals(hand) == [("family_run_ace_low_and_high", 0, "melds[0]")]
    both_ends = rules(ace_to_ace=True)
    result = score_hand(hand, both_ends)
    assert breakdowns(result)[0] == breakdown(meld=135, bonus=200)
    assert result.sides[0].canastas == CanastaCount(natural=1)
    too_long = SideEntry(card_melds=(meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK"),), packet="taken")
    assert refusals([too_long, SideEntry(packet="taken")], both_ends) == [("family_run_too_long", 0, "melds[0]")]
