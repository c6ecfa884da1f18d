"""A club night's pairs: one joins (at the door, or entered by the director), one withdraws between rounds, and
where a pair is now (waiting for its first round, at a table, sitting a round out, withdrawn). Each change locks
the night first and commits once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ...engine.i18n import N_, Msg
from ...shapes.limits import PLAYER_NAME, clean_name, is_token, text_problem
from ...store.database import db
from ...store.nights import Night, NightLog, NightPair, NightRound, NightTable
from ...tournament import MOST_PAIRS, join, leave, seat_of
from ..errors import Refused
from ..membership import roster
from ..transaction import writes
from .changes import between_rounds, lines_of, lock_night, log_change
from .start import players_a_pair


@writes
def add_pair(night: Night, players: Sequence[str], save_key: str | None = None) -> NightPair:
    """A pair joins the night (at the door, or entered by the director): before the first round, or late,
    between rounds or while a round is played; it waits for the next round and plays from it (in a Mitchell
    it takes an empty seat or a new table). A night holds at most ``MOST_PAIRS`` pairs, however they came or
    whether they left since. At a night of a club, a name that is a member's is kept as the club writes it;
    another is a guest of the night, not added to the club (``roster``). A ``save_key`` already used (the same
    form sent twice) adds nothing and gives the pair it added."""
    names = checked_names(night, players)
    night = lock_night(night)
    added = next((pair for pair in night.pairs if save_key is not None and pair.save_key == save_key), None)
    if added is not None:
        db.session.rollback()
        return added
    if len(night.pairs) >= MOST_PAIRS:
        db.session.rollback()
        raise Refused("pairs", full_night())
    if night.club_id is not None:
        names = roster.members_named(night.club_id, names)
    pair = seat_new_pair(night, names, save_key)
    log_change(night, NightLog(action="add_pair", detail={"pair": pair.number}))
    return pair


def checked_names(night: Night, players: Sequence[str]) -> list[str]:
    """A pair's names cleaned as every name is, or ``Refused`` naming the rule: as many players as the night's
    rule set seats a pair, each 1 to ``PLAYER_NAME`` characters that can be kept."""
    names = [clean_name(name) for name in players]
    wanted = players_a_pair(night.ruleset_id)
    if len(names) != wanted or not all(names) or any(len(name) > PLAYER_NAME for name in names):
        raise Refused("players", Msg(N_("A pair is %(count)s named players."), {"count": wanted}))
    if any(text_problem(name, "players") for name in names):
        raise Refused("players", Msg(N_("A name holds a character that cannot be kept; type it again.")))
    return names


def full_night() -> Msg:
    """What a pair past the night's bound is told."""
    return Msg(N_("This night is full: a night holds at most %(most)s pairs."), {"most": MOST_PAIRS})


def seat_new_pair(night: Night, names: list[str], save_key: str | None = None) -> NightPair:
    """A pair added to the locked ``night`` (its names checked and matched to the club's already), numbered
    after the last, waiting for the next round (in a Mitchell: an empty seat or a new table); not committed."""
    number = max((pair.number for pair in night.pairs), default=0) + 1
    # the round after the last one drawn, whether that one is still played or has finished
    pair = NightPair(number=number, players=names, joined_before_round=len(night.played) + 1, save_key=save_key)
    night.pairs.append(pair)
    if night.lines is not None:
        staying, moving = join(lines_of(night), number)
        night.lines = [list(staying), list(moving)]
    return pair


@writes
def withdraw_pair(night: Night, number: int, reason: str = "") -> None:
    """A pair leaves between rounds: it plays no more rounds (its results so far count); nobody else moves.
    A pair still waiting for its first round leaves at any time (it is at no table of the round in play)."""
    night = lock_night(night)
    pair = next((p for p in night.pairs if p.number == number and p.left_after_round is None), None)
    if pair is None:
        db.session.rollback()
        raise Refused("pair", Msg(N_("There is no such pair playing tonight.")))
    if pair.joined_before_round <= len(night.played):
        between_rounds(night)
    pair.left_after_round = len(night.played)
    detail: dict[str, Any] = {"pair": number}
    if night.lines is not None:
        detail["seat"] = seat_of(lines_of(night), number)  # the seat it takes again if it is put back
        staying, moving = leave(lines_of(night), number)
        night.lines = [list(staying), list(moving)]
    log_change(night, NightLog(action="withdraw", detail=detail, reason=reason[:200]))


@dataclass(frozen=True)
class PairSeat:
    """Where a pair of the night is now: waiting for the first round it plays (not drawn yet), at a table of
    the round last drawn (against another pair), sitting that round out, or withdrawn."""

    pair: NightPair
    round: int  # the round it waits for, or the round last drawn
    waiting: bool = False
    table: NightTable | None = None
    against: NightPair | None = None

    @property
    def withdrawn(self) -> bool:
        return self.pair.left_after_round is not None

    @property
    def sitting_out(self) -> bool:
        return not self.withdrawn and not self.waiting and self.table is None


def waiting_pairs(night: Night) -> list[NightPair]:
    """The pairs that came once a round was drawn (late) and wait for the next round, which seats them first
    (none before the first round, which every pair waits for)."""
    drawn = len(night.played)
    return [p for p in night.pairs if drawn and p.left_after_round is None and p.joined_before_round > drawn]


def find_pair_seat(public_id: str, number: int) -> PairSeat | None:
    """Where pair ``number`` of the night behind a public link is now, read without the tables' games (a
    pair's page asks for each answer). None: no such night or pair."""
    if not is_token(public_id):
        return None
    pair = db.session.scalars(
        select(NightPair).join(Night).where(Night.public_id == public_id, NightPair.number == number)
    ).one_or_none()
    if pair is None:
        return None
    last = db.session.scalars(
        select(NightRound)
        .where(NightRound.night_id == pair.night_id)
        .order_by(NightRound.number.desc())
        .limit(1)
        .options(selectinload(NightRound.tables))
    ).first()
    if pair.left_after_round is not None:
        return PairSeat(pair, pair.left_after_round)
    if last is None or pair.joined_before_round > last.number:
        return PairSeat(pair, pair.joined_before_round, waiting=True)
    table = next((t for t in last.tables if number in (t.north_south, t.east_west)), None)
    if table is None:
        return PairSeat(pair, last.number)
    other = table.east_west if table.north_south == number else table.north_south
    against = db.session.scalars(
        select(NightPair).where(NightPair.night_id == pair.night_id, NightPair.number == other)
    ).one()
    return PairSeat(pair, last.number, table=table, against=against)
