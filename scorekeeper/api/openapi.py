"""The API's OpenAPI 3.1 document (served at /api/v1/openapi.json), made from the models.

The shapes are declared once, in ``shapes.requests`` (the bodies pydantic checks, a game file to
import among them) and ``shapes.answers`` (the answers' typed dicts); pydantic writes their JSON
Schema, and this module adds the routes. tests/test_openapi.py checks it against real answers and
schemathesis fuzzes the API from it, in process and served by gunicorn with the rate limits on (every
429 declared, with Retry-After). Whether a hand keeps the rules of Canasta is the engine's to say
(422, every rule broken), and option values the engine refuses are a 400 naming the option.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Response, jsonify
from pydantic import TypeAdapter
from pydantic.json_schema import JsonSchemaMode

from ..shapes import answers, requests
from ..web.bearer import EDIT_TOKEN_HEADER, SIDE_TOKEN_HEADER
from . import bp

Schema = dict[str, Any]

#: The component schemas: each request body as it is checked, each answer as it is built.
BODIES: tuple[type[Any], ...] = (
    requests.ScoreRequest,
    requests.NewGame,
    requests.NewHand,
    requests.FixedHand,
    requests.RecordingChoice,
    requests.HalfBody,
    requests.WordBody,
    requests.ExportedGame,
)
ANSWERS: tuple[type[Any], ...] = (
    answers.Rulesets,
    answers.Ruleset,
    answers.ScoreResult,
    answers.Violations,
    answers.Error,
    answers.Game,
)


@cache
def component_schemas() -> Schema:
    """Every component schema, by name, with references between them."""
    shapes: list[tuple[str, JsonSchemaMode, TypeAdapter[Any]]] = [
        (body.__name__, "validation", TypeAdapter(body)) for body in BODIES
    ]
    shapes += [(answer.__name__, "serialization", TypeAdapter(answer)) for answer in ANSWERS]
    named, definitions = TypeAdapter.json_schemas(shapes, ref_template="#/components/schemas/{model}")
    schemas: Schema = dict(definitions.get("$defs", {}))
    for (name, _mode), schema in named.items():
        if "$ref" not in schema:
            schemas[name] = schema
    return schemas


def ref(name: str) -> Schema:
    """A reference to a component schema."""
    if name not in component_schemas():
        raise KeyError(name)
    return {"$ref": f"#/components/schemas/{name}"}


def json_content(schema: Schema, description: str) -> Schema:
    """A response with a JSON body."""
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def json_body(schema_name: str) -> Schema:
    """A required JSON request body of a component schema."""
    return {"required": True, "content": {"application/json": {"schema": ref(schema_name)}}}


def error(description: str) -> Schema:
    """An error answer in the API's shape."""
    return json_content(ref("Error"), description)


def too_many() -> Schema:
    """The 429 of an operation under a rate limit (web/limiting.py): the API's error, and when to try again."""
    return {
        **error(
            "Too many requests: past the limit of changes under this game's or side's token (from any address),"
            " or this address's limit of new games, of changes without a good token, or of links and tokens that"
            " named no game (RATE_LIMIT_* in the config)."
        ),
        "headers": {
            "Retry-After": {
                "description": "Seconds until the request may be sent again.",
                "required": True,
                "schema": {"type": "integer", "minimum": 0},
            }
        },
    }


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
SIDE = {
    "name": "side",
    "in": "path",
    "required": True,
    "description": "The side's number, in the game's order (0 first); the X-Side-Token must be this side's.",
    "schema": {"type": "integer", "minimum": 0},
}
EDIT_TOKEN: list[dict[str, list[str]]] = [{"editToken": []}]
SIDE_TOKEN: list[dict[str, list[str]]] = [{"sideToken": []}]
GAME_LINKS = {
    "ReadGame": {"operationId": "readGame", "parameters": {"public_id": "$response.body#/id"}},
    "AddHand": {"operationId": "addHand", "parameters": {"public_id": "$response.body#/id"}},
}


def refused() -> dict[str, Schema]:
    """The refusals any body may meet."""
    return {
        "400": error("A malformed body, an unknown rule set, or an option refused: `field` names it."),
        "413": error("The body is larger than any hand needs."),
        "415": error("The body was not sent as JSON."),
    }


