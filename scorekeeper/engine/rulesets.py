"""RuleSet: every parameter the scorer and the referee use, as one frozen value.

A rule set is data (rules/variants.md §5 and §6): a new variant is a new bundle of
values, never new branches in the scoring code. The named rule sets live in
``canasta_rulesets.py`` and ``family_rulesets.py`` (listed by ``catalogue.py``); house-rule
overrides are checked by ``option_values.py`` and applied by ``options.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import TypeVar

from .cards import CLASSIC_CARD_VALUES, SPECIAL_HANDS
from .family_parameters import FamilyHand, FamilyMelds

K = TypeVar("K")
V = TypeVar("V")


class Red3NegativeWhen(StrEnum):
    """When a side's red threes count against it (K7)."""

    NO_MELD = "no_meld"
    NO_MELD_AND_OPPONENT_OUT = "no_meld_and_opponent_out"
    NO_CANASTA = "no_canasta"
    FEWER_THAN_2_CANASTAS = "fewer_than_2_canastas"
    NEVER = "never"


class RedThreeInHand(StrEnum):
    """What a red three still held at the end of a hand does (K11)."""

    PENALTY = "penalty"
    INVALID = "invalid"
    CARD5 = "card5"


class TargetRule(StrEnum):
    """Whether the target must be reached (>=) or exceeded (>) (K19)."""

    REACH = "reach"
    EXCEED = "exceed"


class TiePolicy(StrEnum):
    """What a tie at the top does when the game would end (K20)."""

    PLAY_ON = "play_on"
    DRAW = "draw"
    #: The side that went out in the hand wins the tie; when none of the tied sides went out, another
    #: hand is played (one peer's scorer plays it so; no rule text settles an exact tie).
    WENT_OUT = "went_out"


class MatchMode(StrEnum):
    """A game to a target score, or a fixed number of hands ("Torneo de Ronda", K21)."""

    TARGET = "target"
    ROUND = "round"


class MinimumBasis(StrEnum):
    """Whose score sets the initial-meld minimum (K18)."""

    SIDE = "side"
    PLAYER = "player"


class StockOutRule(StrEnum):
    """What happens when the stock runs out (K22; referee only)."""

    PLAY_ON_WHILE_FITS = "play_on_while_fits"
    END_AT_ONCE = "end_at_once"
    TOP_CARD_ONLY = "top_card_only"


class StepTables(StrEnum):
    """Whether a club night may score this game's tables by the Burraco federation's step tables of victory
    points, whose bands were drawn for a round's difference at Burraco's scores (rules/family.md §2a)."""

    OWN = "own"  # its federation's own tables: a night proposes the table made for its rounds' hands
    CHOSEN = "chosen"  # a club may choose them for its own scale (Canasta's rule sets: presets, as before)
    UNFIT = "unfit"  # its scores are not those the bands were drawn for: the continuous scale or match points


@dataclass(frozen=True)
class WildMeld:
    """A meld of wild cards only: how it starts, how big it gets, what it earns (K4, K25)."""

    min_start: int
    max_size: int
    bonus: int
    counts_for_going_out: bool


@dataclass(frozen=True)
class PenaltyKind:
    """A penalty from the rule set's own list, with the points it costs."""

    key: str
    points: int
    reason: str


