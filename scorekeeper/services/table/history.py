"""A table of friends (a group): its own link, its roster, and its games looked back on.

Every total, minimum and winner shown comes from each game's sheet (``compute_sheet``): nothing is
stored twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ...engine.sheet import Sheet
from ...reference.search import normalize
from ...shapes.limits import clean_name, is_token
from ...store.database import db
from ...store.models import Game, Group, GroupPlayer, Side
from ..transaction import begin_write, lock, writes
from .sheet import compute_sheet

#: Players a roster holds at most (a club night, not a league).
ROSTER = 24


@writes
def start_group(name: str, players: Sequence[str]) -> Group:
    """A new group with its roster (names in the order given, blanks and repeats left out)."""
    begin_write()
    group = Group(name=name.strip())
    group.players = [GroupPlayer(position=i, name=player) for i, player in enumerate(_roster([], players))]
    db.session.add(group)
    db.session.commit()
    return group


def find_group(token: str) -> Group | None:
    """The group behind a link (None for anything that is not one)."""
    if not is_token(token):
        return None
    return db.session.scalars(select(Group).where(Group.token == token).options(selectinload(Group.players))).first()


@writes
def add_players(group: Group, names: Sequence[str]) -> Group:
    """Put players on the roster (names already there are not repeated)."""
    begin_write()
    group = db.session.scalars(select(Group).where(Group.id == group.id).with_for_update()).one()
    known = [player.name for player in group.players]
    for offset, name in enumerate(_roster(known, names)[len(known) :]):
        group.players.append(GroupPlayer(position=len(known) + offset, name=name))
    db.session.commit()
    return group


@writes
def add_game(group: Group, game: Game) -> Game:
    """Count a game as one of the group's (a game belongs to one group at most)."""
    game = lock(game)
    game.group_id = group.id
    db.session.commit()
    return game


def group_games(group: Group) -> list[tuple[Game, Sheet]]:
    """The group's games, newest first, each with its sheet."""
    query = (
        select(Game)
        .where(Game.group_id == group.id)
        .options(selectinload(Game.sides).selectinload(Side.players))
        .order_by(Game.created_at.desc(), Game.id.desc())
    )
    return [(game, compute_sheet(game)) for game in db.session.scalars(query)]


def matching(
    games: Sequence[tuple[Game, Sheet]], player: str, since: date | None, until: date | None, zone: str
) -> list[tuple[Game, Sheet]]:
    """Those of ``games`` where a player whose name holds ``player`` played (accents and case aside),
    started from ``since`` to ``until`` (days in the time zone ``zone``)."""
    here = ZoneInfo(zone)
    start = _utc(datetime.combine(since, time.min, here)) if since else None
    end = _utc(datetime.combine(until, time.max, here)) if until else None
    wanted = normalize(player.strip())
    return [
        (game, sheet)
        for game, sheet in games
        if (start is None or game.created_at >= start)
        and (end is None or game.created_at <= end)
        and (not wanted or any(wanted in normalize(p.name) for side in game.sides for p in side.players))
    ]


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(ZoneInfo("UTC")).replace(tzinfo=None)


def _roster(known: Sequence[str], names: Sequence[str]) -> list[str]:
    roster = list(known)
    seen = {normalize(name) for name in roster}
    for name in names:
        cleaned = clean_name(name)
        if cleaned and normalize(cleaned) not in seen and len(roster) < ROSTER:
            roster.append(cleaned)
            seen.add(normalize(cleaned))
    return roster
