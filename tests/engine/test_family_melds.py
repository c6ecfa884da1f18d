"""The family's melds (Burraco, Buraco, Burako), rule by rule, worked by hand from rules/family.md.

Card values: burraco joker 30, 2 20, A 15, 8-K 10, 3-7 5 [EB1][EB737]; buraco 2 10, A 15, 8-K 10,
3-7 5, joker 20 when jokers are played [GHV][PJ]; burako joker 50, 2 20, A 15, 8-K 10, 3-7 5 [GHK].
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine import RuleViolations
from scorekeeper.engine.family.cards import HIGH_ACE_PLACE, FamilyCard, named, parse_card, run_cards
from scorekeeper.engine.family.claims import check_claim, claim_violation
from scorekeeper.engine.family.melds import FamilyCanasta, FamilyMeldKind, meld_of, meld_violations
from scorekeeper.engine.family_parameters import BURACO_MELDS, BURAKO_MELDS, BURRACO_MELDS, RANKS, SUITS, FamilyMelds

GAMES = {"burraco": BURRACO_MELDS, "buraco": BURACO_MELDS, "burako": BURAKO_MELDS}


def cards(text: str) -> list[str]:
    return text.split()


def hearts(ranks: str) -> list[str]:
    """``hearts("A 2 3")`` is ``["AH", "2H", "3H"]``."""
    return [f"{rank}H" for rank in ranks.split()]


ACE_TO_KING = "A 2 3 4 5 6 7 8 9 10 J Q K"


def refused(text: list[str] | str, rules: FamilyMelds) -> list[str]:
    """The rule ids ``meld_of`` refuses the cards with (it must refuse them)."""
    with pytest.raises(RuleViolations) as refusal:
        meld_of(cards(text) if isinstance(text, str) else text, rules)
    return [violation.rule for violation in refusal.value.violations]


# --- cards ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("10H", "10", "H"), ("AS", "A", "S"), ("2C", "2", "C"), ("KD", "K", "D"), ("JK", "JK", None), (" qh ", "Q", "H")],
)
def test_a_card_is_written_rank_then_suit_and_a_joker_jk(text, rank, suit):
    assert parse_card(text) == FamilyCard(rank, suit)


@pytest.mark.parametrize("text", ["11H", "1S", "KX", "H10", "J", "", "10", "JKR", "0H"])
def test_a_text_that_names_no_card_is_refused_naming_it_as_typed(text):
    with pytest.raises(RuleViolations) as refusal:
        parse_card(text)
    (violation,) = refusal.value.violations
    assert violation.rule == "family_card_unknown"
    assert violation.message.startswith(f"{text} is not a card")


def test_a_run_is_written_from_its_places_low_to_high_with_its_wild_card_in_its_place():
    assert run_cards("H", 3, 6) == hearts("3 4 5 6")
    assert run_cards("S", 11, 14, wild=(13, "JK")) == ["JS", "QS", "JK", "AS"]  # 14: the ace above the king
    ace_to_ace = run_cards("H", 1, HIGH_ACE_PLACE, wild=(HIGH_ACE_PLACE, "2D"))
    assert ace_to_ace == [*hearts("A 2 3 4 5 6 7 8 9 10 J Q K"), "2D"]
    assert meld_of(ace_to_ace, BURACO_MELDS).kind is FamilyMeldKind.RUN  # as the engine reads it back


def test_a_meld_names_every_card_it_cannot_read():
    with pytest.raises(RuleViolations) as refusal:
        meld_of(["10H", "11H", "QH", "ZZ"], BURRACO_MELDS)
    assert [(v.rule, v.params["card"]) for v in refusal.value.violations] == [
        ("family_card_unknown", "11H"),
        ("family_card_unknown", "ZZ"),
    ]


# --- card values per game ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "joker", "two", "ace", "eight_to_king", "three_to_seven"),
    [("burraco", 30, 20, 15, 10, 5), ("buraco", 20, 10, 15, 10, 5), ("burako", 50, 20, 15, 10, 5)],
)
def test_each_game_has_the_card_values_of_its_sources(game, joker, two, ace, eight_to_king, three_to_seven):
    values = GAMES[game].card_values
    assert (values["JK"], values["2"], values["A"]) == (joker, two, ace)
    assert {values[rank] for rank in ("8", "9", "10", "J", "Q", "K")} == {eight_to_king}
    assert {values[rank] for rank in ("3", "4", "5", "6", "7")} == {three_to_seven}


def test_buraco_is_played_without_jokers_by_default():
    assert refused("4H 5H JK", BURACO_MELDS) == ["family_no_jokers"]


def test_buraco_with_jokers_counts_a_joker_20():
    meld = meld_of(cards("4H 5H JK"), replace(BURACO_MELDS, jokers=True))
    assert (meld.points, meld.wilds) == (5 + 5 + 20, 1)


# --- the natural two -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "points"), [("burraco", 15 + 20 + 5 + 30 + 5), ("burako", 15 + 20 + 5 + 50 + 5)])
def test_a_two_of_the_runs_suit_in_its_own_place_is_natural_and_one_wild_may_join(game, points):
    meld = meld_of(cards("AH 2H 3H JK 5H"), GAMES[game])
    assert (meld.kind, meld.suit, meld.wilds, meld.points) == (FamilyMeldKind.RUN, "H", 1, points)


def test_buraco_a_natural_two_and_a_wild_two_in_one_run():
    # PJ: two 2s in one meld when one keeps its natural value. 2H natural, 2C stands for the 4.
    meld = meld_of(cards("AH 2H 3H 2C 5H"), BURACO_MELDS)
    assert (meld.wilds, meld.points) == (1, 15 + 10 + 5 + 10 + 5)


def test_a_run_from_its_natural_two_is_clean():
    # EB737 / EBCH: clean means no wild card; a natural 2 is fine. 20 + 5 × 5 + 10 = 55 in Burraco.
    meld = meld_of(hearts("2 3 4 5 6 7 8"), BURRACO_MELDS)
    assert (meld.wilds, meld.canasta, meld.bonus, meld.points) == (0, FamilyCanasta.CLEAN, 200, 55)


def test_a_natural_two_before_its_ace_low_needs_no_ace_a_2_jk_is_a_run_not_a_set_of_aces():
    meld = meld_of(cards("AH 2H JK"), BURRACO_MELDS)
    assert (meld.kind, meld.places, meld.wilds) == (FamilyMeldKind.RUN, (1, 2, 3), 1)


def test_a_two_of_another_suit_is_wild_even_in_the_twos_place():
    meld = meld_of(cards("AH 2S 3H"), BURRACO_MELDS)
    assert meld.wilds == 1


def test_a_two_of_the_runs_suit_out_of_its_own_place_is_wild():
    meld = meld_of(cards("3H 4H 2H"), BURRACO_MELDS)  # the 2H stands for the 5
    assert (meld.wilds, meld.places) == (1, (3, 4, 5))


def test_without_the_natural_two_rule_every_two_is_wild():
    rules = replace(BURRACO_MELDS, natural_two_in_place=False)
    assert meld_of(cards("AH 2H 3H"), rules).wilds == 1
    assert refused("AH 2H 3H JK", rules) == ["family_meld_too_many_wilds"]


def test_a_three_is_an_ordinary_card_in_runs_and_sets():
    assert meld_of(cards("3H 4H 5H"), BURACO_MELDS).points == 15
    assert meld_of(cards("3C 3S 3D"), BURRACO_MELDS).points == 15
    assert meld_of(cards("3C 3S JK"), BURAKO_MELDS).points == 60


# --- refusals common to the family ---------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_meld_needs_three_cards(game):
    assert refused("5H 6H", GAMES[game]) == ["family_meld_too_small"]


@pytest.mark.parametrize(
    ("game", "text"),
    [("burraco", "3H 4H 2H JK"), ("burraco", "5H JK 2C"), ("buraco", "5H 6H 2C 2S"), ("burako", "KS KH 2D JK")],
)
def test_two_wild_cards_in_one_meld_are_refused(game, text):
    assert refused(text, GAMES[game]) == ["family_meld_too_many_wilds"]


@pytest.mark.parametrize("game", GAMES)
def test_a_run_of_mixed_suits_is_refused(game):
    assert refused("5H 6S 7H", GAMES[game]) == ["family_run_mixed_suits"]


@pytest.mark.parametrize("text", ["5H 6H 8H", "5H 2C 8H", "5H 7H 2C", "7H 6H 5H"])
@pytest.mark.parametrize("game", GAMES)
def test_a_gap_not_filled_by_the_wild_in_its_place_is_refused(game, text):
    assert refused(text, GAMES[game]) == ["family_run_gap"]


@pytest.mark.parametrize("game", GAMES)
def test_a_run_holds_each_rank_once(game):
    assert refused("5H 6H 6H 7H", GAMES[game]) == ["family_run_duplicate_rank"]


@pytest.mark.parametrize("text", ["QH KH AH 2C", "KH AH 2H"])
@pytest.mark.parametrize("game", GAMES)
def test_nothing_comes_above_a_high_ace_and_a_run_does_not_turn_the_corner(game, text):
    assert refused(text, GAMES[game]) == ["family_run_past_the_ace"]


@pytest.mark.parametrize("game", ["burraco", "burako"])
def test_an_ace_is_low_or_high_not_both_without_ace_to_ace(game):
    assert refused(hearts(ACE_TO_KING + " A"), GAMES[game]) == ["family_run_ace_low_and_high"]


def test_ace_low_or_high_off_lets_the_ace_stand_above_the_king_only():
    rules = replace(BURRACO_MELDS, ace_low_or_high=False)
    assert meld_of(cards("QH KH AH"), rules).places == (12, 13, 14)
    assert refused("AH 2H 3H", rules) == ["family_run_gap"]


def test_a_run_longer_than_the_game_allows_is_refused():
    # Buraco: A to A is 14 places; a 15th card has no place.
    assert refused([*hearts(ACE_TO_KING + " A"), "2C"], BURACO_MELDS) == ["family_run_too_long"]
    # A game that stops runs at 10 natural cards.
    assert refused(hearts("A 2 3 4 5 6 7 8 9 10 J"), replace(BURRACO_MELDS, max_run_naturals=10)) == [
        "family_run_too_long"
    ]


@pytest.mark.parametrize("game", ["burraco", "burako"])
def test_a_set_of_mixed_ranks_is_refused(game):
    assert refused("5H 5S 6D", GAMES[game]) == ["family_set_mixed_ranks"]


def test_buraco_melds_runs_only():
    # B-K2: no sets in Aberto / STBL [BP][JG][PJ].
    assert refused("KH KS KD", BURACO_MELDS) == ["family_sets_not_allowed"]


def test_buraco_sets_only_of_ace_king_and_three_as_an_option():
    rules = replace(BURACO_MELDS, sets_allowed=True, sets_only_of=frozenset({"A", "K", "3"}))  # [CO]
    assert meld_of(cards("KH KS KD"), rules).rank == "K"
    assert refused("5H 5S 5D", rules) == ["family_set_rank_not_allowed"]


@pytest.mark.parametrize("game", ["burraco", "buraco"])
def test_a_meld_of_wild_cards_only_is_refused_where_the_game_has_no_wild_canasta(game):
    assert refused("2H 2S 2D", GAMES[game]) == ["family_wild_meld_not_allowed"]


def test_every_refusal_names_the_cards_by_rank_and_suit_sign_however_typed():
    with pytest.raises(RuleViolations) as refusal:
        meld_of(cards("5h 6S 7h"), BURRACO_MELDS)
    assert "5♥ 6♠ 7♥" in refusal.value.violations[0].message


def test_a_refusal_names_a_joker_in_the_readers_words_never_by_its_code():
    with pytest.raises(RuleViolations) as refusal:
        meld_of(cards("5H JK 2C"), BURACO_MELDS)
    italian = {"joker": "jolly"}
    said = [violation.render(lambda text: italian.get(text, text)) for violation in refusal.value.violations]
    assert said == [
        "This game is played without jokers: 5♥ jolly 2♣.",
        "5♥ jolly 2♣ holds 2 wild cards; a meld holds at most 1 (a two of a run's suit in its own place, between"
        " ace and three, is a natural card).",
    ]
    assert "JK" not in " ".join(violation.message for violation in refusal.value.violations)


def test_every_rule_broken_is_reported_together():
    assert refused("5H JK 2C", BURACO_MELDS) == ["family_no_jokers", "family_meld_too_many_wilds"]


# --- burraco: clean, semi-clean, dirty -----------------------------------------------------------


def test_burraco_clean_is_200_and_the_cards_count_besides():
    meld = meld_of(hearts("8 9 10 J Q K A"), BURRACO_MELDS)
    assert (meld.canasta, meld.bonus, meld.points) == (FamilyCanasta.CLEAN, 200, 6 * 10 + 15)


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("4H 5H 6H 7H 8H 9H 10H JK", 4 * 5 + 3 * 10 + 30),  # wild at the top end
        ("JK 5H 6H 7H 8H 9H 10H JH", 30 + 3 * 5 + 4 * 10),  # wild at the bottom end (standing for the 4)
        ("4H JK 6H 7H 8H 9H 10H JH QH", 5 + 30 + 2 * 5 + 5 * 10),  # inside, 7 unbroken naturals after it
    ],
)
def test_semi_clean_burraco_needs_seven_unbroken_naturals_on_one_side_of_its_wild(text, points):
    meld = meld_of(cards(text), BURRACO_MELDS)
    assert (meld.canasta, meld.bonus, meld.points) == (FamilyCanasta.SEMI, 150, points)


def test_a_wild_with_fewer_than_seven_naturals_on_each_side_makes_burraco_dirty():
    meld = meld_of(cards("4H 5H 6H JK 8H 9H 10H JH"), BURRACO_MELDS)  # 3 before, 4 after
    assert (meld.canasta, meld.bonus) == (FamilyCanasta.DIRTY, 100)


def test_seven_cards_with_a_wild_are_dirty_in_burraco():
    meld = meld_of(cards("4H 5H 6H JK 8H 9H 10H"), BURRACO_MELDS)
    assert (meld.canasta, meld.bonus, meld.points) == (FamilyCanasta.DIRTY, 100, 3 * 5 + 30 + 3 * 10)


def test_semi_clean_wild_at_end_option_needs_the_wild_at_one_end():
    rules = replace(BURRACO_MELDS, semi_clean_wild_at_end=True)  # I-K1 [OMS]
    assert meld_of(cards("4H 5H 6H 7H 8H 9H 10H JK"), rules).canasta is FamilyCanasta.SEMI
    assert meld_of(cards("4H JK 6H 7H 8H 9H 10H JH QH"), rules).canasta is FamilyCanasta.DIRTY


def test_a_burraco_set_of_eight_with_its_wild_is_semi_clean_and_of_seven_dirty():
    eight = meld_of(cards("KH KS KD KC KH KS KD JK"), BURRACO_MELDS)
    seven = meld_of(cards("KH KS KD KC KH KS 2D"), BURRACO_MELDS)
    assert (eight.kind, eight.rank, eight.canasta, eight.bonus, eight.points) == (
        FamilyMeldKind.SET,
        "K",
        FamilyCanasta.SEMI,
        150,
        7 * 10 + 30,
    )
    assert (seven.canasta, seven.bonus, seven.points) == (FamilyCanasta.DIRTY, 100, 6 * 10 + 20)


def test_semi_clean_off_makes_it_dirty():
    rules = replace(BURRACO_MELDS, semi_clean=False)  # I-K2
    meld = meld_of(cards("4H 5H 6H 7H 8H 9H 10H JK"), rules)
    assert (meld.canasta, meld.bonus) == (FamilyCanasta.DIRTY, 100)


def test_burraco_ace_to_king_clean_is_an_ordinary_clean_200():
    # I-K6: no extra for the 13-card run in FIBur scoring [EB737].
    meld = meld_of(hearts(ACE_TO_KING), BURRACO_MELDS)
    assert (meld.canasta, meld.bonus, meld.points) == (FamilyCanasta.CLEAN, 200, 15 + 20 + 5 * 5 + 6 * 10)


def test_burraco_thirteen_ordered_cards_and_a_wild_make_fourteen():
    # EB9: at most 13 ordered cards + one wild = 14; the wild stands above the king.
    meld = meld_of([*hearts(ACE_TO_KING), "JK"], BURRACO_MELDS)
    assert (meld.places[-1], meld.canasta, meld.bonus, meld.points) == (14, FamilyCanasta.SEMI, 150, 120 + 30)


# --- buraco: limpa, suja, 500, 1000 --------------------------------------------------------------


def test_buraco_limpa_200_suja_100_and_no_semi_clean():
    limpa = meld_of(hearts("5 6 7 8 9 10 J"), BURACO_MELDS)
    suja = meld_of([*hearts("5 6 7 8 9 10 J"), "2C"], BURACO_MELDS)
    assert (limpa.canasta, limpa.bonus, limpa.points) == (FamilyCanasta.CLEAN, 200, 3 * 5 + 4 * 10)
    assert (suja.canasta, suja.bonus, suja.points) == (FamilyCanasta.DIRTY, 100, 3 * 5 + 4 * 10 + 10)


def test_buraco_ace_to_king_clean_is_worth_500_and_replaces_the_200():
    meld = meld_of(hearts(ACE_TO_KING), BURACO_MELDS)
    assert (meld.canasta, meld.bonus, meld.points) == (FamilyCanasta.ACE_TO_KING, 500, 15 + 10 + 5 * 5 + 6 * 10)


def test_buraco_ace_to_ace_clean_is_worth_1000_and_replaces_the_200():
    meld = meld_of(hearts(ACE_TO_KING + " A"), BURACO_MELDS)
    assert (meld.canasta, meld.bonus, meld.points, meld.places) == (
        FamilyCanasta.ACE_TO_ACE,
        1000,
        15 + 10 + 5 * 5 + 6 * 10 + 15,
        tuple(range(1, 15)),
    )


def test_buraco_ace_to_ace_with_a_wild_is_only_dirty():
    run = hearts(ACE_TO_KING + " A")
    run[3] = "2C"  # a wild 2 in the 4's place
    meld = meld_of(run, BURACO_MELDS)
    assert (meld.canasta, meld.bonus) == (FamilyCanasta.DIRTY, 100)


def test_buraco_two_to_ace_high_is_clean_200_not_the_500():
    # D16: the 500 is ace to king; 2 (natural) to a high ace is an ordinary clean canastra.
    meld = meld_of(hearts("2 3 4 5 6 7 8 9 10 J Q K A"), BURACO_MELDS)
    assert (meld.canasta, meld.bonus) == (FamilyCanasta.CLEAN, 200)


# --- burako: real, simple, wild canasta ----------------------------------------------------------


def test_burako_real_200_and_simple_100():
    real = meld_of(cards("5D 5D 5S 5S 5H 5H 5C"), BURAKO_MELDS)
    simple = meld_of(cards("QS QS QH QD QC QH 2D"), BURAKO_MELDS)
    assert (real.canasta, real.bonus, real.points) == (FamilyCanasta.CLEAN, 200, 35)
    assert (simple.canasta, simple.bonus, simple.points) == (FamilyCanasta.DIRTY, 100, 60 + 20)


def test_burako_has_no_semi_clean_and_no_500():
    assert meld_of(cards("4H 5H 6H 7H 8H 9H 10H JK"), BURAKO_MELDS).canasta is FamilyCanasta.DIRTY
    assert meld_of(hearts(ACE_TO_KING), BURAKO_MELDS).bonus == 200


def test_burako_canasta_of_jokers_and_twos_is_worth_1000():
    meld = meld_of(cards("JK JK 2H 2S 2D 2C JK"), BURAKO_MELDS)
    assert (meld.kind, meld.canasta, meld.bonus, meld.points, meld.wilds) == (
        FamilyMeldKind.WILD,
        FamilyCanasta.WILD,
        1000,
        3 * 50 + 4 * 20,
        7,
    )


def test_burako_unfinished_wild_meld_counts_its_cards_only():
    # R-K3: allowed, counts its cards.
    meld = meld_of(cards("JK 2H 2S"), BURAKO_MELDS)
    assert (meld.canasta, meld.bonus, meld.points) == (None, 0, 90)


def test_below_seven_cards_no_canasta_and_no_bonus():
    meld = meld_of(cards("8S 9S 10S JS QS KS"), BURRACO_MELDS)
    assert (meld.canasta, meld.bonus, meld.points) == (None, 0, 60)


# --- claims ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "text", "claim"),
    [
        ("burraco", "4H 5H 6H 7H 8H 9H 10H", "clean"),
        ("burraco", "4H 5H 6H 7H 8H 9H 10H JK", "semi"),
        ("burraco", "4H 5H 6H JK 8H 9H 10H", "dirty"),
        ("burraco", ACE_TO_KING.replace(" ", "H ") + "H", "clean"),
        ("buraco", ACE_TO_KING.replace(" ", "H ") + "H", "500"),
        ("buraco", ACE_TO_KING.replace(" ", "H ") + "H AH", "1000"),
        ("burako", "JK JK 2H 2S 2D 2C JK", "wild"),
        ("burako", "JK JK 2H 2S 2D 2C JK", "1000"),
    ],
)
def test_a_claim_the_cards_support_passes(game, text, claim):
    check_claim(meld_of(cards(text), GAMES[game]), claim)


@pytest.mark.parametrize(
    ("game", "text", "claim", "made"),
    [
        ("burraco", "4H 5H 6H JK 8H 9H 10H", "clean", "a dirty canasta"),
        ("burraco", "4H 5H 6H JK 8H 9H 10H JH", "semi", "a dirty canasta"),
        ("burraco", "4H 5H 6H 7H 8H 9H 10H", "dirty", "a clean canasta"),
        ("burraco", ACE_TO_KING.replace(" ", "H ") + "H", "500", "a clean canasta"),
        ("buraco", ACE_TO_KING.replace(" ", "H ") + "H", "clean", "a clean canasta from ace to king"),
        ("buraco", ACE_TO_KING.replace(" ", "H ") + "H", "1000", "a clean canasta from ace to king"),
        ("buraco", "4H 5H 6H 7H 8H 9H 10H 2C", "semi", "a dirty canasta"),
        ("burako", "JK 2H 2S", "wild", "no canasta yet"),
        ("burako", "QS QS QH QD QC QH QD", "1000", "a clean canasta"),
    ],
)
def test_a_claim_the_cards_do_not_support_is_refused_saying_what_they_make(game, text, claim, made):
    meld = meld_of(cards(text), GAMES[game])
    with pytest.raises(RuleViolations) as refusal:
        check_claim(meld, claim)
    (violation,) = refusal.value.violations
    assert violation.rule == "family_claim_unsupported"
    assert violation.message == f"The table wrote {claim} for {named(text).render()}, but these cards make {made}."


def test_a_claim_that_names_no_kind_of_canasta_is_refused():
    violation = claim_violation(meld_of(cards("4H 5H 6H 7H 8H 9H 10H"), BURRACO_MELDS), "pulito")
    assert violation is not None
    assert violation.rule == "family_claim_unknown"


# --- properties ------------------------------------------------------------------------------------

#: The card in each of a run's places, 1 a low ace to 14 a high ace.
PLACE_RANK = {place: "A" if place in (1, 14) else RANKS[place - 1] for place in range(1, 15)}


@st.composite
def clean_runs(draw):
    """A run of 7 to 13 natural cards of one suit (a two only in its own place), within A..A."""
    length = draw(st.integers(7, 13))
    start = draw(st.integers(1, 15 - length))
    suit = draw(st.sampled_from(SUITS))
    return [f"{PLACE_RANK[place]}{suit}" for place in range(start, start + length)]


@given(game=st.sampled_from(sorted(GAMES)), run=clean_runs())
def test_any_clean_run_of_7_to_13_naturals_classifies_clean_and_counts_its_cards(game, run):
    rules = GAMES[game]
    meld = meld_of(run, rules)
    ace_to_king = meld.places == tuple(range(1, 14)) and rules.ace_to_king_bonus is not None
    expected = FamilyCanasta.ACE_TO_KING if ace_to_king else FamilyCanasta.CLEAN
    assert (meld.canasta, meld.wilds) == (expected, 0)
    assert meld.bonus == (rules.ace_to_king_bonus if ace_to_king else rules.clean_bonus)
    assert meld.points == sum(rules.card_values[card[:-1]] for card in run)


@given(game=st.sampled_from(sorted(GAMES)), run=clean_runs(), top=st.booleans(), wild=st.sampled_from(["JK", "2"]))
def test_adding_a_wild_to_a_clean_canasta_never_makes_it_clean(game, run, top, wild):
    rules = replace(GAMES[game], jokers=True)
    suit = run[0][-1]
    other = next(s for s in SUITS if s != suit)
    card = "JK" if wild == "JK" else f"2{other}"
    places = meld_of(run, rules).places
    at_top = top if places[0] > 1 and places[-1] < 14 else places[-1] < 14
    grown = [*run, card] if at_top else [card, *run]
    meld = meld_of(grown, rules)
    assert meld.canasta in (FamilyCanasta.SEMI, FamilyCanasta.DIRTY)
    assert meld.wilds == 1
    assert meld.points == sum(rules.card_values[c if c == "JK" else c[:-1]] for c in grown)


any_card = st.one_of(
    st.builds(lambda rank, suit: rank + suit, st.sampled_from(RANKS), st.sampled_from(SUITS)),
    st.just("JK"),
    st.text(max_size=3),
)


@given(game=st.sampled_from(sorted(GAMES)), texts=st.lists(any_card, max_size=16))
def test_any_cards_make_a_meld_or_rule_violations_never_another_exception(game, texts):
    rules = GAMES[game]
    problems = meld_violations(texts, rules)
    if problems:
        with pytest.raises(RuleViolations) as refusal:
            meld_of(texts, rules)
        assert refusal.value.violations == problems
        return
    meld = meld_of(texts, rules)
    assert meld.wilds <= rules.wilds_per_meld or meld.kind is FamilyMeldKind.WILD
    assert meld.points == sum(rules.card_values[parse_card(text).rank] for text in texts)
    for claim in ("clean", "dirty", "semi", "500", "1000", "wild"):
        claim_violation(meld, claim)
