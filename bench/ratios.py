"""Each address of the app against a bare Flask app served the same way: requests per second and the ratio.

One run serves bench/hello.py and the project with gunicorn as `make run` does (2 workers each)
and drives them with wrk on loopback (2 threads, 16 connections, 5 s; recording a hand at 2
connections), hello right before each address at the same number of connections. The ratio to
hello is what carries from one machine to another; the targets are issue 13's. Phones send the
cookies a phone that has opened the game holds (its phone id, its session).
Run with ``make bench`` (DATABASE_URL picks the database; SQLite by default).
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import sys
import urllib.request
from datetime import date

from common import BENCH, HAND, ROOT, TABLE, Figures, database_name, lua_string, post, prepared, serve, wrk

sys.path.insert(0, str(ROOT))

SECONDS = 5
SHEET_HANDS = 40
RECORDING_GAMES = 60

#: Four different hands, so that a 40-hand sheet has the variety of a real one.
HANDS = [
    HAND,
    {
        "sides": [
            {"melds": [{"rank": "K", "naturals": 7}, {"rank": "5", "naturals": 3, "twos": 1}], "went_out": True},
            {"melds": [{"rank": "Q", "naturals": 4}], "red_threes": 1, "hand": {"7": 1, "JOKER": 1}},
        ]
    },
    {
        "sides": [
            {"melds": [{"rank": "9", "naturals": 3}], "hand": {"A": 2, "4": 1}},
            {
                "melds": [{"rank": "J", "naturals": 5, "jokers": 1, "twos": 1}, {"rank": "10", "naturals": 7}],
                "red_threes": 2,
                "went_out": True,
                "concealed": True,
            },
        ]
    },
    {
        "sides": [
            {"melds": [{"rank": "A", "naturals": 4, "twos": 1}], "hand": {"K": 1}, "red_threes": 1},
            {"melds": [{"rank": "6", "naturals": 3}], "hand": {"8": 2, "2": 1}},
        ]
    },
]

#: The least ratio to hello for each address: issue 13's, then issue 37's (every page a phone opens at half).
TARGETS = {
    "sheet of 40 hands (read-only)": 0.5,
    "304 revalidation of that sheet": 0.5,
    "304 revalidation of the game JSON": 0.5,
    "record a hand (API, 2 connections)": 0.05,
    "POST /api/v1/score": 0.5,
    "hand form of that game": 0.5,
    "a side's half form": 0.5,
    "rules topic (melds)": 0.5,
    "night's board (director, 15 tables)": 0.5,
    "night's TV view": 0.5,
}
#: A night's pairs for the board and the TV: 15 tables, round one drawn.
NIGHT_PAIRS = 30

RECORD_LUA = """
local counter = 0
function setup(thread)
  thread:set("slot", counter)
  counter = counter + 1
end
local games = {GAMES}
local body = BODY
function init(args)
  mine = {}
  for i, g in ipairs(games) do
    if (i - 1) % THREADS == slot then table.insert(mine, {id = g[1], token = g[2], hands = 0}) end
  end
  k = 0
end
function request()
  k = k % #mine + 1
  sending = mine[k]
  local sent = string.gsub(body, "EXPECTED", tostring(sending.hands))
  return wrk.format("POST", "/api/v1/games/" .. sending.id .. "/hands",
    {["Content-Type"] = "application/json", ["X-Edit-Token"] = sending.token}, sent)
end
-- counted when saved: gunicorn closes each connection after its answer, and wrk may build a
-- request again for the new connection, so a count taken when sending could run ahead
function response(status, headers, body)
  if status == 201 then sending.hands = sending.hands + 1 end
end
"""


def long_game(base: str, hands: int) -> dict[str, object]:
    """A game of ``hands`` hands, far from its end."""
    game = post(base + "/api/v1/games", {**TABLE, "options": {"target": 1_000_000}})
    for number in range(hands):
        body = {**HANDS[number % len(HANDS)], "expected_hands": number}
        post(f"{base}/api/v1/games/{game['id']}/hands", body, str(game["edit_token"]))
    return game


def halves_game(base: str) -> str:
    """A game kept by halves (each side its own link): the first side's address of its half of hand 1."""
    game = post(base + "/api/v1/games", {**TABLE, "recording": "halves"})
    with urllib.request.urlopen(f"{base}/e/{game['edit_token']}/share") as answer:
        shared = answer.read().decode()
    side = re.findall(r"/s/([\w-]+)", shared)[0]
    return f"{base}/s/{side}/hands/1"


def make_night(env: dict[str, str]) -> tuple[str, str]:
    """A night of ``NIGHT_PAIRS`` pairs with its first round drawn, made in the database before it is served:
    its director's token and its public id."""
    os.environ.update(env)
    from scorekeeper import create_app
    from scorekeeper.services import night as nights

    app = create_app({"SQLALCHEMY_DATABASE_URI": env["DATABASE_URL"], "SECRET_KEY": "bench"})
    with app.app_context():
        night = nights.start_night(nights.NewNight("Bench", date(2026, 11, 24), "classic", round_length=1))
        for k in range(NIGHT_PAIRS):
            nights.add_pair(night, [f"A{k}", f"B{k}"])
        nights.draw_round(night)
        return night.director_token, night.public_id


