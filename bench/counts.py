"""What one rate-limit count costs where every worker and server shares the counts (store/rate_counts.py):
a side SQLite file beside the database, or the PostgreSQL table when DATABASE_URL names one. Figures only.

A hand's save, a new game and a wrong link each count once when the limits are on.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.store.rate_counts import SqlCounts, counts_url

COUNTS = 2000


def main() -> None:
    database = os.environ.get("DATABASE_URL") or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite"
    url = counts_url(database)
    assert url is not None
    store = SqlCounts("sqlcounts://", url=url)
    store.incr("warm", 60)
    started = time.perf_counter()
    for number in range(COUNTS):
        store.incr(f"address-{number % 50}", 60)
    each = (time.perf_counter() - started) / COUNTS
    where = "PostgreSQL table" if url.startswith("postgres") else "SQLite side file"
    print(f"rate counts ({where}): {COUNTS} counts, {each * 1e6:.0f} us each")
    store.reset()
    store.dispose()


if __name__ == "__main__":
    main()
