"""Every migration keeps every row, up and down, on SQLite and PostgreSQL (the PostgreSQL pass).

For every migration: a database at the revision before it, with rows in every table written by plain
SQL at that revision, upgraded to the newest keeps every row, and every game reads the same sheet as
a database made at the newest revision with the same rows. For every downgrade that loses nothing:
the same, down and back up. A downgrade that would drop data is refused before its first step; a
step that fails changes nothing.

On SQLite, a database at a revision, empty, is made once a worker and copied for each test that starts
from it (``Revisions``): the steps a test is about run in the test, the ones before it do not run again.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile
from collections.abc import Iterable
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask_migrate import downgrade, upgrade

from scorekeeper import create_app, services
from scorekeeper.engine.records import SIDE_DEFAULTS
from scorekeeper.services import health, phone, phone_groups, phone_nights
from scorekeeper.services import night as nights
from scorekeeper.services.club import clubs
from scorekeeper.services.membership import members, roster
from scorekeeper.services.night import round_play
from scorekeeper.services.table import history, phones_heard, presence
from scorekeeper.services.table.sheet import compute_sheet, forget_scores
from scorekeeper.store import schema_changes
from scorekeeper.store.database import db
from scorekeeper.store.models import EDIT_LINK, Game, new_token
from tests import databases
from tests.helpers import SPEC_HAND, classic_game, record, side

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
#: Tables in an order where every row's parents come first.
TABLES = ("table_group", "group_player", "game", "side", "player", "hand", "hand_entry", "edit_log")
TABLES += ("phone_game", "phone_group", "typing", "heartbeat", "hand_half", "hand_word")
TABLES += ("club", "night", "night_pair", "night_round", "night_table", "night_log", "phone_night", "phone_club")
TABLES += ("club_member", "phones_heard")


def revisions() -> list[str]:
    """Every revision, oldest first."""
    script = ScriptDirectory(str(MIGRATIONS))
    return [revision.revision for revision in reversed(list(script.walk_revisions()))]


REVISIONS = revisions()


# ---- the rows: a real evening's games, made once at the newest revision through the services ----


@pytest.fixture(scope="module")
def rows(tmp_path_factory) -> dict[str, list[dict[str, Any]]]:
    """Rows for every table, as the app writes them: a table of friends, a game of two hands (one
    fixed), its rematch with a paper-sheet hand, a phone that opened it, a phone typing, a heartbeat; a club
    with members (one merged into another, one archived) and a night of its members and a guest, whose table's phone
    was heard from."""
    folder = tmp_path_factory.mktemp("rows")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/rows.sqlite"})
    with app.app_context():
        db.create_all()
        group = history.start_group("Los jueves", ["Ana", "Luis", "Bea", "Juan"])
        game = classic_game()
        history.add_game(group, game)
        services.record_hand(game, SPEC_HAND, 0, save_key="first")
        services.record_hand(game, record(side("K:7 5:3", "4"), side("9:5j2", out=True)), 1, save_key="second")
        services.edit_hand(game, 2, record(side("K:7 5:4", "4"), side("9:5j2", out=True)), 1, save_key="fix")
        rematch = services.rematch(game)
        quick = {**SIDE_DEFAULTS, "quick": True, "meld_points": 420, "canastas_natural": 1, "red_threes": 1}
        services.record_hand(rematch, record({**quick, "went_out": True}, {**quick, "hand_points": 35}), 0)
        by_halves = services.rematch(rematch)  # each side its own half: a hand agreed by one side so far
        services.set_recording(by_halves, "halves")
        services.send_half(by_halves, 0, 1, SPEC_HAND["sides"][0], None, 0)
        services.send_half(by_halves, 1, 1, SPEC_HAND["sides"][1], None, 0)
        services.agree(by_halves, 0, 1, 1)
        services.send_half(by_halves, 1, 2, side("K:7 5:3", "4"), None, 0)
        club = clubs.start_club("Club del Martes", best_of=10)
        members.add_member(club, "Carmen Ruiz", "ES-0042", "61.5")
        ana = members.add_member(club, "Ana")  # the pairs below are the club's members, and Luis a guest
        roster.merge_members(club, ana.id, members.add_member(club, "Ana María").id)
        roster.archive_member(club, members.add_member(club, "Bea").id)
        members.add_member(club, "Juan")
        night = nights.start_night(
            nights.NewNight("Martes", date(2026, 11, 24), "classic", round_length=1, club_id=club.id)
        )
        nights.add_pair(night, ["Ana", "Luis"], save_key="door-form")
        nights.add_pair(night, ["Bea", "Juan"])
        table = nights.draw_round(night).tables[0]  # a club night's table: a fourth game
        services.record_hand(table.game, record(side("K:7"), side("Q:3")), 0)
        round_play.agree_table(table.game)
        ana = "phone-of-ana-" + new_token()  # a phone of its own: the lists' throttle is kept per process
        phone.remember(ana, game.id, game.edit_token)
        phone_groups.remember(ana, group.id)
        phone_nights.remember_night(ana, night.id, director=True)
        phone_nights.remember_club(ana, club.id)
        presence.note_typing(rematch, 2, "phone-of-bea")
        phones_heard.note_heard(table.game.id, table.game.public_id, EDIT_LINK, 1)  # a table's phone keeps a change
        health.touch_heartbeat()
        connection = db.session.connection()
        tables = _tables(connection, TABLES)
        dumped = {table: _read(connection, tables[table]) for table in TABLES}
        db.session.remove()
        db.engine.dispose()
    assert all(dumped.values()), {table: len(found) for table, found in dumped.items()}
    return dumped


def _tables(connection: sa.Connection, names: Iterable[str]) -> dict[str, sa.Table]:
    """The tables ``names`` as the database has them now, reflected together (a query for each kind of
    thing, not for each table: on PostgreSQL, a table at a time made most of this file's time)."""
    found = sa.MetaData()
    found.reflect(connection, only=list(names))
    return dict(found.tables)


def _read(connection: sa.Connection, table: sa.Table, columns: list[str] | None = None) -> list[dict[str, Any]]:
    """Every row of ``table`` (only ``columns``, if given), by id, as plain values."""
    chosen = [table.c[name] for name in columns] if columns else list(table.c)
    result = connection.execute(sa.select(*chosen).order_by(table.c.id))
    return [
        {column.name: _plain(value, column.type) for column, value in zip(chosen, row, strict=True)} for row in result
    ]


def _plain(value: Any, kind: sa.types.TypeEngine[Any]) -> Any:
    """A value the same on both databases (SQLite gives JSON and times as text, PostgreSQL as values)."""
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S.%f")
    if isinstance(kind, sa.JSON) and isinstance(value, str):
        return json.loads(value)
    return value


# ---- a database at a revision ---------------------------------------------------------------


@pytest.fixture
def bare(tmp_path):
    """An app on an empty database (nothing of it, not even Alembic's table), emptied again afterwards."""
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{tmp_path}/migrated.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url, "RATELIMIT_ENABLED": False})
    with app.app_context():
        _drop_everything()
        try:
            yield app
        finally:
            db.session.remove()
            _drop_everything()
            db.engine.dispose()


