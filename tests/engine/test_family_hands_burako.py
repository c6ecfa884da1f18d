"""Burako (the River Plate game with cards): whole hands worked by hand from the sources, valid and
refused, and every house rule of the rule set, through the engine's one scoring path (``score_hand``).

Sources (keys of rules/family.md §1, K ids of its §3, D ids of docs/rule-choices.md):
* card values: joker 50, 2 20, A 15, 8 to K 10, 3 to 7 5 [GHK] (family.md §2 row 14, R-K4);
* canastas of 7 cards: real (no wild card) 200, simple (one wild card) 100 [ACA2][ACA3][GHK]; a canasta of
  jokers and twos 1000 [ACA3], any mix, 7 or more, unfinished its cards only (D19); no semi-clean and no
  500/1000 runs (D17);
* one wild card a meld, a two regaining its natural value in its own place [ACA2] (D18); sets and runs
  [ACA2][BPLAY]; an ace low or high, not both (R-K2);
* cierre 100 with a muerto taken and a canasta of any kind [ACA3][GHK] (D21), with or without a discard,
  a wild card discard too (D23), the bonus kept when the stock runs out (D23);
* muerto not taken -100, taken and not used -100, the held cards as entered [ACA3][GHK] (R-K1, D22);
  cards melded plus, cards held minus [ACA3]; castigos [ACA2];
* 2 x 52 + 4 jokers [BPLAY][MDZ]: two of each card, eight of each rank, four jokers; game to 2000 [ACA3].

Each hand's arithmetic is in its docstring: "melded + bonuses + cierre + packet + held + castigos = total".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.engine import RuleSet, RuleViolations, SideEntry, score_hand
from scorekeeper.engine.catalogue import FAMILY_RULESETS
from scorekeeper.engine.entries import CanastaCount, Meld, Penalty, QuickEntry
from scorekeeper.engine.family.cards import named
from scorekeeper.engine.game import HandResult
from scorekeeper.engine.options import GAME_OPTIONS, configure, offered_options

from .family_hands import breakdown, held, meld, refused

BURAKO = FAMILY_RULESETS["burako"]

#: 3H to 9H: 3-7 five each (25), 8 and 9 ten each (20) = 45; a real canasta.
HEARTS_3_TO_9 = "3H 4H 5H 6H 7H 8H 9H"


def burako(**house_rules: object) -> RuleSet:
    """Burako with the given house rules, as a new game configures it."""
    return configure(BURAKO, house_rules)


def sheet(result: HandResult) -> list[tuple[dict[str, int], int]]:
    """Every side's breakdown, item by item, and its hand score."""
    return [(side.breakdown.as_dict(packet=True), side.hand_score) for side in result.sides]


def refusals(
    entries: Sequence[SideEntry], ruleset: RuleSet = BURAKO, **kwargs: Any
) -> list[tuple[str, int | None, str | None]]:
    return refused(entries, ruleset, **kwargs)


# --- whole hands ---------------------------------------------------------------------------------------


def first_hand(ns_before: int = 0, eo_before: int = 0) -> list[SideEntry]:
    """NS goes out by discarding with a real run of diamonds; EO never reached its muerto."""
    return [
        SideEntry(
            name="NS",
            total_before=ns_before,
            card_melds=(meld("6D 7D 8D 9D 10D JD QD", "clean"), meld("AS AH AC")),
            held_cards=held("9S QH"),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="4C",
        ),
        SideEntry(
            name="EO",
            total_before=eo_before,
            card_melds=(meld("5S 5H 5C"), meld("JH QH KH")),
            held_cards=held("JK 2D 3S"),
            packet="not_taken",
        ),
    ]


def test_a_side_that_goes_out_by_discarding_scores_its_cards_its_real_canasta_and_the_cierre():
    """[ACA3][GHK]. NS: 6D 7D 5+5, 8D-QD 5x10 = 60 and AS AH AC 3x15 = 45: melded 105; real 200; cierre 100;
    the partner holds 9S QH: -20. 105 + 200 + 100 - 20 = 385.
    EO: 5S 5H 5C 15 + JH QH KH 30 = 45; muerto not taken -100; JK 2D 3S 50 + 20 + 5 = -75. 45 - 100 - 75 = -130."""
    result = score_hand(first_hand(), BURAKO)
    assert sheet(result) == [
        (breakdown(meld=105, bonus=200, out=100, hand=-20), 385),
        (breakdown(meld=45, packet=-100, hand=-75), -130),
    ]
    assert [side.canastas for side in result.sides] == [CanastaCount(natural=1), CanastaCount()]
    assert [side.next_minimum for side in result.sides] == [None, None]  # no first-meld minimum [ACA3]
    assert result.went_out == 0


def test_every_rank_and_the_joker_held_counts_its_card_value_against_the_side():
    """[GHK] R-K4. NS: seven queens 7x10 = 70, real 200; cierre by melding every card 100: 370.
    EO held A 15 + 2 20 + 3-7 5x5 + 8-K 6x10 + JK 50 = 15 + 20 + 25 + 60 + 50 = 170; muerto not taken:
    -170 - 100 = -270."""
    entries = [
        SideEntry(
            card_melds=(meld("QC QD QH QS QC QD QH", "clean"),), packet="taken", went_out=True, closing="no_discard"
        ),
        SideEntry(held_cards=held("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK"), packet="not_taken"),
    ]
    assert sheet(score_hand(entries, BURAKO)) == [
        (breakdown(meld=70, bonus=200, out=100), 370),
        (breakdown(packet=-100, hand=-170), -270),
    ]


def test_a_canasta_of_jokers_and_twos_scores_1000_and_is_the_canasta_a_side_goes_out_with():
    """[ACA3] D19 D21. NS: JK JK 2S 2H 2D 2C JK 3x50 + 4x20 = 230 and 8H 9H 10H 30: melded 260; wild 1000;
    cierre 100 (its only canasta is the wild one): 1360.
    EO: JK 2C 2S (unfinished, no bonus) 50 + 20 + 20 = 90 and 4D-10D 4x5 + 3x10 = 50: melded 140; real 200;
    AH held -15: 325."""
    entries = [
        SideEntry(
            card_melds=(meld("JK JK 2S 2H 2D 2C JK", "wild"), meld("8H 9H 10H")),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="KD",
        ),
        SideEntry(
            card_melds=(meld("JK 2C 2S"), meld("4D 5D 6D 7D 8D 9D 10D", "clean")), held_cards=("AH",), packet="taken"
        ),
    ]
    result = score_hand(entries, BURAKO)
    assert sheet(result) == [
        (breakdown(meld=260, bonus=1000, out=100), 1360),
        (breakdown(meld=140, bonus=200, hand=-15), 325),
    ]
    assert [side.canastas for side in result.sides] == [CanastaCount(wild=1), CanastaCount(natural=1)]


