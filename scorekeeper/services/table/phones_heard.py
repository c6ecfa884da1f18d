"""When a club night's table's phones were last heard from, and whether they said they keep changes the server has
not: the night's board tells a table that waits for its phones (no connection, a change waiting for a player's
choice) from a table that is late.

The pages a table's phones follow note it (a side's page and its half form's questions, the edit link's sheet and
hand form): in the database, so that every worker and server sees it, yet never a write per question: at most one
a minute for a link in each process, and at once when the count of changes the phone says it keeps moves. Games
that are no night's table note nothing.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ...store.database import db
from ...store.kept import Kept
from ...store.models import PhonesHeard, now
from ...store.nights import NightTable
from ..transaction import begin_write, writes

#: A table's phones not heard from for this long, while its round is played, are waiting for a connection (a
#: followed page asks every 1.5 s while it is on screen; a screen left off a while is not a table that is late
#: either: its players are playing).
QUIET = timedelta(minutes=2)
#: How often one process notes again that it heard a link's phones (when what they keep has not changed).
REFRESH_SECONDS = 60.0
#: The most changes a phone is believed to keep (a number sent by a phone is a phone's word, not a count to store).
MOST_KEPT = 999

#: What this process last noted, by (game's public id, link): when (its clock), and the count of changes kept.
_noted: Kept[tuple[float, int]] = Kept(limit=8192)
#: Whether a game is a club night's table, by its public id (a table's game is one from its start, and only then).
_at_night: Kept[bool] = Kept(limit=8192)


#: What a table's phones say of it (``phones_wait``).
PhonesWait = Literal["kept", "quiet"] | None


@dataclass(frozen=True)
class Heard:
    """A link's phones, as last heard from: when, and how many changes they said they keep unsent."""

    at: datetime
    kept: int


@writes
def note_heard(game_id: int, public_id: str, link: int, kept: int | None) -> None:
    """The phones on ``link`` of the game (a side's position, or ``EDIT_LINK``) asked for one of its pages now,
    saying they keep ``kept`` changes the server has not (None: not said, the count noted stays): noted for a club
    night's table, when it is due. ``public_id``: the game's, which names what this process remembers of it."""
    key = (public_id, link)
    last = _noted.get(key)
    if kept is not None:
        kept = max(0, min(kept, MOST_KEPT))
    elif last is not None:
        kept = last[1]
    if last is not None and last[1] == kept and time.monotonic() - last[0] < REFRESH_SECONDS:
        return
    if not _night_table(game_id, public_id):
        _noted.keep(key, (time.monotonic(), kept or 0))
        return
    begin_write()
    row = db.session.scalars(
        select(PhonesHeard).where(PhonesHeard.game_id == game_id, PhonesHeard.link == link)
    ).one_or_none()
    if row is None:
        row = PhonesHeard(game_id=game_id, link=link)
        db.session.add(row)
    row.heard_at = now()
    if kept is not None or row.kept is None:
        row.kept = kept or 0
    noted = row.kept
    try:
        db.session.commit()
    except IntegrityError:  # two questions of one link at once: one note is enough
        db.session.rollback()
    _noted.keep(key, (time.monotonic(), noted))


def _night_table(game_id: int, public_id: str) -> bool:
    """Whether the game is a club night's table."""
    known = _at_night.get(public_id)
    if known is None:
        found = db.session.scalar(select(NightTable.id).where(NightTable.game_id == game_id).limit(1))
        known = _at_night.keep(public_id, found is not None)
    return known


def heard_from(game_ids: Iterable[int]) -> dict[int, dict[int, Heard]]:
    """Each game's links' phones as last heard from, by game id then link (one query)."""
    ids = sorted(set(game_ids))
    found: dict[int, dict[int, Heard]] = {}
    if not ids:
        return found
    rows = db.session.execute(
        select(PhonesHeard.game_id, PhonesHeard.link, PhonesHeard.heard_at, PhonesHeard.kept).where(
            PhonesHeard.game_id.in_(ids)
        )
    )
    for game_id, link, at, kept in rows:
        found.setdefault(game_id, {})[link] = Heard(at, kept)
    return found


def phones_wait(links: Mapping[int, Heard], at: datetime) -> PhonesWait:
    """What a table's phones say of it: ``"kept"`` when one of them said it keeps changes the server has not (its
    last word, however long ago), ``"quiet"`` when one that was heard from has not been for ``QUIET`` (no connection
    at the table, or a screen left off: the server cannot tell which), None when neither (a link never opened is not
    waited for: its players have not begun)."""
    if any(heard.kept > 0 for heard in links.values()):
        return "kept"
    if any(at - heard.at > QUIET for heard in links.values()):
        return "quiet"
    return None
