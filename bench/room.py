"""A whole room behind one address: a club night of 40 tables played from one address against the app as
`make run` serves it, rate limits on (the counts every worker shares), by halves, with CSRF as phones send it.

80 pairs scan the door at once; the director draws round one; every pair sends its half of the round's hand
and then agrees to the other's, all at once; the board and the standings are read meanwhile. Then wrong side
links from the same address. Prints each step's answers by status: a room gets no 429, guesses do.

    python bench/room.py                        # its own gunicorn, as `make run` starts it, on a fresh SQLite
    python bench/room.py http://127.0.0.1:8000  # against a server already running (`make run`)
"""

from __future__ import annotations

import http.cookiejar
import re
import secrets
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from common import database_env, migrate, serve

TABLES = 40
NIGHT = {
    "name": "Room",
    "held_on": "2026-11-24",
    "ruleset": "classic",
    "round_kind": "hands",
    "round_length": "1",
    "rounds": "3",
    "movement": "mitchell",
    "mitchell_step": "1",
    "scoring": "match",
    "decisive": "",
    "recording": "halves",
    "bye_points": "1",
    "bye_difference": "0",
}
HALVES = (
    {"out": "", "s0_mode": "detailed", "s0_m_K_n": "7"},
    {"out": "1", "s1_mode": "detailed", "s1_m_A_n": "7", "s1_m_6_n": "4"},
)


class Phone:
    """One phone: its cookies (its session, so its CSRF token), redirects not followed."""

    def __init__(self, base: str) -> None:
        class Stay(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.base = base
        self.last: tuple[int, str, str] = (0, "", "")
        jar = urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        self.opener = urllib.request.build_opener(jar, Stay)

    def ask(self, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        """(status, page, Location) of a GET, or of a form post."""
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with self.opener.open(urllib.request.Request(self.base + path, data), timeout=60) as answer:
                return answer.status, answer.read().decode(), answer.headers.get("Location", "")
        except urllib.error.HTTPError as answer:
            return answer.code, answer.read().decode(), answer.headers.get("Location", "")

    def send(self, page: str, action: str, fields: dict[str, str]) -> int:
        """Open ``page`` and post its form to ``action``: the form's hidden fields (its CSRF token, version, one-time
        key) and ``fields``; the answer's status."""
        _, text, _ = self.ask(page)
        found = re.search(rf'<form[^>]*action="{re.escape(action)}[^"]*"(.*?)</form>', text, re.S)
        inputs = re.findall(r"<input[^>]*>", found.group(1) if found else text)
        hidden = [re.findall(r'(name|value)="([^"]*)"', tag) for tag in inputs if 'type="hidden"' in tag]
        form = {dict(tag)["name"]: dict(tag).get("value", "") for tag in hidden if "name" in dict(tag)}
        self.last = self.ask(action, {**form, **fields})
        return self.last[0]


def at_once(name: str, jobs: list, reads: Phone, board: str, public: str) -> Counter[int]:
    """Run every job at once (a phone each), the board and standings read meanwhile; print and return the
    statuses."""
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        sent = [pool.submit(job) for job in jobs]
        read = Counter(reads.ask(path)[0] for _ in range(5) for path in (board, public))
        statuses = Counter(future.result() for future in sent)
    seconds = time.monotonic() - started
    print(f"{name}: {len(jobs)} in {seconds:.1f} s, answers {dict(statuses)}, board and standings read {dict(read)}")
    return statuses + read


def play(base: str) -> None:
    director = Phone(base)
    assert director.send("/nights/new", "/nights/new", NIGHT) == 302, "the night could not be started"
    board = urllib.parse.urlsplit(director.last[2]).path
    _, page, _ = director.ask(board)
    door = re.search(r"/night/[\w-]+/join/[\w-]+", page).group(0)
    public = re.search(r"/night/[\w-]+", page).group(0)

    pairs = [(Phone(base), {"first": f"N{k}", "second": f"S{k}"}) for k in range(2 * TABLES)]
    began = time.monotonic()
    seen = at_once(
        "pairs at the door", [lambda p=p, f=f: p.send(door, door, f) for p, f in pairs], director, board, public
    )
    seen[director.send(board, board + "/rounds", {"reason": ""})] += 1
    card = re.search(r"/night/t/[\w-]+/", director.ask(board + "/cards")[1]).group(0)
    sides = [re.findall(r'href="/s/([\w-]+)"', director.ask(f"{card}{n}")[1]) for n in range(1, TABLES + 1)]
    phones = [(Phone(base), token, side) for tokens in sides for side, token in enumerate(tokens)]
    halves = [lambda p=p, t=t, s=s: p.send(f"/s/{t}/hands/1", f"/s/{t}/hands/1", HALVES[s]) for p, t, s in phones]
    seen += at_once("halves", halves, director, board, public)
    agree = [lambda p=p, t=t: p.send(f"/s/{t}", f"/s/{t}/hands/1/agree", {}) for p, t, _ in phones]
    seen += at_once("agreements", agree, director, board, public)
    seconds = time.monotonic() - began
    finished = director.ask(public)[1].count("✓ finished")
    guesser = Phone(base)
    guessed = Counter(guesser.send("/", f"/s/{secrets.token_urlsafe(16)}/hands/1", HALVES[0]) for _ in range(40))
    print(f"wrong side links from the same address: {dict(guessed)}")
    print(
        f"room: tables={TABLES} seconds={seconds:.0f} answers={sum(seen.values())} refused={seen[429]}"
        f" finished={finished} guesses={sum(guessed.values())} guesses_refused={guessed[429]}"
    )


def main() -> None:
    if len(sys.argv) > 1:
        play(sys.argv[1].rstrip("/"))
        return
    env = {**database_env(), "SCOREKEEPER_RATELIMIT_ENABLED": "true", "SCOREKEEPER_SECRET_KEY": "bench"}
    migrate(env)
    with serve("scorekeeper:create_app()", env) as base:
        play(base)


if __name__ == "__main__":
    main()
