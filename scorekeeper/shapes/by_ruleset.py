"""The fields only some rule sets take, refused elsewhere with a 400 naming the field (a body of the
right shape for the wrong rule set), and the hand's number where the minimum goes by round."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.entries import SideEntry
from ..engine.i18n import N_, Msg
from ..engine.rulesets import RuleSet
from . import requests
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


def side_entries(
    ruleset: RuleSet,
    sides: Sequence[requests.SideEntry],
    default_name: Callable[[int], str] | None = None,
    field: str = "sides",
) -> tuple[SideEntry, ...]:
    """The engine's entries for the rule set's kind of game; a field only the other kind reads (a packet or
    a meld's cards in Canasta; red threes or a concealed going out in Burraco) is a 400 naming it."""
    family = ruleset.family_melds is not None
    for index, side in enumerate(sides):
        other = side.canasta_only() if family else side.family_only()
        if other is not None:
            where = f"{field}[{index}].{other}"
            sentence = CANASTA_FIELD if family else (HAND_AS_CARDS if other == "hand" else FAMILY_FIELD)
            raise ShapeError(where, Msg(sentence, {"field": where}))
    entries = tuple(
        (side.family_entry if family else side.entry)(default_name(number) if default_name else "")
        for number, side in enumerate(sides, 1)
    )
    if not family:
        refuse_unused_fields(ruleset, entries, field)
    return entries


#: The sentences for a field of the other kind of game: one of the family's sent for a game of Canasta,
#: cards held as a list in Canasta, one of Canasta's sent for a game of the family.
FAMILY_FIELD = N_(
    "%(field)s is for Burraco, Buraco and Burako only (a meld's cards, its claim, the packet, how a side went out)."
)
HAND_AS_CARDS = N_("%(field)s must be an object of cards by rank; a list of cards is for Burraco, Buraco and Burako.")
CANASTA_FIELD = N_("%(field)s is Canasta's; Burraco, Buraco and Burako have no such thing.")
