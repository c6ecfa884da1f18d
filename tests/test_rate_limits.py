"""Rate limits per client address: scripts meet a 429, a real table never does."""

from __future__ import annotations

import secrets

import pytest

from .conftest import fresh_app
from .test_views import PLAYERS, SPEC_FORM

TABLE = {"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]}


@pytest.fixture
def limited(tmp_path):
    """The app with its rate limits on, as `make run` serves it."""
    with fresh_app(tmp_path, "limited", RATELIMIT_ENABLED=True) as app:
        yield app


def test_three_hundred_quick_game_creations_from_one_address_meet_a_429(limited):
    client = limited.test_client()
    statuses = [client.post("/api/v1/games", json=TABLE).status_code for _ in range(300)]
    assert statuses[:30] == [201] * 30
    assert statuses[30] == 429
    refused = client.post("/api/v1/games", json=TABLE)
    assert refused.get_json()["error"] == "too_many_requests"
    assert "Retry-After" in refused.headers


def test_game_creations_from_another_address_are_counted_apart(limited):
    client = limited.test_client()
    for _ in range(31):
        client.post("/api/v1/games", json=TABLE)
    other = client.post("/api/v1/games", json=TABLE, environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 201


def test_the_new_game_form_past_its_limit_answers_a_page_in_the_users_language(limited):
    client = limited.test_client()
    client.set_cookie("lang", "es")
    for _ in range(30):
        assert client.post("/games/new/classic?players=4&sides=2", data=PLAYERS).status_code == 302
    response = client.post("/games/new/classic?players=4&sides=2", data=PLAYERS)
    assert response.status_code == 429
    assert "Demasiadas a la vez" in response.get_data(as_text=True)
    assert client.get("/games/new/classic?players=4&sides=2").status_code == 200  # reading the form is not limited


def test_wrong_links_from_one_address_meet_a_429(limited):
    client = limited.test_client()
    statuses = [client.get(f"/g/{secrets.token_urlsafe(16)}").status_code for _ in range(31)]
    assert statuses[:30] == [404] * 30
    assert statuses[30] == 429
    api = client.get(f"/api/v1/games/{secrets.token_urlsafe(16)}")
    assert api.status_code == 429
    assert api.is_json


def test_hand_saves_past_their_limit_meet_a_429(limited):
    limited.config["RATE_LIMIT_HAND_SAVES"] = "3 per minute"
    client = limited.test_client()
    game = client.post("/api/v1/games", json=TABLE).get_json()
    headers = {"X-Edit-Token": game["edit_token"]}
    hand = {"sides": [{"melds": [{"rank": "K", "naturals": 3}]}, {"melds": [{"rank": "Q", "naturals": 3}]}]}
    statuses = [
        client.post(
            f"/api/v1/games/{game['id']}/hands", json={"expected_hands": n, **hand}, headers=headers
        ).status_code
        for n in range(4)
    ]
    assert statuses == [201, 201, 201, 429]


def test_a_real_tables_evening_never_meets_a_limit(limited):
    client = limited.test_client()
    response = client.post("/games/new/classic?players=4&sides=2", data=PLAYERS)
    sheet = response.headers["Location"]
    statuses = []
    for number in range(1, 41):
        statuses.append(
            client.post(sheet + "/hands/new", data={**SPEC_FORM, "expected_hands": str(number - 1)}).status_code
        )
        statuses.append(client.get(sheet).status_code)
        statuses.append(client.post(sheet + "/preview", data=SPEC_FORM).status_code)
    statuses.append(client.get(sheet + "/hands/1").status_code)
    statuses.append(client.post(sheet + "/hands/1", data={**SPEC_FORM, "version": "1"}).status_code)
    assert 429 not in statuses
