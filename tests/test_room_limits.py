"""Issue 47, point 1: a whole room behind one address. Every phone of a club comes from its one router (and
through a proxy, the same): writes under a good token are counted per game, side or night, while guesses,
wrong links and new games from that address are still counted per address."""

from __future__ import annotations

from .test_rate_limits import TABLE, limited, night_door, pairs_of  # noqa: F401  (limited: the fixture)
from .test_views import PLAYERS, SPEC_FORM


def api_hand(client, game: dict, number: int):
    return client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"expected_hands": number, "sides": [{"melds": [{"rank": "K", "naturals": 7}]}, {}]},
        headers={"X-Edit-Token": game["edit_token"]},
    )


def test_a_script_hammering_one_games_edit_token_meets_that_games_limit_and_other_tables_go_on(limited):  # noqa: F811
    """RATE_LIMIT_TOKEN_WRITES: 60 writes a minute under one game's token (a hand a second; a real table saves
    one every few minutes), whatever they answer; other games from the same address are counted apart."""
    client = limited.test_client()
    hammered, other = client.post("/api/v1/games", json=TABLE).get_json(), client.post("/api/v1/games", json=TABLE)
    statuses = [api_hand(client, hammered, number).status_code for number in range(61)]
    assert 429 not in statuses[:60]
    assert statuses[60] == 429
    refused = api_hand(client, hammered, 60)
    assert refused.get_json()["error"] == "too_many_requests"
    assert int(refused.headers["Retry-After"]) >= 1
    assert api_hand(client, other.get_json(), 0).status_code == 201
    sheet = client.post("/games/new/classic?players=4&sides=2", data=PLAYERS).headers["Location"]
    assert client.post(sheet + "/hands/new", data=SPEC_FORM).status_code == 302


def test_a_directors_board_is_limited_per_night_not_per_address(limited):  # noqa: F811
    """The board's changes count against its night: a script past 60 a minute meets a 429 (the form
    not applied), while another night's board from the same address goes on."""
    client = limited.test_client()
    board, _ = night_door(client)
    pairs = [{"first": f"A{k}", "second": f"B{k}"} for k in range(61)]
    statuses = [client.post(board + "/pairs", data=pair).status_code for pair in pairs]
    assert statuses == [302] * 60 + [429]
    assert pairs_of(client, board) == 60
    other, _ = night_door(client)
    assert client.post(other + "/pairs", data={"first": "Ana", "second": "Luis"}).status_code == 302
