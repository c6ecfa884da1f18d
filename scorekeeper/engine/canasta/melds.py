"""Melds: their legality under a rule set, their card value, and the canasta they make."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise
from typing import Protocol

from ..cards import SEQUENCE_ORDER, Card
from ..entries import Meld
from ..errors import RuleViolation, RuleViolations
from ..i18n import N_
from ..rulesets import RuleSet


class CanastaKind(StrEnum):
    """Natural (no wild card), mixed (some wild cards), wild (wild cards only), or a samba (seven
    cards of one suit in sequence)."""

    NATURAL = "natural"
    MIXED = "mixed"
    WILD = "wild"
    SAMBA = "samba"


_JOKER = Card.JOKER.value
_TWO = Card.TWO.value


class _Broken(Protocol):
    """Builds a violation for the meld being checked."""

    def __call__(self, rule: str, template: str, **params: object) -> RuleViolation: ...


def meld_value(meld: Meld, ruleset: RuleSet) -> int:
    """The card value of a meld: its cards count inside canastas too (variants.md §6)."""
    values = ruleset.card_values
    wild_cards = meld.jokers * values[_JOKER] + meld.twos * values[_TWO]
    if meld.is_sequence:
        return sum(values[card] for card in meld.cards) + wild_cards  # each card at its value
    natural_value = 0 if meld.is_wild_meld else values[meld.rank]
    return meld.naturals * natural_value + wild_cards


def canasta_kind(meld: Meld, ruleset: RuleSet) -> CanastaKind | None:
    """The kind of canasta a meld makes, or None when it is not (yet) a canasta."""
    if meld.is_black_three_meld or meld.size < ruleset.canasta_size:
        return None
    if meld.is_sequence:
        return CanastaKind.SAMBA if ruleset.sequences and meld.wilds == 0 else None
    if meld.is_wild_meld:
        return CanastaKind.WILD if ruleset.wild_meld is not None else None
    if meld.naturals < ruleset.canasta_min_naturals:
        return None
    return CanastaKind.NATURAL if meld.wilds == 0 else CanastaKind.MIXED


@dataclass(frozen=True)
class MeldFacts:
    """A meld judged under one rule set: the rules it breaks (with no side or field yet), its card
    value, the canasta it makes and that canasta's bonus."""

    problems: tuple[RuleViolation, ...]
    value: int
    kind: CanastaKind | None
    bonus: int
    negative: bool  # a count below zero


#: How many distinct melds a rule set keeps the facts of (the counts come from users: a bound).
KEPT_FACTS = 4096


def meld_facts(meld: Meld, ruleset: RuleSet, *, going_out: bool) -> MeldFacts:
    """The meld's verdict, value, canasta kind and bonus under the rule set. A hand asks this for
    every meld; each distinct meld is judged once per configured rule set and the answer kept."""
    kept = ruleset.judged
    key = (meld.key, going_out) if meld.is_black_three_meld else meld.key  # only black threes care
    facts = kept.get(key)
    if isinstance(facts, MeldFacts):
        return facts
    kind = canasta_kind(meld, ruleset)
    if kind is CanastaKind.NATURAL:
        bonus = ruleset.rank_natural_bonus.get(meld.rank, ruleset.natural_bonus)
    elif kind is CanastaKind.MIXED:
        bonus = ruleset.mixed_bonus
    elif kind is CanastaKind.WILD and ruleset.wild_meld is not None:
        # Modern American: four jokers with three twos 2500, seven twos 3000 [MACJ][MACC]
        bonus = ruleset.wild_canasta_bonus_by_jokers.get(meld.jokers, ruleset.wild_meld.bonus)
    elif kind is CanastaKind.SAMBA:
        bonus = ruleset.samba_bonus
    else:
        bonus = 0
    problems = tuple(meld_violations(meld, ruleset, going_out=going_out))
    negative = min(meld.naturals, meld.jokers, meld.twos) < 0
    facts = MeldFacts(problems, meld_value(meld, ruleset), kind, bonus, negative)
    if len(kept) < KEPT_FACTS:
        kept[key] = facts
    return facts


def meld_violations(
    meld: Meld, ruleset: RuleSet, *, going_out: bool, side: int | None = None, field: str | None = None
) -> list[RuleViolation]:
    """Every rule this meld breaks; ``going_out`` says whether its side went out."""

    def broken(rule: str, template: str, **params: object) -> RuleViolation:
        return RuleViolation(rule, template, params, side, field)

    if meld.is_black_three_meld:
        return _black_three_violations(meld, ruleset, going_out, broken)
    if meld.is_wild_meld:
        return _wild_meld_violations(meld, ruleset, broken)
    if meld.is_sequence:
        return _sequence_violations(meld, ruleset, broken)
    problems = []
    if meld.size < ruleset.min_meld_size:
        problems.append(_too_small(meld, ruleset.min_meld_size, broken))
    if meld.naturals < ruleset.min_naturals:
        problems.append(
            broken(
                "meld_min_naturals",
                N_("A meld needs at least %(needed)s natural cards; this one has %(naturals)s."),
                needed=ruleset.min_naturals,
                naturals=meld.naturals,
            )
        )
    if ruleset.max_wilds is not None and meld.wilds > ruleset.max_wilds:
        problems.append(
            broken(
                "meld_max_wilds",
                N_("A meld may hold at most %(allowed)s wild cards; this one holds %(wilds)s."),
                allowed=ruleset.max_wilds,
                wilds=meld.wilds,
            )
        )
    if ruleset.wilds_le_naturals and meld.wilds > meld.naturals:
        problems.append(
            broken(
                "meld_wilds_exceed_naturals",
                N_(
                    "Wild cards may not outnumber natural cards; this meld has %(wilds)s wild and %(naturals)s natural."
                ),
                wilds=meld.wilds,
                naturals=meld.naturals,
            )
        )
    if ruleset.max_meld_size is not None and meld.size > ruleset.max_meld_size:
        problems.append(_too_large(meld, ruleset.max_meld_size, broken))
    if ruleset.sevens_no_wilds and meld.rank == Card.SEVEN.value and meld.wilds > 0:
        problems.append(broken("sevens_no_wilds", N_("A meld of sevens may hold no wild cards.")))
    if meld.size >= ruleset.canasta_size and meld.naturals < ruleset.canasta_min_naturals:
        problems.append(
            broken(
                "canasta_min_naturals",
                N_("A canasta needs at least %(needed)s natural cards; this one has %(naturals)s."),
                needed=ruleset.canasta_min_naturals,
                naturals=meld.naturals,
            )
        )
    return problems