class Revisions:
    """The app's database, empty of rows, as an upgrade from nothing to a revision leaves it (``at``). On SQLite
    that upgrade, run in a test, costs about a second (half of this module's time went to it): each revision's
    file is made once a worker, by one upgrade from the revision before it, and copied. On PostgreSQL the
    upgrade itself is as quick as a copy of a database, and runs. The steps a test is about run in the test."""

    def __init__(self) -> None:
        self.kept: dict[str, Path] = {}
        self.folder: Path | None = None

    def at(self, revision: str) -> None:
        path = databases.sqlite_file(str(db.engine.url))
        if path is None:
            _drop_everything()
            upgrade(revision=revision)
        elif revision in self.kept:
            self._copy(self.kept[revision], path)
        else:
            place = REVISIONS.index(revision)
            if place:
                self.at(REVISIONS[place - 1])
            else:
                _drop_everything()
            upgrade(revision=revision)
            self.kept[revision] = self._keep(path, revision)

    def _keep(self, path: Path, revision: str) -> Path:
        if self.folder is None:
            self.folder = Path(tempfile.mkdtemp(prefix="scorekeeper-revisions-"))
            atexit.register(shutil.rmtree, self.folder, ignore_errors=True)
        kept = self.folder / f"{revision}.sqlite"
        self._copy(path, kept)
        return kept

    @staticmethod
    def _copy(source: Path, target: Path) -> None:
        """``source``'s file copied to ``target``, with the app's connections closed around it."""
        db.session.remove()
        db.engine.dispose()
        for suffix in ("-wal", "-shm", "-journal"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
        shutil.copyfile(source, target)


at = Revisions().at


def _drop_everything() -> None:
    with db.engine.begin() as connection:
        for table in (*reversed(TABLES), "alembic_version", "rate_count"):  # rate_store.py's, made on first use
            connection.execute(sa.text(f"DROP TABLE IF EXISTS {table}"))


def schema() -> dict[str, list[str]]:
    """The tables of the database as it is now, with their columns."""
    found = sa.inspect(db.engine).get_multi_columns()  # every table's at once
    return {table: [column["name"] for column in columns] for (_, table), columns in found.items()}


def write(rows: dict[str, list[dict[str, Any]]], columns: dict[str, list[str]]) -> None:
    """Insert ``rows`` with plain SQL: the tables and columns of ``columns`` only (a schema of an older revision)."""
    with db.engine.begin() as connection:
        for table in TABLES:
            if table not in columns:
                continue
            names = [name for name in columns[table] if name in rows[table][0]]
            statement = sa.text(
                f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join(':' + name for name in names)})"
            )
            for row in rows[table]:
                connection.execute(statement, {name: _sql_value(row[name]) for name in names})
            if connection.dialect.name == "postgresql":  # ids were given: the sequence goes on after them
                connection.execute(
                    sa.text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), max(id)) FROM {table}")
                )


