"""A withdrawn pair put back: a director's slip taken back while the pair's next round has not begun (no round
drawn since it withdrew). It then plays on as if it had not left: in a Mitchell it takes its seat again (the
one ``pairs.withdraw_pair`` logged), or, if a late pair has taken that seat since, a seat as a late pair's.
"""

from __future__ import annotations

from sqlalchemy import select

from ...engine.i18n import N_, Msg
from ...store.database import db
from ...store.nights import Night, NightLog, NightPair
from ...tournament import Seat, come_back
from ..errors import Refused
from ..transaction import writes
from .changes import lock_night, log_change


@writes
def put_back(night: Night, number: int) -> None:
    """Pair ``number``, withdrawn, plays on from the next round, as if it had not left (logged); refused once
    a round has been drawn since it withdrew, or for a pair that has not withdrawn."""
    night = lock_night(night)
    pair = next((p for p in night.pairs if p.number == number and p.left_after_round is not None), None)
    if pair is None:
        db.session.rollback()
        raise Refused("pair", Msg(N_("There is no such pair withdrawn tonight.")))
    if not may_put_back(night, pair):
        db.session.rollback()
        raise Refused(
            "pair",
            Msg(
                N_("Pair %(n)s can no longer be put back: a round has been drawn since it withdrew."),
                {"n": number},
            ),
        )
    pair.left_after_round = None
    if night.lines is not None:
        staying, moving = come_back((tuple(night.lines[0]), tuple(night.lines[1])), number, _seat_left(night, number))
        night.lines = [list(staying), list(moving)]
    log_change(night, NightLog(action="put_back", detail={"pair": number}))


def may_put_back(night: Night, pair: NightPair) -> bool:
    """Whether ``pair`` is withdrawn and no round has been drawn since (the board offers to put it back)."""
    return pair.left_after_round is not None and pair.left_after_round == len(night.played)


def _seat_left(night: Night, number: int) -> Seat | None:
    """The Mitchell seat pair ``number`` left, as its last withdrawal logged it (None: none logged)."""
    logs = db.session.scalars(
        select(NightLog)
        .where(NightLog.night_id == night.id, NightLog.action == "withdraw")
        .order_by(NightLog.id.desc())
    )
    seat = next((log.detail.get("seat") for log in logs if log.detail.get("pair") == number), None)
    if not isinstance(seat, list) or len(seat) != 2 or not all(isinstance(k, int) for k in seat):
        return None
    return seat[0], seat[1]
