"""A club night on two app servers sharing one database: what the club's evening, or a national, costs.

The night (``CLUB_TABLES`` tables, twice as many pairs, round one drawn: each table an ordinary game) is made
in the database first; then two gunicorn servers as `make run` starts them serve it. The phones arrive over
``ARRIVING`` seconds (a table's four together; their answers meanwhile are counted apart), and then for
``SECONDS`` seconds each table has a phone recording (a hand through the game API every ``HAND_EVERY``
seconds, then its sheet) and ``FOLLOWERS`` phones following its sheet, and three TV views follow the night,
every phone asking every ``POLL_EVERY`` seconds with the ETag of its last answer, as the pages' script does.
Each request goes to the next server in turn. At the end every server is asked for the standings, and the
cost of one answer of each kind is measured on the first server, one answer at a time (CPU time of the app
server and of PostgreSQL, from /proc). Run with ``make bench-club`` (a throwaway PostgreSQL); figures only,
the last line in a fixed shape. The load average (``uptime``) is printed beside the figures: the machine
may be shared.

Two load models. A club night or a regional event (up to 200 tables): every phone in view all evening,
asking every 1.5 s (static/js/app.js), a hand every 12 s a table (about fifty times a real table's pace).
A national (``NATIONAL`` tables and more, issue 51: 300 to 400 tables over several venues): 1,600 phones
whose pages are in view about a third of the time (the script stops asking while hidden), so on average
one ask every 5 s a phone (about 320 a second); the venue fills over ``ARRIVING`` = 30 s; a table records a
hand every 60 s, the pace of 400 tables sending a score (two halves each) within two minutes at a round's
end. Each knob can be set: CLUB_POLL_EVERY, CLUB_HAND_EVERY, CLUB_ARRIVING, CLUB_SECONDS, CLUB_FOLLOWERS.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import statistics
import sys
import time
import urllib.request
from contextlib import ExitStack
from datetime import date

from common import ROOT, cpu_seconds, database_env, migrate, postgres_pid, served

sys.path.insert(0, str(ROOT))

TABLES = int(os.environ.get("CLUB_TABLES", "30"))  # more, to find where the servers give out
#: From this many tables on, the night is a national's (see above): its phones ask less often on average.
NATIONAL = 300
_national = TABLES >= NATIONAL


def _knob(name: str, club: float, national: float) -> float:
    return float(os.environ.get(name, national if _national else club))


FOLLOWERS = int(_knob("CLUB_FOLLOWERS", 3, 3))  # a table's phones following its sheet, besides the one recording
BOARDS = 3  # TV views
SERVERS = 2  # two gunicorn servers of two workers each: four workers for two cores (docs/scaling.md)
SECONDS = _knob("CLUB_SECONDS", 40, 60)
#: The phones arrive over this many seconds first, a table's four together, as a venue fills: 600 phones
#: opening their pages in the same second and a server just started (every page rendered afresh) is not an
#: evening. What they are answered meanwhile is counted apart and printed on its own line.
ARRIVING = _knob("CLUB_ARRIVING", 10, 30)
POLL_EVERY = _knob("CLUB_POLL_EVERY", 1.5, 5.0)  # 1.5 s as static/js/app.js while the page is in view
HAND_EVERY = _knob("CLUB_HAND_EVERY", 12, 60)  # a table records a hand (at a real table: every ten minutes or so)
QUIET = {"sides": [{"melds": [{"rank": "K", "naturals": 3}]}, {"melds": [{"rank": "Q", "naturals": 3}]}]}


def make_night(env: dict[str, str]) -> tuple[str, list[tuple[str, str]]]:
    """A night of twice ``TABLES`` pairs with its first round drawn: its public id, and each table's game
    (public id, edit token). The pairs are written at once, as hundreds of door posts would have added them
    (each post reads the night's pairs: 800 of them one by one would take minutes); the round is drawn by
    the night's use case."""
    os.environ.update(env)
    from scorekeeper import create_app
    from scorekeeper.services import night as nights
    from scorekeeper.store.database import db
    from scorekeeper.store.nights import NightPair

    app = create_app({"SQLALCHEMY_DATABASE_URI": env["DATABASE_URL"], "SECRET_KEY": "bench"})
    with app.app_context():
        night = nights.start_night(
            nights.NewNight("Bench", date(2026, 11, 24), "classic", round_kind="game", round_length=None)
        )
        db.session.add_all(
            NightPair(night_id=night.id, number=k, players=[f"A{k}", f"B{k}"]) for k in range(1, 2 * TABLES + 1)
        )
        db.session.commit()
        db.session.expire_all()
        drawn = nights.draw_round(night)
        games = [(table.game.public_id, table.game.edit_token) for table in drawn.tables if table.game]
        return night.public_id, games


class Clients:
    """Every phone's requests: each to the next server in turn, each answer's time and whether it failed."""

    def __init__(self, bases: list[str]) -> None:
        self.turn = itertools.cycle(bases)
        self.times: list[tuple[float, float]] = []  # (when it was asked, milliseconds to answer)
        self.errors = 0
        self.hands: dict[str, int] = {}  # each table's hands saved, by its game's public id

    def ask(self, path: str, etag: str = "", body: dict | None = None, token: str = "") -> tuple[int, str, bytes]:
        """One request, waited for (the costs, one at a time)."""
        return asyncio.run(self.asking(path, etag, body, token))

    async def asking(
        self, path: str, etag: str = "", body: dict | None = None, token: str = ""
    ) -> tuple[int, str, bytes]:
        """One request as a phone sends it, on its own connection (a gunicorn sync worker closes each):
        written and read on the event loop, so that a thousand phones cost this process little."""
        base = next(self.turn)
        host, port = base.removeprefix("http://").split(":")
        data = json.dumps(body).encode() if body is not None else b""
        head = [f"{'POST' if body is not None else 'GET'} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
        head += [f"If-None-Match: {etag}"] if etag else []
        if body is not None:
            head += ["Content-Type: application/json", f"X-Edit-Token: {token}", f"Content-Length: {len(data)}"]
        asked, started = time.monotonic(), time.perf_counter()
        try:
            async with asyncio.timeout(30):
                reader, writer = await asyncio.open_connection(host, int(port))
                writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
                answer = await reader.read(-1)
                writer.close()
            header, _, content = answer.partition(b"\r\n\r\n")
            lines = header.decode("latin-1").split("\r\n")
            status = int(lines[0].split()[1])
            tags = [line.split(":", 1)[1].strip() for line in lines[1:] if line.lower().startswith("etag:")]
            tag = tags[0] if tags else etag
        except (OSError, TimeoutError, ValueError, IndexError):
            status, tag, content = 0, etag, b""
        spent = (time.perf_counter() - started) * 1000
        self.times.append((asked, spent))
        if status not in (200, 201, 304):
            self.errors += 1
        return status, tag, content


async def follow(clients: Clients, path: str, stop: float, offset: float) -> None:
    """A phone following a page: a conditional ask every POLL_EVERY seconds."""
    await asyncio.sleep(offset)
    etag = ""
    while time.monotonic() < stop:
        started = time.monotonic()
        _, etag, _ = await clients.asking(path, etag)
        await asyncio.sleep(max(0.0, POLL_EVERY - (time.monotonic() - started)))


async def record(clients: Clients, game: tuple[str, str], stop: float, offset: float, turn: float) -> None:
    """The table's recording phone: a hand every HAND_EVERY seconds (the first ``turn`` of that after it
    arrives), following its sheet in between."""
    public_id, token = game
    await asyncio.sleep(offset)
    etag, hands, next_hand = "", 0, time.monotonic() + HAND_EVERY * turn
    while time.monotonic() < stop:
        started = time.monotonic()
        if started >= next_hand:
            status, _, _ = await clients.asking(
                f"/api/v1/games/{public_id}/hands", body={**QUIET, "expected_hands": hands}, token=token
            )
            hands += status == 201
            clients.hands[public_id] = hands
            next_hand = started + HAND_EVERY
        _, etag, _ = await clients.asking(f"/e/{token}", etag)
        await asyncio.sleep(max(0.0, POLL_EVERY - (time.monotonic() - started)))


async def phones(clients: Clients, night: str, games: list[tuple[str, str]], arrived: float, stop: float) -> None:
    """Every table's phones and the TVs, together until ``stop``."""
    now = time.monotonic()
    asking = []
    for k, game in enumerate(games):
        offset = arrived - now - ARRIVING + ARRIVING * k / len(games)
        asking.append(record(clients, game, stop, offset, k / len(games)))
        for f in range(1, FOLLOWERS + 1):
            asking.append(follow(clients, f"/g/{game[0]}", stop, offset + POLL_EVERY * f / (FOLLOWERS + 1)))
    asking += [follow(clients, f"/night/{night}/tv", stop, POLL_EVERY * b / BOARDS) for b in range(BOARDS)]
    await asyncio.gather(*asking)


def costs(base: str, server: int, database: int | None, night: str, games: list[tuple[str, str]], clients: Clients):
    """What one answer of each kind costs, asked one at a time of one server once the phones have gone: the
    CPU milliseconds its workers and PostgreSQL spent on it, and the milliseconds it took. By kind: a
    followed sheet unchanged (304), the TV unchanged (304), a hand saved (201), a sheet after its hand (200,
    rendered), the TV after a hand (200, rendered)."""
    one = Clients([base])
    spent: dict[str, list[float]] = {}
    unexpected = [0]

    def measured(kind: str, path: str, etag: str = "", body: dict | None = None, token: str = "") -> str:
        """One answer of ``kind`` (its status as the kind's name ends, else counted as unexpected)."""
        app, db, started = cpu_seconds(server), cpu_seconds(database) if database else 0.0, time.perf_counter()
        status, tag, _ = one.ask(path, etag, body, token)
        wall = (time.perf_counter() - started) * 1000
        app, db = cpu_seconds(server) - app, (cpu_seconds(database) - db) if database else 0.0
        spent.setdefault(kind, [0.0, 0.0, 0.0, 0.0])
        totals = spent[kind]
        totals[0], totals[1], totals[2], totals[3] = totals[0] + 1, totals[1] + app, totals[2] + db, totals[3] + wall
        unexpected[0] += not kind.endswith(str(status))
        return tag

    sheets = {public_id: one.ask(f"/g/{public_id}")[1] for public_id, _ in games[:100]}
    tv = one.ask(f"/night/{night}/tv")[1]
    for k in range(300):
        public_id = games[k % len(sheets)][0]
        measured("sheet-304", f"/g/{public_id}", sheets[public_id])
        measured("tv-304", f"/night/{night}/tv", tv)
    for public_id, token in games[:60]:
        hands = clients.hands.get(public_id, 0)
        measured("hand-201", f"/api/v1/games/{public_id}/hands", body={**QUIET, "expected_hands": hands}, token=token)
        clients.hands[public_id] = hands + 1
        measured("sheet-200", f"/g/{public_id}", sheets[public_id])
        tv = measured("tv-200", f"/night/{night}/tv", tv)
    if one.errors or unexpected[0]:
        print(f"costs: {one.errors} answers failed, {unexpected[0]} not of the status their kind expects")
    return {
        kind: (app / count * 1000, db / count * 1000, wall / count) for kind, (count, app, db, wall) in spent.items()
    }


def load() -> str:
    """The machine's load average (1, 5, 15 minutes), as uptime says it."""
    return "load average " + ", ".join(f"{figure:.2f}" for figure in os.getloadavg())


def main() -> None:
    env = database_env()
    if not env["DATABASE_URL"].startswith("postgres"):
        print("bench/club.py runs on PostgreSQL: make bench-club")
        return
    migrate(env)
    made = time.monotonic()
    night, games = make_night(env)
    print(f"the night of {2 * TABLES} pairs made and its first round drawn in {time.monotonic() - made:.0f} s")
    with ExitStack() as stack:
        servers = [stack.enter_context(served("scorekeeper:create_app()", env)) for _ in range(SERVERS)]
        bases = [base for base, _ in servers]
        clients = Clients(bases)
        print(f"before: {load()}")
        database = postgres_pid(env)
        used = [sum(cpu_seconds(pid) for _, pid in servers), cpu_seconds(database or 0), time.process_time()]
        arrived = time.monotonic() + ARRIVING
        stop = arrived + SECONDS
        asyncio.run(phones(clients, night, games, arrived, stop))
        elapsed = time.monotonic() - arrived
        after = load()
        used = [
            sum(cpu_seconds(pid) for _, pid in servers) - used[0],
            cpu_seconds(database or 0) - used[1],
            time.process_time() - used[2],
        ]
        answers = sorted(spent for asked, spent in clients.times if asked >= arrived)
        arriving = sorted(spent for asked, spent in clients.times if asked < arrived)
        standings = []
        for base in bases:
            with urllib.request.urlopen(f"{base}/night/{night}/standings.json", timeout=30) as answer:
                standings.append(json.loads(answer.read())["standings"])
        cost = costs(bases[0], servers[0][1], database, night, games, clients)
    p50 = statistics.median(answers)
    p99 = answers[int(len(answers) * 0.99)]
    equal = "yes" if all(other == standings[0] for other in standings) else "no"
    phones_count = TABLES * (1 + FOLLOWERS)
    print(
        f"while the phones arrived ({ARRIVING:.0f} s, a server just started): {len(arriving)} answers,"
        f" p50={statistics.median(arriving):.0f}ms p99={arriving[int(len(arriving) * 0.99)]:.0f}ms"
    )
    print(
        f"then {len(answers)} answers in {elapsed:.0f} s from {SERVERS} gunicorn servers (2 workers each) on one"
        f" PostgreSQL, the {phones_count + BOARDS} phones and TVs on the same machine ({os.cpu_count()} cores),"
        f" each asking every {POLL_EVERY:g} s, a hand every {HAND_EVERY:g} s a table; {after}"
    )
    print(
        f"CPU spent while the phones arrived and asked ({ARRIVING + elapsed:.0f} s): app servers {used[0]:.1f} s,"
        f" PostgreSQL {used[1]:.1f} s, the phones (this process) {used[2]:.1f} s; {len(clients.times)} answers in all,"
        f" {1000 * (used[0] + used[1]) / max(len(clients.times), 1):.1f} ms of servers' CPU an answer"
    )
    print("one answer of each kind, asked one at a time of one server: CPU ms of its workers + of PostgreSQL, wall ms")
    print("cost: " + " ".join(f"{kind}={app:.1f}+{db:.1f}cpu/{wall:.0f}ms" for kind, (app, db, wall) in cost.items()))
    print(f"(measured under {load()})")
    print(
        f"club: servers={SERVERS} tables={len(games)} phones={phones_count} boards={BOARDS} "
        f"answers/s={len(answers) / elapsed:.0f} p50={p50:.0f}ms p99={p99:.0f}ms errors={clients.errors} "
        f"standings_equal={equal}"
    )


if __name__ == "__main__":
    sys.exit(main())
