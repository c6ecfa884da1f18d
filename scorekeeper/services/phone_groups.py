"""The tables of friends a phone has opened: listed on its home page beside its games, kept on the
server under the phone's long-lived random cookie (as ``phone`` keeps its games)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from ..store.database import db
from ..store.models import Game, Group, PhoneGroup
from .phone_lists import forget_opened, remember_opened


def remember(phone_id: str, group_id: int) -> None:
    """Put the group on the phone's list (first when listed by recency); at most one write an hour."""
    remember_opened(PhoneGroup, phone_id, {"group_id": group_id})


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


def forget(phone_id: str, token: str) -> None:
    """Take a group off the phone's list (the group stays, for everyone with its link)."""
    forget_opened(PhoneGroup, phone_id, PhoneGroup.group_id, select(Group.id).where(Group.token == token))
