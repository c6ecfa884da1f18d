"""Whether the database is there and takes writes (for /healthz and a load balancer)."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from ..store.database import db
from ..store.models import Heartbeat, now
from .transaction import begin_write, writes

HEARTBEAT_ID = 1


@writes
def touch_heartbeat() -> None:
    """Write the heartbeat row and commit: raises ``StorageUnavailable`` if the database cannot."""
    begin_write()
    beat = db.session.get(Heartbeat, HEARTBEAT_ID)
    if beat is None:
        db.session.add(Heartbeat(id=HEARTBEAT_ID, at=now()))
    else:
        beat.at = now()
    try:
        db.session.commit()
    except IntegrityError:  # another check wrote the first row at the same instant: writes work
        db.session.rollback()
