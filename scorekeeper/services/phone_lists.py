"""What a phone has opened besides its games (tables of friends, club nights, clubs), for its home page:
one row per phone and thing, written at most once an hour per server process, kept on the server under
the phone's long-lived random cookie (as ``phone`` keeps its games)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Select, delete, select
from sqlalchemy.exc import IntegrityError

from ..store.database import db
from ..store.kept import Kept
from ..store.models import now
from .phone import REFRESH
from .transaction import begin_write, writes

#: When this process last wrote or read a (phone, kind of thing, thing): within REFRESH nothing is asked again.
_seen: Kept[datetime] = Kept(limit=20_000)


@writes
def remember_opened(model: Any, phone_id: str, key: dict[str, Any], **values: Any) -> None:
    """Put the thing ``key`` names on the phone's list of ``model`` (first when listed by recency), with
    ``values`` on a new row; ``values`` that are true also turn an older row's on (a follower who later
    opens the director's board is then listed as its director). At most one write an hour."""
    seen_key = (phone_id, model.__tablename__, *key.values(), *(name for name, value in values.items() if value))
    seen = _seen.get(seen_key)
    if seen is not None and now() - seen < REFRESH:
        return
    begin_write()
    conditions = [getattr(model, name) == value for name, value in key.items()]
    known = db.session.scalars(select(model).where(model.phone_id == phone_id, *conditions)).first()
    opened = now()
    if known is None:
        db.session.add(model(phone_id=phone_id, opened_at=opened, **key, **values))
    else:
        if opened - known.opened_at >= REFRESH:
            known.opened_at = opened
        for name, value in values.items():
            if value:
                setattr(known, name, value)
    try:
        db.session.commit()
        _seen.keep(seen_key, opened)
    except IntegrityError:  # the same phone opened the same thing twice at once: one row is enough
        db.session.rollback()


@writes
def forget_opened(model: Any, phone_id: str, column: Any, owner: Select[Any]) -> None:
    """Take what ``owner`` selects (its id, by the link the phone gave) off the phone's list of ``model``,
    whose ``column`` points at it; the thing itself stays, for everyone with its link."""
    begin_write()
    _seen.drop_where(lambda key: isinstance(key, tuple) and key[0] == phone_id)  # asked again from now on
    db.session.execute(delete(model).where(model.phone_id == phone_id, column == owner.scalar_subquery()))
    db.session.commit()
