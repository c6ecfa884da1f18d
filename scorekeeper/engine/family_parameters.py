"""The Canasta family's club games (Burraco, Buraco, Burako) as data of a rule set: their cards' notation,
their meld parameters and their hand parameters, each as one value.

Every difference between the games is a named parameter of ``FamilyMelds`` or ``FamilyHand``, never a test
of a game's name (rules/family.md §2 table, §3 defaults and options, §4 rule sets; source keys in brackets
are family.md's §1, the K ids its §3 rows). A rule set holds them (``RuleSet.family_melds``,
``RuleSet.family_hand``); the rules that read them are the family's branch, ``engine/family/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from .i18n import N_

#: The ranks, ace low to king: a card is written as its rank and its suit, ``"10H"``, ``"AS"``, or
#: ``"JK"`` for a joker (family.md §2 rows 1, 3 and 14).
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: Spades, hearts, diamonds, clubs.
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
#: How a joker is written, and its key in a game's card values.
JOKER = "JK"
TWO = "2"
ACE = "A"


def family_card_values(*, joker: int, two: int, ace: int, eight_to_king: int, three_to_seven: int) -> Mapping[str, int]:
    """A game's card values by rank (``"JK"`` for the joker), read-only (family.md §2 row 14)."""
    values = {JOKER: joker, TWO: two, ACE: ace}
    values |= dict.fromkeys(("8", "9", "10", "J", "Q", "K"), eight_to_king)
    values |= dict.fromkeys(("3", "4", "5", "6", "7"), three_to_seven)
    return MappingProxyType(values)


@dataclass(frozen=True)
class FamilyMelds:
    """What a game of the family allows in a meld and what its canastas (burraco, canastra) are worth."""

    #: Card values by rank, ``"JK"`` for the joker (family.md §2 row 14).
    card_values: Mapping[str, int] = field(hash=False)
    #: Jokers in the pack (Brazilian Buraco: none by default, B-K1).
    jokers: bool = True
    #: Melds of one rank (Brazilian Aberto/STBL: runs only, B-K2).
    sets_allowed: bool = True
    #: The only ranks a set may be of ([CO]: A, K and 3), None for any rank.
    sets_only_of: frozenset[str] | None = None
    #: Wild cards a meld may hold [EBM][PJ][ACA2].
    wilds_per_meld: int = 1
    #: A two of the run's suit in the two's own place, between ace and three, is natural [EB10][PJ][LC].
    natural_two_in_place: bool = True
    #: An ace below the two or above the king [EB9][BP]; False: above the king only.
    ace_low_or_high: bool = True
    #: A run from ace to ace, 14 cards, the ace low and high at once [PJ][BP] (R-K2).
    ace_to_ace: bool = False
    #: The most natural cards in a run: 13 ordered cards [EB9], 14 where a run goes from ace to ace.
    max_run_naturals: int = 13
    #: Cards that make a canasta (burraco, canastra) [FB][PTW][ACA2].
    canasta_size: int = 7
    #: The semi-clean burraco: one wild card beside the canasta's natural cards [FB][FIAB] (I-K2).
    semi_clean: bool = False
    #: Semi-clean only with the wild card at one end of the run [OMS] (I-K1).
    semi_clean_wild_at_end: bool = False
    clean_bonus: int = 200
    semi_clean_bonus: int = 150
    dirty_bonus: int = 100
    #: A clean run from ace to king, in place of the clean bonus [LC][TM][JDR]; None: an ordinary clean one.
    ace_to_king_bonus: int | None = None
    #: A clean run from ace to ace, in place of the clean bonus [BP][LC][TM]; None: an ordinary clean one.
    ace_to_ace_bonus: int | None = None
    #: A canasta of wild cards only [ACA3]; None: a meld of wild cards only is refused [EBM][PJ].
    wild_canasta_bonus: int | None = None
    #: What the game's tables call a canasta, as its pages name it: a burraco (pulito, semipulito, sporco) in
    #: Burraco [FB][EBCH], a canasta (canastra) elsewhere.
    canasta_word: Literal["canasta", "burraco"] = "canasta"


#: burraco (FIBur): values 30/20/15/10/5 [EB1][EB737]; sets and runs; pulito 200, semipulito 150 in the
#: Codice's wording [FB][FIAB], sporco 100; no extra for a 13-card run (I-K6); no meld of wild cards [EBM].
BURRACO_MELDS = FamilyMelds(
    card_values=family_card_values(joker=30, two=20, ace=15, eight_to_king=10, three_to_seven=5),
    semi_clean=True,
    canasta_word="burraco",
)