def _sql_value(value: Any) -> Any:
    return json.dumps(value) if isinstance(value, list | dict) else value


def snapshot(columns: dict[str, list[str]]) -> dict[str, list[dict[str, Any]]]:
    """Every row of the tables of ``columns``, in those columns."""
    with db.engine.connect() as connection:
        kept = [table for table in columns if table in TABLES]
        tables = _tables(connection, kept)
        return {table: _read(connection, tables[table], columns[table]) for table in kept}


def sheets() -> dict[str, Any]:
    """Every game's sheet, worked out afresh (nothing kept from an earlier read)."""
    forget_scores()
    db.session.remove()
    games = db.session.scalars(sa.select(Game).order_by(Game.id)).all()
    found = {game.public_id: compute_sheet(game) for game in games}
    db.session.remove()
    return found


def current() -> tuple[str, ...]:
    with db.engine.connect() as connection:
        return tuple(MigrationContext.configure(connection).get_current_heads())


def reference_sheets(rows, columns) -> dict[str, Any]:
    """The sheets of ``rows`` (as far as ``columns`` hold them) written straight into the newest schema."""
    at(REVISIONS[-1])
    found = sa.inspect(db.engine).get_multi_columns(filter_names=list(columns))
    required = {  # made by the migration (a game's short code), meaningless to a sheet: the rows' own
        table: [c["name"] for c in kinds if not c["nullable"] and c["default"] is None]
        for (_, table), kinds in found.items()
    }
    write(rows, {table: sorted(set(names) | set(required[table])) for table, names in columns.items()})
    made = sheets()
    _drop_everything()
    return made


# ---- up -------------------------------------------------------------------------------------


@pytest.mark.parametrize("migration", REVISIONS[1:])
def test_upgrading_through_a_migration_keeps_every_row_and_every_sheet(bare, rows, migration):
    before = REVISIONS[REVISIONS.index(migration) - 1]
    at(before)
    columns = schema()
    expected = reference_sheets(rows, columns)

    at(before)
    write(rows, columns)
    kept = snapshot(columns)
    upgrade()

    assert current() == (REVISIONS[-1],)
    assert snapshot(columns) == kept
    assert all(kept[table] for table in kept)  # rows in every table there was
    assert sheets() == expected
    client = bare.test_client()
    for public_id in expected:
        assert client.get(f"/g/{public_id}").status_code == 200


def test_the_games_written_at_every_revision_score_what_was_played(bare, rows):
    """The reference itself is right, worked out by hand (a reference that lost its hands fails here)."""
    first, second, third, fourth = reference_sheets(rows, {table: list(rows[table][0]) for table in TABLES}).values()
    assert fourth.totals == (570, 30)  # the club night's table
    assert third.totals == (565, 780)  # the spec's example, sent as two halves
    # Hand 1, the spec's example: 565 and 780. Hand 2 as fixed: Us K:7 natural canasta 500 + 70, 5:4 20,
    # a 4 held -5 (585); Them 9:5j2 mixed canasta 300 + 50 + 100, out 100 (550).
    assert [hand.totals for hand in first.hands] == [(565, 780), (565 + 585, 780 + 550)]
    assert first.hands[1].version == 2  # the fixed hand
    # The rematch's paper-sheet hand: melded 420, a natural canasta 500, a red three 100, out 100; Them
    # 420 + 500 + 100, less 35 in hand.
    assert second.totals == (1120, 985)


# ---- down -----------------------------------------------------------------------------------


#: Downgrades that drop nothing while the newer columns hold their defaults and the newer tables are
#: empty; below 0004 every game would lose its short code, so those are refused (tested below).
ALLOWED_DOWN_TO = [revision for revision in REVISIONS if revision >= "0004" and revision != REVISIONS[-1]]


@pytest.mark.parametrize("target", ALLOWED_DOWN_TO)
def test_a_downgrade_that_loses_nothing_keeps_every_row_and_comes_back_up_the_same(bare, rows, target):
    at(target)
    columns = schema()
    expected = reference_sheets(rows, columns)

    at(REVISIONS[-1])
    write(rows, columns)
    kept = snapshot(columns)
    downgrade(revision=target)
    assert current() == (target,)
    assert snapshot(columns) == kept
    upgrade()
    assert snapshot(columns) == kept
    assert sheets() == expected


