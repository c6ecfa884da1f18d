"""Display settings: a theme and a text size chosen on /settings, kept in a cookie, put in the first HTML."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web.display import Display, parse

from .helpers import page_text, start_from_form

PLAYERS = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan"}


def html_tag(client, path: str) -> str:
    found = re.search(r"<html[^>]*>", client.get(path).get_data(as_text=True))
    assert found
    return found.group(0)


def dark_sheet_link(client, path: str) -> str | None:
    found = re.search(r'href="[^"]*dark\.css\?v=\w+" media="([^"]+)">', client.get(path).get_data(as_text=True))
    return found.group(1) if found else None


def test_a_phone_without_settings_follows_the_phone_at_the_usual_size(client):
    assert 'class="theme-auto text-100"' in html_tag(client, "/")
    assert dark_sheet_link(client, "/") == "screen and (prefers-color-scheme: dark)"


@pytest.mark.parametrize(
    ("theme", "media"),
    [("light", None), ("dark", "screen"), ("black", "screen"), ("auto", "screen and (prefers-color-scheme: dark)")],
)
def test_the_theme_chosen_is_in_the_first_html_and_never_on_paper(client, theme, media):
    response = client.post("/settings", data={"theme": theme, "size": "150", "next": "/rules"})
    assert response.status_code == 302
    assert response.headers["Location"] == "/rules"
    game = start_from_form(client, "classic", PLAYERS)
    for path in ("/", "/rules", game, game + "/hands/new", "/settings"):
        assert f'class="theme-{theme} text-150"' in html_tag(client, path), path
        assert dark_sheet_link(client, path) == media, path  # "screen": a print is always light


def test_the_settings_page_shows_what_this_phone_chose(client):
    client.post("/settings", data={"theme": "black", "size": "200"})
    page = client.get("/settings").get_data(as_text=True)
    assert re.search(r'<input checked id="theme-3" name="theme" type="radio" value="black">', page)
    assert re.search(r'<input checked id="size-4" name="size" type="radio" value="200">', page)


def test_a_choice_not_offered_is_refused_naming_the_field_and_nothing_is_kept(client):
    client.post("/language", data={"lang": "es"})
    response = client.post("/settings", data={"theme": "purple", "size": "300"})
    assert response.status_code == 400
    assert "display=" not in response.headers.get("Set-Cookie", "")
    text = page_text(response)
    assert "Tema" in text
    assert "Not a valid choice" not in text  # in the reader's language
    assert 'class="theme-auto text-100"' in html_tag(client, "/")


def test_settings_only_return_to_this_site(client):
    for elsewhere in ("https://elsewhere.example/", "//elsewhere.example/", "/\\elsewhere.example"):
        response = client.post("/settings", data={"theme": "dark", "size": "100", "next": elsewhere})
        assert response.headers["Location"] == "/", elsewhere


@pytest.mark.parametrize(
    ("value", "read"),
    [
        ("", Display("auto", 100)),
        ("dark", Display("dark", 100)),
        ("dark.300", Display("dark", 100)),
        ("neon.150", Display("auto", 150)),
        (".", Display("auto", 100)),
        ("dark.1e2", Display("dark", 100)),
        ("x" * 400, Display("auto", 100)),
    ],
)
def test_a_tampered_or_old_cookie_reads_as_the_usual_settings_where_it_is_wrong(value, read):
    assert parse(value) == read


def test_the_cookie_round_trips():
    assert parse(Display("black", 175).cookie) == Display("black", 175)


def test_a_sheet_kept_for_one_display_is_not_served_for_another(client):
    game = start_from_form(client, "classic", PLAYERS)
    light = client.get(game)
    client.post("/settings", data={"theme": "dark", "size": "100"})
    dark = client.get(game, headers={"If-None-Match": light.headers["ETag"]})
    assert dark.status_code == 200  # not a 304: the phone's copy is in the old theme
    assert 'class="theme-dark text-100"' in dark.get_data(as_text=True)
    assert client.get(game, headers={"If-None-Match": dark.headers["ETag"]}).status_code == 304


def test_every_page_links_to_the_settings_and_back(client):
    page = client.get("/rules/melds").get_data(as_text=True)
    assert 'href="/settings?next=/rules/melds"' in page


def test_the_service_worker_changes_with_anything_it_keeps(app, tmp_path):
    """A deployment that changes a kept file, a catalogue or the reference changes the worker's script,
    so every phone's browser takes up the new one (the browser compares the script byte by byte)."""
    from scorekeeper.web import installable

    package, static, templates = tmp_path / "package", tmp_path / "static", tmp_path / "templates"
    for name in installable.KEPT_FILES:
        (static / name).parent.mkdir(parents=True, exist_ok=True)
        (static / name).write_text(name)
    (package / "translations" / "es" / "LC_MESSAGES").mkdir(parents=True)
    (package / "translations" / "es" / "LC_MESSAGES" / "messages.mo").write_text("es")
    (package / "reference").mkdir()
    (package / "reference" / "content.py").write_text("TOPICS = {}")
    (package / "engine").mkdir()
    (templates / "rules").mkdir(parents=True)
    for name in ("base.html", "offline.html", "sw.js", "_macros.html", "rules/topic.html"):
        (templates / name).write_text(name)

    def version() -> str:
        installable._version.cache_clear()
        return installable._version(str(package), str(static), str(templates))

    first = version()
    assert version() == first
    for changed in (
        static / "css" / "app.css",
        package / "translations" / "es" / "LC_MESSAGES" / "messages.mo",
        package / "reference" / "content.py",
        templates / "rules" / "topic.html",
    ):
        changed.write_text(changed.read_text() + " changed")
        assert version() != first, changed
        first = version()
    installable._version.cache_clear()


