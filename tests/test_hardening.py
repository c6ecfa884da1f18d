"""Every input bounded and refused cleanly: the seven causes of a 500 found by the audit, each pinned."""

from __future__ import annotations

import io
import re

import pytest

from scorekeeper.shapes.limits import MAX_ITEMS, SIDE_NAME
from scorekeeper.store.database import db
from scorekeeper.store.models import Game, HandEntry, Side

from .helpers import page_text
from .test_views import SPEC_FORM, start_classic

TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}


def new_api_game(client, body=None):
    response = client.post("/api/v1/games", json=body or TABLE)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def start_tradicional(client):
    players = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan", "mode": "target", "target": "5000"}
    response = client.post("/games/new/es_tradicional?players=4&sides=2", data=players)
    assert response.status_code == 302
    return response.headers["Location"]


# 1. One small form post stored millions of penalty rows.


def test_a_penalty_count_past_the_bound_is_refused_at_once_and_nothing_is_stored(app, client):
    sheet = start_tradicional(client)
    form = client.get(sheet + "/hands/new").get_data(as_text=True)
    penalty_boxes = sorted(set(re.findall(r'name="(s[01]_p_[a-z_0-9]+)"', form)))
    assert penalty_boxes, "es_tradicional lists penalties"
    response = client.post(
        sheet + "/hands/new",
        data={"expected_hands": "0", **dict.fromkeys(penalty_boxes, "100000")},
        follow_redirects=True,
    )
    assert response.status_code == 400  # refused by the form's bounds before any scoring (bench/pages.py times it)
    assert "At most 60 here" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(HandEntry)) == 0


def test_penalties_of_one_side_are_at_most_the_api_list_bound(app, client):
    sheet = start_tradicional(client)
    form = client.get(sheet + "/hands/new").get_data(as_text=True)
    boxes = sorted(set(re.findall(r'name="(s0_p_[a-z_0-9]+)"', form)))
    per_box = MAX_ITEMS // 2 + 1  # each box within its bound, the side's total past it
    response = client.post(
        sheet + "/hands/new", data={"expected_hands": "0", boxes[0]: per_box, boxes[1]: per_box}, follow_redirects=True
    )
    assert response.status_code == 400
    assert f"At most {MAX_ITEMS} penalties a side in one hand." in response.get_data(as_text=True)


def test_the_api_refuses_more_penalties_than_its_list_bound(client):
    game = new_api_game(client)
    penalties = [{"points": 50, "reason": "x"}] * (MAX_ITEMS + 1)
    response = client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"expected_hands": 0, "sides": [{"penalties": penalties}, {}]},
        headers={"X-Edit-Token": game["edit_token"]},
    )
    assert response.status_code == 400
    assert response.get_json()["field"] == "sides[0].penalties"


# 3. A NUL byte in a URL or a name.


@pytest.mark.parametrize(
    "path",
    ["/g/a%00b", "/e/a%00b", "/e/a%00b/hands/new", "/g/a%00b/rules", "/g/a%00b/tools/pile", "/games/new/a%00b"],
)
def test_a_nul_byte_in_a_page_address_is_not_found(client, path):
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("path", ["/api/v1/games/%00", "/api/v1/games/a%00b", "/api/v1/rulesets/%00"])
def test_a_nul_byte_in_an_api_address_is_a_json_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.is_json


def test_a_nul_byte_in_a_player_name_is_refused_by_the_form_with_the_field_named(app, client):
    data = {"seat_0": "Ana\x00", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan", "mode": "target"}
    response = client.post("/games/new/classic?players=4&sides=2", data=data)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Seat 1 holds a control character" in page
    assert 'value="Bea"' in page  # what was typed comes back
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Game)) == 0


@pytest.mark.parametrize("bad", ["Ana\x00", "Ana\x07", "\ud800"])
def test_control_characters_and_lone_surrogates_in_api_names_are_refused(client, bad):
    body = {"ruleset": "classic", "sides": [{"players": [bad, "Luis"]}, {"players": ["Bea", "Juan"]}]}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 400
    assert response.get_json()["field"] == "sides[0].players[0]"


