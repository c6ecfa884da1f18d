"""The Canasta family's melds (Burraco, Buraco, Burako): legality, card points and the canasta they make.

A meld is its cards in rank-and-suit notation (cards.py); a run is entered low to high with its
wild card in the place it stands for. The games differ only in the named parameters of ``FamilyMelds``
(rules/family.md §2, §3 and §4; source keys in brackets are family.md's §1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..errors import RuleViolation, RuleViolations
from ..family_parameters import ACE, TWO, FamilyMelds
from ..i18n import N_
from .cards import (
    HIGH_ACE_PLACE,
    LOW_ACE_PLACE,
    TWO_PLACE,
    CardNames,
    FamilyCard,
    card_violation,
    named,
    parse_card,
    run_places,
)


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
class _Reading:
    """The cards judged: the meld they make, or every rule they break."""

    meld: FamilyMeld | None
    problems: tuple[RuleViolation, ...]


def _broken(rule: str, template: str, **params: object) -> RuleViolation:
    return RuleViolation(rule, template, params)


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


def _read_meld(typed: tuple[str, ...], rules: FamilyMelds) -> _Reading:
    written = named(*typed)
    problems = [problem for text in typed if (problem := card_violation(text)) is not None]
    if len(typed) < 3:
        problems.append(
            _broken(
                "family_meld_too_small",
                N_("A meld needs at least 3 cards; %(cards)s has %(count)s."),
                cards=written if typed else "-",
                count=len(typed),
            )
        )
    if problems:
        return _Reading(None, tuple(problems))
    cards = tuple(parse_card(text) for text in typed)
    if not rules.jokers and any(card.is_joker for card in cards):
        problems.append(
            _broken("family_no_jokers", N_("This game is played without jokers: %(cards)s."), cards=written)
        )
    naturals = [card for card in cards if not card.may_be_wild]
    if not naturals:
        return _wild_meld(typed, cards, rules, problems)
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    if len(ranks) == 1:
        run = _run(typed, cards, rules, [])
        uses_natural_two = run.meld is not None and run.meld.wilds < sum(card.may_be_wild for card in cards)
        if not run.problems and uses_natural_two and not problems:
            return run  # e.g. A 2 JK: a run with its natural two, not a set of aces with two wild cards
        if rules.sets_allowed or len(naturals) > 1:
            return _set(typed, cards, rules, problems)
        return _run(typed, cards, rules, problems)
    if len(suits) > 1 and len(suits) >= len(ranks) and rules.sets_allowed:
        return _set(typed, cards, rules, problems)  # closer to a set (5H 5S 6D) than to a run (5H 6H 7S)
    return _run(typed, cards, rules, problems)


def _points(cards: Sequence[FamilyCard], rules: FamilyMelds) -> int:
    return sum(rules.card_values[card.rank] for card in cards)


def _too_many_wilds(written: CardNames, wilds: int, rules: FamilyMelds) -> RuleViolation:
    return _broken(
        "family_meld_too_many_wilds",
        N_(
            "%(cards)s holds %(wilds)s wild cards; a meld holds at most %(allowed)s "
            "(a two of a run's suit in its own place, between ace and three, is a natural card)."
        ),
        cards=written,
        wilds=wilds,
        allowed=rules.wilds_per_meld,
    )


def _wild_meld(
    typed: tuple[str, ...], cards: tuple[FamilyCard, ...], rules: FamilyMelds, problems: list[RuleViolation]
) -> _Reading:
    """Jokers and twos only: a meld of its own in Burako, 1000 as a canasta [ACA3] (R-K3)."""
    if rules.wild_canasta_bonus is None:
        problems.append(
            _broken(
                "family_wild_meld_not_allowed",
                N_("This game has no melds of wild cards only: %(cards)s."),
                cards=named(*typed),
            )
        )
    if problems:
        return _Reading(None, tuple(problems))
    bonus = rules.wild_canasta_bonus or 0
    canasta = FamilyCanasta.WILD if len(cards) >= rules.canasta_size else None
    meld = FamilyMeld(
        typed, FamilyMeldKind.WILD, None, None, _points(cards, rules), len(cards), (), canasta, bonus if canasta else 0
    )
    return _Reading(meld, ())


def _set(
    typed: tuple[str, ...], cards: tuple[FamilyCard, ...], rules: FamilyMelds, problems: list[RuleViolation]
) -> _Reading:
    """Cards of one rank with at most the game's wild cards [FPDF][ACA2]; twos are always wild in a set."""
    written = named(*typed)
    counted = Counter(card.rank for card in cards if not card.may_be_wild)
    rank = counted.most_common(1)[0][0]
    wilds = sum(card.may_be_wild for card in cards)
    if not rules.sets_allowed:
        problems.append(
            _broken(
                "family_sets_not_allowed",
                N_("This game melds runs of one suit only, no cards of one rank: %(cards)s."),
                cards=written,
            )
        )
    elif rules.sets_only_of is not None and not set(counted) <= rules.sets_only_of:
        problems.append(
            _broken(
                "family_set_rank_not_allowed",
                N_("In this game cards of one rank are melded only if they are %(ranks)s: %(cards)s."),
                ranks=", ".join(sorted(rules.sets_only_of)),
                cards=written,
            )
        )
    if len(counted) > 1:
        problems.append(
            _broken(
                "family_set_mixed_ranks",
                N_("A set is of one rank; %(cards)s mixes %(ranks)s."),
                cards=written,
                ranks=", ".join(counted),
            )
        )
    if wilds > rules.wilds_per_meld:
        problems.append(_too_many_wilds(written, wilds, rules))
    if problems:
        return _Reading(None, tuple(problems))
    canasta = _canasta(len(cards), wilds, rules, semi=len(cards) - wilds >= rules.canasta_size)
    bonus = _bonus(canasta, rules)
    return _Reading(
        FamilyMeld(typed, FamilyMeldKind.SET, None, rank, _points(cards, rules), wilds, (), canasta, bonus), ()
    )


