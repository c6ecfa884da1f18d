"""Site-wide pages: the language switch, the health check."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, jsonify, redirect, request
from werkzeug.wrappers import Response

from ...services import StorageUnavailable
from ...services.health import touch_heartbeat
from ..language import LANGUAGE_COOKIE

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
        response.set_cookie(
            LANGUAGE_COOKIE,
            chosen,
            max_age=3600 * 24 * 365 * 2,
            samesite="Lax",
            secure=current_app.config["SESSION_COOKIE_SECURE"],
        )
    return response


@bp.get("/healthz")
def health() -> tuple[Response, int]:
    """200 when the database answers and takes a write; 503 (with the reason) when it does not."""
    try:
        touch_heartbeat()
    except StorageUnavailable as exc:
        return jsonify({"status": "unavailable", "database": str(exc)}), 503
    return jsonify({"status": "ok", "database": "writable"}), 200
