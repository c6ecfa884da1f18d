"""Canasta's named rule sets (rules/variants.md §5): values that differ from ``classic``.

Source keys in brackets are those of variants.md §1; the K numbers are its §4
contradictions, whose default each rule set follows unless noted.
"""

from __future__ import annotations

from types import MappingProxyType

from .i18n import N_
from .rulesets import (
    CLASSIC_RED3_TABLE,
    MatchMode,
    PenaltyKind,
    Red3NegativeWhen,
    RedThreeInHand,
    RuleSet,
    StockOutRule,
    TiePolicy,
    WildMeld,
    frozen_map,
)

#: Minimum 0 when the score is negative [S003A][S004] (K15).
ZERO_WHEN_NEGATIVE_MIN_TABLE: tuple[tuple[int | None, int], ...] = ((None, 0), (0, 50), (1500, 90), (3000, 120))

#: S001's penalty list (variants.md table A row 21).
TRADICIONAL_PENALTIES: tuple[PenaltyKind, ...] = (
    PenaltyKind("pile_before_exposing", 200, N_("Taking the pile before showing the cards that join its top card")),
    PenaltyKind("exposing_in_partner_turn", 200, N_("Laying down cards in your partner's turn")),
    PenaltyKind("drawing_out_of_turn_mixed", 200, N_("Drawing out of turn and mixing the card into the hand")),
    PenaltyKind("stock_out_of_turn", 100, N_("Drawing from the stock out of turn")),
    PenaltyKind("exposing_in_opponent_turn", 100, N_("Laying down cards in an opponent's turn")),
    PenaltyKind("pile_out_of_turn", 100, N_("Taking the pile out of turn")),
    PenaltyKind("asking_to_go_out_unable", 100, N_("Asking permission to go out and then being unable to")),
    PenaltyKind("two_cards_instead_of_one", 50, N_("Taking two cards instead of one")),
    PenaltyKind("top_card_unable_to_meld", 50, N_("Taking the top card of the pile and being unable to meld")),
    PenaltyKind("undoing_a_draw", 50, N_("Taking back a draw")),
)

CLASSIC = RuleSet(
    id="classic",
    name=N_("Classic partnership"),
    description=N_("Four players in two partnerships, 11 cards, draw 1, one canasta to go out, game to 5000."),
    sources=("P", "BRIT", "AAPCM", "WIKI"),
)

CLASSIC_2P = RuleSet(
    id="classic_2p",
    name=N_("Classic two-handed"),
    description=N_("Two players, 15 cards each, draw 2 and discard 1, two canastas to go out."),
    sources=("P", "BIC2", "RG2"),
    players=2,
    individual=True,
    canastas_to_go_out=2,  # [P][BIC2] K3
    deal=15,
    draw_count=2,
)

CLASSIC_3P = RuleSet(
    id="classic_3p",
    name=N_("Classic three-handed"),
    description=N_("Three players, each for themselves, 13 cards each, draw 1."),
    sources=("RG3", "S001"),
    players=3,
    sides_allowed=(3,),
    individual=True,
    deal=13,
    extra_options=("cutthroat",),
    # Cutthroat [RG3][LOVR]: draw 2, discard 1; two canastas to go out; game to 7500 (K30).
    option_implies=MappingProxyType(
        {"cutthroat": MappingProxyType({"draw_count": 2, "canastas_to_go_out": 2, "target": 7500})}
    ),
)

CLASSIC_6P = RuleSet(
    id="classic_6p",
    name=N_("Classic six-handed"),
    description=N_(
        "Six players in two teams of three (or three pairs), three packs, 13 cards, two canastas, game to 10000."
    ),
    sources=("RG6",),
    players=6,
    sides_allowed=(2, 3),
    decks=3,
    deal=13,
    canastas_to_go_out=2,  # [RG6] K3
    red3_table=(100, 200, 300, 400, 1000, 1200),  # up to four 100 each, 5 = 1000, 6 = 1200 [RG6] K10
    min_table=((None, 15), (0, 50), (1500, 90), (3000, 120), (7500, 150)),  # [RG6] K17
    target=10000,
    side_variants=MappingProxyType({3: MappingProxyType({"target": 7500})}),  # three teams play to 7500 [RG6]
)

