"""No log holds a bearer secret: an edit link, a group's, a club's, a director's or a side's link, the door's
key, a table card's token, the API's token headers or a phone's cookie. Whatever route takes one declares it
``<secret:...>``; gunicorn's access and error logs, the app's own log and the development server's hide it."""

from __future__ import annotations

import json
import logging
import re
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask

from scorekeeper import services
from scorekeeper.store.database import db
from scorekeeper.store.models import Game, Group, Side
from scorekeeper.store.nights import Club, Night
from scorekeeper.web.bearer import SECRET, register, route_parts, secret_arguments
from scorekeeper.web.serving import RedactedAtoms, Redactor

from .conftest import database_url, fresh_app, serving
from .helpers import gunicorn_as_make_run_starts_it, stop_server
from .test_night_pages import PAIRS, SETTINGS
from .test_views import SPEC_FORM, start_classic

#: A variable named so holds a secret: it must be declared ``<secret:...>``.
TOKEN_LIKE = re.compile(r"(token|door|key|secret|code|password|pin)$")
#: The variables of the secret routes that are not secret, as the test fills them.
ORDINARY = {"number": 1, "undo_id": 1, "slug": "melds", "round_number": 1, "table_number": 1, "member_id": 1}


def secret_rules(app: Flask) -> list[Any]:
    return [rule for rule in app.url_map.iter_rules() if secret_arguments(rule.rule)]


def test_every_address_variable_named_like_a_secret_is_declared_secret(app):
    undeclared = [
        (rule.rule, name)
        for rule in app.url_map.iter_rules()
        for name, converter in route_parts(rule.rule)
        if converter not in (None, SECRET) and TOKEN_LIKE.search(name)
    ]
    assert undeclared == []
    areas = {rule.rule.split("/")[1] for rule in secret_rules(app)}
    assert areas >= {"e", "t", "c", "n", "s", "night"}


@pytest.mark.parametrize(
    ("logged", "shown"),
    [
        ('"GET /e/AbC-_123/hands/new HTTP/1.1"', '"GET /e/<redacted>/hands/new HTTP/1.1"'),
        ("http://table.local:8000/e/AbC?x=1", "http://table.local:8000/e/<redacted>?x=1"),
        ("/g/AbC-_123", "/g/AbC-_123"),
        ("/n/D1rector-_x/rounds", "/n/<redacted>/rounds"),
        ("/s/S1de/hands/2/agree", "/s/<redacted>/hands/2/agree"),
        ("/c/Club_1", "/c/<redacted>"),
        ('"GET /t/GrOuP-_1/export.csv HTTP/1.1"', '"GET /t/<redacted>/export.csv HTTP/1.1"'),
        ("/night/Pub1/join/D00r", "/night/Pub1/join/<redacted>"),
        ("/night/Pub1/tv", "/night/Pub1/tv"),
        ("/night/t/Card_1/3", "/night/t/<redacted>/3"),
        ("/e/%41bC/share", "/e/<redacted>/share"),
        ("/open?link=http%3A%2F%2Fclub%3A8000%2Fe%2FAbC-_123", "/open?link=http%3A%2F%2Fclub%3A8000%2Fe%2F<redacted>"),
        (
            "link=http%3a%2f%2fclub%2fnight%2fP%2fjoin%2fD00r&x=1",
            "link=http%3a%2f%2fclub%2fnight%2fP%2fjoin%2f<redacted>&x=1",
        ),
        ("next=%252Fn%252FD1r", "next=%252Fn%252F<redacted>"),
    ],
)
def test_a_secret_is_redacted_wherever_an_address_of_it_stands_in_a_log_value(app, logged, shown):
    assert app.extensions["redactor"].redact(logged) == shown


def test_a_route_declared_secret_is_redacted_without_being_listed_anywhere():
    later = Flask(__name__)
    register(later)
    later.add_url_rule("/x/<int:n>/<secret:pass_token>/y", "later", lambda n, pass_token: "")
    assert Redactor(later.url_map).redact("GET /x/3/Hush_1/y?z HTTP/1.1") == "GET /x/3/<redacted>/y?z HTTP/1.1"


