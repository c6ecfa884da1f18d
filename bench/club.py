"""A club night of 30 tables on two app servers sharing one database: what the club's evening costs.

The night (60 pairs, round one drawn: 30 tables, each an ordinary game) is made in the database first;
then two gunicorn servers as `make run` starts them serve it. The phones arrive over ``ARRIVING`` seconds
(a table's four together; their answers meanwhile are counted apart), and then for ``SECONDS`` seconds each
table has a phone recording (a hand through the game API every ``HAND_EVERY`` seconds, then its sheet) and
three phones following its sheet, and three TV views follow the night, every phone asking every 1.5 s with
the ETag of its last answer, as the pages' script does. Each request goes to the other server than the one
before. At the end both servers are asked for the standings. Run with ``make bench-club`` (a throwaway
PostgreSQL); figures only, the last line in a fixed shape.
"""

from __future__ import annotations

import itertools
import json
import os
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from datetime import date

from common import ROOT, database_env, migrate, serve

sys.path.insert(0, str(ROOT))

TABLES = int(os.environ.get("CLUB_TABLES", "30"))  # more, to find where the servers give out
FOLLOWERS = 3  # a table's phones following its sheet, besides the one recording
BOARDS = 3  # TV views
SECONDS = 40
#: The phones arrive over this many seconds first, a table's four together, as a venue fills: 600 phones
#: opening their pages in the same second and a server just started (every page rendered afresh) is not an
#: evening. What they are answered meanwhile is counted apart and printed on its own line.
ARRIVING = 10.0
POLL_EVERY = 1.5  # as static/js/app.js
HAND_EVERY = 12.0  # a table records a hand about every 12 s (at a real table: every ten minutes or so)
QUIET = {"sides": [{"melds": [{"rank": "K", "naturals": 3}]}, {"melds": [{"rank": "Q", "naturals": 3}]}]}


def make_night(env: dict[str, str]) -> tuple[str, list[tuple[str, str]]]:
    """A night of 60 pairs with its first round drawn: its public id, and each table's game (public id,
    edit token)."""
    os.environ.update(env)
    from scorekeeper import create_app
    from scorekeeper.services import night as nights

    app = create_app({"SQLALCHEMY_DATABASE_URI": env["DATABASE_URL"], "SECRET_KEY": "bench"})
    with app.app_context():
        night = nights.start_night(
            nights.NewNight("Bench", date(2026, 11, 24), "classic", round_kind="game", round_length=None)
        )
        for k in range(2 * TABLES):
            nights.add_pair(night, [f"A{k}", f"B{k}"])
        drawn = nights.draw_round(night)
        games = [(table.game.public_id, table.game.edit_token) for table in drawn.tables if table.game]
        return night.public_id, games


