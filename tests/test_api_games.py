"""The game API: create, read, add, edit and undo hands with the edit token (README documents it)."""

from __future__ import annotations

import re

import pytest

from .helpers import picked

US = {
    "melds": [{"rank": "8", "naturals": 6, "jokers": 1}, {"rank": "4", "naturals": 3}],
    "red_threes": 2,
    "hand": {"K": 1, "JOKER": 1},
}
THEM = {"melds": [{"rank": "A", "naturals": 7}, {"rank": "6", "naturals": 4, "twos": 1}], "went_out": True}
TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"name": "Ellos", "players": ["Bea", "Juan"]}]}


@pytest.fixture
def game(client):
    response = client.post("/api/v1/games", json=TABLE)
    assert response.status_code == 201
    return response.get_json()


def add(client, game, sides, expected, token=None):
    return client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"expected_hands": expected, "sides": sides},
        headers={"X-Edit-Token": token or game["edit_token"]},
    )


def test_create_a_game_returns_its_links_and_edit_token(game):
    assert [s["name"] for s in game["sides"]] == ["Ana & Luis", "Ellos"]
    assert game["links"]["sheet"].endswith(f"/g/{game['id']}")
    assert game["links"]["edit"].endswith(f"/e/{game['edit_token']}")
    assert (game["next_hand"], game["next_dealer"], game["next_minimums"]) == (1, "Ana", [50, 50])


def test_add_a_hand_and_read_the_sheet(client, game):
    response = add(client, game, [US, THEM], 0)
    assert response.status_code == 201
    body = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert body["totals"] == [565, 780]
    assert [s["hand_score"] for s in body["hands"][0]["sides"]] == [565, 780]
    assert body["hands"][0]["entries"][0]["melds"][0] == {"rank": "8", "naturals": 6, "jokers": 1, "twos": 0}
    assert "edit_token" not in body


def test_changing_needs_the_edit_token(client, game):
    assert (
        client.post(f"/api/v1/games/{game['id']}/hands", json={"expected_hands": 0, "sides": [US, THEM]}).status_code
        == 401
    )
    assert add(client, game, [US, THEM], 0, token="wrong").status_code == 403
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"] == []


def test_a_refused_hand_is_422_with_the_rules(client, game):
    bad = {"melds": [{"rank": "Q", "naturals": 1, "jokers": 3}]}
    response = add(client, game, [bad, THEM], 0)
    assert response.status_code == 422
    assert [e["rule"] for e in response.get_json()["errors"]] == ["meld_min_naturals"]


def test_a_second_client_adding_the_same_hand_gets_409_with_the_saved_one(client, game):
    add(client, game, [US, THEM], 0)
    response = add(client, game, [THEM, US], 0)
    assert response.status_code == 409
    body = response.get_json()
    assert body["error"] == "conflict"
    assert body["saved"]["sides"][0]["red_threes"] == 2


def test_edit_a_hand_with_its_version(client, game):
    add(client, game, [US, THEM], 0)
    url = f"/api/v1/games/{game['id']}/hands/1"
    headers = {"X-Edit-Token": game["edit_token"]}
    response = client.put(url, json={"version": 1, "sides": [{**US, "red_threes": 3}, THEM]}, headers=headers)
    assert response.status_code == 200
    assert response.get_json()["totals"] == [665, 780]
    stale = client.put(url, json={"version": 1, "sides": [US, THEM]}, headers=headers)
    assert stale.status_code == 409


