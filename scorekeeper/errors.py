"""Error responses: JSON under /api (``{"error", "message"}``), plain pages elsewhere."""

from __future__ import annotations

from flask import Flask, Response, jsonify, request
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
        415: gettext("Send the body as JSON, with Content-Type: application/json."),
        500: gettext("Something went wrong on our side."),
    }


def register(app: Flask) -> None:
    """Install the handler. Unhandled errors arrive here as a 500 (Flask wraps and logs them)."""

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> tuple[Response, int] | HTTPException:
        if not wants_json():
            return exc
        code = exc.code or 500
        message = _messages().get(code, exc.description or "")
        return json_error(code, (exc.name or "error").lower().replace(" ", "_"), message)
