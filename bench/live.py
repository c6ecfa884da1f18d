"""What 200 phones following one game cost: the live sheet's conditional polls against a real server.

gunicorn as `make run` starts it (2 workers, access log off), on loopback. wrk keeps 200
connections asking for the read-only sheet with If-None-Match (each connection takes the ETag
of its last answer, as the page's script does): the rate it sustains is how many follower polls
a second one server answers; 200 phones polling every 1.5 s need about 133 a second. Meanwhile hands are
saved through the API and timed, against the same saves with nobody following.
Bounded: 127.0.0.1 only, about 20 s of load. Run with ``make bench-live``.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from common import HAND, post, prepared, serve

ROOT = Path(__file__).resolve().parents[1]
FOLLOWERS = 200
SECONDS = 12
POLL_EVERY = 1.5  # as static/js/app.js

FOLLOW_LUA = """
local etag = "none"
request = function()
  return wrk.format("GET", nil, {["If-None-Match"] = etag})
end
response = function(status, headers, body)
  if headers["ETag"] then etag = headers["ETag"] end
end
"""


def timed_saves(base: str, game: dict[str, object], first: int, count: int) -> list[float]:
    """Save ``count`` hands one after the other; each one's milliseconds."""
    spent = []
    for number in range(first, first + count):
        started = time.perf_counter()
        post(f"{base}/api/v1/games/{game['id']}/hands", {**HAND, "expected_hands": number}, str(game["edit_token"]))
        spent.append((time.perf_counter() - started) * 1000)
    return spent


def follow_while_saving(base: str, game: dict[str, object]) -> tuple[list[tuple[int, float]], list[float]]:
    """FOLLOWERS phones polling every POLL_EVERY seconds (each from its own moment) for SECONDS seconds,
    while a hand is saved every 2 s: each poll's (status, milliseconds), and each save's milliseconds."""
    url = f"{base}/g/{game['id']}"
    polls: list[tuple[int, float]] = []
    stop = time.monotonic() + SECONDS

    def phone(offset: float) -> None:
        etag = ""
        time.sleep(offset)
        while time.monotonic() < stop:
            started = time.perf_counter()
            request = urllib.request.Request(url, headers={"If-None-Match": etag} if etag else {})
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    answer.read()
                    status, etag = answer.status, answer.headers.get("ETag", etag)
            except urllib.error.HTTPError as answer:
                status = answer.code
            polls.append((status, (time.perf_counter() - started) * 1000))
            time.sleep(max(0.0, POLL_EVERY - (time.perf_counter() - started)))

    phones = [threading.Thread(target=phone, args=(i * POLL_EVERY / FOLLOWERS,)) for i in range(FOLLOWERS)]
    for thread in phones:
        thread.start()
    time.sleep(POLL_EVERY)
    saves: list[float] = []
    number = 10
    while time.monotonic() < stop - 1:
        saves += timed_saves(base, game, number, 1)
        number += 1
        time.sleep(2)
    for thread in phones:
        thread.join(60)
    return polls, saves


def main() -> None:
    env = prepared()
    if env is None:
        return
    with serve("scorekeeper:create_app()", env) as base:
        # A game far from its end: hands of 30 and 30 points.
        table = {"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]}
        game = post(base + "/api/v1/games", table)
        quiet = {"sides": [{"melds": [{"rank": "K", "naturals": 3}]}, {"melds": [{"rank": "Q", "naturals": 3}]}]}
        HAND.clear()
        HAND.update(quiet)
        alone = timed_saves(base, game, 0, 10)

        script = Path(tempfile.mkdtemp()) / "follow.lua"
        script.write_text(FOLLOW_LUA)
        capacity = subprocess.run(
            ["wrk", "-t2", f"-c{FOLLOWERS}", "-d6s", "--latency", "-s", str(script), f"{base}/g/{game['id']}"],
            capture_output=True, text=True, timeout=60,
        ).stdout  # fmt: skip
        rate = float(re.search(r"Requests/sec:\s+([\d.]+)", capacity).group(1))  # type: ignore[union-attr]

        polls, during = follow_while_saving(base, game)
        database = env["DATABASE_URL"].split(":")[0]
        needed = FOLLOWERS / POLL_EVERY
        print(f"gunicorn 2 workers, {database}, the load generator on the same 2 cores")
        print(f"unchanged-sheet polls one server answers: {rate:,.0f} req/s ({FOLLOWERS} connections, nothing saved)")
        share = 100 * needed / rate
        print(f"{FOLLOWERS} phones polling every {POLL_EVERY:g} s need {needed:.0f} req/s: {share:.0f} % of that")
        waits = sorted(p[1] for p in polls)
        fresh = sum(1 for p in polls if p[0] == 200)
        print(
            f"{FOLLOWERS} phones for {SECONDS} s while {len(during)} hands were saved: {len(polls)} polls,"
            f" {fresh} brought a new sheet (a hand every 2 s), the rest 304; poll p50 {waits[len(waits) // 2]:.0f} ms,"
            f" p99 {waits[int(len(waits) * 0.99)]:.0f} ms"
        )
        print(f"save a hand, nobody following:  p50 {statistics.median(alone):6.1f} ms   max {max(alone):6.1f} ms")
        print(
            f"save a hand, {FOLLOWERS} following:  p50 {statistics.median(during):6.1f} ms   max {max(during):6.1f} ms"
        )


if __name__ == "__main__":
    sys.exit(main())
