"""What a side records for one hand: melds, red threes, going out, cards held, penalties."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import HAND_KEYS, SPECIAL_HANDS
from .melds import Meld

#: The values a card held can have, for counting a hand by value instead of by rank.
POINT_CLASSES: tuple[int, ...] = (50, 20, 10, 5)


@dataclass(frozen=True)
class Penalty:
    """Points the table agreed to take off a side, with the reason."""

    points: int
    reason: str = ""


@dataclass(frozen=True)
class CanastaCount:
    """Canastas of each kind."""

    natural: int = 0
    mixed: int = 0
    wild: int = 0
    samba: int = 0  # seven cards of one suit in sequence (Samba)

    @property
    def total(self) -> int:
        """Every canasta, whatever its kind."""
        return self.natural + self.mixed + self.wild + self.samba


@dataclass(frozen=True)
class QuickEntry:
    """The paper-sheet way: card points melded, canastas by kind, points still held."""

    meld_points: int = 0
    canastas: CanastaCount = CanastaCount()
    hand_points: int = 0
    four_black_threes: bool = False  # melded by the side going out (a bonus in some rule sets) [S001] K12


def pooled_hand(hands: Sequence[Mapping[str, int]]) -> dict[str, int]:
    """A side's cards held, from each player's (Modern American counts them apart)."""
    pooled: dict[str, int] = {}
    for held in hands:
        for key, count in held.items():
            pooled[key] = pooled.get(key, 0) + count
    return pooled


@dataclass(frozen=True)
class SideEntry:
    """One side's record of a hand. In partnerships ``hand`` holds both partners' cards."""

    name: str = ""
    total_before: int = 0
    melds: tuple[Meld, ...] = ()
    red_threes: int = 0
    went_out: bool = False
    concealed: bool = False
    hand: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    penalties: tuple[Penalty, ...] = ()
    quick: QuickEntry | None = None
    # Cards held counted by value (5, 10, 20, 50) for tables that do not sort them by rank
    hand_by_value: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    # Modern American: black threes laid out in front of the side as bonus cards, and each player's own
    # cards held (some penalties fall on a player); ``hand`` is then their sum
    black_threes: int = 0
    hands: tuple[Mapping[str, int], ...] = ()
    # Modern American: the special hand (one of SPECIAL_HANDS) the side went out with, if any
    special_hand: str = ""

    def __post_init__(self) -> None:
        unknown = set(self.hand).union(*self.hands) - set(HAND_KEYS)
        if unknown:
            raise ValueError(f"unknown card keys {sorted(unknown)}")
        if set(self.hand_by_value) - set(POINT_CLASSES):
            raise ValueError(f"card values are {POINT_CLASSES}")
        if self.quick is not None and (self.melds or any(self.hand.values()) or any(self.hand_by_value.values())):
            raise ValueError("a quick entry replaces melds and hand")
        if self.special_hand and self.special_hand not in SPECIAL_HANDS:
            raise ValueError(f"special hands are {SPECIAL_HANDS}")

    @property
    def has_melded(self) -> bool:
        """Whether the side has anything melded on the table (red threes are not melds)."""
        if self.quick is not None:
            return self.quick.meld_points > 0 or self.quick.canastas.total > 0
        return any(meld.size > 0 for meld in self.melds)

    def held(self, key: str) -> int:
        """How many cards of one key the side still holds."""
        return self.hand.get(key, 0)
