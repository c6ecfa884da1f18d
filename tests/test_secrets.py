"""Secrets stay secret: edit links never logged, never sent onwards, never cached; strict headers everywhere."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from scorekeeper import create_app, instance_secret_key
from scorekeeper.store.database import db
from scorekeeper.web.serving import redact

from .conftest import fresh_app
from .helpers import gunicorn_as_make_run_starts_it, read_only_path, stop_server
from .test_views import SPEC_FORM, start_classic

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "templates"


def test_every_page_carries_the_strict_headers(client):
    sheet = start_classic(client)
    read_only = read_only_path(client, sheet)
    for path in ["/", "/games/new", "/rules", "/rules/melds", sheet, sheet + "/hands/new", read_only, "/nowhere"]:
        headers = client.get(path).headers
        csp = headers["Content-Security-Policy"]
        for directive in ("default-src 'self'", "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'"):
            assert directive in csp, (path, directive)
        assert "unsafe-inline" not in csp
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
        assert "camera=()" in headers["Permissions-Policy"]


def test_pages_under_an_edit_link_are_never_stored_and_read_only_ones_may_be(client):
    sheet = start_classic(client)
    assert client.get(sheet).headers["Cache-Control"] == "no-store"
    assert client.get(sheet + "/hands/new").headers["Cache-Control"] == "no-store"
    assert "no-store" not in client.get("/rules").headers.get("Cache-Control", "")


@pytest.mark.parametrize("template", sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html")))
def test_no_template_holds_inline_script_or_style(template):
    """The Content-Security-Policy forbids them: an inline handler or style would silently stop working."""
    text = (TEMPLATES / template).read_text(encoding="utf-8")
    assert not re.search(r"\son[a-z]+\s*=", text), "inline event handler"
    assert not re.search(r"\sstyle\s*=", text), "inline style attribute"
    assert "<style" not in text
    assert not re.search(r"<script(?![^>]*\ssrc=)", text), "inline script"


def test_a_new_edit_link_replaces_the_old_one_and_is_logged(client):
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    response = client.post(sheet + "/new-link")
    assert response.status_code == 302
    new_sheet = response.headers["Location"].split("?")[0]
    assert new_sheet != sheet
    assert client.get(sheet).status_code == 404  # the old link stops working at once
    assert "/share?new_link=1" in response.headers["Location"]
    assert "new edit link; the old one no longer works" in client.get(response.headers["Location"]).get_data(
        as_text=True
    )
    page = client.get(new_sheet.removesuffix("/share")).get_data(as_text=True)
    assert "The edit link was replaced; the old one no longer works." in page
    assert "+565" in page  # the game itself is unchanged
    assert client.get(sheet + "/hands/new").status_code == 404


def test_the_home_page_offers_only_the_read_only_link_once_the_edit_link_was_replaced(app):
    phone, other = app.test_client(), app.test_client()
    sheet = start_classic(phone)
    other.get(sheet)
    other.post(sheet + "/remember")  # the other phone remembers the edit link (the sheet's script does this)
    phone.post(sheet + "/new-link")
    home = other.get("/").get_data(as_text=True)
    assert sheet.split("localhost")[-1] not in home
    assert "read-only" in home


@pytest.mark.parametrize(
    ("logged", "shown"),
    [
        ('"GET /e/AbC-_123/hands/new HTTP/1.1"', '"GET /e/<redacted>/hands/new HTTP/1.1"'),
        ("/e/AbC-_123", "/e/<redacted>"),
        ("http://table.local:8000/e/AbC?x=1", "http://table.local:8000/e/<redacted>?x=1"),
        ("/g/AbC-_123", "/g/AbC-_123"),
        ('"GET /t/GrOuP-_1/export.csv HTTP/1.1"', '"GET /t/<redacted>/export.csv HTTP/1.1"'),
        ("/open?link=http%3A%2F%2Fclub%3A8000%2Fe%2FAbC-_123", "/open?link=http%3A%2F%2Fclub%3A8000%2Fe%2F<redacted>"),
        ("link=http%3a%2f%2fclub%2ft%2fGrOuP", "link=http%3a%2f%2fclub%2ft%2f<redacted>"),
    ],
)
def test_edit_tokens_are_redacted_wherever_they_stand_in_a_log_value(logged, shown):
    assert redact(logged) == shown


@contextmanager
def make_run_serving(tmp_path):
    """gunicorn as `make run` starts it, with its access log on stdout, on a new SQLite database: yields
    the base URL and a list that holds what the server printed once it has stopped."""
    database = f"sqlite:///{tmp_path}/served.sqlite"
    app = create_app({"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "x"})
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    server, base = gunicorn_as_make_run_starts_it(database)
    printed: list[str] = []
    try:
        yield base, printed
    finally:
        printed.append(stop_server(server))


def test_the_access_log_of_make_runs_server_holds_no_edit_token(tmp_path):
    with make_run_serving(tmp_path) as (base, printed):
        body = json.dumps({"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]})
        request = urllib.request.Request(
            base + "/api/v1/games", data=body.encode(), headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            game = json.loads(response.read())
        token = game["edit_token"]
        for path in (f"/e/{token}", f"/e/{token}/hands/new", f"/e/{token}/hands/new?lang=es"):
            urllib.request.urlopen(base + path, timeout=30).close()
        referred = urllib.request.Request(base + "/rules", headers={"Referer": f"{base}/e/{token}"})
        urllib.request.urlopen(referred, timeout=30).close()
    log = printed[0]
    assert token not in log
    assert log.count("/e/<redacted>") >= 4
    assert '/api/v1/games HTTP/1.1" 201' in log


def test_a_server_error_under_an_edit_link_logs_no_token(app, client, monkeypatch, caplog):
    sheet = start_classic(client)
    token = sheet.rsplit("/", 1)[1]
    app.config["TESTING"] = False  # answered as the server would: a 500 page, and a line in the log

    def broken(game):
        raise RuntimeError(f"the sheet of {game.edit_token} could not be read")

    monkeypatch.setattr("scorekeeper.web.views.hands.services.compute_sheet", broken)
    assert client.post(sheet + "/hands/new", data=SPEC_FORM).status_code == 500
    logged = caplog.text
    assert "Exception on /e/<redacted>/hands/new" in logged
    assert "RuntimeError" in logged
    assert token not in logged


def test_the_open_box_sends_a_pasted_link_in_the_body_never_in_an_address(client):
    home = client.get("/").get_data(as_text=True)
    assert re.search(r'<form method="post" action="/open" class="open-game">', home)
    assert client.get("/open?link=x").status_code == 302  # an old bookmark goes home, nothing looked up


def test_the_secret_key_file_is_readable_by_its_owner_only(tmp_path):
    made = instance_secret_key(str(tmp_path))
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    (tmp_path / "secret_key").chmod(0o644)  # as an earlier release left it
    assert instance_secret_key(str(tmp_path)) == made
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


def test_the_access_log_never_holds_a_groups_link(tmp_path):
    with make_run_serving(tmp_path) as (base, printed), pytest.raises(urllib.error.HTTPError, match="404"):
        urllib.request.urlopen(base + "/t/AgroupLinkThatIsLong123/export.csv", timeout=30)
    log = printed[0]
    assert "AgroupLinkThatIsLong123" not in log
    assert "/t/<redacted>/export.csv" in log


def test_cookies_are_secure_when_the_app_is_set_for_https(tmp_path):
    with fresh_app(tmp_path, "https", SESSION_COOKIE_SECURE=True) as app:
        client = app.test_client()
        response = client.post("/language", data={"lang": "es", "next": "/"})
        assert "Secure" in response.headers["Set-Cookie"]
        start_classic(client)
        assert all("Secure" in cookie for cookie in client.get("/").headers.getlist("Set-Cookie"))
