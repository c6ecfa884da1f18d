"""A tournament's phases: the federation's usual shapes, which phase and session a round is in, the event's bounds
refused naming the field and the rule, and each round seated by its phase's movement."""

from __future__ import annotations

from itertools import combinations

import pytest

from scorekeeper.tournament.draws import draw_round, random_round
from scorekeeper.tournament.phases import (
    PRESETS,
    STANDINGS_FREE,
    TOURNAMENT_PAIRS,
    Phase,
    PhaseKind,
    Tournament,
    group_sizes,
    national,
    preset,
    random_then_danish,
    weekend_national,
)
from scorekeeper.tournament.settings import SettingRefused


def test_the_national_preset_is_six_mitchell_two_danish_and_three_danish_in_groups_eleven_rounds():
    event = national(100)
    assert [(p.kind, p.rounds) for p in event.phases] == [
        (PhaseKind.MITCHELL, 6),
        (PhaseKind.DANISH, 2),
        (PhaseKind.DANISH_IN_GROUPS, 3),
    ]
    assert event.last_round == 11
    assert event.place_of(6).phase.kind is PhaseKind.MITCHELL
    assert event.place_of(7).phase.kind is PhaseKind.DANISH
    assert event.place_of(7).first_of_phase
    assert (event.place_of(9).phase.kind, event.place_of(9).in_phase) == (PhaseKind.DANISH_IN_GROUPS, 1)
    assert event.place_of(11).in_phase == 3


def test_the_weekend_national_is_four_mitchell_then_four_and_three_danish_over_two_sessions():
    event = weekend_national(260)
    assert [(p.kind, p.rounds, p.session) for p in event.phases] == [
        (PhaseKind.MITCHELL, 4, 1),
        (PhaseKind.DANISH, 4, 2),
        (PhaseKind.DANISH, 3, 2),
    ]
    assert event.sessions == 2
    assert list(event.session_rounds(1)) == [1, 2, 3, 4]
    assert list(event.session_rounds(2)) == list(range(5, 12))
    assert event.place_of(5).session == 2


def test_a_random_first_round_then_every_round_danish():
    event = random_then_danish(40, rounds=9)
    assert [(p.kind, p.rounds) for p in event.phases] == [(PhaseKind.RANDOM, 1), (PhaseKind.DANISH, 8)]
    assert random_then_danish(40, rounds=1).last_round == 1


def test_a_preset_is_chosen_by_name_and_an_unknown_name_is_refused_naming_the_choices():
    assert preset("national", 50) == national(50)
    with pytest.raises(SettingRefused) as refused:
        preset("swiss", 50)
    assert refused.value.field == "preset"
    assert refused.value.choices == tuple(PRESETS)


def test_a_night_that_ends_draws_no_further_round():
    event = weekend_national(40)
    assert event.next_round(3) == 4
    assert event.next_round(4) is None  # the first evening ends: Saturday's first round is drawn on Saturday
    assert event.next_round(8) == 9  # the break between two phases of one session draws the next round
    assert event.next_round(11) is None  # the last round


def test_a_round_past_the_last_is_refused_naming_the_bound():
    event = national(50)
    for bad in (0, 12):
        with pytest.raises(SettingRefused) as refused:
            event.place_of(bad)
        assert refused.value.field == "round"
        assert refused.value.bound is not None
        assert refused.value.bound.most == 11


def test_a_tournament_seats_up_to_a_thousand_pairs_and_no_more():
    assert TOURNAMENT_PAIRS.most == 1000
    assert national(1000).pairs == 1000
    for bad in (1001, 1, True, 20.0):
        with pytest.raises(SettingRefused) as refused:
            Tournament(bad, (Phase(PhaseKind.DANISH, 3),))  # type: ignore[arg-type]
        assert refused.value.field == "pairs"


@pytest.mark.parametrize(
    ("pairs", "phases", "key"),
    [
        (20, (), "phases.count"),
        (20, (Phase(PhaseKind.DANISH, 0),), "rounds"),
        (20, (Phase(PhaseKind.MITCHELL, 11),), "rounds.mitchell"),  # 10 tables meet in 10 rounds
        (20, (Phase(PhaseKind.MITCHELL, 3, step=2),), "mitchell_step.divisor"),  # 10 tables, step 2 repeats
        (6, (Phase(PhaseKind.ROUND_ROBIN, 6),), "rounds.round_robin"),  # 6 pairs all meet in 5 rounds
        (20, (Phase(PhaseKind.DANISH_IN_GROUPS, 3, groups=(10,)),), "groups.first"),
        (60, (Phase(PhaseKind.DANISH, 2), Phase(PhaseKind.DANISH_IN_GROUPS, 3, groups=(2,) * 26)), "groups.count"),
        (20, (Phase(PhaseKind.DANISH, 2), Phase(PhaseKind.DANISH_IN_GROUPS, 3, groups=(1,))), "groups"),
        (20, (Phase(PhaseKind.DANISH, 2), Phase(PhaseKind.DANISH_IN_GROUPS, 3, groups=(12, 10))), "groups.field"),
        (20, (Phase(PhaseKind.DANISH, 2, groups=(10,)),), "groups.kind"),
        (20, (Phase(PhaseKind.DANISH, 2, session=2),), "session.order"),
        (20, (Phase(PhaseKind.DANISH, 2), Phase(PhaseKind.DANISH, 2, session=3)), "session.order"),
        (40, (Phase(PhaseKind.DANISH, 30), Phase(PhaseKind.DANISH, 11)), "rounds.event"),
    ],
)
def test_a_tournament_out_of_its_rules_is_refused_naming_the_field_and_the_rule(pairs, phases, key):
    with pytest.raises(SettingRefused) as refused:
        Tournament(pairs, phases)
    assert refused.value.key == key


