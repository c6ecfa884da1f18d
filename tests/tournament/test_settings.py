"""A night's settings check themselves: every number out of its bound, and every choice not offered, is
refused naming the setting; nothing is bent into range."""

from __future__ import annotations

import math

import pytest

from scorekeeper.tournament import (
    BYE_DIFFERENCE,
    BYE_MATCH_POINTS,
    BYE_VICTORY_POINTS,
    DECISIVE_DIFFERENCE,
    HANDICAP,
    HANDS_A_ROUND,
    MINUTES_A_ROUND,
    MITCHELL_STEP,
    MOST_PAIRS,
    MOST_TABLES,
    ROUNDS,
    STEP_TABLE_HANDS,
    Bound,
    NightSettings,
    SettingRefused,
    step_table_for,
)

#: Each bounded setting, the other settings it is checked with, its bound and the error's key.
BOUNDED = [
    ("rounds", {}, ROUNDS, "rounds"),
    ("round_length", {"round_kind": "hands"}, HANDS_A_ROUND, "round_length.hands"),
    ("round_length", {"round_kind": "minutes"}, MINUTES_A_ROUND, "round_length.minutes"),
    ("mitchell_step", {}, MITCHELL_STEP, "mitchell_step"),
    ("decisive", {}, DECISIVE_DIFFERENCE, "decisive"),
    ("bye_points", {"scoring": "scale"}, BYE_VICTORY_POINTS, "bye_points.victory"),
    ("bye_points", {"scoring": "burraco_3"}, BYE_VICTORY_POINTS, "bye_points.victory"),
    ("bye_points", {"scoring": "match", "bye_difference": 0}, BYE_MATCH_POINTS, "bye_points.match"),
    ("bye_difference", {}, BYE_DIFFERENCE, "bye_difference"),
    ("handicap", {}, HANDICAP, "handicap"),
]
IDS = [key for *_, key in BOUNDED]


