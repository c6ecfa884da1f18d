"""What is kept of a club night: its settings, its pairs, its rounds and each round's tables (each an
ordinary game), and the director's log. Never what a result is worth: victory points, match points and
the standings come from the tournament package, from the tables' games as the engine scores them."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Date, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .database import db
from .models import Game, new_join_code, new_token, now


class Club(db.Model):  # type: ignore[name-defined,misc]
    """A club that keeps its nights: its season's table and each pair's and player's record across nights."""

    __tablename__ = "club"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_token)
    name: Mapped[str] = mapped_column(String(80))
    # The season counts each pair's best N nights (None: every night).
    best_of: Mapped[int | None] = mapped_column(Integer, default=None)
    created_at: Mapped[datetime] = mapped_column(default=now)
    # How far a result moves its members' grades: K × (share − expected) (tournament.grades).
    grade_k: Mapped[float] = mapped_column(default=0.1, server_default="0.1")
    # Bumped by every change to its members (one added, archived, brought back, merged): a board offering
    # them can tell it shows an old list.
    roster_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    nights: Mapped[list[Night]] = relationship(back_populates="club", order_by="Night.held_on")


class Night(db.Model):  # type: ignore[name-defined,misc]
    """A club night: several tables, pairs that move between rounds, one set of rules for every table."""

    __tablename__ = "night"

    id: Mapped[int] = mapped_column(primary_key=True)
    # The director's link (it changes the night); the public link and short code follow the standings.
    director_token: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_token)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_token)
    join_code: Mapped[str] = mapped_column(String(8), unique=True, index=True, default=new_join_code)
    # The printed table cards' link: with the table's number it leads to the table's game of the round in
    # play, for recording (so only the cards on the tables carry it).
    table_token: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_token)
    name: Mapped[str] = mapped_column(String(80))
    held_on: Mapped[date] = mapped_column(Date)
    ruleset_id: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    recording: Mapped[str] = mapped_column(String(8), default="one")  # every table's game: models.RECORDINGS
    round_kind: Mapped[str] = mapped_column(String(8), default="hands")  # tournament.ROUND_KINDS
    round_length: Mapped[int | None] = mapped_column(Integer, default=3)  # hands or minutes (None: a game)
    rounds: Mapped[int] = mapped_column(Integer, default=3)  # as planned; the director may play more or fewer
    # Each round's movement in order (tournament.MOVEMENTS); rounds past the list repeat its last.
    movements: Mapped[list[str]] = mapped_column(JSON, default=list)
    mitchell_step: Mapped[int] = mapped_column(Integer, default=1)
    scoring: Mapped[str] = mapped_column(String(10), default="scale")  # tournament.SCORINGS
    decisive: Mapped[int | None] = mapped_column(Integer, default=None)  # the scale's B (None: the default)
    tie_breaks: Mapped[list[str]] = mapped_column(JSON, default=list)  # tournament.TieBreak values, in order
    # A bye (sitting a round out) is worth these points and this difference (a Genova club: 14 VP, +355).
    bye_points: Mapped[float] = mapped_column(default=14.0)
    bye_difference: Mapped[int] = mapped_column(Integer, default=355)
    # Scored with handicaps: H, how strongly the pairs' grades weigh (tournament.grades.handicap); None: scratch.
    handicap: Mapped[float | None] = mapped_column(default=None)
    # The Mitchell's two lines: the staying one and the moving one, pair numbers or None for an empty seat.
    lines: Mapped[list[list[int | None]] | None] = mapped_column(JSON, default=None)
    created_at: Mapped[datetime] = mapped_column(default=now)
    # The club whose season the night counts in, if any.
    club_id: Mapped[int | None] = mapped_column(ForeignKey("club.id", ondelete="SET NULL"), default=None, index=True)
    # Bumped by every change, so a board, a TV or a standings page can tell it shows an old state.
    version: Mapped[int] = mapped_column(Integer, default=1)

    club: Mapped[Club | None] = relationship(back_populates="nights")
    pairs: Mapped[list[NightPair]] = relationship(
        back_populates="night", order_by="NightPair.number", cascade="all, delete-orphan"
    )
    played: Mapped[list[NightRound]] = relationship(
        back_populates="night", order_by="NightRound.number", cascade="all, delete-orphan"
    )


