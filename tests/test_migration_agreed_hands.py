"""Migration 0016 and a table's "we agree": upgrading gives every table agreed before the hands it agreed
to (they are as they were), and downgrading keeps an agreement that has lapsed since as not agreed
(the older schema has only the time of the tap). On SQLite and PostgreSQL, as every migration test."""

from __future__ import annotations

import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from scorekeeper.store.database import db

from .test_migrations_keep_rows import REVISIONS, at, bare, rows, schema, snapshot, write  # noqa: F401  (fixtures)


def agreed() -> list[tuple[object, object]]:
    with db.engine.connect() as connection:
        return [tuple(row) for row in connection.execute(sa.text("SELECT agreed_at, agreed_hands FROM night_table"))]


def last_hand_change() -> str:
    with db.engine.connect() as connection:
        found = connection.execute(
            sa.text(
                "SELECT max(id) FROM edit_log WHERE action IN ('add', 'edit', 'undo', 'restore') AND game_id = "
                "(SELECT game_id FROM night_table)"
            )
        ).scalar()
    return str(found)


def test_upgrading_gives_a_table_agreed_before_the_hands_as_they_are(bare, rows):  # noqa: F811
    at("0015")
    write(rows, schema())
    upgrade()
    ((agreed_at, hands),) = agreed()
    assert agreed_at is not None
    assert hands == last_hand_change()


def test_downgrading_clears_an_agreement_that_lapsed_and_keeps_one_that_holds(bare, rows):  # noqa: F811
    at(REVISIONS[-1])
    columns = {table: names for table, names in schema().items() if table != "club_member"}  # 0018 keeps them
    columns["night_pair"] = [name for name in columns["night_pair"] if name != "save_key"]  # and 0022 a pair's key
    write(rows, columns)
    downgrade(revision="0015")
    assert snapshot(schema())["night_table"][0]["agreed_at"] is not None  # it holds: kept
    upgrade()
    with db.engine.begin() as connection:
        connection.execute(sa.text("UPDATE night_table SET agreed_hands = 'a hand changed since'"))
    downgrade(revision="0015")
    assert snapshot(schema())["night_table"][0]["agreed_at"] is None
