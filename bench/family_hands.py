"""Real hands of the family's games (Burraco, Buraco, Burako) for bench/taps.py: each as the table has it when the
hand ends (every side's melds as they lie, its packet, who went out and how, the cards its players still hold) and
the scores it is worth, worked out by hand from the game's rules (rules/family.md §4) and checked by the bench
against what the app saves. The bench writes each hand card by card and the paper-sheet way.

Runs of 3 to 13 cards (and Buraco's 14, ace to ace), wild cards inside a run and at its ends, natural twos in
their own place, aces low and high, sets with and without a wild card, packets taken, not taken, and taken and
not played, hands ended by the stock, closing discards written down on some hands and not on others (it is
optional), and the cards held by the partner of the player who went out as well as by the other side."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Run:
    """A run as it lies: its suit, its lowest and highest card, the card its wild card stands as (if any) and
    whether that wild card is a two (else a joker)."""

    suit: str
    low: str
    high: str
    wild: str = ""
    two: bool = False


@dataclass(frozen=True)
class Set:
    """Cards of one rank: how many naturals, jokers and twos."""

    rank: str
    naturals: int = 3
    jokers: int = 0
    twos: int = 0


@dataclass(frozen=True)
class Side:
    """A side's table when the hand ends."""

    packet: str  # "taken", "not_taken" or "taken_unplayed"
    melds: tuple[Run | Set, ...] = ()
    held: str = ""  # every card its players hold, by rank ("K 7 JOKER"); Burraco: an unplayed pozzetto's too
    out: str = ""  # "discard" or "no_discard" when the side went out
    discard: str = ""  # the card discarded to go out, where the table writes it down ("7C")


@dataclass(frozen=True)
class Hand:
    """One hand of a family game: its two sides (Ana & Luis, Bea & Juan) and the scores it is worth."""

    game: str
    story: str
    sides: tuple[Side, Side]
    scores: tuple[int, int]
    stock_out: bool = False


R, S = Run, Set