class Clients:
    """Every phone's requests: each to the next server in turn, each answer's time and whether it failed."""

    def __init__(self, bases: list[str]) -> None:
        self.turn = itertools.cycle(bases)
        self.lock = threading.Lock()
        self.times: list[tuple[float, float]] = []  # (when it was asked, milliseconds to answer)
        self.errors = 0

    def ask(self, path: str, etag: str = "", body: dict | None = None, token: str = "") -> tuple[int, str, bytes]:
        with self.lock:
            base = next(self.turn)
        headers = {"If-None-Match": etag} if etag else {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers |= {"Content-Type": "application/json", "X-Edit-Token": token}
        asked, started = time.monotonic(), time.perf_counter()
        try:
            with urllib.request.urlopen(urllib.request.Request(base + path, data, headers), timeout=30) as answer:
                status, tag, content = answer.status, answer.headers.get("ETag", etag), answer.read()
        except urllib.error.HTTPError as answer:
            status, tag, content = answer.code, etag, b""
        except OSError:
            status, tag, content = 0, etag, b""
        spent = (time.perf_counter() - started) * 1000
        with self.lock:
            self.times.append((asked, spent))
            if status not in (200, 201, 304):
                self.errors += 1
        return status, tag or "", content


def follow(clients: Clients, path: str, stop: float, offset: float) -> None:
    """A phone following a page: a conditional ask every POLL_EVERY seconds."""
    time.sleep(offset)
    etag = ""
    while time.monotonic() < stop:
        started = time.monotonic()
        _, etag, _ = clients.ask(path, etag)
        time.sleep(max(0.0, POLL_EVERY - (time.monotonic() - started)))


def record(clients: Clients, game: tuple[str, str], stop: float, offset: float, turn: float) -> None:
    """The table's recording phone: a hand every HAND_EVERY seconds (the first ``turn`` of that after it
    arrives), following its sheet in between."""
    public_id, token = game
    time.sleep(offset)
    etag, hands, next_hand = "", 0, time.monotonic() + HAND_EVERY * turn
    while time.monotonic() < stop:
        started = time.monotonic()
        if started >= next_hand:
            status, _, _ = clients.ask(
                f"/api/v1/games/{public_id}/hands", body={**QUIET, "expected_hands": hands}, token=token
            )
            hands += status == 201
            next_hand = started + HAND_EVERY
        _, etag, _ = clients.ask(f"/e/{token}", etag)
        time.sleep(max(0.0, POLL_EVERY - (time.monotonic() - started)))


def main() -> None:
    env = database_env()
    if not env["DATABASE_URL"].startswith("postgres"):
        print("bench/club.py runs on PostgreSQL: make bench-club")
        return
    migrate(env)
    night, games = make_night(env)
    with serve("scorekeeper:create_app()", env) as first, serve("scorekeeper:create_app()", env) as second:
        clients = Clients([first, second])
        arrived = time.monotonic() + ARRIVING
        stop = arrived + SECONDS
        phones = []
        for k, game in enumerate(games):
            offset = ARRIVING * k / len(games)
            phones.append(threading.Thread(target=record, args=(clients, game, stop, offset, k / len(games))))
            phones += [
                threading.Thread(target=follow, args=(clients, f"/g/{game[0]}", stop, offset + POLL_EVERY * f / 4))
                for f in range(1, FOLLOWERS + 1)
            ]
        phones += [
            threading.Thread(target=follow, args=(clients, f"/night/{night}/tv", stop, POLL_EVERY * b / BOARDS))
            for b in range(BOARDS)
        ]
        for thread in phones:
            thread.start()
        for thread in phones:
            thread.join(SECONDS + 60)
        elapsed = time.monotonic() - arrived
        answers = sorted(spent for asked, spent in clients.times if asked >= arrived)
        arriving = sorted(spent for asked, spent in clients.times if asked < arrived)
        standings = []
        for base in (first, second):
            with urllib.request.urlopen(f"{base}/night/{night}/standings.json", timeout=30) as answer:
                standings.append(json.loads(answer.read())["standings"])
    p50 = statistics.median(answers)
    p99 = answers[int(len(answers) * 0.99)]
    equal = "yes" if standings[0] == standings[1] else "no"
    phones_count = TABLES * (1 + FOLLOWERS)
    print(
        f"while the phones arrived ({ARRIVING:.0f} s, a server just started): {len(arriving)} answers,"
        f" p50={statistics.median(arriving):.0f}ms p99={arriving[int(len(arriving) * 0.99)]:.0f}ms"
    )
    print(f"then {len(answers)} answers in {elapsed:.0f} s from 2 gunicorn servers (2 workers each) on one PostgreSQL,")
    print(f"the {phones_count + BOARDS} phones and TVs on the same 2 cores")
    print(
        f"club: servers=2 tables={len(games)} phones={phones_count} boards={BOARDS} "
        f"answers/s={len(answers) / elapsed:.0f} p50={p50:.0f}ms p99={p99:.0f}ms errors={clients.errors} "
        f"standings_equal={equal}"
    )


if __name__ == "__main__":
    sys.exit(main())
