"""Who sits where each round: the Mitchell movement (one line stays, the other moves), all against all
for few pairs, and by standings (1st against 2nd, 3rd against 4th...), with byes for an odd number of
pairs; all against all goes on without a repeated meeting when pairs come late or leave, if it can.

Pairs are numbers; a round is its tables (numbered from 1, a pair of each line at each) and the pair that
sits out, if any. Canasta has no boards travelling between tables, so a line moving ``step`` tables a
round meets every pair of the other line once in as many rounds as there are tables whenever ``step``
and the number of tables have no common divisor. A pair arriving late takes an empty seat (or a new
table); a pair leaving leaves its seat empty: nobody else's seat changes, and the pair put back before the
next round takes that seat again."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from math import gcd


@dataclass(frozen=True)
class Table:
    """A table of a round: its number, the pair of the staying line (north-south) and of the moving one."""

    number: int
    north_south: int
    east_west: int

    @property
    def meeting(self) -> frozenset[int]:
        """The two pairs that meet here."""
        return frozenset((self.north_south, self.east_west))


@dataclass(frozen=True)
class Round:
    """The tables of a round and the pairs that sit it out (an odd number of pairs, a pair that left)."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    @property
    def seated(self) -> list[int]:
        """Every pair of the round, those sitting out last."""
        return [pair for table in self.tables for pair in (table.north_south, table.east_west)] + list(self.byes)


def _check_pairs(pairs: Sequence[int]) -> None:
    if len(set(pairs)) != len(pairs):
        raise ValueError("a pair is named twice")
    if len(pairs) < 2:
        raise ValueError("a night needs at least two pairs")


#: A line of a Mitchell: its pairs in table order, None for an empty seat.
Line = tuple[int | None, ...]


def mitchell_lines(pairs: Sequence[int]) -> tuple[Line, Line]:
    """The two lines of a Mitchell for ``pairs``: the first half stays at tables 1..n (north-south), the
    second half moves (east-west); with an odd number the moving line has an empty seat at the end."""
    _check_pairs(pairs)
    tables = (len(pairs) + 1) // 2
    moving: list[int | None] = list(pairs[tables:])
    return tuple(pairs[:tables]), tuple(moving + [None] * (tables - len(moving)))


def join(lines: tuple[Line, Line], pair: int) -> tuple[Line, Line]:
    """A pair arriving late, between rounds: it takes the first empty seat (the moving line's first), so
    that nobody's seat changes; else a new table at the end, where it stays, with an empty seat in the
    moving line (the pairs that come to face it sit out in turn, until another pair comes)."""
    staying, moving = lines
    if pair in staying or pair in moving:
        raise ValueError("that pair is already seated")
    if None in moving:
        return staying, _seated(moving, pair)
    if None in staying:
        return _seated(staying, pair), moving
    return (*staying, pair), (*moving, None)


def _seated(line: Line, pair: int) -> Line:
    """``line`` with ``pair`` in its first empty seat."""
    seat = line.index(None)
    return (*line[:seat], pair, *line[seat + 1 :])


def leave(lines: tuple[Line, Line], pair: int) -> tuple[Line, Line]:
    """A pair leaving between rounds: its seat is empty from the next round (the pair it would meet sits
    out); nobody else moves."""
    staying, moving = lines
    if pair not in staying and pair not in moving:
        raise ValueError("that pair is not seated")
    return tuple(None if p == pair else p for p in staying), tuple(None if p == pair else p for p in moving)


#: A seat of a Mitchell: the line (0 staying, 1 moving) and the table's place in it (from 0).
Seat = tuple[int, int]


def seat_of(lines: tuple[Line, Line], pair: int) -> Seat | None:
    """Where ``pair`` sits in a Mitchell's lines (None: it has no seat)."""
    for line, seats in enumerate(lines):
        if pair in seats:
            return line, seats.index(pair)
    return None


def come_back(lines: tuple[Line, Line], pair: int, seat: Seat | None) -> tuple[Line, Line]:
    """A pair put back before the round after it left: the ``seat`` it left, if nobody has taken it since (so
    the movement goes on as if it had never left); else a seat as a late pair's (``join``)."""
    if seat is not None:
        line, place = seat
        if line in (0, 1) and 0 <= place < len(lines[line]) and lines[line][place] is None:
            if pair in lines[0] or pair in lines[1]:
                raise ValueError("that pair is already seated")
            back = (*lines[line][:place], pair, *lines[line][place + 1 :])
            return (back, lines[1]) if line == 0 else (lines[0], back)
    return join(lines, pair)


