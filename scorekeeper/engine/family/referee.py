"""The table's questions in a game of the Canasta family (Burraco, Buraco, Burako): may we go out?, may we
take the discard pile?, is this meld legal?, what is our minimum?

Each ``decide_family_*`` answers as Canasta's referee does (``answers.Answer``: yes or no, the deciding rule,
a sentence); the rules are the family's own, read from the rule set's ``family_melds`` and ``family_hand``
(rules/family.md §2 rows 16-17, §3 and §4; source keys in brackets are family.md's §1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..answers import Answer
from ..family_parameters import FamilyHand, FamilyMelds, Packet, WentOut
from ..i18n import N_, Msg
from ..rulesets import RuleSet
from .melds import FamilyCanasta, meld_of, meld_violations
from .scoring import going_out_violations

#: The card a question stands for when it says the last discard is a wild card (a joker or a two: the
#: verdict is the same), and when it says it is not; the answer names the wild card as the question did.
WILD_DISCARD = "2S"
PLAIN_DISCARD = "5S"
WILD_DISCARD_NAME = Msg(N_("a joker or a two"))


def _family(ruleset: RuleSet) -> tuple[FamilyMelds, FamilyHand]:
    if ruleset.family_melds is None or ruleset.family_hand is None:
        raise ValueError(f"{ruleset.id} is not a game of the Canasta family")
    return ruleset.family_melds, ruleset.family_hand


# ---- going out -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FamilyGoOutQuestion:
    """A side about to go out: its packet, its canastas, and how its last card would leave the hand."""

    packet: Packet = "not_taken"
    clean_canastas: int = 0  # without a wild card (ace to king and ace to ace among them)
    other_canastas: int = 0  # with a wild card: dirty, semi-clean, of wild cards
    went_out: WentOut = "discard"  # by discarding the last card, or by melding it ("no_discard")
    wild_discard: bool = False  # the card discarded to go out is a joker or a two


#: A yes with the packet taken and not yet played (D27), and what that packet costs (D22).
UNPLAYED_HELD = N_(
    "Yes, your side may go out: %(bonus)s points for it. The %(packet)s not yet played counts against the side:"
    " its cards as cards held."
)
UNPLAYED_FLAT = N_(
    "Yes, your side may go out: %(bonus)s points for it, less %(penalty)s for the %(packet)s not yet played."
)


def decide_family_go_out(question: FamilyGoOutQuestion, ruleset: RuleSet) -> Answer:
    """May we go out? The packet taken [EBCH][IU][ACA3] and played, unless the game lets a partner still hold
    it unplayed (Burraco, D27; never a player alone), a canasta of the kind the game asks (any, clean, none)
    [EBCH][EB31][PTW], a discard where the game asks one and never a wild one where it forbids it [EB31]
    (``scoring.going_out_violations``); a yes with the packet not yet played says what it costs (D22)."""
    _, hand = _family(ruleset)
    kinds = [FamilyCanasta.CLEAN] * min(question.clean_canastas, 1)
    kinds += [FamilyCanasta.DIRTY] * min(question.other_canastas, 1)
    discard = None
    if question.went_out == "discard":
        discard = WILD_DISCARD if question.wild_discard else PLAIN_DISCARD
    problems = [
        replace(problem, params={**problem.params, "card": WILD_DISCARD_NAME}) if "card" in problem.params else problem
        for problem in going_out_violations(
            kinds, question.packet, question.went_out, discard, hand, alone=ruleset.individual
        )
    ]
    if problems:
        first = problems[0]
        return Answer(False, first.rule, first.template, first.params, tuple(problems))
    bonus = {"bonus": hand.going_out_bonus}
    if question.packet != "taken_unplayed":
        return Answer(True, "family_going_out", N_("Yes, your side may go out: %(bonus)s points for it."), bonus)
    named = {**bonus, "packet": Msg(hand.packet_name)}  # the game's own word: pozzetto, morto, muerto
    if hand.packet_taken_unplayed == "cards":
        return Answer(True, "family_going_out", UNPLAYED_HELD, named)
    return Answer(True, "family_going_out", UNPLAYED_FLAT, {**named, "penalty": hand.packet_not_taken_penalty})


# ---- the discard pile ------------------------------------------------------------------------------


def decide_family_take_pile(ruleset: RuleSet) -> Answer:
    """May I take the discard pile? On one's turn, always, and the whole of it: the family's games have no
    frozen pile, no first-meld minimum and no card that bars it [CPO][BP][ACA2] (family.md is silent on any
    condition; FIBur's international code alone asks that one of its cards be melded at once, EB art. 8)."""
    _family(ruleset)
    return Answer(
        True,
        "family_pile_take",
        N_(
            "Yes, on your turn, instead of drawing from the stock: this game takes the discard pile whole, with "
            "no condition. Nothing freezes it, and no meld or minimum is needed to take it."
        ),
    )


# ---- a meld ----------------------------------------------------------------------------------------

_CANASTA_TEMPLATES = {
    FamilyCanasta.CLEAN: N_("Legal, and a clean canasta: %(bonus)s points plus its cards, %(points)s."),
    FamilyCanasta.SEMI: N_("Legal, and a semi-clean canasta: %(bonus)s points plus its cards, %(points)s."),
    FamilyCanasta.DIRTY: N_("Legal, and a dirty canasta: %(bonus)s points plus its cards, %(points)s."),
    FamilyCanasta.ACE_TO_KING: N_(
        "Legal, and a clean canasta from ace to king: %(bonus)s points plus its cards, %(points)s."
    ),
    FamilyCanasta.ACE_TO_ACE: N_(
        "Legal, and a clean canasta from ace to ace: %(bonus)s points plus its cards, %(points)s."
    ),
    FamilyCanasta.WILD: N_("Legal, and a canasta of wild cards: %(bonus)s points plus its cards, %(points)s."),
}

#: The same where the game's tables call a canasta a burraco (``FamilyMelds.canasta_word``): pulito, semipulito,
#: sporco (a kind the game has not keeps the canasta's sentence).
_BURRACO_TEMPLATES = {
    FamilyCanasta.CLEAN: N_("Legal, and a clean burraco: %(bonus)s points plus its cards, %(points)s."),
    FamilyCanasta.SEMI: N_("Legal, and a semi-clean burraco: %(bonus)s points plus its cards, %(points)s."),
    FamilyCanasta.DIRTY: N_("Legal, and a dirty burraco: %(bonus)s points plus its cards, %(points)s."),
}


def decide_family_meld(cards: Sequence[str], ruleset: RuleSet) -> Answer:
    """Is this meld legal, and is it a canasta (of which kind, worth what)? Cards in rank-and-suit
    notation, a run low to high with its wild card in the place it stands for (``family_melds``)."""
    melds, _ = _family(ruleset)
    problems = meld_violations(cards, melds)
    if problems:
        first = problems[0]
        return Answer(False, first.rule, first.template, first.params, tuple(problems))
    meld = meld_of(cards, melds)
    if meld.canasta is None:
        return Answer(
            True,
            "family_meld_ok",
            N_("Legal. Not a canasta yet; its cards are worth %(points)s."),
            {"points": meld.points},
        )
    return Answer(
        True,
        "family_canastas",
        _BURRACO_TEMPLATES.get(meld.canasta, _CANASTA_TEMPLATES[meld.canasta])
        if melds.canasta_word == "burraco"
        else _CANASTA_TEMPLATES[meld.canasta],
        {"bonus": meld.bonus, "points": meld.points},
    )


# ---- the minimum -----------------------------------------------------------------------------------


def decide_family_minimum(ruleset: RuleSet) -> Answer:
    """What is our minimum? None: a side of the family melds whatever legal meld it holds, from its first
    turn, whatever its score (family.md §2; ``RuleSet.meld_minimum`` is False)."""
    _family(ruleset)
    return Answer(
        True,
        "family_no_minimum",
        N_(
            "This game has no minimum for the first meld: any legal meld may be laid down on any turn, whatever "
            "the score."
        ),
        figure=0,
    )
