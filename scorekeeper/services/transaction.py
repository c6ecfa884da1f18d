"""Writing transactions: a use case that will write takes the write lock before it reads."""

from __future__ import annotations

from sqlalchemy import select

from ..extensions import db
from ..models import Game
from ..sqlite import WRITE


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
