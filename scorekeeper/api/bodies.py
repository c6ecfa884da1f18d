"""Reading a JSON request body, and refusing one with the API's error shape."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask_babel import gettext

from ..web.errors import json_error


class Refusal(Exception):
    """A request the API answers with an error; ``reply`` is the JSON answer."""

    def __init__(self, reply: tuple[Response, int]) -> None:
        super().__init__(reply[1])
        self.reply = reply


def json_body() -> Any:
    """The request's JSON body; 415 when it is not sent as JSON, 400 when it does not parse
    (nesting too deep for the parser counts as not parsing)."""
    if not request.is_json:
        raise Refusal(
            json_error(
                415, "unsupported_media_type", gettext("Send the body as JSON, with Content-Type: application/json.")
            )
        )
    try:
        body = request.get_json(silent=True)
    except RecursionError:
        body = None
    if body is None:
        raise Refusal(json_error(400, "invalid_json", gettext("The body is not valid JSON.")))
    return body


def json_object() -> dict[str, Any]:
    """The request's body, which must be a JSON object."""
    body = json_body()
    if not isinstance(body, dict):
        raise Refusal(json_error(400, "invalid_json", gettext("The body must be a JSON object.")))
    return body