ES_ONLINE_15 = RuleSet(
    id="es_online_15",
    name=N_("Spanish online pairs, 15 cards"),
    description=N_(
        "Two pairs, 15 cards, draw 2, two canastas to go out; to a target (Torneo Rápido) "
        "or a fixed number of hands (Torneo de Ronda)."
    ),
    sources=("S000", "S002"),
    canastas_to_go_out=2,  # [S000] K3
    red_three_in_hand=RedThreeInHand.INVALID,  # red threes are laid down automatically [S000] K11
    deal=15,
    draw_count=2,
    stock_out_rule=StockOutRule.END_AT_ONCE,  # [S000] K22
    extra_options=("min_naturals",),  # K2: 1 natural + 1 wild when taking the pile
)

ES_TRADICIONAL = RuleSet(
    id="es_tradicional",
    name=N_("Spanish traditional"),
    description=N_(
        "The traditional Spanish rules: wild-card canasta 2000, canastón 500, canasta de canastas 2000, "
        "four black threes +500, penalties at the end of the hand; 2, 3, 4 or 6 players."
    ),
    sources=("S001",),
    wild_meld=WildMeld(min_start=5, max_size=7, bonus=2000, counts_for_going_out=False),  # [S001] K4 K25
    concealed_total=None,  # "abatir" earns no extra [S001] K5
    black_three_four_bonus=500,  # [S001] K12
    four_black_threes_in_hand_penalty=500,  # [S001] K12
    canasta_count_bonus=frozen_map({5: 500, 7: 2000}),  # canastón, canasta de canastas [S001]
    canasta_count_cumulative=False,  # K24
    penalty_list=TRADICIONAL_PENALTIES,
    extra_options=("canasta_count_cumulative", "wild_meld"),
    player_variants=MappingProxyType(
        {
            # "el juego es individual y se reparten 15 cartas ... dos, y 13 ... tres" [S001]
            2: MappingProxyType({"sides_allowed": (2,), "individual": True, "deal": 15}),
            3: MappingProxyType({"sides_allowed": (3,), "individual": True, "deal": 13}),
            # six players: three against three with the usual two packs and 11 cards, or three pairs with
            # three packs, 13 cards, three canastas; 5 red threes 1000, 6 = 1200 [S001] K10 K31 (D4)
            6: MappingProxyType(
                {
                    "sides_allowed": (2, 3),
                    "side_variants": MappingProxyType(
                        {
                            3: MappingProxyType(
                                {
                                    "decks": 3,
                                    "deal": 13,
                                    "canastas_to_go_out": 3,
                                    "red3_table": (*CLASSIC_RED3_TABLE, 1000, 1200),
                                }
                            )
                        }
                    ),
                }
            ),
        }
    ),
)

HOYLE_2P = RuleSet(
    id="hoyle_2p",
    name=N_("Hoyle two-player"),
    description=N_(
        "Hoyle's two-player rules: 15 cards, draw 1, wild cards never outnumber naturals, wild-card canasta 1000."
    ),
    sources=("S003H",),
    players=2,
    individual=True,
    deal=15,
    max_wilds=None,  # no fixed cap [S003H] K1
    wilds_le_naturals=True,
    wild_meld=WildMeld(min_start=7, max_size=7, bonus=1000, counts_for_going_out=True),  # [S003H] K4 K25
    red3_negative_when=Red3NegativeWhen.NO_MELD_AND_OPPONENT_OUT,  # [S003H] K7
    red_three_in_hand=RedThreeInHand.INVALID,  # laid down automatically [S003H] K11
    stock_out_rule=StockOutRule.TOP_CARD_ONLY,  # [S003H] K22
    penalty_list=(PenaltyKind("pile_put_back", 50, N_("Putting back a discard pile you cannot use")),),
    extra_options=("top_card_counts_for_minimum", "canastas_count_for_minimum"),
)

US_PARTNERSHIP = RuleSet(
    id="us_partnership",
    name=N_("American partnership primer"),
    description=N_(
        "An American partnership primer: classic scoring, minimum 0 when negative, a black three freezes "
        "the pile, 500 for a red three not laid down."
    ),
    sources=("S003A",),
    min_table=ZERO_WHEN_NEGATIVE_MIN_TABLE,  # [S003A] K15
    black_three_freezes=True,  # [S003A] K13
    pile_before_first_meld=False,  # [S003A] K14
    penalty_list=(PenaltyKind("illegal_meld", 100, N_("Laying down an illegal meld")),),
)

