"""SQLite as a real multi-phone database: writers queue up instead of failing.

pysqlite's own transaction handling starts every transaction DEFERRED, so two phones that
read and then write at the same moment can deadlock, and one gets "database is locked".
Here the driver leaves transactions to us: reads begin normally, and a use case that will
write begins IMMEDIATE (see ``services.transaction.lock``), taking the write lock first and waiting
its turn. WAL lets the sheet be read while a hand is being saved.

Writers wait their turn in a queue of the operating system's (``WriterQueue``), not in SQLite's
busy handler: that handler sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100 ms between tries,
so a save that found the lock taken for 3 ms could wait 25 ms or more.
"""

from __future__ import annotations

import fcntl
import os
import threading
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

    queue = WriterQueue(engine.url.database) if engine.url.database not in (None, "", ":memory:") else None

    @event.listens_for(engine, "begin")
    def on_begin(connection: Connection) -> None:
        immediate = connection.get_execution_options().get(WRITE, False)
        if immediate and queue is not None:
            queue.enter()
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    if queue is not None:

        @event.listens_for(engine, "checkin")
        def on_checkin(_dbapi_connection: Any, _record: Any) -> None:
            queue.leave()  # the transaction has ended (committed or rolled back) before a checkin


class WriterQueue:
    """The writers of one SQLite file, in turn: a thread that will write takes an exclusive
    ``flock`` on a file beside the database (and a lock within its process) before BEGIN
    IMMEDIATE, and gives it back when its connection returns to the pool, after its commit or
    rollback. The next writer wakes the moment it is given back.

    SQLite's own lock still guards the data; this queue only decides who asks next. A writer that
    dies gives its ``flock`` back with its process; a thread that waits here longer than SQLite's
    busy timeout goes on to BEGIN IMMEDIATE and SQLite's own answer."""

    def __init__(self, database: str) -> None:
        self._path = database + "-writers"
        self._descriptor: int | None = None
        self._opened_by = 0  # the process that opened it: a forked worker opens its own
        self._in_process = threading.Lock()
        self._holder: int | None = None  # the thread that holds both locks

    def enter(self) -> None:
        """Wait for the turn of this thread (at once if it holds it already)."""
        me = threading.get_ident()
        if self._holder == me:
            return
        if not self._in_process.acquire(timeout=BUSY_TIMEOUT_MS / 1000):
            return
        descriptor = self._file()
        if descriptor is None:
            self._in_process.release()
            return
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        self._holder = me

    def leave(self) -> None:
        """Give the turn to the next writer, if this thread holds it."""
        if self._holder != threading.get_ident():
            return
        self._holder = None
        if self._descriptor is not None:
            fcntl.flock(self._descriptor, fcntl.LOCK_UN)
        self._in_process.release()

    def _file(self) -> int | None:
        """The queue's file, opened by this process; None where it cannot be made (a read-only
        folder, a ``file:`` URI): then SQLite's busy handler alone decides, as it would anyway."""
        if self._descriptor is None or self._opened_by != os.getpid():
            # flock belongs to an open file: one opened before a fork would be shared by the workers
            try:
                self._descriptor = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:
                return None
            self._opened_by = os.getpid()
        return self._descriptor