class NightPair(db.Model):  # type: ignore[name-defined,misc]
    """A pair of a night (one player in two-handed rule sets), numbered from 1 in the order they came."""

    __tablename__ = "night_pair"
    __table_args__ = (UniqueConstraint("night_id", "number"), UniqueConstraint("night_id", "save_key"))

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    players: Mapped[list[str]] = mapped_column(JSON)
    joined_before_round: Mapped[int] = mapped_column(Integer, default=1)  # a late pair: the first round it plays
    left_after_round: Mapped[int | None] = mapped_column(Integer, default=None)  # withdrawn: the last it played
    # The one-time key of the form that added it (the door's, the board's): sent again, it adds nothing.
    save_key: Mapped[str | None] = mapped_column(String(64), default=None)

    night: Mapped[Night] = relationship(back_populates="pairs")


class NightRound(db.Model):  # type: ignore[name-defined,misc]
    """A round as drawn: its tables, the pairs sitting out, when it started and (by minutes) when it ends."""

    __tablename__ = "night_round"
    __table_args__ = (UniqueConstraint("night_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    movement: Mapped[str] = mapped_column(String(16))
    byes: Mapped[list[int]] = mapped_column(JSON, default=list)  # pair numbers
    started_at: Mapped[datetime] = mapped_column(default=now)
    ends_at: Mapped[datetime | None] = mapped_column(default=None)

    night: Mapped[Night] = relationship(back_populates="played")
    tables: Mapped[list[NightTable]] = relationship(
        back_populates="round", order_by="NightTable.number", cascade="all, delete-orphan"
    )


class NightTable(db.Model):  # type: ignore[name-defined,misc]
    """A table of a round: the two pairs (north-south stays in a Mitchell) and the ordinary game they play;
    the director's fixed result, when the game's own does not stand."""

    __tablename__ = "night_table"
    __table_args__ = (UniqueConstraint("round_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("night_round.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    north_south: Mapped[int] = mapped_column(Integer)  # pair numbers
    east_west: Mapped[int] = mapped_column(Integer)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="SET NULL"), default=None, index=True)
    fixed_scores: Mapped[list[int] | None] = mapped_column(JSON, default=None)  # [north-south, east-west]
    # A player of the pair that did not record tapped "we agree" under the game's last line (games kept by
    # halves are agreed hand by hand instead).
    agreed_at: Mapped[datetime | None] = mapped_column(default=None)
    # The hands that tap agreed to (a digest of their ids and versions): a hand recorded, fixed or undone
    # since then voids it, and the other pair is asked again.
    agreed_hands: Mapped[str | None] = mapped_column(String(32), default=None)

    round: Mapped[NightRound] = relationship(back_populates="tables")
    game: Mapped[Game | None] = relationship()


class NightLog(db.Model):  # type: ignore[name-defined,misc]
    """A director's change to a night: a pair added or withdrawn, a round started early (with the reason),
    a result fixed, a pair moved."""

    __tablename__ = "night_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(default=now)
    action: Mapped[str] = mapped_column(String(16))
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    reason: Mapped[str] = mapped_column(Text, default="")


class PhoneNight(db.Model):  # type: ignore[name-defined,misc]
    """A club night opened on a phone, for the home page's list (as ``PhoneGroup`` for tables of friends):
    through its director's board (``director``) or only to follow it."""

    __tablename__ = "phone_night"
    __table_args__ = (UniqueConstraint("phone_id", "night_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    phone_id: Mapped[str] = mapped_column(String(64), index=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"), index=True)
    director: Mapped[bool] = mapped_column(default=False)
    opened_at: Mapped[datetime] = mapped_column(default=now)

    night: Mapped[Night] = relationship()


class PhoneClub(db.Model):  # type: ignore[name-defined,misc]
    """A club opened on a phone, for the home page's list."""

    __tablename__ = "phone_club"
    __table_args__ = (UniqueConstraint("phone_id", "club_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    phone_id: Mapped[str] = mapped_column(String(64), index=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    opened_at: Mapped[datetime] = mapped_column(default=now)

    club: Mapped[Club] = relationship()
