"""How a club night is changed: locked first (as a game is), the change logged and committed once so that the
night's version moves on and every board sees it; a change made only between rounds refused while a round is
played (``NightClosed``); the night's two Mitchell lines as the tournament package reads them."""

from __future__ import annotations

from sqlalchemy import select

from ...store.database import db
from ...store.nights import Night, NightLog
from ..transaction import begin_write
from .finding import WHOLE_NIGHT
from .night_results import table_result


class NightClosed(ValueError):
    """A change only made between rounds (a pair added or withdrawn) asked for while a round is played,
    or a round drawn while a table is still playing and no reason was given."""


def lock_night(night: Night) -> Night:
    """The night, locked for a change (as a game is: its row on PostgreSQL, the database on SQLite)."""
    night_id = night.id
    begin_write()
    found = db.session.scalars(select(Night).where(Night.id == night_id).options(*WHOLE_NIGHT).with_for_update()).one()
    return found


def between_rounds(night: Night) -> None:
    """Refuse a change made while the last round's tables still play."""
    if night.played and any(not table_result(table).counts for table in night.played[-1].tables):
        db.session.rollback()
        raise NightClosed("a round is being played")


def lines_of(night: Night) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
    """The night's two Mitchell lines (the pair at each table of the line that stays, and of the one that moves)."""
    staying, moving = night.lines or ([], [])
    return tuple(staying), tuple(moving)


def log_change(night: Night, log: NightLog) -> None:
    """Commit a change with its log line: the night's version moves on, so every board sees it."""
    night.version += 1
    log.night_id = night.id
    db.session.add(log)
    db.session.commit()


def night_log(night: Night) -> list[NightLog]:
    """The director's changes, newest first."""
    return list(db.session.scalars(select(NightLog).where(NightLog.night_id == night.id).order_by(NightLog.id.desc())))
