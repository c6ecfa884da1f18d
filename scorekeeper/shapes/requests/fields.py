"""The field types every request body is made of: numbers and counts within a card table's bounds, names
and notes a database can keep, cards as written, a rule set's id, house rules, and the closed JSON object
each body is."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from ...engine import RULESETS
from ...engine.cards import HAND_KEYS
from ...engine.entries import FAMILY_THREE
from ...engine.option_values import PARAMETERS
from ...engine.rulesets import TiePolicy
from ..limits import LARGEST, NOTE, PLAYER_NAME, SIDE_NAME
from ..problems import OneOf, Storable

Whole = Annotated[int, Field(ge=-LARGEST, le=LARGEST)]
#: A count of cards or canastas: below zero is well formed JSON that breaks a rule (the engine's 422 negative_count).
Count = Whole
PlayerName = Annotated[str, Field(max_length=PLAYER_NAME), Storable()]
SideName = Annotated[str, Field(max_length=SIDE_NAME), Storable()]
Note = Annotated[
    str,
    Field(max_length=NOTE, description="A short note kept with the game: where, what was at stake."),
    Storable(),
]
#: Cards held by rank: Canasta's keys, and a plain 3 for the family's games (whose threes are ordinary cards).
CardsHeld = dict[Annotated[str, OneOf((*HAND_KEYS, FAMILY_THREE), any_case=True)], Count]
RuleSetId = Annotated[str, Field(min_length=1), WithJsonSchema({"type": "string", "enum": list(RULESETS)})]
Options = Annotated[
    dict[str, Any],
    WithJsonSchema(
        {
            "type": "object",
            "propertyNames": {"enum": sorted(PARAMETERS)},
            "properties": {
                "tie_policy": {
                    "type": "string",
                    "enum": [policy.value for policy in TiePolicy],
                    "description": "A tie at the top when the game would end: play_on (another hand), draw, or"
                    " went_out (the tied side that went out in that hand wins; if none did, another hand).",
                }
            },
            "description": "House rules by parameter name; a value the engine refuses is a 400 naming options.<name>.",
        }
    ),
]
#: At most this many players hold cards on one side (six players in two teams of three).
MOST_PLAYERS_A_SIDE = 3


def empty(kind: type[list[Any]] | type[dict[str, Any]]) -> Any:
    """An empty list or object as a field's default, made afresh for each body: a default written as ``[]``
    is deep-copied by pydantic for every body that leaves the field out, which cost a third of reading a
    hand. The JSON Schema still shows the default."""
    return Field(default_factory=kind, json_schema_extra={"default": kind()})


class Closed(BaseModel):
    """A JSON object with exactly these fields, of exactly these types (no "2" for 2, no true for 1)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


#: A card in rank-and-suit notation, as the family's melds and held cards are written ("10H", "JK").
CardText = Annotated[
    str,
    Field(max_length=4, description='A card: its rank (A, 2-10, J, Q, K) and suit (S, H, D, C), or "JK" for a joker.'),
]
