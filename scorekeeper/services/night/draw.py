"""A club night's next round drawn: seated by the night's movement (the tournament package's), one ordinary game
opened per table, all in one transaction; never past the night's last round, and while a table still plays only
with a reason (logged)."""

from __future__ import annotations

from datetime import timedelta
from math import gcd

from ...engine.i18n import N_, Msg
from ...store.database import db
from ...store.models import now
from ...store.nights import Night, NightLog, NightRound, NightTable
from ...tournament import Round, all_against_all, by_standings, mitchell, mitchell_lines
from ..errors import Refused
from ..table.games import NewGame, NewSide, new_game
from ..transaction import writes
from .changes import NightClosed, lines_of, lock_night, log_change
from .night_results import night_standings, table_result


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


def _seat(night: Night, movement: str, number: int, playing: list[int]) -> Round:
    """Round ``number``'s seating by ``movement``."""
    if movement == "mitchell":
        if night.lines is None:
            staying, moving = mitchell_lines(playing)
            night.lines = [list(staying), list(moving)]
        mitchell_round = sum(1 for r in night.played if r.movement == "mitchell") + 1
        tables = len(lines_of(night)[0])
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
        return mitchell(lines_of(night), mitchell_round, night.mitchell_step)
    met = {frozenset((t.north_south, t.east_west)) for r in night.played for t in r.tables}
    had_bye = {pair for r in night.played for pair in r.byes}
    if movement == "round_robin":
        return all_against_all(playing, number, met, had_bye)
    ranked = [s.pair for s in night_standings(night) if s.pair in playing]
    last = {frozenset((t.north_south, t.east_west)) for t in night.played[-1].tables} if night.played else set()
    return by_standings(ranked, avoid=met if movement == "standings_new" else last, had_bye=had_bye)
