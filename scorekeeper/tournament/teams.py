"""Team events ("a squadre"): a team of 4 or 5 players; a match sets two pairs of a team at two tables against two
pairs of another; the team's result is the two tables' scores added up, turned into team victory points (20
shared) by the event's scale widened for two tables; a team's line-up may change between matches, within the
team, and no player plays twice in one match.

Teams are seated as pairs are (all against all, then Danish: draws.py with team numbers), and ranked by
standings.py from ``team_results``. docs/rule-choices.md D33 records the choices."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .points import MatchPoints, StepTable, VictoryScale
from .settings import Bound, SettingRefused
from .standings import Result

#: The players of a team (federation.md §1b: "teams of 4-5").
TEAM_PLAYERS = Bound(4, 5)
#: How much wider a match's scale is than a table's: the difference of two tables added up spreads as the square
#: root of two tables (decisive.py widens by the square root of the hands likewise).
TWO_TABLES = math.sqrt(2)

#: A pair of a line-up: two players' names.
Pair = tuple[str, str]
#: The scales a table's result may be scored on.
Scale = StepTable | VictoryScale | MatchPoints


@dataclass(frozen=True)
class Team:
    """A team: its number, its name and its 4 or 5 players (none twice, none blank), checked when made. Names are
    compared as given: the services give them as the club compares its members (services.membership.member_key)."""

    number: int
    name: str
    players: tuple[str, ...]

    def __post_init__(self) -> None:
        if not TEAM_PLAYERS.holds(len(self.players)):
            raise SettingRefused("players", bound=TEAM_PLAYERS)
        if any(not player.strip() for player in self.players):
            raise SettingRefused("players", case="blank")
        if len(set(self.players)) != len(self.players):
            raise SettingRefused("players", case="twice")


@dataclass(frozen=True)
class LineUp:
    """A team's line-up for one match: its two pairs (the first at table 1, the second at table 2)."""

    team: int
    pairs: tuple[Pair, Pair]

    @property
    def players(self) -> tuple[str, ...]:
        """The four players, table 1's pair first."""
        return (*self.pairs[0], *self.pairs[1])


def check_line_up(team: Team, line_up: LineUp) -> tuple[str, ...]:
    """A line-up checked against its team: the team's own, two pairs of two players of the team, none playing twice
    in the match; refused naming the field and the rule. The players who sit this match out (a team of five rests
    one). Line-ups may change from match to match: nothing binds one match's pairs to the next's."""
    if line_up.team != team.number:
        raise SettingRefused("line_up", case="team")
    if len(line_up.pairs) != 2 or any(len(pair) != 2 for pair in line_up.pairs):
        raise SettingRefused("line_up", case="pairs")
    playing = line_up.players
    if any(player not in team.players for player in playing):
        raise SettingRefused("line_up", case="not_in_team")
    if len(set(playing)) != len(playing):
        raise SettingRefused("line_up", case="twice")
    return tuple(player for player in team.players if player not in playing)


def team_scale(scale: Scale) -> Scale:
    """The scale of a team match, from the scale of a table: the continuous scale's decisive difference, or each
    step of a step table, widened by the square root of two (to the nearest 50, each step above the last); match
    points as they are (a win is a win)."""
    if isinstance(scale, VictoryScale):
        return VictoryScale(50 * max(1, round(scale.decisive * TWO_TABLES / 50)))
    if isinstance(scale, StepTable):
        bounds: list[int] = []
        for bound in scale.bounds:
            widened = 50 * round(bound * TWO_TABLES / 50)
            bounds.append(max(widened, bounds[-1] + 50) if bounds else widened)
        return StepTable(f"{scale.name}-team", tuple(bounds))
    return scale


@dataclass(frozen=True)
class MatchResult:
    """A match's result: each team's score over both tables, the difference, and the team victory points."""

    home_total: int
    away_total: int
    home_points: float
    away_points: float

    @property
    def difference(self) -> int:
        """The home team's total less the away team's."""
        return self.home_total - self.away_total


def match_result(scale: Scale, tables: tuple[tuple[int, int], tuple[int, int]]) -> MatchResult:
    """A match from its two ``tables``' scores, each (the home team's pair's, the away team's pair's): the two
    tables added up for each team, the difference scored on the team scale of ``scale`` (``team_scale``)."""
    home = sum(ours for ours, _ in tables)
    away = sum(theirs for _, theirs in tables)
    home_points, away_points = team_scale(scale).points(home, away)
    return MatchResult(home, away, home_points, away_points)


def team_results(round_number: int, home: int, away: int, result: MatchResult) -> tuple[Result, Result]:
    """The match as each team's result of the round, for the standings (standings.standings with team numbers)."""
    return (
        Result(round_number, home, away, result.home_total, result.away_total, result.home_points),
        Result(round_number, away, home, result.away_total, result.home_total, result.away_points),
    )