#: For each migration whose downgrade can lose data: what puts such data in (None: the rows hold it already).
LOSSES = {
    "0023": None,  # a member archived, one merged
    "0022": None,  # a pair added by a door's form with its one-time key
    "0021": "UPDATE hand_entry SET packet = 'taken'",
    "0020": "UPDATE hand_half SET sent_by = 'Ana'",
    "0019": "UPDATE night SET handicap = 1",
    "0018": None,  # a club's members
    "0015": None,  # a club night
    "0014": None,  # a game kept by halves, its halves and a side's word
    "0013": "UPDATE game SET note = 'At Ana''s, for the cup'",
    "0012": "UPDATE hand_entry SET special_hand = 'pairs'",
    "0011": "UPDATE hand_entry SET black_threes = 1",
    "0010": "UPDATE hand_entry SET canastas_samba = 1",
    "0009": None,  # the table of friends
    "0008": "UPDATE game SET starting_totals = '[100, 50]'",
    "0007": "UPDATE hand_entry SET four_black_threes = (1 = 1)",
    "0006": "UPDATE game SET entry_mode = 'quick'",
    "0004": None,  # every game's short code
    "0003": None,  # the edit log's one-time keys
    "0001": None,  # the games themselves
}


@pytest.mark.parametrize("migration", list(LOSSES))
def test_a_downgrade_that_would_drop_data_is_refused_before_its_first_step(bare, rows, migration, capfd):
    at(REVISIONS[-1])
    write(rows, schema())
    if LOSSES[migration]:
        with db.engine.begin() as connection:
            connection.execute(sa.text(LOSSES[migration]))
    target = ScriptDirectory(str(MIGRATIONS)).get_revision(migration).down_revision or "base"
    everything = schema()
    kept = snapshot(everything)

    with pytest.raises(SystemExit):  # Flask-Migrate prints the refusal and exits 1
        downgrade(revision=target)

    printed = capfd.readouterr().err
    assert f"{migration}: " in printed
    assert "nothing was changed" in printed
    assert current() == (REVISIONS[-1],)  # not one step was run
    assert schema() == everything
    assert snapshot(everything) == kept


def test_a_forced_downgrade_to_nothing_goes_ahead(bare, rows):
    at(REVISIONS[-1])
    write(rows, schema())
    downgrade(revision="base", x_arg=["force=yes"])
    assert set(schema()) <= {"alembic_version"}


# ---- a step that fails changes nothing ------------------------------------------------------


def at_0008(rows) -> tuple[dict[str, list[str]], dict[str, list[dict[str, Any]]]]:
    """A database at 0008 holding ``rows``: its schema, and every row as written."""
    at("0008")
    columns = schema()
    write(rows, columns)
    return columns, snapshot(columns)


def test_a_step_that_fails_is_rolled_back_whole_and_the_steps_before_it_stay(bare, rows, monkeypatch):
    columns, kept = at_0008(rows)
    checked = schema_changes.RowKeeper.check_step

    def fail_at_0010(self, *, ctx, step, heads, run_args):
        checked(self, ctx=ctx, step=step, heads=heads, run_args=run_args)
        if step.up_revision_id == "0010":
            raise schema_changes.MigrationRefused("the disk filled up")

    monkeypatch.setattr(schema_changes.RowKeeper, "check_step", fail_at_0010)
    with pytest.raises(SystemExit):
        upgrade()

    assert current() == ("0009",)  # 0009 committed on its own; 0010 left nothing behind
    assert "canastas_samba" not in schema()["hand_entry"]
    assert "table_group" in schema()
    assert snapshot(columns) == kept


def test_a_step_that_leaves_rows_pointing_at_nothing_is_refused_on_sqlite(bare, rows, monkeypatch, capfd):
    if db.engine.dialect.name != "sqlite":
        pytest.skip("PostgreSQL refuses such a row itself, at once")
    columns, kept = at_0008(rows)
    checked = schema_changes.RowKeeper.check_step

    def lose_a_game_in_0009(self, *, ctx, step, heads, run_args):
        if step.up_revision_id == "0009":  # as a cascade would: the parent goes, its children stay behind
            ctx.connection.exec_driver_sql("DELETE FROM game WHERE rematch_of_id IS NULL")
        checked(self, ctx=ctx, step=step, heads=heads, run_args=run_args)

    monkeypatch.setattr(schema_changes.RowKeeper, "check_step", lose_a_game_in_0009)
    with pytest.raises(SystemExit):
        upgrade()

    assert "pointing at nothing" in capfd.readouterr().err
    assert current() == ("0008",)
    assert snapshot(columns) == kept


def test_the_app_keeps_its_foreign_keys_after_a_migration_on_sqlite(bare):
    if db.engine.dialect.name != "sqlite":
        pytest.skip("SQLite's foreign keys are per connection")
    upgrade()
    with db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
