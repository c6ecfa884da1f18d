"""The Canasta family's canasta claims: what a table wrote beside a meld, checked against its cards."""

from __future__ import annotations

from ..errors import RuleViolation, RuleViolations
from ..i18n import N_, Msg
from .cards import named
from .melds import FamilyCanasta, FamilyMeld

#: What a table may write beside a canasta: its kind, or the bonus of a special one.
CLAIMS: tuple[str, ...] = ("clean", "dirty", "semi", "500", "1000", "wild")

#: How a refusal names what the cards make.
CANASTA_NAMES: dict[FamilyCanasta | None, Msg] = {
    FamilyCanasta.CLEAN: Msg(N_("a clean canasta")),
    FamilyCanasta.SEMI: Msg(N_("a semi-clean canasta")),
    FamilyCanasta.DIRTY: Msg(N_("a dirty canasta")),
    FamilyCanasta.ACE_TO_KING: Msg(N_("a clean canasta from ace to king")),
    FamilyCanasta.ACE_TO_ACE: Msg(N_("a clean canasta from ace to ace")),
    FamilyCanasta.WILD: Msg(N_("a canasta of wild cards")),
    None: Msg(N_("no canasta yet")),
}

_SPECIAL = (FamilyCanasta.ACE_TO_KING, FamilyCanasta.ACE_TO_ACE, FamilyCanasta.WILD)


def claim_violation(meld: FamilyMeld, claim: str) -> RuleViolation | None:
    """Why the table's written ``claim`` does not match the meld's cards, or None when it does. A kind
    names the canasta exactly (a clean claim for a 500 canasta undervalues it); "500" and "1000" name
    a special canasta (ace to king, ace to ace, wild cards) of that bonus."""
    if claim not in CLAIMS and not claim.isdigit():
        return RuleViolation(
            "family_claim_unknown",
            N_("%(claim)s is not a kind of canasta: write clean, dirty, semi, 500, 1000 or wild."),
            {"claim": claim},
        )
    if claim.isdigit():  # a special canasta named by its bonus (500, 1000, or a house rule's, e.g. 300)
        supported = meld.canasta in _SPECIAL and meld.bonus == int(claim)
    else:
        supported = meld.canasta is not None and meld.canasta.value == claim
    if supported:
        return None
    return RuleViolation(
        "family_claim_unsupported",
        N_("The table wrote %(claim)s for %(cards)s, but these cards make %(made)s."),
        {"claim": claim, "cards": named(*meld.cards), "made": CANASTA_NAMES[meld.canasta]},
    )


def check_claim(meld: FamilyMeld, claim: str) -> None:
    """Raise ``RuleViolations`` when the table's written claim is not what the meld's cards make."""
    problem = claim_violation(meld, claim)
    if problem is not None:
        raise RuleViolations([problem])
