"""A club night's table cards: as many as the director asks for, printed before any pair has come; each card's
code waits for its round (saying so, followed live) and then opens its table's game; a number of cards out of
bounds comes back 400 naming the box in the reader's language, as typed."""

from __future__ import annotations

import re

import pytest

from .helpers import page_text
from .test_night_pages import PAIRS, SETTINGS, seen, table_games


@pytest.fixture
def board(client) -> str:
    return str(client.post("/nights/new", data=SETTINGS).headers["Location"])


def card_links(page: str) -> list[str]:
    return list(dict.fromkeys(re.findall(r"/night/t/[\w-]+/\d+", page)))


def test_as_many_cards_as_asked_are_printed_before_any_pair_and_lead_to_the_tables_once_drawn(client, board):
    page = client.get(board + "/cards?tables=12")
    assert page.status_code == 200
    links = card_links(page.get_data(as_text=True))
    assert [int(link.rsplit("/", 1)[1]) for link in links] == list(range(1, 13))
    assert "Table 12" in seen(page)
    assert page.get_data(as_text=True).count('class="qr"') == 12
    assert 'value="12"' in page.get_data(as_text=True)
    waiting = client.get(links[0])
    assert "The first round has not been drawn yet. Wait here" in seen(waiting)
    assert 'data-live="' in waiting.get_data(as_text=True)
    tag = waiting.headers["ETag"]
    assert client.get(links[0], headers={"If-None-Match": tag}).status_code == 304
    for first, second in PAIRS:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    opened = client.get(links[0], headers={"If-None-Match": tag})  # the phone following the card
    assert opened.status_code == 302
    assert opened.headers["Location"] == table_games(client, board)[0]
    spare = client.get(links[11], headers={"If-None-Match": tag})
    assert spare.status_code == 200
    assert "No game at this table in round 1." in seen(spare)


def test_without_a_number_the_cards_are_one_a_table_the_pairs_need(client, board):
    assert len(card_links(client.get(board + "/cards").get_data(as_text=True))) == 1  # nobody yet
    for first, second in PAIRS:
        client.post(board + "/pairs", data={"first": first, "second": second})
    assert len(card_links(client.get(board + "/cards").get_data(as_text=True))) == 2


def test_the_most_cards_are_one_a_table_of_the_fullest_night(client, board):
    page = client.get(board + "/cards?tables=500")
    assert page.status_code == 200
    assert len(card_links(page.get_data(as_text=True))) == 500


@pytest.mark.parametrize("typed", ["0", "-1", "501", "x", "", "1.5", "1e3", "99999999999999999999"])
def test_a_number_of_cards_out_of_bounds_comes_back_naming_the_box_as_typed(client, board, typed):
    refused = client.get(board + "/cards", query_string={"tables": typed})
    assert refused.status_code == 400
    assert "Cards to print: a whole number from 1 to 500." in page_text(refused)
    assert f'value="{typed}"' in refused.get_data(as_text=True)
    assert not card_links(refused.get_data(as_text=True))
    spanish = client.get(board + "/cards", query_string={"tables": typed}, headers={"Accept-Language": "es"})
    assert spanish.status_code == 400
    assert "Tarjetas que imprimir: un número entero de 1 a 500." in page_text(spanish)


@pytest.mark.parametrize("typed", ["%00", "%3Cscript%3E", "%D9%A1%D9%A0", "2" * 5000, "%ED%A0%80", "1&tables=2"])
def test_hostile_numbers_of_cards_get_no_server_error(client, board, typed):
    assert client.get(f"{board}/cards?tables={typed}").status_code in (200, 400)
