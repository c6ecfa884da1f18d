"""The Canasta family's melds (Burraco, Buraco, Burako): legality, card points and the canasta they make.

A meld is its cards in rank-and-suit notation (cards.py); a run is entered low to high with its
wild card in the place it stands for. The games differ only in the named parameters of ``FamilyMelds``
(rules/family.md §2, §3 and §4; source keys in brackets are family.md's §1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..errors import RuleViolation, RuleViolations
from ..family_parameters import FamilyMelds
from ..i18n import N_
from .cards import FamilyCard, card_violation, named, parse_card
from .meld_kinds import (
    FamilyCanasta,
    FamilyMeld,
    FamilyMeldKind,
    Reading,
    bonus_of,
    broken,
    canasta_of,
    card_points,
    too_many_wilds,
)
from .runs import read_run

__all__ = ["FamilyCanasta", "FamilyMeld", "FamilyMeldKind", "can_meld_cards", "meld_of", "meld_violations"]


def meld_violations(cards: Sequence[str], rules: FamilyMelds) -> list[RuleViolation]:
    """Every rule the meld of ``cards`` breaks under the game's parameters."""
    return list(_read_meld(tuple(cards), rules).problems)


def meld_of(cards: Sequence[str], rules: FamilyMelds) -> FamilyMeld:
    """The meld ``cards`` make under the game's parameters; raise ``RuleViolations`` with every rule broken."""
    reading = _read_meld(tuple(cards), rules)
    if reading.problems:
        raise RuleViolations(list(reading.problems))
    assert reading.meld is not None
    return reading.meld


def can_meld_cards(cards: Sequence[str], rules: FamilyMelds) -> bool:
    """Whether ``cards`` make a legal meld under the game's parameters."""
    return not _read_meld(tuple(cards), rules).problems


def _read_meld(typed: tuple[str, ...], rules: FamilyMelds) -> Reading:
    written = named(*typed)
    problems = [problem for text in typed if (problem := card_violation(text)) is not None]
    if len(typed) < 3:
        problems.append(
            broken(
                "family_meld_too_small",
                N_("A meld needs at least 3 cards; %(cards)s has %(count)s."),
                cards=written if typed else "-",
                count=len(typed),
            )
        )
    if problems:
        return Reading(None, tuple(problems))
    cards = tuple(parse_card(text) for text in typed)
    if not rules.jokers and any(card.is_joker for card in cards):
        problems.append(broken("family_no_jokers", N_("This game is played without jokers: %(cards)s."), cards=written))
    naturals = [card for card in cards if not card.may_be_wild]
    if not naturals:
        return _wild_meld(typed, cards, rules, problems)
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    if len(ranks) == 1:
        run = read_run(typed, cards, rules, [])
        uses_natural_two = run.meld is not None and run.meld.wilds < sum(card.may_be_wild for card in cards)
        if not run.problems and uses_natural_two and not problems:
            return run  # e.g. A 2 JK: a run with its natural two, not a set of aces with two wild cards
        if rules.sets_allowed or len(naturals) > 1:
            return _set(typed, cards, rules, problems)
        return read_run(typed, cards, rules, problems)
    if len(suits) > 1 and len(suits) >= len(ranks) and rules.sets_allowed:
        return _set(typed, cards, rules, problems)  # closer to a set (5H 5S 6D) than to a run (5H 6H 7S)
    return read_run(typed, cards, rules, problems)


def _wild_meld(
    typed: tuple[str, ...], cards: tuple[FamilyCard, ...], rules: FamilyMelds, problems: list[RuleViolation]
) -> Reading:
    """Jokers and twos only: a meld of its own in Burako, 1000 as a canasta [ACA3] (R-K3)."""
    if rules.wild_canasta_bonus is None:
        problems.append(
            broken(
                "family_wild_meld_not_allowed",
                N_("This game has no melds of wild cards only: %(cards)s."),
                cards=named(*typed),
            )
        )
    if problems:
        return Reading(None, tuple(problems))
    bonus = rules.wild_canasta_bonus or 0
    canasta = FamilyCanasta.WILD if len(cards) >= rules.canasta_size else None
    meld = FamilyMeld(
        typed,
        FamilyMeldKind.WILD,
        None,
        None,
        card_points(cards, rules),
        len(cards),
        (),
        canasta,
        bonus if canasta else 0,
    )
    return Reading(meld, ())


def _set(
    typed: tuple[str, ...], cards: tuple[FamilyCard, ...], rules: FamilyMelds, problems: list[RuleViolation]
) -> Reading:
    """Cards of one rank with at most the game's wild cards [FPDF][ACA2]; twos are always wild in a set."""
    written = named(*typed)
    counted = Counter(card.rank for card in cards if not card.may_be_wild)
    rank = counted.most_common(1)[0][0]
    wilds = sum(card.may_be_wild for card in cards)
    if not rules.sets_allowed:
        problems.append(
            broken(
                "family_sets_not_allowed",
                N_("This game melds runs of one suit only, no cards of one rank: %(cards)s."),
                cards=written,
            )
        )
    elif rules.sets_only_of is not None and not set(counted) <= rules.sets_only_of:
        problems.append(
            broken(
                "family_set_rank_not_allowed",
                N_("In this game cards of one rank are melded only if they are %(ranks)s: %(cards)s."),
                ranks=", ".join(sorted(rules.sets_only_of)),
                cards=written,
            )
        )
    if len(counted) > 1:
        problems.append(
            broken(
                "family_set_mixed_ranks",
                N_("A set is of one rank; %(cards)s mixes %(ranks)s."),
                cards=written,
                ranks=", ".join(counted),
            )
        )
    if wilds > rules.wilds_per_meld:
        problems.append(too_many_wilds(written, wilds, rules))
    if problems:
        return Reading(None, tuple(problems))
    canasta = canasta_of(len(cards), wilds, rules, semi=len(cards) - wilds >= rules.canasta_size)
    bonus = bonus_of(canasta, rules)
    return Reading(
        FamilyMeld(typed, FamilyMeldKind.SET, None, rank, card_points(cards, rules), wilds, (), canasta, bonus), ()
    )
