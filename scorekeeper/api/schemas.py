"""The component schemas of the API's OpenAPI 3.1 document (openapi.py puts them together with the paths).

The shapes say what JSON is well formed; whether a hand keeps the rules of Canasta is the engine's to say.
"""

from __future__ import annotations

from typing import Any

from ..engine import RULESETS
from ..engine.cards import HAND_KEYS, MELD_RANKS, SEQUENCE_ORDER, SEQUENCE_RANK
from ..engine.entries import POINT_CLASSES
from ..engine.options import PARAMETERS
from ..engine.rulesets import TiePolicy
from ..shapes.limits import LARGEST, MAX_ITEMS, MAX_SIDES, PLAYER_NAME, REASON, SIDE_NAME

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    """A reference to a component schema."""
    return {"$ref": f"#/components/schemas/{name}"}


def whole(low: int = -LARGEST, high: int = LARGEST) -> Schema:
    """A whole number within the API's bounds."""
    return {"type": "integer", "minimum": low, "maximum": high}


def text(longest: int) -> Schema:
    """A text that fits its column (control characters are refused with a 400 naming the field)."""
    return {"type": "string", "maxLength": longest}


def closed(properties: Schema, required: tuple[str, ...] = ()) -> Schema:
    """An object with exactly these fields (unknown fields are refused)."""
    shape: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        shape["required"] = list(required)
    return shape


def json_content(schema: Schema, description: str) -> Schema:
    """A response with a JSON body."""
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def json_body(schema_name: str) -> Schema:
    """A required JSON request body of a component schema."""
    return {"required": True, "content": {"application/json": {"schema": ref(schema_name)}}}


def error(description: str) -> Schema:
    """An error answer in the API's shape."""
    return json_content(ref("Error"), description)


