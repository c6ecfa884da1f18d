"""Backups: a safe copy of the SQLite database while the app runs, or the pg_dump line for PostgreSQL."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import click
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy.engine import make_url

from .extensions import db


def backup_sqlite(database: Path, directory: Path) -> Path:
    """Copy a live SQLite database page by page (SQLite's backup API: consistent while others write)."""
    directory.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = directory / f"{database.stem}-{stamp}.sqlite"
    source = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)
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
    target = backup_sqlite(database, Path(current_app.instance_path) / "backups")
    click.echo(f"Backed up to {target}")


def register(app: Flask) -> None:
    """Add ``flask backup``."""
    app.cli.add_command(backup_command)
