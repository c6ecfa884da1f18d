"""What happened at the table: games, sides, players, hands, each side's entry, the edit log.

Never what it is worth: every score, total and minimum comes from the engine.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, Text, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .database import db


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    """An unguessable token for a link (128 bits)."""
    return secrets.token_urlsafe(16)


#: Join codes avoid letters and digits that read alike (0/O, 1/I/L).
JOIN_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
JOIN_LENGTH = 6


def new_join_code() -> str:
    """A short code to type on another phone (6 characters, about 887 million codes)."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))


#: The ways a side enters a hand: card by card, or the paper sheet's totals.
ENTRY_MODES = ("detailed", "quick")
#: The ways a game's hands are recorded: one recorder types every side's entry, or each side sends its
#: own half from its own phone and the other sides agree to it.
RECORDINGS = ("one", "halves")


class Game(db.Model):  # type: ignore[name-defined,misc]
    """A game at one table: its rule set, house rules, and who plays."""

    __tablename__ = "game"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_token)
    edit_token: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_token)
    # Typed on another phone to follow the game read-only ("Open a game").
    join_code: Mapped[str] = mapped_column(String(8), unique=True, index=True, default=new_join_code)
    ruleset_id: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now)
    # Bumped by every change, so a page can tell that it shows an old state.
    version: Mapped[int] = mapped_column(Integer, default=1)
    rematch_of_id: Mapped[int | None] = mapped_column(ForeignKey("game.id"), default=None)
    # How the table enters its first hand: "detailed" (card by card) or "quick" (the paper sheet's
    # totals); later hands start the way each side entered the hand before.
    entry_mode: Mapped[str] = mapped_column(String(10), default="detailed", server_default="detailed")  # ENTRY_MODES
    # Each side's total carried over from a paper sheet (the game resumes there); None: from zero.
    starting_totals: Mapped[list[int] | None] = mapped_column(JSON, default=None)
    # The table of friends the game belongs to (its history and records), if any.
    group_id: Mapped[int | None] = mapped_column(
        ForeignKey("table_group.id", ondelete="SET NULL"), default=None, index=True
    )
    # A short note the players keep with the game: where, what was at stake.
    note: Mapped[str] = mapped_column(String(200), default="", server_default="")
    # Who records the hands (RECORDINGS): one recorder, or each side its own half.
    recording: Mapped[str] = mapped_column(String(8), default="one", server_default="one")

    sides: Mapped[list[Side]] = relationship(
        back_populates="game", order_by="Side.position", cascade="all, delete-orphan"
    )
    hands: Mapped[list[Hand]] = relationship(
        back_populates="game", order_by="Hand.number", cascade="all, delete-orphan"
    )
    edits: Mapped[list[EditLog]] = relationship(
        back_populates="game", order_by="EditLog.id", cascade="all, delete-orphan"
    )


class Group(db.Model):  # type: ignore[name-defined,misc]
    """A table of friends that plays again and again: its own link, its roster, its games."""

    __tablename__ = "table_group"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(32), unique=True, index=True, default=new_token)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(default=now)

    players: Mapped[list[GroupPlayer]] = relationship(
        back_populates="group", order_by="GroupPlayer.position", cascade="all, delete-orphan"
    )


class GroupPlayer(db.Model):  # type: ignore[name-defined,misc]
    """A player on a group's roster, in the order the group wrote them."""

    __tablename__ = "group_player"
    __table_args__ = (UniqueConstraint("group_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("table_group.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(60))

    group: Mapped[Group] = relationship(back_populates="players")


class Side(db.Model):  # type: ignore[name-defined,misc]
    """A team, or a lone player in games where each plays for themselves."""

    __tablename__ = "side"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(80))
    # The side's own recording link (each side its own half): it sends that side's half and its word on
    # the others' halves, nothing else. Made when the game first records by halves.
    token: Mapped[str | None] = mapped_column(String(32), unique=True, index=True, default=None)

    game: Mapped[Game] = relationship(back_populates="sides")
    players: Mapped[list[Player]] = relationship(
        back_populates="side", order_by="Player.seat", cascade="all, delete-orphan"
    )


