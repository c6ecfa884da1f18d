"""Two phones saving at the same instant, against a real threaded server: one saves, one is told."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request


def call(url, body=None, token=None, method="POST"):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    if token:
        request.add_header("X-Edit-Token", token)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


HAND = [{"melds": [{"rank": "K", "naturals": 3}]}, {"melds": [{"rank": "Q", "naturals": 3}]}]


def race(url: str, token: str, phones: int) -> list[int]:
    """``phones`` clients save hand 1 at the same instant; their answers' status codes."""
    start = threading.Barrier(phones)
    statuses: list[int] = []

    def save() -> None:
        start.wait()
        statuses.append(call(url, {"expected_hands": 0, "sides": HAND}, token)[0])

    threads = [threading.Thread(target=save) for _ in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return sorted(statuses)


def test_simultaneous_saves_of_the_same_hand_never_overwrite_and_never_fail(live_server):
    table = {"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]}
    for _round in range(5):
        status, game = call(f"{live_server}/api/v1/games", table)
        assert status == 201
        statuses = race(f"{live_server}/api/v1/games/{game['id']}/hands", game["edit_token"], phones=4)
        assert statuses == [201, 409, 409, 409]
        status, state = call(f"{live_server}/api/v1/games/{game['id']}", method="GET")
        assert len(state["hands"]) == 1


def post_form(url: str) -> int:
    """A form post (no CSRF on this server); the status without following a redirect."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, data=b"", method="POST"), timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_rematches_while_other_phones_start_games_never_fail(form_server):
    """A rematch used to read, then write without the write lock: "database is locked" on SQLite."""
    table = {"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]}
    status, game = call(f"{form_server}/api/v1/games", table)
    assert status == 201
    rematch = f"{form_server}/e/{game['edit_token']}/rematch"
    start = threading.Barrier(8)
    statuses: list[int] = []

    def rematches() -> None:
        start.wait()
        statuses.extend(post_form(rematch) for _ in range(6))

    def creations() -> None:
        start.wait()
        statuses.extend(call(f"{form_server}/api/v1/games", table)[0] for _ in range(6))

    threads = [threading.Thread(target=rematches) for _ in range(4)] + [
        threading.Thread(target=creations) for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert sorted(set(statuses)) == [201, 302]
    assert len(statuses) == 48


def test_both_halves_sent_at_the_same_instant_make_one_hand(live_server):
    """Each side its own half: the two last halves arrive together; the hand is made once, from both."""
    table = {"recording": "halves", "ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]}
    for _round in range(5):
        status, game = call(f"{live_server}/api/v1/games", table)
        assert status == 201
        start = threading.Barrier(2)
        statuses: list[int] = []

        def send(
            side: int, game: dict = game, start: threading.Barrier = start, statuses: list[int] = statuses
        ) -> None:
            url = f"{live_server}/api/v1/games/{game['id']}/hands/1/halves/{side}"
            request = urllib.request.Request(
                url,
                data=json.dumps({"entry": HAND[side], "version": 0}).encode(),
                method="PUT",
                headers={"Content-Type": "application/json", "X-Side-Token": game["side_tokens"][side]},
            )
            start.wait()
            with urllib.request.urlopen(request, timeout=30) as response:
                statuses.append(response.status)

        threads = [threading.Thread(target=send, args=(side,)) for side in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert statuses == [200, 200]
        status, state = call(f"{live_server}/api/v1/games/{game['id']}", method="GET")
        assert len(state["hands"]) == 1
        assert state["totals"] == [30, 30]
        assert state["halves"]["pending"]["number"] == 2