def test_the_access_logs_atoms_hide_token_headers_and_secret_addresses(app):
    atoms = RedactedAtoms(
        {"r": "GET /n/D1rector/cards HTTP/1.1", "{x-edit-token}i": "AbC", "{location}o": "/s/S1de", "a": "curl"}
    )
    assert atoms["r"] == "GET /n/<redacted>/cards HTTP/1.1"
    assert atoms["{X-Edit-Token}i"] == atoms["{x-edit-token}i"] == "<redacted>"
    assert atoms["{location}o"] == "/s/<redacted>"
    assert (atoms["a"], atoms["{x-side-token}i"]) == ("curl", "-")


def test_a_server_error_under_an_edit_link_logs_no_token(app, client, monkeypatch, caplog):
    sheet = start_classic(client)
    token = sheet.rsplit("/", 1)[1]
    app.config["TESTING"] = False  # answered as the server would: a 500 page, and a line in the log

    def broken(game):
        raise RuntimeError(f"the sheet of {game.edit_token} could not be read")

    monkeypatch.setattr("scorekeeper.web.table.hands.services.compute_sheet", broken)
    assert client.post(sheet + "/hands/new", data=SPEC_FORM).status_code == 500
    logged = caplog.text
    assert "Exception on /e/<redacted>/hands/new" in logged
    assert "RuntimeError" in logged
    assert token not in logged


def _everything_with_a_secret(app: Flask) -> dict[str, dict[str, Any]]:
    """A game with a hand, a group, a club with a member, a night of the club kept by halves with its first round
    drawn: the values of the secret routes' variables, by the first part of their address."""
    client = app.test_client()
    sheet = start_classic(client)
    assert client.post(sheet + "/hands/new", data=SPEC_FORM).status_code == 302
    assert client.post("/groups/new", data={"name": "Jueves", "player_0": "Ana", "player_1": "Bea"}).status_code == 302
    club = client.post("/clubs/new", data={"name": "Club", "best_of": ""}).headers["Location"].removeprefix("/c/")
    assert client.post(f"/c/{club}/members", data={"name": "Ana", "number": "", "grade": ""}).status_code == 302
    night = {**SETTINGS, "club": club, "recording": "halves", "round_kind": "minutes", "round_length": "40"}
    board = client.post("/nights/new", data=night).headers["Location"]
    for first, second in PAIRS[:2]:
        assert client.post(board + "/pairs", data={"first": first, "second": second}).status_code == 302
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    with app.app_context():
        game = db.session.scalars(sa.select(Game).where(Game.edit_token == sheet.removeprefix("/e/"))).one()
        made = db.session.scalars(sa.select(Night)).one()
        side = db.session.scalars(sa.select(Side).where(Side.token.is_not(None))).first()
        assert side is not None
        values = {
            "e": {"edit_token": game.edit_token, "public_id": game.public_id},
            "t": {"token": db.session.scalars(sa.select(Group)).one().token},
            "c": {"token": db.session.scalars(sa.select(Club)).one().token},
            "n": {"director_token": made.director_token},
            "s": {"side_token": side.token},
            "night": {
                "public_id": made.public_id,
                "door": services.night.door_key(made),
                "table_token": made.table_token,
            },
        }
    return values