APP_2P_11 = RuleSet(
    id="app_2p_11",
    name=N_("Two-player app, 11 cards"),
    description=N_(
        "A two-player app's rules: 11 cards, draw 2, two canastas to go out, wild cards never outnumber naturals."
    ),
    sources=("S004",),
    players=2,
    individual=True,
    canastas_to_go_out=2,  # "1 Canasta under certain conditions" is never explained [S004] K3
    wilds_le_naturals=True,  # and at most 3 wilds in a canasta [S004] K1
    red3_negative_when=Red3NegativeWhen.NO_MELD_AND_OPPONENT_OUT,  # [S004] K7
    red_three_in_hand=RedThreeInHand.INVALID,  # [S004] K11
    min_table=ZERO_WHEN_NEGATIVE_MIN_TABLE,  # [S004] K15
    draw_count=2,
    stock_out_rule=StockOutRule.END_AT_ONCE,  # [S004] K22
)

URUGUAYAN = RuleSet(
    id="uruguayan",
    name=N_("Uruguayan original"),
    description=N_(
        "The original game from Montevideo: melds of 3 to 7 wild cards, wild canasta 2000, pile always frozen."
    ),
    sources=("URU", "P"),
    wild_meld=WildMeld(min_start=3, max_size=7, bonus=2000, counts_for_going_out=True),  # [URU] K4
    pile_always_frozen=True,  # [URU]
)

HAND_AND_FOOT = RuleSet(
    id="hand_and_foot",
    name=N_("Hand and Foot"),
    description=N_(
        "Four or six players in two teams, a hand and a foot of 11 cards each, books of 7 (clean 500, "
        "dirty 300), two clean and two dirty books to go out, first melds of 60/90/120/150 by round, four rounds."
    ),
    sources=("HF1", "HF2", "HF3", "HF4", "HF5", "HF6"),
    decks=5,  # one pack more than the players [HF6] (K32 and the red threes follow the packs)
    wilds_le_naturals=True,  # a dirty book keeps its naturals ahead [HF5] K1; at most 3 wild cards [HF1][HF4]
    concealed_total=None,  # the score sheets have no line for it [HF1]
    canastas_to_go_out=4,  # the contract: two clean and two dirty books [HF2]
    go_out_min_natural=2,
    go_out_min_mixed=2,
    red3_table=(100,),  # +100 each on the table [HF1] K32
    red3_per_extra=100,
    red3_negative_when=Red3NegativeWhen.NEVER,  # no negative rule on the table [HF2][HF3][HF5]
    red_three_in_hand=RedThreeInHand.PENALTY,  # -500 when caught in hand [HF2][HF3] K32
    black_three_meld=False,  # no books of black threes [HF1]
    min_by_round=(60, 90, 120, 150),  # [HF1][HF4] K17
    min_table=((None, 50), (2500, 90), (5000, 120), (7500, 150)),  # by score instead (min_by_round off) [HF5]
    target=10000,  # when played to a score instead of rounds [HF5]
    match_mode=MatchMode.ROUND,  # four rounds [HF4]
    hands_in_match=4,
    deal=11,  # 11 in the hand and 11 in the foot [HF6]
    foot=11,
    draw_count=2,  # [HF1][HF2]
    black_three_freezes=True,  # [HF1] K13
    extra_options=("min_by_round", "red_three_in_hand_penalty"),
    # Six players: two teams of three [HF6], with seven packs (one more than the players).
    player_variants=MappingProxyType({6: MappingProxyType({"decks": 7})}),
)

MODERN_AMERICAN = RuleSet(
    id="modern_american",
    name=N_("Modern American"),
    description=N_(
        "Four players in two partnerships, 13 cards, at most two wild cards, canastas of exactly seven, "
        "sevens and aces canastas 2500, wild-card canastas 2000 to 3000, threes scored by the canastas made, "
        "game to 8500."
    ),
    sources=("MACJ", "MACC", "MACD", "POC"),
    max_wilds=2,  # [MACD] K1
    canasta_min_naturals=5,
    max_meld_size=7,  # melds stop at seven: a canasta is exactly seven cards [MACD]
    sevens_no_wilds=True,  # [MACD]
    wild_meld=WildMeld(min_start=3, max_size=7, bonus=2000, counts_for_going_out=True),  # [MACJ][MACC] K4 K25
    wild_canasta_bonus_by_jokers=frozen_map({4: 2500, 0: 3000}),  # four jokers and three twos; seven twos
    rank_natural_bonus=frozen_map({"7": 2500, "A": 2500}),  # [MACJ][MACC]
    concealed_total=None,  # no concealed bonus [MACD] K5
    canastas_to_go_out=2,  # [MACD] K3
    red_three_in_hand=RedThreeInHand.CARD5,  # a three drawn last stays in hand: 5 [MACD] K11
    black_three_meld=False,  # threes are bonus cards, never melded [MACD]
    mac_scoring=True,
    mac_incomplete_penalty=frozen_map({"A": 2500, "7": 2500, "WILD": 2000}),  # [MACJ][MACC]
    mac_hand_triple_penalty=1500,  # three or more aces or sevens in one player's hand [MACJ][MACC]
    special_straight=3000,  # special hands [MACD] (pagat); Garbage 3000 for CLA, a house rule (D10)
    special_pairs=2500,
    special_pairs_wild=2000,
    special_garbage=2000,
    min_table=((None, 125), (3000, 155), (5000, 180)),  # negative too [MACD] K17
    target=8500,  # [MACD][DUM]
    deal=13,  # and a talon of packets of 4 and 3 [MACD][POC]
    pile_always_frozen=True,  # a natural pair takes it [MACD]
    top_card_counts_for_minimum=False,  # the first meld needs a clean triple from the hand [MACD]
    # Going out with an unfinished wild meld: charged its penalty [MACJ][MACC]; forbidden by one source
    # (canastaconnection) as a house rule (D9)
    extra_options=("go_out_forbids_unfinished_wild_meld", "special_garbage"),
)

