"""Team events: teams of 4 or 5, a match of two tables, the team's result from both, team victory points on the
event's scale widened for two tables, line-ups within the team, nobody twice in a match."""

from __future__ import annotations

import pytest

from scorekeeper.tournament.points import BURRACO_3_HANDS, BURRACO_4_HANDS, MatchPoints, StepTable, VictoryScale
from scorekeeper.tournament.settings import SettingRefused
from scorekeeper.tournament.standings import standings
from scorekeeper.tournament.teams import (
    LineUp,
    MatchResult,
    Team,
    check_line_up,
    match_result,
    team_results,
    team_scale,
)

ROSSI = Team(1, "Circolo Rossi", ("Anna", "Bruno", "Carla", "Dario", "Elena"))
VERDI = Team(2, "Circolo Verdi", ("Franco", "Gina", "Ugo", "Ivo"))


@pytest.mark.parametrize("players", [("A", "B", "C"), ("A", "B", "C", "D", "E", "F")])
def test_a_team_has_four_or_five_players(players):
    with pytest.raises(SettingRefused) as refused:
        Team(3, "Too few or too many", players)
    assert refused.value.field == "players"
    assert refused.value.bound is not None
    assert (refused.value.bound.least, refused.value.bound.most) == (4, 5)


def test_a_teams_players_are_named_once_and_never_blank():
    for players, case in [(("A", "B", "C", "A"), "twice"), (("A", "B", "C", " "), "blank")]:
        with pytest.raises(SettingRefused) as refused:
            Team(3, "T", players)
        assert refused.value.key == f"players.{case}"


def test_a_line_up_is_two_pairs_of_the_teams_players_and_a_team_of_five_rests_one():
    assert check_line_up(ROSSI, LineUp(1, (("Anna", "Bruno"), ("Carla", "Dario")))) == ("Elena",)
    assert check_line_up(VERDI, LineUp(2, (("Franco", "Ivo"), ("Gina", "Ugo")))) == ()


def test_line_ups_may_change_between_matches_within_the_team():
    first = LineUp(1, (("Anna", "Bruno"), ("Carla", "Dario")))
    second = LineUp(1, (("Elena", "Anna"), ("Dario", "Bruno")))  # new pairs, Carla resting
    assert check_line_up(ROSSI, first) == ("Elena",)
    assert check_line_up(ROSSI, second) == ("Carla",)


@pytest.mark.parametrize(
    ("line_up", "case"),
    [
        (LineUp(1, (("Anna", "Bruno"), ("Carla", "Franco"))), "not_in_team"),  # Franco plays for Verdi
        (LineUp(1, (("Anna", "Bruno"), ("Anna", "Dario"))), "twice"),  # Anna at both tables
        (LineUp(2, (("Anna", "Bruno"), ("Carla", "Dario"))), "team"),
        (LineUp(1, (("Anna", "Bruno", "Carla"), ("Dario", "Elena"))), "pairs"),  # type: ignore[arg-type]
    ],
)
def test_a_line_up_with_a_player_from_outside_the_team_or_playing_twice_is_refused(line_up, case):
    with pytest.raises(SettingRefused) as refused:
        check_line_up(ROSSI, line_up)
    assert refused.value.key == f"line_up.{case}"


def test_the_teams_result_is_both_tables_added_up():
    result = match_result(BURRACO_3_HANDS, ((1200, 800), (600, 900)))  # +400 at table 1, -300 at table 2
    assert (result.home_total, result.away_total, result.difference) == (1800, 1700, 100)


def test_team_victory_points_come_from_the_difference_on_the_scale_widened_for_two_tables():
    team = team_scale(BURRACO_3_HANDS)
    assert isinstance(team, StepTable)
    assert team.bounds == (50, 200, 350, 500, 700, 900, 1150, 1400, 1750, 2100)
    result = match_result(BURRACO_3_HANDS, ((1200, 800), (900, 900)))  # +400: a pair's 14-6, a team's 13-7
    assert (result.home_points, result.away_points) == (13.0, 7.0)
    assert BURRACO_3_HANDS.points(1200, 800) == (14.0, 6.0)
    assert team_scale(VictoryScale(1800)) == VictoryScale(2550)
    assert team_scale(MatchPoints()) == MatchPoints()
    four = team_scale(BURRACO_4_HANDS)
    assert isinstance(four, StepTable)
    assert four.bounds == (150, 400, 700, 1000, 1250, 1550, 1850, 2100, 2400, 2850)
    assert match_result(VictoryScale(1800), ((500, 500), (700, 700))).home_points == 10.0


def test_a_match_ranks_the_teams_in_the_standings():
    rounds = [
        team_results(1, 1, 2, match_result(BURRACO_3_HANDS, ((1200, 800), (900, 900)))),
        team_results(1, 3, 4, MatchResult(1000, 1000, 10.0, 10.0)),
    ]
    table = standings([1, 2, 3, 4], [result for pair in rounds for result in pair])
    assert [(line.pair, line.points) for line in table] == [(1, 13.0), (3, 10.0), (4, 10.0), (2, 7.0)]
