"""A round in play on the night's pages: the director moving a pair on the board, the taps that finish a
table of a round of minutes (the recorder's sheet, a pair's own page), no rematch at a night's table."""

from __future__ import annotations

import re
from datetime import timedelta

from scorekeeper import services
from scorekeeper.store.database import db
from scorekeeper.store.models import Game, now
from scorekeeper.store.nights import NightRound

from .helpers import page_text, record, side
from .test_night_pages import PAIRS, SETTINGS, seen, table_games


def night(client, **settings: str) -> str:
    board = client.post("/nights/new", data={**SETTINGS, **settings}).headers["Location"]
    for first, second in PAIRS:
        client.post(board + "/pairs", data={"first": first, "second": second})
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    return str(board)


def play_one_hand(app, edit_path: str, expected: int = 0) -> None:
    with app.app_context():
        game = services.find_game(edit_path.removeprefix("/e/"), editable=True)
        services.record_hand(game, record(side("K:7"), side("Q:3")), expected)


def ring_the_bell(app) -> None:
    with app.app_context():
        for played in db.session.query(NightRound):
            played.ends_at = now() - timedelta(microseconds=1)
        db.session.commit()


def test_the_director_swaps_two_pairs_seats_on_the_board_before_their_tables_begin(app, client):
    board = night(client)
    page = seen(client.get(board))
    assert "Move a pair (before its table's first hand)" in page
    assert "Ana & Luis against Cris & Dani" in page
    moved = client.post(board + "/move", data={"pair": "1", "other": "2", "reason": "Ana's chair"})
    assert moved.status_code == 302
    page = seen(client.get(board))
    assert "Bea & Juan against Cris & Dani" in page
    assert "Ana & Luis against Eva & Fede" in page
    assert "Round 1: pairs 1 and 2 swapped seats. “Ana's chair”" in page
    first = table_games(client, board)[0]
    assert "Bea & Juan" in page_text(client.get(first))
    play_one_hand(app, first)
    page = client.get(board).get_data(as_text=True)
    assert re.findall(r'<option value="(\d+)"', page)[:2] == ["1", "4"]  # only table 2's pairs still move
    refused = client.post(board + "/move", data={"pair": "2", "other": "1"})
    assert refused.status_code == 400
    assert "table 1 has begun" in page_text(refused)
    assert "Bea & Juan against Cris & Dani" in seen(refused)
    garbled = client.post(board + "/move", data={"pair": "x", "other": "1"})
    assert garbled.status_code == 400
    assert "Choose two different pairs of the round being played." in page_text(garbled)


def test_at_the_end_of_a_round_of_minutes_the_recorders_sheet_asks_the_other_pair_to_say_it_has_finished(app, client):
    board = night(client, round_kind="minutes", round_length="40")
    first = table_games(client, board)[0]
    play_one_hand(app, first)
    before = client.get(first)
    assert "We have finished" not in page_text(before)
    assert client.get(first, headers={"If-None-Match": before.headers["ETag"]}).status_code == 304
    ring_the_bell(app)
    assert client.get(first, headers={"If-None-Match": before.headers["ETag"]}).status_code == 200  # its clock ran out
    sheet = seen(client.get(first))
    assert "Time is up. Record the hand that was in play, if there was one." in sheet
    assert "We have finished and agree: this result is right" in sheet
    assert client.post(first + "/agree-table").status_code == 302
    assert "this table's result counts in the night's standings" in page_text(client.get(first))
    assert "✓ finished" in seen(client.get(board))


def test_by_halves_a_pair_says_from_its_own_page_that_the_table_has_finished(app, client):
    board = night(client, round_kind="minutes", round_length="40", recording="halves")
    card = re.search(r"/night/t/[\w-]+/1", client.get(board + "/cards").get_data(as_text=True)).group(0)
    sides = re.findall(r'href="(/s/[\w-]+)"', client.get(card).get_data(as_text=True))
    with app.app_context():
        game = services.find_side(sides[0].removeprefix("/s/")).game
        services.send_half(game, 0, 1, side("K:7"), None, 0)
        hand = services.send_half(game, 1, 1, side("Q:3"), None, 0)
        assert hand is not None
        for position in (0, 1):
            services.agree(game, position, 1, hand.version)
    before = client.get(sides[1])
    assert "We have finished" not in page_text(before)
    ring_the_bell(app)
    assert client.get(sides[1], headers={"If-None-Match": before.headers["ETag"]}).status_code == 200
    page = seen(client.get(sides[1]))
    assert "We have finished: this result is right" in page
    assert client.post(sides[1] + "/finished").status_code == 302
    assert "this table's result counts in the night's standings" in page_text(client.get(sides[0]))
    assert "We have finished" not in page_text(client.get(sides[1]))
    assert client.post("/s/not-a-side/finished").status_code == 404


