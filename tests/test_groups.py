"""Issue 10: a table of friends (a group) with its own link: a roster, games started from it with its
players filled in, games added later, and its history searchable by player and date."""

from __future__ import annotations

import re

from .helpers import page_text
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


def test_a_game_played_already_is_added_by_its_edit_link_and_the_history_is_searched(client):
    group = _group(client)
    other = client.post(
        "/api/v1/games",
        json={"ruleset": "classic_2p", "sides": [{"players": ["Tomás"]}, {"players": ["Ana"]}]},
    ).get_json()
    assert client.post(group + "/games", data={"link": f"http://club.local/e/{other['edit_token']}"}).status_code == 302
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


def _quick(points, natural=0, mixed=0, red3=0, held=0, out=False, concealed=False):
    side = {"meld_points": points, "canastas": {"natural": natural, "mixed": mixed}, "hand_points": held}
    return side | {"red_threes": red3, "went_out": out, "concealed": concealed}


def _play(client, group: str, sides: list[list[str]], hands: list[list[dict]]) -> None:
    game = client.post(
        "/api/v1/games", json={"ruleset": "classic", "sides": [{"players": p} for p in sides]}
    ).get_json()
    assert client.post(group + "/games", data={"link": f"/e/{game['edit_token']}"}).status_code == 302
    for number, hand in enumerate(hands):
        body = {"expected_hands": number, "sides": hand}
        saved = client.post(
            f"/api/v1/games/{game['id']}/hands", json=body, headers={"X-Edit-Token": game["edit_token"]}
        )
        assert saved.status_code == 201, saved.get_json()


def test_the_records_of_a_group_of_three_finished_games_are_the_ones_worked_out_by_hand(app, client):
    """Classic, paper-sheet hands (natural canasta 500, mixed 300, red three 100, out 100, concealed 200):
    G1 Ana & Luis beat Bea & Juan: 4700 (7 natural, 1 red three, out) + 900 (1 natural, out) = 5600
       against 50 (100 - 50 held) + 670 (200 + mixed 300 + 2 red threes 200 - 30 held) = 720.
    G2 Luis & Juan beat Ana & Bea: 5300 (1200 + 7 natural + 1 mixed + 2 red threes + out) against
       680 (200 + 1 natural - 20 held).
    G3 Bea & Juan beat Ana & Luis: 4800 (1100 + 6 natural + 2 mixed + out) + 510 (250 + mixed - 40) = 5310
       against 350 (150 + mixed - 100 held) + 1100 (400 + natural + out concealed 200) = 1450."""
    from scorekeeper.services.table import history, standing

    group = _group(client)
    _play(
        client,
        group,
        [["Ana", "Luis"], ["Bea", "Juan"]],
        [
            [_quick(1000, natural=7, red3=1, out=True), _quick(100, held=50)],
            [_quick(300, natural=1, out=True), _quick(200, mixed=1, red3=2, held=30)],
        ],
    )
    _play(
        client,
        group,
        [["Ana", "Bea"], ["Luis", "Juan"]],
        [
            [_quick(200, natural=1, held=20), _quick(1200, natural=7, mixed=1, red3=2, out=True)],
        ],
    )
    _play(
        client,
        group,
        [["Ana", "Luis"], ["Bea", "Juan"]],
        [
            [_quick(150, mixed=1, held=100), _quick(1100, natural=6, mixed=2, out=True)],
            [_quick(400, natural=1, out=True, concealed=True), _quick(250, mixed=1, held=40)],
        ],
    )
    with app.app_context():
        found = history.find_group(group.rsplit("/", 1)[1])
        records = standing.group_records(history.group_games(found))

    def row(r):
        return (
            r.played,
            r.won,
            r.win_rate,
            r.hands,
            r.average,
            r.highest,
            (r.natural, r.mixed, r.wild),
            r.red_threes,
            r.out,
            r.concealed,
        )

    players = {r.name: row(r) for r in records.players}
    assert players == {
        "Ana": (3, 1, 33, 5, 1546, 4700, (10, 1, 0), 1, 3, 1),  # 7730 / 5
        "Luis": (3, 2, 67, 5, 2470, 5300, (16, 2, 0), 3, 4, 1),  # 12350 / 5
        "Bea": (3, 1, 33, 5, 1342, 4800, (7, 4, 0), 2, 1, 0),  # 6710 / 5
        "Juan": (3, 2, 67, 5, 2266, 5300, (13, 5, 0), 4, 2, 0),  # 11330 / 5
    }
    assert [r.name for r in records.players] == ["Luis", "Juan", "Ana", "Bea"]  # wins, then rate, then average
    pairs = {r.name: row(r) for r in records.pairs}
    assert pairs == {
        "Ana & Luis": (2, 1, 50, 4, 1763, 4700, (9, 1, 0), 1, 3, 1),  # 7050 / 4 = 1762.5, half up
        "Bea & Juan": (2, 1, 50, 4, 1508, 4800, (6, 4, 0), 2, 1, 0),  # 6030 / 4 = 1507.5
        "Ana & Bea": (1, 0, 0, 1, 680, 680, (1, 0, 0), 0, 0, 0),
        "Luis & Juan": (1, 1, 100, 1, 5300, 5300, (7, 1, 0), 2, 1, 0),
    }
    meetings = [(m.first, m.first_won, m.second_won, m.second, m.games) for m in records.meetings]
    assert meetings == [("Ana & Luis", 1, 1, "Bea & Juan", 2), ("Ana & Bea", 0, 1, "Luis & Juan", 1)]
    page = text(client.get(group))
    assert "Ana &amp; Luis <strong>1 – 1</strong> Bea &amp; Juan" in page
    assert "2 of 3 · 67 %" in page


