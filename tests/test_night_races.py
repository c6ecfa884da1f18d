"""A club night's director and its pairs at the same instant, on two app servers sharing one database: the
director's move of a pair before its table begins and that pair's first half for the table never both go
through, and every server then tells the same story (the game's version, who sits there, what was sent)."""

from __future__ import annotations

import html
import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Callable
from functools import partial

from scorekeeper.tournament import ROUNDS

from .conftest import FIGURES
from .helpers import gunicorn_as_make_run_starts_it, stop_server
from .test_night_pages import SETTINGS
from .test_rate_limits import served_database  # noqa: F401  (the fixture)

PAIRS = [("Ana", "Luis"), ("Bea", "Juan"), ("Cris", "Dani"), ("Eva", "Fede")]
NAMES = {f"{one} & {two}": number for number, (one, two) in enumerate(PAIRS, start=1)}
TRIALS = 50
#: Forms without a CSRF token and no rate limit: the race, not the guards, is under test.
OPEN = {"SCOREKEEPER_WTF_CSRF_ENABLED": "false", "SCOREKEEPER_RATELIMIT_ENABLED": "false"}


def ask(url: str, form: dict[str, str] | None = None, body=None, method: str | None = None, headers=None):
    """(status, text) of a request, redirects not followed."""

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    data, sent = None, dict(headers or {})
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
    elif body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    request = urllib.request.Request(url, data=data, headers=sent, method=method)
    try:
        with urllib.request.build_opener(Stay).open(request, timeout=60) as answer:
            return answer.status, answer.read().decode(), answer.headers
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode(), refused.headers


def night_of_four_pairs(base: str) -> tuple[str, str]:
    """A new night of ``PAIRS`` by halves, one hand a round, as many rounds as a night plays: its board and
    the address of table 1's card."""
    settings = {**SETTINGS, "recording": "halves", "round_length": "1", "rounds": str(ROUNDS.most)}
    status, _, headers = ask(base + "/nights/new", form=settings)
    assert status == 302
    board = urllib.parse.urlsplit(headers["Location"]).path
    for one, two in PAIRS:
        assert ask(base + board + "/pairs", form={"first": one, "second": two})[0] == 302
    return board, re.search(r"/night/t/[\w-]+/1", ask(base + board + "/cards")[1]).group(0)


def move_pair(board: str, pair: int, other: int) -> tuple[int, str]:
    """The director's move of ``pair`` to ``other``'s seat."""
    status, text, _ = ask(board + "/move", form={"pair": str(pair), "other": str(other), "reason": "race"})
    return status, text


def send_half(bases: list[str], trial: int, public_id: str, token: str, side: int) -> tuple[int, str]:
    """The pair's half of hand 1 (a natural canasta of kings): by its page's form or by the API, in turn."""
    if trial % 2:
        url = f"{bases[1]}/api/v1/games/{public_id}/hands/1/halves/{side}"
        body = {"entry": {"melds": [{"rank": "K", "naturals": 7}]}, "version": 0}
        status, text, _ = ask(url, body=body, method="PUT", headers={"X-Side-Token": token})
        return status, text
    form = {"out": "", f"s{side}_mode": "detailed", f"s{side}_m_K_n": "7", "version": "0", "save_key": token}
    status, text, _ = ask(f"{bases[1]}/s/{token}/hands/1", form=form)
    return status, text


def race(move: Callable[[], tuple[int, str]], half: Callable[[], tuple[int, str]]) -> dict[str, tuple[int, str]]:
    """The move and the half, released at the same instant: each one's (status, page)."""
    start = threading.Barrier(2)
    answers: dict[str, tuple[int, str]] = {}

    def run(name: str, send: Callable[[], tuple[int, str]]) -> None:
        start.wait()
        answers[name] = send()

    threads = [threading.Thread(target=run, args=item) for item in (("move", move), ("half", half))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return answers


def test_a_directors_move_and_the_moving_pairs_half_never_both_go_through(served_database):  # noqa: F811
    """Each trial a fresh round: the director moves the pair at table 1 (north-south and east-west in turn) to
    the other table while that pair sends its first half (by its page's form or the API, in turn)."""
    first, first_base = gunicorn_as_make_run_starts_it(served_database, **OPEN)
    second, second_base = gunicorn_as_make_run_starts_it(served_database, **OPEN)
    bases = [first_base, second_base]
    try:
        outcomes: Counter[str] = Counter()
        for trial in range(TRIALS):
            if trial % ROUNDS.most == 0:  # a night plays at most 20 rounds: then another night
                board, card = night_of_four_pairs(first_base)
            # A fresh round each trial (the last one never finished: a reason says why).
            assert ask(first_base + board + "/rounds", form={"reason": "race"})[0] == 302
            table = ask(first_base + card)[1]
            tokens = re.findall(r'href="/s/([\w-]+)"', table)
            seated = [html.unescape(name) for name in re.findall(r'href="/s/[\w-]+">([^<]+)</a>', table)]
            public_id = re.search(r'href="/g/([\w-]+)"', table).group(1)
            side = trial % 2  # north-south and east-west move in turn
            mover = NAMES[seated[side]]
            incoming = next(number for number in NAMES.values() if number not in {NAMES[n] for n in seated})
            before = json.loads(ask(f"{first_base}/api/v1/games/{public_id}")[1])["version"]

            answers = race(
                partial(move_pair, first_base + board, mover, incoming),
                partial(send_half, bases, trial, public_id, tokens[side], side),
            )
            moved = answers["move"][0] == 302
            sent = answers["half"][0] in (200, 302)
            assert moved != sent, (trial, answers["move"][0], answers["half"][0])
            if moved:
                outcomes[f"the move (half {answers['half'][0]})"] += 1
                # Refused, and says so: the link was gone on arrival (404; the API: not this side's, 403), or
                # went while the half waited for the game's lock.
                assert answers["half"][0] in (403, 404, 409), answers["half"][0]
                if answers["half"][0] == 409:
                    assert "The director has just moved your pair" in html.unescape(answers["half"][1])
            else:
                outcomes["the half"] += 1
                assert answers["move"][0] == 400
                assert "table 1 has begun" in answers["move"][1]

            # Every server, every answer: one version, the pairs seated as the winner left them, the half
            # only if it went through, and under its own pair's name.
            names = list(seated)
            if moved:
                names[side] = next(name for name, number in NAMES.items() if number == incoming)
            read = [json.loads(ask(f"{base}/api/v1/games/{public_id}")[1]) for base in bases]
            assert {game["version"] for game in read} == {before + 1}, (trial, [g["version"] for g in read])
            for game in read:
                assert [s["name"] for s in game["sides"]] == names, (trial, moved)
                done = [half["state"] == "done" for half in game["halves"]["pending"]["sides"]]
                assert done == [sent and position == side for position in (0, 1)], (trial, moved)
            for base in bases:
                sheet = html.unescape(ask(f"{base}/g/{public_id}")[1])
                assert all(name in sheet for name in names)
                if moved:
                    assert seated[side] not in sheet
        FIGURES.append(f"a director's move against a pair's half, {TRIALS} trials, won by: {dict(outcomes)}")
    finally:
        stop_server(first)
        stop_server(second)