def _run(
    typed: tuple[str, ...], cards: tuple[FamilyCard, ...], rules: FamilyMelds, problems: list[RuleViolation]
) -> _Reading:
    """Cards of one suit in sequence, ace low or high, with the game's wild card in the place it stands
    for; a two of the suit in the two's own place is natural [EB9][EB10][BP][PJ]."""
    written = named(*typed)
    naturals = [(index, card) for index, card in enumerate(cards) if not card.may_be_wild]
    suits = Counter(card.suit for _, card in naturals)
    suit = suits.most_common(1)[0][0]
    if len(suits) > 1:
        problems.append(
            _broken("family_run_mixed_suits", N_("A run is of one suit; %(cards)s mixes suits."), cards=written)
        )
    places = _places(cards, naturals, rules)
    aces = [index for index, card in naturals if card.rank == ACE]
    ends = [places[index] for index in aces] if places is not None else aces
    ace_both_ends = ends == ([LOW_ACE_PLACE, HIGH_ACE_PLACE] if places is not None else [0, len(cards) - 1])
    repeated = Counter(card.rank for _, card in naturals if card.rank != ACE or not ace_both_ends)
    for rank, count in repeated.items():
        if count > 1:
            problems.append(
                _broken(
                    "family_run_duplicate_rank",
                    N_("A run holds each rank once; %(cards)s has %(rank)s twice."),
                    cards=written,
                    rank=rank,
                )
            )
    if ace_both_ends and not rules.ace_to_ace:
        problems.append(
            _broken(
                "family_run_ace_low_and_high",
                N_("An ace stands below the two or above the king, never both in one run: %(cards)s."),
                cards=written,
            )
        )
    wilds = _run_wilds(cards, suit, places, rules)
    if wilds > rules.wilds_per_meld:
        problems.append(_too_many_wilds(written, wilds, rules))
    natural_count = len(cards) - wilds
    if natural_count > rules.max_run_naturals and not (ace_both_ends and not rules.ace_to_ace):
        problems.append(
            _broken(
                "family_run_too_long",
                N_("A run holds at most %(allowed)s natural cards; %(cards)s holds %(naturals)s."),
                allowed=rules.max_run_naturals,
                cards=written,
                naturals=natural_count,
            )
        )
    elif len(cards) > HIGH_ACE_PLACE:
        problems.append(
            _broken(
                "family_run_too_long",
                N_("A run has %(places)s places at most, from a low ace to a high ace; %(cards)s has %(count)s cards."),
                places=HIGH_ACE_PLACE,
                cards=written,
                count=len(cards),
            )
        )
    elif places is None:
        if not any(problem.rule == "family_run_duplicate_rank" for problem in problems):
            problems.append(
                _broken(
                    "family_run_gap",
                    N_(
                        "A run goes up one card at a time, low to high, a wild card in the place of the card it "
                        "stands for: %(cards)s does not."
                    ),
                    cards=written,
                )
            )
    elif places[0] < LOW_ACE_PLACE or places[-1] > HIGH_ACE_PLACE:
        problems.append(
            _broken(
                "family_run_past_the_ace",
                N_(
                    "Nothing comes below a low ace or above a high ace, and a run does not turn the corner "
                    "from king to ace to two: %(cards)s."
                ),
                cards=written,
            )
        )
    if problems:
        return _Reading(None, tuple(problems))
    assert places is not None
    canasta = _run_canasta(cards, suit, places, wilds, rules)
    meld = FamilyMeld(
        typed, FamilyMeldKind.RUN, suit, None, _points(cards, rules), wilds, places, canasta, _bonus(canasta, rules)
    )
    return _Reading(meld, ())


