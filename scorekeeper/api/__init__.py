"""/api/v1: JSON in, JSON out. Scoring (scoring.py), whole games (games.py), each side its own half (halves.py)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request
from flask.blueprints import BlueprintSetupState
from werkzeug.routing import BaseConverter

from ..web.limiting import guard_links
from .bodies import Refusal

bp = Blueprint("api", __name__, url_prefix="/api/v1")
guard_links(bp)


class GameId(BaseConverter):
    """A game's id in an address: any one segment but ``import`` (/games/import is an address of its own, which
    takes POST only: an OPTIONS or a 405 there lists that, not the GET of a game)."""

    regex = r"(?!import\Z)[^/]+"


@bp.record_once
def game_ids(state: BlueprintSetupState) -> None:
    state.app.url_map.converters["game"] = GameId


@bp.errorhandler(Refusal)
def refused(exc: Refusal) -> tuple[Response, int]:
    """Answer a refusal with its JSON."""
    return exc.reply


@bp.after_request
def options_as_json(response: Response) -> Response:
    """OPTIONS answers in JSON too: the methods the address takes (Flask's own answer has no body)."""
    if request.method == "OPTIONS" and not response.is_json:
        allowed = response.headers.get("Allow", "")
        answer = jsonify({"allow": [method.strip() for method in allowed.split(",") if method.strip()]})
        answer.headers["Allow"] = allowed
        return answer
    return response


from . import games, halves, openapi, scoring  # noqa: E402,F401  (the routes register on bp)
