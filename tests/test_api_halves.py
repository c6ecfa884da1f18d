"""Each side its own half, in the game API: every state and every refusal, each half and word written
only with its own side's token (docs/api.md documents it)."""

from __future__ import annotations

import pytest

from scorekeeper import services

from .helpers import reseated_meanwhile
from .test_api_games import TABLE, THEM, US
from .test_openapi import conforms


@pytest.fixture
def game(client):
    response = client.post("/api/v1/games", json={**TABLE, "recording": "halves"})
    assert response.status_code == 201
    body = response.get_json()
    conforms(response, "Game")
    return body


def half(client, game, side, entry, version=0, number=1, token=None, key=None, partners=None):
    headers = {"X-Side-Token": token if token is not None else game["side_tokens"][side]}
    if key:
        headers["Idempotency-Key"] = key
    body = {"entry": entry, "version": version}
    if partners is not None:
        body["partners"] = partners
    return client.put(f"/api/v1/games/{game['id']}/hands/{number}/halves/{side}", json=body, headers=headers)


def word(client, game, side, body, number=1, token=None):
    headers = {"X-Side-Token": token if token is not None else game["side_tokens"][side]}
    return client.post(f"/api/v1/games/{game['id']}/hands/{number}/words/{side}", json=body, headers=headers)


def read(client, game):
    return client.get(f"/api/v1/games/{game['id']}").get_json()


def test_a_game_by_halves_gives_each_side_its_token_once_and_says_who_is_counting(client, game):
    assert game["recording"] == "halves"
    assert len(game["side_tokens"]) == 2
    assert game["side_tokens"][0] != game["side_tokens"][1]
    body = read(client, game)
    assert "side_tokens" not in body
    assert body["halves"]["pending"]["number"] == 1
    assert [s["state"] for s in body["halves"]["pending"]["sides"]] == ["counting", "counting"]


def test_the_last_half_in_completes_the_hand_as_the_engine_scores_it(client, game):
    response = half(client, game, 1, THEM)
    assert response.status_code == 200
    conforms(response, "Game")
    pending = response.get_json()["halves"]["pending"]
    assert [(s["state"], s["version"]) for s in pending["sides"]] == [("counting", 0), ("done", 1)]
    assert pending["sides"][1]["entry"]["went_out"] is True
    body = half(client, game, 0, US).get_json()
    assert body["totals"] == [565, 780]
    hands = [{"number": 1, "version": 1, "agreed": False, "words": [None, None], "half_versions": [1, 1]}]
    assert body["halves"]["hands"] == hands
    assert body["halves"]["pending"]["number"] == 2


def test_a_sides_token_cannot_write_another_sides_half_or_word_and_nothing_changes(client, game):
    before = read(client, game)
    refused = half(client, game, 1, THEM, token=game["side_tokens"][0])
    assert refused.status_code == 403
    assert refused.get_json()["error"] == "wrong_side_token"
    assert half(client, game, 0, US, token=game["edit_token"]).status_code == 403
    assert half(client, game, 5, US, token=game["side_tokens"][0]).status_code == 403
    assert half(client, game, 0, US, token="").status_code == 401
    half(client, game, 0, US)
    half(client, game, 1, THEM)
    assert word(client, game, 1, {"agreed": True, "version": 1}, token=game["side_tokens"][0]).status_code == 403
    after = read(client, game)
    assert after["halves"]["hands"][0]["words"] == [None, None]
    assert before["hands"] == []


def test_a_half_breaking_a_rule_on_its_own_is_refused_with_the_rule(client, game):
    response = half(client, game, 0, {"melds": [{"rank": "8", "naturals": 2}]})
    assert response.status_code == 422
    assert {e["side"] for e in response.get_json()["errors"]} == {0}
    assert read(client, game)["halves"]["pending"]["sides"][0]["state"] == "counting"


def test_a_malformed_half_names_its_field(client, game):
    response = half(client, game, 0, {"melds": [{"rank": "8", "naturals": "three"}]})
    assert response.status_code == 400
    assert response.get_json()["field"] == "entry.melds[0].naturals"


def test_two_sides_out_is_shown_to_every_phone_until_one_changes(client, game):
    half(
        client,
        game,
        0,
        {"melds": [{"rank": "K", "naturals": 7}, {"rank": "8", "naturals": 6, "jokers": 1}], "went_out": True},
    )
    body = half(client, game, 1, THEM).get_json()
    assert [p["rule"] for p in body["halves"]["pending"]["problems"]] == ["two_sides_out"]
    assert body["hands"] == []
    body = half(client, game, 0, US, version=1).get_json()
    assert len(body["hands"]) == 1
    assert body["halves"]["pending"]["problems"] == []


def test_a_half_sent_again_with_its_key_is_kept_once_and_a_stale_version_is_a_conflict(client, game):
    assert half(client, game, 0, US, key="first-send").status_code == 200
    again = half(client, game, 0, US, key="first-send")
    assert again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    conflict = half(client, game, 0, {**US, "red_threes": 1}, version=0)
    assert conflict.status_code == 409
    assert conflict.get_json()["saved"]["sides"][0]["red_threes"] == 2
    assert read(client, game)["halves"]["pending"]["sides"][0]["version"] == 1


def test_a_half_is_withdrawn_until_the_hand_is_complete(client, game):
    half(client, game, 0, US)
    url = f"/api/v1/games/{game['id']}/hands/1/halves/0"
    token = {"X-Side-Token": game["side_tokens"][0]}
    assert client.delete(url, headers=token).status_code == 400  # no version
    assert client.delete(url + "?version=1", headers=token).status_code == 200
    half(client, game, 0, US)
    half(client, game, 1, THEM)
    closed = client.delete(url + "?version=1", headers=token)
    assert closed.status_code == 409
    assert closed.get_json()["error"] == "half_closed"