def settings(field: str, others: dict[str, object], value: object) -> NightSettings:
    base: dict[str, object] = {"bye_points": 1 if others.get("scoring") == "match" else 14, **others, field: value}
    return NightSettings(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(("field", "others", "bound", "key"), BOUNDED, ids=IDS)
def test_each_setting_just_outside_its_bound_is_refused_naming_it(field, others, bound, key):
    for value in (bound.least - 1, bound.most + 1):
        with pytest.raises(SettingRefused) as refused:
            settings(field, others, value)
        assert (refused.value.field, refused.value.key, refused.value.bound) == (field, key, bound)
        assert field in str(refused.value)


@pytest.mark.parametrize(("field", "others", "bound", "key"), BOUNDED, ids=IDS)
def test_each_setting_at_either_end_of_its_bound_is_kept_as_given(field, others, bound, key):
    for value in (bound.least, bound.most):
        assert getattr(settings(field, others, value), field) == value


def test_the_refused_values_of_issue_33_are_refused_not_bent():
    for bad, field in [
        ({"rounds": 0}, "rounds"),
        ({"mitchell_step": 0}, "mitchell_step"),
        ({"bye_points": -20}, "bye_points"),
        ({"bye_difference": -10_000}, "bye_difference"),
    ]:
        with pytest.raises(SettingRefused) as refused:
            NightSettings(**bad)  # type: ignore[arg-type]
        assert refused.value.field == field


def test_what_is_not_a_number_is_refused_too():
    for bad, field in [
        ({"rounds": True}, "rounds"),
        ({"rounds": 3.5}, "rounds"),
        ({"round_length": None}, "round_length"),
        ({"bye_points": math.nan}, "bye_points"),
        ({"bye_points": math.inf}, "bye_points"),
        ({"bye_difference": "355"}, "bye_difference"),
    ]:
        with pytest.raises(SettingRefused) as refused:
            NightSettings(**bad)  # type: ignore[arg-type]
        assert refused.value.field == field


def test_a_whole_games_round_has_no_length_to_check_and_an_empty_decisive_difference_is_measured():
    assert NightSettings(round_kind="game", round_length=None).round_length is None
    assert NightSettings(round_kind="game", round_length=0).round_kind == "game"
    assert NightSettings(decisive=None).decisive is None
    assert NightSettings(bye_points=7.5).bye_points == 7.5


def test_choices_not_offered_are_refused_naming_the_setting():
    for bad, field in [
        ({"round_kind": "weeks"}, "round_kind"),
        ({"movements": ("swiss",)}, "movements"),
        ({"movements": ()}, "movements"),
        ({"movements": ("mitchell",) * (ROUNDS.most + 1)}, "movements"),
        ({"scoring": "imps"}, "scoring"),
        ({"tie_breaks": ("points", "points")}, "tie_breaks"),
        ({"tie_breaks": ()}, "tie_breaks"),
        ({"tie_breaks": ("luck",)}, "tie_breaks"),
    ]:
        with pytest.raises(SettingRefused) as refused:
            NightSettings(**bad)  # type: ignore[arg-type]
        assert refused.value.field == field


def test_a_night_seats_at_most_a_thousand_pairs_at_five_hundred_tables():
    assert (MOST_PAIRS, MOST_TABLES) == (1000, 500)
    assert Bound(1, 3).holds(2)
    assert not Bound(1, 3).holds(False)
    assert not Bound(1, 3).holds("2")


def test_handicaps_weigh_from_a_tenth_to_five_and_are_refused_on_a_night_of_match_points():
    assert NightSettings(handicap=1).handicap == 1
    assert NightSettings(handicap=None).handicap is None  # scratch
    for weight in (0.09, 5.01, math.nan, math.inf, True, "1"):
        with pytest.raises(SettingRefused) as refused:
            NightSettings(handicap=weight)  # type: ignore[arg-type]
        assert refused.value.key == "handicap"
    with pytest.raises(SettingRefused) as refused:
        NightSettings(scoring="match", bye_points=1, handicap=1)
    assert refused.value.key == "handicap.match"


@pytest.mark.parametrize(("scoring", "hands"), [("burraco_3", 4), ("burraco_3", 2), ("burraco_4", 3), ("burraco_4", 5)])
def test_a_step_table_for_rounds_of_other_hands_is_refused_naming_the_scoring(scoring, hands):
    """FIBur's tables are drawn for rounds of 3 and 4 hands (rules/family.md §2a): the 3-hand table on rounds
    of 4 would give 20-0 to differences the 4-hand table scores 17-3."""
    with pytest.raises(SettingRefused) as refused:
        NightSettings(round_kind="hands", round_length=hands, scoring=scoring)
    made_for = STEP_TABLE_HANDS[scoring]
    assert (refused.value.field, refused.value.key, refused.value.bound) == (
        "scoring",
        "scoring.hands",
        Bound(made_for, made_for),
    )


def test_a_step_table_scores_the_rounds_it_was_drawn_for_and_the_clubs_rounds_of_minutes_or_games():
    assert NightSettings(round_length=3, scoring="burraco_3").scoring == "burraco_3"
    assert NightSettings(round_length=4, scoring="burraco_4").scoring == "burraco_4"
    assert NightSettings(round_kind="minutes", round_length=40, scoring="burraco_3").scoring == "burraco_3"
    assert NightSettings(round_kind="game", round_length=None, scoring="burraco_4").scoring == "burraco_4"


def test_rules_whose_scores_the_step_tables_do_not_fit_take_the_scale_or_match_points_only():
    for scoring in ("burraco_3", "burraco_4"):
        with pytest.raises(SettingRefused) as refused:
            NightSettings(round_length=STEP_TABLE_HANDS[scoring], scoring=scoring, step_tables=False)
        assert (refused.value.key, refused.value.choices) == ("scoring.unfit", ("scale", "match"))
    assert NightSettings(scoring="scale", step_tables=False).scoring == "scale"
    assert NightSettings(scoring="match", bye_points=1, step_tables=False).scoring == "match"


def test_the_step_table_drawn_for_a_rounds_hands_and_none_for_two_hands():
    """No 2-hand table was found (docs/club-night.md): rounds of two hands have no step table to propose."""
    proposed = [step_table_for(hands) for hands in (1, 2, 3, 4, 5, None)]
    assert proposed == [None, None, "burraco_3", "burraco_4", None, None]
