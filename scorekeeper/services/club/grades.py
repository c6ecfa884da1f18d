"""A club's grades, worked out again from its nights whenever they are read: every counted table of every
night, in the order played (nights by date, then rounds), each pair's share of the table as the night
scores it (its victory points' share, or a win, draw or loss by match points). Nothing is stored: a result
fixed later changes every grade after it.

A member is known by their name, accents and case aside (as the club's season knows its players); a merged
member's name counts as the member it was merged into (the club's ``Roster``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass

from ...store.members import ClubMember
from ...store.nights import Club, Night
from ...tournament import MatchPoints
from ...tournament.grades import (
    K_DEFAULT,
    START,
    Grade,
    Grades,
    PlayedRound,
    TableResult,
    grades,
    handicap,
    shares_by_outcome,
    shares_by_victory_points,
)
from ..membership.members import member_key
from ..membership.roster import Roster, roster_of
from ..night.night_results import TableResult as Found
from ..night.night_results import night_scale, table_results
from .clubs import club_nights


def graded_rounds(
    nights: Sequence[Night],
    found: Mapping[int, Mapping[int, Found]] | None = None,
    key: Callable[[str], str] = member_key,
) -> list[PlayedRound]:
    """Every round of ``nights`` (oldest first) with its counted tables; ``found``: each night's table
    results by night id, if already worked out; ``key``: the member a player's name counts as."""
    rounds: list[PlayedRound] = []
    for night in sorted(nights, key=lambda night: (night.held_on, night.id)):
        results = found[night.id] if found is not None and night.id in found else table_results(night)
        scale = night_scale(night)
        players = {pair.number: tuple(key(name) for name in pair.players if name.strip()) for pair in night.pairs}
        for played in sorted(night.played, key=lambda played: played.number):
            tables = []
            seated: set[str] = set()
            for table in played.tables:
                result = results[table.id]
                ours, theirs = players.get(table.north_south, ()), players.get(table.east_west, ())
                names = [*ours, *theirs]
                if not result.counts or not ours or not theirs or len(set(names)) < len(names) or seated & set(names):
                    continue  # not counted yet; or a name twice in the round (namesakes): nobody to grade by it
                seated.update(names)
                ns, ew = result.scores
                points = scale.points(ns, ew)
                shares = (
                    shares_by_outcome(*points) if isinstance(scale, MatchPoints) else shares_by_victory_points(*points)
                )
                tables.append(TableResult((ours, theirs), shares))
            rounds.append(PlayedRound(night.id, tables))
    return rounds


def club_grades(
    nights: Sequence[Night],
    starting: Mapping[str, float] | None = None,
    k: float = K_DEFAULT,
    found: Mapping[int, Mapping[int, Found]] | None = None,
    key: Callable[[str], str] = member_key,
) -> Grades:
    """Every member's and pair's grade after the club's ``nights``; ``starting``: the grades the club gave,
    by member key; ``key``: the member a player's name counts as (the club's ``Roster.key``)."""
    return grades(graded_rounds(nights, found, key), starting, k)


def members_graded(
    club: Club, members: Sequence[ClubMember], nights: Sequence[Night]
) -> list[tuple[ClubMember, Grade]]:
    """Each of the club's ``members`` with their grade after the club's ``nights`` (a member who has not played
    a counted table yet: the starting grade the club gave, or 50)."""
    starting, found = _of_club(club, nights)
    return [
        (member, found.members.get(member_key(member.name)) or Grade(starting.get(member_key(member.name), START)))
        for member in members
    ]


@dataclass(frozen=True)
class NightLine:
    """One night a member was graded at: with whom, what was expected of them and what they made (the mean
    share of their graded tables that night, in percent), and their grade after it."""

    night: Night
    partners: tuple[str, ...]
    expected: float
    made: float
    tables: int
    grade: float


@dataclass(frozen=True)
class MemberStory:
    """A member's grade as it stands, night by night, and their partners (with how many nights each)."""

    member: ClubMember
    grade: Grade
    starting: float
    nights: tuple[NightLine, ...]
    partners: tuple[tuple[str, int], ...]


