"""Each side its own half of a hand: how a game is recorded, a side's half, and its word on the others'."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ...engine.i18n import N_, Msg
from ..limits import LARGEST, MAX_SIDES, NOTE
from ..problems import FieldProblem, Storable
from .fields import Closed
from .hands import HandEnd, Partners
from .new_game import Recording
from .sides import SideEntry


class RecordingChoice(Closed):
    """``PUT /api/v1/games/{id}/recording``: how the game's hands are recorded from now on."""

    recording: Recording


class HalfBody(Closed):
    """``PUT /api/v1/games/{id}/hands/{number}/halves/{side}``: a side's half of a hand, sent with that side's
    token; ``version`` is the half's version the client saw (0: none yet)."""

    entry: SideEntry
    partners: Partners = None
    version: Annotated[int, Field(ge=0, le=LARGEST)]
    end: HandEnd = None


class WordBody(Closed):
    """``POST /api/v1/games/{id}/hands/{number}/words/{side}``: a side's word on a hand made of halves, sent
    with that side's token: agreed, or not right about one other side's half (``half_of``), with a remark."""

    agreed: bool
    version: Annotated[int, Field(ge=0, le=LARGEST, description="The hand's version the side was shown.")]
    half_of: Annotated[int, Field(ge=0, le=MAX_SIDES - 1)] | None = None
    remark: Annotated[str, Field(max_length=NOTE), Storable()] = ""

    @model_validator(mode="after")
    def _whose_half(self) -> WordBody:
        if not self.agreed and self.half_of is None:
            raise FieldProblem(Msg(N_("%(field)s must say which other side's half is not right.")), ("half_of",))
        return self
