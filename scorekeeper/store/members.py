"""A club's members: the players it knows, each once by name (accents and case aside), with an optional
federation or member number and the grade the club gave them to start from; a member archived (off the
club's lists, their nights kept) or merged into another (their name leads to that member)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .database import db
from .models import now

#: A pair player's name, as ``shapes.limits.PLAYER_NAME`` bounds it (the store does not import the shapes).
PLAYER_NAME = 60
#: A member's number as a federation or a club writes it (letters and digits: "ES-12345").
MEMBER_NUMBER = 20
#: The name as compared: lower case without accents (a ligature may spread over several letters).
MEMBER_KEY = 4 * PLAYER_NAME


class ClubMember(db.Model):  # type: ignore[name-defined,misc]
    """A member of a club: known across its nights by ``name_key``, the name compared accents and case aside."""

    __tablename__ = "club_member"
    __table_args__ = (UniqueConstraint("club_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(PLAYER_NAME))
    name_key: Mapped[str] = mapped_column(String(MEMBER_KEY))
    number: Mapped[str] = mapped_column(String(MEMBER_NUMBER), default="")
    # A percentage from 0 to 100 the club gave (None: the member starts at 50, as everyone does).
    starting_grade: Mapped[float | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=now)
    # Archived by the club's director: off the club's lists and a door's completion, history kept (None: not).
    archived_at: Mapped[datetime | None] = mapped_column(default=None)
    # Merged into another member: this name is that member's, at the door and in the grades (None: not merged).
    merged_into_id: Mapped[int | None] = mapped_column(
        ForeignKey("club_member.id", ondelete="SET NULL"), default=None, index=True
    )
