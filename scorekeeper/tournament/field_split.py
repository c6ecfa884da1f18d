"""A field brought in split by club or region: the pairs of one club (or region, or association) numbered so
that they sit on the same line of the night's Mitchell, where they never meet, as far as the lines' sizes
allow.

A Mitchell seats the first half of the pairs, by number, in the line that stays and the rest in the line that
moves (movements.mitchell_lines); two pairs of one line never meet. So the split is a numbering: the pairs
already on the night keep theirs, and the new ones take the next numbers in an order that fills the staying
line's free seats with whole groups and the moving line's with the others. Whole groups are chosen to fill the
staying line as closely as possible (the exact best, not a guess); only when no choice of whole groups fits
both lines is one group cut in two (the smallest of those left that the staying line's free seats do not
hold whole, its first pairs in the file staying), so that as few pairs of one group as may be meet. Pairs with
no group fill the seats the groups leave. Within a line the pairs keep their order in the file, group by
group."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Split:
    """The order the new pairs are numbered in (indexes into the list given), and each group's pairs on the
    staying line and on the moving line."""

    order: tuple[int, ...]
    staying: dict[str, int]
    moving: dict[str, int]

    @property
    def cut(self) -> tuple[str, ...]:
        """The groups whose pairs sit on both lines (they may meet), by name."""
        return tuple(sorted(name for name in self.staying if name in self.moving))


def split_by_group(groups: Sequence[str | None], before: int = 0) -> Split:
    """Number new pairs so that each group's sit on one line of the Mitchell. ``groups`` is each new pair's
    group (None or "": none), in the file's order; ``before`` is how many pairs the night has already (they
    keep numbers 1 to ``before`` and the first seats of the staying line)."""
    if before < 0:
        raise ValueError("a night has no fewer than no pairs")
    total = before + len(groups)
    seats = max((total + 1) // 2 - before, 0)  # the staying line's seats left for the new pairs
    members: dict[str, list[int]] = {}
    loose: list[int] = []
    for index, group in enumerate(groups):
        if group:
            members.setdefault(group, []).append(index)
        else:
            loose.append(index)
    names = sorted(members, key=lambda name: (-len(members[name]), name))
    chosen = _closest_fill(names, {name: len(members[name]) for name in names}, seats)
    staying: list[int] = [index for name in names if name in chosen for index in members[name]]
    others = [name for name in names if name not in chosen]
    moving_seats = len(groups) - seats
    grouped_left = sum(len(members[name]) for name in others)
    if grouped_left > moving_seats:  # no whole groups fit both lines: one group left is cut
        taken = grouped_left - moving_seats
        # the smallest that is larger than the seats left (it would fit whole otherwise): fewest meetings
        cut = min((name for name in others if len(members[name]) > taken), key=lambda name: len(members[name]))
        staying += members[cut][:taken]
    room = seats - len(staying)
    staying += loose[:room]
    placed = set(staying)
    moving = [index for name in others for index in members[name] if index not in placed]
    moving += [index for index in loose if index not in placed]
    return Split(
        order=tuple(staying + moving),
        staying=_count(groups, staying),
        moving=_count(groups, moving),
    )


def _closest_fill(names: Sequence[str], sizes: dict[str, int], seats: int) -> frozenset[str]:
    """The groups, taken whole, that fill ``seats`` as closely as possible without passing it (subset sum,
    exact: ``seats`` is at most 500); among equal fills, the one found first in ``names`` order."""
    best: dict[int, frozenset[str]] = {0: frozenset()}
    for name in names:
        for filled, chosen in sorted(best.items(), reverse=True):
            more = filled + sizes[name]
            if more <= seats and more not in best:
                best[more] = chosen | {name}
    return best[max(best)]


def _count(groups: Sequence[str | None], indexes: Sequence[int]) -> dict[str, int]:
    counted: dict[str, int] = {}
    for index in indexes:
        group = groups[index]
        if group:
            counted[group] = counted.get(group, 0) + 1
    return counted