class Player(db.Model):  # type: ignore[name-defined,misc]
    """A person at the table, in a seat (seats are counted clockwise from 0)."""

    __tablename__ = "player"

    id: Mapped[int] = mapped_column(primary_key=True)
    side_id: Mapped[int] = mapped_column(ForeignKey("side.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(60))

    side: Mapped[Side] = relationship(back_populates="players")


class Hand(db.Model):  # type: ignore[name-defined,misc]
    """One hand of the game, numbered from 1."""

    __tablename__ = "hand"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    # Cutthroat partners for this hand: two side positions, or None.
    partners: Mapped[list[int] | None] = mapped_column(JSON, default=None)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now)
    # Recorded while the game was kept by halves: every side's agreement (to this version) is asked for.
    by_halves: Mapped[bool] = mapped_column(default=False, server_default=false())
    # How the hand ended, where it changes a score: "stock_out" when the stock ran out (the family's games
    # may then pay no going-out bonus); "" otherwise.
    ended: Mapped[str] = mapped_column(String(12), default="", server_default="")

    game: Mapped[Game] = relationship(back_populates="hands")
    entries: Mapped[list[HandEntry]] = relationship(
        back_populates="hand", order_by="HandEntry.side_position", cascade="all, delete-orphan"
    )


class HandEntry(db.Model):  # type: ignore[name-defined,misc]
    """What one side recorded for a hand, as the table said it (detailed or paper-sheet)."""

    __tablename__ = "hand_entry"
    __table_args__ = (UniqueConstraint("hand_id", "side_position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"), index=True)
    side_position: Mapped[int] = mapped_column(Integer)
    quick: Mapped[bool] = mapped_column(default=False)
    red_threes: Mapped[int] = mapped_column(Integer, default=0)
    went_out: Mapped[bool] = mapped_column(default=False)
    concealed: Mapped[bool] = mapped_column(default=False)
    melds: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    cards_held: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)
    cards_held_by_value: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)
    penalties: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    meld_points: Mapped[int] = mapped_column(Integer, default=0)
    canastas_natural: Mapped[int] = mapped_column(Integer, default=0)
    canastas_mixed: Mapped[int] = mapped_column(Integer, default=0)
    canastas_wild: Mapped[int] = mapped_column(Integer, default=0)
    # Quick entry: sambas, seven cards of one suit in sequence (Samba).
    canastas_samba: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Modern American: black threes laid out as bonus cards, and each player's own cards held (the side's
    # cards_held is then their sum); None where the side's cards are not told apart.
    black_threes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    cards_held_by_player: Mapped[list[dict[str, int]] | None] = mapped_column(JSON, default=None)
    # Modern American: the special hand the side went out with ("" for none; engine.cards.SPECIAL_HANDS).
    special_hand: Mapped[str] = mapped_column(String(12), default="", server_default="")
    hand_points: Mapped[int] = mapped_column(Integer, default=0)
    # Quick entry: the side went out with four black threes melded (a bonus in some rule sets).
    four_black_threes: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The Canasta family (Burraco, Buraco, Burako): the melds as their cards (or a set by rank), each with
    # the canasta the table wrote beside it; the cards held in rank-and-suit notation; the side's packet
    # ("taken", "not_taken", "taken_unplayed"), how it went out ("discard", "no_discard") and the card it
    # discarded to go out; quick entry's semi-clean, ace-to-king and ace-to-ace canastas. None / "" / 0
    # in Canasta's games.
    card_melds: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, default=None)
    held_cards: Mapped[list[str] | None] = mapped_column(JSON, default=None)
    packet: Mapped[str] = mapped_column(String(16), default="", server_default="")
    closing: Mapped[str] = mapped_column(String(12), default="", server_default="")
    closing_discard: Mapped[str] = mapped_column(String(4), default="", server_default="")
    canastas_semi: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    canastas_ace_to_king: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    canastas_ace_to_ace: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    hand: Mapped[Hand] = relationship(back_populates="entries")