SAMBA = RuleSet(
    id="samba",
    name=N_("Samba"),
    description=N_(
        "Three packs, 15 cards, draw 2; melds in sequence of one suit (seven make a samba, 1500), at most "
        "two wild cards, two canastas to go out (200), all six red threes 1000; game to 10000."
    ),
    sources=("BICS", "HSW", "SPEL", "TIM"),
    players=4,
    sides_allowed=(2,),
    decks=3,  # 162 cards [BICS]
    max_wilds=2,  # [BICS] K1
    canasta_min_naturals=5,  # seven cards with at most two wild cards
    sequences=True,  # 4 low, ace high, no wild cards; a samba is a canasta with its own bonus [BICS]
    samba_bonus=1500,  # [BICS][HSW][TIM]
    allow_duplicate_rank=True,  # two canastas of one rank are allowed [BICS][SPEL] K28
    go_out_bonus=200,  # [BICS][HSW] K6
    concealed_total=None,  # "No bonus is awarded for a concealed hand" [BICS] K5
    canastas_to_go_out=2,  # natural, mixed or samba [BICS] K3
    red3_table=(100, 200, 300, 400, 500, 1000),  # 100 each, all six 1000 [BICS][HSW] K10
    red3_negative_when=Red3NegativeWhen.FEWER_THAN_2_CANASTAS,  # [HSW] K7
    min_table=((None, 15), (0, 50), (1500, 90), (3000, 120), (7000, 160)),  # [BICS][HSW] K17 (TIM: 150)
    target=10000,  # [BICS]
    tie_policy=TiePolicy.DRAW,  # "partiet oavgjort" [SPEL] K20
    deal=15,
    draw_count=2,  # draw two, discard one [BICS]
    # the pile: a natural pair, or (unfrozen) the top card onto a meld that is not yet a canasta [BICS]
    pile_natural_pair_only=True,
    pile_onto_canasta=False,
    extra_options=("bolivia", "min_150_from_7000"),
    # Bolivia [BICB]: melds of three to seven wild cards (seven: a "bolivia", 2500), one of the two canastas
    # to go out an escalera (a samba), game to 15000, 150 from 7000, a black three left in hand -100
    option_implies=MappingProxyType(
        {
            "min_150_from_7000": MappingProxyType(
                {"min_table": ((None, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150))}  # [TIM] K17
            ),
            "bolivia": MappingProxyType(
                {
                    "wild_meld": WildMeld(min_start=3, max_size=7, bonus=2500, counts_for_going_out=True),
                    "go_out_min_samba": 1,
                    "target": 15000,
                    "min_table": ((None, 15), (0, 50), (1500, 90), (3000, 120), (7000, 150)),
                    "black_three_hand_value": 100,
                }
            ),
        }
    ),
    # 2 to 6 players: two, three or five each alone; four in two pairs; six in three pairs, 13 cards each
    # (a Dutch description quoted by pagat; [BICS] gives four only)
    player_variants=MappingProxyType(
        {
            2: MappingProxyType({"sides_allowed": (2,), "individual": True}),
            3: MappingProxyType({"sides_allowed": (3,), "individual": True}),
            5: MappingProxyType({"sides_allowed": (5,), "individual": True}),
            6: MappingProxyType({"sides_allowed": (3,), "deal": 13}),
        }
    ),
)
