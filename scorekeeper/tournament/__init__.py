"""A club night's logic: who sits where each round (movements), what a table's result is worth
(victory points, match points) and the standings. Pure Python, standard library only, fully typed,
like the engine: no Flask, no database; the services turn a night kept in the database into these
values and these values into seatings and standings."""

from .decisive import DECISIVE, default_decisive
from .movements import (
    Line,
    Round,
    Table,
    all_against_all,
    by_standings,
    join,
    leave,
    mitchell,
    mitchell_lines,
    round_robin,
)
from .points import BURRACO_3_HANDS, BURRACO_4_HANDS, MatchPoints, StepTable, VictoryScale
from .season import NightResult, SeasonLine, season
from .standings import Result, Standing, TieBreak, standings

__all__ = [
    "BURRACO_3_HANDS",
    "BURRACO_4_HANDS",
    "DECISIVE",
    "Line",
    "MatchPoints",
    "NightResult",
    "Result",
    "Round",
    "SeasonLine",
    "Standing",
    "StepTable",
    "Table",
    "TieBreak",
    "VictoryScale",
    "all_against_all",
    "by_standings",
    "default_decisive",
    "join",
    "leave",
    "mitchell",
    "mitchell_lines",
    "round_robin",
    "season",
    "standings",
]
