"""The Canasta family's club games (Burraco, Buraco, Burako): a side's hand the paper sheet's way.

A table that counts on paper gives the card points it melded, its canastas by kind and the points it still
holds (rules/family.md §5); the packet, going out and the closing discard as a detailed entry does. The
kinds and their bonuses, what going out needs and the packet's penalty are the same named parameters
``scoring`` reads; the points melded must at least hold the cheapest cards the canastas can be made
of, by the game's card values.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..entries import CanastaCount, QuickEntry
from ..errors import RuleViolation, RuleViolations
from ..family_parameters import ACE, JOKER, RANKS, TWO, FamilyHand, FamilyMelds, Packet, WentOut
from ..i18n import N_
from .melds import FamilyCanasta
from .scoring import FamilySideScore, going_out_violations

#: Each kind of the family's canasta, as quick entry counts it (the names of ``CanastaCount``).
KIND_FIELDS: dict[FamilyCanasta, str] = {
    FamilyCanasta.CLEAN: "natural",
    FamilyCanasta.DIRTY: "mixed",
    FamilyCanasta.SEMI: "semi",
    FamilyCanasta.ACE_TO_KING: "ace_to_king",
    FamilyCanasta.ACE_TO_ACE: "ace_to_ace",
    FamilyCanasta.WILD: "wild",
}


def kind_bonus(kind: FamilyCanasta, rules: FamilyMelds) -> int | None:
    """What a canasta of ``kind`` earns in the game; None when the game has no such canasta."""
    return {
        FamilyCanasta.CLEAN: rules.clean_bonus,
        FamilyCanasta.DIRTY: rules.dirty_bonus,
        FamilyCanasta.SEMI: rules.semi_clean_bonus if rules.semi_clean else None,
        FamilyCanasta.ACE_TO_KING: rules.ace_to_king_bonus,
        FamilyCanasta.ACE_TO_ACE: rules.ace_to_ace_bonus if rules.ace_to_ace else None,
        FamilyCanasta.WILD: rules.wild_canasta_bonus,
    }[kind]


def _run_values(rules: FamilyMelds) -> list[int]:
    """The natural cards' values in a run's order, a low ace to a high ace (a two in its own place is
    natural; an ace low only where the game lets it stand low)."""
    low = [rules.card_values[ACE]] if rules.ace_low_or_high else []
    return [*low, *(rules.card_values[rank] for rank in RANKS[1:]), rules.card_values[ACE]]


def _cheapest_naturals(count: int, rules: FamilyMelds) -> int:
    """The fewest points ``count`` natural cards of one meld can hold: cards of one rank (where sets are
    played), or ``count`` in a row of one suit."""
    values = _run_values(rules)
    runs = [sum(values[start : start + count]) for start in range(len(values) - count + 1)]
    ranks = [value * count for rank, value in rules.card_values.items() if rank not in (JOKER, TWO)]
    return min(runs + (ranks if rules.sets_allowed else []))


def least_points(kind: FamilyCanasta, rules: FamilyMelds) -> int:
    """The fewest card points a canasta of ``kind`` can hold under the game's card values."""
    size = rules.canasta_size
    wild = min(rules.card_values[TWO], rules.card_values[JOKER] if rules.jokers else rules.card_values[TWO])
    thirteen = sum(_run_values(rules)[:13]) if rules.ace_low_or_high else sum(_run_values(rules)[1:14])
    return {
        FamilyCanasta.CLEAN: _cheapest_naturals(size, rules),
        FamilyCanasta.DIRTY: _cheapest_naturals(size - 1, rules) + wild,
        FamilyCanasta.SEMI: _cheapest_naturals(size, rules) + wild,
        FamilyCanasta.ACE_TO_KING: thirteen,
        FamilyCanasta.ACE_TO_ACE: sum(_run_values(rules)),
        FamilyCanasta.WILD: size * wild,
    }[kind]


def _counts(canastas: CanastaCount) -> Iterator[tuple[FamilyCanasta, int]]:
    for kind, name in KIND_FIELDS.items():
        yield kind, getattr(canastas, name)


def _broken(rule: str, template: str, where: str, **params: object) -> RuleViolation:
    return RuleViolation(rule, template, params, field=where)


def _figure_problems(quick: QuickEntry, rules: FamilyMelds) -> list[RuleViolation]:
    problems = [
        _broken(
            "not_multiple_of_five",
            N_("%(field)s must be a multiple of 5: every card is worth 5, 10, 15, 20, 30 or 50."),
            name,
            field=name,
        )
        for name, value in (("meld_points", quick.meld_points), ("hand_points", quick.hand_points))
        if value % 5
    ]
    if quick.canastas.samba:
        problems.append(
            _broken(
                "family_quick_canasta_kind",
                N_("This game has no canastas of this kind, or a count below zero: %(field)s."),
                "canastas.samba",
                field="canastas.samba",
            )
        )
    for kind, count in _counts(quick.canastas):
        if count < 0 or (count and kind_bonus(kind, rules) is None):
            where = f"canastas.{KIND_FIELDS[kind]}"
            problems.append(
                _broken(
                    "family_quick_canasta_kind",
                    N_("This game has no canastas of this kind, or a count below zero: %(field)s."),
                    where,
                    field=where,
                )
            )
    made = [
        (kind, count) for kind, count in _counts(quick.canastas) if count > 0 and kind_bonus(kind, rules) is not None
    ]
    least = sum(count * least_points(kind, rules) for kind, count in made)
    if quick.meld_points >= 0 and least > quick.meld_points:
        problems.append(
            _broken(
                "quick_canastas_exceed_meld_points",
                N_(
                    "These canastas hold cards worth at least %(least)s points, more than the %(points)s points melded."
                ),
                "meld_points",
                least=least,
                points=quick.meld_points,
            )
        )
    return problems


def quick_score(
    quick: QuickEntry,
    *,
    packet: Packet,
    went_out: WentOut,
    closing_discard: str | None,
    ended_on_stock: bool,
    melds_rules: FamilyMelds,
    hand_rules: FamilyHand,
    alone: bool = False,
) -> FamilySideScore:
    """A side's hand from the paper sheet's figures: its card points melded, its canastas by kind and the
    points it holds (``quick.hand_points``, counted minus); raise ``RuleViolations`` with every rule
    broken. The rest as ``scoring.score_side``."""
    kinds = [kind for kind, count in _counts(quick.canastas) if count > 0]
    problems = _figure_problems(quick, melds_rules)
    problems += going_out_violations(kinds, packet, went_out, closing_discard, hand_rules, alone=alone)
    if problems:
        raise RuleViolations(problems)
    clean = quick.canastas.clean
    table_minus = hand_rules.table_minus_without_clean and quick.meld_points > 0 and not clean
    bonuses = sum(count * (kind_bonus(kind, melds_rules) or 0) for kind, count in _counts(quick.canastas))
    melded = -quick.meld_points if table_minus else quick.meld_points
    bonuses = 0 if table_minus else bonuses
    bonus_lost = ended_on_stock and hand_rules.no_going_out_bonus_on_stock_out
    going_out = hand_rules.going_out_bonus if went_out and not bonus_lost else 0
    flat = packet == "not_taken" or (packet == "taken_unplayed" and hand_rules.packet_taken_unplayed == "flat")
    packet_points = -hand_rules.packet_not_taken_penalty if flat else 0
    hand = -quick.hand_points
    total = melded + bonuses + going_out + packet_points + hand
    return FamilySideScore(melded, bonuses, going_out, packet_points, hand, total, table_minus)
