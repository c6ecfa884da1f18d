"""A compact way to write hands in tests, close to how players say them.

Melds: ``"8:6j1"`` is six natural eights and one joker, ``"K:4t2"`` four kings and two
twos, ``"WILD:j4t3"`` four jokers and three twos, ``"3B:4"`` four black threes,
``"SEQ:8,9,10"`` a sequence of one suit (Samba).
Hands: ``"K JOKER 5*2"`` is a king, a joker and two fives.
"""

from __future__ import annotations

import re
from collections import Counter

from scorekeeper.engine import CanastaCount, Meld, Penalty, QuickEntry, SideEntry

MELD = re.compile(r"^(?P<rank>[^:]+):(?P<naturals>-?\d+)?(?:j(?P<jokers>-?\d+))?(?:t(?P<twos>-?\d+))?$")


def meld(text: str) -> Meld:
    """One meld from its notation; a sequence (Samba) lists its cards: ``"SEQ:8,9,10,J,Q,K,A"``
    (``"SEQ:8,9,10j1"`` adds a joker to it)."""
    if text.startswith("SEQ:"):
        listed, _, wild = text[4:].partition("j")
        cards = tuple(listed.split(","))
        return Meld("SEQ", naturals=len(cards), jokers=int(wild or 0), cards=cards)
    match = MELD.match(text)
    assert match, f"bad meld notation {text!r}"
    return Meld(
        rank=match["rank"],
        naturals=int(match["naturals"] or 0),
        jokers=int(match["jokers"] or 0),
        twos=int(match["twos"] or 0),
    )


def hand(text: str) -> dict[str, int]:
    """Cards held, from their notation."""
    cards: Counter[str] = Counter()
    for item in text.split():
        key, _, count = item.partition("*")
        cards[key] += int(count or 1)
    return dict(cards)


def side(
    melds: str = "",
    held: str = "",
    red3: int = 0,
    out: bool = False,
    concealed: bool = False,
    total: int = 0,
    penalties: tuple[int, ...] = (),
    name: str = "",
    black3: int = 0,
    hands: tuple[str, ...] = (),
    special: str = "",
) -> SideEntry:
    """A detailed side entry from its notation; ``hands`` gives each player's cards (Modern American),
    and the side's ``held`` is then their sum."""
    if hands:
        held = " ".join(hands)
    return SideEntry(
        name=name,
        total_before=total,
        melds=tuple(meld(m) for m in melds.split()),
        red_threes=red3,
        went_out=out,
        concealed=concealed,
        hand=hand(held),
        penalties=tuple(Penalty(p) for p in penalties),
        black_threes=black3,
        hands=tuple(hand(cards) for cards in hands),
        special_hand=special,
    )


def quick(
    meld_points: int,
    natural: int = 0,
    mixed: int = 0,
    wild: int = 0,
    hand_points: int = 0,
    red3: int = 0,
    samba: int = 0,
    out: bool = False,
    concealed: bool = False,
    total: int = 0,
) -> SideEntry:
    """A quick (paper-sheet) side entry."""
    return SideEntry(
        total_before=total,
        red_threes=red3,
        went_out=out,
        concealed=concealed,
        quick=QuickEntry(meld_points, CanastaCount(natural, mixed, wild, samba), hand_points),
    )
