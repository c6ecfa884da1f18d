"""A club night on two app servers sharing one database (PostgreSQL in the PostgreSQL pass), every request
going to the other server than the one before: nothing one server keeps in memory shows a stale board,
sheet or standings."""

from __future__ import annotations

import http.cookiejar
import itertools
import json
import re
import urllib.error
import urllib.parse
import urllib.request

from .helpers import gunicorn_as_make_run_starts_it, stop_server
from .test_night_pages import SETTINGS
from .test_rate_limits import served_database  # noqa: F401  (the fixture)

PAIRS = [("Ana", "Luis"), ("Bea", "Juan"), ("Cris", "Dani"), ("Eva", "Fede")]
NIGHT = {**SETTINGS, "name": "Martes", "rounds": "2", "movement": "danish"}


class Phone:
    """A browser of sorts: one cookie jar, each request to the next of the two servers."""

    def __init__(self, bases: list[str]) -> None:
        self.servers = itertools.cycle(bases)
        jar = http.cookiejar.CookieJar()

        class Stay(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), Stay)
        self.token = ""

    def ask(self, path: str, form: dict[str, str] | None = None, headers: dict[str, str] | None = None, body=None):
        """(status, headers, text) of a GET, a form post (with this phone's CSRF token) or a JSON post."""
        url = next(self.servers) + path
        data = None
        sent = dict(headers or {})
        if form is not None:
            data = urllib.parse.urlencode({**form, "csrf_token": self.token}).encode()
        elif body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=sent)
        try:
            with self.opener.open(request, timeout=30) as answer:
                status, got, text = answer.status, answer.headers, answer.read().decode()
        except urllib.error.HTTPError as refused:
            status, got, text = refused.code, refused.headers, refused.read().decode()
        found = re.search(r'name="csrf_token" value="([^"]+)"', text)
        if found:
            self.token = found.group(1)
        return status, got, text


def standings_of(text: str) -> list[tuple[str, str]]:
    """(pair, points) in the order of the standings table."""
    table = text.split('class="standings"', 1)[1].split("</table>", 1)[0]
    return re.findall(r"<tr><td>[^<]*</td><td>([^<]+)</td><td class=\"num\"[^>]*>([^<]+)</td>", table)


def test_a_night_on_two_app_servers_never_shows_a_stale_page(served_database):  # noqa: F811
    first, first_base = gunicorn_as_make_run_starts_it(served_database)
    second, second_base = gunicorn_as_make_run_starts_it(served_database)
    try:
        director = Phone([first_base, second_base])
        director.ask("/nights/new")
        status, headers, _ = director.ask("/nights/new", form=NIGHT)
        assert status == 302
        board = urllib.parse.urlsplit(headers["Location"]).path
        director.ask(board)
        for one, two in PAIRS:
            assert director.ask(board + "/pairs", form={"first": one, "second": two})[0] == 302
        _, _, page = director.ask(board)
        public = re.search(r"/night/[\w-]+", page).group(0)
        follower = Phone([second_base, first_base])
        _, seen, _ = follower.ask(public)
        tag = seen["ETag"]

        for number, melds in ((1, ("K", "Q")), (2, ("A", "9"))):
            assert director.ask(board + "/rounds", form={"reason": ""})[0] == 302
            status, _, _ = follower.ask(public, headers={"If-None-Match": tag})
            assert status == 200  # the round drawn on one server shows on the other at once
            _, seen, page = follower.ask(public)
            tag = seen["ETag"]
            assert f"Round {number}" in page
            _, _, page = director.ask(board)
            for game in re.findall(r'href="/e/([\w-]+)">Its game', page):
                _, _, sheet = director.ask(f"/e/{game}")
                public_id = re.search(r'data-game="([\w-]+)"', sheet).group(1)
                hand = {
                    "expected_hands": 0,
                    "sides": [
                        {"melds": [{"rank": melds[0], "naturals": 7}]},
                        {"melds": [{"rank": melds[1], "naturals": 3}]},
                    ],
                }
                status, _, _ = director.ask(
                    f"/api/v1/games/{public_id}/hands", headers={"X-Edit-Token": game}, body=hand
                )
                assert status == 201
                _, _, sheet = director.ask(f"/e/{game}")  # the other server: the hand, and the tap
                assert "We agree: this result is right" in sheet
                assert director.ask(f"/e/{game}/agree-table", form={})[0] == 302
                _, _, sheet = director.ask(f"/e/{game}")
                assert "this table's result counts" in sheet
            status, _, _ = follower.ask(public, headers={"If-None-Match": tag})
            assert status == 200
            _, seen, page = follower.ask(public)
            tag = seen["ETag"]

        # Round 1 (Mitchell): 1 beat 3 and 2 beat 4, 570 to 30 (K:7 against Q:3). Round 2 by the standings,
        # never last round's opponents: 1 against 2, 3 against 4, the first-named pair winning 640 to 30
        # (A:7 against 9:3). Match points: 1 has 4; 3 and 2 have 2 each, 3 ahead on the difference (+70
        # against -70: they did not meet); 4 has 0.
        on_first = standings_of(Phone([first_base]).ask(public)[2])
        on_second = standings_of(Phone([second_base]).ask(public)[2])
        assert on_first == on_second
        assert on_first == [
            ("Ana &amp; Luis", "4"),
            ("Cris &amp; Dani", "2"),
            ("Bea &amp; Juan", "2"),
            ("Eva &amp; Fede", "0"),
        ]
    finally:
        stop_server(first)
        stop_server(second)
