"""Failures said plainly, and data kept: /healthz, a database that refuses writes, backups, guarded downgrades."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from scorekeeper import create_app
from scorekeeper.store.backup import backup_sqlite, pg_dump_command
from scorekeeper.store.database import db
from scorekeeper.store.models import Game, Hand

from .helpers import page_text, picked, read_only_path
from .test_views import PLAYERS, SPEC_FORM, start_classic


def read_only_app(writable_app):
    """The same database opened so that it refuses every write (SQLite read-only, or a read-only PostgreSQL session)."""
    url = writable_app.config["SQLALCHEMY_DATABASE_URI"]
    config = {"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False}
    if url.startswith("sqlite"):
        path = url.removeprefix("sqlite:///")
        config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///file:{path}?mode=ro&uri=true"
    else:
        config["SQLALCHEMY_DATABASE_URI"] = url
        config["SQLALCHEMY_ENGINE_OPTIONS"] = {"connect_args": {"options": "-c default_transaction_read_only=on"}}
    return create_app(config)


@pytest.fixture
def frozen(app, client):
    """A game with one hand, then the app again on the same database, now refusing writes."""
    sheet = start_classic(client)
    assert client.post(sheet + "/hands/new", data=SPEC_FORM).status_code == 302
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    stuck = read_only_app(app)
    yield stuck, sheet
    with stuck.app_context():
        db.engine.dispose()


def test_health_is_200_when_the_database_takes_writes(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "writable"}
    assert client.get("/healthz").status_code == 200  # and again, once the heartbeat row exists


def test_health_is_503_on_a_read_only_database(frozen):
    stuck, _ = frozen
    response = stuck.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["status"] == "unavailable"


def test_a_hand_refused_by_a_read_only_database_comes_back_with_every_value_as_typed(app, frozen):
    stuck, sheet = frozen
    phone = stuck.test_client()
    response = phone.post(sheet + "/hands/new", data={**SPEC_FORM, "expected_hands": "1", "s0_h_K": "2"})
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "Hand 2 could not be saved" in page
    assert "Everything you typed is still here" in page
    assert picked(page, "s0_red3", "2")
    for name, value in [("s0_m_8_n", "6"), ("s0_m_8_j", "1"), ("s0_h_K", "2"), ("s1_m_6_t", "1")]:
        assert f'name="{name}" step="1" type="number" value="{value}"' in page or (
            f'id="{name}" name="{name}"' in page and f'value="{value}"' in page
        ), name
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Hand)) == 1


def test_a_new_game_refused_by_a_read_only_database_keeps_the_names_typed(frozen):
    stuck, _ = frozen
    response = stuck.test_client().post("/games/new/classic?players=4&sides=2", data=PLAYERS)
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "The game could not be started" in page
    assert 'value="Luis"' in page


def test_every_read_page_works_on_a_read_only_database_for_a_phone_with_its_cookie(app, client, frozen):
    stuck, sheet = frozen
    reader = stuck.test_client()
    reader.set_cookie("phone", client.get_cookie("phone").value)  # the phone that started the game
    public = read_only_path(client, sheet)
    other = stuck.test_client()
    other.set_cookie("phone", "a-phone-that-never-saw-this-game")
    for page in (sheet, public, public + "/table", sheet + "/share", "/", "/rules"):
        assert reader.get(page).status_code == 200, page
        assert other.get(page).status_code == 200, page
    with stuck.app_context():
        assert stuck.test_client().get("/api/v1/games/" + public.removeprefix("/g/")).status_code == 200


def test_the_api_answers_a_read_only_database_with_a_503_json(frozen):
    stuck, _ = frozen
    body = {"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]}
    response = stuck.test_client().post("/api/v1/games", json=body)
    assert response.status_code == 503
    assert response.get_json()["error"] == "storage_unavailable"


def _migrated_app(tmp_path):
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{tmp_path}/migrated.sqlite"
    return create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url})


def _drop_everything():
    db.drop_all()
    with db.engine.begin() as connection:
        connection.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))


def test_downgrading_to_base_refuses_while_games_are_stored_unless_forced(tmp_path, capfd):
    app = _migrated_app(tmp_path)
    with app.app_context():
        _drop_everything()
        try:
            upgrade()
            db.session.add(Game(ruleset_id="classic", options={}))
            db.session.commit()
            with pytest.raises(SystemExit):  # Flask-Migrate reports the migration's RuntimeError and exits 1
                downgrade(revision="base")
            assert "0001: games that would be deleted with their hands: 1" in capfd.readouterr().err
            assert "game" in sa.inspect(db.engine).get_table_names()
            assert db.session.scalar(sa.select(sa.func.count()).select_from(Game)) == 1
            db.session.remove()
            downgrade(revision="base", x_arg=["force=yes"])
            assert "game" not in sa.inspect(db.engine).get_table_names()
        finally:
            db.session.remove()
            _drop_everything()
            db.engine.dispose()


def test_a_backup_of_a_live_sqlite_database_holds_its_games(app, client, tmp_path):
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("the SQLite backup; PostgreSQL gets the pg_dump line")
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    source = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    copy = backup_sqlite(Path(source), tmp_path / "backups")
    assert copy.stat().st_mode & 0o777 == 0o600  # it holds every edit link
    with sqlite3.connect(copy) as connection:
        assert connection.execute("SELECT count(*) FROM hand").fetchone() == (1,)
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_flask_backup_copies_sqlite_only_when_migrations_wait_if_asked(tmp_path):
    url = f"sqlite:///{tmp_path}/live.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    app.instance_path = str(tmp_path / "instance")
    runner = app.test_cli_runner()
    assert "nothing to back up" in runner.invoke(args=["backup"]).output
    with app.app_context():
        upgrade()
        db.engine.dispose()
    assert runner.invoke(args=["backup", "--if-pending"]).output == ""  # up to date: no copy
    result = runner.invoke(args=["backup"])
    assert "Backed up to" in result.output
    assert len(list((tmp_path / "instance" / "backups").glob("live-*.sqlite"))) == 1


def _emptied_by_an_old_upgrade(tmp_path):
    """An app whose SQLite database lost its sides and hands as an upgrade by an earlier release left it,
    with the backup ``make run`` took before that upgrade in instance/backups/."""
    url = f"sqlite:///{tmp_path}/canasta.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url, "WTF_CSRF_ENABLED": False})
    app.instance_path = str(tmp_path / "instance")
    with app.app_context():
        upgrade()
    client = app.test_client()
    sheet = start_classic(client)
    assert client.post(sheet + "/hands/new", data=SPEC_FORM).status_code == 302
    with app.app_context():
        db.engine.dispose()
    taken = backup_sqlite(tmp_path / "canasta.sqlite", tmp_path / "instance" / "backups")
    with sqlite3.connect(tmp_path / "canasta.sqlite") as connection:  # what the cascade did
        for table in ("hand_entry", "hand", "player", "side", "edit_log", "phone_game"):
            connection.execute(f"DELETE FROM {table}")
        connection.execute("UPDATE game SET version = version + 100")  # as a process that never read it
    return app, sheet, taken


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="SQLite's own backups")
def test_make_run_says_on_start_that_games_lost_their_hands_and_how_to_restore_the_backup(tmp_path):
    app, _sheet, taken = _emptied_by_an_old_upgrade(tmp_path)
    said = app.test_cli_runner().invoke(args=["check"]).output
    assert "1 games in" in said
    assert "have lost their players and hands" in said
    assert f"{taken}  (1 games, 1 hands)" in said
    assert f"flask --app scorekeeper restore {taken}" in said


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="SQLite's own backups")
def test_flask_restore_puts_the_backup_back_and_keeps_the_database_it_replaces(tmp_path):
    app, sheet, taken = _emptied_by_an_old_upgrade(tmp_path)
    runner = app.test_cli_runner()
    result = runner.invoke(args=["restore", str(taken)])
    assert "Restored 1 games and 1 hands" in result.output, result.output
    assert runner.invoke(args=["check"]).output == ""  # nothing lost any more
    assert app.test_client().get(sheet).status_code == 200
    replaced = [path for path in (tmp_path / "instance" / "backups").glob("*.sqlite") if path != taken]
    assert len(replaced) == 1  # the emptied database, kept in case


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="SQLite's own backups")
def test_a_game_that_lost_its_hands_says_so_instead_of_a_server_error(tmp_path):
    app, sheet, _taken = _emptied_by_an_old_upgrade(tmp_path)
    app.config["TESTING"] = False  # a server error would be a 500 page, not an exception in the test
    client = app.test_client()
    page = client.get(sheet)
    assert page.status_code == 503
    assert "This game lost its hands" in page_text(page)
    with app.app_context():
        game = db.session.scalars(sa.select(Game)).one()
        answer = client.get(f"/api/v1/games/{game.public_id}")
        assert client.get(f"/g/{game.public_id}").status_code == 503
    assert answer.status_code == 503
    assert answer.get_json()["error"] == "game_damaged"


def test_flask_restore_refuses_a_file_that_is_no_backup_and_changes_nothing(tmp_path):
    url = f"sqlite:///{tmp_path}/canasta.sqlite"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    app.instance_path = str(tmp_path / "instance")
    with app.app_context():
        upgrade()
        db.engine.dispose()
    before = (tmp_path / "canasta.sqlite").read_bytes()
    (tmp_path / "notes.sqlite").write_text("not a database")
    result = app.test_cli_runner().invoke(args=["restore", str(tmp_path / "notes.sqlite")])
    assert result.exit_code != 0
    assert "not a readable backup" in result.output
    assert (tmp_path / "canasta.sqlite").read_bytes() == before


def test_the_pg_dump_line_names_the_database_in_libpq_form():
    line = pg_dump_command("postgresql+psycopg://canasta:secret@db.local:5433/scores")
    assert line.startswith("pg_dump --format=custom --file=scores-")
    assert line.endswith("'postgresql://canasta:secret@db.local:5433/scores'")


def test_a_followers_poll_survives_the_database_dropping_its_connections(app, client):
    """PostgreSQL restarted (or its connections ended): the version read, which skips the pool's ping,
    drops the dead connection and asks again on a new one; the phone sees no error."""
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("SQLite's connections are files in this process: nothing drops them")
    game = client.post(
        "/api/v1/games", json={"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]}
    ).get_json()
    first = client.get(f"/api/v1/games/{game['id']}")
    with app.app_context():
        ended = db.session.execute(
            sa.text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE pid <> pg_backend_pid() AND datname = current_database()"
            )
        ).scalar_one()
        db.session.rollback()
    assert ended >= 1  # the version reader's own connection among them

    again = client.get(f"/api/v1/games/{game['id']}", headers={"If-None-Match": first.headers["ETag"]})

    assert again.status_code == 304
