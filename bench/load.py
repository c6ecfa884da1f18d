"""Fifty phones at once for a minute: p50 and p99 of every answer, on SQLite or PostgreSQL.

gunicorn as `make run` (2 workers) on loopback; wrk keeps 50 connections, each a phone with its
cookies following one of ten 40-hand games: mostly the live sheet's conditional polls (each
phone keeps the ETag of its last answer), and full sheets, edit sheets, the game's JSON and the
hand form; meanwhile a hand is saved to one of the games every half second (so the polls keep
finding new versions). Issue 13's target: p99 under 100 ms on both databases.
Run with ``make bench`` (DATABASE_URL picks the database; SQLite by default).
"""

from __future__ import annotations

import sys
import threading
import time

from common import database_name, lua_string, post, prepared, serve, wrk
from ratios import HANDS, long_game, phone_cookies

CLIENTS = 50
SECONDS = 60
GAMES = 10

MIX_LUA = """
local games = {GAMES}
local cookie = COOKIE
local etags = {}
local picked = 1
request = function()
  local game = games[math.random(#games)]
  local roll = math.random(100)
  local path, headers = "/g/" .. game[1], {["Cookie"] = cookie}
  if roll <= 60 then
    headers["If-None-Match"] = etags[path] or "none"
  elseif roll <= 75 then
  elseif roll <= 85 then path = "/e/" .. game[2]
  elseif roll <= 95 then path = "/api/v1/games/" .. game[1]
  else path = "/e/" .. game[2] .. "/hands/new" end
  picked = path
  return wrk.format("GET", path, headers)
end
response = function(status, headers, body)
  if headers["ETag"] then etags[picked] = headers["ETag"] end
end
"""


def saving(base: str, games: list[dict[str, object]], stop: float) -> None:
    """A hand to one of the games every half second until ``stop``."""
    counts = dict.fromkeys((str(g["id"]) for g in games), 40)
    number = 0
    while time.monotonic() < stop:
        game = games[number % len(games)]
        body = {**HANDS[number % len(HANDS)], "expected_hands": counts[str(game["id"])]}
        post(f"{base}/api/v1/games/{game['id']}/hands", body, str(game["edit_token"]))
        counts[str(game["id"])] += 1
        number += 1
        time.sleep(0.5)


def main() -> None:
    env = prepared()
    if env is None:
        return
    with serve("scorekeeper:create_app()", env) as base:
        games = [long_game(base, 40) for _ in range(GAMES)]
        cookie = phone_cookies(f"{base}/g/{games[0]['id']}")
        listed = ", ".join(f"{{{lua_string(str(g['id']))}, {lua_string(str(g['edit_token']))}}}" for g in games)
        script = MIX_LUA.replace("{GAMES}", "{" + listed + "}").replace("COOKIE", lua_string(cookie))
        saver = threading.Thread(target=saving, args=(base, games, time.monotonic() + SECONDS))
        saver.start()
        # one wrk thread per phone: the script's state (the ETag of each page, the page last asked for) is per
        # thread, and response() cannot tell connections apart, so with many phones to a thread a phone would
        # store another's ETag and poll with the wrong one
        figures = wrk(base + "/", connections=CLIENTS, seconds=SECONDS, threads=CLIENTS, script=script)
        saver.join()
    print(
        f"{CLIENTS} phones for {SECONDS} s on {database_name(env)}, gunicorn as `make run` (2 workers), wrk on loopback"
    )
    print(f"  {figures.requests:,} answers ({figures.rate:,.0f} a second), {figures.errors} errors")
    print(f"  p50 {figures.p50_ms:.1f} ms, p99 {figures.p99_ms:.1f} ms (target: p99 under 100 ms)")


if __name__ == "__main__":
    sys.exit(main())