def member_story(club: Club, member: ClubMember, nights: Sequence[Night]) -> MemberStory:
    """What the member's page shows (every member's starting grade counts for everyone's grades)."""
    roster = roster_of(club.id)
    starting, found = _of_club(club, nights, roster)
    key = member_key(member.name)
    names = dict(roster.who(name) for night in nights for pair in night.pairs for name in pair.players)
    by_id: dict[Hashable, Night] = {night.id: night for night in nights}
    lines: list[NightLine] = []
    partners: dict[str, set[Hashable]] = {}
    after = dict(found.after_night.get(key, []))
    for night_id in after:
        mine = [result for result in found.of_night(night_id) if key in result.members]
        together = tuple(
            dict.fromkeys(
                names.get(str(other), str(other)) for result in mine for other in result.members if other != key
            )
        )
        for partner in together:
            partners.setdefault(partner, set()).add(night_id)
        lines.append(
            NightLine(
                by_id[night_id],
                together,
                sum(result.expected for result in mine) / len(mine),
                sum(result.share for result in mine) / len(mine),
                len(mine),
                after[night_id],
            )
        )
    first = starting.get(key, START)
    return MemberStory(
        member,
        found.members.get(key) or Grade(first),
        first,
        tuple(lines),
        tuple(sorted(((name, len(held)) for name, held in partners.items()), key=lambda item: (-item[1], item[0]))),
    )


@dataclass(frozen=True)
class MemberRow:
    """A member's line of the club's grades: their grade after each of the club's nights (the one before
    carried over a night they did not play), and as it stands."""

    member: ClubMember
    starting: float
    after_each_night: tuple[float, ...]
    grade: Grade


def grade_sheet(club: Club, members: Sequence[ClubMember], nights: Sequence[Night]) -> list[MemberRow]:
    """Every member's grade after each of ``nights`` (oldest first), for the club's exports."""
    starting, found = _of_club(club, nights)
    ordered = sorted(nights, key=lambda night: (night.held_on, night.id))
    rows = []
    for member in members:
        key = member_key(member.name)
        first = starting.get(key, START)
        graded = dict(found.after_night.get(key, []))
        values, value = [], first
        for night in ordered:
            value = graded.get(night.id, value)
            values.append(value)
        rows.append(MemberRow(member, first, tuple(values), found.members.get(key) or Grade(first)))
    return rows


def _of_club(club: Club, nights: Sequence[Night], roster: Roster | None = None) -> tuple[Mapping[str, float], Grades]:
    """The starting grades the club gave its members (by member key), and every grade after ``nights``;
    ``roster``: the club's, if already read."""
    roster = roster_of(club.id) if roster is None else roster
    return roster.starting, club_grades(nights, roster.starting, club.grade_k, key=roster.key)


@dataclass(frozen=True)
class NightGrades:
    """What the club's grades say of one of its nights, by pair number: what each pair was expected to make
    and made (the mean share of its graded tables that night, in percent), and on a handicapped night each
    pair's handicap (its victory points every round, from its members' grades at the start of the night)."""

    shares: dict[int, tuple[float, float]]
    handicaps: dict[int, float]


def night_grades(night: Night, found: Mapping[int, Found] | None = None) -> NightGrades | None:
    """The club's grades for ``night`` (None: a night of no club); ``found``: its table results, if already
    worked out. The club's nights up to this one are read (a later night changes nothing of it)."""
    club = night.club
    if club is None:
        return None
    order = (night.held_on, night.id)
    held = [one for one in club_nights(club) if (one.held_on, one.id) <= order]
    roster = roster_of(club.id)
    starting = roster.starting
    graded = club_grades(held, starting, club.grade_k, {night.id: found} if found is not None else None, key=roster.key)
    keys = {pair.number: frozenset(roster.key(name) for name in pair.players if name.strip()) for pair in night.pairs}
    shares: dict[int, tuple[float, float]] = {}
    mine = graded.of_night(night.id)
    for number, members in keys.items():
        results = [result for result in mine if frozenset(result.members) == members]
        if results:
            shares[number] = (
                sum(result.expected for result in results) / len(results),
                sum(result.share for result in results) / len(results),
            )
    handicaps: dict[int, float] = {}
    if night.handicap is not None:
        for number, members in keys.items():
            if members:
                at_start = [graded.before(key, night.id, starting.get(key, START)) for key in members]
                handicaps[number] = handicap(at_start, night.handicap)
    return NightGrades(shares, handicaps)
