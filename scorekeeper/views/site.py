"""Site-wide pages: the language switch."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, redirect, request
from werkzeug.wrappers import Response

from ..i18n import LANGUAGE_COOKIE

bp = Blueprint("site", __name__)


@bp.post("/language")
def language() -> Response:
    """Switch the language for this browser and go back to the page it came from."""
    chosen = request.form.get("lang", "")
    back = request.form.get("next", "/")
    if urlsplit(back).netloc or not back.startswith("/"):
        back = "/"  # only pages of this site
    response = redirect(back)
    if chosen in current_app.config["LANGUAGES"]:
        response.set_cookie(LANGUAGE_COOKIE, chosen, max_age=3600 * 24 * 365 * 2, samesite="Lax")
    return response
