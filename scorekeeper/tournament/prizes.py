"""A tournament's prizes and its payout sheet: prize places per group or overall, amounts in whole currency units
or percentages of a pool, one prize per pair (the better of two lists, the next pair moving up in the other),
an optional prize for the last pair, paid from the final standings.

Amounts from percentages are rounded as a person rounds (rounding.py: a half away from zero) and what is left of
the pool is said, never hidden. docs/rule-choices.md D32 records the choices."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .rounding import rounded
from .settings import Bound, SettingRefused
from .standings import Standing

#: A pool, and a prize, in whole currency units (the federation's nationals pay 3,500 and more).
POOL = Bound(0, 10_000_000)
#: A prize's share of the pool, in per cent; all the shares together at most the whole pool.
SHARE = Bound(0, 100)
#: Prize places a list has at most.
PRIZE_PLACES = Bound(0, 1000)
#: The name of the last pair's prize on the payout sheet.
LAST = "last"


@dataclass(frozen=True)
class Shares:
    """Amounts from a pool's percentages, whole units, and what is left of the pool after them."""

    amounts: tuple[int, ...]
    remainder: int


def amounts_from_shares(pool: int, percents: Sequence[float]) -> Shares:
    """Each share of ``pool`` rounded to a whole unit, a half away from zero; if rounding up would pay more than
    the pool, the lowest prizes give back one unit each, from the last, until it fits; what is left is said."""
    _whole("pool", pool, POOL)
    if any(not SHARE.holds(p) for p in percents) or not SHARE.holds(sum(percents)):
        raise SettingRefused("shares", bound=SHARE)
    amounts = [int(rounded(pool * p / 100)) for p in percents]
    over, place = sum(amounts) - pool, len(amounts) - 1
    while over > 0:  # at most one unit a prize was rounded up: a unit back from each, lowest first
        if amounts[place] > 0:
            amounts[place] -= 1
            over -= 1
        place = place - 1 if place > 0 else len(amounts) - 1
    return Shares(tuple(amounts), pool - sum(amounts))


@dataclass(frozen=True)
class PrizeList:
    """A list of prizes: its name ("overall", a group's letter) and the amount of each place, the first first,
    never rising down the list; checked when made."""

    name: str
    amounts: tuple[int, ...]

    def __post_init__(self) -> None:
        if not PRIZE_PLACES.holds(len(self.amounts)):
            raise SettingRefused("amounts", bound=PRIZE_PLACES, case="count")
        for amount in self.amounts:
            _whole("amounts", amount, POOL)
        if list(self.amounts) != sorted(self.amounts, reverse=True):
            raise SettingRefused("amounts", case="order")
        if not self.name.strip() or self.name == LAST:
            raise SettingRefused("name", case="blank" if not self.name.strip() else "taken")


@dataclass(frozen=True)
class PayoutLine:
    """A line of the payout sheet: the list and its prize's place, the pair paid, its place and points in that
    list's standings, the amount, and whether it moved up (a pair above it took a better prize elsewhere)."""

    prize_list: str
    prize_place: int
    pair: int
    place: int
    points: float
    amount: int
    moved_up: bool


@dataclass(frozen=True)
class Payout:
    """The payout sheet: its lines in the lists' order, each list by place, the last pair's prize at the end;
    the total paid, and the prizes left with no pair to take them (a list longer than its standings)."""

    lines: tuple[PayoutLine, ...]
    unpaid: int

    @property
    def total(self) -> int:
        """Everything paid."""
        return sum(line.amount for line in self.lines)


def payout(
    lists: Sequence[tuple[PrizeList, Sequence[Standing]]],
    last_prize: int | None = None,
    last_of: Sequence[Standing] = (),
    withdrawn: Collection[int] = (),
) -> Payout:
    """The payout from each prize list and its final standings (best first; a place still shared after every
    tie-break in the order a draw gave). One prize per pair: prizes are given from the largest down (equal
    amounts: the list named first, then by place), each to the best-placed pair of its list without a prize, so
    a pair in the places of two lists gets the better prize and the next pair of the other list moves up.
    ``last_prize``: a prize for the last pair of ``last_of`` (the overall standings; by default the first list's)
    that has no other prize and has not ``withdrawn`` (it did not play to the end; a pair that withdrew keeps a
    prize place its points earn)."""
    names = [prize_list.name for prize_list, _ in lists]
    if len(set(names)) != len(names):
        raise SettingRefused("name", case="twice")
    prizes = sorted(
        (
            (amount, k, place)
            for k, (prize_list, _) in enumerate(lists)
            for place, amount in enumerate(prize_list.amounts, 1)
        ),
        key=lambda prize: (-prize[0], prize[1], prize[2]),
    )
    paid: dict[int, PayoutLine] = {}
    unpaid = 0
    for amount, k, place in prizes:
        prize_list, ranked = lists[k]
        taker = next(((n, line) for n, line in enumerate(ranked, 1) if line.pair not in paid), None)
        if taker is None:
            unpaid += amount
            continue
        position, line = taker
        paid[line.pair] = PayoutLine(
            prize_list.name, place, line.pair, line.place, line.points, amount, position > place
        )
    order = {name: k for k, name in enumerate(names)}
    lines = sorted(paid.values(), key=lambda line: (order[line.prize_list], line.prize_place))
    if last_prize is not None:
        _whole("last_prize", last_prize, POOL)
        field = last_of or (lists[0][1] if lists else ())
        last = next((line for line in reversed(field) if line.pair not in paid and line.pair not in withdrawn), None)
        if last is None:
            unpaid += last_prize
        else:
            lines.append(PayoutLine(LAST, 1, last.pair, last.place, last.points, last_prize, moved_up=False))
    return Payout(tuple(lines), unpaid)


def _whole(field: str, value: object, bound: Bound) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not bound.holds(value):
        raise SettingRefused(field, bound=bound)
