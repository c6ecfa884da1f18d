"""A field split by club or region: each group's pairs on one line of the Mitchell, where they never meet, as far
as the lines' sizes allow (field_split.py, D34)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournament import mitchell, mitchell_lines, split_by_group


def _lines_of(groups: list[str | None], before: int = 0) -> tuple[list[str | None], list[str | None]]:
    """Each line's groups once the new pairs are numbered in the split's order after ``before`` pairs."""
    split = split_by_group(groups, before)
    numbered = [None] * before + [groups[index] for index in split.order]
    staying, moving = mitchell_lines(list(range(1, len(numbered) + 1)))
    return [numbered[p - 1] for p in staying], [numbered[p - 1] for p in moving if p is not None]


def test_two_clubs_of_half_the_field_each_take_a_line():
    groups = ["Roma", "Milano"] * 5
    staying, moving = _lines_of(groups)
    assert sorted([set(staying), set(moving)], key=sorted) == [{"Milano"}, {"Roma"}]


def test_pairs_of_one_club_never_meet_in_the_mitchell_when_the_lines_allow():
    groups = ["A", "B", "C", "A", "D", "B", "A", "C", "D", "B"]  # A 3, B 3, C 2, D 2: 5 + 5 seats
    split = split_by_group(groups)
    numbered = [groups[index] for index in split.order]
    lines = mitchell_lines(list(range(1, 11)))
    for round_number in range(1, 6):
        for table in mitchell(lines, round_number).tables:
            assert numbered[table.north_south - 1] != numbered[table.east_west - 1]
    assert split.cut == ()


def test_a_club_larger_than_a_line_is_cut_and_only_it():
    groups = ["Big"] * 7 + ["Small"] * 3  # 5 seats a line: Big cannot fit
    split = split_by_group(groups)
    assert split.cut == ("Big",)
    assert 3 in (split.staying.get("Small"), split.moving.get("Small"))


def test_when_whole_groups_cannot_fill_both_lines_the_smallest_group_that_does_not_fit_is_cut():
    groups = ["A"] * 4 + ["B"] * 4 + ["C"] * 2  # 5 + 5: {A} or {B} leaves 1 seat; one group must be cut
    split = split_by_group(groups)
    assert len(split.cut) == 1
    assert split.cut != ("C",) or split.staying["C"] + split.moving["C"] == 2


def test_pairs_without_a_club_fill_the_seats_the_clubs_leave():
    groups: list[str | None] = ["A", None, "A", "", "A", None]
    staying, moving = _lines_of(groups)
    assert staying.count("A") == 3
    assert not any(moving)


def test_pairs_already_on_the_night_keep_the_first_seats():
    groups = ["X", "Y", "X", "Y"]  # 2 pairs already there: 6 pairs, 3 seats a line, 1 staying seat left
    split = split_by_group(groups, before=2)
    assert split.staying in ({"X": 1}, {"Y": 1})
    assert split.cut in (("X",), ("Y",))


def test_within_a_line_the_pairs_keep_the_files_order():
    groups = ["B", "A", "B", "A"]
    split = split_by_group(groups)
    assert {groups[i] for i in split.order[:2]} in ({"A"}, {"B"})
    assert list(split.order[:2]) == sorted(split.order[:2])
    assert list(split.order[2:]) == sorted(split.order[2:])


@given(st.lists(st.sampled_from(["A", "B", "C", "D", "E", None]), min_size=2, max_size=60), st.integers(0, 6))
def test_the_split_numbers_every_pair_once_and_cuts_at_most_one_group(groups: list[str | None], before: int):
    split = split_by_group(groups, before)
    assert sorted(split.order) == list(range(len(groups)))
    assert len(split.cut) <= 1
    seats = max((before + len(groups) + 1) // 2 - before, 0)
    assert sum(split.staying.values()) <= seats


@given(st.lists(st.integers(1, 8), min_size=1, max_size=8))
def test_no_group_is_cut_when_some_choice_of_whole_groups_fits_the_lines(sizes: list[int]):
    groups = [f"G{n}" for n, size in enumerate(sizes) for _ in range(size)]
    seats = (len(groups) + 1) // 2
    fits = any(
        sum(chosen) <= seats and len(groups) - sum(chosen) <= len(groups) - seats
        for k in range(len(sizes) + 1)
        for chosen in combinations(sizes, k)
    )
    assert (split_by_group(groups).cut == ()) == fits
