"""A club night found behind one of its links or codes: the director's, the public one, the door's key, the
printed table cards' token, the short code typed on the home page; and the tables of the round in play.
Reading only: nothing here writes."""

from __future__ import annotations

import base64
import hashlib
import hmac

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ...shapes.limits import is_token, short_code
from ...store.database import db
from ...store.models import EditLog, Game
from ...store.nights import Night, NightRound, NightTable

#: A night with its pairs, rounds, tables and the tables' games, in one query each (not one per table).
WHOLE_NIGHT = (
    selectinload(Night.pairs),
    # of each table's log, what names its hands as they stand (``last_hand_change``): not every change's
    # hands before and after, which were most of what a 150-table night's page cost to load
    selectinload(Night.played)
    .selectinload(NightRound.tables)
    .selectinload(NightTable.game)
    .selectinload(Game.edits)
    .load_only(EditLog.id, EditLog.action),
)


def find_night(token: str, *, director: bool) -> Night | None:
    """The night behind a link: its director's token, or (to follow it) its public id."""
    if not is_token(token):
        return None
    column = Night.director_token if director else Night.public_id
    return db.session.scalars(select(Night).where(column == token).options(*WHOLE_NIGHT)).one_or_none()


def night_id(token: str, *, director: bool = False) -> int | None:
    """The id of the night behind a public link (``director``: the director's), in one small query (None: no
    such night)."""
    if not is_token(token):
        return None
    return db.session.scalar(select(Night.id).where((Night.director_token if director else Night.public_id) == token))


def door_key(night: Night) -> str:
    """The key in the door's QR code: whoever scans it may add a pair. Made from the director's token (which
    it does not give away), so the public link alone cannot reach the door's form."""
    digest = hashlib.sha256(b"door:" + night.director_token.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:22]


def find_by_door(public_id: str, key: str) -> Night | None:
    """The night whose door's QR code carries ``key`` (None: no such night, or not its door's key)."""
    night = find_night(public_id, director=False)
    if night is None or not hmac.compare_digest(door_key(night).encode(), key.encode()):
        return None
    return night


def find_by_table_token(token: str) -> Night | None:
    """The night whose printed table cards carry ``token``."""
    if not is_token(token):
        return None
    return db.session.scalars(select(Night).where(Night.table_token == token)).one_or_none()


def table_in_play(night: Night, number: int) -> NightTable | None:
    """Table ``number`` of the round in play (None: no round yet, or no such table this round)."""
    if not night.played:
        return None
    return next((table for table in night.played[-1].tables if table.number == number), None)


def most_tables(night: Night) -> int:
    """How many tables the night may need: one for every two pairs playing (at least the round's own)."""
    playing = sum(1 for pair in night.pairs if pair.left_after_round is None)
    drawn = len(night.played[-1].tables) if night.played else 0
    return max(drawn, (playing + 1) // 2, 1)


def find_by_code(code: str) -> Night | None:
    """The night a short code typed in the home page's box opens (as a game's code is read)."""
    cleaned = short_code(code)
    if cleaned is None:
        return None
    return db.session.scalars(select(Night).where(Night.join_code == cleaned)).first()
