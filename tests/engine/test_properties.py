"""Properties that hold for every entry, found by hypothesis."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    RULESETS,
    CanastaCount,
    Meld,
    QuickEntry,
    RuleViolations,
    SideEntry,
    configure,
    hand_violations,
    score_hand,
)
from scorekeeper.engine.cards import HAND_KEYS, MELD_RANKS
from scorekeeper.engine.game import place_hand

counts = st.integers(min_value=-2, max_value=12)
small = st.integers(min_value=0, max_value=9)
melds = st.builds(
    Meld, rank=st.sampled_from(MELD_RANKS), naturals=counts, jokers=st.integers(-1, 5), twos=st.integers(-1, 8)
)
hands = st.dictionaries(st.sampled_from(HAND_KEYS), st.integers(-1, 6), max_size=5)
detailed_sides = st.builds(
    SideEntry,
    total_before=st.integers(-5000, 12000).map(lambda n: n - n % 5),
    melds=st.lists(melds, max_size=6).map(tuple),
    red_threes=st.integers(-1, 7),
    went_out=st.booleans(),
    concealed=st.booleans(),
    hand=hands,
)
quick_sides = st.builds(
    SideEntry,
    total_before=st.integers(-5000, 12000),
    red_threes=st.integers(-1, 5),
    went_out=st.booleans(),
    quick=st.builds(
        QuickEntry,
        meld_points=st.integers(-10, 3000),
        canastas=st.builds(CanastaCount, natural=st.integers(-1, 4), mixed=st.integers(-1, 4), wild=st.integers(-1, 2)),
        hand_points=st.integers(-10, 500),
    ),
)
rulesets = st.sampled_from(list(RULESETS))


def ruleset_for(ruleset_id, sides):
    return configure(RULESETS[ruleset_id], sides=sides)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset_id=rulesets, entries=st.lists(st.one_of(detailed_sides, quick_sides), min_size=1, max_size=4))
def test_arbitrary_entries_get_a_score_or_rule_violations_never_another_exception(ruleset_id, entries):
    ruleset = ruleset_for(ruleset_id, len(entries))
    problems = hand_violations(entries, ruleset)
    if problems:
        assert all(v.rule and v.message for v in problems)
        with pytest.raises(RuleViolations):
            score_hand(entries, ruleset)
    else:
        assert len(score_hand(entries, ruleset).sides) == len(entries)


# Legal melds, built to suit the classic rules, so that most hands score.
legal_melds = st.builds(
    lambda rank, naturals, wilds: Meld(rank, naturals, min(wilds, 2), max(0, wilds - 2)),
    st.sampled_from(MELD_RANKS[:11]),
    st.integers(2, 7),
    st.integers(0, 3),
).filter(lambda m: m.size >= 3)
legal_sides = st.builds(
    SideEntry,
    melds=st.lists(legal_melds, max_size=3, unique_by=lambda m: m.rank).map(tuple),
    red_threes=st.integers(0, 2),
    hand=st.dictionaries(st.sampled_from(["K", "5", "JOKER", "3B", "A"]), st.integers(0, 1), max_size=3),
    total_before=st.integers(-100, 1500).map(lambda n: n - n % 5),
)


CARD_VALUES = {"JOKER": 50, "2": 20, "A": 20, "K": 10, "5": 5, "3B": 5}  # [P][S001], written out independently


@settings(max_examples=300)
@given(us=legal_sides, them=legal_sides)
def test_hand_score_is_the_sum_of_its_items_each_counted_from_the_cards(us, them):
    ruleset = ruleset_for("classic", 2)
    if hand_violations([us, them], ruleset):
        return
    for entry, score in zip([us, them], score_hand([us, them], ruleset).sides, strict=True):
        b = score.breakdown
        naturals = {"A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10, "7": 5, "6": 5, "5": 5, "4": 5}
        assert b.meld_points == sum(m.naturals * naturals[m.rank] + 50 * m.jokers + 20 * m.twos for m in entry.melds)
        assert b.canasta_bonus == 500 * score.canastas.natural + 300 * score.canastas.mixed
        sign = 1 if entry.melds else -1  # red threes count against a side that melded nothing
        assert b.red_three_bonus == sign * 100 * entry.red_threes
        assert b.hand_points == -sum(CARD_VALUES[key] * count for key, count in entry.hand.items())
        assert (b.going_out_bonus, b.special_bonus, b.penalties) == (0, 0, 0)
        items = b.meld_points + b.canasta_bonus + b.red_three_bonus + b.going_out_bonus + b.special_bonus
        assert score.hand_score == items + b.hand_points + b.penalties
        assert score.total_after == entry.total_before + score.hand_score


@settings(max_examples=300)
@given(ruleset_id=rulesets, us=legal_sides, them=legal_sides)
def test_a_hand_scores_the_same_whatever_the_totals_before_it(ruleset_id, us, them):
    ruleset = ruleset_for(ruleset_id, 2)
    if hand_violations([us, them], ruleset):
        return
    first = score_hand([us, them], ruleset).sides
    moved = [SideEntry(**{**e.__dict__, "total_before": e.total_before + 2500}) for e in (us, them)]
    second = score_hand(moved, ruleset).sides
    assert [s.breakdown for s in first] == [s.breakdown for s in second]


@settings(max_examples=300)
@given(
    ruleset_id=rulesets,
    us=legal_sides,
    them=legal_sides,
    totals=st.tuples(st.integers(-3000, 9000), st.integers(-3000, 9000)),
    number=st.integers(1, 12),
)
def test_a_hand_scored_once_and_placed_after_any_totals_is_the_hand_scored_there(ruleset_id, us, them, totals, number):
    ruleset = ruleset_for(ruleset_id, 2)
    if hand_violations([us, them], ruleset):
        return
    at_zero = [SideEntry(**{**e.__dict__, "total_before": 0, "name": "?"}) for e in (us, them)]
    there = [
        SideEntry(**{**e.__dict__, "total_before": t, "name": n})
        for e, t, n in zip((us, them), totals, "AB", strict=True)
    ]
    placed = place_hand(score_hand(at_zero, ruleset), ["A", "B"], totals, ruleset, number)
    assert placed == score_hand(there, ruleset, number)


@settings(max_examples=300)
@given(ruleset_id=rulesets, entry=detailed_sides, other=detailed_sides, seed=st.randoms())
def test_the_order_of_melds_changes_nothing(ruleset_id, entry, other, seed):
    ruleset = ruleset_for(ruleset_id, 2)
    shuffled_melds = list(entry.melds)
    seed.shuffle(shuffled_melds)
    shuffled = SideEntry(**{**entry.__dict__, "melds": tuple(shuffled_melds)})
    before = hand_violations([entry, other], ruleset)
    after = hand_violations([shuffled, other], ruleset)
    assert sorted(v.rule for v in before) == sorted(v.rule for v in after)
    if not before:
        first = score_hand([entry, other], ruleset).sides
        second = score_hand([shuffled, other], ruleset).sides
        assert [s.breakdown for s in first] == [s.breakdown for s in second]
