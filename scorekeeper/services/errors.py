"""Why a use case could not go ahead."""

from __future__ import annotations

from datetime import datetime

from ..engine.i18n import Msg
from ..engine.records import Record


class Refused(ValueError):
    """What a new game was given cannot be taken (a table the rules do not seat, totals no sheet holds,
    a file that is not a game): ``field`` says where, ``msg`` what; nothing was stored."""

    def __init__(self, field: str, msg: Msg) -> None:
        super().__init__(f"{field}: {msg.render()}")
        self.field = field
        self.msg = msg


class SideMoved(LookupError):
    """A side's link that no longer names its side: the director moved its pair while the request waited for
    the game's lock (the side got a new link). Nothing was saved; not a ``GameError``, so that no view mistakes
    it for a stale hand."""


class GameError(Exception):
    """A use case that cannot go ahead; the subclass says why."""


class GameOver(GameError):
    """The game has ended: no more hands can be recorded."""


class HandNotFound(GameError):
    """No hand with that number in this game."""


class Conflict(GameError):
    """Someone else saved first: both versions are kept for the person to choose."""

    def __init__(
        self,
        hand_number: int | None,
        saved: Record | None,
        mine: Record,
        *,
        saved_by: str | None = None,
        saved_at: datetime | None = None,
    ) -> None:
        super().__init__(f"conflict on hand {hand_number}")
        self.hand_number = hand_number
        self.saved = saved
        self.mine = mine
        # A side's half: who sent the saved one (None: not said) and when (UTC).
        self.saved_by = saved_by
        self.saved_at = saved_at


class NotRestorable(GameError):
    """An undone hand cannot be put back: another hand was recorded in its place, or it was put back already."""

    def __init__(self, hand_number: int | None) -> None:
        super().__init__(f"hand {hand_number} cannot be put back")
        self.hand_number = hand_number


class AlreadySaved(GameError):
    """This very form (its one-time key) was saved before: nothing new is recorded."""

    def __init__(self, hand_number: int | None) -> None:
        super().__init__(f"already saved as hand {hand_number}")
        self.hand_number = hand_number


class StorageUnavailable(GameError):
    """The database refused the write (read-only, full, unreachable): nothing was saved."""


class GameDamaged(GameError):
    """The game's players and hands are gone (an upgrade by an earlier release deleted them on SQLite):
    only its backup holds them now (``flask restore``)."""
