"""Danish in groups ("gironi"): at the start of a grouped phase the field is cut by the standings into groups of
given sizes, "Girone A" the best pairs, then B, C...; from then on each group has its own standings and each
round seats each group by its own standings, no meeting repeated while another seating exists (``by_standings``),
the groups' tables numbered one group after another. docs/rule-choices.md D29 records the choices."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from string import ascii_uppercase

from .movements import Round, Table, by_standings
from .standings import DEFAULT_ORDER, Result, Standing, TieBreak, standings


@dataclass(frozen=True)
class Group:
    """A group: its letter ("A" the best) and its pairs as the standings ranked them at the cut."""

    name: str
    pairs: tuple[int, ...]


def cut_groups(ranked: Sequence[int], sizes: Sequence[int]) -> tuple[Group, ...]:
    """The field ``ranked`` (best first, the pairs still playing) cut into groups of ``sizes`` pairs, best first;
    the pairs past them make one more group. A field smaller than the sizes planned (pairs have withdrawn) fills
    the groups in order; a group that would hold a single pair joins the one above it (where it gets a bye in
    turn), so that every group can play."""
    if len(set(ranked)) != len(ranked):
        raise ValueError("a pair is named twice")
    cut: list[list[int]] = []
    rest = list(ranked)
    for size in sizes:
        if size < 1:
            raise ValueError("a group holds at least one pair")
        if rest:
            cut.append(rest[:size])
            rest = rest[size:]
    if rest:
        cut.append(rest)
    if len(cut) > 1 and len(cut[-1]) < 2:
        alone = cut.pop()
        cut[-1] += alone
    if len(cut) > len(ascii_uppercase):
        raise ValueError("at most 26 groups, A to Z")
    return tuple(Group(ascii_uppercase[k], tuple(pairs)) for k, pairs in enumerate(cut))


def group_of(groups: Sequence[Group], pair: int) -> Group | None:
    """The group ``pair`` plays in (None: it was not in the field at the cut)."""
    return next((group for group in groups if pair in group.pairs), None)


def group_standings(
    group: Group,
    results: Sequence[Result],
    first_round: int,
    carry: bool = True,
    order: Sequence[TieBreak] = DEFAULT_ORDER,
) -> list[Standing]:
    """The standings of ``group``: its pairs only, ranked among themselves; with ``carry`` every round of theirs
    counts (the points before the cut too), else only the rounds from ``first_round``, the grouped phase's
    first. Head to head counts the tied pairs' own meetings, wherever they met."""
    members = set(group.pairs)
    kept = [r for r in results if r.pair in members and (carry or r.round >= first_round)]
    return standings(list(group.pairs), kept, order)


def danish_in_groups(
    ranked_groups: Sequence[Sequence[int]], met: Collection[frozenset[int]] = (), had_bye: Collection[int] = ()
) -> Round:
    """One round of Danish in groups: each group (best first, each ranked by its own standings) seated 1st
    against 2nd, 3rd against 4th..., a pair meeting the best-placed pair below it that it has not ``met``
    (by_standings); group A at the first tables, then B..., a bye in each group with an odd number of pairs."""
    tables: list[Table] = []
    byes: list[int] = []
    for ranked in ranked_groups:
        if len(ranked) < 2:
            byes += list(ranked)
            continue
        seated = by_standings(ranked, avoid=met, had_bye=had_bye)
        for table in seated.tables:
            tables.append(Table(len(tables) + 1, table.north_south, table.east_west))
        byes += list(seated.byes)
    return Round(tuple(tables), tuple(byes))
