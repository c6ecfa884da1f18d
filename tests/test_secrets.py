"""Secrets stay secret: edit links never sent onwards, never cached; strict headers everywhere (never logged:
test_secret_logs.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper import instance_secret_key

from .conftest import fresh_app
from .helpers import read_only_path
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


def test_cookies_are_secure_when_the_app_is_set_for_https(tmp_path):
    with fresh_app(tmp_path, "https", SESSION_COOKIE_SECURE=True) as app:
        client = app.test_client()
        response = client.post("/language", data={"lang": "es", "next": "/"})
        assert "Secure" in response.headers["Set-Cookie"]
        start_classic(client)
        assert all("Secure" in cookie for cookie in client.get("/").headers.getlist("Set-Cookie"))