def test_group_sizes_are_whole_tables_as_even_as_may_be_the_best_groups_the_smaller():
    assert group_sizes(50) == (16, 16)  # 8, 8 and the last 9 tables (18 pairs)
    assert group_sizes(40) == (20,)  # two groups of 10 tables
    assert group_sizes(51) == (16, 16)  # the odd pair in the last group
    assert group_sizes(12) == ()  # one group: the whole field
    assert len(group_sizes(1000)) + 1 == 26  # fifty groups of 20 would pass Z: 26 groups of 38 or 40
    assert national(1000).phases[2].groups[0] == 38
    assert national(50).phases[2].groups == (16, 16)


def test_the_mitchell_phase_seats_every_pair_once_a_round_and_meets_each_of_the_other_line_once():
    event = national(20)
    pairs = list(range(1, 21))
    rounds = [draw_round(event, n, pairs) for n in range(1, 7)]
    meetings = [t.meeting for r in rounds for t in r.tables]
    assert len(meetings) == len(set(meetings))
    assert all(sorted(r.seated) == pairs for r in rounds)


def test_a_danish_round_seats_by_the_standings_and_meets_no_pair_again_while_another_seating_exists():
    event = national(8)  # 4 tables: 4 Mitchell rounds, then Danish
    assert event.place_of(5).phase.kind is PhaseKind.DANISH
    ranked = [1, 2, 3, 4, 5, 6, 7, 8]
    seated = draw_round(event, 5, ranked, met={frozenset((1, 2)), frozenset((3, 4))})
    assert [(t.north_south, t.east_west) for t in seated.tables] == [(1, 3), (2, 4), (5, 6), (7, 8)]


def test_a_random_round_is_the_same_draw_for_the_same_seed_and_seats_everyone():
    pairs = list(range(1, 32))
    first = random_round(pairs, seed=7)
    assert first == random_round(pairs, seed=7)
    assert sorted(first.seated) == pairs
    assert len(first.byes) == 1
    assert first != random_round(pairs, seed=8)
    event = random_then_danish(31)
    assert draw_round(event, 1, pairs, seed=7) == first


def test_the_round_robin_phase_keeps_one_order_whatever_the_standings_so_everyone_meets_once():
    event = Tournament(6, (Phase(PhaseKind.ROUND_ROBIN, 5),))
    orders = [[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1], [3, 1, 2, 6, 4, 5], [2, 4, 6, 1, 3, 5], [5, 3, 1, 2, 6, 4]]
    meetings = [t.meeting for n, order in enumerate(orders, 1) for t in draw_round(event, n, order).tables]
    assert sorted(meetings, key=sorted) == sorted((frozenset(m) for m in combinations(range(1, 7), 2)), key=sorted)


def test_which_phases_do_not_depend_on_the_standings():
    assert frozenset({PhaseKind.MITCHELL, PhaseKind.ROUND_ROBIN, PhaseKind.RANDOM}) == STANDINGS_FREE


def test_a_phase_kind_given_by_its_name_is_that_kind_and_an_unknown_one_is_refused_naming_the_choices():
    assert Phase("mitchell", 3).kind is PhaseKind.MITCHELL  # type: ignore[arg-type]
    assert Tournament(8, (Phase("danish", 2),)).place_of(1).phase.kind is PhaseKind.DANISH  # type: ignore[arg-type]
    with pytest.raises(SettingRefused) as refused:
        Phase("swiss", 3)  # type: ignore[arg-type]
    assert refused.value.field == "kind"
    assert "danish_in_groups" in refused.value.choices


def test_every_preset_seats_every_field_from_two_pairs_to_a_thousand():
    for name in PRESETS:
        for pairs in range(TOURNAMENT_PAIRS.least, TOURNAMENT_PAIRS.most + 1):
            event = preset(name, pairs)
            assert event.pairs == pairs
            assert event.phases[0].rounds <= max(1, (pairs + 1) // 2) or event.phases[0].kind is PhaseKind.RANDOM
