"""Issue 47, point 1: a whole room behind one address. Every phone of a club comes from its one router (and
through a proxy, the same): writes under a good token are counted per game, side or night, the door per
night, so a 40-table night never meets a limit, while guesses, wrong links and new games from that address
are still counted per address."""

from __future__ import annotations

import re
import secrets

from scorekeeper.store.rate_counts import SqlCounts
from scorekeeper.web.extensions import limiter

from .test_rate_limits import NIGHT, TABLE, limited, night_door, pairs_of  # noqa: F401  (limited: the fixture)
from .test_views import PLAYERS, SPEC_FORM

TABLES = 40
#: Each pair's half of a hand of one hand's round: north-south a natural canasta of kings, east-west goes out.
HALVES = (
    {"out": "", "s0_mode": "detailed", "s0_m_K_n": "7", "version": "0"},
    {"out": "1", "s1_mode": "detailed", "s1_m_A_n": "7", "s1_m_6_n": "4", "version": "0"},
)


def play_a_round(client, board: str, public: str) -> list[int]:
    """Every table of the round drawn at ``board``: its card read, each pair's half sent, then each pair's
    agreement, the board and the standings read meanwhile (every status, in order)."""
    statuses = []
    cards = client.get(board + "/cards").get_data(as_text=True)
    card = re.search(r"/night/t/[\w-]+/", cards).group(0)
    sides = []
    for number in range(1, TABLES + 1):
        table = client.get(f"{card}{number}")
        statuses.append(table.status_code)
        sides.append(re.findall(r'href="/s/([\w-]+)"', table.get_data(as_text=True)))
    for number, tokens in enumerate(sides, start=1):
        for side, token in enumerate(tokens):
            half = {**HALVES[side], "save_key": f"{token}-1"}
            statuses.append(client.post(f"/s/{token}/hands/1", data=half).status_code)
        if number % 10 == 0:
            statuses += [client.get(board).status_code, client.get(public).status_code]
    for tokens in sides:
        for token in tokens:
            statuses.append(client.post(f"/s/{token}/hands/1/agree", data={"version": "1"}).status_code)
    statuses += [client.get(board).status_code, client.get(public).status_code]
    assert len(sides) == TABLES
    assert all(len(tokens) == 2 for tokens in sides)
    return statuses


def test_a_forty_table_night_from_one_address_meets_no_429_while_guesses_from_it_still_do(limited):  # noqa: F811
    """80 pairs at the door and every half and agreement of a round (160 writes) within a minute (seconds, here), all
    from the club's one address, the board and standings read meanwhile: no 429. From the same address, wrong
    links, a door's wrong key and new games are still counted and refused past their budgets."""
    assert isinstance(limiter.storage, SqlCounts)  # the counts every worker shares, as `make run` keeps them
    client = limited.test_client()
    board, door = night_door(client, {**NIGHT, "recording": "halves"})
    doors = [client.post(door, data={"first": f"N{k}", "second": f"S{k}"}).status_code for k in range(2 * TABLES)]
    assert doors == [302] * 2 * TABLES
    assert pairs_of(client, board) == 2 * TABLES
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    public = re.search(r"/night/[\w-]+", client.get(board).get_data(as_text=True)).group(0)
    statuses = play_a_round(client, board, public)
    assert 429 not in statuses
    assert set(statuses) == {200, 302}
    standings = client.get(public).get_data(as_text=True)
    assert standings.count("✓ finished") == TABLES  # every table's result agreed, and counted

    guesses = [client.post(f"/s/{secrets.token_urlsafe(16)}/hands/1", data=HALVES[0]).status_code for _ in range(31)]
    assert guesses == [404] * 30 + [429]
    assert client.post(door.rsplit("/", 1)[0] + "/wrong-key", data={"first": "A", "second": "B"}).status_code == 429
    assert client.get(f"/g/{secrets.token_urlsafe(16)}").status_code == 429
    made = [client.post("/api/v1/games", json=TABLE).status_code for _ in range(31)]
    assert made[:29] == [201] * 29
    assert 429 in made[29:]  # at the 30th, the night having been one (at the 31st, on a machine past the minute)


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
