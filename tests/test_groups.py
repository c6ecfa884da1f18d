"""Issue 10: a table of friends (a group) with its own link: a roster, games started from it with its
players filled in, games added later, and its history searchable by player and date."""

from __future__ import annotations

import re

from .test_api_games import THEM, US
from .test_views import text


def _group(client, name="Los jueves", players=("Ana", "Bea", "Luis", "Juan")) -> str:
    data = {"name": name, **{f"player_{i}": p for i, p in enumerate(players)}}
    response = client.post("/groups/new", data=data)
    assert response.status_code == 302
    return response.headers["Location"]


def test_a_group_has_its_own_link_and_its_roster(client):
    group = _group(client, players=("Ana", "Bea", "ana", " ", "Luis", "Juan"))
    assert re.fullmatch(r"/t/[\w-]{22}", group)
    page = text(client.get(group))
    assert "<h1>Los jueves</h1>" in page
    assert "Ana, Bea, Luis, Juan" in page  # blanks and repeats left out, order kept
    assert client.post(group + "/players", data={"name": "Carmen"}).status_code == 302
    assert "Ana, Bea, Luis, Juan, Carmen" in text(client.get(group))
    assert client.post(group + "/players", data={"name": ""}).status_code == 400
    assert client.get("/t/not-a-group-link").status_code == 404


def test_a_game_started_from_the_group_has_its_players_and_shows_in_its_history(client):
    group = _group(client)
    token = group.rsplit("/", 1)[1]
    assert f"group={token}" in text(client.get(f"/games/new?group={token}"))
    form = text(client.get(f"/games/new/classic?players=4&sides=2&group={token}"))
    for seat, name in enumerate(["Ana", "Bea", "Luis", "Juan"]):
        assert re.search(f'<input[^>]*name="seat_{seat}"[^>]*value="{name}"', form)
    seats = {f"seat_{i}": n for i, n in enumerate(["Ana", "Bea", "Luis", "Juan"])}
    started = client.post(
        f"/games/new/classic?players=4&sides=2&group={token}", data={**seats, "mode": "target", "target": "5000"}
    )
    sheet = started.headers["Location"]
    history = text(client.get(group))
    assert "Ana &amp; Luis · Bea &amp; Juan" in history
    assert "Not started" in history
    edit_token = sheet.rsplit("/", 1)[1]
    game = client.get(sheet).get_data(as_text=True)
    public = re.search(r'/g/([\w-]+)/table"', game).group(1)
    client.post(
        f"/api/v1/games/{public}/hands",
        json={"expected_hands": 0, "sides": [US, THEM]},
        headers={"X-Edit-Token": edit_token},
    )
    assert "565 · 780" in text(client.get(group))  # totals from the game's sheet


def test_a_game_played_already_is_added_by_its_code_and_the_history_is_searched(client):
    group = _group(client)
    other = client.post(
        "/api/v1/games",
        json={"ruleset": "classic_2p", "sides": [{"players": ["Tomás"]}, {"players": ["Ana"]}]},
    ).get_json()
    code = re.search(r'class="join-code">(\w+)<', client.get(f"/g/{other['id']}").get_data(as_text=True)).group(1)
    assert client.post(group + "/games", data={"link": code}).status_code == 302
    assert client.post(group + "/games", data={"link": "nothing"}).status_code == 404
    client.post(
        "/api/v1/games",
        json={"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]},
    )
    assert "Tomás · Ana" in text(client.get(group))
    assert "Tomás · Ana" in text(client.get(group + "?player=tomas"))  # accents and case aside
    assert "No game of the group matches." in text(client.get(group + "?player=Carmen"))
    assert "No game of the group matches." in text(client.get(group + "?from=2001-01-01&to=2001-12-31"))
    assert "Tomás · Ana" in text(client.get(group + "?from=2001-01-01&to=2999-12-31&player=ana"))
