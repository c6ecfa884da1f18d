"""Migration 0017 repairs a database made while 0015 and 0016 still changed, and changes nothing on a whole
one; its downgrade changes nothing either. On SQLite and PostgreSQL, as every migration test.

Quick: the older schemas are today's taken apart as the earlier versions of 0015 and 0016 left them.
tests/test_migrations_landed.py makes them with the landed code itself (slower, and it needs the history).
"""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.operations import Operations
from flask_migrate import downgrade, upgrade

from scorekeeper.store import schema_changes
from scorekeeper.store.database import db

from .test_migrations_keep_rows import (  # noqa: F401  (fixtures)
    REVISIONS,
    at,
    bare,
    current,
    rows,
    schema,
    snapshot,
    write,
)


def take_apart(*, club: bool = False, table_token: bool = False, agreed_hands: bool = False) -> None:
    """Leave out what the earlier versions of 0015 (the club, a night's club, its table cards' link) and
    0016 (a table's agreed hands) did not make. On empty tables: SQLite rebuilds a table to drop a column."""
    with db.engine.begin() as connection:
        ops = Operations(MigrationContext.configure(connection))
        with ops.batch_alter_table("night") as batch:
            if club:
                batch.drop_index("ix_night_club_id")
                batch.drop_constraint("fk_night_club_id_club", type_="foreignkey")
                batch.drop_column("club_id")
            if table_token:
                batch.drop_index("ix_night_table_token")
                batch.drop_column("table_token")
        if club:
            ops.drop_index("ix_club_token", table_name="club")
            ops.drop_table("club")
        if agreed_hands:
            with ops.batch_alter_table("night_table") as batch:
                batch.drop_column("agreed_hands")


def layout() -> dict[str, Any]:
    """Every table's columns, indexes, foreign keys and unique constraints, as the database has them."""
    inspector = sa.inspect(db.engine)
    return {
        table: (
            [(c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns(table)],
            sorted((i["name"], tuple(i["column_names"]), bool(i["unique"])) for i in inspector.get_indexes(table)),
            sorted((tuple(f["constrained_columns"]), f["referred_table"]) for f in inspector.get_foreign_keys(table)),
            sorted(tuple(u["column_names"]) for u in inspector.get_unique_constraints(table)),
        )
        for table in inspector.get_table_names()
    }


def differences_from_the_models() -> list[object]:
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"include_name": schema_changes.part_of_the_schema})
        return list(compare_metadata(context, db.metadata))


def night_tokens() -> list[str | None]:
    with db.engine.connect() as connection:
        return list(connection.execute(sa.text("SELECT table_token FROM night")).scalars())


def agreed_hands() -> list[str | None]:
    with db.engine.connect() as connection:
        query = "SELECT agreed_hands FROM night_table WHERE agreed_at IS NOT NULL"
        return list(connection.execute(sa.text(query)).scalars())


def last_hand_change() -> str:
    with db.engine.connect() as connection:
        found = connection.execute(
            sa.text(
                "SELECT max(id) FROM edit_log WHERE action IN ('add', 'edit', 'undo', 'restore') AND game_id = "
                "(SELECT game_id FROM night_table)"
            )
        ).scalar()
    return str(found)


def test_a_database_whose_0015_had_no_club_nor_table_cards_upgrades_whole_keeping_every_row(bare, rows):  # noqa: F811
    """On PostgreSQL 0016 cannot run on it (relation "club" does not exist): 0017's repair runs first."""
    at("0015")
    take_apart(club=True, table_token=True)
    columns = schema()
    write(rows, columns)
    kept = snapshot(columns)

    upgrade()

    assert current() == (REVISIONS[-1],)
    assert snapshot(columns) == kept
    assert differences_from_the_models() == []
    tokens = night_tokens()
    assert len(tokens) == len(kept["night"])
    assert all(tokens)  # each night its table cards' link
    assert bare.test_client().get(f"/night/t/{tokens[0]}/1").status_code in (200, 302)


def test_a_database_whose_0016_ran_without_the_club_is_repaired_on_sqlite(bare, rows, monkeypatch):  # noqa: F811
    if db.engine.dialect.name != "sqlite":
        pytest.skip("PostgreSQL cannot run 0016 without the club: it stays at 0015 (the test above)")
    at("0015")
    take_apart(club=True)
    write(rows, schema())
    with monkeypatch.context() as before_the_repair:  # as the release before 0017 ran 0016: nothing first
        before_the_repair.setattr(schema_changes, "repairing_first", lambda steps, repairs: steps)
        upgrade(revision="0016")
    assert "club" not in schema()

    upgrade()

    assert differences_from_the_models() == []
    bare.config["WTF_CSRF_ENABLED"] = False
    assert bare.test_client().post("/clubs/new", data={"name": "Club", "best_of": ""}).status_code == 302


def test_a_database_whose_0016_had_no_agreed_hands_gets_them_as_0016_gives_them(bare, rows):  # noqa: F811
    at("0016")
    take_apart(agreed_hands=True)
    columns = schema()
    write(rows, columns)
    kept = snapshot(columns)

    upgrade()

    assert snapshot(columns) == kept
    assert differences_from_the_models() == []
    assert agreed_hands() == [last_hand_change()]  # the table agreed before: to its hands as they are


def test_on_a_whole_database_0017_and_its_downgrade_change_nothing(bare, rows):  # noqa: F811
    at("0016")
    write(rows, schema())
    before, kept = layout(), snapshot(schema())

    upgrade(revision="0017")
    assert (layout(), snapshot(schema())) == (before, kept)
    downgrade(revision="0016")  # not refused: it drops nothing
    assert current() == ("0016",)
    assert (layout(), snapshot(schema())) == (before, kept)
