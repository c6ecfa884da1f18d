"""A club night's tables during a round: the director moving pairs before their tables begin and setting a
table's result; a table's players saying its result is right. Each locks the night first and commits
once, with its line in the night's log."""

from __future__ import annotations

from sqlalchemy import exists, select

from ...engine.i18n import N_, Msg
from ...shapes.limits import text_problem
from ...store.database import db
from ...store.models import Game, Hand, HandHalf, now
from ...store.nights import Night, NightLog, NightTable
from ..errors import Refused
from ..table.games import reseat
from ..table.halves import check_link
from ..table.halves_state import compute_halves
from ..transaction import lock_games, writes
from .changes import NightClosed, lock_night, log_change
from .night_results import last_hand_change, table_result


@writes
def move_pair(night: Night, pair: int, other: int, reason: str = "") -> None:
    """The director swaps two pairs' seats in the round just drawn, before either's table has begun (no hand,
    no half, no result): each takes the other's table and line, or sits out in the other's stead. In a
    Mitchell they keep each other's places for the rest of the night. A moved pair's side gets a new link
    (a phone that opened the old table's page cannot send to it).

    The night is locked first, then the moved tables' games (as a half's use case locks its game): whether a
    table has begun is read under those locks, so a half sent at the same moment either lands before (the move
    is refused) or waits and finds its link gone (``SideMoved``)."""
    reason = " ".join(reason.split())
    if len(reason) > 200 or text_problem(reason, "reason") is not None:
        raise Refused("reason", Msg(N_("A reason is at most 200 characters of text.")))
    night = lock_night(night)
    current = night.played[-1] if night.played else None
    seated = set(current.byes) | {p for t in current.tables for p in (t.north_south, t.east_west)} if current else set()
    if pair == other or pair not in seated or other not in seated:
        db.session.rollback()
        raise Refused("other", Msg(N_("Choose two different pairs of the round being played.")))
    assert current is not None
    moved = [t for t in current.tables if {t.north_south, t.east_west} & {pair, other}]
    lock_games(t.game_id for t in moved if t.game_id is not None)
    begun = [t.number for t in moved if _begun(t)]
    if begun:
        db.session.rollback()
        raise Refused(
            "pair",
            Msg(N_("Pairs change seats before their table's first hand: table %(n)s has begun."), {"n": begun[0]}),
        )
    swap = {pair: other, other: pair}
    current.byes = [swap.get(p, p) for p in current.byes]
    names = {p.number: p.players for p in night.pairs}
    for table in moved:
        table.north_south, table.east_west = (
            swap.get(table.north_south, table.north_south),
            swap.get(table.east_west, table.east_west),
        )
        if table.game is not None:
            for side, seated_pair in zip(table.game.sides, (table.north_south, table.east_west), strict=True):
                if seated_pair in swap:
                    reseat(side, names[seated_pair])
            table.game.version += 1
    if current.movement == "mitchell" and night.lines is not None:
        night.lines = [[swap.get(p, p) if p is not None else None for p in line] for line in night.lines]
    detail = {"round": current.number, "pair": pair, "other": other}
    log_change(night, NightLog(action="move", detail=detail, reason=reason))


def movable_pairs(night: Night) -> list[int]:
    """The pairs of the round in play the director may still move (what ``move_pair`` takes): those sitting
    out, and those at a table that has not begun."""
    current = night.played[-1] if night.played else None
    if current is None:
        return []
    idle = [pair for t in current.tables if not _begun(t) for pair in (t.north_south, t.east_west)]
    return sorted([*idle, *current.byes])


def _begun(table: NightTable) -> bool:
    """Whether a table of the round has begun: a hand or a half in, or a result agreed or set (read from the
    database now, in one query)."""
    if table.game_id is None or table.fixed_scores is not None or table.agreed_at is not None:
        return True
    played = exists().where(Hand.game_id == table.game_id) | exists().where(HandHalf.game_id == table.game_id)
    return bool(db.session.scalar(select(played)))


@writes
def fix_table(night: Night, round_number: int, table_number: int, scores: tuple[int, int], reason: str) -> None:
    """The director sets a table's result (a game that cannot be finished or agreed, a mistake found after
    the round): it counts as finished and agreed; the reason is logged. ``scores``: north-south first; the
    table's game stays as it was."""
    reason = " ".join(reason.split())
    if not reason or len(reason) > 200 or text_problem(reason, "reason") is not None:
        raise Refused("reason", Msg(N_("Say why the result is fixed (at most 200 characters).")))
    if any(not -100_000 <= score <= 100_000 for score in scores):
        raise Refused("scores", Msg(N_("A table's score is a whole number within 100000 either way.")))
    night = lock_night(night)
    table = next(
        (t for r in night.played if r.number == round_number for t in r.tables if t.number == table_number), None
    )
    if table is None:
        db.session.rollback()
        raise Refused("table", Msg(N_("There is no such table in that round.")))
    before = list(table_result(table).scores)
    table.fixed_scores = [scores[0], scores[1]]
    detail = {"round": round_number, "table": table_number, "before": before, "after": list(scores)}
    log_change(night, NightLog(action="fix", detail=detail, reason=reason))


def table_of(game: Game) -> NightTable | None:
    """The night's table a game is played at, if any."""
    return db.session.scalars(select(NightTable).where(NightTable.game_id == game.id)).one_or_none()


@writes
def agree_table(game: Game, side: int | None = None, token: str | None = None) -> None:
    """ "We agree": a player of the pair that did not record agrees to the table's finished game (its last
    line); the result counts in the standings from then on, until a hand is recorded, fixed or undone (then the
    other pair is asked again). By halves, "we have finished" from side ``side``'s page: ``token``, its link,
    is checked under the locks (the night's, then the game's), as a half's is."""
    table = table_of(game)
    if table is None:
        raise Refused("game", Msg(N_("This game is not a table of a club night.")))
    night = lock_night(table.round.night)
    table = next(t for r in night.played for t in r.tables if t.id == table.id)
    if table.game is not None:
        lock_games([table.game.id])
        if side is not None:
            check_link(table.game, side, token)
    halves = compute_halves(table.game) if table.game is not None else None
    if not table_result(table).may_agree or (halves is not None and halves.not_agreed):
        db.session.rollback()
        raise NightClosed("the table is still playing, or a hand of its halves is not agreed")
    table.agreed_at = now()
    table.agreed_hands = last_hand_change(table.game) if table.game is not None else None
    if table.game is not None:
        table.game.version += 1  # its sheet no longer offers the tap
    log_change(night, NightLog(action="agree", detail={"round": table.round.number, "table": table.number}))