def frozen_map(items: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only mapping, for mapping-valued parameters of a frozen rule set."""
    return MappingProxyType(dict(items))


#: Classic initial-meld minimums [P][WIKI][S001][S003H]: negative 15, then 50 / 90 / 120.
#: Each row is (lowest total, minimum); None is "below the next row", i.e. negative.
CLASSIC_MIN_TABLE: tuple[tuple[int | None, int], ...] = ((None, 15), (0, 50), (1500, 90), (3000, 120))

#: Red-three bonus by number of red threes [P][BRIT][S000][S001]: 100 each, 800 for all four.
CLASSIC_RED3_TABLE: tuple[int, ...] = (100, 200, 300, 800)


@dataclass(frozen=True)
class RuleSet:
    """Every parameter of one rule set; defaults are the ``classic`` values (variants.md §5)."""

    id: str
    name: str
    description: str
    sources: tuple[str, ...] = ()

    # Table
    players: int = 4
    sides_allowed: tuple[int, ...] = (2,)
    individual: bool = False
    decks: int = 2
    card_values: Mapping[str, int] = field(default_factory=lambda: MappingProxyType(dict(CLASSIC_CARD_VALUES)))

    # Melds (K1, K2, K28)
    min_meld_size: int = 3
    min_naturals: int = 2
    max_wilds: int | None = 3
    wilds_le_naturals: bool = False
    max_meld_size: int | None = None
    allow_duplicate_rank: bool = False
    sevens_no_wilds: bool = False
    canasta_size: int = 7
    canasta_min_naturals: int = 4
    wild_meld: WildMeld | None = None
    # Samba: melds of one suit in sequence (4 low, ace high, no wild cards); seven make a samba
    sequences: bool = False
    samba_bonus: int = 1500

    # Canasta and going-out bonuses (K3, K5, K6)
    natural_bonus: int = 500
    mixed_bonus: int = 300
    rank_natural_bonus: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    go_out_bonus: int = 100
    concealed_total: int | None = 200
    canastas_to_go_out: int = 1
    go_out_min_natural: int = 0
    go_out_min_mixed: int = 0
    go_out_min_samba: int = 0  # Bolivia: one of the canastas to go out is a sequence (an escalera) [BICB]

    # Red threes (K7-K11)
    red3_table: tuple[int, ...] = CLASSIC_RED3_TABLE
    red3_per_extra: int = 100
    red3_negative_when: Red3NegativeWhen = Red3NegativeWhen.NO_MELD
    red_three_in_hand: RedThreeInHand = RedThreeInHand.PENALTY
    red_three_in_hand_penalty: int = 500

    # Black threes (K12)
    black_three_meld: bool = True
    black_three_meld_sizes: tuple[int, ...] = (3, 4)
    black_three_four_bonus: int = 0
    four_black_threes_in_hand_penalty: int = 0
    black_three_hand_value: int = 5  # a further K12 option: 100 [BICB][ES2]

    # Special bonuses and the Hoyle option (K24)
    canasta_count_bonus: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    canasta_count_cumulative: bool = False
    canasta_required_for_positive: bool = False

    # Cutthroat three-handed play: a lone hand against a partnership for the hand (K30)
    cutthroat: bool = False
    # Bolivia, Samba's cousin: wild-card melds, an escalera to go out, 15000 [BICB] (see option_implies)
    bolivia: bool = False
    # Samba's top band read as 150 instead of 160 [TIM][BICB] K17 (see option_implies)
    min_150_from_7000: bool = False

    # Modern American [MACJ][MACC][MACD]: threes (red, and black laid out) scored by colour, plus with two
    # canastas, nothing with one, minus with none (meld values minus too); unfinished melds of some ranks
    # and three aces or sevens left in one player's hand cost a penalty; wild canastas by what they hold
    mac_scoring: bool = False
    mac_threes_table: tuple[int, ...] = (100, 300, 500, 1000)
    mac_incomplete_penalty: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    # Modern American, one source's reading (canastaconnection): no side goes out with a meld of wild
    # cards that is not yet a canasta; the others only charge the unfinished meld's penalty (D9).
    go_out_forbids_unfinished_wild_meld: bool = False
    mac_hand_triple_penalty: int = 0
    # Modern American's special hands, a player going out with the whole hand at once: what each scores
    # (0: not in these rules). Straight 3000, Pairs 2500 (2000 with wild cards), Garbage 2000 (pagat) or
    # 3000 (CLA) [MACD] (D10)
    special_straight: int = 0
    special_pairs: int = 0
    special_pairs_wild: int = 0
    special_garbage: int = 0
    wild_canasta_bonus_by_jokers: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))

    # Initial-meld minimum (K15-K18)
    min_table: tuple[tuple[int | None, int], ...] = CLASSIC_MIN_TABLE
    min_by_round: tuple[int, ...] | None = None
    minimum_basis: MinimumBasis = MinimumBasis.SIDE

    # The game (K19-K21)
    target: int = 5000
    target_rule: TargetRule = TargetRule.REACH
    tie_policy: TiePolicy = TiePolicy.PLAY_ON
    match_mode: MatchMode = MatchMode.TARGET
    hands_in_match: int | None = None

    # Referee only: play, not scoring (K13, K14, K22, K23, K29)
    deal: int = 11
    foot: int = 0  # Hand and Foot: a second packet (the foot) dealt to each player, played after the hand
    draw_count: int = 1
    black_three_freezes: bool = False
    pile_before_first_meld: bool = True
    pile_always_frozen: bool = False
    pile_natural_pair_only: bool = False  # a natural and a wild card never take the pile (Samba) [BICS]
    pile_onto_canasta: bool = True  # the top card may join a finished canasta (not in Samba) [BICS]
    wild_anywhere_freezes: bool = True
    stock_out_rule: StockOutRule = StockOutRule.PLAY_ON_WHILE_FITS
    last_red_three_may_meld: bool = True
    top_card_counts_for_minimum: bool = True
    canastas_count_for_minimum: bool = False

    # The Canasta family's club games (Burraco, Buraco, Burako; rules/family.md): melds written as their cards
    # (runs of one suit, one wild card a meld, burracos clean, semi-clean or dirty) and judged by
    # ``family_melds``; a side's packet, going out and held cards scored by ``family_hand``. None: Canasta's
    # melds by rank, scored by the parameters above.
    family_melds: FamilyMelds | None = None
    family_hand: FamilyHand | None = None
    # A side's first meld of a hand must reach a minimum (K15-K18); the family's games have none.
    meld_minimum: bool = True
    # A club night's step tables of victory points for this game's scores (not a rule of play: never a
    # house rule).
    step_tables: StepTables = StepTables.CHOSEN

    # The table's penalties this rule set lists (S001, S003H, S003A)
    penalty_list: tuple[PenaltyKind, ...] = ()

    # House-rule options offered at the start of a game (beyond the common ones)
    extra_options: tuple[str, ...] = ()
    # Overrides picked by the ``players`` option, and by the number of sides at the table
    player_variants: Mapping[int, Mapping[str, object]] = field(default_factory=lambda: MappingProxyType({}))
    side_variants: Mapping[int, Mapping[str, object]] = field(default_factory=lambda: MappingProxyType({}))
    # Values an option brings with it when switched on (cutthroat: draw 2, two canastas, 7500)
    option_implies: Mapping[str, Mapping[str, object]] = field(default_factory=lambda: MappingProxyType({}))

    @cached_property
    def judged(self) -> dict[object, object]:
        """What the engine has worked out from this rule set's values alone (each meld's verdict and
        worth), kept with the rule set so that it is worked out once; see ``canasta.melds.meld_facts``."""
        return {}

    def going_out_bonus(self, concealed: bool) -> int:
        """What going out is worth: the total for going out concealed where the rules give one (K5),
        else the going-out bonus (K5, K6)."""
        if concealed and self.concealed_total is not None:
            return self.concealed_total
        return self.go_out_bonus

    def special_hand_value(self, kind: str) -> int:
        """What the special hand ``kind`` scores (0: these rules have no such hand)."""
        value: int = getattr(self, f"special_{kind}", 0)
        return value

    @property
    def special_hands(self) -> tuple[str, ...]:
        """The special hands these rules score."""
        return tuple(kind for kind in SPECIAL_HANDS if self.special_hand_value(kind))

    @property
    def packet(self) -> bool:
        """Whether each side has a packet (pozzetto, morto, muerto) to take: the family's games."""
        return self.family_hand is not None

    @property
    def players_allowed(self) -> tuple[int, ...]:
        """The numbers of players this rule set can seat."""
        return tuple(sorted({self.players, *self.player_variants}))
