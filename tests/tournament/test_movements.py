"""Movements: every pair plays once a round, meetings never repeat within a movement's range, byes rotate."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.tournament import (
    MOST_PAIRS,
    MOST_TABLES,
    Round,
    Table,
    all_against_all,
    by_standings,
    come_back,
    join,
    leave,
    mitchell,
    mitchell_lines,
    round_robin,
    seat_of,
)

pair_counts = st.integers(min_value=2, max_value=31)


def each_pair_once(round_: Round, pairs: list[int]) -> bool:
    return sorted(round_.seated) == sorted(pairs)


@given(pair_counts, st.integers(min_value=1, max_value=7))
def test_mitchell_seats_every_pair_once_a_round_and_never_repeats_a_meeting_within_its_tables(count, step):
    pairs = list(range(101, 101 + count))
    tables = (count + 1) // 2
    lines = mitchell_lines(pairs)
    if tables > 1 and any(tables % d == 0 and step % d == 0 for d in range(2, tables + 1)):
        with pytest.raises(ValueError, match="repeats meetings"):
            mitchell(lines, 1, step)
        return
    rounds = [mitchell(lines, number, step) for number in range(1, tables + 1)]
    meetings = [table.meeting for round_ in rounds for table in round_.tables]
    assert all(each_pair_once(round_, pairs) for round_ in rounds)
    assert len(meetings) == len(set(meetings))  # no meeting twice within as many rounds as tables
    staying, moving = set(pairs[:tables]), set(pairs[tables:])
    assert all(table.north_south in staying and table.east_west in moving for r in rounds for table in r.tables)
    assert {frozenset((a, b)) for a in staying for b in moving} == set(meetings)  # everyone of the other line
    staying_tables = {table.north_south: table.number for r in rounds for table in r.tables}
    assert all(staying_tables[pair] == pairs.index(pair) + 1 for pair in staying_tables)  # a staying pair stays


@given(st.integers(min_value=1, max_value=15).map(lambda n: 2 * n + 1))
def test_mitchell_byes_rotate_among_the_staying_line(count):
    pairs = list(range(1, count + 1))
    tables = (count + 1) // 2
    byes = [pair for number in range(1, tables + 1) for pair in mitchell(mitchell_lines(pairs), number).byes]
    assert sorted(byes) == pairs[:tables]  # each staying pair sits out once in a full movement


@given(pair_counts)
def test_all_against_all_meets_every_pair_once_and_byes_rotate(count):
    pairs = list(range(1, count + 1))
    rounds = [round_robin(pairs, number) for number in range(1, count + count % 2)]
    meetings = Counter(table.meeting for round_ in rounds for table in round_.tables)
    assert set(meetings) == {frozenset(m) for m in combinations(pairs, 2)}
    assert set(meetings.values()) == {1}
    assert all(each_pair_once(round_, pairs) for round_ in rounds)
    byes = [pair for round_ in rounds for pair in round_.byes]
    assert sorted(byes) == (pairs if count % 2 else [])


def test_by_standings_first_meets_second():
    seated = by_standings([7, 3, 9, 1])
    assert [(t.number, t.north_south, t.east_west) for t in seated.tables] == [(1, 7, 3), (2, 9, 1)]
    assert seated.byes == ()


def test_by_standings_no_rematch_takes_the_next_pair_below():
    seated = by_standings([7, 3, 9, 1], avoid={frozenset((7, 3))})
    assert [t.meeting for t in seated.tables] == [frozenset((7, 9)), frozenset((3, 1))]


def test_by_standings_repeats_a_meeting_only_when_nothing_else_seats_everyone():
    seated = by_standings([1, 2], avoid={frozenset((1, 2))})
    assert [t.meeting for t in seated.tables] == [frozenset((1, 2))]


def test_by_standings_the_lowest_pair_without_a_bye_sits_out():
    assert by_standings([1, 2, 3, 4, 5]).byes == (5,)
    assert by_standings([1, 2, 3, 4, 5], had_bye={5}).byes == (4,)
    assert by_standings([1, 2, 3], had_bye={1, 2, 3}).byes == (3,)


@given(pair_counts)
def test_all_against_all_is_the_circle_while_the_pairs_are_those_of_the_start(count):
    pairs = list(range(1, count + 1))
    met: set[frozenset[int]] = set()
    for number in range(1, count + count % 2):
        drawn = all_against_all(pairs, number, met)
        assert drawn == round_robin(pairs, number)
        met |= {table.meeting for table in drawn.tables}


@given(
    st.integers(min_value=3, max_value=9),
    st.integers(min_value=1, max_value=4),
    st.booleans(),
    st.integers(min_value=2, max_value=6),
)
def test_all_against_all_with_a_pair_come_late_or_gone_meets_a_pair_again_only_when_nothing_else_seats_all(
    count, changed_after, late, rounds
):
    pairs = list(range(1, count + 1))
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for number in range(1, changed_after + rounds + 1):
        if number == changed_after + 1:
            pairs = [*pairs, count + 1] if late else pairs[1:]
        drawn = all_against_all(pairs, number, met, byes)
        assert each_pair_once(drawn, pairs)
        others = [p for p in pairs if p not in drawn.byes]
        repeated = any(table.meeting in met for table in drawn.tables)
        assert not repeated or not _any_seating(others, met)
        met |= {table.meeting for table in drawn.tables}
        byes |= set(drawn.byes)


@given(
    st.lists(st.integers(min_value=1, max_value=40), min_size=2, max_size=10, unique=True),
    st.sets(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=12),
)
def test_by_standings_avoids_every_meeting_it_can(ranked, picks):
    avoid = {
        frozenset((ranked[a % len(ranked)], ranked[b % len(ranked)]))
        for a, b in picks
        if a % len(ranked) != b % len(ranked)
    }
    seated = by_standings(ranked, avoid=avoid)
    assert each_pair_once(seated, ranked)
    others = [p for p in ranked if p not in seated.byes]
    possible = _any_seating(others, avoid)
    assert possible == all(table.meeting not in avoid for table in seated.tables)


def _any_seating(pairs: list[int], avoid: set[frozenset[int]]) -> bool:
    """Brute force: can ``pairs`` all be seated avoiding ``avoid``?"""
    if not pairs:
        return True
    first = pairs[0]
    return any(
        frozenset((first, other)) not in avoid and _any_seating([p for p in pairs[1:] if p != other], avoid)
        for other in pairs[1:]
    )


def test_a_pair_named_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        round_robin([1, 1, 2], 1)


def test_a_late_pair_takes_the_empty_seat_and_nobody_else_moves():
    lines = mitchell_lines([1, 2, 3, 4, 5])  # 3 tables: 1, 2, 3 stay; 4, 5 and an empty seat move
    before = mitchell(lines, 2)
    assert before.byes == (1,)  # the empty seat has come to table 1
    later = join(lines, 6)
    assert later == ((1, 2, 3), (4, 5, 6))
    after = mitchell(later, 2)
    assert after.byes == ()
    assert [t for t in after.tables if t.north_south != 1] == list(before.tables)  # the others as they were
    meetings = [t.meeting for number in (1, 2, 3) for t in mitchell(later, number).tables]
    assert len(meetings) == len(set(meetings)) == 9


def test_a_late_pair_with_no_empty_seat_opens_a_table_where_it_stays():
    later = join(mitchell_lines([1, 2, 3, 4]), 5)
    assert later == ((1, 2, 5), (3, 4, None))
    round_ = mitchell(later, 1)
    assert round_.byes == (5,)
    assert sorted(round_.seated) == [1, 2, 3, 4, 5]


def test_a_pair_leaving_empties_its_seat_and_its_opponent_sits_out():
    lines = leave(mitchell_lines([1, 2, 3, 4, 5, 6]), 5)
    assert lines == ((1, 2, 3), (4, None, 6))
    round_ = mitchell(lines, 1)
    assert round_.byes == (2,)
    assert sorted(round_.seated) == [1, 2, 3, 4, 6]
    assert join(lines, 7) == ((1, 2, 3), (4, 7, 6))  # a late pair takes the seat left


def test_a_pair_put_back_takes_the_seat_it_left_or_if_taken_since_a_late_pairs_seat():
    lines = mitchell_lines([1, 2, 3, 4, 5, 6])  # 1, 2, 3 stay; 4, 5, 6 move
    seat = seat_of(lines, 6)
    assert seat == (1, 2)
    left = leave(leave(lines, 4), 6)
    assert come_back(left, 6, seat) == ((1, 2, 3), (None, 5, 6))  # not the first empty seat (4's)
    assert mitchell(come_back(left, 6, seat), 2) == mitchell(leave(lines, 4), 2)  # as if it had never left
    taken = join(leave(lines, 6), 7)  # a late pair took the seat
    assert come_back(taken, 6, seat) == ((1, 2, 3, 6), (4, 5, 7, None))
    assert come_back(left, 6, None) == join(left, 6)
    assert seat_of(left, 6) is None


def test_a_pair_is_seated_once_and_leaves_only_if_seated():
    lines = mitchell_lines([1, 2, 3, 4])
    with pytest.raises(ValueError, match="already seated"):
        join(lines, 3)
    with pytest.raises(ValueError, match="not seated"):
        leave(lines, 9)


def test_by_standings_gives_up_avoiding_meetings_no_seating_can_avoid_without_trying_them_all():
    """Two groups of 15 pairs that may only meet within their group: no seating avoids every meeting
    (15 is odd), and trying every seating of a group would take forever; the round is seated anyway."""
    first, second = list(range(1, 16)), list(range(16, 31))
    avoid = {frozenset((a, b)) for a in first for b in second}
    seated = by_standings(first + second, avoid=avoid)
    assert sorted(seated.seated) == list(range(1, 31))
    assert seated.byes == ()


# Issue 33, point 4: every movement a loop, quick at the most pairs a night seats and far beyond.


@contextmanager
def shallow_stack(room: int = 40) -> Iterator[None]:
    """Only ``room`` frames more than the caller has: a search that recursed once a table would fail."""
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    kept = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + room)
    try:
        yield
    finally:
        sys.setrecursionlimit(kept)


def test_by_standings_recursed_once_a_table_and_no_longer_does():
    ranked = list(range(1, 101))  # 50 tables: more than the room the stack is given
    with shallow_stack():
        seated = by_standings(ranked, avoid={frozenset((1, 2))})
    assert seated.tables[0].meeting == frozenset((1, 3))
    assert each_pair_once(seated, ranked)


def test_every_movement_seats_the_most_pairs_a_night_holds_without_recursion():
    pairs = list(range(1, MOST_PAIRS + 1))
    with shallow_stack():
        lines = mitchell_lines(pairs)
        mitchell_rounds = [mitchell(lines, number, 3) for number in range(1, MOST_TABLES + 1)]
        circle = [round_robin(pairs, number) for number in range(1, MOST_PAIRS)]
        met = {table.meeting for round_ in mitchell_rounds[:5] for table in round_.tables}
        ranked = pairs[::-1]
        danish = by_standings(ranked, avoid={table.meeting for table in mitchell_rounds[4].tables})
        no_rematch = by_standings(ranked, avoid=met, had_bye={1})
        late = all_against_all([*pairs, MOST_PAIRS + 1], 2, {t.meeting for t in circle[0].tables})
        halves = set(pairs[: MOST_PAIRS // 2 - 1]), set(pairs[MOST_PAIRS // 2 - 1 :])
        impossible = {frozenset((a, b)) for a in halves[0] for b in halves[1]}  # an odd half: no seating avoids it
        anyway = by_standings(pairs, avoid=impossible)
        moved = leave(join(lines, MOST_PAIRS + 1), 7)
        after = mitchell(moved, 2)
    mitchell_meetings = [table.meeting for round_ in mitchell_rounds for table in round_.tables]
    assert len(mitchell_meetings) == len(set(mitchell_meetings)) == MOST_TABLES**2
    circle_meetings = [table.meeting for round_ in circle for table in round_.tables]
    assert len(circle_meetings) == len(set(circle_meetings)) == MOST_PAIRS * (MOST_PAIRS - 1) // 2
    assert all(each_pair_once(round_, pairs) for round_ in (danish, no_rematch, anyway))
    assert not any(table.meeting in met for table in no_rematch.tables)
    assert each_pair_once(late, [*pairs, MOST_PAIRS + 1])
    assert sorted(after.seated) == [p for p in pairs if p != 7] + [MOST_PAIRS + 1]  # a table more, a seat empty


def test_two_thousand_and_ten_pairs_are_seated_by_the_standings_without_a_recursion_error():
    """The draw that answered 500 (RecursionError) at 2,010 pairs, as a pure function under a small stack."""
    pairs = list(range(1, 2011))
    with shallow_stack():
        plain = by_standings(pairs)
        avoiding = by_standings(pairs, avoid={frozenset((k, k + 1)) for k in range(1, 2010, 2)})
        circle = all_against_all([*pairs, 2011], 2, {t.meeting for t in round_robin(pairs, 1).tables})
        mitchell_round = mitchell(mitchell_lines(pairs), 7, 2)  # 1,005 tables: 2 shares no divisor with them
    assert plain.tables[-1] == Table(1005, 2009, 2010)
    assert avoiding.tables[0].meeting == frozenset((1, 3))
    assert all(each_pair_once(round_, pairs) for round_ in (plain, avoiding, mitchell_round))
    assert each_pair_once(circle, [*pairs, 2011])
