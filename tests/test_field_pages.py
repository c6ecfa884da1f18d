"""The night's field on the board: a CSV file of pairs brought in (CSRF-protected; refused as a whole naming every
line, in the reader's language; the split said on the board), and a round's seating printed by table and
alphabetically."""

from __future__ import annotations

import io
import re

from .test_night_pages import SETTINGS, board, seen  # noqa: F401  (the board fixture)

FILE = "Giocatore 1;Giocatore 2;Regione\nZoe;Ugo;Lazio\nBea;Juan;Liguria\nAna;Luis;Lazio\nCris;Dani;Liguria\n"


def send(client, board_url: str, text: str, **headers):
    data = {"field_file": (io.BytesIO(text.encode()), "coppie.csv")}
    return client.post(board_url + "/field", data=data, content_type="multipart/form-data", headers=headers)


def test_a_file_brings_the_pairs_in_and_the_board_says_how_they_were_split(client, board):  # noqa: F811
    assert "Bring the pairs in from a spreadsheet" in seen(client.get(board))
    sent = send(client, board, FILE)
    assert sent.status_code == 302
    page = seen(client.get(board))
    assert "Zoe & Ugo" in page
    assert "Pairs 1 to 4 brought in from a file." in page
    assert "Split by club or region: North-South (stays) Lazio 2; East-West (moves) Liguria 2." in page


def test_a_file_with_bad_lines_comes_back_naming_each_line_in_the_readers_language(client, board):  # noqa: F811
    bad = "Giocatore 1;Giocatore 2\nAna;\nBea;Juan\nBea;Luis\n"
    refused = send(client, board, bad, **{"Accept-Language": "it"})
    assert refused.status_code == 400
    page = seen(refused)
    assert "Riga 2: Una coppia è formata da 2 giocatori con un nome." in page
    assert "Riga 4: Bea è già nella coppia della riga 3." in page
    assert "Riga 3:" not in page
    assert "Juan" not in seen(client.get(board))


def test_the_file_form_needs_its_csrf_token(client, app, board):  # noqa: F811
    app.config["WTF_CSRF_ENABLED"] = True
    assert send(client, board, FILE).status_code == 400
    app.config["WTF_CSRF_ENABLED"] = False
    assert "Zoe" not in seen(client.get(board))


def test_the_seating_is_printed_by_table_and_alphabetically(client, board):  # noqa: F811
    send(client, board, FILE)
    client.post(board + "/rounds")
    link = re.search(r'id="seating-link" href="([^"]+)"', client.get(board).get_data(as_text=True)).group(1)
    page = client.get(link)
    assert page.status_code == 200
    text = seen(page)
    by_table = text[text.index("By table") : text.index("Players alphabetically")]
    assert re.search(r"1 1\. Zoe & Ugo 3\. Bea & Juan", by_table)
    assert re.search(r"2 2\. Ana & Luis 4\. Cris & Dani", by_table)
    players = re.findall(
        r"<th scope=\"row\">([^<]+)</th><td class=\"num\" data-label=\"Pair\">(\d+)", page.get_data(as_text=True)
    )
    assert [name for name, _ in players] == ["Ana", "Bea", "Cris", "Dani", "Juan", "Luis", "Ugo", "Zoe"]
    assert "Ana 2 2 North-South" in text
    assert "Juan 3 1 East-West" in text
    assert client.get(link.replace("/rounds/1/", "/rounds/2/")).status_code == 404
