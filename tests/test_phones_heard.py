"""A club night's table waiting for its phones: the pages its phones follow say so (the changes a phone keeps that
the server has not, and that it was heard from at all), written at most once a minute a link, and the director's
board says "Table 1: waiting for its phones" instead of treating the table as late."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, update

from scorekeeper import services
from scorekeeper.services.table import phones_heard
from scorekeeper.store.database import db
from scorekeeper.store.models import EDIT_LINK, PhonesHeard, now

from .helpers import side
from .test_halves_pages import OURS
from .test_night_pages import seen, table_games
from .test_round_play_pages import night, play_one_hand, ring_the_bell, sides_of_table
from .test_side_offline import side_links

KEEPS = "Scorekeeper-Kept"


def notes(app) -> list[tuple[int, int]]:
    """Every link heard from: (link, changes it keeps)."""
    with app.app_context():
        return [(row.link, row.kept) for row in db.session.scalars(select(PhonesHeard).order_by(PhonesHeard.id))]


def quiet_for(app, delay: timedelta) -> None:
    """Every phone last heard from ``delay`` ago."""
    with app.app_context():
        db.session.execute(update(PhonesHeard).values(heard_at=now() - delay))
        db.session.commit()


def test_a_table_whose_phone_keeps_a_change_waits_for_its_phones_and_is_not_said_to_be_late(app, client):
    board = night(client, recording="halves", round_length="2")
    us, them = sides_of_table(client, board, 1)
    with app.app_context():
        services.send_half(services.find_side(us).game, 0, 1, side("K:7"), None, 0)
    late = client.get(board)
    assert "Table 1: waiting for Cris & Dani's half of hand 1" in seen(late)
    client.get(f"/s/{them}", headers={KEEPS: "1"})  # their phone holds its half: it says so once it can ask
    said = client.get(board, headers={"If-None-Match": late.headers["ETag"]})
    assert said.status_code == 200  # the board followed live shows it
    page = seen(said)
    assert "Table 1: waiting for its phones" in page
    assert "Cris & Dani's half" not in page
    assert "Mesa 1: esperando a sus teléfonos" in seen(client.get(board, headers={"Accept-Language": "es"}))
    client.get(f"/s/{them}/status", headers={KEEPS: "0"})  # sent, or settled: the phone keeps nothing now
    page = seen(client.get(board))
    assert "waiting for its phones" not in page
    assert "Table 1: waiting for Cris & Dani's half of hand 1" in page


def test_the_board_followed_live_shows_it_once_the_phones_went_quiet_during_the_round(app, client):
    board = night(client, round_kind="minutes", round_length="40")
    first = table_games(client, board)[0]
    play_one_hand(app, first)
    client.get(first)  # the recorder's phone follows the table's sheet
    assert notes(app) == [(EDIT_LINK, 0)]
    ring_the_bell(app)
    rung = client.get(board)
    assert "Table 1: time is up, hand 2 in play" in seen(rung)  # its phone was heard from a moment ago
    quiet_for(app, phones_heard.QUIET + timedelta(seconds=1))  # then nothing: no connection at the table
    quiet = client.get(board, headers={"If-None-Match": rung.headers["ETag"]})
    assert quiet.status_code == 200  # the board followed live changes with it, with no version moved
    assert "Table 1: waiting for its phones" in seen(quiet)
    assert "time is up" not in seen(quiet)


def test_a_table_whose_phones_went_quiet_while_it_is_not_late_is_not_said_to_wait_for_them(app, client):
    board = night(client, round_kind="minutes", round_length="40")
    first = table_games(client, board)[0]
    play_one_hand(app, first)
    client.get(first)
    quiet_for(app, phones_heard.QUIET + timedelta(minutes=5))  # its screen off while the table plays
    assert "waiting for its phones" not in seen(client.get(board))


def test_a_phone_following_its_page_is_noted_at_most_once_a_minute_not_at_every_question(app, client, monkeypatch):
    board = night(client, recording="halves", round_length="2")
    us, _ = sides_of_table(client, board, 1)
    first = client.get(f"/s/{us}")
    assert notes(app) == [(0, 0)]
    quiet_for(app, timedelta(seconds=7))
    with app.app_context():
        noted = db.session.scalar(select(PhonesHeard.heard_at))
    for _ in range(5):
        asked = client.get(f"/s/{us}", headers={"If-None-Match": first.headers["ETag"], KEEPS: "0"})
        assert asked.status_code == 304
    with app.app_context():
        assert db.session.scalar(select(PhonesHeard.heard_at)) == noted  # five questions, no write
    client.get(f"/s/{us}", headers={"If-None-Match": first.headers["ETag"], KEEPS: "2"})
    assert notes(app) == [(0, 2)]  # what it keeps moved: noted at once
    monkeypatch.setattr(phones_heard, "REFRESH_SECONDS", 0.0)  # a minute later
    client.get(f"/s/{us}/hands/1")  # its half form, which says nothing of what the phone keeps
    with app.app_context():
        assert db.session.scalar(select(PhonesHeard.heard_at)) > noted
    assert notes(app) == [(0, 2)]  # the count stays as the phone last said it


def test_a_game_that_is_no_club_nights_table_notes_nothing(app, client):
    links = side_links(client)
    client.get(f"/s/{links['us']}", headers={KEEPS: "1"})
    client.post(f"/s/{links['us']}/hands/1", data={**OURS, "version": "0"})
    client.get(f"/e/{links['edit']}", headers={KEEPS: "1"})
    assert notes(app) == []
