"""Backups: a safe copy of the SQLite database while the app runs (or the pg_dump line for PostgreSQL),
putting one back, and the check ``make run`` makes on start for games an earlier upgrade emptied."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import click
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy.engine import make_url

from .database import db


def backup_sqlite(database: Path, directory: Path) -> Path:
    """Copy a live SQLite database page by page (SQLite's backup API: consistent while others write)."""
    directory.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = directory / f"{database.stem}-{stamp}.sqlite"
    copies = 1
    while target.exists():  # two backups in one second: never one over the other
        copies += 1
        target = directory / f"{database.stem}-{stamp}-{copies}.sqlite"
    source = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))  # it holds every edit link
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # one file, read as it is (no -wal beside it)
        finally:
            copy.close()
    finally:
        source.close()
    return target


def pg_dump_command(url: str) -> str:
    """The pg_dump line that backs up the PostgreSQL database at ``url`` (SQLAlchemy form)."""
    parsed = make_url(url).set(drivername="postgresql")
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = f"{parsed.database or 'canasta'}-{stamp}.dump"
    return f"pg_dump --format=custom --file={target} '{parsed.render_as_string(hide_password=False)}'"


def migrations_pending() -> bool:
    """Whether the database is behind the newest migration (so an upgrade would change it)."""
    script = ScriptDirectory.from_config(current_app.extensions["migrate"].migrate.get_config())
    with db.engine.connect() as connection:
        current = set(MigrationContext.configure(connection).get_current_heads())
    return current != set(script.get_heads())


@click.command("backup")
@click.option("--if-pending", is_flag=True, help="Only when migrations are waiting (make run uses this).")
@with_appcontext
def backup_command(if_pending: bool) -> None:
    """Back up the database: SQLite is copied into instance/backups/; for PostgreSQL the pg_dump line is printed."""
    url = make_url(current_app.config["SQLALCHEMY_DATABASE_URI"])
    if url.get_backend_name() != "sqlite":
        click.echo("PostgreSQL: back it up with")
        click.echo("  " + pg_dump_command(str(url.render_as_string(hide_password=False))))
        return
    database = Path(url.database or "")
    if not url.database or url.database == ":memory:" or not database.exists():
        click.echo("No database file yet: nothing to back up.")
        return
    if if_pending and not migrations_pending():
        return
    target = backup_sqlite(database, backup_folder())
    click.echo(f"Backed up to {target}")


def backup_folder() -> Path:
    """Where backups go: instance/backups/."""
    return Path(current_app.instance_path) / "backups"


@dataclass(frozen=True)
class BackupFile:
    """A backup in instance/backups/ and what it holds."""

    path: Path
    games: int
    hands: int


def holdings(path: Path) -> BackupFile | None:
    """What the SQLite file at ``path`` holds (games and hands), or None if it is no readable database of games."""
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)  # a backup nobody writes
    except sqlite3.Error:
        return None
    try:
        if connection.execute("PRAGMA quick_check").fetchone() != ("ok",):
            return None
        games = connection.execute("SELECT count(*) FROM game").fetchone()[0]
        hands = connection.execute("SELECT count(*) FROM hand").fetchone()[0]
    except sqlite3.Error:
        return None
    finally:
        connection.close()
    return BackupFile(path, int(games), int(hands))


def backups(directory: Path) -> list[BackupFile]:
    """The readable backups in ``directory``, newest first."""
    found = [holdings(path) for path in sorted(directory.glob("*.sqlite"), key=lambda p: p.stat().st_mtime)]
    return [backup for backup in reversed(found) if backup is not None]


def games_without_sides(database: Path) -> int:
    """Games left with no sides: what an upgrade before this release did to a SQLite database (its
    batch migrations copied ``game`` with foreign keys on, and the cascade emptied every child table)."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        found = connection.execute("SELECT count(*) FROM game WHERE id NOT IN (SELECT game_id FROM side)").fetchone()
    except sqlite3.Error:
        return 0
    finally:
        connection.close()
    return int(found[0])


def _sqlite_database() -> Path | None:
    """The SQLite file the app uses, if it uses one that exists."""
    url = make_url(current_app.config["SQLALCHEMY_DATABASE_URI"])
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


@click.command("check")
@with_appcontext
def check_command() -> None:
    """Say so on start if games lost their hands in an earlier upgrade, and how to put the backup back."""
    database = _sqlite_database()
    if database is None or not database.exists():
        return
    emptied = games_without_sides(database)
    if not emptied:
        return
    click.echo(
        f"WARNING: {emptied} games in {database} have lost their players and hands. An upgrade by an "
        "earlier release of this app deleted them (fixed in this release). The backup taken before that "
        "upgrade still holds them.",
        err=True,
    )
    held = [backup for backup in backups(backup_folder()) if backup.hands]
    if not held:
        click.echo("No backup with hands was found in instance/backups/.", err=True)
        return
    click.echo("Backups that hold hands, newest first:", err=True)
    for backup in held[:5]:
        click.echo(f"  {backup.path}  ({backup.games} games, {backup.hands} hands)", err=True)
    click.echo(
        "To put one back: stop the app (Ctrl+C), run\n"
        f"  .venv/bin/flask --app scorekeeper restore {held[0].path}\n"
        "and then make run again (it upgrades the restored database, keeping every hand now).",
        err=True,
    )


@click.command("restore")
@click.argument("backup", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@with_appcontext
def restore_command(backup: Path) -> None:
    """Put a backup of the SQLite database back (with the app stopped); the current one is backed up first."""
    database = _sqlite_database()
    if database is None:
        raise click.ClickException("Only a SQLite database is restored here; for PostgreSQL use pg_restore.")
    found = holdings(backup)
    if found is None:
        raise click.ClickException(f"{backup} is not a readable backup of this app's games: nothing was changed.")
    if database.exists():
        kept = backup_sqlite(database, backup_folder())
        click.echo(f"The database as it was is backed up to {kept}")
    db.engine.dispose()  # no connection of this process holds the file while it is replaced
    source = sqlite3.connect(f"file:{backup}?mode=ro&immutable=1", uri=True)
    try:
        target = sqlite3.connect(database)
        try:
            source.backup(target)  # page by page, in one go: the file is the backup's, whole
        finally:
            target.close()
    finally:
        source.close()
    click.echo(f"Restored {found.games} games and {found.hands} hands from {backup}. Start the app with make run.")


def register(app: Flask) -> None:
    """Add ``flask backup``, ``flask restore`` and ``flask check``."""
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
    app.cli.add_command(check_command)