def test_undo_the_last_hand(client, game):
    add(client, game, [US, THEM], 0)
    headers = {"X-Edit-Token": game["edit_token"]}
    assert client.delete(f"/api/v1/games/{game['id']}/hands/1?version=2", headers=headers).status_code == 409
    response = client.delete(f"/api/v1/games/{game['id']}/hands/1?version=1", headers=headers)
    assert response.status_code == 200
    assert response.get_json()["hands"] == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"ruleset": "poker", "sides": TABLE["sides"]}, "ruleset"),
        ({"ruleset": "classic", "sides": [{"players": ["Ana"]}, {"players": ["Bea"]}]}, "sides"),
        ({"ruleset": "classic", "sides": "four"}, "sides"),
        ({**TABLE, "options": {"no_such_rule": 1}}, "options.no_such_rule"),
        ({**TABLE, "first_dealer": 9}, "first_dealer"),
        ({**TABLE, "first_dealer": 4}, "first_dealer"),  # four players: seats 0 to 3
        ({**TABLE, "entry_mode": "by heart"}, "entry_mode"),
        ({**TABLE, "entry_mode": ["quick"]}, "entry_mode"),
    ],
)
def test_create_refuses_bad_tables_and_options(client, body, field):
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 400
    assert response.get_json()["field"] == field


def test_hand_bodies_are_checked(client, game):
    headers = {"X-Edit-Token": game["edit_token"]}
    url = f"/api/v1/games/{game['id']}/hands"
    assert client.post(url, json={"sides": [US, THEM]}, headers=headers).status_code == 400
    assert client.post(url, json={"expected_hands": 0, "sides": [US]}, headers=headers).status_code == 400
    assert client.post(url, data="x", headers=headers).status_code == 415


def test_unknown_games_and_hands_are_404(client, game):
    assert client.get("/api/v1/games/nope").status_code == 404
    headers = {"X-Edit-Token": game["edit_token"]}
    response = client.put(
        f"/api/v1/games/{game['id']}/hands/7", json={"version": 1, "sides": [US, THEM]}, headers=headers
    )
    assert response.status_code == 404


def test_six_player_es_tradicional_game_through_the_api(client):
    body = {
        "ruleset": "es_tradicional",
        "sides": [{"players": ["A", "D"]}, {"players": ["B", "E"]}, {"players": ["C", "F"]}],
    }
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 201
    assert response.get_json()["options"] == {"players": 6}


def test_a_hand_read_from_the_api_can_be_sent_back_unchanged(client, game):
    by_value = {**US, "hand_by_value": {"10": 2, "50": 1}}
    add(client, game, [by_value, THEM], 0)
    read = client.get(f"/api/v1/games/{game['id']}").get_json()
    hand = read["hands"][0]
    assert hand["entries"][0]["hand_by_value"] == {"10": 2, "50": 1}
    headers = {"X-Edit-Token": game["edit_token"]}
    body = {"version": hand["version"], "partners": hand["partners"], "sides": hand["entries"]}
    again = client.put(f"/api/v1/games/{game['id']}/hands/1", json=body, headers=headers)
    assert again.status_code == 200
    assert again.get_json()["totals"] == read["totals"]


def test_cards_held_by_value_take_only_card_values(client, game):
    bad = {**US, "hand_by_value": {"15": 1}}
    response = add(client, game, [bad, THEM], 0)
    assert response.status_code == 400
    assert response.get_json()["field"] == "sides[0].hand_by_value.15"


def test_a_hand_sent_again_with_its_idempotency_key_is_saved_once(client, game):
    headers = {"X-Edit-Token": game["edit_token"], "Idempotency-Key": "retry-after-wifi-drop-1"}
    body = {"expected_hands": 0, "sides": [{"melds": [{"rank": "K", "naturals": 3}]}, {}]}
    first = client.post(f"/api/v1/games/{game['id']}/hands", json=body, headers=headers)
    again = client.post(f"/api/v1/games/{game['id']}/hands", json=body, headers=headers)
    assert first.status_code == 201
    assert again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert len(again.get_json()["hands"]) == 1
    bad = client.post(
        f"/api/v1/games/{game['id']}/hands", json=body, headers={**headers, "Idempotency-Key": "no spaces"}
    )
    assert bad.status_code == 400
    assert bad.get_json()["field"] == "Idempotency-Key"


