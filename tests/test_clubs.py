"""A club keeps its nights: its page, a night started for it, the season's tables of pairs and players."""

from __future__ import annotations

import re

from scorekeeper import services

from .helpers import page_text, record, side
from .test_night_pages import SETTINGS, seen, table_games


def play_night(app, client, club: str, pairs: list[tuple[str, str]], ns_wins: bool, **settings: str) -> str:
    """A night of the club (``settings`` changed from SETTINGS'), one round of one table: the first pair named
    wins (or loses) 570 to 30; its players are the club's members (added on the club's page first, as a club's
    list holds them: a name already a member is refused there). Its board's address."""
    for name in {name for pair in pairs for name in pair}:
        client.post(f"/c/{club}/members", data={"name": name, "number": "", "grade": ""})
    form = client.get(f"/c/{club}/nights/new").get_data(as_text=True)
    assert re.search(rf'name="club" type="hidden" value="{club}"', form)
    board = client.post("/nights/new", data={**SETTINGS, **settings, "club": club}).headers["Location"]
    for first, second in pairs:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    (game,) = table_games(client, board)
    with app.app_context():
        found = services.find_game(game.removeprefix("/e/"), editable=True)
        hand = record(side("K:7"), side("Q:3")) if ns_wins else record(side("Q:3"), side("K:7"))
        services.record_hand(found, hand, 0)
    client.post(game + "/agree-table")
    return board


def test_a_clubs_season_adds_up_its_nights_for_pairs_and_players(app, client):
    assert "A club: its nights and its season" in page_text(client.get("/"))
    started = client.post("/clubs/new", data={"name": "Club del Martes", "best_of": ""})
    assert started.status_code == 302
    page = started.headers["Location"]
    club = page.removeprefix("/c/")
    play_night(app, client, club, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    play_night(app, client, club, [("Bea", "Juan"), ("Luis", "Ana")], ns_wins=True)  # the same pair, names swapped
    shown = seen(client.get(page))
    assert "Nights (2)" in shown
    # Match points: Bea & Juan 0 then 2; Ana & Luis 2 then 0: level on 2, two nights, best place 1 each.
    assert "The season: pairs # Pair Points Nights Best place 1= Bea & Juan 2 2 1 1= Luis & Ana 2 2 1" in shown
    assert "1= Ana 2 2 1" in shown


def test_a_club_counts_each_pairs_best_nights(app, client):
    page = client.post("/clubs/new", data={"name": "Best of one", "best_of": "1"}).headers["Location"]
    club = page.removeprefix("/c/")
    play_night(app, client, club, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    play_night(app, client, club, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=False)
    shown = seen(client.get(page))
    assert "The season counts each pair's best 1 nights." in shown
    assert "1= Ana & Luis 2 2 1 1= Bea & Juan 2 2 1" in shown


def test_a_club_refuses_a_bad_name_and_unknown_clubs_are_404(client):
    assert client.post("/clubs/new", data={"name": "", "best_of": ""}).status_code == 400
    assert client.post("/clubs/new", data={"name": "X", "best_of": "0"}).status_code == 400
    assert client.get("/c/not-a-club").status_code == 404
    assert "counts in the club" not in page_text(client.get("/nights/new?club=not-a-club"))


def test_a_clubs_new_night_link_carries_the_club_in_its_address_never_in_a_query_string(client):
    """A query string is logged as it is; the club's link is only hidden where it stands in an address."""
    token = client.post("/clubs/new", data={"name": "Club", "best_of": ""}).headers["Location"].removeprefix("/c/")
    page = client.get(f"/c/{token}").get_data(as_text=True)
    assert f'href="/c/{token}/nights/new"' in page
    assert "?club=" not in page
    assert "counts in the club" in page_text(client.get(f"/c/{token}/nights/new"))
    assert client.get("/c/not-a-club/nights/new").status_code == 404
    assert "counts in the club" not in page_text(client.get(f"/nights/new?club={token}"))


def test_a_clubs_records_count_every_hand_and_each_table_once_its_result_counts(app, client):
    page = client.post("/clubs/new", data={"name": "Records", "best_of": ""}).headers["Location"]
    club = page.removeprefix("/c/")
    play_night(app, client, club, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    play_night(app, client, club, [("Bea", "Juan"), ("Luis", "Ana")], ns_wins=True)
    shown = seen(client.get(page))
    assert "Records A table counts once its result does" in shown
    # Each pair won one of its two tables; 570 (a canasta of kings, 500 + 70) and 30 for the other.
    assert "Ana & Luis Tables won 1 of 2 · 50 % Average hand 300 Best hand 570 Canastas 1 / 0 / 0" in shown
    assert "Pair against pair Ana & Luis 1 – 1 Bea & Juan (2 tables)" in shown


def test_a_tables_result_set_by_the_director_decides_who_won_it_in_the_clubs_records(app, client):
    page = client.post("/clubs/new", data={"name": "Fixed", "best_of": ""}).headers["Location"]
    club = page.removeprefix("/c/")
    play_night(app, client, club, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)  # Ana & Luis 570 to 30
    board = re.search(r'href="(/n/[\w-]+)"', client.get(page).get_data(as_text=True)).group(1)
    fixed = client.post(
        board + "/rounds/1/tables/1/fix", data={"north_south": "100", "east_west": "900", "reason": "x"}
    )
    assert fixed.status_code == 302
    shown = seen(client.get(page))
    assert "Bea & Juan Tables won 1 of 1 · 100 %" in shown  # the game's own end would say Ana & Luis
    assert "Pair against pair Ana & Luis 0 – 1 Bea & Juan (1 table)" in shown
