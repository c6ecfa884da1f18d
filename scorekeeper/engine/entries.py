"""What a side records for one hand: melds, red threes, going out, cards held, penalties."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from .cards import HAND_KEYS, MELD_RANKS, SEQUENCE_ORDER, SEQUENCE_RANK, SPECIAL_HANDS, WILD_RANK, Card

#: A three held, by rank, in the family's games (Burraco, Buraco, Burako), where threes are ordinary cards.
FAMILY_THREE = "3"

#: The values a card held can have, for counting a hand by value instead of by rank.
POINT_CLASSES: tuple[int, ...] = (50, 20, 10, 5)


@dataclass(frozen=True)
class Meld:
    """One meld on the table: a rank (or ``3B``, or ``WILD``) and its cards by kind.

    What follows from the counts (size, wild cards, the meld's sort) is worked out once, when the
    meld is made: a hand asks for it many times.
    """

    rank: str
    naturals: int = 0
    jokers: int = 0
    twos: int = 0
    #: A sequence's ranks in order (rank ``SEQ``, Samba); empty for every other meld.
    cards: tuple[str, ...] = ()
    #: Jokers and twos together.
    wilds: int = field(init=False, repr=False, compare=False)
    #: Every card in the meld.
    size: int = field(init=False, repr=False, compare=False)
    #: A meld of wild cards only (Uruguayan, S001, Hoyle).
    is_wild_meld: bool = field(init=False, repr=False, compare=False)
    #: A meld of black threes, made only when going out.
    is_black_three_meld: bool = field(init=False, repr=False, compare=False)
    #: A sequence of one suit (Samba).
    is_sequence: bool = field(init=False, repr=False, compare=False)
    #: The counts that make the meld what it is, as one value (to look its judgement up).
    key: tuple[object, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank not in MELD_RANKS and self.rank != SEQUENCE_RANK:
            raise ValueError(f"unknown meld rank {self.rank!r}")
        if self.cards and (self.rank != SEQUENCE_RANK or not set(self.cards) <= set(SEQUENCE_ORDER)):
            raise ValueError("only a sequence lists its cards, each a rank from 4 to ace")
        wilds = self.jokers + self.twos
        object.__setattr__(self, "wilds", wilds)
        object.__setattr__(self, "size", self.naturals + wilds)
        object.__setattr__(self, "is_wild_meld", self.rank == WILD_RANK)
        object.__setattr__(self, "is_black_three_meld", self.rank == _BLACK_THREE)
        object.__setattr__(self, "is_sequence", self.rank == SEQUENCE_RANK)
        object.__setattr__(self, "key", (self.rank, self.naturals, self.jokers, self.twos, self.cards))


_BLACK_THREE = Card.BLACK_THREE.value


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
    # The Canasta family (Burraco, Buraco, Burako): natural is a clean one, mixed a dirty one; and
    semi: int = 0  # semi-clean burracos (Burraco)
    ace_to_king: int = 0  # clean canastras from ace to king, of 500 (Buraco)
    ace_to_ace: int = 0  # clean canastras from ace to ace, of 1000 (Buraco)

    @property
    def total(self) -> int:
        """Every canasta, whatever its kind."""
        return self.natural + self.mixed + self.wild + self.samba + self.semi + self.ace_to_king + self.ace_to_ace

    @property
    def clean(self) -> int:
        """The canastas without a wild card (the family's clean ones: natural, ace to king, ace to ace)."""
        return self.natural + self.ace_to_king + self.ace_to_ace


@dataclass(frozen=True)
class QuickEntry:
    """The paper-sheet way: card points melded, canastas by kind, points still held."""

    meld_points: int = 0
    canastas: CanastaCount = CanastaCount()
    hand_points: int = 0
    four_black_threes: bool = False  # melded by the side going out (a bonus in some rule sets) [S001] K12


#: The suits a meld given by rank and counts is dealt, in turn, to be judged as cards (a set's suits do
#: not change what it is or scores).
GROUP_SUITS: tuple[str, ...] = ("S", "H", "D", "C")


@dataclass(frozen=True)
class CardMeld:
    """A meld of the Canasta family (Burraco, Buraco, Burako) as the table wrote it: its cards in
    rank-and-suit notation (``"10H"``, ``"JK"``; a run low to high, its wild card where it stands), or a
    set by its rank and counts as Canasta's melds are; and, if the table wrote one, the kind of canasta
    it claims (``"clean"``, ``"dirty"``, ``"semi"``, ``"500"``, ``"1000"``, ``"wild"``)."""

    cards: tuple[str, ...] = ()
    rank: str = ""
    naturals: int = 0
    jokers: int = 0
    twos: int = 0
    claim: str = ""

    @property
    def by_rank(self) -> bool:
        """Whether the meld was given by rank and counts rather than card by card."""
        return not self.cards

    def written(self) -> tuple[str, ...]:
        """The meld's cards in rank-and-suit notation; a set given by rank gets its suits in turn."""
        if self.cards:
            return self.cards
        rank = "3" if self.rank in ("3B", "3R") else self.rank
        naturals = tuple(f"{rank}{GROUP_SUITS[i % 4]}" for i in range(max(self.naturals, 0)))
        twos = tuple(f"2{GROUP_SUITS[i % 4]}" for i in range(max(self.twos, 0)))
        return naturals + ("JK",) * max(self.jokers, 0) + twos


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
    # The Canasta family (Burraco, Buraco, Burako): the melds as cards (``melds`` stays empty), the cards
    # held in rank-and-suit notation (or by rank in ``hand``), the side's packet ("taken", "not_taken",
    # "taken_unplayed"), how it went out ("discard", "no_discard"; with ``went_out``) and the card it
    # discarded to go out, when written
    card_melds: tuple[CardMeld, ...] = ()
    held_cards: tuple[str, ...] = ()
    packet: str = ""
    closing: str = ""
    closing_discard: str = ""

    def __post_init__(self) -> None:
        unknown = set(self.hand).union(*self.hands) - {*HAND_KEYS, FAMILY_THREE}
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
        return any(meld.size > 0 for meld in self.melds) or bool(self.card_melds)

    def held(self, key: str) -> int:
        """How many cards of one key the side still holds."""
        return self.hand.get(key, 0)
