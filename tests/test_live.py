"""The sheet followed live: an ETag from the game's version, 304 while nothing changed, found in one query."""

from __future__ import annotations

import re

from sqlalchemy import event

from scorekeeper import services
from scorekeeper.shapes.limits import is_token
from scorekeeper.store.database import db

from .helpers import read_only_path
from .test_views import SPEC_FORM, start_classic


def test_an_unchanged_read_only_sheet_answers_304_and_a_new_hand_changes_it(client):
    sheet = start_classic(client)
    public = read_only_path(client, sheet)
    first = client.get(public)
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get(public, headers={"If-None-Match": tag})
    assert again.status_code == 304
    assert again.data == b""
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    changed = client.get(public, headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    assert "+565" in changed.get_data(as_text=True)


def test_the_edit_sheet_follows_the_same_way_and_stays_unstored(client):
    sheet = start_classic(client)
    tag = client.get(sheet).headers["ETag"]
    again = client.get(sheet, headers={"If-None-Match": tag})
    assert again.status_code == 304
    assert again.headers["Cache-Control"] == "no-store"


def test_another_language_or_time_zone_is_another_page(client):
    sheet = start_classic(client)
    public = read_only_path(client, sheet)
    tag = client.get(public).headers["ETag"]
    client.set_cookie("lang", "es")
    assert client.get(public, headers={"If-None-Match": tag}).status_code == 200
    client.set_cookie("tz", "Europe/Madrid")
    spanish = client.get(public).headers["ETag"]
    client.set_cookie("tz", "America/Montevideo")
    assert client.get(public, headers={"If-None-Match": spanish}).status_code == 200


def test_an_unchanged_sheet_costs_one_small_query(app, client, monkeypatch):
    sheet = start_classic(client)
    for _ in range(5):
        client.post(sheet + "/hands/new", data={**SPEC_FORM, "expected_hands": str(_)})
    public = read_only_path(client, sheet)
    tag = client.get(public).headers["ETag"]
    statements = []
    with app.app_context():
        engine = db.engine

    def count(conn, cursor, statement, *args):
        statements.append(statement)

    class Traced:  # a pooled connection taken straight from the engine, its statements counted
        def __init__(self, connection):
            self.connection = connection

        def cursor(self):
            cursor = self.connection.cursor()
            run = cursor.execute

            def execute(statement, *args):
                statements.append(statement)
                return run(statement, *args)

            return type(
                "Cursor", (), {"execute": staticmethod(execute), "__getattr__": lambda _, n: getattr(cursor, n)}
            )()

        def __getattr__(self, name):
            return getattr(self.connection, name)

    raw = engine.raw_connection
    monkeypatch.setattr(type(engine), "raw_connection", lambda self: Traced(raw()))
    event.listen(engine, "before_cursor_execute", count)
    try:
        assert client.get(public, headers={"If-None-Match": tag}).status_code == 304
    finally:
        event.remove(engine, "before_cursor_execute", count)
    selects = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) == 1
    assert "hand" not in selects[0].lower().split("from", 1)[1]


def test_a_new_version_is_rendered_once_and_each_follower_keeps_its_own_session(app, client):
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    public = read_only_path(client, sheet)
    first, second = app.test_client(), app.test_client()
    statements = []
    services.forget_scores()  # as in a process that never read this game: the first follower reads it all
    with app.app_context():
        engine = db.engine

    def count(conn, cursor, statement, *args):
        statements.append(statement.lower())

    event.listen(engine, "before_cursor_execute", count)
    try:
        one = first.get(public).get_data(as_text=True)
        hands_read = sum("from hand" in s for s in statements)
        two = second.get(public).get_data(as_text=True)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert hands_read >= 1
    assert sum("from hand" in s for s in statements) == hands_read  # the second follower: the kept sheet
    assert "+565" in two
    token = re.compile(r'name="csrf_token" value="([^"]+)"')
    assert token.search(one).group(1) != token.search(two).group(1)  # the page around it is each phone's own


