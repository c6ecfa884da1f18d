"""Every database the landed code made upgrades with today's code, on SQLite and PostgreSQL (its pass).

For every commit that added or changed a revision (``git log -- migrations/versions``), that commit's own
code makes a database (``flask db upgrade``, all of them in one subprocess: tests/landed_build.py); rows go in
every table it has; today's code upgrades it. Every row is kept, the schema is the models', and every page of
every game, night and club in it answers 200, as does starting a club. A revision changed after it landed
leaves such databases behind (0015 and 0016 did: migration 0017 repairs them); this is the check that finds
them.

It needs the git history (a normal clone has it): without it, or from a shallow clone, it fails saying so
rather than passing on nothing.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.store.database import db
from scorekeeper.store.schema_changes import part_of_the_schema

from . import databases
from .test_migrations_keep_rows import REVISIONS, current, rows, schema, snapshot, write  # noqa: F401  (fixture)
from .test_night_pages import SETTINGS

ROOT = Path(__file__).resolve().parent.parent
VERSIONS = "migrations/versions"
#: The newest landed code before migration 0017: on a database made while 0015 had no club, its 0016 fails
#: on PostgreSQL (relation "club" does not exist; the database stays at 0015) and on SQLite runs without it.
BEFORE_THE_REPAIR = "222be05203e9ff5466b222b89e05ef0c94d00d06"


# ---- the landed commits, from git -------------------------------------------------------------


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True).stdout


def _landed() -> tuple[list[str], str]:
    """Every commit that added or changed a revision and holds one, oldest first; or why they are unknown."""
    try:
        if _git("rev-parse", "--is-shallow-repository").strip() != "false":
            return [], "the clone is shallow: run `git fetch --unshallow` (this check builds every landed commit)"
        commits = _git("log", "--reverse", "--format=%H", "--", VERSIONS).split()
        if BEFORE_THE_REPAIR not in commits:
            return [], f"{BEFORE_THE_REPAIR} is not in the history: the history is missing or rewritten"
        return [commit for commit in commits if _revision_files(commit)], ""
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or error
        return [], f"these tests need the project's git history (a full `git clone`), not a copy: {detail}"


def _revision_files(commit: str) -> list[str]:
    names = _git("ls-tree", "--name-only", f"{commit}:{VERSIONS}").split()
    return sorted(name for name in names if name.endswith(".py"))


def _upgrade_text(source: str) -> str:
    """A revision file's ``upgrade()`` (what it makes), as written."""
    return source.split("\ndef upgrade", 1)[1].split("\ndef ", 1)[0]


def _made_by_a_revision_changed_since(commit: str) -> bool:
    """Whether ``commit``'s newest revision made something other than what that revision makes today, and
    the release before the repair had newer revisions to run on it."""
    newest = _revision_files(commit)[-1]
    if newest >= _revision_files(BEFORE_THE_REPAIR)[-1]:
        return False
    then = _git("show", f"{commit}:{VERSIONS}/{newest}")
    return _upgrade_text(then) != _upgrade_text((ROOT / VERSIONS / newest).read_text())


LANDED, WHY_UNKNOWN = _landed()
#: Databases the release before the repair was asked to upgrade: made by a landed revision that changed since.
BROKEN_BEFORE_THE_REPAIR = [
    commit
    for commit in (LANDED[: LANDED.index(BEFORE_THE_REPAIR)] if LANDED else [])
    if _made_by_a_revision_changed_since(commit)
]


def _commits(chosen: list[str]) -> list[object]:
    if WHY_UNKNOWN:
        return [pytest.param(None, id="no-git-history")]
    return [pytest.param(commit, id=commit[:12]) for commit in chosen]


# ---- databases made by landed code, once per session ------------------------------------------


def _old_codes_environment() -> dict[str, str]:
    """This process's environment without what would make old code import today's (PYTHONPATH) or another
    app (FLASK_APP)."""
    return {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "FLASK"))}


