"""A club night's use cases, by what changes together: started with its settings (start.py), found behind its
links (finding.py), its pairs joining and leaving (pairs.py), a round drawn (draw.py), every change locked and
logged (changes.py); each table's result and the standings (night_results.py), how many rounds it plays
(night_rounds.py), a round's tables fixed, moved and agreed (round_play.py), what each table waits for
(table_waits.py), a withdrawn pair put back (withdrawals.py), the field brought in from a spreadsheet
(field_import.py), a round's seating printed by table and alphabetically (seating.py).

Who sits where and what a result is worth are the tournament package's (pure); every score is the engine's,
read from the tables' games. Each use case that writes locks the night first and commits once. This package
gives the night's use cases by name (``services.night.draw_round``); the views and the tests call these."""

from .changes import NightClosed, night_log
from .draw import draw_round
from .finding import (
    door_key,
    find_by_code,
    find_by_door,
    find_by_table_token,
    find_night,
    most_tables,
    night_id,
    table_in_play,
)
from .pairs import PairSeat, add_pair, find_pair_seat, waiting_pairs, withdraw_pair
from .start import NewNight, players_a_pair, start_night

__all__ = [
    "NewNight",
    "NightClosed",
    "PairSeat",
    "add_pair",
    "door_key",
    "draw_round",
    "find_by_code",
    "find_by_door",
    "find_by_table_token",
    "find_night",
    "find_pair_seat",
    "most_tables",
    "night_id",
    "night_log",
    "players_a_pair",
    "start_night",
    "table_in_play",
    "waiting_pairs",
    "withdraw_pair",
]
