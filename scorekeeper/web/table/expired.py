"""A form sent with an expired or missing security token (a page open very long, a new browser session):
the hand form and a side's half come back with every value typed and a fresh token; any other form gets
the plain 400 page. A game, side or hand that is not there answers 404 here too, as the form's own address
does: the token is checked before the page's own checks, so they are made again here."""

from __future__ import annotations

from flask import request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from ..common.blueprint import Page, bp
from ..errors import http_error
from .halves import expired_half_form
from .hands import expired_hand_form


@bp.errorhandler(CSRFError)
def form_expired(error: CSRFError) -> Page | tuple[Response, int]:
    """The form again with what was typed, or the page a missing game, side or hand gets (never a 500: an
    error raised inside an error handler would be one)."""
    args = request.view_args or {}
    try:
        if request.endpoint in ("games.record_hand", "games.edit_hand") and "edit_token" in args:
            return expired_hand_form(args["edit_token"], args.get("number"))
        if request.endpoint == "games.half" and "side_token" in args:
            return expired_half_form(args["side_token"], args["number"])
    except HTTPException as refused:
        return http_error(refused)
    return http_error(error)