def test_a_canasta_of_wild_cards_may_hold_more_than_seven_and_still_scores_1000():
    """D19 (no limit on its size). NS: the four jokers and four twos 4x50 + 4x20 = 280, written "1000";
    bonus 1000; a second 2H held -20: 1260.
    EO: kings KS KS KH KH KD KD 6x10 + 2C 20 = 80, simple 100; cierre by melding every card 100: 280."""
    entries = [
        SideEntry(card_melds=(meld("JK JK JK JK 2S 2H 2D 2C", "1000"),), held_cards=("2H",), packet="taken"),
        SideEntry(
            card_melds=(meld("KS KS KH KH KD KD 2C", "dirty"),), packet="taken", went_out=True, closing="no_discard"
        ),
    ]
    result = score_hand(entries, BURAKO)
    assert sheet(result) == [
        (breakdown(meld=280, bonus=1000, hand=-20), 1260),
        (breakdown(meld=80, bonus=100, out=100), 280),
    ]
    assert [side.canastas for side in result.sides] == [CanastaCount(wild=1), CanastaCount(mixed=1)]


def test_an_unfinished_meld_of_wild_cards_counts_its_cards_and_earns_no_bonus():
    """D19 (from 3 cards, at their card values while unfinished). NS: JK JK 2S 2H 2D 2C (6 cards) 2x50 + 4x20
    = 180, no bonus; 3C-9C 5x5 + 2x10 = 45, real 200; cierre 100: 180 + 45 + 200 + 100 = 525.
    EO: 2D 2S 2H 60 (no bonus) and JS JH JD JC 40: melded 100; JK held -50: 50."""
    entries = [
        SideEntry(
            card_melds=(meld("JK JK 2S 2H 2D 2C"), meld("3C 4C 5C 6C 7C 8C 9C")),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="10S",
        ),
        SideEntry(card_melds=(meld("2D 2S 2H"), meld("JS JH JD JC")), held_cards=("JK",), packet="taken"),
    ]
    result = score_hand(entries, BURAKO)
    assert sheet(result) == [
        (breakdown(meld=225, bonus=200, out=100), 525),
        (breakdown(meld=100, hand=-50), 50),
    ]
    assert [side.canastas for side in result.sides] == [CanastaCount(natural=1), CanastaCount()]


def test_a_run_takes_its_ace_low_below_a_natural_two_or_high_above_the_king():
    """D18 R-K2. NS: AH 2H 3H-7H 15 + 20 (natural two in its place) + 25 = 60, real 200; 10S JS QS KS AS
    4x10 + 15 = 55; 3C held -5: 60 + 55 + 200 - 5 = 310.
    EO: 8C-KC AC 6x10 + 15 = 75, real 200; cierre 100: 375."""
    result = score_hand(ace_hand(), BURAKO)
    assert sheet(result) == [
        (breakdown(meld=115, bonus=200, hand=-5), 310),
        (breakdown(meld=75, bonus=200, out=100), 375),
    ]
    assert [side.canastas for side in result.sides] == [CanastaCount(natural=1), CanastaCount(natural=1)]


def ace_hand(ns_before: int = 0, eo_before: int = 0) -> list[SideEntry]:
    return [
        SideEntry(
            total_before=ns_before,
            card_melds=(meld("AH 2H 3H 4H 5H 6H 7H", "clean"), meld("10S JS QS KS AS")),
            held_cards=("3C",),
            packet="taken",
        ),
        SideEntry(
            total_before=eo_before,
            card_melds=(meld("8C 9C 10C JC QC KC AC", "clean"),),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="6S",
        ),
    ]


def test_a_natural_two_in_its_own_place_leaves_room_for_the_one_wild_card():
    """[ACA2] D18. NS: AD 2D 3D JK 5D 6D 7D: the 2D natural, the joker the four: 15 + 20 + 5 + 50 + 3x5 = 105,
    simple 100; 2S 3S 4S (a natural two without its ace) 20 + 5 + 5 = 30; JK held -50: 135 + 100 - 50 = 185.
    EO: nines 9H 9S 9D 9C 9H 9S 9D 70, real 200; cierre 100: 370."""
    entries = [
        SideEntry(
            card_melds=(meld("AD 2D 3D JK 5D 6D 7D", "dirty"), meld("2S 3S 4S")), held_cards=("JK",), packet="taken"
        ),
        SideEntry(
            card_melds=(meld("9H 9S 9D 9C 9H 9S 9D"),),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="4C",
        ),
    ]
    result = score_hand(entries, BURAKO)
    assert sheet(result) == [
        (breakdown(meld=135, bonus=100, hand=-50), 185),
        (breakdown(meld=70, bonus=200, out=100), 370),
    ]
    assert [side.canastas for side in result.sides] == [CanastaCount(mixed=1), CanastaCount(natural=1)]


