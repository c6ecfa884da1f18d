"""Use cases, by what changes together: the sheet (sheet.py), starting and finding games
(games.py), changing hands (hands.py), whether a game changed (stamps.py). Views and the API call these names."""

from .errors import (
    AlreadySaved,
    Conflict,
    GameDamaged,
    GameError,
    GameOver,
    HandNotFound,
    NotRestorable,
    Refused,
    StorageUnavailable,
)
from .games import NewGame, NewSide, find_game, rematch, replace_edit_link, set_note, start_game
from .hands import edit_hand, record_hand, restore_hand, undo_last_hand
from .sheet import (
    LogLine,
    Sheet,
    SheetHand,
    compute_sheet,
    describe_edits,
    forget_scores,
    game_ruleset,
    hand_version,
    preview_hand,
    restorable_undo,
    score_record,
    seats,
)
from .stamps import Stamp, game_stamp

__all__ = [
    "AlreadySaved",
    "Conflict",
    "GameDamaged",
    "GameError",
    "GameOver",
    "HandNotFound",
    "LogLine",
    "NewGame",
    "NewSide",
    "NotRestorable",
    "Refused",
    "Sheet",
    "SheetHand",
    "Stamp",
    "StorageUnavailable",
    "compute_sheet",
    "describe_edits",
    "edit_hand",
    "find_game",
    "forget_scores",
    "game_ruleset",
    "game_stamp",
    "hand_version",
    "preview_hand",
    "record_hand",
    "rematch",
    "replace_edit_link",
    "restorable_undo",
    "restore_hand",
    "score_record",
    "seats",
    "set_note",
    "start_game",
    "undo_last_hand",
]