BURRACO = (
    # Ana & Luis go out: 4H-10H (50, clean 200), JS-AS (45), going out 100 = 395. Bea & Juan: 5D-9D with a joker as
    # the 7 (60), three 8s (30), K Q 9 5 joker held (-65) = 25.
    Hand(
        "burraco",
        "a quick close with one burraco",
        (
            Side("taken", (R("H", "4", "10"), R("S", "J", "A")), out="discard"),
            Side("taken", (R("D", "5", "9", "7"), S("8")), held="K Q 9 5 JOKER"),
        ),
        (395, 25),
    ),
    # Ana & Luis go out: AC-KC (120, clean 200), 6D-QD with a two as the 9 (70, dirty 100), three aces and a joker
    # (75), going out 100, 7 7 held (-10) = 655. Bea & Juan: 3H-10H with a joker as the 10 (75, semi-clean 150),
    # 8S-JS (40), 2 Q 5 held (-35) = 230.
    Hand(
        "burraco",
        "a long hand with a run of thirteen",
        (
            Side(
                "taken",
                (R("C", "A", "K"), R("D", "6", "Q", "9", two=True), S("A", 3, jokers=1)),
                held="7 7",
                out="discard",
            ),
            Side("taken", (R("H", "3", "10", "10"), R("S", "8", "J")), held="2 Q 5"),
        ),
        (655, 230),
    ),
    # Ana & Luis go out on 9D: 4S-JS (60, clean 200), 8H-QH with a two as the 10 (60), four 5s (20), going out 100 =
    # 440. Bea & Juan: 3C-6C (20), three kings (30), pozzetto taken, not played (its cards held), joker 2 A Q J 10 9
    # 8 8 7 6 4 3 3 held (-150) = -100.
    Hand(
        "burraco",
        "a pozzetto taken and not played",
        (
            Side("taken", (R("S", "4", "J"), R("H", "8", "Q", "10", two=True), S("5", 4)), out="discard", discard="9D"),
            Side("taken_unplayed", (R("C", "3", "6"), S("K")), held="JOKER 2 A Q J 10 9 8 8 7 6 4 3 3"),
        ),
        (440, -100),
    ),
    # The stock ran out, nobody went out. Ana & Luis: AD-7D (60, clean 200), three jacks and a two (50), K 9 4 held
    # (-25) = 285. Bea & Juan: 5S-QS with a joker as the 8 (85, dirty 100), JH-AH (45), 6 6 2 held (-30) = 200.
    Hand(
        "burraco",
        "the stock ran out",
        (
            Side("taken", (R("D", "A", "7"), S("J", 3, twos=1)), held="K 9 4"),
            Side("taken", (R("S", "5", "Q", "8"), R("H", "J", "A")), held="6 6 2"),
        ),
        (285, 200),
        stock_out=True,
    ),
    # Ana & Luis go out: 3D-9D (45, clean 200), three kings (30), going out 100 = 375. Bea & Juan: three 10s (30),
    # 6C-8C with a two as the 7 (35), pozzetto not taken -100, A A Q 8 5 4 joker held (-90) = -125.
    Hand(
        "burraco",
        "a pozzetto never taken",
        (
            Side("taken", (R("D", "3", "9"), S("K")), out="discard"),
            Side("not_taken", (S("10"), R("C", "6", "8", "7", two=True)), held="A A Q 8 5 4 JOKER"),
        ),
        (375, -125),
    ),
    # Ana & Luis: AC-8C (70, clean 200), four queens (40), 5 3 held (-10) = 300. Bea & Juan go out on KC: 5H-JH with
    # a joker as the 6 (80, dirty 100), 9S-KS (50), three aces and a two (65), going out 100 = 395.
    Hand(
        "burraco",
        "a clean burraco from the ace with its own two",
        (
            Side("taken", (R("C", "A", "8"), S("Q", 4)), held="5 3"),
            Side("taken", (R("H", "5", "J", "6"), R("S", "9", "K"), S("A", 3, twos=1)), out="discard", discard="KC"),
        ),
        (300, 395),
    ),
    # Ana & Luis go out: seven 7s and a two (55, semi-clean 150), 9H-KH (50), going out 100, A held (-15) = 340. Bea
    # & Juan: 4D-8D (30), 10S-AS with a joker as the J (75), 9 9 5 2 held (-45) = 60.
    Hand(
        "burraco",
        "a semi-clean set of sevens",
        (
            Side("taken", (S("7", 7, twos=1), R("H", "9", "K")), held="A", out="discard"),
            Side("taken", (R("D", "4", "8"), R("S", "10", "A", "J")), held="9 9 5 2"),
        ),
        (340, 60),
    ),
    # Ana & Luis go out on 4S: 5H-QH (65, clean 200), 7D-AD with a two as the K (90, dirty 100), three 3s (15),
    # AS-4S (45), going out 100 = 615. Bea & Juan: 4C-10C with a joker as the 4 (75, dirty 100), 6S-QS (60, clean
    # 200), three kings and a joker (60), 8 J held (-20) = 475.
    Hand(
        "burraco",
        "two burrachi a side",
        (
            Side(
                "taken",
                (R("H", "5", "Q"), R("D", "7", "A", "K", two=True), S("3"), R("S", "A", "4")),
                out="discard",
                discard="4S",
            ),
            Side("taken", (R("C", "4", "10", "4"), R("S", "6", "Q"), S("K", 3, jokers=1)), held="8 J"),
        ),
        (615, 475),
    ),
    # Ana & Luis go out: 3S-9S (45, clean 200), JC-AC (45), going out 100 = 390. Bea & Juan: AH-5H (50), K Q Q 10 8
    # 7 joker 2 held (-105) = -55.
    Hand(
        "burraco",
        "a close that catches the other pair with its cards",
        (
            Side("taken", (R("S", "3", "9"), R("C", "J", "A")), out="discard"),
            Side("taken", (R("H", "A", "5"),), held="K Q Q 10 8 7 JOKER 2"),
        ),
        (390, -55),
    ),
    # Ana & Luis: three aces (45), 6H-10H (40), 9 4 4 held (-20) = 65. Bea & Juan go out on QH: 3C-JC with a two as
    # the 7 (80, dirty 100), 4D-10D (50, clean 200), three 8s (30), going out 100 = 560.
    Hand(
        "burraco",
        "a dirty burraco of nine",
        (
            Side("taken", (S("A"), R("H", "6", "10")), held="9 4 4"),
            Side("taken", (R("C", "3", "J", "7", two=True), R("D", "4", "10"), S("8")), out="discard", discard="QH"),
        ),
        (65, 560),
    ),
    # Ana & Luis go out: 6H-KH with a joker as the 6 (95, semi-clean 150), 8C-10C (30), going out 100 = 375. Bea &
    # Juan: four jacks (40), AD-3D (40), K 5 3 joker held (-50) = 30.
    Hand(
        "burraco",
        "a semi-clean run, its joker at the end",
        (
            Side("taken", (R("H", "6", "K", "6"), R("C", "8", "10")), out="discard"),
            Side("taken", (S("J", 4), R("D", "A", "3")), held="K 5 3 JOKER"),
        ),
        (375, 30),
    ),
    # Ana & Luis: 7S-JS (45), A 10 6 held (-30) = 15. Bea & Juan go out: 2H-8H (55, clean 200), 9D-KD with a two as
    # the Q (60), three 4s (15), going out 100 = 430.
    Hand(
        "burraco",
        "a clean burraco from its own two",
        (
            Side("taken", (R("S", "7", "J"),), held="A 10 6"),
            Side("taken", (R("H", "2", "8"), R("D", "9", "K", "Q", two=True), S("4")), out="discard"),
        ),
        (15, 430),
    ),
)

