"""Meld legality and canasta kinds, rule by rule (variants.md K1, K2, K4, K28; §2 rows 7-9)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import CanastaKind, RuleViolations, can_meld, canasta_kind, meld_value, verify_meld
from scorekeeper.engine.canasta.melds import meld_violations

from .notation import meld


def rules_broken(text, ruleset, going_out=False):
    return [v.rule for v in meld_violations(meld(text), ruleset, going_out=going_out)]


@pytest.mark.parametrize("text", ["8:3", "8:2j1", "8:2t1", "K:2j2t1", "A:10", "4:4j3"])
def test_classic_meld_needs_two_naturals_and_at_most_three_wilds(rules, text):
    assert can_meld(meld(text), rules("classic"))


def test_meld_of_two_cards_is_too_small(rules):
    assert rules_broken("8:2", rules("classic")) == ["meld_too_small"]


def test_meld_with_one_natural_breaks_min_naturals(rules):
    assert rules_broken("8:1j2", rules("classic")) == ["meld_min_naturals"]


def test_min_naturals_option_one_allows_one_natural_and_wilds(rules):
    # K2: S000 forbids only all-wild melds; option min_naturals 1.
    assert can_meld(meld("8:1j2"), rules("es_online_15", min_naturals=1))


def test_meld_with_four_wilds_breaks_max_wilds(rules):
    assert rules_broken("8:4j2t2", rules("classic")) == ["meld_max_wilds"]


def test_max_wilds_option_two(rules):
    assert rules_broken("8:4j2t1", rules("classic", max_wilds=2)) == ["meld_max_wilds"]


def test_hoyle_has_no_wild_cap_but_wilds_never_outnumber_naturals(rules):
    # S003H: "there may never be more wildcards than natural cards"; 5 + 4 is legal.
    hoyle = rules("hoyle_2p")
    assert can_meld(meld("K:5j2t2"), hoyle)
    assert rules_broken("K:2j2t1", hoyle) == ["meld_wilds_exceed_naturals"]


def test_app_2p_11_wilds_equal_to_naturals_are_legal_but_at_most_three(rules):
    # S004: "two 4s and one wild is acceptable, one 4 and two wilds is not"; a canasta holds up to 3 wilds.
    app = rules("app_2p_11")
    assert can_meld(meld("4:2t2"), app)
    assert rules_broken("4:1t2", app) == ["meld_min_naturals", "meld_wilds_exceed_naturals"]
    assert rules_broken("4:5t4", app) == ["meld_max_wilds"]


def test_wilds_le_naturals_option_on_classic(rules):
    assert rules_broken("9:2j2t1", rules("classic", wilds_le_naturals=True, max_wilds=None)) == [
        "meld_wilds_exceed_naturals"
    ]


def test_max_meld_size_caps_a_meld(rules):
    assert rules_broken("9:8", rules("classic", max_meld_size=7)) == ["meld_too_large"]


def test_sevens_no_wilds(rules):
    assert rules_broken("7:5j1", rules("classic", sevens_no_wilds=True)) == ["sevens_no_wilds"]


def test_seven_card_meld_with_too_few_naturals_is_not_a_canasta(rules):
    ruleset = rules("classic", canasta_min_naturals=5)
    assert rules_broken("Q:4j3", ruleset) == ["canasta_min_naturals"]


def test_every_problem_of_a_meld_is_reported_at_once(rules):
    with pytest.raises(RuleViolations) as caught:
        verify_meld(meld("5:1j3t2"), rules("classic"))
    assert [v.rule for v in caught.value.violations] == ["meld_min_naturals", "meld_max_wilds"]


def test_black_three_meld_only_when_going_out(rules):
    classic = rules("classic")
    assert rules_broken("3B:3", classic, going_out=True) == []
    assert rules_broken("3B:3", classic) == ["black_three_meld_without_going_out"]


def test_black_three_meld_holds_no_wilds(rules):
    assert rules_broken("3B:3j1", rules("classic"), going_out=True) == ["black_three_meld_wilds"]


@pytest.mark.parametrize("text", ["3B:2", "3B:5"])
def test_black_three_meld_is_three_or_four_cards(rules, text):
    assert rules_broken(text, rules("classic"), going_out=True) == ["black_three_meld_size"]


def test_black_three_meld_not_allowed_where_the_rule_set_never_allows_it(rules):
    assert rules_broken("3B:3", rules("classic", black_three_meld=False), going_out=True) == [
        "black_three_meld_not_allowed"
    ]


def test_wild_meld_not_allowed_in_classic(rules):
    # K4: no wild-card canasta in classic [P][S000].
    assert rules_broken("WILD:j4t3", rules("classic")) == ["wild_meld_not_allowed"]


def test_es_tradicional_wild_meld_starts_with_five(rules):
    # S001: "debiendo iniciarse con un mínimo de 5 comodines".
    tradicional = rules("es_tradicional")
    assert rules_broken("WILD:j2t2", tradicional) == ["wild_meld_too_small"]
    assert can_meld(meld("WILD:j3t2"), tradicional)


def test_uruguayan_wild_meld_of_three_to_seven(rules):
    uruguayan = rules("uruguayan")
    assert can_meld(meld("WILD:t3"), uruguayan)
    assert rules_broken("WILD:t2", uruguayan) == ["wild_meld_too_small"]
    assert rules_broken("WILD:j4t4", uruguayan) == ["meld_too_large"]


def test_meld_value_counts_each_card():
    # Card values [P][S001]: eight 10, joker 50, two 20.
    from scorekeeper.engine import RULESETS

    assert meld_value(meld("8:6j1"), RULESETS["classic"]) == 110
    assert meld_value(meld("4:3t1"), RULESETS["classic"]) == 35
    assert meld_value(meld("WILD:j4t3"), RULESETS["classic"]) == 260
    assert meld_value(meld("3B:4"), RULESETS["classic"]) == 20


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Q:7", CanastaKind.NATURAL),
        ("Q:9", CanastaKind.NATURAL),
        ("Q:6j1", CanastaKind.MIXED),
        ("Q:4t3", CanastaKind.MIXED),
        ("Q:6", None),
        ("3B:4", None),
    ],
)
def test_canasta_kind_is_derived_from_the_meld(rules, text, kind):
    assert canasta_kind(meld(text), rules("classic")) is kind


def test_a_full_wild_meld_is_a_wild_canasta_where_allowed(rules):
    assert canasta_kind(meld("WILD:j4t3"), rules("uruguayan")) is CanastaKind.WILD
    assert canasta_kind(meld("WILD:j3t2"), rules("uruguayan")) is None
