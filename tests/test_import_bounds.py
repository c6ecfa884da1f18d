"""Every number read from a game file is bounded as a typed one is: a file naming a number past what a
database integer holds (or far past any card table) is refused naming the field, never a 500 (issue 33,
point 2); on SQLite and on PostgreSQL."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.store.database import db
from scorekeeper.store.models import Game

from .test_api_games import TABLE, THEM, US

#: Past PostgreSQL's INTEGER, and past any database integer (SQLite's too).
HUGE = [2**31, 10**20]


def put(path: str):
    """A change of the file: the value at ``path`` (dots and [index]) set to the number."""

    def change(data: dict, value: int) -> None:
        *parents, last = path.replace("[", ".").replace("]", "").split(".")
        where = data
        for key in parents:
            where = where[int(key)] if key.isdigit() else where[key]
        where[int(last) if last.isdigit() else last] = value

    return change


#: Each integer the file holds, with the field the refusal names.
INTEGER_FIELDS = {
    "log[1].hand_number": ("log[1].hand_number", put("log.1.hand_number")),
    "log[0].hand_number": ("log[0].hand_number", put("log.0.hand_number")),
    "negative log hand_number": ("log[1].hand_number", lambda d, v: put("log.1.hand_number")(d, -v)),
    "starting_totals": ("starting_totals", lambda d, v: d.update(starting_totals=[v, 0])),
    "negative starting_totals": ("starting_totals", lambda d, v: d.update(starting_totals=[-v, 0])),
    "first_dealer": ("first_dealer", put("first_dealer")),
    "version": ("version", put("version")),
    "options.target": ("options.target", lambda d, v: d["options"].update(target=v)),
    "hands[0].number": ("hands[0].number", put("hands.0.number")),
    "hands[0].partners": ("hands[0].partners", lambda d, v: d["hands"][0].update(partners=[v, 0])),
    "hands[0].sides[0].red_threes": ("hands[0].sides[0].red_threes", put("hands.0.sides.0.red_threes")),
    "hands[0].sides[0].hand.K": ("hands[0].sides[0].hand.K", put("hands.0.sides.0.hand.K")),
    "log[1].after": ("log[1].after.sides[1].melds[0].naturals", put("log.1.after.sides.1.melds.0.naturals")),
    "said.by": ("log[2].said", lambda d, v: d["log"].append({"action": "agree", "hand_number": 1, "said": {"by": v}})),
    "said.half_of": (
        "log[2].said",
        lambda d, v: d["log"].append({"action": "dispute", "hand_number": 1, "said": {"by": 0, "half_of": v}}),
    ),
}


@pytest.fixture
def exported(app, client):
    """A one-hand game's file as exported (a server error answered as a 500 page, not raised)."""
    app.config["TESTING"] = False
    game = client.post("/api/v1/games", json=TABLE).get_json()
    hand = {"expected_hands": 0, "sides": [US, THEM]}
    headers = {"X-Edit-Token": game["edit_token"]}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=headers).status_code == 201
    return json.loads(client.get(f"/g/{game['id']}/export.json").get_data(as_text=True))


def games_stored(app) -> int:
    with app.app_context():
        return db.session.query(Game).count()


@pytest.mark.parametrize("number", HUGE)
@pytest.mark.parametrize("case", INTEGER_FIELDS)
def test_a_number_past_any_database_integer_in_a_game_file_is_refused_naming_its_field(
    app, client, exported, case, number
):
    field, change = INTEGER_FIELDS[case]
    change(exported, number)
    before = games_stored(app)
    refused = client.post("/api/v1/games/import", json=exported)
    assert refused.status_code == 400
    assert refused.get_json()["error"] == "invalid_import"
    assert refused.get_json()["field"] == field
    assert games_stored(app) == before


def test_the_largest_hand_number_a_typed_one_may_have_is_read_from_a_file(client, exported):
    exported["log"][1]["hand_number"] = 1_000_000
    assert client.post("/api/v1/games/import", json=exported).status_code == 201
    exported["log"][1]["hand_number"] = 1_000_001
    assert client.post("/api/v1/games/import", json=exported).get_json()["field"] == "log[1].hand_number"


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1999-12-31T23:59:59Z"])
def test_a_change_dated_in_a_year_no_game_was_played_is_refused_naming_its_field(client, exported, moment):
    exported["log"][1]["at"] = moment
    refused = client.post("/api/v1/games/import", json=exported)
    assert refused.status_code == 400
    assert refused.get_json()["field"] == "log[1].at"
    assert "from 2000 to 2099" in refused.get_json()["message"]


def test_a_change_dated_with_an_offset_is_kept_in_utc(client, exported):
    exported["log"][1]["at"] = "2026-11-23T20:15:00+03:00"
    made = client.post("/api/v1/games/import", json=exported).get_json()
    again = json.loads(client.get(f"/g/{made['id']}/export.json").get_data(as_text=True))
    assert again["log"][1]["at"] == "2026-11-23T17:15:00Z"
    client.set_cookie("tz", "Pacific/Kiritimati")  # UTC+14: the sheet shows it in the phone's zone
    assert client.get(f"/e/{made['edit_token']}").status_code == 200


@pytest.mark.parametrize("number", HUGE)
def test_the_upload_page_refuses_a_huge_hand_number_in_the_readers_language(app, client, exported, number):
    exported["log"][1]["hand_number"] = number
    client.set_cookie("lang", "es")
    upload = {"game_file": (io.BytesIO(json.dumps(exported).encode()), "partida.json")}
    refused = client.post("/games/import", data=upload)
    assert refused.status_code == 400
    assert "log[1].hand_number: hand_number debe ser el número de una mano, de 1 a 1.000.000." in refused.get_data(
        as_text=True
    )


@pytest.mark.parametrize("number", HUGE)
def test_a_new_games_total_carried_over_past_any_typed_one_is_refused_naming_it(app, client, number):
    app.config["TESTING"] = False
    for total in (number, -number):
        refused = client.post("/api/v1/games", json={**TABLE, "starting_totals": [total, 0]})
        assert refused.status_code == 400
        assert refused.get_json()["field"] == "starting_totals"
