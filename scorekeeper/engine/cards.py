"""Ranks, card keys and card values (pagat, Official Rules 1950, S001, S003)."""

from __future__ import annotations

from enum import StrEnum


class Card(StrEnum):
    """A kind of card as the score sheet sees it (suit matters only for threes)."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    BLACK_THREE = "3B"
    RED_THREE = "3R"
    JOKER = "JOKER"
    TWO = "2"


#: Ranks that form ordinary melds (groups of one rank).
NATURAL_RANKS: tuple[Card, ...] = (
    Card.ACE,
    Card.KING,
    Card.QUEEN,
    Card.JACK,
    Card.TEN,
    Card.NINE,
    Card.EIGHT,
    Card.SEVEN,
    Card.SIX,
    Card.FIVE,
    Card.FOUR,
)

#: The meld "rank" of a meld made of wild cards only (Uruguayan, S001, Hoyle).
WILD_RANK = "WILD"

#: Every rank a meld may name: the natural ranks, black threes, and WILD.
MELD_RANKS: tuple[str, ...] = (*(c.value for c in NATURAL_RANKS), Card.BLACK_THREE.value, WILD_RANK)

#: The meld "rank" of a sequence of one suit (Samba): its ``cards`` name its ranks in order.
SEQUENCE_RANK = "SEQ"

#: The order of a sequence, four low and ace high [BICS]; sequences hold no threes and no wild cards.
SEQUENCE_ORDER: tuple[str, ...] = tuple(c.value for c in reversed(NATURAL_RANKS))


def sequence_between(low: str, high: str) -> tuple[str, ...]:
    """The ranks of a sequence from ``low`` up to ``high``; when written the wrong way round, just the two
    (the engine then names the broken order)."""
    start, end = SEQUENCE_ORDER.index(low), SEQUENCE_ORDER.index(high)
    return SEQUENCE_ORDER[start : end + 1] if start <= end else (low, high)


#: Every key a hand may hold.
HAND_KEYS: tuple[str, ...] = tuple(c.value for c in Card)

#: Classic card values [P][S001][S003A]: joker 50, ace and two 20, K-8 10, 7-4 and black three 5.
#: A red three has no card value: it scores only as a bonus.
CLASSIC_CARD_VALUES: dict[str, int] = {
    "JOKER": 50,
    "2": 20,
    "A": 20,
    "K": 10,
    "Q": 10,
    "J": 10,
    "10": 10,
    "9": 10,
    "8": 10,
    "7": 5,
    "6": 5,
    "5": 5,
    "4": 5,
    "3B": 5,
    "3R": 0,
}

#: How many of each card one pack of 52 + 2 jokers holds, as the sheet counts them.
CARDS_PER_PACK: dict[str, int] = {
    **{c.value: 4 for c in NATURAL_RANKS},
    "3B": 2,
    "3R": 2,
    "JOKER": 2,
    "2": 4,
}

WILD_KEYS: tuple[str, ...] = (Card.JOKER.value, Card.TWO.value)

#: Modern American's special hands: a whole hand laid down at once by a player going out [MACD] (D10).
SPECIAL_HANDS: tuple[str, ...] = ("straight", "pairs", "pairs_wild", "garbage")
