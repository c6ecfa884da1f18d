"""A club's nights scored with handicaps from its members' grades, a club's K, and each pair's expected and made
share in a night's standings."""

from __future__ import annotations

import re

import pytest

from .test_clubs import play_night
from .test_night_pages import SETTINGS, public_of, seen

SCALE = {"scoring": "scale", "bye_points": "14", "bye_difference": "355"}


def _club(client, **form: str) -> str:
    started = client.post("/clubs/new", data={"name": "Club del Martes", "best_of": "", **form})
    assert started.status_code == 302, started.get_data(as_text=True)
    return started.headers["Location"][3:]


def _members(client, club: str, **grades: str) -> None:
    for name, grade in grades.items():
        assert client.post(f"/c/{club}/members", data={"name": name, "number": "", "grade": grade}).status_code == 302


def _standings(client, board: str) -> dict:
    public = public_of(client, board)
    return client.get(public + "/standings.json").get_json()


def test_a_handicapped_night_gives_each_pair_its_handicap_every_round_beside_the_scratch_standings(app, client):
    club = _club(client)
    _members(client, club, Carmen="60", Pilar="64", Ana="40", Luis="38")
    # Carmen & Pilar (mean 62) give (50 - 62) x 20 / 100 x 1.5 = -3.6 a round; Ana & Luis (mean 39) get +3.3.
    board = play_night(app, client, club, [("Carmen", "Pilar"), ("Ana", "Luis")], ns_wins=True, handicap="1,5", **SCALE)
    found = _standings(client, board)
    scratch = {line["pair"]: line["points"] for line in found["standings"]}
    handicapped = {line["pair"]: line["points"] for line in found["standings_with_handicaps"]}
    assert found["handicap"] == 1.5
    assert {line["pair"]: line["handicap"] for line in found["standings"]} == {1: -3.6, 2: 3.3}
    assert handicapped == {1: pytest.approx(scratch[1] - 3.6), 2: pytest.approx(scratch[2] + 3.3)}
    shown = seen(client.get(board, headers={"Accept-Language": "en"}))
    assert "With handicaps" in shown
    assert "Scratch" in shown
    assert "Carmen & Pilar handicap −3.6 a round" in shown
    assert "Ana & Luis handicap +3.3 a round" in shown
    assert "Ana & Luis hándicap +3,3 por ronda" in seen(client.get(board, headers={"Accept-Language": "es"}))
    season = seen(client.get(f"/c/{club}", headers={"Accept-Language": "es"}))
    assert (
        f"Carmen & Pilar {f'{scratch[1]:g}'.replace('.', ',')} 1 1" in season
    )  # the season's points, the reader's way
    tv = seen(client.get(public_of(client, board) + "/tv", headers={"Accept-Language": "en"}))
    assert "Standings with handicaps" in tv
    first = re.search(r"Standings with handicaps # Pair Victory points Difference 1 (\w+)", tv).group(1)
    assert first == ("Carmen" if handicapped[1] > handicapped[2] else "Ana")


def test_a_pairs_handicap_comes_from_its_members_grades_at_the_start_of_the_night(app, client):
    club = _club(client)
    # Night 1 by match points: Ana & Luis (50 each) beat Bea & Juan: Ana and Luis 55, Bea and Juan 45.
    play_night(app, client, club, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    # Night 2, handicapped with H 1: Ana & Luis (55) give -1 a round, Bea & Juan (45) get +1, whatever night 2's
    # own result does to their grades.
    board = play_night(app, client, club, [("Bea", "Juan"), ("Luis", "Ana")], ns_wins=True, handicap="1", **SCALE)
    found = _standings(client, board)
    assert {line["pair"]: line["handicap"] for line in found["standings"]} == {1: 1.0, 2: -1.0}


def test_handicaps_are_refused_without_a_club_with_match_points_or_out_of_their_bound(client):
    alone = client.post("/nights/new", data={**SETTINGS, **SCALE, "handicap": "1"}, headers={"Accept-Language": "en"})
    assert alone.status_code == 400
    assert "Handicaps come from the club's grades: start the night from its club's page." in seen(alone)
    club = _club(client)
    match = client.post("/nights/new", data={**SETTINGS, "club": club, "handicap": "1"})
    assert match.status_code == 400
    assert "Handicaps are victory points: a night scored by match points has none." in seen(match)
    for typed in ("7", "0", "x", "nan"):
        heavy = client.post("/nights/new", data={**SETTINGS, **SCALE, "club": club, "handicap": typed})
        assert heavy.status_code == 400, typed
        assert f'value="{typed}"' in heavy.get_data(as_text=True)  # the form as typed
    heavy = client.post(
        "/nights/new", data={**SETTINGS, **SCALE, "club": club, "handicap": "7"}, headers={"Accept-Language": "es"}
    )
    assert "Peso del hándicap H: de 0,1 a 5, o vacío para una noche sin hándicap." in seen(heavy)
    assert "Escriba un número, como 1 o 0,5." in seen(
        client.post(
            "/nights/new", data={**SETTINGS, **SCALE, "club": club, "handicap": "x"}, headers={"Accept-Language": "es"}
        )
    )


def test_a_night_without_handicaps_shows_one_standings_table(app, client):
    club = _club(client)
    board = play_night(app, client, club, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True, **SCALE)
    shown = seen(client.get(board, headers={"Accept-Language": "en"}))
    assert "With handicaps" not in shown
    assert "handicap" not in shown
    assert _standings(client, board)["standings_with_handicaps"] == []


def test_the_clubs_k_is_chosen_when_it_starts_and_changed_on_its_page_moving_every_grade(app, client):
    club = _club(client, grade_k="0,2")
    play_night(app, client, club, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    page = seen(client.get(f"/c/{club}", headers={"Accept-Language": "en"}))
    assert "Grades move by K = 0.2" in page
    assert "Ana 60.0 %" in page  # a win expected at 50: 0.2 x 50 = +10
    refused = client.post(f"/c/{club}/grades", data={"grade_k": "0,6"}, headers={"Accept-Language": "es"})
    assert refused.status_code == 400
    assert "Cuánto mueve un resultado el grado, K: de 0,02 a 0,5." in seen(refused)
    assert 'value="0,6"' in refused.get_data(as_text=True)
    kept = client.post(f"/c/{club}/grades", data={"grade_k": "0.05"})
    assert kept.status_code == 302
    assert "Ana 52.5 %" in seen(client.get(f"/c/{club}", headers={"Accept-Language": "en"}))
    assert client.post("/clubs/new", data={"name": "Otro", "best_of": "", "grade_k": "0.01"}).status_code == 400


def test_a_club_nights_standings_show_what_each_pair_was_expected_to_make_and_made(app, client):
    club = _club(client)
    _members(client, club, Carmen="60")
    board = play_night(app, client, club, [("Carmen", "Pilar"), ("Ana", "Luis")], ns_wins=True)
    # Carmen 60 and Pilar 50 (mean 55) against 50: expected 55 %, made 100 % (a win by match points).
    shown = seen(client.get(public_of(client, board), headers={"Accept-Language": "en"}))
    assert "Carmen & Pilar expected 55 %, made 100 %" in shown
    assert "Ana & Luis expected 45 %, made 0 %" in shown
    lines = {line["pair"]: (line["expected"], line["made"]) for line in _standings(client, board)["standings"]}
    assert lines == {1: (55.0, 100.0), 2: (45.0, 0.0)}
    assert "esperado 55 %, logrado 100 %" in seen(
        client.get(public_of(client, board), headers={"Accept-Language": "es"})
    )