# 6. A lone surrogate anywhere in a body that reaches the database.


def test_a_lone_surrogate_in_a_penalty_reason_is_refused(client):
    game = new_api_game(client)
    response = client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"expected_hands": 0, "sides": [{"penalties": [{"points": 50, "reason": "\ud800"}]}, {}]},
        headers={"X-Edit-Token": game["edit_token"]},
    )
    assert response.status_code == 400
    assert response.get_json()["field"] == "sides[0].penalties[0].reason"


def test_a_lone_surrogate_in_a_scored_side_name_is_refused(client):
    body = {"ruleset": "classic", "sides": [{"name": "\udfff", "melds": []}, {"melds": []}]}
    response = client.post("/api/v1/score", json=body)
    assert response.status_code == 400
    assert response.get_json()["field"] == "sides[0].name"


# 4. A side name derived from long player names.


def test_a_side_name_derived_from_two_long_names_is_shortened_to_fit_its_column(app, client):
    long = "N" * 60
    body = {"ruleset": "classic", "sides": [{"players": [long, long]}, {"players": ["Bea", "Juan"]}]}
    game = new_api_game(client, body)
    assert len(game["sides"][0]["name"]) == SIDE_NAME
    assert game["sides"][0]["name"].endswith("…")
    assert game["sides"][0]["players"] == [long, long]


def test_the_new_game_form_shortens_a_derived_side_name_too(app, client):
    long = "M" * 60
    data = {"seat_0": long, "seat_1": "Bea", "seat_2": long, "seat_3": "Juan", "mode": "target", "target": "5000"}
    assert client.post("/games/new/classic?players=4&sides=2", data=data).status_code == 302
    with app.app_context():
        names = db.session.scalars(db.select(Side.name).order_by(Side.position)).all()
    assert len(names[0]) == SIDE_NAME
    assert names[1] == "Bea & Juan"


def test_a_typed_side_name_past_its_column_is_refused(client):
    body = {"ruleset": "classic", "sides": [{"name": "T" * 81, "players": ["A", "B"]}, {"players": ["C", "D"]}]}
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 400
    assert response.get_json()["field"] == "sides[0].name"


# 5. Deeply nested JSON.


@pytest.mark.parametrize("path", ["/api/v1/score", "/api/v1/games", "/api/v1/games/x/hands"])
def test_deeply_nested_json_is_a_400_not_a_500(client, path):
    response = client.post(path, data="[" * 1000 + "]" * 1000, content_type="application/json")
    assert response.status_code in (400, 401, 404)
    assert response.is_json
    if path == "/api/v1/score":
        assert response.get_json()["error"] == "invalid_json"


# 7. Live preview of a hand past the next one.


@pytest.mark.parametrize("number", ["3", "0", "-1", "99999999999999999999"])
def test_a_preview_for_a_hand_that_cannot_be_next_is_not_found(client, number):
    sheet = start_classic(client)
    response = client.post(f"{sheet}/preview?number={number}", data=SPEC_FORM)
    assert response.status_code == 404


def test_a_preview_of_the_next_hand_and_of_an_earlier_one_still_scores(client):
    sheet = start_classic(client)
    assert client.post(sheet + "/hands/new", data=SPEC_FORM).status_code == 302
    for number in (1, 2):
        response = client.post(f"{sheet}/preview?number={number}", data={**SPEC_FORM, "expected_hands": "1"})
        assert response.status_code == 200
        assert "+565" in response.get_data(as_text=True)


# Also found: fixing a hand that another phone has just undone.


def test_fixing_a_hand_undone_on_another_phone_is_a_conflict_not_a_404(client):
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    client.post(sheet + "/undo", data={"number": "1", "version": "1"})
    response = client.post(sheet + "/hands/1", data={**SPEC_FORM, "version": "1"})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Hand 1 was undone on another phone" in page
    assert f'action="{sheet.split("localhost")[-1]}/hands/new"' in page  # saving records it again
    assert 'name="s0_m_8_n" step="1" type="number" value="6"' in page or 'value="6"' in page


