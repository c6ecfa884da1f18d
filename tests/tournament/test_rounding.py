"""Figures rounded as a person rounds them: a half away from zero, on the number as written (docs/club-night.md,
"The standings")."""

from __future__ import annotations

import math

import pytest

from scorekeeper.tournament import rounded
from scorekeeper.tournament.grades import card, shares_by_victory_points


@pytest.mark.parametrize(
    ("value", "places", "shown"),
    [
        (46.85, 1, 46.9),  # round() gives 46.8 for the share the victory points make (below)
        (45.45, 1, 45.5),
        (54.55, 1, 54.6),  # round() gives 54.5
        (0.125, 2, 0.13),  # round() gives 0.12
        (2.675, 2, 2.68),  # a float just under 2.675: round() gives 2.67
        (68.5, 0, 69.0),  # round() gives 68: a half to the even neighbour
        (2.5, 0, 3.0),
        (46.84, 1, 46.8),
        (46.86, 1, 46.9),
        (50.0, 1, 50.0),
    ],
)
def test_a_half_is_rounded_up_on_the_number_as_written(value, places, shown):
    assert rounded(value, places) == shown


@pytest.mark.parametrize(
    ("value", "places", "shown"),
    [(-2.5, 0, -3.0), (-0.125, 2, -0.13), (-46.85, 1, -46.9), (-0.185, 2, -0.19), (-2.4, 0, -2.0)],
)
def test_a_negative_half_is_rounded_away_from_zero_as_a_person_does(value, places, shown):
    assert rounded(value, places) == shown


def test_a_share_the_float_leaves_a_hair_under_its_half_is_the_half_it_stands_for():
    """9.37 to 10.63 victory points is a share of 46.85 %: the float is 46.849999999999994."""
    _, share = shares_by_victory_points(10.63, 9.37)
    assert share != 46.85
    assert round(share, 1) == 46.8
    assert rounded(share, 1) == 46.9


def test_a_figure_rounded_to_nothing_is_zero_not_minus_zero():
    assert math.copysign(1, rounded(-0.04, 1)) == 1


def test_what_is_not_a_finite_figure_comes_back_as_it_is():
    assert math.isnan(rounded(math.nan, 1))
    assert rounded(math.inf, 1) == math.inf
    assert rounded(1e20, 2) == 1e20


def test_a_grade_s_card_is_read_from_the_grade_as_shown():
    """A grade a hair under 60.95 (as a float sum of results can leave it) shows as 61.0: an Ace, not a King."""
    grade = math.nextafter(60.95, 0)
    assert round(grade, 1) == 60.9
    assert rounded(grade, 1) == 61.0
    assert card(grade) == "A"
