"""This phone keeps its games: a long-lived cookie, the list on the server, forget, open by link or code."""

from __future__ import annotations

import sqlalchemy as sa
from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.store.database import db
from scorekeeper.store.models import JOIN_ALPHABET, Game, PhoneGame

from .conftest import database_url
from .helpers import API_TABLE, read_only_path
from .test_views import PLAYERS, SPEC_FORM, start_classic, text


def public_link(client, sheet):
    return read_only_path(client, sheet)


def test_the_phone_cookie_lasts_two_years_and_is_http_only(client):
    started = client.post("/games/new/classic?players=4&sides=2", data=PLAYERS)
    cookie = next(c for c in started.headers.getlist("Set-Cookie") if c.startswith("phone="))
    assert "Max-Age=63072000" in cookie
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie


def test_the_list_survives_closing_the_browser(app, client):
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    phone = client.get_cookie("phone").value
    restarted = app.test_client()  # session cookies gone, the persistent one kept
    restarted.set_cookie("phone", phone)
    home = text(restarted.get("/"))
    assert "Ana &amp; Luis · Bea &amp; Juan" in home
    assert sheet.split("localhost")[-1] in home  # the edit link is still there
    assert "565 · 780" in home  # the totals
    assert "Classic partnership" in home


def test_the_list_holds_every_game_the_home_page_shows_the_latest_twenty_and_all_on_asking(client):
    sheets = [start_classic(client) for _ in range(35)]
    home = text(client.get("/"))
    assert home.count('class="forget"') == 20
    assert sheets[-1].split("localhost")[-1] in home  # the newest first
    assert sheets[14].split("localhost")[-1] not in home
    assert 'href="/?all=1">Show all 35 games on this phone</a>' in home
    everything = text(client.get("/?all=1"))
    assert everything.count('class="forget"') == 35
    assert "Show all" not in everything


def test_the_home_page_shows_the_latest_twenty_tables_of_friends_and_all_on_asking(client):
    players = {"name": "Los jueves", "player_0": "Ana", "player_1": "Bea", "player_2": "Luis", "player_3": "Juan"}
    for number in range(22):
        client.post("/groups/new", data={**players, "name": f"Mesa {number}"})
    home = text(client.get("/"))
    assert "Mesa 21" in home
    assert "Mesa 1<" not in home
    assert 'href="/?all=1">Show all 22 tables of friends</a>' in home
    assert "Mesa 1<" in text(client.get("/?all=1", headers={"Accept-Language": "en"}))
    spanish = text(client.get("/", headers={"Accept-Language": "es"}))
    assert "Ver las 22 mesas de amigos" in spanish


def test_a_game_can_be_forgotten_on_this_phone_only(app, client):
    sheet = start_classic(client)
    public = public_link(client, sheet)
    other = app.test_client()
    other.get(public)
    other.post(public + "/remember")  # what the sheet's script does once it is open in a browser
    game_id = public.rsplit("/", 1)[1]
    assert client.post(f"/phone/forget/{game_id}").status_code == 302
    assert 'class="forget"' not in text(client.get("/"))
    assert client.get(sheet).status_code == 200  # the game itself stays
    assert 'class="forget"' in text(other.get("/"))


def test_a_game_opened_by_its_pasted_link_joins_the_list(app, client):
    sheet = start_classic(client)
    public = public_link(client, sheet)
    other = app.test_client()
    response = other.post("/open", data={"link": f"http://192.168.1.20:8000{public}"})
    assert response.status_code == 302
    assert response.headers["Location"].endswith(public)
    assert "read-only" in text(other.get("/"))
    edit = other.post("/open", data={"link": f"  http://192.168.1.20:8000{sheet.split('localhost')[-1]}?x=1 "})
    assert "/e/" in edit.headers["Location"]


def test_a_game_opened_by_its_join_code_is_read_only(app, client):
    sheet = start_classic(client)
    with app.app_context():
        code = db.session.scalar(sa.select(Game.join_code))
    assert len(code) == 6
    assert set(code) <= set(JOIN_ALPHABET)
    response = app.test_client().post("/open", data={"link": f" {code[:3].lower()} {code[3:]} "})
    assert response.status_code == 302
    assert response.headers["Location"].endswith(public_link(client, sheet))


