"""Error responses: JSON under /api (``{"error", "message"}``), plain pages elsewhere."""

from __future__ import annotations

from flask import Flask, Response, jsonify, make_response, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

API_PREFIX = "/api/"


def wants_json() -> bool:
    """Whether the failed request was addressed to the JSON API."""
    return request.path.startswith(API_PREFIX)


def json_error(status: int, error: str, message: str, **extra: object) -> tuple[Response, int]:
    """An error in the API's shape."""
    return jsonify({"error": error, "message": message, **extra}), status


def _messages() -> dict[int, str]:
    return {
        400: gettext("The request is not valid."),
        404: gettext("There is nothing at this address."),
        405: gettext("This address does not accept that method."),
        413: gettext("The request is too large."),
        414: gettext("The address is too long."),
        415: gettext("Send the body as JSON, with Content-Type: application/json."),
        429: gettext("Too many requests from this address; wait a minute and try again."),
        500: gettext("Something went wrong on our side."),
        503: gettext("The scores cannot be saved right now; nothing was changed. Try again in a moment."),
    }


def _pages() -> dict[int, tuple[str, str]]:
    return {
        400: (
            gettext("This could not be accepted"),
            gettext("The page may have been open for a long time. Go back, reload it and send it again."),
        ),
        404: (
            gettext("Not found"),
            gettext("There is nothing at this address. A game's link must be copied whole."),
        ),
        405: (gettext("Not allowed"), gettext("This address does not accept that.")),
        413: (gettext("Too large"), gettext("The request is too large.")),
        414: (gettext("Too long"), gettext("The address is too long.")),
        429: (
            gettext("Too many at once"),
            gettext("This phone's network sent too many requests at once. Wait a minute, then go back and try again."),
        ),
        503: (
            gettext("Not saved"),
            gettext("The scores cannot be saved right now; nothing was changed. Go back and try again in a moment."),
        ),
        500: (gettext("Something went wrong"), gettext("Something went wrong on our side. Nothing was saved.")),
    }


def http_error(exc: HTTPException) -> Response:
    """An HTTP error as a page, or as JSON under /api, with the headers the error carries (a 405's
    Allow, listing the methods the address takes; a 429's Retry-After when it knows one)."""
    code = exc.code or 500
    if not wants_json():
        title, message = _pages().get(code, (exc.name, exc.description or ""))
        response = make_response(render_template("errors/error.html", title=title, message=message), code)
    else:
        message = _messages().get(code, exc.description or "")
        response = make_response(json_error(code, (exc.name or "error").lower().replace(" ", "_"), message))
    for name, value in exc.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def register(app: Flask) -> None:
    """Install the handler. Unhandled errors arrive here as a 500 (Flask wraps and logs them)."""

    from ..services import GameDamaged, SideMoved, StorageUnavailable

    @app.errorhandler(StorageUnavailable)
    def storage_unavailable(exc: StorageUnavailable) -> tuple[Response, int] | tuple[str, int]:
        app.logger.error("database refused a write: %s", exc)
        if wants_json():
            return json_error(503, "storage_unavailable", _messages()[503])
        title, message = _pages()[503]
        return render_template("errors/error.html", title=title, message=message), 503

    @app.errorhandler(GameDamaged)
    def game_damaged(_exc: GameDamaged) -> tuple[Response, int] | tuple[str, int]:
        message = gettext(
            "This game's players and hands were deleted by an upgrade of an earlier version of the app. "
            "The backup the app took before that upgrade still holds them: whoever runs the app can put it "
            "back (the app says how when it starts)."
        )
        if wants_json():
            return json_error(503, "game_damaged", message)
        return render_template("errors/error.html", title=gettext("This game lost its hands"), message=message), 503

    @app.errorhandler(SideMoved)
    def side_moved(_exc: SideMoved) -> tuple[Response, int] | tuple[str, int]:
        if wants_json():  # as when the token was already another side's on arrival
            return json_error(
                403, "wrong_side_token", gettext("This token is not this side's: it writes only its own side.")
            )
        message = gettext(
            "The director has just moved your pair: this link no longer sends to this table, and nothing was "
            "saved. The night's seating says where you play now."
        )
        return render_template("errors/error.html", title=gettext("Your pair was moved"), message=message), 409

    app.register_error_handler(HTTPException, http_error)
