"""The named rule sets of the Canasta family's club games, Burraco, Buraco and Burako (rules/family.md §4):
each with its meld and hand parameters (``family_parameters``) and the options it offers.
"""

from __future__ import annotations

from types import MappingProxyType

from .family_parameters import (
    BURACO_HAND,
    BURACO_MELDS,
    BURAKO_HAND,
    BURAKO_MELDS,
    BURRACO_HAND,
    BURRACO_MELDS,
)
from .i18n import N_
from .rulesets import RuleSet, StepTables

#: The options every game of the family offers besides the game's length (family.md §3).
FAMILY_OPTIONS: tuple[str, ...] = (
    "going_out_with_packet_unplayed",
    "going_out_needs_canasta",
    "going_out_with_discard",
    "wild_closing_discard",
    "no_going_out_bonus_on_stock_out",
    "jokers",
    "joker_value",
    "sets_allowed",
    "ace_to_ace",
)

#: Two players, each alone: the family's head-to-head game (a pozzetto, morto, muerto each as in pairs).
FAMILY_TWO_PLAYERS = MappingProxyType({2: MappingProxyType({"individual": True})})

#: The Italian game (FIBur's code and its club tournaments; family.md §4): 108 cards, sets and runs, one
#: wild card a meld, burraco pulito 200, semipulito 150, sporco 100; closing with the pozzetto taken (played
#: or not), a burraco and a discard that is not a wild card; home game to 2005 [EB2781].
BURRACO = RuleSet(
    id="burraco",
    name=N_("Burraco (Italian)"),
    description=N_(
        "Two pairs, 11 cards and a pozzetto each; runs and sets, one wild card a meld; clean burraco 200,"
        " semi-clean 150, dirty 100; close with a discard; home game to 2005."
    ),
    sources=("FB", "EB737", "EB31"),
    family_melds=BURRACO_MELDS,
    family_hand=BURRACO_HAND,
    meld_minimum=False,
    target=2005,  # the home game [EB2781]; club tournaments play a fixed number of hands (3 or 4)
    step_tables=StepTables.OWN,  # FIBur's tables for rounds of 3 and 4 hands [VP1][VP2]
    extra_options=("semi_clean", "semi_clean_wild_at_end", "ace_to_king_bonus", *FAMILY_OPTIONS),
    player_variants=FAMILY_TWO_PLAYERS,
)

#: Brazil's game as pt.wikipedia and the portals describe it (Aberto / STBL; family.md §4): 104 cards,
#: runs only, one wild card, canastra limpa 200, suja 100, ace to king 500, ace to ace 1000; batida with
#: the morto and a clean canastra; a pair without a clean canastra counts its table minus; to 3000.
BURACO = RuleSet(
    id="buraco",
    name=N_("Buraco (Brazilian)"),
    description=N_(
        "Two pairs, 11 cards and a morto each; runs only, no jokers, one wild two a meld; clean canastra 200,"
        " dirty 100, ace to king 500, ace to ace 1000; go out with a clean canastra; game to 3000."
    ),
    sources=("PTW", "PJ", "BP"),
    family_melds=BURACO_MELDS,
    family_hand=BURACO_HAND,
    meld_minimum=False,
    target=3000,  # [PTW] (5000 an option) B-K6
    step_tables=StepTables.UNFIT,  # canastas of 500 and 1000: the Burraco bands do not fit its differences
    extra_options=("ace_to_king_bonus", "ace_to_ace_bonus", "table_minus_without_clean", *FAMILY_OPTIONS),
    player_variants=FAMILY_TWO_PLAYERS,
)

#: The River Plate game with cards (acanomas; family.md §4): 108 cards, sets and runs, one wild card a
#: meld, canasta real 200, simple 100, of wild cards 1000; cierre with the muerto and a canasta; to 2000.
BURAKO = RuleSet(
    id="burako",
    name=N_("Burako (River Plate)"),
    description=N_(
        "Two pairs, 11 cards and a muerto each; runs and sets, one wild card a meld; clean canasta 200,"
        " dirty 100, of wild cards 1000; go out with the muerto and a canasta; game to 2000."
    ),
    sources=("ACA3", "GHK", "BPLAY"),
    family_melds=BURAKO_MELDS,
    family_hand=BURAKO_HAND,
    meld_minimum=False,
    target=2000,  # [ACA3]
    step_tables=StepTables.UNFIT,  # a wild canasta of 1000: the Burraco bands do not fit its differences
    extra_options=("wild_canasta_bonus", *FAMILY_OPTIONS),
    player_variants=FAMILY_TWO_PLAYERS,
)
