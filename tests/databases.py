"""A test's database, made and emptied cheaply: the suite makes one for nearly every test (about 1,500 a pass).

Made the plain way, each cost the tables' CREATE and DROP (about 30 ms on SQLite, 100 ms on PostgreSQL) and
the app's routes compiled again (about 30 ms). Here, with the same result for the test:

- **SQLite**: a fresh file per test is a copy of a file the worker made once with ``db.create_all()``; at the
  end the file goes (as its tables went before).
- **PostgreSQL**: the worker's one database keeps the models' tables between tests, emptied by one TRUNCATE
  (identities restarted: ids start at 1 again). A test that starts from no tables at all (the migrations'
  tests drop and make their own) gets them dropped first (``LeftTables.drop_unless_wanted``), as before.
- **Routes**: Werkzeug compiles each rule's URL builder from its text; a worker's apps share the compiled
  builders (``share_route_builders``: the same rule text and converters give the same function).
- **Templates**: Jinja compiles each template (parse, Python source, ``compile``) once per app: half of a page
  test's time went to it (test_views, test_night_pages and test_halves_pages took 29.3 s in one process, 15.7 s
  with the compiled code shared). A worker's apps share it (``share_compiled_templates``), kept by template and
  source checksum, so an edited template compiles again.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from werkzeug.routing.rules import Rule

from scorekeeper import create_app
from scorekeeper.store.database import db

#: The fixtures whose tests take the models' tables as they come (empty); any other test starts from none.
TAKE_THE_TABLES = frozenset({"app", "client", "live_server", "form_server"})


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None for PostgreSQL or an in-memory database)."""
    parsed = sa.make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


class SqliteTemplate:
    """A SQLite file holding the models' empty tables, made once per worker, copied for each test."""

    def __init__(self) -> None:
        self.path: Path | None = None

    def copy_to(self, target: Path) -> None:
        if target.exists():
            return
        if self.path is None:
            folder = tempfile.mkdtemp(prefix="scorekeeper-template-")
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            made = Path(folder) / "template.sqlite"
            app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{made}"})
            with app.app_context():
                db.create_all()
                db.engine.dispose()
            self.path = made
        shutil.copyfile(self.path, target)


class LeftTables:
    """Whether the worker's PostgreSQL database holds the models' tables, empty, from the test before."""

    def __init__(self) -> None:
        self.left = False

    def empty(self) -> None:
        """At a test's end (inside its app context): empty the models' tables, or drop them as before when
        the test changed them (dropped some itself)."""
        present = set(sa.inspect(db.engine).get_table_names())
        tables = [table.name for table in db.metadata.sorted_tables]
        if set(tables) <= present:
            with db.engine.begin() as connection:
                connection.exec_driver_sql(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
            self.left = True
        else:
            db.drop_all()
            self.left = False

    def drop_unless_wanted(self, request: pytest.FixtureRequest, url: str | None) -> None:
        """Before a test that makes its own tables (or none), drop those the test before left."""
        if not self.left or url is None or TAKE_THE_TABLES & set(request.fixturenames):
            return
        engine = sa.create_engine(url)
        try:
            db.metadata.drop_all(engine)
        finally:
            engine.dispose()
        self.left = False


SQLITE = SqliteTemplate()
POSTGRES = LeftTables()


def set_up(url: str) -> None:
    """Before the app opens ``url``: a SQLite file starts as the template's copy."""
    path = sqlite_file(url)
    if path is not None:
        SQLITE.copy_to(path)


def tear_down(app: Flask) -> None:
    """At a test's end: its database emptied (PostgreSQL) or gone (SQLite), the app's connections closed."""
    with app.app_context():
        path = sqlite_file(str(db.engine.url))
        if path is None:
            POSTGRES.empty()
        db.engine.dispose()
    if path is not None:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def on_the_server(url: str | sa.URL, *statements: str) -> None:
    """Run ``statements`` on the PostgreSQL server of ``url``, outside a transaction (as CREATE DATABASE must be),
    from its maintenance database (a database being dropped or copied has no connection of ours)."""
    engine = sa.create_engine(sa.make_url(url).set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            for statement in statements:
                connection.exec_driver_sql(statement)
    finally:
        engine.dispose()


def make_database(url: str | sa.URL, template: str | sa.URL | None = None) -> None:
    """The PostgreSQL database of ``url`` made anew: empty, or a copy of the database of ``template``."""
    name = sa.make_url(url).database
    copied = f' TEMPLATE "{sa.make_url(template).database}"' if template is not None else ""
    on_the_server(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"{copied}')


def drop_database(url: str | sa.URL) -> None:
    on_the_server(url, f'DROP DATABASE IF EXISTS "{sa.make_url(url).database}" WITH (FORCE)')


def share_route_builders() -> None:
    """Werkzeug compiles a URL builder (Python source, ``compile``) for each rule of each new app, about
    30 ms an app here; the function depends only on the rule's text, defaults and converters' names, so a
    worker's apps share them. Tests only (the app is made once per process in use)."""
    compile_builder: Callable[..., Any] = Rule._compile_builder
    built: dict[tuple[object, ...], Any] = {}

    def shared(self: Rule, append_unknown: bool = True) -> Any:
        converters = tuple((name, type(converter)) for name, converter in self._converters.items())
        key = (self.rule, tuple(self._trace), converters, repr(sorted((self.defaults or {}).items())), append_unknown)
        if key not in built:
            built[key] = compile_builder(self, append_unknown)
        return built[key]

    Rule._compile_builder = shared  # type: ignore[method-assign]


class SharedTemplates(BytecodeCache):
    """Compiled templates shared by every app of a test process, in memory: the code object of each template,
    by its name and file, with the checksum of the source it was compiled from (a changed file compiles anew).
    Every app of the suite has the same Jinja settings (extensions, autoescape), which the code depends on."""

    def __init__(self) -> None:
        self.codes: dict[str, tuple[str, Any]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = self.codes.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.codes[bucket.key] = (bucket.checksum, bucket.code)


def share_compiled_templates() -> None:
    """Every app made in this process from now on keeps its compiled templates in one ``SharedTemplates``.
    Tests only: the app is made once per process in use, and compiles each template once."""
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": SharedTemplates()}
