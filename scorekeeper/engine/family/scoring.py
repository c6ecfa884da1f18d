"""The Canasta family's club games (Burraco, Buraco, Burako): one side's score for one hand.

A side scores its melded cards, its canastas' bonuses, its going out, its packet (pozzetto, morto,
muerto) and, minus, the cards its players still hold. Every difference between the games is a named
parameter of ``FamilyHand`` (rules/family.md §2 rows 15-22, §3 defaults and options, §4 rule sets;
source keys in brackets are family.md's §1, the K ids its §3 rows, the D ids docs/rule-choices.md's).
Only the side's own checks are made here; whether two sides both went out is for the caller.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..errors import RuleViolation, RuleViolations
from ..family_parameters import FamilyHand, FamilyMelds, Packet, WentOut
from ..i18n import N_
from .cards import FamilyCard, card_violation, named, parse_card
from .melds import FamilyCanasta, FamilyMeld

#: The canastas without a wild card: the ones a game needing a clean canasta accepts (D21).
CLEAN_CANASTAS = frozenset({FamilyCanasta.CLEAN, FamilyCanasta.ACE_TO_KING, FamilyCanasta.ACE_TO_ACE})


@dataclass(frozen=True)
class FamilySideScore:
    """A side's hand, item by item; every item is signed and ``total`` is their sum."""

    #: The melded cards' points: plus, or minus when the table counts minus (B-K3).
    melded: int
    #: The canastas' bonuses (0 when the table counts minus).
    canasta_bonuses: int
    #: The going-out bonus.
    going_out: int
    #: The packet's penalty (0 or minus).
    packet: int
    #: The cards the side's players hold, minus (with an unplayed packet's cards under ``"cards"``).
    hand: int
    total: int
    #: Whether the side's table counted minus for want of a clean canasta (B-K3).
    table_minus: bool = False


def _broken(rule: str, template: str, field: str, **params: object) -> RuleViolation:
    return RuleViolation(rule, template, params, field=field)


def _read_cards(texts: Sequence[str], field: str) -> tuple[list[FamilyCard], list[RuleViolation]]:
    problems = [
        RuleViolation(problem.rule, problem.template, problem.params, field=field)
        for text in texts
        if (problem := card_violation(text)) is not None
    ]
    return ([] if problems else [parse_card(text) for text in texts]), problems


def going_out_violations(
    kinds: Collection[FamilyCanasta],
    packet: Packet,
    went_out: WentOut,
    closing_discard: str | None,
    rules: FamilyHand,
    *,
    alone: bool = False,
) -> list[RuleViolation]:
    """Why the side may not have gone out the way it says, with the canastas of ``kinds`` on the table and
    ``closing_discard`` the card it wrote it discarded to go out (None: not written); empty when all is
    well (and when it did not go out and wrote no closing discard). ``alone``: the side is one player, who
    went out with no partner to hold a packet taken and not played (D27)."""
    problems: list[RuleViolation] = []
    discard: FamilyCard | None = None
    if closing_discard is not None:
        read, problems = _read_cards([closing_discard], "closing_discard")
        discard = read[0] if read else None
        if went_out != "discard":
            problems.append(
                _broken(
                    "family_closing_discard_without_going_out",
                    N_("A closing discard, %(card)s, is written only for a side that went out by discarding."),
                    "closing_discard",
                    card=named(closing_discard),
                )
            )
    if not went_out:
        return problems
    unplayed_allowed = rules.going_out_with_packet_unplayed and not alone
    if rules.going_out_needs_packet and (
        packet == "not_taken" or (packet == "taken_unplayed" and not unplayed_allowed)
    ):
        problems.append(
            _broken(
                "family_going_out_without_packet",
                N_("A side goes out only after taking its packet.")
                if unplayed_allowed
                else N_("A side goes out only after taking its packet and playing it."),
                "packet",
            )
        )
    if rules.going_out_needs_canasta == "any" and not kinds:
        problems.append(
            _broken("family_going_out_without_canasta", N_("A side goes out only with a canasta."), "went_out")
        )
    if rules.going_out_needs_canasta == "clean" and not CLEAN_CANASTAS.intersection(kinds):
        problems.append(
            _broken(
                "family_going_out_without_clean_canasta",
                N_("In this game a side goes out only with a clean canasta, one without a wild card."),
                "went_out",
            )
        )
    if went_out == "no_discard" and rules.going_out_with_discard == "required":
        problems.append(
            _broken(
                "family_going_out_without_discard",
                N_("In this game a side goes out only by discarding its last card, never by melding it."),
                "went_out",
            )
        )
    if went_out == "discard" and discard is not None and discard.may_be_wild and not rules.wild_closing_discard:
        problems.append(
            _broken(
                "family_going_out_on_a_wild_discard",
                N_("In this game a side never goes out by discarding a wild card: %(card)s."),
                "closing_discard",
                card=named(str(discard)),
            )
        )
    return problems


def score_side(
    melds: Sequence[FamilyMeld],
    hand_cards: Sequence[str],
    *,
    packet: Packet,
    went_out: WentOut,
    closing_discard: str | None,
    ended_on_stock: bool,
    melds_rules: FamilyMelds,
    hand_rules: FamilyHand,
    alone: bool = False,
) -> FamilySideScore:
    """One side's score for a hand of the family; raise ``RuleViolations`` with every rule broken.

    ``melds`` are the side's melds as ``meld_of`` read them; ``hand_cards`` every card its players still
    hold, in rank-and-suit notation. A packet taken and not played (``"taken_unplayed"``) under the rule
    ``"cards"`` (Burraco) is counted through ``hand_cards``: the table gives the packet's cards among
    the held ones, and nothing more is taken off (D22). ``closing_discard`` is the card discarded to go
    out, when the table wrote it (it may be left out); it is given only with ``went_out == "discard"``.
    ``ended_on_stock``: the hand ended because the stock ran out. ``alone``: the side is one player.
    """
    held, problems = _read_cards(hand_cards, "hand")
    if not melds_rules.jokers and any(card.is_joker for card in held):
        problems.append(
            _broken(
                "family_no_jokers",
                N_("This game is played without jokers: %(cards)s."),
                "hand",
                cards=named(*hand_cards),
            )
        )
    kinds = [meld.canasta for meld in melds if meld.canasta is not None]
    problems += going_out_violations(kinds, packet, went_out, closing_discard, hand_rules, alone=alone)
    if problems:
        raise RuleViolations(problems)

    table_minus = (
        hand_rules.table_minus_without_clean
        and bool(melds)
        and not any(meld.canasta in CLEAN_CANASTAS for meld in melds)
    )
    melded = sum(meld.points for meld in melds)
    melded = -melded if table_minus else melded
    bonuses = 0 if table_minus else sum(meld.bonus for meld in melds)
    bonus_lost = ended_on_stock and hand_rules.no_going_out_bonus_on_stock_out
    going_out = hand_rules.going_out_bonus if went_out and not bonus_lost else 0
    flat = packet == "not_taken" or (packet == "taken_unplayed" and hand_rules.packet_taken_unplayed == "flat")
    packet_points = -hand_rules.packet_not_taken_penalty if flat else 0
    hand = -sum(melds_rules.card_values[card.rank] for card in held)
    total = melded + bonuses + going_out + packet_points + hand
    return FamilySideScore(melded, bonuses, going_out, packet_points, hand, total, table_minus)
