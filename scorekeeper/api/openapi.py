"""The API's OpenAPI 3.1 document (served at /api/v1/openapi.json).

Kept by hand beside the routes; tests/test_openapi.py checks it against real answers and
schemathesis fuzzes the API from it. The shapes say what JSON is well formed; whether a
hand keeps the rules of Canasta is the engine's to say (422, every rule broken), and option
values the engine refuses are a 400 naming the option.
"""

from __future__ import annotations

from flask import Response, jsonify

from ..engine import RULESETS
from ..shapes.limits import MAX_SIDES
from . import bp
from .schemas import (
    BREAKDOWN,
    CANASTAS,
    CHANGE_REFUSED,
    EDIT_TOKEN,
    ERROR,
    GAME,
    GAME_HAND,
    GAME_ID,
    GAME_LINKS,
    HAND_NUMBER,
    HAND_RECORD,
    IDEMPOTENCY_KEY,
    MELD,
    NEW_GAME,
    OPTIONS,
    PARTNERS,
    PENALTY,
    RECORD_SIDES,
    REFUSED,
    RULESET,
    RULESET_ID,
    SIDE_ENTRY,
    SIDE_SCORE,
    VIOLATION,
    Schema,
    closed,
    error,
    json_body,
    json_content,
    ref,
    whole,
)