def phone_cookies(url: str) -> str:
    """The cookies a phone holds after opening ``url`` once (its phone id, its session)."""
    jar = http.cookiejar.CookieJar()
    urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)).open(url).read()
    return "; ".join(f"{cookie.name}={cookie.value}" for cookie in jar)


def record_script(games: list[dict[str, object]], threads: int) -> str:
    listed = ", ".join(f"{{{lua_string(str(g['id']))}, {lua_string(str(g['edit_token']))}}}" for g in games)
    body = json.dumps({**HAND, "expected_hands": 0}).replace('"expected_hands": 0', '"expected_hands": EXPECTED')
    return (
        RECORD_LUA.replace("{GAMES}", "{" + listed + "}")
        .replace("BODY", lua_string(body))
        .replace("THREADS", str(threads))
    )


def main() -> None:
    env = prepared()
    if env is None:
        return
    rows: list[tuple[str, Figures, Figures]] = []
    director, night = make_night(env)
    with serve("hello:app", cwd=BENCH) as hello, serve("scorekeeper:create_app()", env) as base:
        game = long_game(base, SHEET_HANDS)
        sheet = f"{base}/g/{game['id']}"
        phone = phone_cookies(sheet)  # a phone that has been here before, as every phone at the table is
        with urllib.request.urlopen(urllib.request.Request(sheet, headers={"Cookie": phone})) as answer:
            etag = answer.headers["ETag"]
        recording = [
            post(base + "/api/v1/games", {**TABLE, "options": {"target": 1_000_000}}) for _ in range(RECORDING_GAMES)
        ]
        cookie = f'wrk.headers["Cookie"] = {lua_string(phone)}\n'
        with urllib.request.urlopen(f"{base}/api/v1/games/{game['id']}") as answer:
            api_tag = f'wrk.headers["If-None-Match"] = {lua_string(answer.headers.get("ETag", "none"))}\n'
        score_body = json.dumps({"ruleset": "classic", "sides": HAND["sides"]})
        json_post = 'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
        edit = f"{base}/e/{game['edit_token']}"
        addresses = [
            ("sheet of 40 hands (read-only)", sheet, cookie, 16),
            ("sheet of 40 hands (edit link)", edit, cookie, 16),
            (
                "304 revalidation of that sheet",
                sheet,
                cookie + f"wrk.headers['If-None-Match'] = {lua_string(etag)}",
                16,
            ),
            ("game JSON, 40 hands", f"{base}/api/v1/games/{game['id']}", None, 16),
            ("304 revalidation of the game JSON", f"{base}/api/v1/games/{game['id']}", api_tag, 16),
            ("hand form of that game", f"{edit}/hands/new", cookie, 16),
            ("record a hand (API, 2 connections)", base, record_script(recording, 2), 2),
            ("POST /api/v1/score", f"{base}/api/v1/score", json_post + f"wrk.body = {lua_string(score_body)}", 16),
            ("a side's half form", halves_game(base), cookie, 16),
            ("rules topic (melds)", f"{base}/rules/melds", cookie, 16),
            ("night's board (director, 15 tables)", f"{base}/n/{director}", cookie, 16),
            ("night's TV view", f"{base}/night/{night}/tv", cookie, 16),
        ]
        for label, url, script, connections in addresses:
            # hello just before each address, at the same connections: a slow moment of a shared
            # machine then slows both sides of the ratio
            yardstick = wrk(hello + "/", connections=connections, seconds=SECONDS)
            rows.append((label, wrk(url, connections=connections, seconds=SECONDS, script=script), yardstick))
    print(f"gunicorn as `make run` (2 workers), {database_name(env)}; wrk on loopback, {SECONDS} s per address")
    print("each address right after bare Flask hello (bench/hello.py) served the same way, same connections")
    print(f"{'address':<38} {'req/s':>9}   {'p50':>10}   {'p99':>10}   {'hello':>7}   {'ratio':>6}  target")
    for label, figures, yardstick in rows:
        ratio = figures.rate / yardstick.rate if yardstick.rate else 0.0
        target = TARGETS.get(label)
        verdict = f">= {target:<4} {'met' if ratio >= target else 'NOT MET'}" if target else ""
        errors = f"  ({figures.errors} errors)" if figures.errors else ""
        print(
            f"{label:<38} {figures.rate:>9,.0f}   {figures.p50_ms:>7.2f} ms   {figures.p99_ms:>7.2f} ms"
            f"   {yardstick.rate:>7,.0f}   {ratio:>6.3f}  {verdict}{errors}"
        )


if __name__ == "__main__":
    sys.exit(main())