@dataclass
class Made:
    """Databases made by landed code: a SQLite file or a PostgreSQL database per commit."""

    folder: Path
    postgres: sa.URL | None
    built: dict[str, str] = field(default_factory=dict)  # commit: its database's URL
    failed: dict[str, str] = field(default_factory=dict)  # commit: what its upgrade printed

    def code(self, commit: str) -> Path:
        """The commit's code (its package and migrations), extracted once."""
        tree = self.folder / f"code-{commit[:12]}"
        if not tree.exists():
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "scorekeeper", "migrations"],
                check=True,
                capture_output=True,
            ).stdout
            with tarfile.open(fileobj=io.BytesIO(archive)) as files:
                files.extractall(tree, filter="data")
        return tree

    def url(self, name: str) -> str:
        if self.postgres is None:
            return f"sqlite:///{self.folder / name}.sqlite"
        return self.postgres.set(database=f"{self.postgres.database}_{name}").render_as_string(hide_password=False)

    def run_upgrade(self, commit: str, url: str) -> subprocess.CompletedProcess[str]:
        """``flask db upgrade`` with ``commit``'s code against ``url``."""
        return subprocess.run(
            [sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"],
            cwd=self.code(commit),
            env={**_old_codes_environment(), "DATABASE_URL": url},
            capture_output=True,
            text=True,
            timeout=300,
        )

    def build(self, commits: list[str]) -> None:
        """The database each of ``commits`` makes with its own code, all in one subprocess (tests/landed_build.py)."""
        jobs = {str(self.code(commit)): (commit, self.url(f"at_{commit[:12]}")) for commit in commits}
        for _commit, url in jobs.values():
            self.create(url)
        listed = self.folder / "jobs.json"
        listed.write_text(json.dumps([[folder, url] for folder, (_commit, url) in jobs.items()]), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, str(ROOT / "tests" / "landed_build.py"), str(listed)],
            env=_old_codes_environment(),
            capture_output=True,
            text=True,
            timeout=120 + 30 * len(jobs),
        )
        if done.returncode:
            raise RuntimeError(f"tests/landed_build.py failed:\n{done.stderr[-3000:]}")
        for folder, raised in json.loads(done.stdout).items():
            commit, url = jobs[folder]
            if raised:
                self.failed[commit] = raised
            else:
                self.built[commit] = url

    def create(self, url: str, template: str | None = None) -> None:
        """A new empty database at ``url`` (PostgreSQL; a SQLite file makes itself), or a copy of ``template``."""
        if self.postgres is None:
            if template is not None:
                shutil.copyfile(sa.make_url(template).database or "", sa.make_url(url).database or "")
            return
        databases.make_database(url, template)

    def drop(self, url: str) -> None:
        if self.postgres is None:
            Path(sa.make_url(url).database or "").unlink(missing_ok=True)
            return
        databases.drop_database(url)

    @contextmanager
    def copy(self, commit: str) -> Iterator[str]:
        """A copy of the database ``commit`` made, to upgrade; dropped afterwards."""
        if commit in self.failed:
            pytest.fail(f"{commit}'s own `flask db upgrade` failed on an empty database:\n{self.failed[commit]}")
        url = self.url("upgraded")
        self.create(url, template=self.built[commit])
        try:
            yield url
        finally:
            self.drop(url)


@pytest.fixture(scope="session")
def made(request, tmp_path_factory) -> Iterator[Made | None]:
    """Every database the selected tests start from, made at once by the landed commits' own code."""
    if WHY_UNKNOWN:  # each test fails saying why
        yield None
        return
    wanted = sorted({item.callspec.params["commit"] for item in request.session.items if _is_mine(item)})
    postgres = os.environ.get("DATABASE_URL")
    found = Made(tmp_path_factory.mktemp("landed"), sa.make_url(postgres) if postgres else None)
    found.build(wanted)
    try:
        yield found
    finally:
        for url in found.built.values():
            found.drop(url)


def _is_mine(item: pytest.Item) -> bool:
    params = getattr(getattr(item, "callspec", None), "params", {})
    return item.module.__name__ == __name__ and params.get("commit") is not None  # type: ignore[attr-defined]


def app_on(url: str) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "PROPAGATE_EXCEPTIONS": False,  # a page that fails is a 500 to count, not the test's error
            "SECRET_KEY": "t",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": url,
        }
    )


# ---- what an upgraded database must be --------------------------------------------------------


def the_models_schema_differences() -> list[object]:
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"include_name": part_of_the_schema})
        return list(compare_metadata(context, db.metadata))


def tables_agreed_to_other_hands() -> list[tuple[object, ...]]:
    """Tables whose "we agree" is not to their hands as they stand (0016's backfill, and 0017's)."""
    last_change = (
        "SELECT max(id) FROM edit_log WHERE game_id = night_table.game_id"
        " AND action IN ('add', 'edit', 'undo', 'restore')"
    )
    query = f"SELECT id, agreed_hands, ({last_change}) FROM night_table WHERE agreed_at IS NOT NULL"
    with db.engine.connect() as connection:
        found = connection.execute(sa.text(query)).all()
    return [tuple(row) for row in found if row[1] != str(row[2] or 0)]