BURACO = (
    # Ana & Luis go out without a discard: 3H-9H (45, clean 200), 5S-KS with a two as the 8 (75, dirty 100), AD-4D
    # (35), going out 100 = 555. Bea & Juan: 4C-JC (60, clean 200), JH-AH with a two as the Q (45), K 7 5 2 held
    # (-30) = 275.
    Hand(
        "buraco",
        "a batida without a discard",
        (
            Side("taken", (R("H", "3", "9"), R("S", "5", "K", "8"), R("D", "A", "4")), out="no_discard"),
            Side("taken", (R("C", "4", "J"), R("H", "J", "A", "Q")), held="K 7 5 2"),
        ),
        (555, 275),
    ),
    # Ana & Luis: 4H-10H with a two as the 7 (55, dirty 100), AC-3C (30), no clean canastra: the table counts minus
    # (-85), 9 6 6 3 held (-25) = -110. Bea & Juan go out on 5C: AS-KS (110, ace to king 500), 6C-10C with a two as
    # the 9 (40), 8D-QD (50), going out 100 = 800.
    Hand(
        "buraco",
        "a clean canastra from ace to king",
        (
            Side("taken", (R("H", "4", "10", "7"), R("C", "A", "3")), held="9 6 6 3"),
            Side("taken", (R("S", "A", "K"), R("C", "6", "10", "9"), R("D", "8", "Q")), out="discard", discard="5C"),
        ),
        (-110, 800),
    ),
    # Ana & Luis go out: 3D-10D (55, clean 200), 9S-AS with a two as the J (65), 5H-8H (25), going out 100 = 445.
    # Bea & Juan: 7C-JC (45), no clean canastra: the table counts minus (-45), morto taken, not played -100, Q 4 4
    # held (-20) = -165.
    Hand(
        "buraco",
        "a morto taken and not played",
        (
            Side("taken", (R("D", "3", "10"), R("S", "9", "A", "J"), R("H", "5", "8")), out="discard"),
            Side("taken_unplayed", (R("C", "7", "J"),), held="Q 4 4"),
        ),
        (445, -165),
    ),
    # Ana & Luis go out without a discard: AH-AH (125, ace to ace 1000), 3S-7S with a two as the 6 (30), going out
    # 100 = 1255. Bea & Juan: 5D-JD (55, clean 200), 9C-KC with a two as the 10 (50), JS-AS (45), 8 8 4 held (-25) =
    # 325.
    Hand(
        "buraco",
        "a clean canastra from ace to ace",
        (
            Side("taken", (R("H", "A", "A"), R("S", "3", "7", "6")), out="no_discard"),
            Side("taken", (R("D", "5", "J"), R("C", "9", "K", "10"), R("S", "J", "A")), held="8 8 4"),
        ),
        (1255, 325),
    ),
    # Ana & Luis go out: 2C-8C (45, clean 200), 9D-KD (50), 6H-9H with a two as the 7 (35), going out 100 = 430. Bea
    # & Juan: 4S-7S (20), 10H-KH (40), no clean canastra: the table counts minus (-60), morto not taken -100, A A Q
    # 9 6 5 3 2 held (-75) = -235.
    Hand(
        "buraco",
        "a morto never taken",
        (
            Side("taken", (R("C", "2", "8"), R("D", "9", "K"), R("H", "6", "9", "7")), out="discard"),
            Side("not_taken", (R("S", "4", "7"), R("H", "10", "K")), held="A A Q 9 6 5 3 2"),
        ),
        (430, -235),
    ),
    # Ana & Luis: AS-7S (50, clean 200), 8H-AH (75, clean 200), 4D-9D with a two as the 5 (45), JC-AC (45), K 3 held
    # (-15) = 600. Bea & Juan go out on 9H: 10D-AD (55), 3C-10C (55, clean 200), 8S-KS with a two as the 10 (60),
    # 2H-7H with a two as the 4 (40), going out 100 = 510.
    Hand(
        "buraco",
        "a long hand, four runs a side",
        (
            Side("taken", (R("S", "A", "7"), R("H", "8", "A"), R("D", "4", "9", "5"), R("C", "J", "A")), held="K 3"),
            Side(
                "taken",
                (R("D", "10", "A"), R("C", "3", "10"), R("S", "8", "K", "10"), R("H", "2", "7", "4")),
                out="discard",
                discard="9H",
            ),
        ),
        (600, 510),
    ),
    # The stock ran out, nobody went out. Ana & Luis: 4H-JH with a two as the 9 (60, dirty 100), 5C-8C (25), no
    # clean canastra: the table counts minus (-85), Q J 7 held (-25) = -110. Bea & Juan: 6S-QS (60, clean 200),
    # AD-5D (40), K 9 2 held (-30) = 270.
    Hand(
        "buraco",
        "the stock ran out",
        (
            Side("taken", (R("H", "4", "J", "9"), R("C", "5", "8")), held="Q J 7"),
            Side("taken", (R("S", "6", "Q"), R("D", "A", "5")), held="K 9 2"),
        ),
        (-110, 270),
        stock_out=True,
    ),
    # Ana & Luis: 8C-JC (40), 3H-6H with a two as the 5 (25), no clean canastra: the table counts minus (-65), A K
    # 10 9 7 7 4 2 2 held (-80) = -145. Bea & Juan go out without a discard: 6D-QD (60, clean 200), AS-3S (30),
    # going out 100 = 390.
    Hand(
        "buraco",
        "a short hand that catches the other pair with its cards",
        (
            Side("taken", (R("C", "8", "J"), R("H", "3", "6", "5")), held="A K 10 9 7 7 4 2 2"),
            Side("taken", (R("D", "6", "Q"), R("S", "A", "3")), out="no_discard"),
        ),
        (-145, 390),
    ),
    # Ana & Luis go out on JD: 5S-JS (55, clean 200), 4C-10C (50, clean 200), QH-AH (35), going out 100 = 640. Bea &
    # Juan: 3D-9D with a two as the 3 (50, dirty 100), 5H-9H (35), no clean canastra: the table counts minus (-85),
    # 10 8 6 A held (-40) = -125.
    Hand(
        "buraco",
        "two clean canastras",
        (
            Side("taken", (R("S", "5", "J"), R("C", "4", "10"), R("H", "Q", "A")), out="discard", discard="JD"),
            Side("taken", (R("D", "3", "9", "3"), R("H", "5", "9")), held="10 8 6 A"),
        ),
        (640, -125),
    ),
    # Ana & Luis go out without a discard: 6C-QC (60, clean 200), 9H-KH with a two as the J (50), 10S-AS (55), going
    # out 100 = 465. Bea & Juan: AD-KD (110, ace to king 500), 5S-9S (35), J 4 4 3 held (-25) = 620.
    Hand(
        "buraco",
        "a 500 for the pair that did not go out",
        (
            Side("taken", (R("C", "6", "Q"), R("H", "9", "K", "J"), R("S", "10", "A")), out="no_discard"),
            Side("taken", (R("D", "A", "K"), R("S", "5", "9")), held="J 4 4 3"),
        ),
        (465, 620),
    ),
    # Ana & Luis go out: 7H-KH (65, clean 200), 3D-7D with a two as the 4 (30), 2S-6S (30), going out 100 = 425. Bea
    # & Juan: 5C-JC with a two as the 8 (55, dirty 100), 9D-QD (40), no clean canastra: the table counts minus
    # (-95), A A K 8 6 5 2 held (-70) = -165.
    Hand(
        "buraco",
        "a dirty canastra only: the table counts minus",
        (
            Side("taken", (R("H", "7", "K"), R("D", "3", "7", "4"), R("S", "2", "6")), out="discard"),
            Side("taken", (R("C", "5", "J", "8"), R("D", "9", "Q")), held="A A K 8 6 5 2"),
        ),
        (425, -165),
    ),
    # Ana & Luis go out without a discard: AC-7C with a two as the 5 (55, dirty 100), 8H-AH (75, clean 200), going
    # out 100 = 530. Bea & Juan: 4S-10S (50, clean 200), JD-AD with a two as the K (45), 9 5 held (-15) = 280.
    Hand(
        "buraco",
        "a natural two and a wild two in one run",
        (
            Side("taken", (R("C", "A", "7", "5"), R("H", "8", "A")), out="no_discard"),
            Side("taken", (R("S", "4", "10"), R("D", "J", "A", "K")), held="9 5"),
        ),
        (530, 280),
    ),
)

