"""A club night's use cases: start one, add and withdraw pairs, draw a round (seating by the night's
movement, one ordinary game per table, in one transaction), each table's result and the standings.

Who sits where and what a result is worth are the tournament package's (pure); every score is the
engine's, read from the tables' games. Each use case that writes locks the night first and commits once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from math import gcd
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..engine import RULESETS, StepTables, configure
from ..engine.i18n import N_, Msg
from ..engine.options import table_options
from ..shapes.limits import PLAYER_NAME, clean_name, is_token, short_code, text_problem
from ..store.database import db
from ..store.models import RECORDINGS, EditLog, Game, now
from ..store.nights import Night, NightLog, NightPair, NightRound, NightTable
from ..tournament import (
    MOST_PAIRS,
    NightSettings,
    Round,
    SettingRefused,
    TieBreak,
    all_against_all,
    by_standings,
    join,
    leave,
    mitchell,
    mitchell_lines,
    seat_of,
)
from ..translation import Number
from . import roster
from .errors import Refused
from .night_results import night_standings, table_result
from .table.games import NewGame, NewSide, new_game
from .transaction import begin_write, writes

#: The longest night's name (the bounds of the other settings are the tournament package's).
NIGHT_NAME = 80

#: What a setting out of its bound says, naming it as the night's form does (one wording for the form and
#: the use case), by ``SettingRefused.key``.
OUT_OF_BOUNDS = {
    "rounds": N_("Rounds: %(least)s to %(most)s a night."),
    "movements.count": N_("Say how each round is seated: %(least)s to %(most)s movements, one a round."),
    "round_length.hands": N_("Hands a round: %(least)s to %(most)s."),
    "round_length.minutes": N_("Minutes a round: %(least)s to %(most)s."),
    "mitchell_step": N_("Tables the moving line moves each round: %(least)s to %(most)s."),
    "decisive": N_("Difference worth 20-0: %(least)s to %(most)s points, or empty."),
    "bye_points.victory": N_("Victory points for sitting a round out: %(least)s to %(most)s."),
    "bye_points.match": N_(
        "Victory points for sitting a round out: with match points, %(least)s to %(most)s (a win is 2)."
    ),
    "bye_difference": N_("Points for sitting a round out: %(least)s to %(most)s."),
    "grade_k": N_("How far a result moves a grade, K: %(least)s to %(most)s."),
    "handicap": N_("Handicaps' weight H: %(least)s to %(most)s, or empty for a night without handicaps."),
    "scoring.hands": N_(
        "This Burraco table is drawn for rounds of %(least)s hands: for rounds of another length, choose the"
        " table drawn for their hands, the continuous scale or match points."
    ),
}


@dataclass(frozen=True)
class NewNight:
    """Everything a night is started with (pairs come afterwards, at the door or from the director)."""

    name: str
    held_on: date
    ruleset_id: str
    options: dict[str, Any] = field(default_factory=dict)
    recording: str = "one"
    round_kind: str = "hands"
    round_length: int | None = 3
    rounds: int = 3
    movements: tuple[str, ...] = ("mitchell",)
    mitchell_step: int = 1
    scoring: str = "scale"
    decisive: int | None = None
    tie_breaks: tuple[str, ...] = tuple(TieBreak)
    bye_points: float = 14.0
    bye_difference: int = 355
    club_id: int | None = None  # the club whose season the night counts in
    handicap: float | None = None  # H: scored with handicaps from the club's grades (None: scratch)


class NightClosed(ValueError):
    """A change only made between rounds (a pair added or withdrawn) asked for while a round is played,
    or a round drawn while a table is still playing and no reason was given."""


#: A night with its pairs, rounds, tables and the tables' games, in one query each (not one per table).
WHOLE_NIGHT = (
    selectinload(Night.pairs),
    # of each table's log, what names its hands as they stand (``last_hand_change``): not every change's
    # hands before and after, which were most of what a 150-table night's page cost to load
    selectinload(Night.played)
    .selectinload(NightRound.tables)
    .selectinload(NightTable.game)
    .selectinload(Game.edits)
    .load_only(EditLog.id, EditLog.action),
)


def players_a_pair(ruleset_id: str) -> int:
    """How many players a pair has: two, or one in the two-handed rule sets."""
    return 1 if RULESETS[ruleset_id].players == 2 else 2


@writes
def start_night(new: NewNight) -> Night:
    """A new night, checked whole first (``Refused`` naming the field; ``OptionError`` a house rule)."""
    base = RULESETS.get(new.ruleset_id)
    if base is None or 2 not in base.sides_allowed or base.players not in (2, 4) or base.cutthroat:
        raise Refused("ruleset", Msg(N_("A club night seats two sides at each table: choose such a rule set.")))
    name = clean_name(new.name)
    if not name or len(name) > NIGHT_NAME or text_problem(name, "name") is not None:
        raise Refused("name", Msg(N_("A night's name is 1 to %(most)s characters."), {"most": NIGHT_NAME}))
    _check_choice("recording", new.recording, RECORDINGS)
    settings = night_settings(new, step_tables=base.step_tables is not StepTables.UNFIT)
    if settings.handicap is not None and new.club_id is None:
        raise Refused(
            "handicap", Msg(N_("Handicaps come from the club's grades: start the night from its club's page."))
        )
    options = {**table_options(base, base.players), **_round_options(settings), **new.options}
    configure(base, options, sides=2)  # raises OptionError naming the house rule
    begin_write()
    night = Night(
        name=name,
        held_on=new.held_on,
        ruleset_id=base.id,
        options=options,
        recording=new.recording,
        round_kind=settings.round_kind,
        round_length=None if settings.round_kind == "game" else settings.round_length,
        rounds=settings.rounds,
        movements=list(settings.movements),
        mitchell_step=settings.mitchell_step,
        scoring=settings.scoring,
        decisive=settings.decisive,
        tie_breaks=list(settings.tie_breaks),
        bye_points=float(settings.bye_points),
        bye_difference=settings.bye_difference,
        club_id=new.club_id,
        handicap=settings.handicap,
    )
    db.session.add(night)
    db.session.flush()
    db.session.add(NightLog(night_id=night.id, action="start"))
    db.session.commit()
    return night


def night_settings(new: NewNight, *, step_tables: bool = True) -> NightSettings:
    """The night's settings, checked by the tournament package (``Refused`` naming the first one out of
    bounds, in the words of the night's form). ``step_tables``: whether the night's rules score on the scale
    the Burraco step tables were drawn for (the rule set's ``step_tables``)."""
    try:
        return NightSettings(
            round_kind=new.round_kind,
            round_length=new.round_length,
            rounds=new.rounds,
            movements=tuple(new.movements),
            mitchell_step=new.mitchell_step,
            scoring=new.scoring,
            decisive=new.decisive,
            tie_breaks=tuple(new.tie_breaks),
            bye_points=new.bye_points,
            bye_difference=new.bye_difference,
            handicap=new.handicap,
            step_tables=step_tables,
        )
    except SettingRefused as refused:
        raise Refused(refused.field, setting_problem(refused)) from None


def setting_problem(refused: SettingRefused) -> Msg:
    """What the reader is told of a setting the tournament package refused."""
    if refused.bound is not None:
        bounds = {"least": Number(refused.bound.least), "most": Number(refused.bound.most)}
        return Msg(OUT_OF_BOUNDS[refused.key], bounds)
    if refused.key == "scoring.unfit":
        return Msg(
            N_(
                "The Burraco tables are drawn for Burraco's scores: a night of these rules is scored by the"
                " continuous scale or by match points."
            )
        )
    if refused.key == "handicap.match":
        return Msg(N_("Handicaps are victory points: a night scored by match points has none."))
    if refused.field == "tie_breaks":
        return Msg(N_("Each tie-break is named once."))
    return Msg(N_("%(field)s is one of: %(choices)s."), {"field": refused.field, "choices": ", ".join(refused.choices)})


def find_night(token: str, *, director: bool) -> Night | None:
    """The night behind a link: its director's token, or (to follow it) its public id."""
    if not is_token(token):
        return None
    column = Night.director_token if director else Night.public_id
    return db.session.scalars(select(Night).where(column == token).options(*WHOLE_NIGHT)).one_or_none()


def night_id(token: str, *, director: bool = False) -> int | None:
    """The id of the night behind a public link (``director``: the director's), in one small query (None: no
    such night)."""
    if not is_token(token):
        return None
    return db.session.scalar(select(Night.id).where((Night.director_token if director else Night.public_id) == token))


def door_key(night: Night) -> str:
    """The key in the door's QR code: whoever scans it may add a pair. Made from the director's token (which
    it does not give away), so the public link alone cannot reach the door's form."""
    digest = hashlib.sha256(b"door:" + night.director_token.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:22]


def find_by_door(public_id: str, key: str) -> Night | None:
    """The night whose door's QR code carries ``key`` (None: no such night, or not its door's key)."""
    night = find_night(public_id, director=False)
    if night is None or not hmac.compare_digest(door_key(night).encode(), key.encode()):
        return None
    return night


def find_by_table_token(token: str) -> Night | None:
    """The night whose printed table cards carry ``token``."""
    if not is_token(token):
        return None
    return db.session.scalars(select(Night).where(Night.table_token == token)).one_or_none()


def table_in_play(night: Night, number: int) -> NightTable | None:
    """Table ``number`` of the round in play (None: no round yet, or no such table this round)."""
    if not night.played:
        return None
    return next((table for table in night.played[-1].tables if table.number == number), None)


def most_tables(night: Night) -> int:
    """How many tables the night may need: one for every two pairs playing (at least the round's own)."""
    playing = sum(1 for pair in night.pairs if pair.left_after_round is None)
    drawn = len(night.played[-1].tables) if night.played else 0
    return max(drawn, (playing + 1) // 2, 1)


def find_by_code(code: str) -> Night | None:
    """The night a short code typed in the home page's box opens (as a game's code is read)."""
    cleaned = short_code(code)
    if cleaned is None:
        return None
    return db.session.scalars(select(Night).where(Night.join_code == cleaned)).first()


@writes
def add_pair(night: Night, players: Sequence[str], save_key: str | None = None) -> NightPair:
    """A pair joins the night (at the door, or entered by the director): before the first round, or late,
    between rounds or while a round is played; it waits for the next round and plays from it (in a Mitchell
    it takes an empty seat or a new table). A night holds at most ``MOST_PAIRS`` pairs, however they came or
    whether they left since. At a night of a club, a name that is a member's is kept as the club writes it;
    another is a guest of the night, not added to the club (``roster``). A ``save_key`` already used (the same
    form sent twice) adds nothing and gives the pair it added."""
    names = [clean_name(name) for name in players]
    wanted = players_a_pair(night.ruleset_id)
    if len(names) != wanted or not all(names) or any(len(name) > PLAYER_NAME for name in names):
        raise Refused("players", Msg(N_("A pair is %(count)s named players."), {"count": wanted}))
    if any(text_problem(name, "players") for name in names):
        raise Refused("players", Msg(N_("A name holds a character that cannot be kept; type it again.")))
    night = lock_night(night)
    added = next((pair for pair in night.pairs if save_key is not None and pair.save_key == save_key), None)
    if added is not None:
        db.session.rollback()
        return added
    if len(night.pairs) >= MOST_PAIRS:
        db.session.rollback()
        raise Refused(
            "pairs", Msg(N_("This night is full: a night holds at most %(most)s pairs."), {"most": MOST_PAIRS})
        )
    if night.club_id is not None:
        names = roster.members_named(night.club_id, names)
    number = max((pair.number for pair in night.pairs), default=0) + 1
    # the round after the last one drawn, whether that one is still played or has finished
    pair = NightPair(number=number, players=names, joined_before_round=len(night.played) + 1, save_key=save_key)
    night.pairs.append(pair)
    if night.lines is not None:
        staying, moving = join(_lines(night), number)
        night.lines = [list(staying), list(moving)]
    log_change(night, NightLog(action="add_pair", detail={"pair": number}))
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
        _between_rounds(night)
    pair.left_after_round = len(night.played)
    detail: dict[str, Any] = {"pair": number}
    if night.lines is not None:
        detail["seat"] = seat_of(_lines(night), number)  # the seat it takes again if it is put back
        staying, moving = leave(_lines(night), number)
        night.lines = [list(staying), list(moving)]
    log_change(night, NightLog(action="withdraw", detail=detail, reason=reason[:200]))


@writes
def draw_round(night: Night, reason: str = "") -> NightRound:
    """Seat the next round by the night's movement and open one game per table, all at once. A round is
    drawn while a table still plays only with a reason (logged); never past the night's last round (the
    director adds a round to the night first)."""
    night = lock_night(night)
    if len(night.played) >= night.rounds:
        db.session.rollback()
        last = {"n": night.rounds}
        raise Refused("rounds", Msg(N_("Round %(n)s was the night's last: to play another, add a round first."), last))
    unfinished = [t.number for t in (night.played[-1].tables if night.played else []) if not table_result(t).counts]
    if unfinished and not reason.strip():
        db.session.rollback()
        raise NightClosed(f"tables still playing: {unfinished}")
    playing = [pair.number for pair in night.pairs if pair.left_after_round is None]
    if len(playing) < 2:
        db.session.rollback()
        raise Refused("pairs", Msg(N_("A round needs at least two pairs.")))
    number = len(night.played) + 1
    movement = night.movements[min(number, len(night.movements)) - 1]
    seating = _seat(night, movement, number, playing)
    played = NightRound(number=number, movement=movement, byes=list(seating.byes))
    if night.round_kind == "minutes" and night.round_length:
        played.ends_at = now() + timedelta(minutes=night.round_length)
    names = {pair.number: pair.players for pair in night.pairs}
    for table in seating.tables:
        game = new_game(
            NewGame(
                ruleset_id=night.ruleset_id,
                sides=(NewSide("", tuple(names[table.north_south])), NewSide("", tuple(names[table.east_west]))),
                options=dict(night.options),
                recording=night.recording,
                note=f"{night.name} · {number} · {table.number}"[:200],
            )
        )
        db.session.add(game)
        played.tables.append(
            NightTable(number=table.number, north_south=table.north_south, east_west=table.east_west, game=game)
        )
    night.played.append(played)
    detail = {"round": number, "movement": movement}
    log_change(night, NightLog(action="draw", detail=detail, reason=" ".join(reason.split())[:200]))
    return played


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


# ---- helpers --------------------------------------------------------------------------------------


def _round_options(settings: NightSettings) -> dict[str, Any]:
    """A round of N hands is a game of N hands for the engine: it ends by itself, a table level after them a
    draw (10-10, or a match point each), never a hand more than the round's (unless the night's house rules
    say how a tie is broken)."""
    if settings.round_kind == "hands" and settings.round_length:
        return {"match_mode": "round", "hands_in_match": settings.round_length, "tie_policy": "draw"}
    return {}


def _check_choice(name: str, value: str, allowed: Sequence[str]) -> None:
    if value not in allowed:
        raise Refused(
            name, Msg(N_("%(field)s is one of: %(choices)s."), {"field": name, "choices": ", ".join(allowed)})
        )


def lock_night(night: Night) -> Night:
    """The night, locked for a change (as a game is: its row on PostgreSQL, the database on SQLite)."""
    night_id = night.id
    begin_write()
    found = db.session.scalars(select(Night).where(Night.id == night_id).options(*WHOLE_NIGHT).with_for_update()).one()
    return found


def _between_rounds(night: Night) -> None:
    """Refuse a change made while the last round's tables still play."""
    if night.played and any(not table_result(table).counts for table in night.played[-1].tables):
        db.session.rollback()
        raise NightClosed("a round is being played")


def _lines(night: Night) -> tuple[tuple[int | None, ...], tuple[int | None, ...]]:
    staying, moving = night.lines or ([], [])
    return tuple(staying), tuple(moving)


def _seat(night: Night, movement: str, number: int, playing: list[int]) -> Round:
    """Round ``number``'s seating by ``movement``."""
    if movement == "mitchell":
        if night.lines is None:
            staying, moving = mitchell_lines(playing)
            night.lines = [list(staying), list(moving)]
        mitchell_round = sum(1 for r in night.played if r.movement == "mitchell") + 1
        tables = len(_lines(night)[0])
        if tables > 1 and gcd(night.mitchell_step, tables) != 1:
            db.session.rollback()
            raise Refused(
                "mitchell_step",
                Msg(
                    N_(
                        "Moving %(step)s tables a round would repeat meetings at %(tables)s tables: add or "
                        "withdraw a pair, so that the number of tables shares no divisor with %(step)s."
                    ),
                    {"step": night.mitchell_step, "tables": tables},
                ),
            )
        return mitchell(_lines(night), mitchell_round, night.mitchell_step)
    met = {frozenset((t.north_south, t.east_west)) for r in night.played for t in r.tables}
    had_bye = {pair for r in night.played for pair in r.byes}
    if movement == "round_robin":
        return all_against_all(playing, number, met, had_bye)
    ranked = [s.pair for s in night_standings(night) if s.pair in playing]
    last = {frozenset((t.north_south, t.east_west)) for t in night.played[-1].tables} if night.played else set()
    return by_standings(ranked, avoid=met if movement == "standings_new" else last, had_bye=had_bye)


def log_change(night: Night, log: NightLog) -> None:
    """Commit a change with its log line: the night's version moves on, so every board sees it."""
    night.version += 1
    log.night_id = night.id
    db.session.add(log)
    db.session.commit()


def night_log(night: Night) -> list[NightLog]:
    """The director's changes, newest first."""
    return list(db.session.scalars(select(NightLog).where(NightLog.night_id == night.id).order_by(NightLog.id.desc())))
