"""A new game as a request writes it: the rule set, the sides and their players, the house rules, who
deals first, totals carried over from a paper sheet, and who records the hands."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...engine.i18n import N_, Msg
from ..limits import LARGEST
from ..problems import OneOf, Told
from .fields import MOST_PLAYERS_A_SIDE, Closed, Note, Options, PlayerName, RuleSetId, SideName, empty

EntryMode = Annotated[
    str,
    OneOf(("detailed", "quick")),
    Field(description="How the hand form starts the first hand: card by card (detailed) or the paper sheet's totals."),
]
StartingTotals = Annotated[
    list[Annotated[int, Field(json_schema_extra={"multipleOf": 5, "minimum": -LARGEST, "maximum": LARGEST})]] | None,
    Told(Msg(N_("starting_totals must be a list of whole numbers, one per side."))),
    Field(description="Each side's total carried over from a paper sheet; the first hand's minimums follow from it."),
]
Recording = Annotated[
    str,
    OneOf(("one", "halves")),
    Field(
        description="Who records the hands: one recorder (one), or each side its own half from its own link (halves)."
    ),
]


class NewSide(Closed):
    """A side of a new game: its players clockwise, and a name if not theirs joined."""

    name: SideName = ""
    players: Annotated[list[PlayerName], Field(min_length=1, max_length=MOST_PLAYERS_A_SIDE)]


class NewGame(Closed):
    """``POST /api/v1/games``: the rule set, the sides, the house rules, who deals first."""

    ruleset: RuleSetId
    sides: Annotated[list[NewSide], Field(min_length=2, max_length=6)]
    options: Options = empty(dict)
    first_dealer: Annotated[int, Field(ge=0, le=5)] = 0
    entry_mode: EntryMode = "detailed"
    starting_totals: StartingTotals = None
    note: Note = ""
    recording: Recording = "one"
