"""Every CSV the app writes is safe in a spreadsheet (issue 33, point 6): a name that starts like a formula
(=, +, -, @, a tab, a carriage return) is written with a leading ' so it shows as text and never runs;
numbers stay numbers, a negative score included. OWASP's rule for CSV injection."""

from __future__ import annotations

import csv
import io

import pytest

from scorekeeper.web.common.downloads import spreadsheet_cell

from .helpers import record, side
from .test_groups import _group, _play, _quick
from .test_night_pages import SETTINGS, public_of, table_games

#: A name for each character a spreadsheet starts a formula with (names cannot hold a tab or a return).
FORMULAS = ['=HYPERLINK("http://x","x")', "=1+2", "+3", "=cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)"]


def rows_of(response) -> list[list[str]]:
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))


def runs_as_formula(cell: str) -> bool:
    """Whether a spreadsheet would take the cell as a formula: it starts like one and is not a number."""
    try:
        float(cell)
    except ValueError:
        return cell[:1] in ("=", "+", "-", "@", "\t", "\r")
    return False


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_text_that_starts_like_a_formula_is_written_as_text(start):
    assert spreadsheet_cell(f"{start}1+2") == f"'{start}1+2"


@pytest.mark.parametrize("value", [-120, -7.5, 0, 540, None, "Ana", "", "3=", "a=1"])
def test_numbers_and_plain_text_are_written_as_they_are(value):
    assert spreadsheet_cell(value) == value


def test_a_number_is_decided_by_its_type_not_its_look():
    assert spreadsheet_cell("-120") == "'-120"  # text that looks like a number is still text
    assert spreadsheet_cell(-120) == -120


def game_of(client, names: list[str]) -> dict:
    """A classic game whose players (and the first side's name) are ``names``, one hand whose second side
    scores below zero (nothing melded, 120 held)."""
    table = {
        "ruleset": "classic",
        "sides": [{"name": names[0], "players": names[:2]}, {"players": [*names[2:4]]}],
    }
    game = client.post("/api/v1/games", json=table).get_json()
    hand = {"expected_hands": 0, "sides": [_quick(1000, natural=7, out=True), _quick(0, held=120)]}
    saved = client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers={"X-Edit-Token": game["edit_token"]})
    assert saved.status_code == 201, saved.get_json()
    return game


@pytest.mark.parametrize("formula", FORMULAS)
def test_a_games_csv_writes_a_name_that_starts_like_a_formula_as_text(client, formula):
    game = game_of(client, [formula, formula + "b", "Bea", formula + "c"])
    response = client.get(f"/g/{game['id']}/export.csv")
    rows = rows_of(response)
    cells = [cell for row in rows for cell in row]
    assert f"'{formula}" in cells  # the first side's name, as text
    assert f"'{formula}" in [row[1] for row in rows[1:]]  # the dealer of hand 1
    assert not [cell for cell in cells if runs_as_formula(cell)]
    assert ",-120," in response.get_data(as_text=True)  # a negative score stays a number, unquoted


@pytest.mark.parametrize("formula", FORMULAS)
def test_a_groups_csv_writes_a_name_that_starts_like_a_formula_as_text(client, formula):
    group = _group(client, players=(formula, "Bea", "Luis", "Juan"))
    _play(
        client, group, [[formula, "Luis"], ["Bea", "Juan"]], [[_quick(1000, natural=7, out=True), _quick(0, held=120)]]
    )
    response = client.get(group + "/export.csv")
    rows = rows_of(response)
    assert [row[3] for row in rows[1:]] == [f"'{formula}"] * 2  # the dealer of hand 1, on each side's row
    assert [row[4] for row in rows[1:]] == [f"'{formula} & Luis", "Bea & Juan"]
    assert not [cell for row in rows for cell in row if runs_as_formula(cell)]
    assert ",-120," in response.get_data(as_text=True)


@pytest.mark.parametrize("formula", FORMULAS)
def test_a_nights_standings_csv_writes_a_pair_that_starts_like_a_formula_as_text(app, client, formula):
    board = client.post("/nights/new", data=SETTINGS).headers["Location"]
    for first, second in [(formula, "Luis"), ("Bea", "Juan")]:
        assert client.post(board + "/pairs", data={"first": first, "second": second}).status_code == 302
    client.post(board + "/rounds", data={"reason": ""})
    (game,) = table_games(client, board)
    with app.app_context():
        from scorekeeper import services

        services.record_hand(
            services.find_game(game.removeprefix("/e/"), editable=True), record(side("K:7"), side("Q:3")), 0
        )
    assert client.post(game + "/agree-table").status_code == 302
    response = client.get(public_of(client, board) + "/standings.csv")
    rows = rows_of(response)
    assert f"'{formula} & Luis" in [row[1] for row in rows[1:]]
    assert not [cell for row in rows for cell in row if runs_as_formula(cell)]
    assert ",-540," in response.get_data(as_text=True)  # the losing pair's difference, a number
    assert [row[2] for row in rows[1:]] == ["2", "0"]  # victory points as whole numbers
