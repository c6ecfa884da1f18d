"""Schema changes that keep every row: what ``migrations/env.py`` does around every migration.

- On SQLite, foreign keys are off while a migration runs. Alembic's batch mode rebuilds a table by
  copying it and dropping the old one; with foreign keys on, dropping ``game`` cascades into every
  side, player, hand and log row (Alembic's documentation on batch mode says to turn them off).
  Before a step commits, ``PRAGMA foreign_key_check`` must find no row the step left pointing at
  nothing.
- Each migration runs in its own transaction: a step that fails or is refused changes nothing, and
  the database stays at the revision before it.
- A downgrade that would drop data (a column or table that holds something) is refused before its
  first step. Each migration says what its downgrade would lose in ``data_lost_by_downgrade``;
  ``--x-arg force=yes`` goes ahead anyway.
- A landed revision never changes; a database made while one still changed is repaired by a later
  revision. When the repair must come before a landed step (that step cannot run without it), the later
  revision names it in ``repairs_before`` and it runs inside that step, before the step's own upgrade
  (migration 0017 is the first).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection

#: A migration's own check: what its downgrade would drop that holds data, in words (None: nothing).
LossCheck = Callable[[Connection], "str | None"]


class MigrationRefused(RuntimeError):
    """A migration step that would lose rows: nothing of it (or, for a downgrade, of any step) was run.

    A RuntimeError so that ``flask db`` prints it as one line and exits 1 (Flask-Migrate's handling)."""


class RowKeeper:
    """Keeps every row through a run of migrations on one connection (see the module's docstring)."""

    def __init__(self, connection: Connection, force: bool = False) -> None:
        self.connection = connection
        self.force = force
        self.sqlite = connection.dialect.name == "sqlite"
        self._baseline: set[tuple[Any, ...]] = set()

    def begin(self) -> None:
        """Turn SQLite's foreign keys off (outside any transaction, or SQLite ignores it) and note
        the rows that already point at nothing, so that only a step's own orphans refuse it."""
        if not self.sqlite:
            return
        raw = self.connection.connection.dbapi_connection
        assert raw is not None
        if self.connection.in_transaction():
            self.connection.rollback()
        raw.execute("PRAGMA foreign_keys = OFF")
        self._baseline = set(self.foreign_key_violations())
        self.connection.rollback()  # Alembic leaves a transaction it finds open to its caller: none is

    def end(self) -> None:
        """Never give a connection whose foreign keys were off back to the pool: it is discarded,
        and the next one is opened with them on (sqlite.py)."""
        if self.sqlite:
            self.connection.invalidate()

    def foreign_key_violations(self) -> list[tuple[Any, ...]]:
        """Every row whose foreign key points at no row (SQLite's own check)."""
        rows = self.connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        return [tuple(row) for row in rows]

    def check_step(self, *, ctx: Any, step: Any, heads: Any, run_args: Any) -> None:
        """Alembic's ``on_version_apply``: runs inside the step's transaction, before its commit."""
        if not self.sqlite:
            return  # PostgreSQL checks every foreign key itself, at once
        orphans = [row for row in self.foreign_key_violations() if row not in self._baseline]
        if orphans:
            tables = sorted({str(row[0]) for row in orphans})
            raise MigrationRefused(
                f"Migration {step.up_revision_id} would leave {len(orphans)} rows of "
                f"{', '.join(tables)} pointing at nothing: it was rolled back and nothing changed."
            )

    def refusing_lost_data(self, steps_of: Callable[..., Sequence[Any]]) -> Callable[..., Sequence[Any]]:
        """Wrap Alembic's function that lists the steps to run, so that the whole list is checked
        before the first step: a downgrade that would drop data is refused with nothing run."""

        def steps(heads: Any, ctx: Any) -> Sequence[Any]:
            planned = list(steps_of(heads, ctx))
            if not self.force:
                losses = list(self.losses(planned))
                if losses:
                    raise MigrationRefused(
                        "This downgrade would delete data, so nothing was changed: "
                        + "; ".join(losses)
                        + ". Back the database up first (make backup); then, if that is really meant, "
                        "run the downgrade again with --x-arg force=yes."
                    )
            return planned

        return steps

    def losses(self, steps: Iterable[Any]) -> Iterator[str]:
        """What each downgrade step in ``steps`` would drop that holds data."""
        for step in steps:
            if getattr(step, "is_upgrade", True):
                continue
            check: LossCheck | None = getattr(step.revision.module, "data_lost_by_downgrade", None)
            lost = check(self.connection) if check is not None else None
            if lost:
                yield f"{step.revision.revision}: {lost}"


#: A repair for a database made by an earlier version of a landed revision (it uses Alembic's ``op``).
Repair = Callable[[], object]


def repairs_before(modules: Iterable[Any]) -> dict[str, list[Repair]]:
    """Every revision module's ``repairs_before`` gathered: the repairs to run before each landed step."""
    found: dict[str, list[Repair]] = {}
    for module in modules:
        for revision, repairs in getattr(module, "repairs_before", {}).items():
            found.setdefault(revision, []).extend(repairs)
    return found


class RepairedStep:
    """An upgrade step of Alembic's whose migration function runs ``repairs`` first (in the step's own
    transaction); everything else is the step's."""

    def __init__(self, step: Any, repairs: Sequence[Repair]) -> None:
        self.step = step
        self.repairs = list(repairs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.step, name)

    def __str__(self) -> str:
        return str(self.step)

    @property
    def migration_fn(self) -> Callable[..., None]:
        def repaired_then_upgraded(**kw: Any) -> None:
            for repair in self.repairs:
                repair()
            self.step.migration_fn(**kw)

        return repaired_then_upgraded


def repairing_first(
    steps_of: Callable[..., Sequence[Any]], repairs: dict[str, list[Repair]]
) -> Callable[..., Sequence[Any]]:
    """Wrap Alembic's function that lists the steps to run, so that an upgrade step a later revision
    repairs before (``repairs_before``) runs those repairs first."""

    def steps(heads: Any, ctx: Any) -> Sequence[Any]:
        planned = []
        for step in steps_of(heads, ctx):
            needed = repairs.get(_upgrading(step) or "")
            planned.append(RepairedStep(step, needed) if needed else step)
        return planned

    return steps


def _upgrading(step: Any) -> str | None:
    """The revision an upgrade step runs (None for a downgrade or a stamp)."""
    script = getattr(step, "revision", None)
    return script.revision if getattr(step, "is_upgrade", False) and script is not None else None


@contextmanager
def keeping_every_row(connection: Connection, force: bool = False) -> Iterator[RowKeeper]:
    """A ``RowKeeper`` for one run of migrations on ``connection``."""
    keeper = RowKeeper(connection, force)
    keeper.begin()
    try:
        yield keeper
    finally:
        keeper.end()


def part_of_the_schema(name: str | None, type_: str, _parents: Any) -> bool:
    """Alembic's ``include_name``: the rate-limit counts' table is made by rate_store.py on first use and
    is no part of the app's schema (autogenerate must never propose dropping it)."""
    from .rate_counts import TABLE

    return not (type_ == "table" and name == TABLE)


def count(connection: Connection, sql: str, **params: Any) -> int:
    """The one number a ``SELECT count(*)`` answers (for the migrations' loss checks)."""
    return int(connection.execute(text(sql), params).scalar() or 0)


def loss(number: int, what: str) -> str | None:
    """``"what: N"`` when there is something to lose, else None."""
    return f"{what}: {number}" if number else None
