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


def phone_groups(phone_id: str, limit: int | None = None) -> list[tuple[Group, int]]:
    """The phone's tables of friends (the ``limit`` most recently opened, or all), most recently opened
    first, each with its number of games."""
    games = select(func.count(Game.id)).where(Game.group_id == PhoneGroup.group_id).scalar_subquery()
    rows = db.session.execute(
        select(PhoneGroup, games)
        .where(PhoneGroup.phone_id == phone_id)
        .order_by(PhoneGroup.opened_at.desc(), PhoneGroup.id.desc())
        .limit(limit)
        .options(selectinload(PhoneGroup.group).selectinload(Group.players))
    ).all()
    return [(row.group, int(count)) for row, count in rows]


def count_groups(phone_id: str) -> int:
    """How many tables of friends the phone's list holds."""
    return db.session.scalar(select(func.count()).where(PhoneGroup.phone_id == phone_id)) or 0


def forget(phone_id: str, token: str) -> None:
    """Take a group off the phone's list (the group stays, for everyone with its link)."""
    forget_opened(PhoneGroup, phone_id, PhoneGroup.group_id, select(Group.id).where(Group.token == token))
