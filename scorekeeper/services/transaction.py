"""Writing transactions: a use case that will write takes the write lock before it reads,
and a database that refuses writes is reported as such, never as a crash."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from sqlalchemy import inspect, select
from sqlalchemy.exc import InternalError, OperationalError

from ..store.database import db
from ..store.models import Game, Player, Side
from ..store.sqlite import WRITE
from .errors import StorageUnavailable

P = ParamSpec("P")
T = TypeVar("T")


def writes(use_case: Callable[P, T]) -> Callable[P, T]:
    """Mark a use case that writes: a database that cannot take the write (read-only, disk full,
    gone, locked past the wait) rolls back and raises ``StorageUnavailable``."""

    @functools.wraps(use_case)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return use_case(*args, **kwargs)
        except (OperationalError, InternalError) as exc:
            db.session.rollback()
            raise StorageUnavailable(str(exc.orig)) from exc

    return run


def begin_write() -> None:
    """Start a transaction that will write. On SQLite it takes the write lock at once (BEGIN
    IMMEDIATE), so a reader that later writes never fails with "database is locked".

    The reading transaction before it ends; what it read is forgotten, except a game's sides and
    players, which never change once the game has started (anything changed in it is thrown away)."""
    if db.session.new or db.session.dirty or db.session.deleted:
        db.session.rollback()
    else:
        db.session.commit()  # nothing to write: it only ends the read
        for read in list(db.session.identity_map.values()):
            if isinstance(read, Game):
                db.session.expire(read, [prop.key for prop in inspect(Game).attrs if prop.key != "sides"])
            elif not isinstance(read, Side | Player):
                db.session.expire(read)
    db.session.connection(execution_options={WRITE: True})


def lock(game: Game) -> Game:
    """Start a writing transaction and reload the game in it, locked: on PostgreSQL its row
    (SELECT ... FOR UPDATE), on SQLite the database (BEGIN IMMEDIATE). A second phone waits
    here, then sees what the first one saved."""
    game_id = game.id  # read before begin_write expires it (reading it after would cost a query)
    begin_write()
    # begin_write has forgotten the game's row, its hands and its log: this reads them afresh.
    return db.session.scalars(select(Game).where(Game.id == game_id).with_for_update()).one()
