"""Rate-limit counts every worker and every server shares: a table of counters in SQL.

``make run`` serves with several worker processes, and a club may run several app servers on one
PostgreSQL: counts kept in each process's memory let a script through once per process (51 of 300
new games through a limit of 30 with two workers). Here the counts live where all of them see them:
- SQLite: a file of its own beside the database (``canasta.sqlite-counts``), never the database
  itself, so that counting never waits behind a hand being saved or adds a disk flush to it;
- PostgreSQL: a table ``rate_count`` in the app's database, so every app server shares it.

The table holds nothing anyone would miss (counts that expire within a day): it is made on first
use, may be dropped at any time, and is not part of the app's schema or its migrations.

Flask-Limiter finds this store by its scheme: ``RATELIMIT_STORAGE_URI = "sqlcounts://"`` with
``RATELIMIT_STORAGE_OPTIONS = {"url": <SQLAlchemy URL>}`` (``register_limits`` sets both).
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from limits.storage import Storage
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

TABLE = "rate_count"
CREATE = (
    f"CREATE TABLE IF NOT EXISTS {TABLE}"
    " (key VARCHAR(255) PRIMARY KEY, count INTEGER NOT NULL, expires_at FLOAT NOT NULL)"
)
#: One count in this many also clears the expired ones (a table that never grows past a day's keys).
SWEEP_EVERY = 200
INCREMENT = text(
    f"INSERT INTO {TABLE} (key, count, expires_at) VALUES (:key, :amount, :expires) "
    "ON CONFLICT (key) DO UPDATE SET "
    f"count = CASE WHEN {TABLE}.expires_at <= :now THEN :amount ELSE {TABLE}.count + :amount END, "
    f"expires_at = CASE WHEN {TABLE}.expires_at <= :now THEN :expires ELSE {TABLE}.expires_at END "
    "RETURNING count"
)


def counts_url(database_url: str) -> str | None:
    """Where the counts of the app on ``database_url`` live (None: nowhere shared, keep them in memory)."""
    if database_url.startswith("sqlite"):
        path = database_url.removeprefix("sqlite:///")
        if not path or path == ":memory:" or path.startswith("file:") or database_url.startswith("sqlite://:"):
            return None  # an in-memory or read-only URI database: one process, memory does
        return f"sqlite:///{path}-counts"
    return database_url


class SqlCounts(Storage):
    """A ``limits`` storage (fixed windows) over one SQL table; the engine is made in each process."""

    STORAGE_SCHEME = ["sqlcounts"]  # noqa: RUF012  (the registry reads a plain list)

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions)
        self.url = str(options["url"])
        self._engine: Engine | None = None
        self._made_by = 0
        self._lock = threading.Lock()
        self._counted = 0

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    def engine(self) -> Engine:
        """This process's engine (a forked worker makes its own), with the table made."""
        with self._lock:
            if self._engine is None or self._made_by != os.getpid():
                sqlite = self.url.startswith("sqlite")
                engine = create_engine(
                    self.url,
                    pool_size=2,
                    max_overflow=8,
                    isolation_level="AUTOCOMMIT",  # each count is one statement, a transaction of its own
                    **({} if sqlite else {"pool_pre_ping": True}),
                )
                if sqlite:
                    event.listen(engine, "connect", _sqlite_pragmas)
                with engine.connect() as connection:
                    connection.exec_driver_sql(CREATE)
                    connection.commit()
                self._engine, self._made_by = engine, os.getpid()
            return self._engine

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self.engine().connect() as connection:
            count = connection.execute(
                INCREMENT, {"key": key, "amount": amount, "expires": now + expiry, "now": now}
            ).scalar_one()
            self._counted += 1
            if self._counted % SWEEP_EVERY == 0:
                connection.execute(text(f"DELETE FROM {TABLE} WHERE expires_at <= :now"), {"now": now})
            connection.commit()
        return int(count)

    def get(self, key: str) -> int:
        with self.engine().connect() as connection:
            found = connection.execute(
                text(f"SELECT count FROM {TABLE} WHERE key = :key AND expires_at > :now"),
                {"key": key, "now": time.time()},
            ).scalar()
        return int(found or 0)

    def get_expiry(self, key: str) -> float:
        now = time.time()
        with self.engine().connect() as connection:
            found = connection.execute(
                text(f"SELECT expires_at FROM {TABLE} WHERE key = :key AND expires_at > :now"), {"key": key, "now": now}
            ).scalar()
        return float(found or now)

    def check(self) -> bool:
        try:
            with self.engine().connect() as connection:
                connection.execute(text("SELECT 1"))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with self.engine().connect() as connection:
            removed = connection.execute(text(f"DELETE FROM {TABLE}")).rowcount
            connection.commit()
        return int(removed)

    def clear(self, key: str) -> None:
        with self.engine().connect() as connection:
            connection.execute(text(f"DELETE FROM {TABLE} WHERE key = :key"), {"key": key})
            connection.commit()

    def dispose(self) -> None:
        """Close this process's connections (the app's engine is being disposed too)."""
        with self._lock:
            if self._engine is not None:
                self._engine.dispose()
                self._engine = None


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # Counts need no flush to disk: losing the last ones to a power cut lets a script a few more tries.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout = 5000")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = OFF")
    cursor.close()
