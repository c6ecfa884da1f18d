"""The migrations build exactly the schema the models describe, and go back down cleanly."""

from __future__ import annotations

import os

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade

from scorekeeper import create_app
from scorekeeper.store.database import db
from scorekeeper.store.schema_changes import part_of_the_schema


@pytest.fixture
def bare(tmp_path):
    """The app on an empty database (its tables and Alembic's dropped), emptied again afterwards."""
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{tmp_path}/migrated.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        _drop_everything()
        try:
            yield app
        finally:
            _drop_everything()
            db.engine.dispose()


def _drop_everything():
    db.drop_all()
    with db.engine.begin() as connection:
        connection.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))
        connection.execute(sa.text("DROP TABLE IF EXISTS rate_count"))  # rate_store.py's, made on first use


def test_migrations_match_the_models_and_downgrade(bare):
    upgrade()
    with db.engine.connect() as connection:
        differences = compare_metadata(
            MigrationContext.configure(connection, opts={"include_name": part_of_the_schema}), db.metadata
        )
    assert differences == []
    downgrade(revision="base")
    assert set(sa.inspect(db.engine).get_table_names()) <= {"alembic_version"}


def test_a_game_stored_before_the_entry_mode_keeps_card_by_card_entry(bare):
    """Migration 0006 adds how a table enters its hands; games already stored enter card by card, as before."""
    upgrade(revision="0005")
    with db.engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO game (public_id, edit_token, join_code, ruleset_id, options, first_dealer,"
                " created_at, updated_at, version) VALUES ('p', 'e', 'J', 'classic', '{}', 0,"
                " '2026-11-01 20:00:00', '2026-11-01 20:00:00', 1)"
            )
        )
    upgrade()
    with db.engine.connect() as connection:
        game = connection.execute(sa.text("SELECT entry_mode, starting_totals, group_id FROM game")).one()
    assert tuple(game) == ("detailed", None, None)  # and, from 0008 and 0009, no totals carried over, no group