def test_a_group_exports_all_its_games_as_json_and_every_hand_as_csv(client):
    import csv
    import io
    import json

    group = _group(client)
    _play(client, group, [["Ana", "Luis"], ["Bea", "Juan"]], [[_quick(1000, natural=7, out=True), _quick(100)]])
    _play(
        client,
        group,
        [["Ana", "Bea"], ["Luis", "Juan"]],
        [[_quick(200, natural=1), _quick(300, natural=1, out=True)]] * 2,
    )
    data = json.loads(client.get(group + "/export.json").get_data(as_text=True))
    assert data["format"] == "scorekeeper-group"
    assert data["players"] == ["Ana", "Bea", "Luis", "Juan"]
    assert [len(game["hands"]) for game in data["games"]] == [2, 1]  # newest first
    copy = client.post("/api/v1/games/import", json=data["games"][1])  # each game opens again on its own
    assert copy.status_code == 201
    rows = list(csv.reader(io.StringIO(client.get(group + "/export.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0][:5] == ["Game", "Started", "Hand", "Dealer", "Side"]
    assert [(row[0], row[2], row[4]) for row in rows[1:]] == [
        ("1", "1", "Ana & Luis"),
        ("1", "1", "Bea & Juan"),
        ("2", "1", "Ana & Bea"),
        ("2", "1", "Luis & Juan"),
        ("2", "2", "Ana & Bea"),
        ("2", "2", "Luis & Juan"),
    ]
    assert client.get("/t/not-a-group/export.csv").status_code == 404


def test_a_read_only_link_or_code_cannot_take_a_game_into_a_strangers_group(app, client):
    owners = _group(client)
    game = client.post(
        "/api/v1/games", json={"ruleset": "classic_2p", "sides": [{"players": ["Tomás"]}, {"players": ["Ana"]}]}
    ).get_json()
    assert client.post(owners + "/games", data={"link": f"/e/{game['edit_token']}"}).status_code == 302
    stranger = _group(app.test_client())
    code = re.search(r'class="join-code">(\w+)<', client.get(f"/g/{game['id']}").get_data(as_text=True)).group(1)
    for typed in (f"http://club.local/g/{game['id']}", code):
        refused = client.post(stranger + "/games", data={"link": typed})
        assert refused.status_code == 400
        assert "Only the game's edit link" in page_text(refused)
    assert "Tomás · Ana" in text(client.get(owners))  # still the owners' game
    assert "Tomás · Ana" not in text(client.get(stranger))


def test_the_home_page_lists_this_phones_tables_of_friends_and_forgets_one(app, client):
    group = _group(client)
    home = page_text(client.get("/"))
    assert "Tables of friends on this phone" in home
    assert "Los jueves" in home
    assert "Ana, Bea, Luis, Juan" in home
    assert "0 games" in home
    stranger = app.test_client()
    assert "Los jueves" not in page_text(stranger.get("/"))
    stranger.get(group)  # a first view gives the phone its cookie only (a link checker writes nothing)
    assert "Los jueves" not in page_text(stranger.get("/"))
    stranger.get(group)  # the next one puts the group on its list
    assert "Los jueves" in page_text(stranger.get("/"))
    token = group.rstrip("/").rsplit("/", 1)[-1]
    assert client.post(f"/t/{token}/forget").status_code == 302
    assert "Los jueves" not in page_text(client.get("/"))
    assert "Los jueves" in page_text(client.get(group))  # the group stays, for everyone with its link


def test_a_page_view_without_the_phones_cookie_writes_no_list(app, client):
    group = _group(client)
    script = app.test_client(use_cookies=False)
    assert script.get(group).status_code == 200
    with app.app_context():
        from scorekeeper.store.database import db
        from scorekeeper.store.models import PhoneGroup

        assert db.session.query(PhoneGroup).count() == 1  # only the phone that started it
