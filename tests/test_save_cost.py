"""A save does the least it must: one read of the game before its lock and one in it, the hand's rows
written, nothing of the other hands read; a refused hand never takes the write lock; and its answer is
the game as every follower then reads it. SQLite's writers take turns in the OS's queue."""

from __future__ import annotations

import fcntl
import os
import threading
from contextlib import contextmanager

import pytest
from sqlalchemy import event

from scorekeeper.store.database import db
from scorekeeper.store.sqlite import WRITE, WriterQueue

from .helpers import api_game, api_hand

HAND = [
    {"melds": [{"rank": "8", "naturals": 6, "jokers": 1}, {"rank": "4", "naturals": 3}], "red_threes": 2},
    {"melds": [{"rank": "A", "naturals": 7}, {"rank": "6", "naturals": 4, "twos": 1}], "went_out": True},
]


@contextmanager
def statements(app):
    """Every SQL statement the app sends meanwhile (BEGIN IMMEDIATE included)."""
    sent: list[str] = []

    def seen(_connection, _cursor, statement, *_args):
        sent.append(" ".join(statement.split()))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", seen)


def new_game(client):
    return api_game(client, "classic")


def save(client, game, expected, sides=HAND):
    return api_hand(client, game, expected, sides)


def test_a_save_reads_the_game_twice_and_none_of_its_hands(app, client):
    game = new_game(client)
    for number in range(3):
        assert save(client, game, number).status_code == 201  # each keeps the sheet of its version

    with statements(app) as sent:
        assert save(client, game, 3).status_code == 201

    reads = [s for s in sent if s.startswith("SELECT")]
    assert len(reads) == 2, reads  # the game with who plays (one query), then the game locked
    assert all(" FROM game " in s or s.endswith(" FROM game") or "FROM game LEFT OUTER JOIN" in s for s in reads)
    written = [s.split()[2] for s in sent if s.startswith("INSERT")]
    assert list(dict.fromkeys(written)) == ["hand", "hand_entry", "edit_log"]  # the entries: one or two INSERTs
    assert [s for s in sent if s.startswith("UPDATE")] == [s for s in sent if s.startswith("UPDATE game ")]


def test_a_hand_the_engine_refuses_never_takes_the_write_lock(app, client):
    game = new_game(client)
    broken = [{"melds": [{"rank": "K", "naturals": 2}]}, {"melds": []}]  # a meld of two cards

    with statements(app) as sent:
        answer = save(client, game, 0, broken)

    assert answer.status_code == 422
    assert answer.get_json()["errors"][0]["rule"] == "meld_too_small"
    assert not [s for s in sent if "BEGIN IMMEDIATE" in s or "FOR UPDATE" in s]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"] == []


def test_the_answer_to_a_save_is_the_game_as_its_followers_then_read_it(client):
    game = new_game(client)

    saved = save(client, game, 0)
    read = client.get(f"/api/v1/games/{game['id']}")
    again = client.get(f"/api/v1/games/{game['id']}", headers={"If-None-Match": saved.headers["ETag"]})

    assert saved.status_code == 201
    assert saved.get_data() == read.get_data()
    assert saved.headers["ETag"] == read.headers["ETag"]
    assert again.status_code == 304
    assert "edit_token" not in saved.get_json()  # the kept answer is shared: it holds no secret


@pytest.fixture
def queue(tmp_path):
    made = WriterQueue(str(tmp_path / "queued.sqlite"))
    yield made
    made.leave()


def taken_elsewhere(path: str) -> bool:
    """Whether another open file (as another process has) finds the queue's lock taken."""
    other = os.open(path, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(other)
    return False


def test_a_writer_holds_the_queue_from_its_begin_until_it_leaves(queue, tmp_path):
    path = str(tmp_path / "queued.sqlite-writers")
    queue.enter()
    queue.enter()  # the same thread again (a second write of the same request) does not wait for itself
    assert taken_elsewhere(path)
    queue.leave()
    assert not taken_elsewhere(path)


def test_a_second_writer_waits_for_the_first_and_goes_on_the_moment_it_leaves(queue):
    queue.enter()
    entered = threading.Event()

    def second() -> None:
        queue.enter()
        entered.set()
        queue.leave()

    thread = threading.Thread(target=second)
    thread.start()
    assert not entered.wait(0.3)
    queue.leave()
    assert entered.wait(2)
    thread.join(2)


def test_sqlite_writers_leave_the_queue_when_their_transaction_ends(app, tmp_path):
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("the queue is SQLite's (PostgreSQL locks the game's row)")
    path = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///") + "-writers"
    with app.app_context():
        with db.engine.connect().execution_options(**{WRITE: True}) as connection:
            connection.begin()
            assert taken_elsewhere(path)
            connection.rollback()
        assert not taken_elsewhere(path)  # back in the pool: the next writer's turn