class HandHalf(db.Model):  # type: ignore[name-defined,misc]
    """One side's half of a hand (each side its own half): what that side sent, as a record's side.
    The hand is made of the halves once every side's is in; the halves stay, each the side's latest word."""

    __tablename__ = "hand_half"
    __table_args__ = (UniqueConstraint("game_id", "hand_number", "side_position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    hand_number: Mapped[int] = mapped_column(Integer)
    side_position: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Cutthroat: the partners against the lone hand, as this side says (None: not said).
    partners: Mapped[list[int] | None] = mapped_column(JSON, default=None)
    version: Mapped[int] = mapped_column(Integer, default=1)
    # The one-time key of the form or request that sent this version: sent again, it changes nothing.
    save_key: Mapped[str | None] = mapped_column(String(64), default=None)
    updated_at: Mapped[datetime] = mapped_column(default=now)
    # The player of the side who sent this version, by name as the game had it then (None: not said, sent
    # through the API, or written with the edit link).
    sent_by: Mapped[str | None] = mapped_column(String(60), default=None)


class HandWord(db.Model):  # type: ignore[name-defined,misc]
    """A side's word on a hand made of halves: agreed to the hand's version, or "not right" about one
    other side's half (with an optional remark). Only the word on the hand's current version counts."""

    __tablename__ = "hand_word"
    __table_args__ = (UniqueConstraint("hand_id", "side_position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"), index=True)
    side_position: Mapped[int] = mapped_column(Integer)
    hand_version: Mapped[int] = mapped_column(Integer)
    agreed: Mapped[bool] = mapped_column()
    # Not right: whose half, and what is wrong (may be empty).
    disputed_side: Mapped[int | None] = mapped_column(Integer, default=None)
    remark: Mapped[str] = mapped_column(String(200), default="")
    at: Mapped[datetime] = mapped_column(default=now)


class EditLog(db.Model):  # type: ignore[name-defined,misc]
    """A change to the game: a hand added, edited or undone, with the entries before and after."""

    __tablename__ = "edit_log"
    __table_args__ = (UniqueConstraint("game_id", "save_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(default=now)
    action: Mapped[str] = mapped_column(String(16))
    hand_number: Mapped[int | None] = mapped_column(Integer, default=None)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    note: Mapped[str] = mapped_column(Text, default="")
    # The one-time key of the form (or API request) that made this change: sent again, it changes nothing. Indexed
    # alone too: a game's start is found by its key before the game is known (services/table/games.started_with).
    save_key: Mapped[str | None] = mapped_column(String(64), default=None, index=True)

    game: Mapped[Game] = relationship(back_populates="edits")


class Heartbeat(db.Model):  # type: ignore[name-defined,misc]
    """One row the health check writes, to prove the database takes writes."""

    __tablename__ = "heartbeat"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(default=now)


class PhoneGame(db.Model):  # type: ignore[name-defined,misc]
    """A game opened on a phone (a browser, known by its long-lived random cookie), for its list of games."""

    __tablename__ = "phone_game"
    __table_args__ = (UniqueConstraint("phone_id", "game_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    phone_id: Mapped[str] = mapped_column(String(64), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    # The edit token this phone was given; once the game's link is replaced it no longer edits.
    edit_token: Mapped[str | None] = mapped_column(String(32), default=None)
    opened_at: Mapped[datetime] = mapped_column(default=now)

    game: Mapped[Game] = relationship()


class PhoneGroup(db.Model):  # type: ignore[name-defined,misc]
    """A table of friends opened on a phone, for the home page's list (as ``PhoneGame`` for games)."""

    __tablename__ = "phone_group"
    __table_args__ = (UniqueConstraint("phone_id", "group_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    phone_id: Mapped[str] = mapped_column(String(64), index=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("table_group.id", ondelete="CASCADE"), index=True)
    opened_at: Mapped[datetime] = mapped_column(default=now)

    group: Mapped[Group] = relationship()


class Typing(db.Model):  # type: ignore[name-defined,misc]
    """A phone typing a hand of a game (its live preview asked lately): other phones are told."""

    __tablename__ = "typing"
    __table_args__ = (UniqueConstraint("game_id", "hand_number", "phone_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    hand_number: Mapped[int] = mapped_column(Integer)
    phone_id: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(default=now)


#: The link a table's phones use that is not a side's: the game's edit link (one recorder).
EDIT_LINK = -1


class PhonesHeard(db.Model):  # type: ignore[name-defined,misc]
    """When the phones on one of a club night's table's links (its game's edit link, or a side's own) were last
    heard from, and how many changes they said they keep that the server has not (a table waiting for its
    phones is told from a table that is late)."""

    __tablename__ = "phones_heard"
    __table_args__ = (UniqueConstraint("game_id", "link"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    link: Mapped[int] = mapped_column(Integer)  # a side's position, or EDIT_LINK
    heard_at: Mapped[datetime] = mapped_column(default=now)
    kept: Mapped[int] = mapped_column(Integer, default=0)
