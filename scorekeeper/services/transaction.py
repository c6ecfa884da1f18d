"""Writing transactions: a use case that will write takes the write lock before it reads,
and a database that refuses writes is reported as such, never as a crash."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from sqlalchemy import select
from sqlalchemy.exc import InternalError, OperationalError

from ..extensions import db
from ..models import Game
from ..sqlite import WRITE
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
    IMMEDIATE), so a reader that later writes never fails with "database is locked"."""
    db.session.rollback()
    db.session.connection(execution_options={WRITE: True})


def lock(game: Game) -> Game:
    """Start a writing transaction and reload the game in it, locked: on PostgreSQL its row
    (SELECT ... FOR UPDATE), on SQLite the database (BEGIN IMMEDIATE). A second phone waits
    here, then sees what the first one saved."""
    begin_write()
    locked = db.session.scalars(select(Game).where(Game.id == game.id).with_for_update()).one()
    db.session.refresh(locked)
    return locked