def test_a_nights_table_offers_no_rematch_its_next_game_is_the_next_round(app, client):
    board = night(client)
    first = table_games(client, board)[0]
    play_one_hand(app, first)
    sheet = page_text(client.get(first))
    assert "We agree: this result is right" in sheet
    assert "Rematch with the same players" not in sheet
    with app.app_context():
        games = db.session.query(Game).count()
    assert client.post(first + "/rematch").headers["Location"] == first
    with app.app_context():
        assert db.session.query(Game).count() == games


# ---- what each table waits for, in words on the board (issue 34) -------------------------------------


def sides_of_table(client, board: str, number: int) -> list[str]:
    cards = client.get(board + "/cards").get_data(as_text=True)
    card = re.search(rf"/night/t/[\w-]+/{number}\b", cards).group(0)
    entry = client.get(card).get_data(as_text=True)
    return [path.removeprefix("/s/") for path in re.findall(r'href="(/s/[\w-]+)"', entry)]


def test_the_board_says_which_table_waits_for_what_each_line_leading_to_the_tables_game(app, client):
    board = night(client, recording="halves", round_length="2")
    first, second = table_games(client, board)
    before = client.get(board)
    assert "Tables waiting" not in seen(before)  # every table playing its first hand: nothing to wait for
    with app.app_context():
        game = services.find_side(sides_of_table(client, board, 1)[0]).game
        services.send_half(game, 0, 1, side("K:7"), None, 0)
        hand = services.send_half(game, 1, 1, side("Q:3"), None, 0)
        services.dispute(game, 0, 1, hand.version, 1, "the 3 of hearts was not ours")
        other = services.find_side(sides_of_table(client, board, 2)[0]).game
        services.send_half(other, 0, 1, side("K:7"), None, 0)
    changed = client.get(board, headers={"If-None-Match": before.headers["ETag"]})
    assert changed.status_code == 200  # a phone following the board sees it
    page = seen(changed)
    assert "Table 1: hand 1 disputed by Ana & Luis — “the 3 of hearts was not ours”" in page  # by its players
    assert "Table 2: waiting for Eva & Fede's half of hand 1" in page
    html = changed.get_data(as_text=True)
    assert re.search(rf'<a href="{first}">Table 1: hand 1 disputed', html)
    assert re.search(rf'<a href="{second}">Table 2: waiting', html)
    spanish = seen(client.get(board, headers={"Accept-Language": "es"}))
    assert "Mesa 1: mano 1 reclamada por Ana & Luis — «the 3 of hearts was not ours»" in spanish
    assert "Mesa 2: falta la mitad de Eva & Fede en la mano 1" in spanish


def test_the_board_says_when_time_is_up_at_a_table_then_that_its_result_waits_for_agreement(app, client):
    board = night(client, round_kind="minutes", round_length="40")
    first = table_games(client, board)[0]
    play_one_hand(app, first)
    before = client.get(board)
    assert "Tables waiting" not in seen(before)
    ring_the_bell(app)
    rung = client.get(board, headers={"If-None-Match": before.headers["ETag"]})
    assert rung.status_code == 200
    assert "Table 1: time is up, hand 2 in play" in seen(rung)
    assert "Mesa 1: se acabó el tiempo, mano 2 en juego" in seen(client.get(board, headers={"Accept-Language": "es"}))
    play_one_hand(app, first, 1)  # the hand in play at the bell
    page = seen(client.get(board, headers={"If-None-Match": rung.headers["ETag"]}))
    assert "Table 1: all hands in, not agreed yet" in page
    assert "time is up" not in page
    client.post(first + "/agree-table")
    assert "Tables waiting" not in seen(client.get(board))