def pages() -> list[str]:
    """Every page of every game, table of friends, night and club in the database (as far as its schema
    has them: a database left without a club still has its nights' pages to visit)."""
    inspector = sa.inspect(db.engine)
    has = {table: {column["name"] for column in inspector.get_columns(table)} for table in inspector.get_table_names()}
    with db.engine.connect() as connection:

        def rows_of(table: str, *names: str, where: str = "") -> list[tuple[str, ...]]:
            if table not in has or not set(names) <= has[table]:
                return []
            query = f"SELECT {', '.join(names)} FROM {table} {where}"
            return [tuple(str(value) for value in row) for row in connection.execute(sa.text(query))]

        found = ["/", "/nights/new", "/clubs/new"]
        for public_id, edit_token in rows_of("game", "public_id", "edit_token"):
            found += [f"/g/{public_id}", f"/g/{public_id}/table", f"/g/{public_id}/export.json", f"/e/{edit_token}"]
        found += [f"/s/{token}" for (token,) in rows_of("side", "token", where="WHERE token IS NOT NULL")]
        found += [f"/t/{token}" for (token,) in rows_of("table_group", "token")]
        for night_id, director, public_id in rows_of("night", "id", "director_token", "public_id"):
            found += [f"/n/{director}", f"/n/{director}/cards", f"/night/{public_id}", f"/night/{public_id}/tv"]
            found += [f"/night/{public_id}/standings.json", f"/night/{public_id}/standings.csv"]
            cards = rows_of("night", "table_token", where=f"WHERE id = {int(night_id)}")
            in_play = f"WHERE round_id = (SELECT max(id) FROM night_round WHERE night_id = {int(night_id)})"
            for (table_token,) in cards:
                found += [
                    f"/night/t/{table_token}/{number}" for (number,) in rows_of("night_table", "number", where=in_play)
                ]
        for (token,) in rows_of("club", "token"):
            found += [f"/c/{token}", f"/c/{token}/members/import", f"/c/{token}/members.csv"]
    return found


def phones() -> list[str]:
    tables = set(sa.inspect(db.engine).get_table_names())
    lists = [table for table in ("phone_game", "phone_group", "phone_night", "phone_club") if table in tables]
    with db.engine.connect() as connection:
        query = " UNION ".join(f"SELECT phone_id FROM {table}" for table in lists)
        return [str(phone) for phone in connection.execute(sa.text(query)).scalars()]


def answers(app: Flask) -> dict[str, int]:
    """Every page's status (redirects followed), each phone's home page, and a new club's."""
    with app.app_context():
        addresses, known_phones = pages(), phones()
    client = app.test_client()
    found = {address: client.get(address, follow_redirects=True).status_code for address in addresses}
    for phone in known_phones:
        phoned = app.test_client()
        phoned.set_cookie("phone", phone)
        found[f"/ (phone {phone[:12]})"] = phoned.get("/").status_code
    club = client.post("/clubs/new", data={"name": "Club nuevo", "best_of": ""}, follow_redirects=True)
    found["a new club"] = club.status_code
    found["a new night"] = client.post("/nights/new", data=SETTINGS, follow_redirects=True).status_code
    return found


def upgraded_keeping_everything(app: Flask, columns: dict[str, list[str]], kept: dict[str, object]) -> None:
    """Today's ``flask db upgrade``, then every check of this module."""
    with app.app_context():
        upgrade()
        assert current() == (REVISIONS[-1],)
        assert snapshot(columns) == kept
        assert all(kept[table] for table in kept)  # rows in every table there was
    statuses = answers(app)
    assert {page: status for page, status in statuses.items() if status != 200} == {}
    if "night_round" in kept:
        assert any(re.fullmatch(r"/n/[^/]+", page) for page in statuses)  # a night's board with a round
    with app.app_context():
        assert the_models_schema_differences() == []
        assert tables_agreed_to_other_hands() == []


# ---- the checks -------------------------------------------------------------------------------


@pytest.mark.parametrize("commit", _commits(LANDED))
def test_a_database_made_by_any_landed_code_upgrades_keeping_every_row_and_every_page(made, rows, commit):  # noqa: F811
    if commit is None:
        pytest.fail(WHY_UNKNOWN)
    with made.copy(commit) as url:
        app = app_on(url)
        try:
            with app.app_context():
                columns = {table: names for table, names in schema().items() if table != "alembic_version"}
                write(rows, columns)
                kept = snapshot(columns)
            upgraded_keeping_everything(app, columns, kept)
        finally:
            with app.app_context():
                db.engine.dispose()


@pytest.mark.parametrize("commit", _commits(BROKEN_BEFORE_THE_REPAIR))
def test_a_database_the_release_before_the_repair_failed_or_half_upgraded_is_repaired(made, rows, commit):  # noqa: F811
    """Made while 0015 had no club, holding rows, then upgraded by the release before 0017: on PostgreSQL
    that fails at 0016 and the database stays at 0015; on SQLite 0016 runs without the club."""
    if commit is None:
        pytest.fail(WHY_UNKNOWN)
    with made.copy(commit) as url:
        app = app_on(url)
        try:
            with app.app_context():
                columns = {table: names for table, names in schema().items() if table != "alembic_version"}
                write(rows, columns)
                kept = snapshot(columns)
                db.engine.dispose()
            tried = made.run_upgrade(BEFORE_THE_REPAIR, url)
            with app.app_context():
                assert current() == (("0016",) if tried.returncode == 0 else (_newest(commit),)), tried.stderr
            upgraded_keeping_everything(app, columns, kept)
        finally:
            with app.app_context():
                db.engine.dispose()


def _newest(commit: str) -> str:
    return _revision_files(commit)[-1].split("_", 1)[0]