def test_an_unknown_link_or_code_comes_back_with_what_was_typed(client):
    response = client.post("/open", data={"link": "ZZZZZZ"})
    assert response.status_code == 404
    page = text(response)
    assert "No game was found for that link or code." in page
    assert 'value="ZZZZZZ"' in page


def test_the_first_releases_session_list_moves_to_the_phone_list(app, client):
    sheet = start_classic(client)
    public_id = public_link(client, sheet).rsplit("/", 1)[1]
    old = app.test_client()
    with old.session_transaction() as session:
        session["games"] = [[public_id, None]]
    assert "Ana &amp; Luis" in text(old.get("/"))
    with old.session_transaction() as session:
        assert "games" not in session


def test_the_migration_gives_existing_games_a_join_code(tmp_path):
    from flask_migrate import downgrade

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "codes")})
    with app.app_context():
        db.drop_all()
        with db.engine.begin() as connection:
            connection.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))
        try:
            upgrade(revision="0003")
            with db.engine.begin() as connection:
                for n in range(3):
                    connection.execute(
                        sa.text(
                            "INSERT INTO game (public_id, edit_token, ruleset_id, options, first_dealer, created_at,"
                            " updated_at, version) VALUES (:p, :e, 'classic', '{}', 0, '2026-01-01', '2026-01-01', 1)"
                        ),
                        {"p": f"p{n}", "e": f"e{n}"},
                    )
            upgrade()
            with db.engine.connect() as connection:
                codes = [row[0] for row in connection.execute(sa.text("SELECT join_code FROM game"))]
            assert len(codes) == 3
            assert len(set(codes)) == 3
            assert all(len(code) == 6 for code in codes)
            downgrade(revision="0003", x_arg=["force=yes"])  # unforced, refused: the codes would go
        finally:
            db.session.remove()
            db.drop_all()
            with db.engine.begin() as connection:
                connection.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))
            db.engine.dispose()


def test_the_share_page_and_the_read_only_sheet_show_the_join_code(app, client):
    sheet = start_classic(client)
    with app.app_context():
        code = db.session.scalar(sa.select(Game.join_code))
    assert f'<strong class="join-code big">{code}</strong>' in text(client.get(sheet + "/share"))
    assert f'<strong class="join-code">{code}</strong>' in text(client.get(public_link(client, sheet)))


# Issue 21, point 3: reading writes nothing.


def _phone_rows(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(PhoneGame))


def test_views_of_a_read_only_sheet_without_the_phone_cookie_store_nothing(app, client):
    public_id = client.post("/api/v1/games", json={"ruleset": "classic", "sides": API_TABLE}).get_json()["id"]
    for _ in range(50):
        assert app.test_client().get(f"/g/{public_id}").status_code == 200  # a new browser, no cookie, each time
    assert _phone_rows(app) == 0


def test_a_phone_that_views_a_sheet_gets_its_cookie_and_the_game_joins_its_list_at_the_next_view(app):
    phone = app.test_client()
    public_id = phone.post("/api/v1/games", json={"ruleset": "classic", "sides": API_TABLE}).get_json()["id"]
    first = phone.get(f"/g/{public_id}")
    assert any(c.startswith("phone=") for c in first.headers.getlist("Set-Cookie"))
    assert _phone_rows(app) == 0
    phone.get(f"/g/{public_id}")
    assert _phone_rows(app) == 1
    for _ in range(5):
        phone.get(f"/g/{public_id}")  # within the hour: no write again
    assert _phone_rows(app) == 1
    assert f"/g/{public_id}" in text(phone.get("/"))


def test_a_phone_that_starts_a_game_has_it_on_its_list_at_once(app, client):
    start_classic(client)
    assert _phone_rows(app) == 1


def test_the_sheets_script_puts_a_game_opened_once_on_the_phones_list(app):
    phone = app.test_client()
    public_id = phone.post("/api/v1/games", json={"ruleset": "classic", "sides": API_TABLE}).get_json()["id"]
    page = text(phone.get(f"/g/{public_id}"))
    assert f'data-remember="/g/{public_id}/remember"' in page
    assert phone.post(f"/g/{public_id}/remember").status_code == 204
    assert _phone_rows(app) == 1
    assert phone.post("/g/not-a-game/remember").status_code == 404
