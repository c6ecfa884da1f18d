"""What a meld of the Canasta family is and what it is worth: its kind, the canasta it makes and that canasta's
bonus, its cards' points; and a meld's reading (the meld, or every rule it breaks), shared by the readings of a set
(melds.py) and of a run (runs.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..errors import RuleViolation
from ..family_parameters import FamilyMelds
from ..i18n import N_
from .cards import CardNames, FamilyCard


class FamilyMeldKind(StrEnum):
    """A set (cards of one rank), a run (one suit in sequence), or wild cards only (Burako)."""

    SET = "set"
    RUN = "run"
    WILD = "wild"


class FamilyCanasta(StrEnum):
    """The kind of canasta a meld of the family makes."""

    CLEAN = "clean"
    SEMI = "semi"
    DIRTY = "dirty"
    ACE_TO_KING = "ace_to_king"
    ACE_TO_ACE = "ace_to_ace"
    WILD = "wild"


@dataclass(frozen=True)
class FamilyMeld:
    """A legal meld of the family: what it is, its cards' points, and the canasta it makes (if any)."""

    #: The cards as typed.
    cards: tuple[str, ...]
    kind: FamilyMeldKind
    #: A run's suit (None for a set or wild cards).
    suit: str | None
    #: A set's rank (None for a run or wild cards).
    rank: str | None
    #: The sum of its cards' values.
    points: int
    #: Its wild cards (a two of the run's suit in its own place is not one).
    wilds: int
    #: A run's places, low to high (1 a low ace, 14 a high ace); empty for a set.
    places: tuple[int, ...]
    canasta: FamilyCanasta | None
    #: The canasta's bonus (0 below the canasta size).
    bonus: int


@dataclass(frozen=True)
class Reading:
    """The cards judged: the meld they make, or every rule they break."""

    meld: FamilyMeld | None
    problems: tuple[RuleViolation, ...]


def broken(rule: str, template: str, **params: object) -> RuleViolation:
    return RuleViolation(rule, template, params)


def card_points(cards: Sequence[FamilyCard], rules: FamilyMelds) -> int:
    return sum(rules.card_values[card.rank] for card in cards)


def too_many_wilds(written: CardNames, wilds: int, rules: FamilyMelds) -> RuleViolation:
    return broken(
        "family_meld_too_many_wilds",
        N_(
            "%(cards)s holds %(wilds)s wild cards; a meld holds at most %(allowed)s "
            "(a two of a run's suit in its own place, between ace and three, is a natural card)."
        ),
        cards=written,
        wilds=wilds,
        allowed=rules.wilds_per_meld,
    )


def canasta_of(size: int, wilds: int, rules: FamilyMelds, *, semi: bool) -> FamilyCanasta | None:
    """Clean without a wild card, semi-clean where the game has it and ``semi`` holds, else dirty."""
    if size < rules.canasta_size:
        return None
    if wilds == 0:
        return FamilyCanasta.CLEAN
    return FamilyCanasta.SEMI if rules.semi_clean and semi else FamilyCanasta.DIRTY


def bonus_of(canasta: FamilyCanasta | None, rules: FamilyMelds) -> int:
    bonuses = {
        FamilyCanasta.CLEAN: rules.clean_bonus,
        FamilyCanasta.SEMI: rules.semi_clean_bonus,
        FamilyCanasta.DIRTY: rules.dirty_bonus,
        FamilyCanasta.ACE_TO_KING: rules.ace_to_king_bonus,
        FamilyCanasta.ACE_TO_ACE: rules.ace_to_ace_bonus,
        FamilyCanasta.WILD: rules.wild_canasta_bonus,
    }
    return (bonuses[canasta] or 0) if canasta is not None else 0