COUNT = whole(0, LARGEST)
MELD = closed(
    {
        "rank": {"type": "string", "enum": [*MELD_RANKS, SEQUENCE_RANK]},
        "naturals": COUNT,
        "jokers": COUNT,
        "twos": COUNT,
        "cards": {
            "type": "array",
            "items": {"type": "string", "enum": list(SEQUENCE_ORDER)},
            "maxItems": len(SEQUENCE_ORDER),
            "description": "A sequence's ranks in order (rank SEQ, Samba only).",
        },
    }
)
PENALTY = closed({"points": whole(), "reason": text(REASON)}, ("points",))
SIDE_ENTRY = closed(
    {
        "name": text(PLAYER_NAME),
        "total_before": whole(),
        "melds": {"type": "array", "items": ref("Meld"), "maxItems": MAX_ITEMS},
        "red_threes": COUNT,
        "went_out": {"type": "boolean"},
        "concealed": {"type": "boolean"},
        "hand": closed(dict.fromkeys(HAND_KEYS, COUNT)),
        "hands": {
            "type": "array",
            "items": closed(dict.fromkeys(HAND_KEYS, COUNT)),
            "maxItems": 3,
            "description": "Modern American only: each player's cards held, in place of hand.",
        },
        "black_threes": {**COUNT, "description": "Modern American only: black threes laid out as bonus cards."},
        "hand_by_value": closed({str(points): COUNT for points in POINT_CLASSES}),
        "penalties": {
            "oneOf": [whole(), {"type": "array", "items": ref("Penalty"), "maxItems": MAX_ITEMS}],
            "description": "Points (a number), or a list of {points, reason}.",
        },
        "meld_points": whole(),
        "canastas": closed({"natural": COUNT, "mixed": COUNT, "wild": COUNT, "samba": COUNT}),
        "hand_points": whole(),
        "four_black_threes": {
            "type": "boolean",
            "description": "Quick entry: the side went out with four black threes melded (a bonus where paid).",
        },
    }
)
OPTIONS: Schema = {
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
BREAKDOWN = closed(
    {
        name: {"type": "integer"}
        for name in (
            "meld_points",
            "canasta_bonus",
            "red_three_bonus",
            "going_out_bonus",
            "special_bonus",
            "hand_points",
            "penalties",
        )
    }
)
CANASTAS = closed(
    {
        "natural": {"type": "integer"},
        "mixed": {"type": "integer"},
        "wild": {"type": "integer"},
        "samba": {"type": "integer", "description": "Samba only, when the side has any."},
    }
)
SIDE_SCORE = closed(
    {
        "name": {"type": "string"},
        "hand_score": {"type": "integer"},
        "breakdown": ref("Breakdown"),
        "canastas": ref("Canastas"),
        "total_after": {"type": "integer"},
        "next_minimum": {"type": ["integer", "null"]},  # null after the last round of a game of fixed hands
    },
    ("name", "hand_score", "breakdown", "canastas", "total_after", "next_minimum"),
)
VIOLATION = closed(
    {
        "side": {"type": ["integer", "null"]},
        "field": {"type": ["string", "null"]},
        "rule": {"type": "string"},
        "message": {"type": "string"},
        "help": {"type": "string"},
    },
    ("side", "field", "rule", "message", "help"),
)
ERROR: Schema = {
    "type": "object",
    "properties": {
        "error": {"type": "string"},
        "message": {"type": "string"},
        "field": {"type": "string", "description": "The field at fault, for a malformed body."},
        "hand_number": {"type": ["integer", "null"]},
        "saved": {"oneOf": [{"type": "null"}, ref("HandRecord")]},
    },
    "required": ["error", "message"],
}
RULESET = closed(
    {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "description": {"type": "string"},
        "players": {"type": "array", "items": {"type": "integer"}},
        "individual": {"type": "boolean"},
        "sides": {"type": "array", "items": {"type": "integer"}},
        "sources": {"type": "array", "items": {"type": "string"}},
        "options": {"type": "array", "items": {"type": "string"}},
        "variants": {"type": "object", "additionalProperties": {"type": "object"}},
        "parameters": {"type": "object"},
    },
    ("id", "name", "description", "players", "individual", "sides", "options", "variants", "parameters"),
)
RECORD_SIDES = {"type": "array", "items": ref("SideEntry"), "minItems": 2, "maxItems": MAX_SIDES}
PARTNERS = {"type": ["array", "null"], "items": whole(0, MAX_SIDES - 1), "minItems": 2, "maxItems": 2}
HAND_RECORD = {
    "type": "object",
    "properties": {"partners": PARTNERS, "sides": {"type": "array", "items": {"type": "object"}}},
    "required": ["partners", "sides"],
}
GAME_HAND = closed(
    {
        "number": {"type": "integer"},
        "version": {"type": "integer"},
        "dealer": {"type": "string"},
        "partners": PARTNERS,
        "entries": {"type": "array", "items": {"type": "object"}},
        "sides": {"type": "array", "items": ref("SideScore")},
        "counted": {
            "type": "boolean",
            "description": "False for a hand played after the hand that ended the game: left out of the totals.",
        },
    },
    ("number", "version", "dealer", "partners", "entries", "sides", "counted"),
)
STARTING_TOTALS = {
    "type": "array",
    "items": {"type": "integer", "multipleOf": 5},
    "description": "Each side's total carried over from a paper sheet; the first hand's minimums follow from it.",
}
ENTRY_MODE = {
    "type": "string",
    "enum": ["detailed", "quick"],
    "description": "How the hand form starts the first hand: card by card (detailed) or the paper sheet's totals.",
}
GAME = closed(
    {
        "id": {"type": "string"},
        "ruleset": {"type": "string"},
        "options": {"type": "object"},
        "version": {"type": "integer"},
        "first_dealer": {"type": "integer"},
        "entry_mode": ENTRY_MODE,
        "starting_totals": STARTING_TOTALS,
        "sides": {
            "type": "array",
            "items": closed(
                {"name": {"type": "string"}, "players": {"type": "array", "items": {"type": "string"}}},
                ("name", "players"),
            ),
        },
        "links": {"type": "object", "additionalProperties": {"type": "string"}},
        "hands": {"type": "array", "items": ref("GameHand")},
        "totals": {"type": "array", "items": {"type": "integer"}},
        "next_hand": {"type": "integer"},
        "next_dealer": {"type": "string"},
        "next_minimums": {"type": "array", "items": {"type": ["integer", "null"]}},
        "to_target": {"type": "array", "items": {"type": ["integer", "null"]}},
        "game_over": {"type": "boolean"},
        "winner": {"type": ["string", "null"]},
        "edit_token": {"type": "string", "description": "Only in the answer that creates the game."},
    },
    ("id", "ruleset", "options", "version", "sides", "links", "hands", "totals", "game_over", "winner"),
)
NEW_GAME = closed(
    {
        "ruleset": {"type": "string", "enum": list(RULESETS)},
        "sides": {
            "type": "array",
            "minItems": 2,
            "maxItems": 6,
            "items": closed(
                {
                    "name": text(SIDE_NAME),
                    "players": {"type": "array", "items": text(PLAYER_NAME), "minItems": 1, "maxItems": 3},
                },
                ("players",),
            ),
        },
        "options": OPTIONS,
        "first_dealer": whole(0, 5),
        "entry_mode": ENTRY_MODE,
        "starting_totals": STARTING_TOTALS,
    },
    ("ruleset", "sides"),
)

RULESET_ID = {"name": "ruleset_id", "in": "path", "required": True, "schema": {"type": "string"}}
GAME_ID = {"name": "public_id", "in": "path", "required": True, "schema": {"type": "string"}}
IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "A key of the client's choosing: the same request sent again with it saves nothing twice.",
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}
HAND_NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}}
EDIT_TOKEN: list[dict[str, list[str]]] = [{"editToken": []}]
REFUSED = {
    "400": error("A malformed body, an unknown rule set, or an option refused: `field` names it."),
    "413": error("The body is larger than any hand needs."),
    "415": error("The body was not sent as JSON."),
    "429": error("Too many requests from this address."),
}
CHANGE_REFUSED = {
    **REFUSED,
    "401": error("No edit token."),
    "403": error("The edit token is not this game's."),
    "404": error("No such game (or hand)."),
    "409": error("Someone changed the game first (the saved hand is in `saved`), or the game is over."),
    "422": json_content(ref("Violations"), "The hand breaks the rules: every rule broken, with its id."),
    "503": error("The database cannot take writes right now; nothing was saved."),
}
GAME_LINKS = {
    "ReadGame": {"operationId": "readGame", "parameters": {"public_id": "$response.body#/id"}},
    "AddHand": {"operationId": "addHand", "parameters": {"public_id": "$response.body#/id"}},
}
