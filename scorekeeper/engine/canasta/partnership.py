"""Cutthroat three-handed play: two players pool their melds against a lone hand for one hand.

[RG3][BICC]: the first to take the discard pile (or to go out before anyone took it) plays
alone; the other two combine their melds, and each of them receives the partnership's
score plus or minus their own red threes. Penalties belong to the partnership. When the
pile was never taken and nobody went out, each player scores alone (no ``partners``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import repeat

from ..entries import CanastaCount, Meld, Penalty, QuickEntry, SideEntry


@dataclass(frozen=True)
class Unit:
    """The players who score one result together, their pooled entry, and where each meld came from."""

    members: tuple[int, ...]
    entry: SideEntry
    origins: tuple[tuple[int, int], ...]  # (player index, meld index in that player's entry) per pooled meld
    went_out_by: int | None  # the member who went out, if one did


def check_partners(partners: tuple[int, int] | None, sides: int) -> None:
    """Two different players of the hand, or None; anything else is a caller's mistake."""
    if partners is None:
        return
    first, second = partners
    if first == second or not (0 <= first < sides and 0 <= second < sides):
        raise ValueError(f"partners must be two different players of the hand, not {partners!r}")


def scoring_units(entries: Sequence[SideEntry], partners: tuple[int, int] | None = None) -> list[Unit]:
    """One unit per side, except the cutthroat partners, who form one unit together."""
    check_partners(partners, len(entries))
    paired = tuple(sorted(partners)) if partners else ()
    units: list[Unit] = []
    for index, entry in enumerate(entries):
        if index in paired[1:]:
            continue
        if paired and index == paired[0]:
            units.append(_pool(entries, paired))
        else:
            units.append(single_unit(index, entry))
    return units


def single_unit(index: int, entry: SideEntry) -> Unit:
    """A side that scores on its own."""
    origins = tuple(zip(repeat(index), range(len(entry.melds))))
    return Unit((index,), entry, origins, index if entry.went_out else None)


def _pool(entries: Sequence[SideEntry], members: tuple[int, ...]) -> Unit:
    chosen = [entries[i] for i in members]
    quick = [e.quick for e in chosen if e.quick is not None]
    if quick and len(quick) != len(chosen):
        raise ValueError("partners record the same way: both quick entries, or both detailed")
    melds: list[Meld] = []
    origins: list[tuple[int, int]] = []
    hand: dict[str, int] = {}
    penalties: list[Penalty] = []
    for index, entry in zip(members, chosen, strict=True):
        melds.extend(entry.melds)
        origins.extend((index, m) for m in range(len(entry.melds)))
        for key, count in entry.hand.items():
            hand[key] = hand.get(key, 0) + count
        penalties.extend(entry.penalties)
    pooled = SideEntry(
        name=" & ".join(e.name for e in chosen),
        melds=tuple(melds),
        went_out=any(e.went_out for e in chosen),
        concealed=any(e.concealed for e in chosen),
        hand=hand,
        penalties=tuple(penalties),
        quick=_pool_quick(quick) if quick else None,
    )
    went_out_by = next((i for i, e in zip(members, chosen, strict=True) if e.went_out), None)
    return Unit(members, pooled, tuple(origins), went_out_by)


def _pool_quick(entries: list[QuickEntry]) -> QuickEntry:
    return QuickEntry(
        meld_points=sum(q.meld_points for q in entries),
        canastas=CanastaCount(
            natural=sum(q.canastas.natural for q in entries),
            mixed=sum(q.canastas.mixed for q in entries),
            wild=sum(q.canastas.wild for q in entries),
            samba=sum(q.canastas.samba for q in entries),
        ),
        hand_points=sum(q.hand_points for q in entries),
    )


def member_entry(unit: Unit, player: SideEntry) -> SideEntry:
    """The pooled entry as one member scores it: the partnership's cards, the member's red threes."""
    if len(unit.members) == 1:
        return unit.entry
    return replace(unit.entry, name=player.name, total_before=player.total_before, red_threes=player.red_threes)