def test_a_clean_run_from_ace_to_king_is_an_ordinary_real_canasta_of_200():
    """D17 (Burako has no canasta of 500). NS: AC 2C 3C-KC 15 + 20 + 25 + 60 = 120, real 200; cierre by
    melding every card 100: 420. EO: 5H 6H 7H 15; muerto not taken -100; QS QS -20: -105."""
    entries = [
        SideEntry(
            card_melds=(meld("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "clean"),),
            packet="taken",
            went_out=True,
            closing="no_discard",
        ),
        SideEntry(card_melds=(meld("5H 6H 7H"),), held_cards=held("QS QS"), packet="not_taken"),
    ]
    assert sheet(score_hand(entries, BURAKO)) == [
        (breakdown(meld=120, bonus=200, out=100), 420),
        (breakdown(meld=15, packet=-100, hand=-20), -105),
    ]


def test_eight_cards_with_their_wild_card_make_a_simple_canasta_burako_has_no_semi_clean():
    """[ACA2] (simple: with a wild card) D16 (semi-clean is Burraco's). NS: KS KS KH KH KD KD KC 2C 7x10 + 20
    = 90, simple 100; 4H-10H JK 4x5 + 3x10 + 50 = 100, simple 100; cierre 100: 90 + 100 + 200 + 100 = 490.
    EO: AD AS AH 45; 8S 8C held -20: 25."""
    entries = [
        SideEntry(
            card_melds=(meld("KS KS KH KH KD KD KC 2C", "dirty"), meld("4H 5H 6H 7H 8H 9H 10H JK", "dirty")),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="3D",
        ),
        SideEntry(card_melds=(meld("AD AS AH"),), held_cards=held("8S 8C"), packet="taken"),
    ]
    result = score_hand(entries, BURAKO)
    assert sheet(result) == [
        (breakdown(meld=190, bonus=200, out=100), 490),
        (breakdown(meld=45, hand=-20), 25),
    ]
    assert result.sides[0].canastas == CanastaCount(mixed=2)


def test_a_muerto_taken_and_not_played_costs_100_and_its_cards_count_as_held():
    """[ACA3] R-K1 D22: EO took its muerto after discarding and NS went out before EO played a card of it.
    NS: 5C 5D 5S JK 5H 5C 5D 6x5 + 50 = 80, simple 100; cierre 100: 280.
    EO: JD QD KD 30; muerto unused -100; the muerto's eleven cards held AS 15, 4S 4H 3D 6D 4x5, 8C-QC KS
    6x10: -95. 30 - 100 - 95 = -165."""
    entries = [
        SideEntry(
            card_melds=(meld("5C 5D 5S JK 5H 5C 5D"),),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="6H",
        ),
        SideEntry(
            card_melds=(meld("JD QD KD"),),
            held_cards=held("AS 4S 4H 8C 9C 10C JC QC KS 3D 6D"),
            packet="taken_unplayed",
        ),
    ]
    assert sheet(score_hand(entries, BURAKO)) == [
        (breakdown(meld=80, bonus=100, out=100), 280),
        (breakdown(meld=30, packet=-100, hand=-95), -165),
    ]


def test_when_the_stock_runs_out_no_side_goes_out_and_a_muerto_never_taken_still_costs_100():
    """D22 (the muerto's 100 however the hand ended). NS: sevens 7x5 = 35, real 200; KH held -10: 225.
    EO: 3D 4D 5D 6D 2C 8D 9D (2C the seven) 4x5 + 20 + 2x10 = 60, simple 100; muerto not taken -100;
    4C held -5: 55."""
    entries = [
        SideEntry(card_melds=(meld("7S 7H 7D 7C 7S 7H 7D"),), held_cards=("KH",), packet="taken"),
        SideEntry(card_melds=(meld("3D 4D 5D 6D 2C 8D 9D"),), held_cards=("4C",), packet="not_taken"),
    ]
    result = score_hand(entries, BURAKO, ended_on_stock=True)
    assert sheet(result) == [
        (breakdown(meld=35, bonus=200, hand=-10), 225),
        (breakdown(meld=60, bonus=100, packet=-100, hand=-5), 55),
    ]
    assert result.went_out is None


def stock_out_hand() -> list[SideEntry]:
    """NS goes out with the last card of the stock."""
    return [
        SideEntry(
            card_melds=(meld("8S 9S 10S JS QS KS AS"),),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="5D",
        ),
        SideEntry(card_melds=(meld("4C 4D 4H"),), held_cards=held("6C 7C"), packet="taken"),
    ]


def test_a_side_going_out_as_the_stock_runs_out_keeps_its_cierre():
    """D23 (Burako's sources are silent: the 100 is kept). NS: 8S-KS 6x10 + AS 15 = 75, real 200; cierre 100:
    375. EO: 4C 4D 4H 15; 6C 7C held -10: 5."""
    assert sheet(score_hand(stock_out_hand(), BURAKO, ended_on_stock=True)) == [
        (breakdown(meld=75, bonus=200, out=100), 375),
        (breakdown(meld=15, hand=-10), 5),
    ]


def test_castigos_agreed_at_the_table_are_taken_off_the_side():
    """[ACA2] (castigo: negative points a pair receives). NS: 3H-9H 45, real 200; cierre 100; castigo 50:
    45 + 200 + 100 - 50 = 295. EO: 10D 10C 10S 30; AC held -15; castigos 20 + 30: 30 - 15 - 50 = -35."""
    entries = [
        SideEntry(
            card_melds=(meld(HEARTS_3_TO_9),),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="KC",
            penalties=(Penalty(50, "played out of turn"),),
        ),
        SideEntry(
            card_melds=(meld("10D 10C 10S"),),
            held_cards=("AC",),
            packet="taken",
            penalties=(Penalty(20, "showed a card"), Penalty(30, "drew two cards")),
        ),
    ]
    assert sheet(score_hand(entries, BURAKO)) == [
        (breakdown(meld=45, bonus=200, out=100, penalties=-50), 295),
        (breakdown(meld=30, hand=-15, penalties=-50), -35),
    ]


def test_the_paper_sheets_way_scores_a_hand_as_its_cards_do():
    """family.md §5 (the sheet: points melded, canastas reales / simples / de comodines, cierre, muerto,
    cards in hand). The wild-canasta hand above as figures: NS 260 melded, one canasta of wild cards, out:
    260 + 1000 + 100 = 1360; EO 140 melded, one real, 15 held: 140 + 200 - 15 = 325."""
    by_cards = [
        SideEntry(
            card_melds=(meld("JK JK 2S 2H 2D 2C JK"), meld("8H 9H 10H")),
            packet="taken",
            went_out=True,
            closing="discard",
        ),
        SideEntry(card_melds=(meld("JK 2C 2S"), meld("4D 5D 6D 7D 8D 9D 10D")), held_cards=("AH",), packet="taken"),
    ]
    by_figures = [
        SideEntry(
            quick=QuickEntry(meld_points=260, canastas=CanastaCount(wild=1)),
            packet="taken",
            went_out=True,
            closing="discard",
        ),
        SideEntry(quick=QuickEntry(meld_points=140, canastas=CanastaCount(natural=1), hand_points=15), packet="taken"),
    ]
    quick = score_hand(by_figures, BURAKO)
    assert sheet(quick) == sheet(score_hand(by_cards, BURAKO))
    assert sheet(quick) == [
        (breakdown(meld=260, bonus=1000, out=100), 1360),
        (breakdown(meld=140, bonus=200, hand=-15), 325),
    ]
    assert [side.canastas for side in quick.sides] == [CanastaCount(wild=1), CanastaCount(natural=1)]


def test_the_paper_sheets_way_pays_each_kind_of_canasta_burako_has():
    """[ACA3]: real 200, simple 100, of wild cards 1000. NS: 310 melded + 200 + 100 + 1000 + cierre 100 = 1710.
    EO: 85 melded; muerto not taken -100; 40 held: 85 - 100 - 40 = -55."""
    entries = [
        SideEntry(
            quick=QuickEntry(meld_points=310, canastas=CanastaCount(natural=1, mixed=1, wild=1)),
            packet="taken",
            went_out=True,
            closing="no_discard",
        ),
        SideEntry(quick=QuickEntry(meld_points=85, hand_points=40), packet="not_taken"),
    ]
    result = score_hand(entries, BURAKO)
    assert sheet(result) == [
        (breakdown(meld=310, bonus=1300, out=100), 1710),
        (breakdown(meld=85, packet=-100, hand=-40), -55),
    ]


def test_a_side_that_reaches_2000_ends_the_game_and_the_higher_total_wins():
    """[ACA3] (the first pair to 2000). The first hand (NS 385, EO -130): before it NS 1850 and EO 1990;
    after it NS 2235, EO 1860: the game is over and NS wins. From 1500 and 1990 NS reaches only 1885: the
    game goes on."""
    result = score_hand(first_hand(ns_before=1850, eo_before=1990), BURAKO)
    assert [side.total_after for side in result.sides] == [2235, 1860]
    assert (result.outcome.game_over, result.outcome.winner) == (True, 0)
    going_on = score_hand(first_hand(ns_before=1500, eo_before=1990), BURAKO)
    assert [side.total_after for side in going_on.sides] == [1885, 1860]
    assert (going_on.outcome.game_over, going_on.outcome.winner) == (False, None)


def test_when_both_sides_pass_2000_the_higher_total_wins():
    """[ACA3]. The ace hand (NS 310, EO 375) from NS 1800, EO 1750: NS 2110, EO 2125: EO wins."""
    result = score_hand(ace_hand(ns_before=1800, eo_before=1750), BURAKO)
    assert [side.total_after for side in result.sides] == [2110, 2125]
    assert (result.outcome.game_over, result.outcome.winner) == (True, 1)


def test_an_exact_tie_at_2000_plays_another_hand():
    """K19 (reaching the target is enough) K20 (a tie at the top plays on). The ace hand from NS 1690, EO 1625:
    both exactly 2000."""
    result = score_hand(ace_hand(ns_before=1690, eo_before=1625), BURAKO)
    assert [side.total_after for side in result.sides] == [2000, 2000]
    outcome = result.outcome
    assert (outcome.game_over, outcome.winner, outcome.playing_on, outcome.leaders) == (False, None, True, (0, 1))


def test_cards_held_may_be_given_by_rank_with_canastas_keys():
    """[GHK]. NS: 4S-10S 4x5 + 3x10 = 50, real 200; cierre 100: 350. EO: 6H 6C 6D 15; held by rank two kings
    20, a joker 50, an ace 15: -85. 15 - 85 = -70."""
    entries = [
        SideEntry(
            card_melds=(meld("4S 5S 6S 7S 8S 9S 10S"),),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="JD",
        ),
        SideEntry(card_melds=(meld("6H 6C 6D"),), hand={"K": 2, "JOKER": 1, "A": 1}, packet="taken"),
    ]
    assert sheet(score_hand(entries, BURAKO)) == [
        (breakdown(meld=50, bonus=200, out=100), 350),
        (breakdown(meld=15, hand=-85), -70),
    ]


def test_a_side_may_go_out_by_discarding_a_wild_card():
    """D23 (no Burako source forbids it). NS: QS QH QD QC QS QH JK 6x10 + 50 = 110, simple 100; cierre
    discarding a joker 100: 310. EO: 3S 4S 5S 6S 20; 2H held -20: 0."""
    entries = [
        SideEntry(
            card_melds=(meld("QS QH QD QC QS QH JK"),),
            packet="taken",
            went_out=True,
            closing="discard",
            closing_discard="JK",
        ),
        SideEntry(card_melds=(meld("3S 4S 5S 6S"),), held_cards=("2H",), packet="taken"),
    ]
    assert sheet(score_hand(entries, BURAKO)) == [
        (breakdown(meld=110, bonus=100, out=100), 310),
        (breakdown(meld=20, hand=-20), 0),
    ]


def test_going_out_by_discarding_may_leave_the_card_discarded_unwritten():
    """D23. NS: 3H-9H 45, real 200; cierre 100: 345. EO: nothing melded; muerto not taken -100; KD KC -20:
    -120."""
    entries = [
        SideEntry(card_melds=(meld(HEARTS_3_TO_9),), packet="taken", went_out=True, closing="discard"),
        SideEntry(held_cards=held("KD KC"), packet="not_taken"),
    ]
    assert sheet(score_hand(entries, BURAKO)) == [
        (breakdown(meld=45, bonus=200, out=100), 345),
        (breakdown(packet=-100, hand=-20), -120),
    ]


def test_a_side_with_melds_but_no_canasta_and_a_full_hand_may_fall_into_the_buraco():
    """[ACA3] (a negative hand is "caer en el buraco"; melds count plus without a canasta). NS: 3H-9H 45,
    real 200; cierre by melding every card 100: 345. EO: AD AC AS 45 and threes 3C 3D 3S 15 (an ordinary
    card, D18): melded 60; muerto taken; held JK JK AH KC 50 + 50 + 15 + 10 = -125. 60 - 125 = -65."""
    entries = [
        SideEntry(card_melds=(meld(HEARTS_3_TO_9),), packet="taken", went_out=True, closing="no_discard"),
        SideEntry(card_melds=(meld("AD AC AS"), meld("3C 3D 3S")), held_cards=held("JK JK AH KC"), packet="taken"),
    ]
    assert sheet(score_hand(entries, BURAKO)) == [
        (breakdown(meld=45, bonus=200, out=100), 345),
        (breakdown(meld=60, hand=-125), -65),
    ]


# --- refusals ------------------------------------------------------------------------------------------


def other_side() -> SideEntry:
    """A side that only took its muerto, to make a hand of two."""
    return SideEntry(card_melds=(meld("5C 6C 7C"),), packet="taken")


@pytest.mark.parametrize(
    "cards",
    [
        pytest.param("KS KH 2D JK", id="a set with a two and a joker"),
        pytest.param("5H 2C 7H 2S", id="a run with two wild twos"),
        pytest.param("3D 4D JK 6D 2D", id="a run with a joker and a two out of its place"),
    ],
)
def test_two_wild_cards_in_a_meld_of_naturals_are_refused(cards):
    """[ACA2] (one wild card a meld; a two is natural only in its own place, D18)."""
    entries = [other_side(), SideEntry(card_melds=(meld("9S 9H 9D"), meld(cards)), packet="taken")]
    assert refusals(entries) == [("family_meld_too_many_wilds", 1, "melds[1]")]


@pytest.mark.parametrize(
    ("cards", "rule"),
    [
        pytest.param("3H 4H 6H", "family_run_gap", id="a gap no wild card fills"),
        pytest.param("3H 4S 5H", "family_run_mixed_suits", id="two suits"),
        pytest.param("KH AH 2H", "family_run_past_the_ace", id="turning the corner at the ace"),
        pytest.param("5C 5D 6C", "family_set_mixed_ranks", id="a set of two ranks"),
        pytest.param("JK 2C", "family_meld_too_small", id="two cards"),
    ],
)
def test_a_run_with_a_gap_or_any_meld_the_rules_do_not_make_is_refused_at_its_meld(cards, rule):
    """[ACA2] (runs of consecutive cards of one suit, sets of one rank, from three cards) D18."""
    entries = [SideEntry(card_melds=(meld(cards),), packet="taken"), other_side()]
    assert refusals(entries) == [(rule, 0, "melds[0]")]


@pytest.mark.parametrize(
    ("cards", "claim", "made"),
    [
        pytest.param("5S 6S 7S 8S 9S 10S JK", "clean", "a dirty canasta", id="clean for a simple canasta"),
        pytest.param("4H 5H 6H 7H 8H 9H 10H JK", "semi", "a dirty canasta", id="semi-clean, Burraco's"),
        pytest.param("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "500", "a clean canasta", id="500, Buraco's"),
        pytest.param("QS QS QH QD QC QH QD", "1000", "a clean canasta", id="1000 for a real canasta"),
        pytest.param("JK JK 2S 2H 2D 2C", "wild", "no canasta yet", id="wild for six wild cards"),
        pytest.param("5S 6S 7S 8S 9S 10S JS", "dirty", "a clean canasta", id="dirty for a real canasta"),
    ],
)
def test_a_claim_the_cards_do_not_make_is_refused_at_the_claim_saying_what_they_make(cards, claim, made):
    """D20 (the claim names exactly what the cards make: Burako's are clean, dirty and wild or 1000) D17."""
    entries = [SideEntry(card_melds=(meld(cards, claim),), packet="taken"), other_side()]
    with pytest.raises(RuleViolations) as refused:
        score_hand(entries, BURAKO)
    [violation] = refused.value.violations
    assert (violation.rule, violation.side, violation.field) == ("family_claim_unsupported", 0, "melds[0].claim")
    assert violation.message == f"The table wrote {claim} for {named(cards).render()}, but these cards make {made}."


def test_a_claim_in_words_no_sheet_uses_is_refused():
    """D20: "real" is the Spanish name, but the claim is written clean, dirty, semi, 500, 1000 or wild."""
    entries = [SideEntry(card_melds=(meld(HEARTS_3_TO_9, "real"),), packet="taken"), other_side()]
    assert refusals(entries) == [("family_claim_unknown", 0, "melds[0].claim")]


@pytest.mark.parametrize("packet", ["not_taken", "taken_unplayed"])
def test_going_out_without_the_muerto_taken_and_played_is_refused(packet):
    """[ACA3] (to close, one of the pair has taken a muerto) D22 (and played it)."""
    closing = SideEntry(card_melds=(meld(HEARTS_3_TO_9),), packet=packet, went_out=True, closing="discard")
    assert refusals([other_side(), closing]) == [("family_going_out_without_packet", 1, "packet")]


def test_going_out_without_a_canasta_is_refused_an_unfinished_meld_of_wild_cards_is_none():
    """[ACA3] (to close, at least one canasta) D19 (six wild cards are no canasta yet)."""
    closing = SideEntry(
        card_melds=(meld("JK JK 2S 2H 2D 2C"), meld("3H 4H 5H 6H 7H 8H")),
        packet="taken",
        went_out=True,
        closing="no_discard",
    )
    assert refusals([closing, other_side()]) == [("family_going_out_without_canasta", 0, "went_out")]


def test_going_out_without_saying_how_is_refused():
    """D23: the side went out by discarding or by melding every card; the entry must say which."""
    closing = SideEntry(card_melds=(meld(HEARTS_3_TO_9),), packet="taken", went_out=True)
    assert refusals([closing, other_side()]) == [("family_going_out_how", 0, "went_out")]


@pytest.mark.parametrize(("went_out", "closing"), [(False, ""), (True, "no_discard")])
def test_a_closing_discard_for_a_side_that_did_not_go_out_by_discarding_is_refused(went_out, closing):
    """D23 (a closing discard is written only for a side that went out by discarding)."""
    side = SideEntry(
        card_melds=(meld(HEARTS_3_TO_9),), packet="taken", went_out=went_out, closing=closing, closing_discard="KC"
    )
    assert refusals([other_side(), side]) == [("family_closing_discard_without_going_out", 1, "closing_discard")]


def test_two_sides_going_out_in_one_hand_are_refused():
    """[ACA3] (one player's close ends the hand)."""
    out = SideEntry(card_melds=(meld(HEARTS_3_TO_9),), packet="taken", went_out=True, closing="no_discard")
    also_out = SideEntry(card_melds=(meld("3S 4S 5S 6S 7S 8S 9S"),), packet="taken", went_out=True, closing="discard")
    assert refusals([out, also_out]) == [("two_sides_out", None, "went_out")]


@pytest.mark.parametrize(
    ("entries", "limit", "card", "count"),
    [
        pytest.param(
            [
                SideEntry(card_melds=(meld("JK JK 2S 2H 2D 2C JK"),), packet="taken"),
                SideEntry(card_melds=(meld("KS KH JK"),), held_cards=("JK",), packet="taken"),
            ],
            4,
            "JK",
            5,
            id="five jokers",
        ),
        pytest.param(
            [
                SideEntry(card_melds=(meld("QH QS QD"),), held_cards=("QH",), packet="taken"),
                SideEntry(card_melds=(meld("10H JH QH"),), packet="taken"),
            ],
            2,
            "QH",
            3,
            id="three queens of hearts",
        ),
        pytest.param(
            [
                SideEntry(card_melds=(meld("JK 2S 2H 2D 2C 2S 2H"),), packet="taken"),
                SideEntry(held_cards=held("2D 2C 2D"), packet="taken"),
            ],
            8,
            "2",
            9,
            id="nine twos",
        ),
    ],
)
def test_more_cards_than_two_packs_and_four_jokers_hold_are_refused(entries, limit, card, count):
    """[BPLAY][MDZ]: 2 x 52 + 4 jokers, so two of each card, eight of each rank and four jokers."""
    with pytest.raises(RuleViolations) as refused:
        score_hand(entries, BURAKO)
    [violation] = refused.value.violations
    assert (violation.rule, violation.side, violation.field) == ("family_cards_exceed_deck", None, None)
    assert dict(violation.params) == {"limit": limit, "card": card, "count": count}


@pytest.mark.parametrize(
    ("field", "entry"),
    [
        ("melds", {"melds": (Meld("K", naturals=3),)}),
        ("red_threes", {"red_threes": 1}),
        ("concealed", {"concealed": True}),
        ("hand_by_value", {"hand_by_value": {5: 2}}),
        ("black_threes", {"black_threes": 2}),
        ("hands", {"hands": ({"K": 1},)}),
        ("special_hand", {"special_hand": "garbage"}),
    ],
)
def test_canastas_own_fields_are_refused_in_burako(field, entry):
    """family.md §5: Burako's sheet has no red threes, no concealed going out, no Canasta melds by rank."""
    side = SideEntry(card_melds=(meld(HEARTS_3_TO_9),), packet="taken", **entry)
    assert refusals([other_side(), side]) == [("family_not_in_this_game", 1, field)]


def test_a_muerto_left_unsaid_is_refused():
    """family.md §5 (the sheet records the muerto taken, not taken, or taken and unused)."""
    assert refusals([other_side(), SideEntry(card_melds=(meld("5D 6D 7D"),))]) == [
        ("family_packet_unknown", 1, "packet")
    ]


def test_three_sides_are_refused():
    """[BPLAY] (two pairs, or two players)."""
    third = SideEntry(card_melds=(meld("8D 9D 10D"),), packet="taken")
    assert refusals([other_side(), SideEntry(packet="not_taken"), third]) == [("side_count", None, "sides")]


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"card_melds": (meld("9C 10C 11C"),)}, "melds[0]"),
        ({"card_melds": (meld("9C 10C JC"),), "held_cards": ("1S",)}, "hand"),
        (
            {"card_melds": (meld(HEARTS_3_TO_9),), "went_out": True, "closing": "discard", "closing_discard": "ZZ"},
            "closing_discard",
        ),
    ],
)
def test_a_card_written_wrong_is_refused_at_its_field(entry, field):
    """Rank-and-suit notation: A, 2 to 10, J, Q, K and S, H, D, C, or JK (family_cards.py)."""
    assert refusals([SideEntry(packet="taken", **entry), other_side()]) == [("family_card_unknown", 0, field)]


