"""The figures a club's pages, JSON and CSV show rounded are rounded as a person rounds them: a half away from
zero on the number as written (one function, scorekeeper/tournament/rounding.py; Python's round() and Babel
took a half to its even neighbour, on the binary float: a share of 51.85 % read 51.8)."""

from __future__ import annotations

import csv
import io

from .test_club_handicaps import SCALE, _club, _members, _standings
from .test_clubs import play_night
from .test_night_pages import PAIRS, SETTINGS, public_of, seen


def _night_of_halves(client, *, members: bool = False) -> tuple[str, str]:
    """A club's night on the continuous scale (B 1000), four pairs, its first round's tables set by the director:
    620-600 (10.37 to 9.63 victory points: shares 51.85 % and 48.15 %) and 830-600 (13.7 to 6.3: 68.5 % and
    31.5 %). The club's address and the night's board; ``members``: its players the club's members (graded)."""
    club = _club(client)
    if members:
        _members(client, club, **{name: "" for pair in PAIRS for name in pair})
    board = client.post("/nights/new", data={**SETTINGS, **SCALE, "decisive": "1000", "club": club}).headers["Location"]
    for first, second in PAIRS:
        client.post(board + "/pairs", data={"first": first, "second": second})
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    for table, north_south in ((1, "620"), (2, "830")):
        fix = {"north_south": north_south, "east_west": "600", "reason": "x"}
        assert client.post(f"{board}/rounds/1/tables/{table}/fix", data=fix).status_code == 302
    return club, board


def test_a_share_made_of_an_exact_half_is_rounded_up_in_the_standings_json_and_page(client):
    _, board = _night_of_halves(client)
    found = _standings(client, board)
    made = {tuple(line["players"]): line["made"] for line in found["standings"]}
    assert made == {("Ana", "Luis"): 51.9, ("Cris", "Dani"): 48.2, ("Bea", "Juan"): 68.5, ("Eva", "Fede"): 31.5}
    shown = seen(client.get(public_of(client, board), headers={"Accept-Language": "en"}))
    assert "Bea & Juan expected 50 %, made 69 %" in shown  # 68.5: not 68
    assert "Eva & Fede expected 50 %, made 32 %" in shown
    assert "Ana & Luis expected 50 %, made 52 %" in shown


def test_a_grade_of_an_exact_half_is_rounded_up_in_the_clubs_csv_json_and_pages(client):
    club, _ = _night_of_halves(client, members=True)
    # Eva & Fede made 31.5 % against 50: 50 + 0.1 x (31.5 - 50) = 48.15 each (the float 48.149999999999999).
    rows = list(csv.reader(io.StringIO(client.get(f"/c/{club}/grades.csv").get_data(as_text=True).lstrip("\ufeff"))))
    grade = {row[0]: row[-3] for row in rows[1:]}
    assert (grade["Eva"], grade["Bea"], grade["Ana"], grade["Cris"]) == ("48.2", "51.9", "50.2", "49.8")
    members = {m["name"]: m["grade"] for m in client.get(f"/c/{club}/grades.json").get_json()["members"]}
    assert (members["Eva"], members["Bea"]) == (48.15, 51.85)
    assert "Eva 48.2 %" in seen(client.get(f"/c/{club}", headers={"Accept-Language": "en"}))
    assert "Eva 48,2 %" in seen(client.get(f"/c/{club}", headers={"Accept-Language": "es"}))


def test_a_handicap_of_an_exact_half_is_rounded_away_from_zero_in_the_json_csv_and_page(app, client):
    club = _club(client)
    _members(client, club, Carmen="50,25", Pilar="50,25", Ana="49,75", Luis="49,75")
    # (50 - 50.25) x 20 / 100 x 2.5 = -0.125 a round for Carmen & Pilar; +0.125 for Ana & Luis.
    board = play_night(app, client, club, [("Carmen", "Pilar"), ("Ana", "Luis")], ns_wins=True, handicap="2,5", **SCALE)
    found = _standings(client, board)
    assert {line["pair"]: line["handicap"] for line in found["standings"]} == {1: -0.13, 2: 0.13}
    public = public_of(client, board)
    rows = list(csv.reader(io.StringIO(client.get(public + "/standings.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert {row[1]: row[-1] for row in rows[1:]} == {"Carmen & Pilar": "-0.13", "Ana & Luis": "0.13"}
    shown = seen(client.get(board, headers={"Accept-Language": "en"}))
    assert "Carmen & Pilar handicap −0.13 a round" in shown
    assert "Ana & Luis handicap +0.13 a round" in shown