def test_a_game_created_for_the_paper_sheet_starts_its_hand_form_there(client):
    game = client.post("/api/v1/games", json={**TABLE, "entry_mode": "quick"}).get_json()
    assert game["entry_mode"] == "quick"
    assert client.post("/api/v1/games", json=TABLE).get_json()["entry_mode"] == "detailed"
    form = client.get(f"/e/{game['edit_token']}/hands/new").get_data(as_text=True)
    assert picked(form, "s0_mode", "quick")
    assert picked(form, "s1_mode", "quick")


def test_d5_a_fix_that_ends_the_game_earlier_leaves_later_hands_out_of_the_totals(client):
    """D5: hand 1 (Us 400 melded, 4 natural canastas, out; Them 100, 50 in hand), hand 2 (Us 100, 100 in
    hand; Them 2000, 6 natural canastas, out); hand 1 fixed to Us 2000 with 6 natural canastas, out.
    Hand 1 now ends the game: Us 2000 + 3000 + 100 = 5100, Them 100 - 50 = 50. Hand 2 stays on the sheet,
    marked, out of the totals, the winner and the minimums; the page and the API agree."""
    game = client.post("/api/v1/games", json=TABLE).get_json()
    headers = {"X-Edit-Token": game["edit_token"]}
    url = f"/api/v1/games/{game['id']}/hands"

    def us(points, natural, out=False, held=0):
        return {"meld_points": points, "canastas": {"natural": natural}, "went_out": out, "hand_points": held}

    first = [us(400, 4, out=True), us(100, 0, held=50)]
    second = [us(100, 0, held=100), us(2000, 6, out=True)]
    assert client.post(url, json={"expected_hands": 0, "sides": first}, headers=headers).status_code == 201
    before = client.post(url, json={"expected_hands": 1, "sides": second}, headers=headers).get_json()
    assert before["totals"] == [2500 + 0, 50 + 5100]  # hand 2 ends it for Them: 5150
    assert before["winner"] == "Ellos"
    first[0] = us(2000, 6, out=True)
    fixed = client.put(f"{url}/1", json={"version": 1, "sides": first}, headers=headers).get_json()
    assert fixed["totals"] == [5100, 50]
    assert fixed["game_over"] is True
    assert fixed["winner"] == "Ana & Luis"
    assert [hand["counted"] for hand in fixed["hands"]] == [True, False]
    assert [side["hand_score"] for side in fixed["hands"][1]["sides"]] == [0, 5100]  # still scored, shown
    page = re.sub(r"\s+", " ", client.get(f"/e/{game['edit_token']}").get_data(as_text=True))
    assert "The game ended with hand 1; the hands after it do not count." in page
    assert "Ana &amp; Luis win with 5,100." in page
    assert re.search(r'class="sheet-row foot">.*?<strong>5,100</strong>.*?<strong>50</strong>', page)
    assert 'class="hand not-counted" id="hand-2"' in page
    # fixing hand 1 back: hand 2 counts again and ends the game for Them
    first[0] = us(400, 4, out=True)
    back = client.put(f"{url}/1", json={"version": 2, "sides": first}, headers=headers).get_json()
    assert back["totals"] == [2500, 5150]
    assert [hand["counted"] for hand in back["hands"]] == [True, True]


