"""A club that keeps its nights: start one, find it by its link, its nights, and its season (every pair's
and every player's nights added up, or the best N) from each night's standings.

A pair is known across nights by its players' names (accents and case aside, in any order); a player by
their name, a merged member's name counting as the member it was merged into (``roster``). Nothing here is
stored but the club itself: the season is counted again from the nights."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from ...engine.i18n import N_, Msg
from ...shapes.limits import clean_name, is_token, text_problem
from ...store.database import db
from ...store.nights import Club, Night
from ...tournament import GRADE_K, NightResult, SeasonLine, SettingRefused, season
from ...tournament.grades import K_DEFAULT
from ..errors import Refused
from ..membership.roster import roster_of
from ..night.finding import WHOLE_NIGHT
from ..night.night_results import night_standings, table_results
from ..night.start import NIGHT_NAME, setting_problem
from ..table.sheet import compute_sheet
from ..table.standing import Records, group_records
from ..transaction import begin_write, writes

#: The most nights a season's best-of counts.
MOST_BEST_OF = 100


@dataclass(frozen=True)
class Season:
    """A club's season: the pairs' table and the players' (each player credited with their pair's points)."""

    pairs: list[SeasonLine]
    players: list[SeasonLine]
    nights: int


@writes
def start_club(name: str, best_of: int | None = None, grade_k: float = K_DEFAULT) -> Club:
    """A new club (``Refused`` naming the field); ``grade_k``: how far a result moves its members' grades."""
    name = clean_name(name)
    if not name or len(name) > NIGHT_NAME or text_problem(name, "name") is not None:
        raise Refused("name", Msg(N_("A club's name is 1 to %(most)s characters."), {"most": NIGHT_NAME}))
    if best_of is not None and not 1 <= best_of <= MOST_BEST_OF:
        raise Refused("best_of", Msg(N_("The season counts the best 1 to %(most)s nights."), {"most": MOST_BEST_OF}))
    checked = _grade_k(grade_k)
    begin_write()
    club = Club(name=name, best_of=best_of, grade_k=checked)
    db.session.add(club)
    db.session.commit()
    return club


@writes
def set_grade_k(club: Club, grade_k: float) -> None:
    """How far a result moves the club's grades from now on (every grade is worked out again with it)."""
    checked = _grade_k(grade_k)
    begin_write()
    club.grade_k = checked
    db.session.commit()


def _grade_k(grade_k: float) -> float:
    if not GRADE_K.holds(grade_k):
        raise Refused("grade_k", setting_problem(SettingRefused("grade_k", bound=GRADE_K)))
    return float(grade_k)


def find_club(token: str) -> Club | None:
    """The club behind its link."""
    if not is_token(token):
        return None
    return db.session.scalars(select(Club).where(Club.token == token)).one_or_none()


def club_nights(club: Club) -> list[Night]:
    """The club's nights, oldest first, each loaded whole (its standings are read)."""
    return list(
        db.session.scalars(
            select(Night).where(Night.club_id == club.id).options(*WHOLE_NIGHT).order_by(Night.held_on, Night.id)
        )
    )


def club_season(club: Club, nights: list[Night] | None = None) -> Season:
    """The season's tables from every night of the club (a night's points as its own standings give them).
    ``nights``: the club's nights, if already loaded."""
    pair_results: list[NightResult] = []
    player_results: list[NightResult] = []
    nights = club_nights(club) if nights is None else nights
    roster = roster_of(club.id)
    for index, night in enumerate(nights):
        players = {pair.number: [roster.who(name) for name in pair.players] for pair in night.pairs}
        for line in night_standings(night):
            names = players[line.pair]
            who = tuple(sorted(key for key, _ in names))
            pair_results.append(NightResult(index, who, " & ".join(name for _, name in names), line.points, line.place))
            for key, name in names:
                player_results.append(NightResult(index, key, name, line.points, line.place))
    return Season(season(pair_results, club.best_of), season(player_results, club.best_of), len(nights))


def club_records(club: Club, nights: list[Night]) -> Records:
    """Each player's and pair's record over the club's ``nights``, as a table of friends' records are: every
    hand of every table's game (its canastas, red threes, going out), and a table played and won once its
    result counts (agreed or set by the director, who won by the result's scores); pair against pair."""
    games = []
    decided: dict[int, int | None] = {}
    for night in nights:
        results = table_results(night)
        for played in night.played:
            for table in played.tables:
                if table.game is None:
                    continue
                games.append((table.game, compute_sheet(table.game)))
                found = results[table.id]
                if found.counts:
                    ns, ew = found.scores
                    decided[table.game.id] = 0 if ns > ew else 1 if ew > ns else None
    return group_records(games, decided, roster_of(club.id).who)
