"""The fields only some rule sets take, refused elsewhere with a 400 naming the field (a body of the
right shape for the wrong rule set), and the hand's number where the minimum goes by round."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.entries import SideEntry
from ..engine.i18n import N_, Msg
from ..engine.rulesets import RuleSet
from .problems import ShapeError


def require_the_round(ruleset: RuleSet, hand_number: int | None) -> None:
    """Where the first-meld minimum goes by round (Hand and Foot), a scoring request names the hand:
    without it the minimums would be guessed from the score (score-api.md: hand_number)."""
    if ruleset.min_by_round is not None and hand_number is None:
        raise ShapeError("hand_number", Msg(ROUND_NEEDED))


#: The sentence of a scoring request that needs its hand's number.
ROUND_NEEDED = N_(
    "Under these rules the minimum goes by round: give the hand's number in hand_number (1 for the first)."
)


def refuse_unused_fields(ruleset: RuleSet, sides: Sequence[SideEntry], field: str = "sides") -> None:
    """The fields only Samba uses (a SEQ meld, canastas.samba) or only Modern American (black_threes,
    hands), refused elsewhere: a 400 naming the field."""
    for index, side in enumerate(sides):
        if side.special_hand and not ruleset.special_hand_value(side.special_hand):
            raise ShapeError(
                f"{field}[{index}].special_hand",
                Msg(N_("These rules have no special hands (Modern American has them).")),
            )
    if not ruleset.mac_scoring:
        for index, side in enumerate(sides):
            if side.black_threes:
                raise ShapeError(
                    f"{field}[{index}].black_threes",
                    Msg(N_("Only Modern American lays black threes out as bonus cards.")),
                )
            if side.hands:
                raise ShapeError(
                    f"{field}[{index}].hands",
                    Msg(N_("Only Modern American counts each player's cards apart: give hand.")),
                )
    if ruleset.sequences:
        return
    for index, side in enumerate(sides):
        for position, meld in enumerate(side.melds):
            if meld.is_sequence:
                raise ShapeError(
                    f"{field}[{index}].melds[{position}].rank",
                    Msg(N_("This rule set has no melds in sequence; melds are of one rank.")),
                )
        if side.quick is not None and side.quick.canastas.samba:
            raise ShapeError(
                f"{field}[{index}].canastas.samba",
                Msg(N_("This rule set has no sambas (canastas in sequence).")),
            )