def test_not_right_reopens_the_half_then_the_fix_is_agreed_by_every_side(client, game):
    half(client, game, 0, US)
    half(client, game, 1, THEM)
    disputed = word(client, game, 1, {"agreed": False, "version": 1, "half_of": 0, "remark": "one red three"})
    assert disputed.status_code == 200
    conforms(disputed, "Game")
    hand = disputed.get_json()["halves"]["hands"][0]
    assert hand["words"][1] == {"side": 1, "agreed": False, "half_of": 0, "remark": "one red three"}
    closed = half(client, game, 1, THEM, version=1)  # only the disputed half opens again
    assert closed.get_json()["error"] == "half_closed"
    fixed = half(client, game, 0, {**US, "red_threes": 1}, version=1).get_json()
    assert fixed["totals"] == [465, 780]
    hand = {"number": 1, "version": 2, "agreed": False, "words": [None, None], "half_versions": [2, 1]}
    assert fixed["halves"]["hands"][0] == hand
    stale = word(client, game, 0, {"agreed": True, "version": 1})
    assert (stale.status_code, stale.get_json()["error"]) == (409, "hand_changed")
    word(client, game, 0, {"agreed": True, "version": 2})
    body = word(client, game, 1, {"agreed": True, "version": 2}).get_json()
    assert body["halves"]["hands"][0]["agreed"] is True


def test_a_reopened_half_is_sent_again_with_the_version_the_answer_gives(client, game):
    half(client, game, 0, US)
    half(client, game, 0, {**US, "red_threes": 1}, version=1)  # changed before the hand was complete: version 2
    half(client, game, 1, THEM)
    disputed = word(client, game, 1, {"agreed": False, "version": 1, "half_of": 0, "remark": "two red threes"})
    conforms(disputed, "Game")
    hand = disputed.get_json()["halves"]["hands"][0]
    assert hand["words"][1]["half_of"] == 0
    assert hand["half_versions"] == [2, 1]
    guessed = half(client, game, 0, US, version=1)  # the version a client would guess: another phone's since
    assert (guessed.status_code, guessed.get_json()["error"]) == (409, "conflict")
    resent = half(client, game, 0, US, version=hand["half_versions"][0])
    assert resent.status_code == 200
    conforms(resent, "Game")
    assert resent.get_json()["totals"] == [565, 780]
    assert resent.get_json()["halves"]["hands"][0]["half_versions"] == [3, 1]


def test_not_right_must_say_whose_half_and_not_ones_own(client, game):
    half(client, game, 0, US)
    half(client, game, 1, THEM)
    missing = word(client, game, 1, {"agreed": False, "version": 1})
    assert (missing.status_code, missing.get_json()["field"]) == (400, "half_of")
    own = word(client, game, 1, {"agreed": False, "version": 1, "half_of": 1})
    assert (own.status_code, own.get_json()["field"]) == (400, "side")
    long = word(client, game, 1, {"agreed": False, "version": 1, "half_of": 0, "remark": "x" * 201})
    assert (long.status_code, long.get_json()["field"]) == (400, "remark")


def test_a_game_with_one_recorder_takes_no_halves_until_switched_by_the_edit_token(client):
    created = client.post("/api/v1/games", json=TABLE).get_json()
    assert created["recording"] == "one"
    assert created["halves"] is None
    assert "side_tokens" not in created
    url = f"/api/v1/games/{created['id']}/recording"
    assert client.put(url, json={"recording": "halves"}).status_code == 401
    assert (
        client.put(url, json={"recording": "both"}, headers={"X-Edit-Token": created["edit_token"]}).status_code == 400
    )
    switched = client.put(url, json={"recording": "halves"}, headers={"X-Edit-Token": created["edit_token"]})
    assert switched.status_code == 200
    tokens = switched.get_json()["side_tokens"]
    back = client.put(url, json={"recording": "one"}, headers={"X-Edit-Token": created["edit_token"]}).get_json()
    assert back["halves"] is None
    refused = half(client, {**created, "side_tokens": tokens}, 0, US)
    assert (refused.status_code, refused.get_json()["error"]) == (409, "not_by_halves")


def test_a_half_for_a_hand_not_yet_in_play_is_a_404(client, game):
    response = half(client, game, 0, US, number=2)
    assert (response.status_code, response.get_json()["error"]) == (404, "unknown_hand")
    assert read(client, game)["halves"]["pending"]["sides"][0]["state"] == "counting"


def test_a_side_token_replaced_while_its_half_waits_for_the_lock_is_refused_as_not_this_sides(
    client, game, monkeypatch
):
    found = services.find_game

    def then_reseated(token, *, editable):
        looked_up = found(token, editable=editable)
        monkeypatch.setattr(services, "find_game", found)  # once: the director's move lands meanwhile
        reseated_meanwhile(looked_up.id, 0)
        return looked_up

    monkeypatch.setattr(services, "find_game", then_reseated)
    refused = half(client, game, 0, US)
    assert refused.status_code == 403
    assert refused.get_json()["error"] == "wrong_side_token"
    body = read(client, game)
    assert [s["state"] for s in body["halves"]["pending"]["sides"]] == ["counting", "counting"]
    assert body["sides"][0]["name"] == "Eva & Fede"