def test_the_api_answers_a_fix_after_an_undo_with_a_409(client):
    game = new_api_game(client)
    headers = {"X-Edit-Token": game["edit_token"]}
    hand = {"sides": [{"melds": [{"rank": "K", "naturals": 3}]}, {"melds": [{"rank": "Q", "naturals": 3}]}]}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json={"expected_hands": 0, **hand}, headers=headers)
    assert client.delete(f"/api/v1/games/{game['id']}/hands/1?version=1", headers=headers).status_code == 200
    response = client.put(f"/api/v1/games/{game['id']}/hands/1", json={"version": 1, **hand}, headers=headers)
    assert response.status_code == 409
    assert response.get_json()["error"] == "conflict"
    assert response.get_json()["saved"] is None
    never = client.put(f"/api/v1/games/{game['id']}/hands/7", json={"version": 1, **hand}, headers=headers)
    assert never.status_code == 404


# API errors are JSON, whatever the router or the method.


def test_an_api_address_with_a_trailing_slash_is_the_same_address_not_an_html_redirect(client):
    response = client.get("/api/v1/rulesets/")
    assert response.status_code == 200
    assert response.is_json


def test_options_on_the_api_answers_json_with_the_allowed_methods(client):
    response = client.options("/api/v1/score")
    assert response.status_code == 200
    assert "POST" in response.get_json()["allow"]


@pytest.mark.parametrize(("method", "path", "status"), [("put", "/api/v1/score", 405), ("get", "/api/v1/nope", 404)])
def test_api_errors_are_json(client, method, path, status):
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert response.is_json
    assert response.get_json()["message"]


@pytest.mark.parametrize("token", ["é", "a\x00b", "\x07"])
def test_an_edit_token_that_cannot_be_one_is_a_403(client, token):
    game = new_api_game(client)
    response = client.post(f"/api/v1/games/{game['id']}/hands", json={}, headers={"X-Edit-Token": token})
    assert response.status_code == 403


def test_fixing_a_hand_number_no_database_integer_holds_is_a_404(client):
    game = client.post(
        "/api/v1/games", json={"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]}
    ).get_json()
    body = {"version": 1, "sides": [{}, {}]}
    answer = client.put(
        f"/api/v1/games/{game['id']}/hands/{10**20}", json=body, headers={"X-Edit-Token": game["edit_token"]}
    )
    assert answer.status_code == 404
    assert answer.get_json()["error"] == "unknown_hand"


# Issue 21, point 2: the last server errors.


def test_fixing_a_hand_of_a_game_with_no_hands_is_a_404_even_with_no_body(app, client):
    app.config["TESTING"] = False  # a server error would be a 500 page, not an exception in the test
    sheet = start_classic(client)
    assert client.post(f"{sheet}/hands/2").status_code == 404
    assert client.get(f"{sheet}/hands/2").status_code == 404


@pytest.mark.parametrize("action", ["hands", "restore"])
def test_a_fix_or_restore_of_a_number_no_database_integer_holds_is_a_404(app, client, action):
    app.config["TESTING"] = False
    sheet = start_classic(client)
    assert client.post(sheet + "/hands/new", data=SPEC_FORM).status_code == 302
    huge = "99999999999999999999"
    assert client.post(f"{sheet}/{action}/{huge}", data=SPEC_FORM).status_code == 404
    assert client.get(f"{sheet}/hands/{huge}").status_code == 404


def test_a_deeply_nested_file_on_the_import_page_is_refused_with_the_form_not_a_500(app, client):
    app.config["TESTING"] = False
    nested = ("[" * 5000 + "]" * 5000).encode()
    response = client.post("/games/import", data={"game_file": (io.BytesIO(nested), "game.json")})
    assert response.status_code == 400
    assert "not a game exported by this app" in page_text(response)


def test_forgetting_a_game_whose_address_holds_a_nul_byte_is_not_found(app, client):
    app.config["TESTING"] = False
    start_classic(client)  # the phone has its cookie and a list: forgetting asks the database
    assert client.post("/phone/forget/%00").status_code == 404
    assert client.post("/phone/forget/a%00b").status_code == 404