def _too_small(meld: Meld, needed: int, broken: _Broken) -> RuleViolation:
    return broken(
        "meld_too_small",
        N_("A meld needs at least %(needed)s cards; this one has %(cards)s."),
        needed=needed,
        cards=meld.size,
    )


def _too_large(meld: Meld, allowed: int, broken: _Broken) -> RuleViolation:
    return broken(
        "meld_too_large",
        N_("A meld may hold at most %(allowed)s cards; this one has %(cards)s."),
        allowed=allowed,
        cards=meld.size,
    )


def _black_three_violations(meld: Meld, ruleset: RuleSet, going_out: bool, broken: _Broken) -> list[RuleViolation]:
    if not ruleset.black_three_meld:
        return [broken("black_three_meld_not_allowed", N_("Black threes may never be melded in this rule set."))]
    problems = []
    if not going_out:
        problems.append(
            broken(
                "black_three_meld_without_going_out",
                N_("Black threes may be melded only by the side that goes out."),
            )
        )
    if meld.wilds > 0:
        problems.append(broken("black_three_meld_wilds", N_("A meld of black threes may hold no wild cards.")))
    if meld.size not in ruleset.black_three_meld_sizes:
        sizes = " / ".join(str(n) for n in ruleset.black_three_meld_sizes)
        problems.append(
            broken(
                "black_three_meld_size",
                N_("A meld of black threes must have %(sizes)s cards; this one has %(cards)s."),
                sizes=sizes,
                cards=meld.size,
            )
        )
    return problems


def _wild_meld_violations(meld: Meld, ruleset: RuleSet, broken: _Broken) -> list[RuleViolation]:
    rules = ruleset.wild_meld
    if rules is None:
        return [broken("wild_meld_not_allowed", N_("This rule set has no melds of wild cards only."))]
    if meld.size < rules.min_start:
        return [
            broken(
                "wild_meld_too_small",
                N_("A meld of wild cards needs at least %(needed)s cards; this one has %(cards)s."),
                needed=rules.min_start,
                cards=meld.size,
            )
        ]
    if meld.size > rules.max_size:
        return [_too_large(meld, rules.max_size, broken)]
    return []


#: The longest sequence: seven cards make a samba, and a samba takes no more [BICS][SPEL].
SEQUENCE_MAX = 7


def _sequence_violations(meld: Meld, ruleset: RuleSet, broken: _Broken) -> list[RuleViolation]:
    """A sequence [BICS][SPEL]: three to seven natural cards of one suit, next to each other from 4 up to ace."""
    if not ruleset.sequences:
        return [broken("sequence_not_allowed", N_("This rule set has no melds in sequence; melds are of one rank."))]
    problems = []
    if meld.wilds > 0:
        problems.append(broken("sequence_with_wilds", N_("A sequence may hold no wild cards.")))
    if meld.naturals != len(meld.cards):
        problems.append(
            broken(
                "sequence_cards",
                N_("A sequence names each of its cards: %(named)s named for %(naturals)s natural cards."),
                named=len(meld.cards),
                naturals=meld.naturals,
            )
        )
    elif meld.naturals < ruleset.min_meld_size:
        problems.append(_too_small(meld, ruleset.min_meld_size, broken))
    elif meld.naturals > SEQUENCE_MAX:
        problems.append(_too_large(meld, SEQUENCE_MAX, broken))
    positions = [SEQUENCE_ORDER.index(card) for card in meld.cards]
    if any(after != before + 1 for before, after in pairwise(positions)):
        problems.append(
            broken("sequence_not_in_order", N_("A sequence runs in order, 4 low and ace high, with no gap."))
        )
    return problems


def verify_meld(meld: Meld, ruleset: RuleSet, *, going_out: bool = False) -> None:
    """Raise ``RuleViolations`` with every rule the meld breaks."""
    problems = meld_violations(meld, ruleset, going_out=going_out)
    if problems:
        raise RuleViolations(problems)


def can_meld(meld: Meld, ruleset: RuleSet, *, going_out: bool = False) -> bool:
    """Whether the meld is legal under the rule set."""
    return not meld_violations(meld, ruleset, going_out=going_out)
