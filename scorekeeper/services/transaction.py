"""Writing transactions: a use case that will write takes the write lock before it reads,
and a database that refuses writes is reported as such, never as a crash."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import ParamSpec, TypeVar

from sqlalchemy import inspect, select
from sqlalchemy.exc import InternalError, OperationalError
from sqlalchemy.orm import selectinload

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
    players, which change only with the game's version (``lock`` reads them again when it moved on;
    anything changed in the session is thrown away)."""
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
    here, then sees what the first one saved. Its sides and players are read again when its version
    moved on meanwhile (a club night's director moved a pair: new names, a new link)."""
    game_id = game.id  # read before begin_write expires it (reading it after would cost a query)
    seen = game.__dict__.get("version")  # the version this request read (None: none)
    begin_write()
    # begin_write has forgotten the game's row, its hands and its log: this reads them afresh.
    locked = db.session.scalars(select(Game).where(Game.id == game_id).with_for_update()).one()
    if locked.version != seen:
        _forget_sides(locked)
    return locked


def lock_games(game_ids: Iterable[int]) -> list[Game]:
    """Lock these games too, in a writing transaction already begun (a club night's, whose lock is always
    taken before its games'), in the order of their ids, so that two use cases never wait for each other
    crosswise; each read afresh with its sides and players."""
    ids = sorted(set(game_ids))
    if not ids:
        return []
    locked = (
        select(Game)
        .where(Game.id.in_(ids))
        .order_by(Game.id)
        .options(selectinload(Game.sides).selectinload(Side.players))
        .execution_options(populate_existing=True)
        .with_for_update()
    )
    return list(db.session.scalars(locked))


def _forget_sides(game: Game) -> None:
    """Forget what the session read of the game's sides and players (read again when next used)."""
    for side in game.__dict__.get("sides", ()):
        for player in side.__dict__.get("players", ()):
            db.session.expire(player)
        db.session.expire(side)
    db.session.expire(game, ["sides"])