def mitchell(lines: tuple[Line, Line], round_number: int, step: int = 1) -> Round:
    """Round ``round_number`` (from 1) of a Mitchell movement: the staying line keeps its tables all night,
    the moving line moves ``step`` tables up each round. A pair facing an empty seat sits out: with an odd
    number of pairs a different staying pair each round."""
    staying, moving = lines
    tables = len(staying)
    if len(moving) != tables or tables == 0:
        raise ValueError("the two lines of a Mitchell have a seat at every table")
    if tables > 1 and gcd(step, tables) != 1:
        raise ValueError(
            f"moving {step} tables a round repeats meetings at {tables} tables: pick a step sharing no divisor"
        )
    shift = ((round_number - 1) * step) % tables
    round_tables, byes = [], []
    for number, stays in enumerate(staying):  # a staying pair keeps its table all night
        facing = moving[(number - shift) % tables]
        if stays is not None and facing is not None:
            round_tables.append(Table(number + 1, stays, facing))
        else:
            byes += [pair for pair in (stays, facing) if pair is not None]
    return Round(tuple(round_tables), tuple(byes))


def round_robin(pairs: Sequence[int], round_number: int) -> Round:
    """Round ``round_number`` (from 1) of all against all (the circle method): in ``len(pairs) - 1``
    rounds (``len(pairs)`` with an odd number, each pair sitting out once) every pair meets every
    other exactly once."""
    _check_pairs(pairs)
    circle: list[int | None] = [*pairs, None] if len(pairs) % 2 else list(pairs)
    size = len(circle)
    turn = (round_number - 1) % (size - 1)
    rotating = circle[1:]
    rotating = rotating[-turn:] + rotating[:-turn] if turn else rotating
    placed = [circle[0], *rotating]
    tables: list[Table] = []
    bye = None
    for k in range(size // 2):
        first, second = placed[k], placed[size - 1 - k]
        if first is None or second is None:
            bye = second if first is None else first
            continue
        tables.append(
            Table(len(tables) + 1, first, second) if (k + turn) % 2 else Table(len(tables) + 1, second, first)
        )
    return Round(tuple(tables), (bye,) if bye is not None else ())


def all_against_all(
    pairs: Sequence[int], round_number: int, met: Collection[frozenset[int]] = (), had_bye: Collection[int] = ()
) -> Round:
    """Round ``round_number`` of all against all when pairs may have come late or left: the circle's round
    while it repeats none of the meetings ``met`` so far (always, while the pairs are those of the start);
    else the pairs in number order, each against the first it has not met (the one to sit out: the
    highest-numbered that has not sat out yet), meeting a pair again only if no seating avoids it."""
    circle = round_robin(pairs, round_number)
    seen = set(met)
    if not any(table.meeting in seen for table in circle.tables):
        return circle
    return by_standings(sorted(pairs), avoid=seen, had_bye=had_bye)


def by_standings(ranked: Sequence[int], avoid: Collection[frozenset[int]] = (), had_bye: Collection[int] = ()) -> Round:
    """The next round by the standings ``ranked`` (best first): 1st against 2nd, 3rd against 4th... With
    ``avoid`` (the meetings not to repeat: last round's for the modified Danish, or all so far) a pair
    meets the best-placed pair below it it has not met; if no seating avoids every meeting (or the search
    finds none within its budget), the round is seated 1-2, 3-4... as the standings are, rather than leave
    a pair without a table. With an odd number, the lowest-placed pair that has
    not sat out yet (else the lowest) sits out."""
    _check_pairs(ranked)
    pairs = list(ranked)
    bye = None
    if len(pairs) % 2:
        bye = next((pair for pair in reversed(pairs) if pair not in had_bye), pairs[-1])
        pairs.remove(bye)
    avoided = set(avoid)
    seating = _pair_down(pairs, avoided) or _pair_down(pairs, set())
    assert seating is not None  # without anything to avoid, 1-2, 3-4... always seats everyone
    tables = tuple(Table(k + 1, first, second) for k, (first, second) in enumerate(seating))
    return Round(tables, (bye,) if bye is not None else ())


#: How many partners the search may try before it gives up avoiding meetings (a night where no seating
#: avoids them all could otherwise make it try every seating there is).
SEARCH_BUDGET = 20_000


def _pair_down(pairs: list[int], avoid: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """The best-placed first pair against the best-placed partner it may meet, and so on down; None when
    no seating avoids every meeting in ``avoid``, or none was found within ``SEARCH_BUDGET`` tries (a
    search that goes back to try the next partner). A loop over a stack of its own, not a recursion: its
    depth is the number of tables, which no interpreter's stack limit need hold."""
    budget = SEARCH_BUDGET
    seating: list[tuple[int, int]] = []
    # For each table seated so far, and the next: the pairs still to seat, and the next partner to try.
    stack: list[tuple[list[int], int]] = [(pairs, 0)]
    while stack:
        left, tried = stack[-1]
        if not left:
            return seating
        first, rest = left[0], left[1:]
        for k in range(tried, len(rest)):
            budget -= 1
            if budget < 0:
                return None
            if frozenset((first, rest[k])) not in avoid:
                stack[-1] = (left, k + 1)  # back here, the next partner is tried
                seating.append((first, rest[k]))
                stack.append((rest[:k] + rest[k + 1 :], 0))
                break
        else:  # no partner left for ``first``: undo the table above and try its next partner
            stack.pop()
            if seating:
                seating.pop()
    return None