@pytest.mark.parametrize("kind", ["semi", "ace_to_king", "ace_to_ace", "samba"])
def test_the_paper_sheet_refuses_a_kind_of_canasta_burako_has_not(kind):
    """D16 D17 (no semi-clean, no 500 or 1000 runs in Burako); the samba is Samba's."""
    quick = QuickEntry(meld_points=200, canastas=CanastaCount(**{kind: 1}))
    assert refusals([SideEntry(quick=quick, packet="taken"), other_side()]) == [
        ("family_quick_canasta_kind", 0, f"canastas.{kind}")
    ]


def test_the_paper_sheet_refuses_points_no_cards_make():
    """[GHK]: every card is worth 5, 10, 15, 20 or 50, and two real canastas hold at least 2 x 7 x 5 = 70."""
    odd = SideEntry(quick=QuickEntry(meld_points=12, hand_points=7), packet="taken")
    too_few = SideEntry(quick=QuickEntry(meld_points=60, canastas=CanastaCount(natural=2)), packet="taken")
    assert refusals([odd, too_few]) == [
        ("not_multiple_of_five", 0, "meld_points"),
        ("not_multiple_of_five", 0, "hand_points"),
        ("quick_canastas_exceed_meld_points", 1, "meld_points"),
    ]


def test_the_paper_sheet_refuses_going_out_without_the_muerto_or_a_canasta():
    """[ACA3] D22."""
    quick = SideEntry(quick=QuickEntry(meld_points=90), packet="taken_unplayed", went_out=True, closing="discard")
    assert refusals([other_side(), quick]) == [
        ("family_going_out_without_packet", 1, "packet"),
        ("family_going_out_without_canasta", 1, "went_out"),
    ]