class _Stay(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # a redirect is the route's own answer


def _ask(base: str, path: str, method: str = "GET", headers: dict[str, str] | None = None) -> int:
    request = urllib.request.Request(base + path, method=method, headers=headers or {})
    data = b"" if method == "POST" else None
    try:
        with urllib.request.build_opener(_Stay).open(request, data=data, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def _address(rule: Any, values: dict[str, dict[str, Any]]) -> str:
    area = rule.rule.split("/")[1]
    filled = {**ORDINARY, **values.get(area, {})}
    missing = [name for name in rule.arguments if name not in filled]
    assert not missing, f"{rule.rule}: this test does not yet make what {missing} names"
    return re.sub(r"<(?:[^>:]+:)?(\w+)>", lambda found: str(filled[found[1]]), rule.rule)


def _renamed(app: Flask, table: str, to: str) -> None:
    with app.app_context(), db.engine.begin() as connection:
        connection.execute(sa.text(f"ALTER TABLE {table} RENAME TO {to}"))


#: Gunicorn's access log with everything a secret could hide in: headers, cookies, a redirect's Location.
ACCESS_FORMAT = (
    '%(h)s "%(r)s" %(s)s "%(f)s" "%(a)s" %(U)s ?%(q)s edit=%({x-edit-token}i)s side=%({x-side-token}i)s'
    " cookie=%({cookie}i)s to=%({location}o)s"
)


def test_no_secret_of_any_route_reaches_gunicorns_access_or_error_log(tmp_path):
    access, errors = tmp_path / "access.log", tmp_path / "error.log"
    options = ("--access-logfile", str(access), "--error-logfile", str(errors), "--access-logformat", ACCESS_FORMAT)
    with fresh_app(tmp_path, "served") as app:
        values = _everything_with_a_secret(app)
        secrets = {value for area in values.values() for name, value in area.items() if name != "public_id"}
        rules = secret_rules(app)
        database = app.config["SQLALCHEMY_DATABASE_URI"]
        server, base = gunicorn_as_make_run_starts_it(database, options=options, SCOREKEEPER_RATELIMIT_ENABLED="false")
        try:
            visits = [(method, _address(rule, values)) for rule in rules for method in sorted(rule.methods or ())]
            visits = [visit for visit in visits if visit[0] in ("GET", "POST")]
            answers = {(method, path): _ask(base, path, method) for method, path in sorted(visits, reverse=True)}
            assert {visit: code for visit, code in answers.items() if visit[0] == "GET" and code >= 400} == {}
            assert {visit: code for visit, code in answers.items() if visit[0] == "POST" and code != 400} == {}
            edit, side, director = values["e"]["edit_token"], values["s"]["side_token"], values["n"]["director_token"]
            phone = "PhoneCookie_" + edit[::-1]
            secrets.add(phone)
            _ask(base, "/rules", headers={"Referer": f"{base}/n/{director}/cards", "User-Agent": f"x /c/{edit}"})
            _ask(base, "/open?link=" + urllib.parse.quote(f"{base}/s/{side}", safe=""))
            sent = {"X-Edit-Token": edit, "X-Side-Token": side, "Cookie": f"phone={phone}"}
            assert _ask(base, f"/api/v1/games/{values['e']['public_id']}", headers=sent) == 200
            _renamed(app, Night.__tablename__, "night_away")  # the board's page fails in the app: "Exception on /n/..."
            try:
                assert _ask(base, f"/n/{director}") == 500
            finally:
                _renamed(app, "night_away", Night.__tablename__)
            _renamed(
                app, Game.__tablename__, "game_away"
            )  # a followed sheet fails in front of the app (revalidation.py)
            try:
                assert _ask(base, f"/e/{edit}", headers={"If-None-Match": '"x"'}) == 500
            finally:
                _renamed(app, "game_away", Game.__tablename__)
        finally:
            stop_server(server)
    access_log, error_log = access.read_text(), errors.read_text()
    assert [secret for secret in secrets if secret in access_log or secret in error_log] == []
    assert access_log.count("<redacted>") >= 2 * len(answers)  # the request line's and the path's
    assert "edit=<redacted> side=<redacted> cookie=<redacted>" in access_log
    assert "Exception on /n/<redacted> [GET]" in error_log
    assert re.search(r"Error handling request (GET )?/e/<redacted>", error_log)
    assert error_log.count("Traceback") >= 2


def test_the_development_servers_log_holds_no_secret(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="werkzeug")
    config = {"SECRET_KEY": "t", "RATELIMIT_ENABLED": False, "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "dev")}
    with serving(config) as base:
        body = json.dumps({"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]})
        made = urllib.request.Request(
            base + "/api/v1/games", data=body.encode(), headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(made, timeout=30) as answer:
            token = json.loads(answer.read())["edit_token"]
        assert _ask(base, f"/e/{token}/share?from=x") == 200
    logged = "\n".join(record.getMessage() for record in caplog.records if record.name == "werkzeug")
    assert "GET /e/<redacted>/share?from=x" in logged
    assert token not in logged