def change_refused() -> dict[str, Schema]:
    """The refusals a change to a game may meet (every change is rate limited: hand saves, or wrong links)."""
    return {
        **refused(),
        "429": too_many(),
        "401": error("No edit token."),
        "403": error("The edit token is not this game's."),
        "404": error("No such game (or hand)."),
        "409": error("Someone changed the game first (the saved hand is in `saved`), or the game is over."),
        "422": json_content(ref("Violations"), "The hand breaks the rules: every rule broken, with its id."),
        "503": error("The database cannot take writes right now; nothing was saved."),
    }


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
                    "responses": {"200": json_content(ref("Rulesets"), "The rule sets.")},
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
                        "429": too_many(),
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
                        **refused(),
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
                        **refused(),
                        "429": too_many(),
                        "503": change_refused()["503"],
                    },
                }
            },
            "/games/import": {
                "post": {
                    "operationId": "importGame",
                    "summary": "A new game from one exported as JSON (GET /g/{public_id}/export.json): the hands as"
                    " entered and the change log; the sheet is worked out again. A bad file is a 400 naming the field"
                    " (invalid_import), and nothing is stored.",
                    "requestBody": json_body("ExportedGame"),
                    "responses": {
                        "201": {
                            **json_content(ref("Game"), "The new game, its links, its edit token."),
                            "links": GAME_LINKS,
                        },
                        **refused(),
                        "429": too_many(),
                        "503": change_refused()["503"],
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
                            "schema": {"type": "string"},
                            "description": "The ETag of the game as last read (any other value: the game, 200).",
                        },
                    ],
                    "responses": {
                        "200": json_content(ref("Game"), "The game."),
                        "304": {"description": "Unchanged since the ETag sent in If-None-Match."},
                        "404": error("No such game."),
                        "429": too_many(),
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
                        **change_refused(),
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
                    "responses": {
                        "200": json_content(ref("Game"), "The game with the hand fixed."),
                        **change_refused(),
                    },
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
                        **{code: answer for code, answer in change_refused().items() if code not in ("413", "415")},
                    },
                },
            },
            **halves_paths(),
        },
        "components": {
            "securitySchemes": {
                "editToken": {"type": "apiKey", "in": "header", "name": EDIT_TOKEN_HEADER},
                "sideToken": {"type": "apiKey", "in": "header", "name": SIDE_TOKEN_HEADER},
            },
            "schemas": component_schemas(),
        },
    }


def side_refused() -> dict[str, Schema]:
    """The refusals a side's half or word may meet."""
    return {
        **change_refused(),
        "401": error("No side token (X-Side-Token)."),
        "403": error("The side token is not this side's (wrong_side_token): nothing changed."),
        "409": error(
            "The game takes no halves (not_by_halves), the hand is complete (half_closed), the hand changed"
            " (hand_changed), or another phone of the side sent this half first (conflict, its half in `saved`)."
        ),
    }


def halves_paths() -> Schema:
    """Each side its own half: the recording chosen with the edit token, halves and words with a side's token."""
    game_answer = json_content(ref("Game"), "The game as it stands: its `halves` say who counts and who agreed.")
    return {
        "/games/{public_id}/recording": {
            "put": {
                "operationId": "chooseRecording",
                "summary": "One recorder, or each side its own half; the answer holds each side's token.",
                "security": EDIT_TOKEN,
                "parameters": [GAME_ID],
                "requestBody": json_body("RecordingChoice"),
                "responses": {"200": game_answer, **change_refused()},
            }
        },
        "/games/{public_id}/hands/{number}/halves/{side}": {
            "put": {
                "operationId": "sendHalf",
                "summary": "Send (or change) a side's half of the hand in play, or of a hand whose half another side"
                " said is not right. The last half in completes the hand, scored by the engine; halves that"
                " contradict each other (two sides out...) are in `halves.pending.problems` until one changes.",
                "security": SIDE_TOKEN,
                "parameters": [GAME_ID, HAND_NUMBER, SIDE, IDEMPOTENCY_KEY],
                "requestBody": json_body("HalfBody"),
                "responses": {"200": game_answer, **side_refused()},
            },
            "delete": {
                "operationId": "withdrawHalf",
                "summary": "Take a side's half of the hand in play back.",
                "security": SIDE_TOKEN,
                "parameters": [
                    GAME_ID,
                    HAND_NUMBER,
                    SIDE,
                    {"name": "version", "in": "query", "required": True, "schema": {"type": "integer"}},
                ],
                "responses": {
                    "200": game_answer,
                    **{code: answer for code, answer in side_refused().items() if code not in ("413", "415", "422")},
                },
            },
        },
        "/games/{public_id}/hands/{number}/words/{side}": {
            "post": {
                "operationId": "sayWord",
                "summary": "A side's word on a hand made of halves: agreed, or not right about another side's half"
                " (that half opens again for its side).",
                "security": SIDE_TOKEN,
                "parameters": [GAME_ID, HAND_NUMBER, SIDE],
                "requestBody": json_body("WordBody"),
                "responses": {
                    "200": game_answer,
                    **{code: answer for code, answer in side_refused().items() if code != "422"},
                },
            },
        },
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    """This document."""
    return jsonify(document())
