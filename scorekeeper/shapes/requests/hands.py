"""A hand as a request writes it: its sides in seat order, cutthroat partners, how it ended; to score
(nothing stored), to add to a game, or to replace one of its hands."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, ValidationError, ValidationInfo, ValidatorFunctionWrapHandler, field_validator

from ...engine.i18n import N_, Msg
from ..limits import LARGEST, MAX_SIDES
from ..problems import FieldProblem
from .fields import Closed, Options, RuleSetId, empty
from .sides import SideEntry

Partners = Annotated[
    Annotated[list[Annotated[int, Field(ge=0, le=MAX_SIDES - 1)]], Field(min_length=2, max_length=2)] | None,
    Field(description="Cutthroat: the two sides that played as partners this hand."),
]
HandEnd = Annotated[
    Literal["stock_out"] | None,
    Field(description="Burraco, Buraco, Burako: stock_out when the hand ended because the stock ran out."),
]


class HandBody(Closed):
    """A hand's sides, in seat order, and its cutthroat partners if any."""

    sides: Annotated[list[SideEntry], Field(max_length=MAX_SIDES)]
    partners: Partners = None
    end: HandEnd = None

    @field_validator("partners", mode="wrap")
    @classmethod
    def _two_sides_of_this_hand(
        cls, value: object, handler: ValidatorFunctionWrapHandler, info: ValidationInfo
    ) -> list[int] | None:
        sides: list[SideEntry] = info.data.get("sides", [])
        expected = FieldProblem(
            Msg(N_("partners must be two different side numbers from 0 to %(last)s."), {"last": len(sides) - 1})
        )
        try:
            pair: list[int] | None = handler(value)
        except ValidationError:
            raise expected from None
        if pair is None:
            return None
        first, second = pair
        if first == second or first >= len(sides) or second >= len(sides):
            raise expected
        if sides[first].is_quick != sides[second].is_quick:
            raise FieldProblem(Msg(N_("Partners record the same way: both quick entries, or both detailed.")))
        return pair

    def pair(self) -> tuple[int, int] | None:
        """The partners as the engine takes them."""
        return (self.partners[0], self.partners[1]) if self.partners else None


class ScoreRequest(HandBody):
    """``POST /api/v1/score``: one hand to score, nothing stored."""

    ruleset: RuleSetId
    options: Options = empty(dict)
    hand_number: Annotated[int, Field(ge=1, le=LARGEST)] | None = None


class NewHand(HandBody):
    """``POST /api/v1/games/{id}/hands``: the next hand; ``expected_hands`` is how many the client knows of."""

    expected_hands: Annotated[int, Field(ge=0, le=LARGEST)]
    sides: Annotated[list[SideEntry], Field(min_length=2, max_length=MAX_SIDES)]


class FixedHand(HandBody):
    """``PUT /api/v1/games/{id}/hands/{number}``: a hand replaced; ``version`` is the hand's version the client saw."""

    version: Annotated[int, Field(ge=0, le=LARGEST)]
    sides: Annotated[list[SideEntry], Field(min_length=2, max_length=MAX_SIDES)]
