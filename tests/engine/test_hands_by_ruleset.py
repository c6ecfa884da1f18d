"""Whole hands worked out by hand from the rule texts, at least five scored per rule set.

Card values [P][S001][S003]: joker 50; ace and two 20; K-8 10; 7-4 and black three 5.
Each case's comment gives the arithmetic, side by side in seat order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from scorekeeper.engine import RULESETS, RuleViolations, SideEntry, configure, hand_violations, score_hand

from .notation import quick, side


@dataclass(frozen=True)
class Hand:
    ruleset: str
    entries: list[SideEntry]
    scores: list[int] | None = None  # None: the entry is refused
    refused: list[str] = field(default_factory=list)
    options: dict[str, object] = field(default_factory=dict)
    hand_number: int | None = None
    minimums: list[int | None] | None = None
    game_over: bool = False
    winner: int | None = None


HANDS = {
    # ---- classic [P][BRIT] -------------------------------------------------------------
    # Us: 8s 60+50=110 (mixed canasta 300), 4s 15, 2 red threes 200, hand K+joker -60 = 565.
    # Them: aces 140 (natural 500), 6s 20+20=40, out 100 = 780. Totals 1965 / 3680: minimums 90 / 120.
    "classic-spec-example": Hand(
        "classic",
        [
            side("8:6j1 4:3", "K JOKER", red3=2, total=1400),
            side("A:7 6:4t1", out=True, total=2900),
        ],
        [565, 780],
        minimums=[90, 120],
    ),
    # A has not melded: 2 red threes -200, hand 3 kings + 2 fives -40 = -240.
    # B: aces 140 + 500, kings 50+50=100, out 100 = 840.
    "classic-red-threes-negative-without-melds": Hand(
        "classic", [side(held="K*3 5*2", red3=2), side("A:7 K:5j1", out=True)], [-240, 840]
    ),
    # A out concealed: Q 70 (500), 9s 40+60=100 (300), 5s 15; four red threes 800; concealed 200 = 1985.
    # B: 7s 15, hand joker+two+ace -90 = -75.
    "classic-concealed-and-four-red-threes": Hand(
        "classic",
        [side("Q:7 9:4t3 5:3", red3=4, out=True, concealed=True), side("7:3", "JOKER 2 A")],
        [1985, -75],
    ),
    # A out with black threes: J 60+50=110 (300), 3B 15, 1 red three 100, out 100 = 625.
    # B: 6s 20, hand red three (no value) + two 8s -20, red three in hand -500 = -500.
    "classic-black-three-meld-and-red-three-in-hand": Hand(
        "classic", [side("J:6j1 3B:3", red3=1, out=True), side("6:4", "3R 8*2")], [625, -500]
    ),
    # A 4800: 10s 70 + 500 + out 100 = 670 -> 5470. B 4900: 4s 15, queen -10 = 5 -> 4905. A reaches 5000.
    "classic-game-won-at-5000": Hand(
        "classic",
        [side("10:7", out=True, total=4800), side("4:3", "Q", total=4900)],
        [670, 5],
        game_over=True,
        winner=0,
    ),
    # ---- classic_2p [P][BIC2][RG2]: two canastas to go out -----------------------------
    # P1: K 70 (500), 8s 50+40=90 (300), red three 100, out 100 = 1160. P2: 6s 15, 2 aces + joker -90 = -75.
    "classic_2p-out-with-two-canastas": Hand(
        "classic_2p", [side("K:7 8:5t2", red3=1, out=True), side("6:3", "A*2 JOKER")], [1160, -75]
    ),
    "classic_2p-one-canasta-cannot-go-out": Hand(
        "classic_2p", [side("Q:7", out=True), side()], refused=["go_out_without_canastas"]
    ),
    "classic_2p-a-lone-player-out-holds-nothing": Hand(
        "classic_2p", [side("Q:7 K:7", "5", out=True), side()], refused=["hand_not_empty_after_going_out"]
    ),
    # Stock out. P1: 9s 70 (500), 4s 20, hand -10, 2 red threes 200 = 780. P2: no meld, red three -100, hand -30 = -130.
    "classic_2p-stock-out": Hand(
        "classic_2p", [side("9:7 4:4", "5*2", red3=2), side(held="K*2 Q", red3=1)], [780, -130]
    ),
    # P1 concealed: 7s 35 (500), Q 40+50+40=130 (300), concealed 200 = 1165. P2: J 30, 2 black threes -10 = 20.
    "classic_2p-concealed": Hand(
        "classic_2p", [side("7:7 Q:4j1t2", out=True, concealed=True), side("J:3", "3B*2")], [1165, 20]
    ),
    # P2 out: aces 140 (500), 5s 20+150=170 (300), out 100 = 1210. P1: 9s 30, 2 red threes 200, joker -50 = 180.
    "classic_2p-second-player-out": Hand(
        "classic_2p", [side("9:3", "JOKER", red3=2), side("A:7 5:4j3", out=True)], [180, 1210]
    ),
    # Both pass 5000: P1 4500 + K 70 + Q 70 + 1000 + 100 = 5740; P2 4990 + 15 = 5005. Higher wins [P].
    "classic_2p-both-pass-the-target": Hand(
        "classic_2p",
        [side("K:7 Q:7", out=True, total=4500), side("6:3", total=4990)],
        [1240, 15],
        game_over=True,
        winner=0,
    ),
    # ---- classic_3p [RG3]: each for themselves ---------------------------------------
    # P1: aces 100+100=200 (300), 5s 35 (500), out 100 = 1135. P2: K 30, four -5, red three 100 = 125.
    # P3: no meld, 2 red threes -200, joker -50 = -250.
    "classic_3p-out-and-red-threes": Hand(
        "classic_3p",
        [side("A:5j2 5:7", out=True), side("K:3", "4", red3=1), side(held="JOKER", red3=2)],
        [1135, 125, -250],
    ),
    "classic_3p-two-players-out": Hand(
        "classic_3p", [side("Q:7", out=True), side("K:7", out=True), side()], refused=["two_sides_out"]
    ),
    "classic_3p-two-sides-is-not-three": Hand("classic_3p", [side(), side()], refused=["side_count"]),
    # Each player's own minimum [RG3]: -200+30 = -170 -> 15; 1480+30 = 1510 -> 90; 2990+15-5 = 3000 -> 120.
    "classic_3p-each-players-own-minimum": Hand(
        "classic_3p",
        [side("8:3", total=-200), side("9:3", total=1480), side("4:3", "4", total=2990)],
        [30, 30, 10],
        minimums=[15, 90, 120],
    ),
    # P1: Q 70 + 500 + out 100 = 670. P2: J 30 + four red threes 800 = 830. P3: 5s 15, seven -5 = 10.
    "classic_3p-four-red-threes": Hand(
        "classic_3p", [side("Q:7", out=True), side("J:3", red3=4), side("5:3", "7")], [670, 830, 10]
    ),
    # Stock out: P1 8s 40; P2 J 30, two -20 = 10; P3 no meld, red three -100.
    "classic_3p-stock-out": Hand("classic_3p", [side("8:4"), side("J:3", "2"), side(red3=1)], [40, 10, -100]),
    # 4990 + 15 each for P1 and P2: 5005 / 5005 tie at the top: play on (K20).
    "classic_3p-tie-at-the-top-plays-on": Hand(
        "classic_3p",
        [side("5:3", total=4990), side("6:3", total=4990), side("7:3", total=100)],
        [15, 15, 15],
        game_over=False,
    ),
    # ---- classic_6p [RG6]: three packs, two canastas ---------------------------------
    # A: aces 160 (500), K 60+50=110 (300), 5 red threes 1000, out 100 = 2170.
    # B: 4s 15, red three 100, 2 jokers -100 = 15.
    "classic_6p-five-red-threes-1000": Hand(
        "classic_6p",
        [side("A:8 K:6j1", red3=5, out=True), side("4:3", "JOKER*2", red3=1)],
        [2170, 15],
    ),
    # A: Q 70 + J 70 + 1000, six red threes 1200, out 100 = 2440. B: 6s 15.
    "classic_6p-six-red-threes-1200": Hand("classic_6p", [side("Q:7 J:7", red3=6, out=True), side("6:3")], [2440, 15]),
    # A: Q 70 + K 70 + 1000 + out 100 = 1240. B: 5s 15, four red threes 100 each = 400 -> 415.
    "classic_6p-four-red-threes-are-400": Hand(
        "classic_6p", [side("Q:7 K:7", out=True), side("5:3", red3=4)], [1240, 415]
    ),
    # Three teams play to 7500: 7000+15, 7400+1240 = 8640, 6000+30. B wins.
    "classic_6p-three-teams-to-7500": Hand(
        "classic_6p",
        [side("5:3", total=7000), side("Q:7 K:7", out=True, total=7400), side("9:3", total=6000)],
        [15, 1240, 30],
        game_over=True,
        winner=1,
    ),
    # Two teams play to 10000: 8000+1240 = 9240 goes on; minimum 150 from 7500, 7030 -> 120.
    "classic_6p-two-teams-to-10000": Hand(
        "classic_6p",
        [side("10:7 J:7", out=True, total=8000), side("8:3", total=7000)],
        [1240, 30],
        minimums=[150, 120],
    ),
    "classic_6p-one-canasta-cannot-go-out": Hand(
        "classic_6p", [side("Q:7", out=True), side()], refused=["go_out_without_canastas"]
    ),
    # ---- es_online_15 [S000]: two canastas, red threes laid down automatically -------
    # A: 10s 70 (500), J 50+50+20=120 (300), 2 red threes 200, out 100 = 1290.
    # B: 6s 15, black three + K -15, red three 100 = 100.
    "es_online_15-out-with-two-canastas": Hand(
        "es_online_15",
        [side("10:7 J:5j1t1", red3=2, out=True), side("6:3", "3B K", red3=1)],
        [1290, 100],
    ),
    # "Cerrar ocultamente 200" in total (K5): 70 + 70 + 1000 + 200 = 1340.
    # B: no meld, red three -100, 2 queens -20 = -120.
    "es_online_15-cerrar-ocultamente": Hand(
        "es_online_15",
        [side("10:7 J:7", out=True, concealed=True), side(held="Q*2", red3=1)],
        [1340, -120],
    ),
    "es_online_15-no-red-three-in-hand": Hand(
        "es_online_15", [side("5:3"), side("6:3", "3R")], refused=["red_three_in_hand"]
    ),
    # "si tienen todos los cuatro ... y no han sido combinados, ... negativo de 800": B -800.
    # A: K 70 (500) + Q 60+50=110 (300) + out 100 = 1080.
    "es_online_15-four-red-threes-without-melds": Hand(
        "es_online_15", [side("K:7 Q:6j1", out=True), side(red3=4)], [1080, -800]
    ),
    # Torneo de Ronda of 4 hands, the 4th: 3000+15 = 3015, 2000+1240 = 3240: the highest wins.
    "es_online_15-torneo-de-ronda-last-hand": Hand(
        "es_online_15",
        [side("5:3", total=3000), side("K:7 Q:7", out=True, total=2000)],
        [15, 1240],
        options={"match_mode": "round", "hands_in_match": 4},
        hand_number=4,
        game_over=True,
        winner=1,
    ),
    # Round of 2 hands ends level at 1015 with tie_policy draw: game over, no winner.
    "es_online_15-round-ends-in-a-draw": Hand(
        "es_online_15",
        [side("5:3", total=1000), side(total=1015)],
        [15, 0],
        options={"match_mode": "round", "hands_in_match": 2, "tie_policy": "draw"},
        hand_number=2,
        game_over=True,
        winner=None,
    ),
    # Tie at 5015 with tie_policy went_out: Them went out (K:7 500 + 70 + out 100 = 670, 4345 -> 5015),
    # Us 5s 15 (5000 -> 5015): level at the top, and Them, who went out, win.
    "classic-a-tie-at-the-target-goes-to-the-side-that-went-out": Hand(
        "classic",
        [side("5:3", total=5000), side("K:7", out=True, total=4345)],
        [15, 670],
        options={"tie_policy": "went_out"},
        game_over=True,
        winner=1,
    ),
    # ---- es_tradicional [S001] -------------------------------------------------------
    # A: wild canasta 200+60=260 (2000), Q 70 (500), out 100 (no concealed extra) = 2930. B: 5s 20, 8 -10 = 10.
    "es_tradicional-canasta-de-comodines": Hand(
        "es_tradicional", [side("WILD:j4t3 Q:7", out=True), side("5:4", "8")], [2930, 10]
    ),
    "es_tradicional-wild-canasta-alone-cannot-go-out": Hand(
        "es_tradicional", [side("WILD:j4t3", out=True), side()], refused=["go_out_without_canastas"]
    ),
    # Canastón: A 140+70+70+110+90 = 480; 3x500 + 2x300 = 2100; 5 canastas 500; out 100 = 3180. B: two 4s -10.
    "es_tradicional-canaston": Hand(
        "es_tradicional",
        [side("A:7 K:7 Q:7 J:6j1 10:5t2", out=True), side(held="4*2")],
        [3180, -10],
    ),
    # A: 9s 70 (500), four black threes 20 + 500, out 100 = 1190. B: 8s 30, red three in hand -500 = -470.
    "es_tradicional-four-black-threes-melded": Hand(
        "es_tradicional", [side("9:7 3B:4", out=True), side("8:3", "3R")], [1190, -470]
    ),
    # Canasta de canastas: 140 + 6x70 = 560; 7x500 = 3500; 2000 (not also 500, K24); out 100 = 6160.
    # B: 4s 15, four black threes in hand -20 and -500 = -505. 6160 passes 5000: A wins at once.
    "es_tradicional-canasta-de-canastas": Hand(
        "es_tradicional",
        [side("A:7 K:7 Q:7 J:7 10:7 9:7 8:7", out=True), side("4:3", "3B*4")],
        [6160, -505],
        game_over=True,
        winner=0,
    ),
    # Six players in three pairs, three packs, three canastas: A 140+70+70 + 1500 + five red threes 1000 + 100 = 2880.
    # B: 5s 15 + red three 100 = 115. C: nine -10.
    "es_tradicional-six-players-three-pairs": Hand(
        "es_tradicional",
        [side("A:7 K:7 Q:7", red3=5, out=True), side("5:3", red3=1), side(held="9")],
        [2880, 115, -10],
        options={"players": 6},
    ),
    # ---- hoyle_2p [S003H] -----------------------------------------------------------
    # P1: wild canasta 260 (1000), K 50+80=130 (9 cards, 4 wild <= 5 natural: 300), out 100 = 1790.
    # P2: 7s 15, ace -20, red three 100 = 95.
    "hoyle_2p-wildcard-canasta-1000": Hand(
        "hoyle_2p", [side("WILD:j4t3 K:5t4", out=True), side("7:3", "A", red3=1)], [1790, 95]
    ),
    # P1 out: 8s 70 + 500 + 100 = 670. P2 melded nothing and P1 went out: red threes -200, K -10 = -210.
    "hoyle_2p-red-threes-minus-when-opponent-out": Hand(
        "hoyle_2p", [side("8:7", out=True), side(held="K", red3=2)], [670, -210]
    ),
    # Stock out, nobody went out: P2's red threes stay +200, K -10 = 190. P1: 8s 60.
    "hoyle_2p-red-threes-plus-on-stock-out": Hand("hoyle_2p", [side("8:6"), side(held="K", red3=2)], [60, 190]),
    # Option "Canasta required for positive score": P2 without a canasta: -(40 + 100) - 5 = -145. P1 670.
    "hoyle_2p-canasta-required-for-positive": Hand(
        "hoyle_2p",
        [side("Q:7", out=True), side("J:4", "5", red3=1)],
        [670, -145],
        options={"canasta_required_for_positive": True},
    ),
    # Goes out concealed, bonus doubled to 200: 6s 15+40=55, 9s 70, 500 = 825. P2: Q -10.
    "hoyle_2p-concealed-doubled": Hand(
        "hoyle_2p", [side("6:3t2 9:7", out=True, concealed=True), side(held="Q")], [825, -10]
    ),
    "hoyle_2p-wilds-outnumber-naturals": Hand(
        "hoyle_2p", [side("6:2t3"), side()], refused=["meld_wilds_exceed_naturals"]
    ),
    # ---- us_partnership [S003A] -----------------------------------------------------
    # A: K 70 (500), 5s 20+50=70, red three 100, out 100 = 840. B: 9s 30, red three not laid down -500 = -470.
    "us_partnership-red-three-not-laid-down": Hand(
        "us_partnership", [side("K:7 5:4j1", red3=1, out=True), side("9:3", "3R")], [840, -470]
    ),
    # B at -300: 4s 15, joker -50 = -35 -> -335: minimum 0 when negative. A: 0 + 670 -> 50.
    "us_partnership-minimum-zero-when-negative": Hand(
        "us_partnership",
        [side("Q:7", out=True), side("4:3", "JOKER", total=-300)],
        [670, -35],
        minimums=[50, 0],
    ),
    # "If a team makes no melds ... the point value of the red Three is deducted": A -300. B: J 70 + 500 + 100 = 670.
    "us_partnership-red-threes-deducted-without-melds": Hand(
        "us_partnership", [side(red3=3), side("J:7", out=True)], [-300, 670]
    ),
    # A 1000 + Q 70 + 9s 30 + 500 + 100 = 1700 -> 90. B 1400 + 8s 30 = 1430 -> 50.
    "us_partnership-minimum-bands": Hand(
        "us_partnership",
        [side("Q:7 9:3", out=True, total=1000), side("8:3", total=1400)],
        [700, 30],
        minimums=[90, 50],
    ),
    # Black threes melded only when going out: Q 70 + 3B 15 + 500 + 100 = 685. B: 5s 15, black three -5 = 10.
    "us_partnership-black-threes-going-out": Hand(
        "us_partnership", [side("Q:7 3B:3", out=True), side("5:3", "3B")], [685, 10]
    ),
    # ---- app_2p_11 [S004] -----------------------------------------------------------
    # P1: K 70 (500), Q 40+60=100 (300), out 100 = 1070. P2: 4s 10+40=50 (wilds = naturals), five -5 = 45.
    "app_2p_11-two-canastas-and-wilds-equal-to-naturals": Hand(
        "app_2p_11", [side("K:7 Q:4t3", out=True), side("4:2t2", "5")], [1070, 45]
    ),
    # P1: J 70 + 10s 70 + 1000 + 100 = 1240. P2 "has not melded any cards when their opponent goes out": -100.
    "app_2p_11-red-three-minus-when-opponent-out": Hand(
        "app_2p_11", [side("J:7 10:7", out=True), side(red3=1)], [1240, -100]
    ),
    # Stock out: P2's red three stays +100; P1 J 60.
    "app_2p_11-red-three-plus-on-stock-out": Hand("app_2p_11", [side("J:6"), side(red3=1)], [60, 100]),
    # P2 at -100: 5s 15 -> -85: minimum 0 when negative [S004]. P1: 0 + 1240 -> 50.
    "app_2p_11-minimum-zero-when-negative": Hand(
        "app_2p_11",
        [side("J:7 10:7", out=True), side("5:3", total=-100)],
        [1240, 15],
        minimums=[50, 0],
    ),
    # "The first player to reach 5000 points wins": P2 4500 + 1240 = 5740; P1 4000 + 15 = 4015.
    "app_2p_11-first-to-5000": Hand(
        "app_2p_11",
        [side("5:3", total=4000), side("J:7 10:7", out=True, total=4500)],
        [15, 1240],
        game_over=True,
        winner=1,
    ),
    "app_2p_11-red-three-placed-automatically": Hand(
        "app_2p_11", [side("5:3", "3R"), side()], refused=["red_three_in_hand"]
    ),
    "app_2p_11-one-natural-and-two-wilds": Hand(
        "app_2p_11", [side("4:1t2"), side()], refused=["meld_min_naturals", "meld_wilds_exceed_naturals"]
    ),
    # ---- uruguayan [URU] -------------------------------------------------------------
    # A: wild meld of three 50+40=90 (no canasta), Q 70 (500), out 100 = 760. B: 6s 15.
    "uruguayan-meld-of-three-wild-cards": Hand("uruguayan", [side("WILD:j1t2 Q:7", out=True), side("6:3")], [760, 15]),
    # A goes out on the wild canasta alone (it counts): 260 + 2000 + 100 = 2360. B: K -10.
    "uruguayan-wild-canasta-goes-out": Hand("uruguayan", [side("WILD:j4t3", out=True), side(held="K")], [2360, -10]),
    # A: five wild cards 100+60=160 (not yet a canasta), Q 70 (500), out 100 = 830. B: K 30.
    "uruguayan-unfinished-wild-meld-counts-its-cards": Hand(
        "uruguayan", [side("WILD:j2t3 Q:7", out=True), side("K:3")], [830, 30]
    ),
    # A: wild canasta 150+80=230 (2000), 8s 110 (300), out 100 = 2740. B: 4s 15, red three 100 = 115.
    "uruguayan-wild-and-mixed-canastas": Hand(
        "uruguayan", [side("WILD:j3t4 8:6j1", out=True), side("4:3", red3=1)], [2740, 115]
    ),
    # Classic scoring otherwise: A K 70 (500), four red threes 800 = 1370. B: 5s 15, ace -20 = -5.
    "uruguayan-otherwise-classic": Hand("uruguayan", [side("K:7", red3=4), side("5:3", "A")], [1370, -5]),
    "uruguayan-two-wild-cards-are-no-meld": Hand(
        "uruguayan", [side("WILD:t2"), side()], refused=["wild_meld_too_small"]
    ),
    "uruguayan-wild-meld-stops-at-seven": Hand("uruguayan", [side("WILD:j4t4"), side()], refused=["meld_too_large"]),
    # ---- modern_american [MACJ][MACC][MACD]: threes by colour and canasta count, 7s and aces 2500 ----------
    # Us out: sevens 35 (2500), kings 70 (500); threes with two canastas count plus: 2 red 300 + 1 black 100;
    # out 100 = 3605. Them: aces 60 still unfinished (-2500), queens 50+40=90 (mixed 300); with one canasta
    # their red three counts nothing; a king held -10: 60 + 90 + 300 - 10 - 2500 = -2060.
    "modern_american-out-with-sevens-and-kings": Hand(
        "modern_american",
        [side("7:7 K:7", red3=2, black3=1, out=True), side("A:3 Q:5t2", "K", red3=1)],
        [3605, -2060],
    ),
    # Us without a canasta: meld values count minus, jacks 40 and nines 30 -> -70; a red three -100; a five
    # held -5 = -175 (3000 -> 2825: minimum 125). Them: four jokers and three twos 200+60=260 (2500), kings
    # 70 (500) = 3330 (2000 -> 5330: minimum 180).
    "modern_american-no-canasta-counts-minus": Hand(
        "modern_american",
        [side("J:4 9:3", "5", red3=1, total=3000), side("WILD:j4t3 K:7", total=2000)],
        [-175, 3330],
        minimums=[125, 180],
    ),
    # Seven twos 140 (3000), queens 70 (500); two black threes 300 = 4010. Them: one player holds three aces
    # and the other a king: -70 held, and -1500 for the three aces in one hand = -1570.
    "modern_american-seven-twos-and-three-aces-in-one-hand": Hand(
        "modern_american",
        [side("WILD:t7 Q:7", black3=2), side(hands=("A A A", "K"))],
        [4010, -1570],
    ),
    # The same aces split between the partners cost no penalty: -60 - 10 = -70.
    "modern_american-aces-split-between-partners": Hand(
        "modern_american",
        [side("WILD:t7 Q:7", black3=2), side(hands=("A A", "A K"))],
        [4010, -70],
    ),
    # 8000 + kings 570 + queens 570 = 9140, past 8500: Us win. Them: an unfinished wild meld of three twos
    # and no canasta: its 60 count minus, and -2000 = -2060.
    "modern_american-game-to-8500": Hand(
        "modern_american",
        [side("K:7 Q:7", total=8000), side("WILD:t3", total=7000)],
        [1140, -2060],
        game_over=True,
        winner=0,
    ),
    # Unfinished melds [MACJ][MACC][MACD]: without a canasta the melded cards count minus. Two aces with a
    # two are an ordinary meld: 40 + 20 = -60, nothing more. Three pure aces: -60 and -2500. Four pure
    # sevens: -20 and -2500. Three jokers, a wild meld: -150 and -2000.
    "modern_american-unfinished-aces-with-a-wild-card-are-an-ordinary-meld": Hand(
        "modern_american", [side("A:2t1"), side()], [-60, 0]
    ),
    "modern_american-an-unfinished-pure-ace-meld-costs-2500": Hand(
        "modern_american", [side("A:3"), side()], [-2560, 0]
    ),
    "modern_american-an-unfinished-pure-seven-meld-costs-2500": Hand(
        "modern_american", [side("7:4"), side()], [-2520, 0]
    ),
    "modern_american-unfinished-wild-cards-cost-2000": Hand("modern_american", [side("WILD:j3"), side()], [-2150, 0]),
    # Going out with three jokers not yet a canasta [MACJ][MACC]: allowed, charged. Kings and queens 70 +
    # 500 each, the jokers 150 (two canastas: melds count plus), -2000 unfinished, out 100 = -610.
    "modern_american-going-out-with-an-unfinished-wild-meld-is-charged-its-penalty": Hand(
        "modern_american", [side("K:7 Q:7 WILD:j3", out=True), side()], [-610, 0]
    ),
    # One source forbids it (canastaconnection): the house rule refuses the entry.
    "modern_american-no-going-out-with-an-unfinished-wild-meld-as-a-house-rule": Hand(
        "modern_american",
        [side("K:7 Q:7 WILD:j3", out=True), side()],
        refused=["go_out_unfinished_wild_meld"],
        options={"go_out_forbids_unfinished_wild_meld": True},
    ),
    # Special hands [MACD] (D10): the player going out lays the whole hand down at once, with no canasta; the
    # side scores the hand's value and the going-out bonus, its threes count plus (the special hand stands for
    # the canastas), the partner's cards count minus. Straight: 3000 + 100 + 2 red threes 300 - a king 10.
    "modern_american-a-straight-scores-3000": Hand(
        "modern_american", [side(out=True, special="straight", red3=2, held="K"), side("Q:4")], [3390, -40]
    ),
    "modern_american-pairs-without-wild-cards-score-2500": Hand(
        "modern_american", [side(out=True, special="pairs"), side()], [2600, 0]
    ),
    "modern_american-pairs-with-wild-cards-score-2000": Hand(
        "modern_american", [side(out=True, special="pairs_wild", black3=1), side()], [2200, 0]
    ),
    "modern_american-garbage-scores-2000": Hand(
        "modern_american", [side(out=True, special="garbage"), side()], [2100, 0]
    ),
    # CLA counts Garbage 3000: the house rule special_garbage.
    "modern_american-garbage-scores-3000-as-the-cla-counts-it": Hand(
        "modern_american",
        [side(out=True, special="garbage"), side()],
        [3100, 0],
        options={"special_garbage": 3000},
    ),
    "modern_american-a-special-hand-is-laid-down-going-out": Hand(
        "modern_american", [side(special="pairs"), side()], refused=["special_hand_without_going_out"]
    ),
    "modern_american-a-special-hand-is-the-sides-only-meld": Hand(
        "modern_american",
        [side("K:7 Q:7", out=True, special="straight"), side()],
        refused=["special_hand_after_melding"],
    ),
    "modern_american-no-wild-cards-in-sevens": Hand(
        "modern_american", [side("7:6j1"), side()], refused=["sevens_no_wilds"]
    ),
    "modern_american-a-canasta-is-exactly-seven": Hand(
        "modern_american", [side("K:8"), side()], refused=["meld_too_large"]
    ),
    "modern_american-at-most-two-wild-cards": Hand(
        "modern_american", [side("8:3j3"), side()], refused=["meld_max_wilds"]
    ),
    "modern_american-two-canastas-to-go-out": Hand(
        "modern_american", [side("K:7", out=True), side()], refused=["go_out_without_canastas"]
    ),
    "modern_american-threes-are-never-melded": Hand(
        "modern_american", [side("K:7 Q:7 3B:3", out=True), side()], refused=["black_three_meld_not_allowed"]
    ),
    # ---- samba [BICS][HSW][SPEL][TIM]: sequences (seven make a samba, 1500), at most 2 wild cards, out 200 ----
    # Us out: 8-A of one suit 10*6+20=80 (samba 1500), kings 70 (500), 2 red threes 200 (two canastas: plus),
    # out 200 = 2550. Them: queens 50+40=90 (mixed 300), 4-5-6 15, one red three with one canasta -100,
    # a jack and a two held -30 = 275.
    "samba-out-with-a-samba-and-a-canasta": Hand(
        "samba",
        [side("SEQ:8,9,10,J,Q,K,A K:7", red3=2, out=True), side("Q:5t2 SEQ:4,5,6", "J 2", red3=1)],
        [2550, 275],
    ),
    # All six red threes 1000 [BICS]: Us kings 70 (500), aces 100+100=200 (mixed 300) = 1070 + 1000 = 2070.
    # Them: nines 30, a four held -5 = 25.
    "samba-all-six-red-threes": Hand("samba", [side("K:7 A:5j2", red3=6), side("9:3", "4")], [2070, 25]),
    # Red threes count against a side short of two canastas [HSW]: Us kings 570, two red threes -200 = 370.
    # Them: fives 20, a queen held -10 = 10.
    "samba-red-threes-minus-short-of-two-canastas": Hand("samba", [side("K:7", red3=2), side("5:4", "Q")], [370, 10]),
    # A samba counts toward going out: Us 4-10 of one suit 5*4+10*3=50 (1500), jacks 50+40=90 (300), out 200
    # = 2140. Them: two kings held -20, a red three with no canasta -100 = -120.
    "samba-a-samba-counts-to-go-out": Hand(
        "samba",
        [side("SEQ:4,5,6,7,8,9,10 J:5t2", out=True), side(held="K*2", red3=1)],
        [2140, -120],
    ),
    # Both reach 10000 level: 9800 + kings 570 and 9800 + queens 570: a tie at the top is a draw [SPEL] K20.
    "samba-a-tie-at-the-top-is-a-draw": Hand(
        "samba",
        [side("K:7", total=9800), side("Q:7", total=9800)],
        [570, 570],
        game_over=True,
        winner=None,
    ),
    # 6900 + kings 570 = 7470: the first meld needs 160 from 7000 [BICS][HSW]; Them 100 + fives 15: 50.
    "samba-minimum-160-from-7000": Hand(
        "samba", [side("K:7", total=6900), side("5:3", total=100)], [570, 15], minimums=[160, 50]
    ),
    # K17 option [TIM]: the same hand with the top band read as 150.
    "samba-minimum-150-from-7000-as-a-house-rule": Hand(
        "samba",
        [side("K:7", total=6900), side("5:3", total=100)],
        [570, 15],
        minimums=[150, 50],
        options={"min_150_from_7000": True},
    ),
    "samba-one-canasta-cannot-go-out": Hand(
        "samba", [side("K:7", out=True), side()], refused=["go_out_without_canastas"]
    ),
    "samba-a-sequence-holds-no-wild-cards": Hand(
        "samba", [side("SEQ:8,9,10j1"), side()], refused=["sequence_with_wilds"]
    ),
    "samba-a-sequence-runs-without-a-gap": Hand(
        "samba", [side("SEQ:8,9,J"), side()], refused=["sequence_not_in_order"]
    ),
    "samba-no-more-than-seven-in-a-sequence": Hand(
        "samba", [side("SEQ:4,5,6,7,8,9,10,J"), side()], refused=["meld_too_large"]
    ),
    # D6: three packs hold twelve 8s, and every samba runs through an 8: thirteen sambas cannot be
    # (13 sambas of 4-10 hold at least 13 * 50 = 650 card points). Twelve can, with 1500 each:
    # 650 - 50 = 600 card points + 18000 = 18600, past 10000: the game is won.
    "samba-quick-entry-no-more-sambas-than-the-packs-make": Hand(
        "samba",
        [quick(650, samba=13), side()],
        refused=["deck_limit"],
    ),
    "samba-quick-entry-twelve-sambas": Hand(
        "samba", [quick(600, samba=12), side()], [18600, 0], game_over=True, winner=0
    ),
    "samba-at-most-two-wild-cards-in-a-meld": Hand("samba", [side("8:5j3"), side()], refused=["meld_max_wilds"]),
    "classic-has-no-sequences": Hand("classic", [side("SEQ:8,9,10"), side()], refused=["sequence_not_allowed"]),
    # Two canastas of one rank are allowed [BICS][SPEL] K28: kings 70 (500) and 50+40=90 (300) = 960 (all 12
    # kings of the three packs). Them: nothing.
    "samba-two-canastas-of-one-rank": Hand("samba", [side("K:7 K:5t2"), side()], [960, 0]),
    # ---- samba with Bolivia [BICB]: wild melds (a bolivia 2500), an escalera to go out, 15000 -----------
    # Us out: 4-10 of one suit 50 (escalera 1500), seven wild cards 3*50+4*20=230 (bolivia 2500), out 200 = 4480.
    # Them: two black threes held, 100 each against = -200.
    "samba-bolivia-out-with-an-escalera-and-a-bolivia": Hand(
        "samba",
        [side("SEQ:4,5,6,7,8,9,10 WILD:j3t4", out=True), side(held="3B*2")],
        [4480, -200],
        options={"bolivia": True},
    ),
    "samba-bolivia-needs-an-escalera-to-go-out": Hand(
        "samba", [side("K:7 Q:7", out=True), side()], refused=["go_out_without_canastas"], options={"bolivia": True}
    ),
    # 7000 + kings 30 = 7030: 150 in Bolivia (160 in Samba); the game is to 15000, so 14900 + 570 ends it.
    "samba-bolivia-minimum-150-from-7000-and-game-to-15000": Hand(
        "samba",
        [side("K:3", total=7000), side("Q:7", total=14900)],
        [30, 570],
        options={"bolivia": True},
        minimums=[150, 150],
        game_over=True,
        winner=1,
    ),
    # ---- hand_and_foot [HF1]-[HF6]: books clean 500 / dirty 300, red threes +100 each, minimums by round ----
    # Us out with the contract (two clean, two dirty books): K 70 + 500, Q 70 + 500, 9s 50+50+20=120 + 300,
    # 8s 60+20=80 + 300; 2 red threes 200; out 100 = 2240. Them: aces 80, 5s 15+20=35, red three 100, hand and
    # foot K Q 7 joker -75 = 140. Hand 1 of 4: the next round's minimum is 90 for everyone.
    "hand_and_foot-out-with-the-contract": Hand(
        "hand_and_foot",
        [side("K:7 Q:7 9:5j1t1 8:6t1", red3=2, out=True), side("A:4 5:3t1", "K Q 7 JOKER", red3=1)],
        [2240, 140],
        hand_number=1,
        minimums=[90, 90],
    ),
    "hand_and_foot-two-clean-books-and-one-dirty-cannot-go-out": Hand(
        "hand_and_foot", [side("K:7 Q:7 9:6j1", out=True), side()], refused=["go_out_without_canastas"]
    ),
    # The stock ran out. Us: K 70 + 500, 6s 20, ace held -20 = 570. Them: no meld, but red threes never count
    # against a side here: 3 red threes 300, two 8s held -20 = 280. Round 3: next minimum 150, whatever the score.
    "hand_and_foot-red-threes-never-count-against": Hand(
        "hand_and_foot",
        [side("K:7 6:4", "A", total=-400), side(held="8*2", red3=3, total=-300)],
        [570, 280],
        hand_number=2,
        minimums=[120, 120],
    ),
    # Us caught with a red three: jacks 30, a four held -5, the red three -500 = -475.
    # Them: 10s 70 + 500, 7s 15 = 585.
    "hand_and_foot-red-three-caught-in-hand": Hand(
        "hand_and_foot", [side("J:3", "3R 4"), side("10:7 7:3")], [-475, 585], hand_number=3, minimums=[150, 150]
    ),
    # The fourth and last round ends the game: Us 3000 + aces 140 + 500 = 3640; Them 3500 + 6s 20 - joker 50
    # = 3470. Us win; no round follows, so no minimum.
    "hand_and_foot-the-fourth-round-ends-the-game": Hand(
        "hand_and_foot",
        [side("A:7", total=3000), side("6:4", "JOKER", total=3500)],
        [640, -30],
        hand_number=4,
        minimums=[None, None],
        game_over=True,
        winner=0,
    ),
    # Six players in two teams of three, seven packs: a side may lay down 9 red threes, 900 + 7s 25+20=45 = 945.
    # Them: 4s 15, a black three held -5 = 10.
    "hand_and_foot-six-players-count-red-threes-from-seven-packs": Hand(
        "hand_and_foot",
        [side("7:5t1", red3=9), side("4:3", "3B")],
        [945, 10],
        options={"players": 6},
    ),
    "hand_and_foot-wild-cards-never-outnumber-naturals": Hand(
        "hand_and_foot", [side("8:2j1t2"), side()], refused=["meld_wilds_exceed_naturals"]
    ),
    "hand_and_foot-no-books-of-black-threes": Hand(
        "hand_and_foot", [side("K:7 Q:7 9:6j1 8:6t1 3B:3", out=True), side()], refused=["black_three_meld_not_allowed"]
    ),
}


@pytest.mark.parametrize("case", HANDS.values(), ids=HANDS.keys())
def test_hand_worked_out_from_the_rule_texts(case):
    ruleset = configure(RULESETS[case.ruleset], case.options, sides=len(case.entries))
    if case.scores is None:
        assert [v.rule for v in hand_violations(case.entries, ruleset)] == case.refused
        with pytest.raises(RuleViolations):
            score_hand(case.entries, ruleset, case.hand_number)
        return
    result = score_hand(case.entries, ruleset, case.hand_number)
    assert [s.hand_score for s in result.sides] == case.scores
    assert [s.total_after for s in result.sides] == [
        e.total_before + h for e, h in zip(case.entries, case.scores, strict=False)
    ]
    if case.minimums is not None:
        assert [s.next_minimum for s in result.sides] == case.minimums
    assert (result.outcome.game_over, result.outcome.winner) == (case.game_over, case.winner)


@pytest.mark.parametrize("ruleset_id", [key for key, ruleset in RULESETS.items() if ruleset.family_melds is None])
def test_each_rule_set_has_at_least_five_scored_hands(ruleset_id):
    """Canasta's rule sets here; Burraco, Buraco and Burako, whose melds are cards, each have their own file
    of hands worked from their sources (test_family_hands_<id>.py, checked below)."""
    assert sum(1 for h in HANDS.values() if h.ruleset == ruleset_id and h.scores is not None) >= 5


@pytest.mark.parametrize("ruleset_id", [key for key, ruleset in RULESETS.items() if ruleset.family_melds])
def test_each_club_game_of_the_family_has_its_file_of_twenty_hands_or_more(ruleset_id):
    tests = (Path(__file__).parent / f"test_family_hands_{ruleset_id}.py").read_text()
    assert f'FAMILY_RULESETS["{ruleset_id}"]' in tests  # the file scores this game, not another
    assert tests.count("\ndef test_") >= 20


# ---- classic_3p cutthroat [RG3][BICC]: a lone hand against a partnership for the hand ----
CUTTHROAT = {"cutthroat": True}


def cutthroat_hand(entries, partners, hand_number=None):
    ruleset = configure(RULESETS["classic_3p"], CUTTHROAT, sides=3)
    return score_hand(entries, ruleset, hand_number, partners)


def test_cutthroat_partners_each_receive_the_partnership_total_plus_their_own_red_threes():
    # Lone P0 out: K 70 + Q 70 + 1000 + out 100 + red three 100 = 1340.
    # Partners P1+P2: 8s 40 + J 30 + 9s 30 = 100, hands five + ace -25 = 75;
    # P1 has two red threes: 75 + 200 = 275; P2: 75.
    result = cutthroat_hand(
        [side("K:7 Q:7", red3=1, out=True), side("8:4 J:3", "5", red3=2), side("9:3", "A")], partners=(1, 2)
    )
    assert [s.hand_score for s in result.sides] == [1340, 275, 75]


def test_cutthroat_red_threes_count_against_only_their_owner_when_the_partnership_never_melded():
    # Lone P2 out: 70 + 70 + 1000 + 100 = 1240. Partners hold K and 5: -15 each;
    # P0's red three counts -100 for P0 alone.
    result = cutthroat_hand([side(held="K", red3=1), side(held="5"), side("Q:7 K:7", out=True)], partners=(0, 1))
    assert [s.hand_score for s in result.sides] == [-115, -15, 1240]


def test_cutthroat_partner_goes_out_with_the_partnership_canastas():
    # P1 goes out; the partnership's aces (P1) and kings (P2) make the two canastas:
    # 140 + 70 + 1000 + 100, minus the four P2 still holds = 1305 each. Lone P0: 15 - 50 = -35.
    result = cutthroat_hand([side("5:3", "JOKER"), side("A:7", out=True), side("K:7", "4")], partners=(1, 2))
    assert [s.hand_score for s in result.sides] == [-35, 1305, 1305]
    assert result.sides[2].canastas.natural == 2


def test_cutthroat_each_partner_meets_their_own_minimum():
    # Same hand score 30 for both partners, from 1480 and 2980: 1510 -> 90 and 3010 -> 120.
    result = cutthroat_hand([side("Q:7 K:7", out=True), side("8:3", total=1480), side(total=2980)], partners=(1, 2))
    assert [s.next_minimum for s in result.sides[1:]] == [90, 120]


def test_cutthroat_pile_never_taken_each_scores_alone():
    # Stock out, nobody took the pile: no partners; each player scores for himself.
    result = cutthroat_hand([side("8:3"), side("9:3", "K"), side(red3=1)], partners=None)
    assert [s.hand_score for s in result.sides] == [30, 20, -100]


def test_cutthroat_partners_merge_their_melds_of_one_rank():
    ruleset = configure(RULESETS["classic_3p"], CUTTHROAT, sides=3)
    problems = hand_violations([side(), side("8:3"), side("8:3")], ruleset, (1, 2))
    assert [(v.rule, v.side, v.field) for v in problems] == [("duplicate_rank_meld", 2, "melds[0]")]


def test_cutthroat_going_out_needs_the_partners_named():
    ruleset = configure(RULESETS["classic_3p"], CUTTHROAT, sides=3)
    problems = hand_violations([side("Q:7 K:7", out=True), side(), side()], ruleset)
    assert [v.rule for v in problems] == ["partners_required"]


def test_partners_only_in_cutthroat_play():
    problems = hand_violations([side(), side(), side()], configure(RULESETS["classic_3p"], sides=3), (1, 2))
    assert [v.rule for v in problems] == ["partners_not_allowed"]


def test_cutthroat_brings_draw_two_two_canastas_and_7500():
    ruleset = configure(RULESETS["classic_3p"], CUTTHROAT)
    assert (ruleset.cutthroat, ruleset.draw_count, ruleset.canastas_to_go_out, ruleset.target) == (True, 2, 2, 7500)
