"""The table's questions: may I take the pile?, is this meld legal?, may we go out?, our minimum?

Each ``decide_*`` answers yes or no with the rule that decides (an anchor in the reference)
and a sentence; ``can_*`` says yes or no; ``verify_*`` raises ``RuleViolations`` on a no.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..answers import Answer
from ..cards import NATURAL_RANKS, Card
from ..entries import CanastaCount, Meld
from ..errors import RuleViolation, RuleViolations
from ..game import initial_meld_minimum
from ..i18n import N_, Msg
from ..rulesets import RuleSet
from .deck import CARD_NAMES
from .melds import CanastaKind, canasta_kind, meld_facts, meld_value, meld_violations
from .scoring import canastas_for_going_out, may_go_out_with
from .validation import go_out_problem


def _verify(answer: Answer) -> None:
    if not answer.allowed:
        raise RuleViolations(list(answer.details) or [RuleViolation(answer.rule, answer.template, answer.params)])


# ---- the discard pile ------------------------------------------------------------------


@dataclass(frozen=True)
class PileQuestion:
    """What a player knows when eyeing the discard pile."""

    top_card: str
    pile_frozen: bool = False  # a wild card (or red three) was discarded or turned up in it
    black_three_in_pile: bool = False  # a black three was discarded into it since it was last taken
    side_has_melded: bool = False
    naturals_in_hand: int = 0  # natural cards of the top card's rank in the player's hand
    wilds_in_hand: int = 0  # wild cards the player could put with them
    meld_on_table: bool = False  # the side has a meld of the top card's rank
    meld_on_table_is_canasta: bool = False  # and it is a canasta already (asked where that matters: Samba)
    total: int = 0  # the side's score before this hand
    meld_points: int = 0  # card points of everything the player would meld now, top card included
    natural_canastas: int = 0  # canastas that first meld would make (they count only with
    mixed_canastas: int = 0  # Hoyle's canastas_count_for_minimum) [S003H]
    hand_number: int | None = None  # the round, where the minimum goes by round (Hand and Foot)


def decide_take_pile(question: PileQuestion, ruleset: RuleSet) -> Answer:
    """May this player take the discard pile? [P][S000][S001][S003H][S003A], K13, K14, K35."""
    top = question.top_card
    if top == Card.BLACK_THREE:
        if ruleset.black_three_freezes:
            return Answer(
                False, "pile_black_three", N_("A black three on top freezes the pile: nobody can take it now.")
            )
        return Answer(
            False, "pile_black_three", N_("A black three on top stops the next player: take from the stock this turn.")
        )
    if top in (Card.RED_THREE, Card.JOKER, Card.TWO):
        return Answer(
            False, "pile_wild_top", N_("Nobody can take the pile while a wild card or a red three is on top.")
        )
    if not question.side_has_melded and not ruleset.pile_before_first_meld:
        return Answer(
            False, "pile_before_first_meld", N_("In this rule set a side cannot take the pile before its first meld.")
        )
    # Where a black three freezes the pile, it stays frozen once covered, until a natural pair takes it [S003A]
    black_three = ruleset.black_three_freezes and question.black_three_in_pile
    frozen_for_all = question.pile_frozen or ruleset.pile_always_frozen or black_three
    frozen = frozen_for_all or not question.side_has_melded
    if frozen and question.naturals_in_hand < 2:
        if black_three and not (question.pile_frozen or ruleset.pile_always_frozen):
            reason = N_(
                "A black three in the pile keeps it frozen until it is taken: you need two natural %(rank)s in your"
                " hand; wild cards do not help."
            )
        elif frozen_for_all:
            reason = N_("The pile is frozen: you need two natural %(rank)s in your hand; wild cards do not help.")
        else:
            reason = N_(
                "The pile is frozen for your side until it has melded: you need two natural %(rank)s in your hand."
            )
        return Answer(False, "pile_frozen", reason, {"rank": _rank_name(top)})
    if not frozen:
        pair = question.naturals_in_hand >= 2
        natural_and_wild = (
            question.naturals_in_hand >= 1
            and question.wilds_in_hand >= 1
            and not ruleset.pile_natural_pair_only
            and _natural_and_wild_ok(ruleset)
        )
        joins = question.meld_on_table and (ruleset.pile_onto_canasta or not question.meld_on_table_is_canasta)
        if question.meld_on_table and not (joins or pair or natural_and_wild):
            return Answer(
                False,
                "pile_needs_match",
                N_("The top card may not join a finished canasta here: you need two natural %(rank)s in your hand."),
                {"rank": _rank_name(top)},
            )
        if not (joins or pair or natural_and_wild):
            return Answer(
                False,
                "pile_needs_match",
                N_("To take the pile the top card must join a meld of yours, or two matching cards from your hand."),
            )
    if not question.side_has_melded:
        minimum = initial_meld_minimum(question.total, ruleset, question.hand_number)
        top_value = ruleset.card_values[top]
        needed = minimum if ruleset.top_card_counts_for_minimum else minimum + top_value
        points = question.meld_points
        if ruleset.canastas_count_for_minimum:  # Hoyle's option: canasta bonuses count [S003H] K26
            points += question.natural_canastas * ruleset.natural_bonus + question.mixed_canastas * ruleset.mixed_bonus
        if points < needed:
            return Answer(
                False,
                "initial_meld_minimum",
                N_("Your side's first meld must be worth at least %(needed)s; these cards make %(points)s."),
                {"needed": needed, "points": points, "minimum": minimum},
            )
    return Answer(True, "pile_take", N_("Yes: meld the top card at once, then take the rest of the pile."))


def _natural_and_wild_ok(ruleset: RuleSet) -> bool:
    """Whether a meld of two naturals (with the top card) and one wild is legal here."""
    return not meld_violations(Meld(Card.KING.value, 2, 1, 0), ruleset, going_out=False)


def can_take_pile(question: PileQuestion, ruleset: RuleSet) -> bool:
    """Yes or no: may this player take the pile?"""
    return decide_take_pile(question, ruleset).allowed


def verify_take_pile(question: PileQuestion, ruleset: RuleSet) -> None:
    """Raise ``RuleViolations`` with the reason when the pile may not be taken."""
    _verify(decide_take_pile(question, ruleset))


# ---- a meld --------------------------------------------------------------------------------


def decide_meld(meld: Meld, ruleset: RuleSet, *, going_out: bool = False) -> Answer:
    """Is this meld legal, and is it a canasta (of which kind, worth what)?"""
    problems = meld_violations(meld, ruleset, going_out=going_out)
    if problems:
        return Answer(False, problems[0].rule, problems[0].template, problems[0].params, tuple(problems))
    kind = canasta_kind(meld, ruleset)
    points = meld_value(meld, ruleset)
    if kind is None:
        return Answer(
            True, "meld_ok", N_("Legal. Not a canasta yet; its cards are worth %(points)s."), {"points": points}
        )
    bonus = meld_facts(meld, ruleset, going_out=going_out).bonus
    templates = {
        CanastaKind.NATURAL: N_("Legal, and a natural canasta: %(bonus)s points plus its cards, %(points)s."),
        CanastaKind.MIXED: N_("Legal, and a mixed canasta: %(bonus)s points plus its cards, %(points)s."),
        CanastaKind.WILD: N_("Legal, and a wild-card canasta: %(bonus)s points plus its cards, %(points)s."),
        CanastaKind.SAMBA: N_("Legal, and a samba: %(bonus)s points plus its cards, %(points)s."),
    }
    return Answer(True, "canasta_kinds", templates[kind], {"bonus": bonus, "points": points})


def can_meld_now(meld: Meld, ruleset: RuleSet, *, going_out: bool = False) -> bool:
    """Yes or no: is this meld legal?"""
    return decide_meld(meld, ruleset, going_out=going_out).allowed


# ---- going out ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class GoOutQuestion:
    """A side about to go out: its canastas, the cards the player would still hold, concealed or not."""

    canastas: CanastaCount = field(default_factory=CanastaCount)
    cards_left: int = 0  # after melding everything possible: 0, or 1 to discard
    concealed: bool = False  # nothing melded before this turn
    special_hand: str = ""  # going out with one of the rule set's special hands (Modern American), if any


def decide_go_out(question: GoOutQuestion, ruleset: RuleSet) -> Answer:
    """May we go out? The canastas needed (K3, K25), the last card, and the bonus it earns (K5, K6)."""
    if question.cards_left > 1:
        return Answer(
            False,
            "go_out_cards_left",
            N_("Going out means melding every card, or all but one, which is the last discard."),
        )
    if question.special_hand:
        return _special_going_out(question, ruleset)
    if not may_go_out_with(question.canastas, ruleset):
        why = go_out_problem(canastas_for_going_out(question.canastas, ruleset), ruleset, None)
        return Answer(False, why.rule, why.template, why.params)
    bonus = ruleset.going_out_bonus(question.concealed)
    if question.concealed and ruleset.concealed_total is not None:
        return Answer(
            True,
            "going_out_concealed",
            N_("Yes, concealed: %(bonus)s points for going out, and no minimum is needed."),
            {"bonus": bonus},
        )
    return Answer(True, "going_out", N_("Yes: %(bonus)s points for going out."), {"bonus": bonus})


def _special_going_out(question: GoOutQuestion, ruleset: RuleSet) -> Answer:
    """Going out with a special hand (Modern American, D10): laid down at once as the side's only meld;
    it stands for the canastas, and scores its value and the going-out bonus."""
    value = ruleset.special_hand_value(question.special_hand)
    if not value:
        return Answer(False, "special_hand_after_melding", N_("These rules have no such special hand."))
    if not question.concealed:
        return Answer(
            False,
            "special_hand_after_melding",
            N_("A special hand is a side's only meld: a side that has melds on the table cannot go out with one."),
        )
    bonus = ruleset.going_out_bonus(concealed=False)  # as a hand with a special hand is recorded and scored (D10)
    return Answer(
        True,
        "special_hand_after_melding",
        N_("Yes, with the special hand: no canasta is needed. It scores %(value)s, and %(bonus)s for going out."),
        {"value": value, "bonus": bonus},
        figure=value + bonus,
    )


def can_go_out(question: GoOutQuestion, ruleset: RuleSet) -> bool:
    """Yes or no: may the side go out?"""
    return decide_go_out(question, ruleset).allowed


def verify_go_out(question: GoOutQuestion, ruleset: RuleSet) -> None:
    """Raise ``RuleViolations`` with the reason when the side may not go out."""
    _verify(decide_go_out(question, ruleset))


# ---- the minimum -------------------------------------------------------------------------------


def decide_minimum(total: int, ruleset: RuleSet, hand_number: int | None = None) -> Answer:
    """What is our minimum? The first meld of a hand must reach it (K15-K17); where it goes by round
    (Hand and Foot), the round decides it, whatever the score."""
    minimum = initial_meld_minimum(total, ruleset, hand_number)
    if ruleset.min_by_round is not None and hand_number is not None:
        template = N_("In round %(round)s the first meld must be worth at least %(minimum)s.")
        params: dict[str, object] = {"round": hand_number, "minimum": minimum}
    else:
        template = N_("With %(total)s points the first meld must be worth at least %(minimum)s.")
        params = {"total": total, "minimum": minimum}
    return Answer(True, "initial_meld_minimum", template, params, figure=minimum)


def _rank_name(rank: str) -> Msg:
    return CARD_NAMES.get(rank, Msg(rank))


#: Ranks a pile question may name as its top card.
TOP_CARDS: tuple[str, ...] = (*(c.value for c in NATURAL_RANKS), "3B", "3R", "JOKER", "2")
