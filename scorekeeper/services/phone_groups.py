"""The tables of friends a phone has opened: listed on its home page beside its games, kept on the
server under the phone's long-lived random cookie (as ``phone`` keeps its games)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..store.database import db
from ..store.kept import Kept
from ..store.models import Game, Group, PhoneGroup, now
from .phone import REFRESH
from .transaction import begin_write, writes

#: When this process last wrote or read a (phone, group): within REFRESH nothing is asked again.
_seen: Kept[datetime] = Kept(limit=20_000)


@writes
def remember(phone_id: str, group_id: int) -> None:
    """Put the group on the phone's list (first when listed by recency); at most one write an hour."""
    key = (phone_id, group_id)
    seen = _seen.get(key)
    if seen is not None and now() - seen < REFRESH:
        return
    begin_write()
    known = db.session.scalars(
        select(PhoneGroup).where(PhoneGroup.phone_id == phone_id, PhoneGroup.group_id == group_id)
    ).first()
    opened = now()
    if known is None:
        db.session.add(PhoneGroup(phone_id=phone_id, group_id=group_id, opened_at=opened))
    elif opened - known.opened_at >= REFRESH:
        known.opened_at = opened
    try:
        db.session.commit()
        _seen.keep(key, opened)
    except IntegrityError:  # the same phone opened the same group twice at once: one row is enough
        db.session.rollback()


def phone_groups(phone_id: str) -> list[tuple[Group, int]]:
    """The phone's tables of friends, most recently opened first, each with its number of games."""
    games = (
        select(Game.group_id, func.count(Game.id).label("games"))
        .where(Game.group_id.is_not(None))
        .group_by(Game.group_id)
        .subquery()
    )
    rows = db.session.execute(
        select(PhoneGroup, func.coalesce(games.c.games, 0))
        .outerjoin(games, games.c.group_id == PhoneGroup.group_id)
        .where(PhoneGroup.phone_id == phone_id)
        .order_by(PhoneGroup.opened_at.desc(), PhoneGroup.id.desc())
        .options(selectinload(PhoneGroup.group).selectinload(Group.players))
    ).all()
    return [(row.group, int(count)) for row, count in rows]


@writes
def forget(phone_id: str, token: str) -> None:
    """Take a group off the phone's list (the group stays, for everyone with its link)."""
    begin_write()
    _seen.drop_where(lambda key: isinstance(key, tuple) and key[0] == phone_id)
    group_ids = select(Group.id).where(Group.token == token).scalar_subquery()
    db.session.execute(delete(PhoneGroup).where(PhoneGroup.phone_id == phone_id, PhoneGroup.group_id == group_ids))
    db.session.commit()