def test_the_table_view_shows_each_sides_standing_and_answers_304_while_unchanged(client):
    game = client.post(
        "/api/v1/games",
        json={"ruleset": "classic_3p", "sides": [{"players": ["Ana"]}, {"players": ["Bea"]}, {"players": ["Cris"]}]},
    ).get_json()
    hand = [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {"melds": [{"rank": "Q", "naturals": 3}]}, {}]
    client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"expected_hands": 0, "sides": hand},
        headers={"X-Edit-Token": game["edit_token"]},
    )
    page = client.get(f"/g/{game['id']}/table")
    body = re.sub(r"\s+", " ", page.get_data(as_text=True))
    assert body.count('class="big-total"') == 3
    assert '<p class="big-total">670</p>' in body  # 7 kings 70 + natural canasta 500 + going out 100
    assert "<dt>To the target</dt><dd>4,330</dd>" in body
    assert "<dt>First meld, at least</dt><dd>50</dd>" in body
    assert "Hand 2 · Bea deals." in body
    assert "/e/" not in body  # nothing reached from the read-only link holds the edit link
    assert client.get(f"/g/{game['id']}/table", headers={"If-None-Match": page.headers["ETag"]}).status_code == 304
    client.set_cookie("lang", "es")
    assert "Reparte Bea." in client.get(f"/g/{game['id']}/table").get_data(as_text=True)


def test_a_phone_typing_the_same_hand_is_told_before_saving(app, client):
    sheet = start_classic(client)
    ana, bea = app.test_client(), app.test_client()
    for phone in (ana, bea):
        assert phone.get(sheet).status_code == 200  # each phone gets its own phone cookie
    assert ana.get_cookie("phone").value != bea.get_cookie("phone").value
    alone = ana.post(sheet + "/preview", data=SPEC_FORM).get_data(as_text=True)
    assert "Another phone is typing hand 1 too" not in alone  # a phone is not warned about itself
    told = bea.post(sheet + "/preview", data=SPEC_FORM).get_data(as_text=True)
    assert "Another phone is typing hand 1 too" in told
    form = bea.get(sheet + "/hands/new").get_data(as_text=True)
    assert re.search(r'id="typing-note" role="status">Another phone is typing hand 1 too', form)
    other_hand = ana.post(sheet + "/preview?number=1", data=SPEC_FORM).get_data(as_text=True)
    assert "Another phone is typing hand 1 too" in other_hand  # and now Ana hears of Bea


def test_the_game_json_answers_304_while_unchanged_and_changes_tag_with_a_hand_or_language(client):
    game = client.post(
        "/api/v1/games", json={"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]}
    ).get_json()
    path = f"/api/v1/games/{game['id']}"
    first = client.get(path)
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    unchanged = client.get(path, headers={"If-None-Match": tag})
    assert (unchanged.status_code, unchanged.get_data()) == (304, b"")
    assert client.get(path, headers={"If-None-Match": tag, "Accept-Language": "es"}).status_code == 200
    body = {"expected_hands": 0, "sides": [{"melds": [{"rank": "K", "naturals": 3}]}, {}]}
    assert client.post(path + "/hands", json=body, headers={"X-Edit-Token": game["edit_token"]}).status_code == 201
    changed = client.get(path, headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    assert changed.get_json()["totals"] == [30, 0]


def test_the_blank_hand_form_is_rendered_once_per_version_each_phone_with_its_own_keys(app, client, monkeypatch):
    """The next hand's empty form is kept per game version and language; each phone gets its own CSRF
    token and one-time save key in it, a phone told that another is typing gets its own rendering, and a
    saved hand is a new version (the next form is hand 2)."""
    from scorekeeper.web.table import hands

    sheet = start_classic(client)
    app.config["WTF_CSRF_ENABLED"] = True
    renders = []
    render = hands._render_hand_form
    monkeypatch.setattr(hands, "_render_hand_form", lambda *a, **k: renders.append(1) or render(*a, **k))
    ana, bea = app.test_client(), app.test_client()
    for phone in (ana, bea):
        phone.get(sheet)  # each phone gets its cookies
    forms = [phone.get(sheet + "/hands/new").get_data(as_text=True) for phone in (ana, bea, ana)]
    assert len(renders) == 1
    keys = [re.search(r'name="save_key" type="hidden" value="([^"]*)"', form).group(1) for form in forms]
    tokens = [re.search(r'name="csrf_token" type="hidden" value="([^"]*)"', form).group(1) for form in forms]
    assert len(set(keys)) == 3
    assert all(is_token(key) for key in keys)
    assert tokens[0] != tokens[1]  # two phones, two sessions
    assert all("\x00" not in form for form in forms)
    assert ana.post(sheet + "/preview", data={**SPEC_FORM, "csrf_token": tokens[0]}).status_code == 200
    told = bea.get(sheet + "/hands/new").get_data(as_text=True)
    assert "Another phone is typing hand 1 too" in told
    assert len(renders) == 2
    saved = ana.post(sheet + "/hands/new", data={**SPEC_FORM, "csrf_token": tokens[2], "save_key": keys[2]})
    assert saved.status_code == 302
    assert "Save hand 2" in bea.get(sheet + "/hands/new").get_data(as_text=True)