BURAKO = (
    # Ana & Luis go out: 4H-10H (50, clean 200), three queens (30), going out 100 = 380. Bea & Juan: 5S-9S with a
    # joker as the 7 (80), K 9 joker 5 held (-75) = 5.
    Hand(
        "burako",
        "a quick cierre with one canasta",
        (
            Side("taken", (R("H", "4", "10"), S("Q")), out="discard"),
            Side("taken", (R("S", "5", "9", "7"),), held="K 9 JOKER 5"),
        ),
        (380, 5),
    ),
    # Ana & Luis: 6H-QH with a joker as the 9 (100, dirty 100), three aces and a two (65), 7 4 held (-10) = 255. Bea
    # & Juan go out without a discard: seven kings (70, clean 200), 3D-8D with a two as the 5 (50), JC-AC (45),
    # going out 100 = 465.
    Hand(
        "burako",
        "a clean canasta of kings",
        (
            Side("taken", (R("H", "6", "Q", "9"), S("A", 3, twos=1)), held="7 4"),
            Side("taken", (S("K", 7), R("D", "3", "8", "5", two=True), R("C", "J", "A")), out="no_discard"),
        ),
        (255, 465),
    ),
    # Ana & Luis go out on 8S: AS-7S (60, clean 200), four jacks and a joker (90), 9D-KD (50), going out 100 = 500.
    # Bea & Juan: three 5s (15), muerto taken, not played -100, K Q 6 joker held (-75) = -160.
    Hand(
        "burako",
        "a muerto taken and not played",
        (
            Side("taken", (R("S", "A", "7"), S("J", 4, jokers=1), R("D", "9", "K")), out="discard", discard="8S"),
            Side("taken_unplayed", (S("5"),), held="K Q 6 JOKER"),
        ),
        (500, -160),
    ),
    # Ana & Luis go out: 3C-9C (45, clean 200), 10H-AH with a two as the J (65), going out 100 = 410. Bea & Juan:
    # three aces (45), 4D-6D (15), muerto not taken -100, Q Q 8 7 2 held (-55) = -95.
    Hand(
        "burako",
        "a muerto never taken",
        (
            Side("taken", (R("C", "3", "9"), R("H", "10", "A", "J", two=True)), out="discard"),
            Side("not_taken", (S("A"), R("D", "4", "6")), held="Q Q 8 7 2"),
        ),
        (410, -95),
    ),
    # The stock ran out, nobody went out. Ana & Luis: 5H-JH with a joker as the 8 (95, dirty 100), three kings (30),
    # 9 4 held (-15) = 210. Bea & Juan: 6S-QS (60, clean 200), three 3s and a two (35), A 10 joker held (-75) = 220.
    Hand(
        "burako",
        "the stock ran out",
        (
            Side("taken", (R("H", "5", "J", "8"), S("K")), held="9 4"),
            Side("taken", (R("S", "6", "Q"), S("3", 3, twos=1)), held="A 10 JOKER"),
        ),
        (210, 220),
        stock_out=True,
    ),
    # Ana & Luis go out on 10C: AD-8D (70, clean 200), 7S-KS with a joker as the 10 (105, dirty 100), four queens
    # (40), three 5s and a joker (65), going out 100 = 680. Bea & Juan: 4C-QC with a two as the 7 (85, dirty 100),
    # 8H-AH (75, clean 200), three aces (45), J 6 3 held (-20) = 485.
    Hand(
        "burako",
        "a long hand",
        (
            Side(
                "taken",
                (R("D", "A", "8"), R("S", "7", "K", "10"), S("Q", 4), S("5", 3, jokers=1)),
                out="discard",
                discard="10C",
            ),
            Side("taken", (R("C", "4", "Q", "7", two=True), R("H", "8", "A"), S("A")), held="J 6 3"),
        ),
        (680, 485),
    ),
    # Ana & Luis: 5C-JC with a joker as the 8 (95, dirty 100), 3D-5D (15), K 7 7 joker held (-70) = 140. Bea & Juan
    # go out without a discard: eight aces (120, clean 200), 2H-6H (40), going out 100 = 460.
    Hand(
        "burako",
        "a clean set of eight aces",
        (
            Side("taken", (R("C", "5", "J", "8"), R("D", "3", "5")), held="K 7 7 JOKER"),
            Side("taken", (S("A", 8), R("H", "2", "6")), out="no_discard"),
        ),
        (140, 460),
    ),
    # Ana & Luis go out: 4S-10S (50, clean 200), going out 100 = 350. Bea & Juan: JH-AH with a two as the K (55),
    # three 6s (15), A A Q 10 9 8 5 joker held (-125) = -55.
    Hand(
        "burako",
        "a cierre that catches the other pair with its cards",
        (
            Side("taken", (R("S", "4", "10"),), out="discard"),
            Side("taken", (R("H", "J", "A", "K", two=True), S("6")), held="A A Q 10 9 8 5 JOKER"),
        ),
        (350, -55),
    ),
    # Ana & Luis: three 10s and a two (50), 6D-9D (30), K 3 held (-15) = 65. Bea & Juan go out on 7H: 5C-JC (55,
    # clean 200), 9S-KS with a joker as the J (90), four 4s (20), going out 100 = 465.
    Hand(
        "burako",
        "a set of four",
        (
            Side("taken", (S("10", 3, twos=1), R("D", "6", "9")), held="K 3"),
            Side("taken", (R("C", "5", "J"), R("S", "9", "K", "J"), S("4", 4)), out="discard", discard="7H"),
        ),
        (65, 465),
    ),
    # Ana & Luis go out: AH-KH (120, clean 200), three 8s (30), going out 100 = 450. Bea & Juan: 3D-10D with a joker
    # as the 10 (95, dirty 100), three kings and a joker (80), Q 5 5 held (-20) = 255.
    Hand(
        "burako",
        "a run of thirteen",
        (
            Side("taken", (R("H", "A", "K"), S("8")), out="discard"),
            Side("taken", (R("D", "3", "10", "10"), S("K", 3, jokers=1)), held="Q 5 5"),
        ),
        (450, 255),
    ),
    # Ana & Luis: 8D-JD (40), three queens and a two (50), joker 9 6 4 held (-70) = 20. Bea & Juan go out without a
    # discard: 3S-JS with a joker as the 7 (110, dirty 100), 6C-QC (60, clean 200), three aces (45), going out 100 =
    # 615.
    Hand(
        "burako",
        "a dirty canasta of nine",
        (
            Side("taken", (R("D", "8", "J"), S("Q", 3, twos=1)), held="JOKER 9 6 4"),
            Side("taken", (R("S", "3", "J", "7"), R("C", "6", "Q"), S("A")), out="no_discard"),
        ),
        (20, 615),
    ),
    # Ana & Luis go out: 9C-AC with a two as the K (75), 3H-9H (45, clean 200), three 7s (15), going out 100 = 435.
    # Bea & Juan: AD-4D (45), muerto not taken -100, K J 10 8 6 5 3 held (-55) = -110.
    Hand(
        "burako",
        "a muerto never taken, the other pair holding seven cards",
        (
            Side("taken", (R("C", "9", "A", "K", two=True), R("H", "3", "9"), S("7")), out="discard"),
            Side("not_taken", (R("D", "A", "4"),), held="K J 10 8 6 5 3"),
        ),
        (435, -110),
    ),
)

#: Every real hand, game by game.
HANDS = BURRACO + BURACO + BURAKO
