"""The Canasta family's club games (Burraco, Buraco, Burako): cards in rank-and-suit notation.

A card is written as its rank and its suit, ``"10H"``, ``"AS"``, ``"2C"``, ``"KD"``, or ``"JK"`` for a
joker (rules/family.md §2 rows 1, 3 and 14). Ranks A, 2 to 10, J, Q, K; suits S, H, D, C (the notation's
words, which a rule set's card values use too, are in ``family_parameters``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import RuleViolation, RuleViolations
from ..family_parameters import ACE, JOKER, RANKS, SUITS, TWO
from ..i18n import N_, untranslated

#: A run's places: a low ace is 1, the two 2, ..., the king 13 and a high ace 14 (family.md §2 row 7).
LOW_ACE_PLACE = 1
HIGH_ACE_PLACE = 14
TWO_PLACE = 2


@dataclass(frozen=True)
class FamilyCard:
    """One card: its rank (``"A"`` to ``"K"``, or ``"JK"``) and its suit (None for a joker)."""

    rank: str
    suit: str | None

    @property
    def is_joker(self) -> bool:
        """Whether the card is a joker."""
        return self.rank == JOKER

    @property
    def may_be_wild(self) -> bool:
        """Jokers and twos are the family's wild cards; a two may still stand as a natural two in a run."""
        return self.rank in (JOKER, TWO)

    def __str__(self) -> str:
        return self.rank if self.suit is None else f"{self.rank}{self.suit}"


#: How a sentence shows a suit: by its sign, which reads alike in every language (never the notation's letter).
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: How a sentence names a joker, in the reader's words (joker, jolly, comodín).
JOKER_NAME = N_("joker")


class CardNames(str):
    """Cards a sentence names: the text stays as written in the notation (``"10H JK"``, what the API and the
    tests compare), and is said as players name the cards, the rank and the suit's sign (10♥) and a joker by the
    reader's word, never the code ``JK``; what is not a card (a rank alone, a slip) is said as written."""

    __slots__ = ()

    def render(self, translate: Callable[[str], str] = untranslated) -> str:
        """The cards in the language of ``translate`` (English by default), one space between them."""
        return " ".join(_said(text, translate) for text in self.split())


def named(*written: str) -> CardNames:
    """Cards written in the notation (one or several to a string, space-separated), as a sentence names them."""
    return CardNames(" ".join(written))


def _said(text: str, translate: Callable[[str], str]) -> str:
    card = _read_card(text)
    if card is None:
        return text
    if card.is_joker:
        return translate(JOKER_NAME)
    assert card.suit is not None
    return f"{card.rank}{SUIT_SIGNS[card.suit]}"


def _read_card(text: str) -> FamilyCard | None:
    written = text.strip().upper()
    if written == JOKER:
        return FamilyCard(JOKER, None)
    rank, suit = written[:-1], written[-1:]
    if rank in RANKS and suit in SUITS:
        return FamilyCard(rank, suit)
    return None


def card_violation(text: str) -> RuleViolation | None:
    """Why ``text`` is not a card in rank-and-suit notation, or None when it is one."""
    if _read_card(text) is not None:
        return None
    return RuleViolation(
        "family_card_unknown",
        N_(
            "%(card)s is not a card: write its rank (A, 2 to 10, J, Q, K) and its suit (S, H, D, C), "
            "as in 10H or AS, or JK for a joker."
        ),
        {"card": text},
    )


def parse_card(text: str) -> FamilyCard:
    """The card ``text`` names (case and surrounding spaces aside); raise ``RuleViolations`` naming it as
    typed when it names none."""
    card = _read_card(text)
    if card is None:
        problem = card_violation(text)
        assert problem is not None
        raise RuleViolations([problem])
    return card


def parse_cards(texts: Sequence[str]) -> tuple[FamilyCard, ...]:
    """Every card of ``texts``; raise ``RuleViolations`` naming each one that is not a card."""
    problems = [problem for text in texts if (problem := card_violation(text)) is not None]
    if problems:
        raise RuleViolations(problems)
    return tuple(parse_card(text) for text in texts)


def run_places(rank: str, *, ace_low_or_high: bool) -> tuple[int, ...]:
    """The places a natural card of ``rank`` may take in a run: an ace below the two or above the king
    [EB9][BP] (above the king only, when the game does not let it stand low)."""
    if rank == ACE:
        return (LOW_ACE_PLACE, HIGH_ACE_PLACE) if ace_low_or_high else (HIGH_ACE_PLACE,)
    return (RANKS.index(rank) + 1,)


def place_rank(place: int) -> str:
    """The rank that stands in a run's ``place`` (1 and 14 are both the ace)."""
    return RANKS[(place - 1) % len(RANKS)]


def run_cards(suit: str, first: int, last: int, wild: tuple[int, str] | None = None) -> list[str]:
    """A run of ``suit`` from place ``first`` to place ``last``, low to high, written card by card as the engine
    reads it; ``wild``: the place a wild card stands in, and that card (``"JK"``, or a two such as ``"2D"``)."""
    return [
        wild[1] if wild is not None and place == wild[0] else f"{place_rank(place)}{suit}"
        for place in range(first, last + 1)
    ]