def document() -> Schema:
    """The whole OpenAPI document."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Scorekeeper API",
            "version": "1",
            "description": "Canasta scoring and whole games. Languages: Accept-Language es or en.",
        },
        "servers": [{"url": "/api/v1"}],
        "paths": {
            "/rulesets": {
                "get": {
                    "operationId": "listRulesets",
                    "summary": "Every rule set, with its options, variants and parameters.",
                    "responses": {
                        "200": json_content(
                            closed({"rulesets": {"type": "array", "items": ref("Ruleset")}}, ("rulesets",)),
                            "The rule sets.",
                        ),
                        "429": REFUSED["429"],
                    },
                }
            },
            "/rulesets/{ruleset_id}": {
                "get": {
                    "operationId": "readRuleset",
                    "summary": "One rule set.",
                    "parameters": [RULESET_ID],
                    "responses": {
                        "200": json_content(ref("Ruleset"), "The rule set."),
                        "404": error("No rule set with that id."),
                        "429": REFUSED["429"],
                    },
                }
            },
            "/score": {
                "post": {
                    "operationId": "scoreHand",
                    "summary": "Score one hand; nothing is stored.",
                    "requestBody": json_body("ScoreRequest"),
                    "responses": {
                        "200": json_content(ref("ScoreResult"), "Each side's score, item by item."),
                        "422": json_content(ref("Violations"), "The hand breaks the rules."),
                        **REFUSED,
                    },
                }
            },
            "/games": {
                "post": {
                    "operationId": "createGame",
                    "summary": "Start a game; the answer holds its edit token.",
                    "requestBody": json_body("NewGame"),
                    "responses": {
                        "201": {
                            **json_content(ref("Game"), "The game, its links, its edit token."),
                            "links": GAME_LINKS,
                        },
                        **REFUSED,
                        "503": CHANGE_REFUSED["503"],
                    },
                }
            },
            "/games/import": {
                "post": {
                    "operationId": "importGame",
                    "summary": "A new game from one exported as JSON (GET /g/{public_id}/export.json): the hands as"
                    " entered and the change log; the sheet is worked out again. A bad file is a 400 naming the field"
                    " (invalid_import), and nothing is stored.",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "responses": {
                        "201": {
                            **json_content(ref("Game"), "The new game, its links, its edit token."),
                            "links": GAME_LINKS,
                        },
                        **REFUSED,
                        "503": CHANGE_REFUSED["503"],
                    },
                }
            },
            "/games/{public_id}": {
                "get": {
                    "operationId": "readGame",
                    "summary": "A game and its sheet, every number from the engine. The answer carries an ETag"
                    " (the game's version and the language); sent back in If-None-Match while the game is"
                    " unchanged, the answer is an empty 304.",
                    "parameters": [
                        GAME_ID,
                        {
                            "name": "If-None-Match",
                            "in": "header",
                            "required": False,
                            "schema": {"type": "string", "maxLength": 200},
                            "description": "The ETag of the game as last read.",
                        },
                    ],
                    "responses": {
                        "200": json_content(ref("Game"), "The game."),
                        "304": {"description": "Unchanged since the ETag sent in If-None-Match."},
                        "404": error("No such game."),
                        "429": REFUSED["429"],
                    },
                }
            },
            "/games/{public_id}/hands": {
                "post": {
                    "operationId": "addHand",
                    "summary": "Record the next hand.",
                    "security": EDIT_TOKEN,
                    "parameters": [GAME_ID, IDEMPOTENCY_KEY],
                    "requestBody": json_body("NewHand"),
                    "responses": {
                        "201": json_content(ref("Game"), "The game with the hand."),
                        "200": json_content(ref("Game"), "This Idempotency-Key was saved before: nothing new."),
                        **CHANGE_REFUSED,
                    },
                }
            },
            "/games/{public_id}/hands/{number}": {
                "put": {
                    "operationId": "fixHand",
                    "summary": "Replace a hand (every later total follows).",
                    "security": EDIT_TOKEN,
                    "parameters": [GAME_ID, HAND_NUMBER, IDEMPOTENCY_KEY],
                    "requestBody": json_body("FixedHand"),
                    "responses": {"200": json_content(ref("Game"), "The game with the hand fixed."), **CHANGE_REFUSED},
                },
                "delete": {
                    "operationId": "undoHand",
                    "summary": "Undo the last hand.",
                    "security": EDIT_TOKEN,
                    "parameters": [
                        GAME_ID,
                        HAND_NUMBER,
                        {"name": "version", "in": "query", "required": True, "schema": {"type": "integer"}},
                    ],
                    "responses": {
                        "200": json_content(ref("Game"), "The game without its last hand."),
                        **{code: answer for code, answer in CHANGE_REFUSED.items() if code not in ("413", "415")},
                    },
                },
            },
        },
        "components": {
            "securitySchemes": {"editToken": {"type": "apiKey", "in": "header", "name": "X-Edit-Token"}},
            "schemas": {
                "Meld": MELD,
                "Penalty": PENALTY,
                "SideEntry": SIDE_ENTRY,
                "ScoreRequest": closed(
                    {
                        "ruleset": {"type": "string", "enum": list(RULESETS)},
                        "options": OPTIONS,
                        "hand_number": whole(1),
                        "sides": {"type": "array", "items": ref("SideEntry"), "maxItems": MAX_SIDES},
                        "partners": PARTNERS,
                    },
                    ("ruleset", "sides"),
                ),
                "Breakdown": BREAKDOWN,
                "Canastas": CANASTAS,
                "SideScore": SIDE_SCORE,
                "ScoreResult": closed(
                    {
                        "ruleset": {"type": "string"},
                        "sides": {"type": "array", "items": ref("SideScore")},
                        "winner": {"type": ["string", "null"]},
                        "game_over": {"type": "boolean"},
                    },
                    ("ruleset", "sides", "winner", "game_over"),
                ),
                "Violation": VIOLATION,
                "Violations": closed({"errors": {"type": "array", "items": ref("Violation")}}, ("errors",)),
                "Error": ERROR,
                "Ruleset": RULESET,
                "HandRecord": HAND_RECORD,
                "GameHand": GAME_HAND,
                "Game": GAME,
                "NewGame": NEW_GAME,
                "NewHand": closed(
                    {"expected_hands": whole(0), "sides": RECORD_SIDES, "partners": PARTNERS},
                    ("expected_hands", "sides"),
                ),
                "FixedHand": closed(
                    {"version": whole(0), "sides": RECORD_SIDES, "partners": PARTNERS}, ("version", "sides")
                ),
            },
        },
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    """This document."""
    return jsonify(document())
