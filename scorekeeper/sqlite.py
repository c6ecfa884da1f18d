"""SQLite as a real multi-phone database: writers queue up instead of failing.

pysqlite's own transaction handling starts every transaction DEFERRED, so two phones that
read and then write at the same moment can deadlock, and one gets "database is locked".
Here the driver leaves transactions to us: reads begin normally, and a use case that will
write begins IMMEDIATE (see ``services.transaction.lock``), taking the write lock first and waiting
its turn. WAL lets the sheet be read while a hand is being saved.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

WRITE = "scorekeeper_write"  # execution option: this transaction will write
BUSY_TIMEOUT_MS = 15_000


def configure_sqlite(engine: Engine) -> None:
    """Take over transaction handling on every connection of this SQLite engine."""

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # no implicit BEGIN from the driver
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        if engine.url.database not in (None, "", ":memory:"):
            cursor.execute("PRAGMA journal_mode = WAL")
            # FULL: every saved hand is on disk before the phone is told so, even if the machine
            # loses power (NORMAL, WAL's usual choice, may lose the last commits then). Tried both:
            # the difference is one disk flush per save, small beside the rest of a save.
            cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Connection) -> None:
        immediate = connection.get_execution_options().get(WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")
