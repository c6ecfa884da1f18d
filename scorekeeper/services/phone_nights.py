"""The club nights and clubs a phone has opened: listed on its home page (a night's director finds the
board again after closing the browser; a player the standings), kept on the server under the phone's
cookie, as its tables of friends are."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..store.database import db
from ..store.nights import Club, Night, PhoneClub, PhoneNight
from .phone_lists import forget_opened, remember_opened

#: The most nights a phone's home page lists (the newest opened).
LISTED_NIGHTS = 20


def remember_night(phone_id: str, night_id: int, *, director: bool) -> None:
    """Put the night on the phone's list: by its board (``director``) or to follow it."""
    remember_opened(PhoneNight, phone_id, {"night_id": night_id}, director=director)


def remember_club(phone_id: str, club_id: int) -> None:
    """Put the club on the phone's list."""
    remember_opened(PhoneClub, phone_id, {"club_id": club_id})


def phone_nights(phone_id: str) -> list[tuple[Night, bool]]:
    """The phone's nights, most recently opened first, each with whether it opened the director's board."""
    rows = db.session.scalars(
        select(PhoneNight)
        .where(PhoneNight.phone_id == phone_id)
        .order_by(PhoneNight.opened_at.desc(), PhoneNight.id.desc())
        .limit(LISTED_NIGHTS)
        .options(selectinload(PhoneNight.night))
    )
    return [(row.night, row.director) for row in rows]


def phone_clubs(phone_id: str) -> list[Club]:
    """The phone's clubs, most recently opened first."""
    rows = db.session.scalars(
        select(PhoneClub)
        .where(PhoneClub.phone_id == phone_id)
        .order_by(PhoneClub.opened_at.desc(), PhoneClub.id.desc())
        .options(selectinload(PhoneClub.club))
    )
    return [row.club for row in rows]


def forget_night(phone_id: str, public_id: str) -> None:
    """Take a night off the phone's list (the night goes on, for everyone with its links)."""
    forget_opened(PhoneNight, phone_id, PhoneNight.night_id, select(Night.id).where(Night.public_id == public_id))


def forget_club(phone_id: str, token: str) -> None:
    """Take a club off the phone's list (the club stays, for everyone with its link)."""
    forget_opened(PhoneClub, phone_id, PhoneClub.club_id, select(Club.id).where(Club.token == token))
