"""A game's note (where, what is at stake) and its times (started, ended, how long it took)."""

from __future__ import annotations

from datetime import timedelta

from scorekeeper.store.database import db
from scorekeeper.store.models import EditLog, Game

from .helpers import API_TABLE, page_text
from .test_views import SPEC_FORM, start_classic, text

NOTE = "At Carmen's, the loser brings the churros"


def note_of(app, sheet: str) -> str:
    with app.app_context():
        return db.session.query(Game).filter_by(edit_token=sheet.rstrip("/").rsplit("/", 1)[-1]).one().note


def test_a_note_given_at_the_start_shows_on_the_sheet_the_home_page_and_the_rematch(app, client):
    sheet = start_classic(client, note=f"  {NOTE} ")
    assert note_of(app, sheet) == NOTE  # kept trimmed
    assert f'<p class="game-note">{NOTE}</p>' in page_text(client.get(sheet))
    assert NOTE in page_text(client.get("/"))
    rematch = client.post(sheet + "/rematch").headers["Location"]
    assert note_of(app, rematch) == NOTE


def test_the_note_is_changed_from_the_sheet_and_every_phone_sees_it(app, client):
    sheet = start_classic(client)
    assert "Add a note: where, what is at stake" in page_text(client.get(sheet))
    before = client.get(sheet).headers["ETag"]
    assert client.post(sheet + "/note", data={"note": "Final of the cup"}).status_code == 302
    after = client.get(sheet, headers={"If-None-Match": before})
    assert after.status_code == 200  # a new version: followers fetch it
    assert "Final of the cup" in page_text(after)
    assert "Change the note" in page_text(after)
    assert client.post(sheet + "/note", data={"note": ""}).status_code == 302
    assert note_of(app, sheet) == ""


def test_a_note_that_cannot_be_kept_comes_back_as_typed_naming_the_field(app, client):
    sheet = start_classic(client)
    client.post("/language", data={"lang": "es"})
    long = "x" * 201
    answer = client.post(sheet + "/note", data={"note": long})
    assert answer.status_code == 400
    assert f'value="{long}"' in text(answer)
    assert "Nota: dónde, qué se juega" in page_text(answer)
    broken = client.post(sheet + "/note", data={"note": "bell\x07"})
    assert broken.status_code == 400
    assert note_of(app, sheet) == ""


def test_the_read_only_link_cannot_change_the_note(app, client):
    sheet = start_classic(client)
    public = "/g/" + text(client.get(sheet)).split('data-game="')[1].split('"')[0]
    assert client.post(public + "/note", data={"note": "mine"}).status_code in (404, 405)
    assert client.get(public + "/note").status_code == 404
    assert note_of(app, sheet) == ""


def test_the_api_takes_a_note_and_refuses_one_too_long_by_name(client):
    made = client.post("/api/v1/games", json={"ruleset": "classic", "sides": API_TABLE, "note": NOTE})
    assert made.status_code == 201
    assert made.get_json()["note"] == NOTE
    assert client.get(f"/api/v1/games/{made.get_json()['id']}").get_json()["note"] == NOTE
    refused = client.post("/api/v1/games", json={"ruleset": "classic", "sides": API_TABLE, "note": "x" * 201})
    assert refused.status_code == 400
    assert refused.get_json()["field"] == "note"


def test_the_note_travels_in_the_file_of_the_whole_game(client):
    sheet = start_classic(client, note=NOTE)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    public = "/g/" + text(client.get(sheet)).split('data-game="')[1].split('"')[0]
    exported = client.get(public + "/export.json").get_json()
    assert exported["note"] == NOTE
    imported = client.post("/api/v1/games/import", json=exported)
    assert imported.status_code == 201
    assert imported.get_json()["note"] == NOTE
    bad = client.post("/api/v1/games/import", json={**exported, "note": "x" * 300})
    assert bad.status_code == 400
    assert bad.get_json()["field"] == "note"


def test_the_sheet_says_when_the_game_started_ended_and_how_long_it_took(app, client):
    sheet = start_classic(client, target="500")
    assert "Started " in page_text(client.get(sheet))
    assert "ended" not in page_text(client.get(sheet))
    client.post(sheet + "/hands/new", data=SPEC_FORM)  # 565 and 780: past 500, the game is over
    with app.app_context():
        game = db.session.query(Game).one()
        added = db.session.query(EditLog).filter_by(game_id=game.id, action="add").one()
        game.created_at = added.at - timedelta(hours=2, minutes=35)
        game.version += 1  # as any change: the sheet kept for the old version is not served
        db.session.commit()
    page = page_text(client.get(sheet))
    assert " · ended " in page
    assert "· 2 hr 35 min" in page  # Babel's short units, in the reader's language
    client.post("/language", data={"lang": "de"})
    assert "· 2 Std. 35 Min." in page_text(client.get(sheet))


def test_the_groups_history_shows_each_games_note(client):
    group = client.post("/groups/new", data={"name": "Los jueves", "player_0": "Ana", "player_1": "Bea"})
    token = group.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    start_classic_in = client.post(
        f"/games/new/classic?players=4&sides=2&group={token}",
        data={"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan", "mode": "target", "note": NOTE},
    )
    assert start_classic_in.status_code == 302
    assert f'<span class="game-note">{NOTE}</span>' in page_text(client.get(f"/t/{token}"))