def test_the_worker_is_asked_for_afresh_and_keeps_files_by_their_digest(client):
    script = client.get("/sw.js")
    assert script.headers["Cache-Control"] == "no-cache"
    assert script.mimetype == "text/javascript"
    body = script.get_data(as_text=True)
    assert re.search(r'"/static/css/app\.css\?v=[0-9a-f]{10}"', body)
    assert '"/rules/scoring?lang=es"' in body
    assert '"/rules/scoring?lang=en"' in body
    assert 'if (request.method !== "GET") return;' in body  # nothing that records is answered from a copy


def test_the_phones_bar_and_controls_follow_the_theme(client):
    page = client.get("/").get_data(as_text=True)
    assert '<meta name="color-scheme" content="light dark">' in page
    assert '<meta name="theme-color" content="#0b5d3b" media="(prefers-color-scheme: light)">' in page
    assert '<meta name="theme-color" content="#0e3d2a" media="(prefers-color-scheme: dark)">' in page
    client.post("/settings", data={"theme": "black", "size": "100"})
    page = client.get("/").get_data(as_text=True)
    assert '<meta name="color-scheme" content="dark">' in page
    assert re.findall(r'<meta name="theme-color"[^>]*>', page) == ['<meta name="theme-color" content="#0e3d2a">']


def test_the_service_worker_changes_with_a_file_of_either_engine_branch(tmp_path):
    """The reference's numbers come from the engine, its core and its branches (engine/canasta/,
    engine/family/): a deployment that changes a branch's file changes the worker's script too."""
    from scorekeeper.web import installable

    package, static, templates = tmp_path / "package", tmp_path / "static", tmp_path / "templates"
    for name in installable.KEPT_FILES:
        (static / name).parent.mkdir(parents=True, exist_ok=True)
        (static / name).write_text(name)
    for name in ("base.html", "offline.html", "sw.js", "_macros.html"):
        (templates / name).parent.mkdir(parents=True, exist_ok=True)
        (templates / name).write_text(name)
    branches = [package / "engine" / "canasta" / "melds.py", package / "engine" / "family" / "melds.py"]
    for path in branches:
        path.parent.mkdir(parents=True)
        path.write_text(str(path.parent.name))

    def version() -> str:
        installable._version.cache_clear()
        return installable._version(str(package), str(static), str(templates))

    first = version()
    for changed in branches:
        changed.write_text(changed.read_text() + " changed")
        assert version() != first, changed
        first = version()
    installable._version.cache_clear()
