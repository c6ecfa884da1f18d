"""A run of the Canasta family read from its cards: one suit in sequence, ace low or high, its wild card in the
place it stands for, a two of its suit natural in the two's own place, and the canasta it makes (clean, semi-clean,
dirty, ace to king, ace to ace) by the game's named parameters (``FamilyMelds``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..errors import RuleViolation
from ..family_parameters import ACE, TWO, FamilyMelds
from ..i18n import N_
from .cards import HIGH_ACE_PLACE, LOW_ACE_PLACE, TWO_PLACE, FamilyCard, named, run_places
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


def read_run(
    typed: tuple[str, ...], cards: tuple[FamilyCard, ...], rules: FamilyMelds, problems: list[RuleViolation]
) -> Reading:
    """Cards of one suit in sequence, ace low or high, with the game's wild card in the place it stands
    for; a two of the suit in the two's own place is natural [EB9][EB10][BP][PJ]."""
    written = named(*typed)
    naturals = [(index, card) for index, card in enumerate(cards) if not card.may_be_wild]
    suits = Counter(card.suit for _, card in naturals)
    suit = suits.most_common(1)[0][0]
    if len(suits) > 1:
        problems.append(
            broken("family_run_mixed_suits", N_("A run is of one suit; %(cards)s mixes suits."), cards=written)
        )
    places = _places(cards, naturals, rules)
    aces = [index for index, card in naturals if card.rank == ACE]
    ends = [places[index] for index in aces] if places is not None else aces
    ace_both_ends = ends == ([LOW_ACE_PLACE, HIGH_ACE_PLACE] if places is not None else [0, len(cards) - 1])
    repeated = Counter(card.rank for _, card in naturals if card.rank != ACE or not ace_both_ends)
    for rank, count in repeated.items():
        if count > 1:
            problems.append(
                broken(
                    "family_run_duplicate_rank",
                    N_("A run holds each rank once; %(cards)s has %(rank)s twice."),
                    cards=written,
                    rank=rank,
                )
            )
    if ace_both_ends and not rules.ace_to_ace:
        problems.append(
            broken(
                "family_run_ace_low_and_high",
                N_("An ace stands below the two or above the king, never both in one run: %(cards)s."),
                cards=written,
            )
        )
    wilds = _run_wilds(cards, suit, places, rules)
    if wilds > rules.wilds_per_meld:
        problems.append(too_many_wilds(written, wilds, rules))
    natural_count = len(cards) - wilds
    if natural_count > rules.max_run_naturals and not (ace_both_ends and not rules.ace_to_ace):
        problems.append(
            broken(
                "family_run_too_long",
                N_("A run holds at most %(allowed)s natural cards; %(cards)s holds %(naturals)s."),
                allowed=rules.max_run_naturals,
                cards=written,
                naturals=natural_count,
            )
        )
    elif len(cards) > HIGH_ACE_PLACE:
        problems.append(
            broken(
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
                broken(
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
            broken(
                "family_run_past_the_ace",
                N_(
                    "Nothing comes below a low ace or above a high ace, and a run does not turn the corner "
                    "from king to ace to two: %(cards)s."
                ),
                cards=written,
            )
        )
    if problems:
        return Reading(None, tuple(problems))
    assert places is not None
    canasta = _run_canasta(cards, suit, places, wilds, rules)
    meld = FamilyMeld(
        typed,
        FamilyMeldKind.RUN,
        suit,
        None,
        card_points(cards, rules),
        wilds,
        places,
        canasta,
        bonus_of(canasta, rules),
    )
    return Reading(meld, ())


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
    return canasta_of(len(cards), wilds, rules, semi=semi)