def test_a_game_resumed_from_a_paper_sheet_starts_from_its_totals(client):
    """Issue 10: starting totals 1500 / -50 in classic ask for 90 and 15 at the first hand, and every
    total after it carries on from there."""
    game = client.post("/api/v1/games", json={**TABLE, "starting_totals": [1500, -50]}).get_json()
    assert game["starting_totals"] == [1500, -50]
    assert game["totals"] == [1500, -50]
    assert game["next_minimums"] == [90, 15]
    headers = {"X-Edit-Token": game["edit_token"]}
    after = client.post(
        f"/api/v1/games/{game['id']}/hands", json={"expected_hands": 0, "sides": [US, THEM]}, headers=headers
    ).get_json()
    assert after["totals"] == [1500 + 565, -50 + 780]
    assert [side["total_after"] for side in after["hands"][0]["sides"]] == [2065, 730]
    page = re.sub(r"\s+", " ", client.get(f"/e/{game['edit_token']}").get_data(as_text=True))
    assert 'id="carried-over"' in page
    assert "<strong>2,065</strong>" in page
    plain = client.post("/api/v1/games", json=TABLE).get_json()
    assert plain["starting_totals"] == [0, 0]
    assert 'id="carried-over"' not in client.get(f"/e/{plain['edit_token']}").get_data(as_text=True)


@pytest.mark.parametrize(
    "totals",
    [[1500], [1500, 33], [5000, 0], ["1500", 0], [True, 0], 1500],
)
def test_starting_totals_a_sheet_cannot_hold_are_refused_by_name(client, totals):
    response = client.post("/api/v1/games", json={**TABLE, "starting_totals": totals})
    assert response.status_code == 400
    assert response.get_json()["field"] == "starting_totals"


def test_the_printed_sheet_lists_the_house_rules_and_each_hands_minimums(client):
    """Issue 10 (print): the sheet's print-only head names the players and the house rules the game was
    started with, in the reader's language; each hand says the minimums it leaves for the next one."""
    body = {**TABLE, "ruleset": "es_tradicional", "options": {"canasta_count_cumulative": True, "target": 7500}}
    game = client.post("/api/v1/games", json=body).get_json()
    headers = {"X-Edit-Token": game["edit_token"]}
    client.post(f"/api/v1/games/{game['id']}/hands", json={"expected_hands": 0, "sides": [US, THEM]}, headers=headers)
    page = re.sub(r"\s+", " ", client.get(f"/e/{game['edit_token']}").get_data(as_text=True))
    assert "House rules: Canastón and canasta de canastas add up: yes</p>" in page
    assert "<strong>Ellos</strong>: Bea, Juan" in page
    assert "First meld next hand, at least: Ana &amp; Luis 50 · Ellos 50" in page  # 565 and 780: both below 1500
    client.set_cookie("lang", "es")
    spanish = re.sub(r"\s+", " ", client.get(f"/e/{game['edit_token']}").get_data(as_text=True))
    assert ": sí</p>" in spanish


def test_a_tie_at_the_target_goes_to_the_side_that_went_out_under_that_house_rule(client):
    body = {**TABLE, "options": {"tie_policy": "went_out"}, "starting_totals": [4985, 4330]}
    game = client.post("/api/v1/games", json=body).get_json()
    hand = {
        "expected_hands": 0,
        "sides": [
            {"melds": [{"rank": "5", "naturals": 3}]},
            {"melds": [{"rank": "K", "naturals": 7}], "went_out": True},
        ],
    }
    saved = client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers={"X-Edit-Token": game["edit_token"]})
    state = saved.get_json()
    assert state["totals"] == [5000, 5000]
    assert state["game_over"] is True
    assert state["winner"] == state["sides"][1]["name"]


def test_the_new_game_page_offers_the_tie_to_the_side_that_went_out(client):
    page = client.get("/games/new/classic?players=4&sides=2").get_data(as_text=True)
    assert '<option value="went_out">the side that went out wins</option>' in page
    spanish = client.get("/games/new/classic?players=4&sides=2", headers={"Accept-Language": "es"})
    assert 'value="went_out">' in spanish.get_data(as_text=True)


def test_the_reference_of_a_game_explains_its_tie_to_the_side_that_went_out(client):
    game = client.post("/api/v1/games", json={**TABLE, "options": {"tie_policy": "went_out"}}).get_json()
    page = client.get(f"/g/{game['id']}/rules/winning").get_data(as_text=True)
    assert "the tied side that went out in that hand wins" in page