def _places(
    cards: tuple[FamilyCard, ...], naturals: Sequence[tuple[int, FamilyCard]], rules: FamilyMelds
) -> tuple[int, ...] | None:
    """Each card's place in the run, or None when the natural cards do not stand in one sequence. The
    first card's place is the one every natural card agrees on; an ace may give two, and then the
    reading inside the 14 places with the fewest wild cards wins (A 2 JK: ace low, two natural)."""
    starts: set[int] | None = None
    for index, card in naturals:
        own = {place - index for place in run_places(card.rank, ace_low_or_high=rules.ace_low_or_high)}
        starts = own if starts is None else starts & own
    if not starts:
        return None
    suit = naturals[0][1].suit

    def judged(start: int) -> tuple[bool, int]:
        places = tuple(range(start, start + len(cards)))
        outside = places[0] < LOW_ACE_PLACE or places[-1] > HIGH_ACE_PLACE
        return outside, _run_wilds(cards, suit, places, rules)

    start = min(sorted(starts), key=judged)
    return tuple(range(start, start + len(cards)))


def _is_natural_two(card: FamilyCard, suit: str | None, place: int, rules: FamilyMelds) -> bool:
    return rules.natural_two_in_place and card.rank == TWO and card.suit == suit and place == TWO_PLACE


def _run_wilds(
    cards: tuple[FamilyCard, ...], suit: str | None, places: tuple[int, ...] | None, rules: FamilyMelds
) -> int:
    """The run's wild cards: jokers and twos, but a two of its suit in the two's own place. Without places
    (cards out of sequence), one two of the suit is given the benefit of the doubt."""
    if places is None:
        twos_of_suit = sum(card.rank == TWO and card.suit == suit for card in cards)
        natural = 1 if rules.natural_two_in_place and twos_of_suit else 0
        return sum(card.may_be_wild for card in cards) - natural
    return sum(
        card.may_be_wild and not _is_natural_two(card, suit, place, rules)
        for card, place in zip(cards, places, strict=True)
    )


def _canasta(size: int, wilds: int, rules: FamilyMelds, *, semi: bool) -> FamilyCanasta | None:
    """Clean without a wild card, semi-clean where the game has it and ``semi`` holds, else dirty."""
    if size < rules.canasta_size:
        return None
    if wilds == 0:
        return FamilyCanasta.CLEAN
    return FamilyCanasta.SEMI if rules.semi_clean and semi else FamilyCanasta.DIRTY


def _run_canasta(
    cards: tuple[FamilyCard, ...], suit: str | None, places: tuple[int, ...], wilds: int, rules: FamilyMelds
) -> FamilyCanasta | None:
    """A run's canasta: ace to ace or ace to king clean where the game pays for it [BP][LC][TM]; semi-clean
    when its one wild card stands before or after ``canasta_size`` natural cards in sequence [FB][FIAB], or
    only at an end with ``semi_clean_wild_at_end`` [OMS] (I-K1)."""
    if wilds == 0 and len(cards) >= rules.canasta_size:
        if places == tuple(range(LOW_ACE_PLACE, HIGH_ACE_PLACE + 1)) and rules.ace_to_ace_bonus is not None:
            return FamilyCanasta.ACE_TO_ACE
        if places == tuple(range(LOW_ACE_PLACE, HIGH_ACE_PLACE)) and rules.ace_to_king_bonus is not None:
            return FamilyCanasta.ACE_TO_KING
    wild_at = [
        index
        for index, (card, place) in enumerate(zip(cards, places, strict=True))
        if card.may_be_wild and not _is_natural_two(card, suit, place, rules)
    ]
    semi = False
    if len(wild_at) == 1:
        before, after = wild_at[0], len(cards) - 1 - wild_at[0]
        sides = (before, after) if not rules.semi_clean_wild_at_end or min(before, after) == 0 else ()
        semi = any(side >= rules.canasta_size for side in sides)
    return _canasta(len(cards), wilds, rules, semi=semi)


def _bonus(canasta: FamilyCanasta | None, rules: FamilyMelds) -> int:
    bonuses = {
        FamilyCanasta.CLEAN: rules.clean_bonus,
        FamilyCanasta.SEMI: rules.semi_clean_bonus,
        FamilyCanasta.DIRTY: rules.dirty_bonus,
        FamilyCanasta.ACE_TO_KING: rules.ace_to_king_bonus,
        FamilyCanasta.ACE_TO_ACE: rules.ace_to_ace_bonus,
        FamilyCanasta.WILD: rules.wild_canasta_bonus,
    }
    return (bonuses[canasta] or 0) if canasta is not None else 0
