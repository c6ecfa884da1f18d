"""Who else is typing the same hand: each phone's live preview notes it, the others are told.

Kept in the database (not in one server process's memory) so that every worker and server sees it.
A phone's note is written at most every few seconds, however fast it types.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from ...store.database import db
from ...store.models import Game, Typing, now
from ..transaction import begin_write, writes

#: How often one phone's note is refreshed, and how long another phone counts as typing.
REFRESH = timedelta(seconds=5)
RECENT = timedelta(seconds=20)


@writes
def note_typing(game: Game, hand_number: int, phone_id: str) -> None:
    """This phone is typing ``hand_number`` of the game (old notes of the game are cleared on the way)."""
    mine = db.session.scalars(
        select(Typing).where(Typing.game_id == game.id, Typing.hand_number == hand_number, Typing.phone_id == phone_id)
    ).first()
    if mine is not None and now() - mine.at < REFRESH:
        return
    begin_write()
    db.session.execute(delete(Typing).where(Typing.game_id == game.id, Typing.at < now() - RECENT * 3))
    mine = db.session.scalars(
        select(Typing).where(Typing.game_id == game.id, Typing.hand_number == hand_number, Typing.phone_id == phone_id)
    ).first()
    if mine is None:
        db.session.add(Typing(game_id=game.id, hand_number=hand_number, phone_id=phone_id, at=now()))
    else:
        mine.at = now()
    try:
        db.session.commit()
    except IntegrityError:  # the same phone's two previews at once: one note is enough
        db.session.rollback()


def others_typing(game_id: int, hand_number: int, phone_id: str | None) -> int | None:
    """Seconds since another phone last typed ``hand_number`` of the game, if one did lately."""
    latest = db.session.scalars(
        select(Typing.at)
        .where(Typing.game_id == game_id, Typing.hand_number == hand_number, Typing.phone_id != (phone_id or ""))
        .order_by(Typing.at.desc())
    ).first()
    if latest is None or now() - latest > RECENT:
        return None
    return int((now() - latest).total_seconds())