# --- house rules -----------------------------------------------------------------------------------------

#: The family's own house rules Burako offers, each tested below (the game's length and players aside).
HOUSE_RULES_TESTED = {
    "wild_canasta_bonus",
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


def test_every_house_rule_burako_offers_is_tested_here():
    """A house rule added to Burako's offer needs its test in this file."""
    own = set(offered_options(BURAKO)) - {*GAME_OPTIONS, "players"}
    assert own == HOUSE_RULES_TESTED


def wild_canasta_hand() -> list[SideEntry]:
    """NS melds the canasta of wild cards and stays in; EO goes out with a real canasta."""
    return [
        SideEntry(card_melds=(meld("JK JK 2S 2H 2D 2C JK"),), packet="taken"),
        SideEntry(card_melds=(meld(HEARTS_3_TO_9),), packet="taken", went_out=True, closing="no_discard"),
    ]


@pytest.mark.parametrize(("house_rules", "bonus"), [({}, 1000), ({"wild_canasta_bonus": 500}, 500)])
def test_house_rule_wild_canasta_bonus_sets_what_the_canasta_of_wild_cards_earns(house_rules, bonus):
    """[ACA3] 1000 by default. NS: 3x50 + 4x20 = 230 + the bonus. EO: 45 + 200 + 100 = 345."""
    assert sheet(score_hand(wild_canasta_hand(), burako(**house_rules))) == [
        (breakdown(meld=230, bonus=bonus), 230 + bonus),
        (breakdown(meld=45, bonus=200, out=100), 345),
    ]


def test_house_rule_no_wild_canasta_refuses_every_meld_of_wild_cards_only():
    """R-K3 (option `wild_canasta: false` forbids all-wild melds), card by card and on the paper sheet."""
    unfinished = SideEntry(card_melds=(meld("JK 2C 2S"),), packet="taken")
    on_paper = SideEntry(quick=QuickEntry(meld_points=230, canastas=CanastaCount(wild=1)), packet="taken")
    assert refusals(wild_canasta_hand(), burako(wild_canasta_bonus=None)) == [
        ("family_wild_meld_not_allowed", 0, "melds[0]")
    ]
    assert refusals([unfinished, on_paper], burako(wild_canasta_bonus=None)) == [
        ("family_wild_meld_not_allowed", 0, "melds[0]"),
        ("family_quick_canasta_kind", 1, "canastas.wild"),
    ]
    assert score_hand([unfinished, on_paper], BURAKO).sides[0].hand_score == 90


@pytest.mark.parametrize(
    "canasta",
    [
        pytest.param("5S 6S 7S 8S 9S 10S JK", id="a simple canasta"),
        pytest.param("JK JK 2S 2H 2D 2C JK", id="the canasta of wild cards"),
    ],
)
def test_house_rule_going_out_needs_a_clean_canasta_refuses_a_close_with_only_a_wild_card_in_each(canasta):
    """[ACA3] any canasta by default; `going_out_needs_canasta: clean` (D21: a canasta of wild cards is not
    clean). Default: a simple 5S-10S JK 45 + 50 = 95 + 100 + 100 = 295; the wild one 230 + 1000 + 100 = 1330."""
    closing = SideEntry(card_melds=(meld(canasta),), packet="taken", went_out=True, closing="no_discard")
    total = 295 if "5S" in canasta else 1330
    assert score_hand([closing, other_side()], BURAKO).sides[0].hand_score == total
    assert refusals([closing, other_side()], burako(going_out_needs_canasta="clean")) == [
        ("family_going_out_without_clean_canasta", 0, "went_out")
    ]
    with_real = SideEntry(
        card_melds=(meld(canasta), meld(HEARTS_3_TO_9)), packet="taken", went_out=True, closing="no_discard"
    )
    assert score_hand([with_real, other_side()], burako(going_out_needs_canasta="clean")).sides[0].hand_score == (
        total + 45 + 200
    )


def test_house_rule_going_out_needs_no_canasta_lets_a_side_close_without_one():
    """[ACA3] a canasta by default; `going_out_needs_canasta: null`. NS: 3H 4H 5H 15 + cierre 100 = 115;
    EO: 5C 6C 7C 15."""
    closing = SideEntry(card_melds=(meld("3H 4H 5H"),), packet="taken", went_out=True, closing="no_discard")
    assert refusals([closing, other_side()]) == [("family_going_out_without_canasta", 0, "went_out")]
    assert sheet(score_hand([closing, other_side()], burako(going_out_needs_canasta=None))) == [
        (breakdown(meld=15, out=100), 115),
        (breakdown(meld=15), 15),
    ]


def test_house_rule_going_out_with_a_discard_required_refuses_a_close_by_melding_every_card():
    """D23 (with or without a discard by default); `going_out_with_discard: required` as Burraco [EB31].
    NS: 3H-9H 45 + 200 + 100 = 345 either way it is accepted."""
    melding = SideEntry(card_melds=(meld(HEARTS_3_TO_9),), packet="taken", went_out=True, closing="no_discard")
    discarding = SideEntry(
        card_melds=(meld(HEARTS_3_TO_9),), packet="taken", went_out=True, closing="discard", closing_discard="KC"
    )
    required = burako(going_out_with_discard="required")
    assert score_hand([melding, other_side()], BURAKO).sides[0].hand_score == 345
    assert refusals([melding, other_side()], required) == [("family_going_out_without_discard", 0, "went_out")]
    assert score_hand([discarding, other_side()], required).sides[0].hand_score == 345


@pytest.mark.parametrize("card", ["JK", "2C", "2H"])
def test_house_rule_no_wild_closing_discard_refuses_a_close_on_a_joker_or_a_two(card):
    """D23 (a wild card discard accepted by default); `wild_closing_discard: false` as Burraco [EB31]. A two
    discarded is a wild card whatever its suit. NS: 45 + 200 + 100 = 345."""
    closing = SideEntry(
        card_melds=(meld(HEARTS_3_TO_9),), packet="taken", went_out=True, closing="discard", closing_discard=card
    )
    assert score_hand([closing, other_side()], BURAKO).sides[0].hand_score == 345
    assert refusals([closing, other_side()], burako(wild_closing_discard=False)) == [
        ("family_going_out_on_a_wild_discard", 0, "closing_discard")
    ]


def test_house_rule_going_out_with_packet_unplayed_lets_a_pair_close_before_its_muerto_is_used_for_100():
    """D27's Italian reading as a house rule: the cierre while the partner still holds the muerto, which
    costs its 100 as one taken and unused [ACA3] (D22); the held cards as the table entered them.

    EO: 3H..9H = 45, real 200, cierre 100, muerto unused -100, the partner holds 9S -10: 235. NS: 5C 6C 7C
    = 15. Refused without the house rule (above)."""
    closing = SideEntry(
        card_melds=(meld(HEARTS_3_TO_9),),
        held_cards=("9S",),
        packet="taken_unplayed",
        went_out=True,
        closing="discard",
    )
    assert sheet(score_hand([other_side(), closing], burako(going_out_with_packet_unplayed=True))) == [
        (breakdown(meld=15), 15),
        (breakdown(meld=45, bonus=200, out=100, hand=-10, packet=-100), 235),
    ]
    assert refusals([other_side(), closing]) == [("family_going_out_without_packet", 1, "packet")]


def test_house_rule_no_cierre_on_a_stock_out_takes_the_100_off_a_side_closing_as_the_stock_runs_out():
    """D23 (kept by default); `no_going_out_bonus_on_stock_out` as Burraco [OMS]. NS: 75 + 200 = 275 without
    the cierre; EO 15 - 10 = 5. A close before the stock runs out keeps its 100: 375."""
    rules = burako(no_going_out_bonus_on_stock_out=True)
    assert sheet(score_hand(stock_out_hand(), rules, ended_on_stock=True)) == [
        (breakdown(meld=75, bonus=200), 275),
        (breakdown(meld=15, hand=-10), 5),
    ]
    assert score_hand(stock_out_hand(), rules).sides[0].hand_score == 375
    assert score_hand(stock_out_hand(), BURAKO, ended_on_stock=True).sides[0].hand_score == 375


def test_house_rule_no_jokers_refuses_a_joker_melded_or_held():
    """[BPLAY][MDZ] four jokers by default; `jokers: false` leaves 104 cards, none a joker."""
    entries = [
        SideEntry(card_melds=(meld("QS QH JK"),), packet="taken"),
        SideEntry(card_melds=(meld("2C 2S 2H"),), held_cards=("JK",), packet="taken"),
    ]
    assert sheet(score_hand(entries, BURAKO)) == [(breakdown(meld=70), 70), (breakdown(meld=60, hand=-50), 10)]
    assert refusals(entries, burako(jokers=False)) == [
        ("family_no_jokers", 0, "melds[0]"),
        ("family_no_jokers", 1, "hand"),
        ("family_cards_exceed_deck", None, None),
    ]


def test_house_rule_joker_value_counts_a_joker_melded_and_held_at_its_value():
    """[GHK] 50 by default; `joker_value: 30`. NS: QS QH QD QC QS QH 60 + JK, simple 100, cierre 100: 310 with
    50, 290 with 30. EO: JK 2C 2S 50 + 40 = 90 or 70; a joker held -50 or -30: 40 either way."""
    entries = [
        SideEntry(card_melds=(meld("QS QH QD QC QS QH JK"),), packet="taken", went_out=True, closing="discard"),
        SideEntry(card_melds=(meld("JK 2C 2S"),), held_cards=("JK",), packet="taken"),
    ]
    assert sheet(score_hand(entries, BURAKO)) == [
        (breakdown(meld=110, bonus=100, out=100), 310),
        (breakdown(meld=90, hand=-50), 40),
    ]
    assert sheet(score_hand(entries, burako(joker_value=30))) == [
        (breakdown(meld=90, bonus=100, out=100), 290),
        (breakdown(meld=70, hand=-30), 40),
    ]


def test_house_rule_no_sets_refuses_cards_of_one_rank_and_keeps_runs():
    """[ACA2][BPLAY] sets and runs by default; `sets_allowed: false` (Buraco's runs only, B-K2). NS: KS KH KD
    30 and AH 2H JK (a run, its two natural) 15 + 20 + 50 = 85: 115."""
    entries = [SideEntry(card_melds=(meld("KS KH KD"), meld("AH 2H JK")), packet="taken"), other_side()]
    assert score_hand(entries, BURAKO).sides[0].hand_score == 115
    assert refusals(entries, burako(sets_allowed=False)) == [("family_sets_not_allowed", 0, "melds[0]")]
    runs_only = [SideEntry(card_melds=(meld("AH 2H JK"),), packet="taken"), other_side()]
    assert score_hand(runs_only, burako(sets_allowed=False)).sides[0].hand_score == 85


def test_house_rule_ace_to_ace_lets_a_run_hold_both_aces_as_an_ordinary_real_canasta():
    """R-K2 (not both by default); `ace_to_ace: true`. AS 2S-KS AS: 2x15 + 20 + 25 + 60 = 135, real 200 (no
    1000 in Burako, D17); cierre 100: 435. EO: 5C 6C 7C 15."""
    run = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    closing = SideEntry(card_melds=(meld(run),), packet="taken", went_out=True, closing="no_discard")
    assert refusals([closing, other_side()]) == [("family_run_ace_low_and_high", 0, "melds[0]")]
    both_aces = burako(ace_to_ace=True)
    assert sheet(score_hand([closing, other_side()], both_aces)) == [
        (breakdown(meld=135, bonus=200, out=100), 435),
        (breakdown(meld=15), 15),
    ]
    claimed = SideEntry(card_melds=(meld(run, "1000"),), packet="taken")
    assert refusals([claimed, other_side()], both_aces) == [("family_claim_unsupported", 0, "melds[0].claim")]


# --- what the engine once got wrong by the sources (each a strict xfail until the engine was mended) -----


@pytest.mark.parametrize(
    ("canastas", "points", "least"),
    [
        pytest.param(CanastaCount(wild=1), 135, 140, id="wild: seven twos 7 x 20"),
        pytest.param(CanastaCount(mixed=1), 45, 50, id="simple: six threes and a two 6 x 5 + 20"),
    ],
)
def test_the_paper_sheet_refuses_a_canasta_worth_less_than_its_cheapest_cards(canastas, points, least):
    """[GHK] (2 = 20, 3-7 = 5) [ACA3] D19 (seven jokers and twos); the Canasta rule sets' quick entry already
    counts a wild canasta's least at its cheapest wild cards (validation.least_canasta_points)."""
    quick = SideEntry(quick=QuickEntry(meld_points=points, canastas=canastas), packet="taken")
    with pytest.raises(RuleViolations) as refused:
        score_hand([quick, other_side()], BURAKO)
    [violation] = refused.value.violations
    assert (violation.rule, violation.side, violation.field) == ("quick_canastas_exceed_meld_points", 0, "meld_points")
    assert violation.params["least"] == least


def test_the_paper_sheet_refuses_two_canastas_of_wild_cards_the_packs_cannot_make():
    """[BPLAY][MDZ] (2 x 52 + 4 jokers) [ACA3] D19; D6 (the paper sheet has the card entry's deck limits)."""
    quick = SideEntry(quick=QuickEntry(meld_points=460, canastas=CanastaCount(wild=2)), packet="taken")
    with pytest.raises(RuleViolations) as refused:
        score_hand([quick, other_side()], BURAKO)
    assert [(v.rule in {"deck_limit", "family_cards_exceed_deck"}, v.side) for v in refused.value.violations] == [
        (True, 0)
    ]


def test_the_paper_sheet_refuses_a_closing_discard_for_a_side_that_did_not_go_out():
    """D23 (a closing discard is written only for a side that went out by discarding)."""
    quick = SideEntry(quick=QuickEntry(meld_points=100), packet="taken", closing_discard="5C")
    assert refusals([other_side(), quick]) == [("family_closing_discard_without_going_out", 1, "closing_discard")]


def test_the_paper_sheet_keeps_the_house_rule_against_a_wild_closing_discard():
    """D23 (`wild_closing_discard: false`), as the card entry does (test above)."""
    quick = SideEntry(
        quick=QuickEntry(meld_points=45, canastas=CanastaCount(natural=1)),
        packet="taken",
        went_out=True,
        closing="discard",
        closing_discard="JK",
    )
    assert refusals([quick, other_side()], burako(wild_closing_discard=False)) == [
        ("family_going_out_on_a_wild_discard", 0, "closing_discard")
    ]


def test_the_card_discarded_to_go_out_counts_against_the_packs():
    """[BPLAY][MDZ] (four jokers): the four are on the table, so the closing discard cannot be a joker."""
    closing = SideEntry(
        card_melds=(meld("JK JK JK JK 2S 2H 2D 2C"),),
        packet="taken",
        went_out=True,
        closing="discard",
        closing_discard="JK",
    )
    assert refusals([closing, other_side()]) == [("family_cards_exceed_deck", None, None)]


def test_a_negative_castigo_is_refused_naming_the_penalties_field():
    """[ACA2] (a castigo is points taken off); a refusal names the field that is wrong."""
    side = SideEntry(card_melds=(meld(HEARTS_3_TO_9),), packet="taken", penalties=(Penalty(-50, "bonus?"),))
    assert refusals([side, other_side()]) == [("negative_count", 0, "penalties")]
