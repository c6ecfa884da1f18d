"""Has the game changed? Its version in one small query, for the phones that follow it.

Phones following a game ask every 1.5 s, and most of the time nothing has changed: this read
skips the session and the ORM and goes straight to a pooled connection. On PostgreSQL it also
skips the transaction and the pool's ping before each use (one round trip instead of four):
a connection that turns out to be dead is dropped and the question asked once more.
"""

from __future__ import annotations

import functools
import weakref
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, create_engine, event, select
from sqlalchemy.engine import Dialect, Engine

from ...shapes.limits import is_token
from ...store.database import db
from ...store.models import Game, now
from ...store.nights import NightRound, NightTable


@dataclass(frozen=True)
class Stamp:
    """What a page needs to know of a game to tell it is unchanged, and to serve a kept page."""

    id: int
    version: int
    public_id: str
    clock_over: bool = False  # at a club night's table: the round's clock has run out

    @property
    def shown(self) -> int:
        """What the game's pages show changes with: its version, and once more when its night's round of
        minutes runs out (the sheet then asks the table to say it has finished)."""
        return 2 * self.version + int(self.clock_over)


def game_stamp(token: str, *, editable: bool) -> Stamp | None:
    """The game behind a link, its version and its read-only id (None: no such game)."""
    return stamp_on(db.engine, token, editable=editable)


def stamp_on(engine: Engine, token: str, *, editable: bool) -> Stamp | None:
    """``game_stamp`` on a given engine (outside the app too: see revalidation.py)."""
    if not is_token(token):
        return None
    sql, order = _version_sql(engine.dialect, editable)
    values = [token] if order else {"token": token}
    reader = _reader(engine)
    for last_try in (False, True):
        connection = reader.raw_connection()
        try:
            cursor = connection.cursor()
            cursor.execute(sql, values)
            row = cursor.fetchone()
            cursor.close()
            if reader is engine:
                connection.rollback()  # the engine's own connections go back with no transaction open
        except reader.dialect.loaded_dbapi.OperationalError:
            connection.invalidate()  # a connection the server has dropped (restarted): a new one next
            if last_try:
                raise
            continue
        finally:
            connection.close()
        return Stamp(int(row[0]), int(row[1]), str(row[2]), _over(row[3])) if row else None
    return None  # not reached: the last try returns or raises


def _over(ends: datetime | str | None) -> bool:
    """Whether a round's clock that ends at ``ends`` (as the driver gives it: SQLite's is text) has run out."""
    if ends is None:
        return False
    return now() >= (datetime.fromisoformat(ends) if isinstance(ends, str) else ends)


def _reader(engine: Engine) -> Engine:
    """The engine that asks for versions: on PostgreSQL a small pool of its own in autocommit, with no
    ping before each use (made once per app engine, gone with it); elsewhere the app's engine itself."""
    if engine.dialect.name != "postgresql":
        return engine
    reader = _readers.get(engine)
    if reader is None:
        options: dict[str, Any] = {"isolation_level": "AUTOCOMMIT", "pool_size": 2, "max_overflow": 2}
        reader = _readers.setdefault(engine, create_engine(engine.url, **options))
        event.listen(engine, "engine_disposed", lambda _engine: reader.dispose())  # its connections go too
    return reader


_readers: weakref.WeakKeyDictionary[Engine, Engine] = weakref.WeakKeyDictionary()


@functools.cache
def _version_sql(dialect: Dialect, editable: bool) -> tuple[str, tuple[str, ...] | None]:
    """The version query in the database's own SQL, with the order of its positional parameters."""
    column = Game.edit_token if editable else Game.public_id
    compiled = (
        select(Game.id, Game.version, Game.public_id, NightRound.ends_at)
        .outerjoin(NightTable, NightTable.game_id == Game.id)
        .outerjoin(NightRound, NightRound.id == NightTable.round_id)
        .where(column == bindparam("token"))
        .compile(dialect=dialect)
    )
    return str(compiled), tuple(compiled.positiontup) if compiled.positional and compiled.positiontup else None