#: buraco (Brazil, Aberto/STBL): no jokers (B-K1; joker 20 [GHV] as an option), 2 = 10, A 15, 8-K 10,
#: 3-7 5 [GHV][PJ]; runs only (B-K2); A-A runs [PJ][BP]; limpa 200, suja 100, A-K clean 500 and A-A
#: clean 1000 in place of the 200 (B-K5).
BURACO_MELDS = FamilyMelds(
    card_values=family_card_values(joker=20, two=10, ace=15, eight_to_king=10, three_to_seven=5),
    jokers=False,
    sets_allowed=False,
    ace_to_ace=True,
    max_run_naturals=14,
    ace_to_king_bonus=500,
    ace_to_ace_bonus=1000,
)

#: burako (River Plate, with cards): values 50/20/15/10/5 [GHK]; sets and runs [ACA2][BPLAY]; real 200,
#: simple 100, a canasta of jokers and twos together 1000 [ACA3][GHK]; ace not both low and high (R-K2).
BURAKO_MELDS = FamilyMelds(
    card_values=family_card_values(joker=50, two=20, ace=15, eight_to_king=10, three_to_seven=5),
    wild_canasta_bonus=1000,
)


#: The side's packet at the end of the hand: taken (and played), never taken, or taken and not played.
Packet = Literal["taken", "not_taken", "taken_unplayed"]
#: Whether the side went out, and how: by discarding a last card, or by melding every card.
WentOut = Literal[False, "discard", "no_discard"]


@dataclass(frozen=True)
class FamilyHand:
    """How a game of the family scores a side's hand beyond its melds, and what going out requires."""

    #: Going out (chiusura, batida, cierre) [EB737][PLP][ACA3].
    going_out_bonus: int = 100
    #: No going-out bonus when the hand ended because the stock ran out [OMS] (I-K5).
    no_going_out_bonus_on_stock_out: bool = False
    #: A packet never taken [EB737][PLP][ACA3], counted minus.
    packet_not_taken_penalty: int = 100
    #: A packet taken and not played: ``"cards"``, its cards count as held and nothing more [EB17] (I-K4);
    #: ``"flat"``, the packet-not-taken penalty [PLP][ACA3] (R-K1), the held cards as entered (D22).
    packet_taken_unplayed: Literal["cards", "flat"] = "cards"
    #: Going out needs the side's packet taken [EBCH][IU][ACA3].
    going_out_needs_packet: bool = True
    #: Going out while the packet is taken and not yet played: the partner who took it still holds its cards,
    #: charged as ``packet_taken_unplayed`` says [EBCH][EB17][CPO] (D27); False: the packet taken and played
    #: [PLP][ACA3] (D22). Never for a player alone, who has no partner to hold it.
    going_out_with_packet_unplayed: bool = False
    #: Going out needs a canasta: of any kind [EBCH][ACA3], clean [EB31][PTW][PJ] (I-K3, B-K4), or none.
    going_out_needs_canasta: Literal["any", "clean"] | None = "any"
    #: ``"required"``: going out only with a discard [EB31]; ``"either"``: with or without one [PJ] (D23).
    going_out_with_discard: Literal["required", "either"] = "either"
    #: Whether the card discarded to go out may be a wild card (never in Burraco [EB31]; D23).
    wild_closing_discard: bool = True
    #: A side without a clean canasta has its melded cards counted minus and loses its canastas' bonuses
    #: [PTW newer text] (B-K3).
    table_minus_without_clean: bool = False
    #: What the game's tables call the packet, as the pages name it (translated where it is shown).
    packet_name: str = N_("packet")


#: burraco (FIBur): close 100, none on a stock-out (I-K5); pozzetto not taken -100, taken and not played
#: its cards held (I-K4); close with the pozzetto taken, played or not (D27), a burraco of any kind (I-K3)
#: and a discard that is not a wild card [EB31].
BURRACO_HAND = FamilyHand(
    no_going_out_bonus_on_stock_out=True,
    going_out_with_packet_unplayed=True,
    going_out_with_discard="required",
    wild_closing_discard=False,
    packet_name=N_("pozzetto"),
)

#: buraco (Brazil): batida 100 with or without a discard, with the morto taken and a clean canastra
#: (B-K4); morto not taken or taken and not played -100 [PLP]; no clean canastra, table minus (B-K3).
BURACO_HAND = FamilyHand(
    packet_taken_unplayed="flat",
    going_out_needs_canasta="clean",
    table_minus_without_clean=True,
    packet_name=N_("morto"),
)

#: burako (River Plate): cierre 100 with the muerto taken and a canasta of any kind (a canasta of wild
#: cards too); muerto not taken or taken and unused -100 [ACA3] (R-K1); with or without a discard (D23).
BURAKO_HAND = FamilyHand(packet_taken_unplayed="flat", packet_name=N_("muerto"))
