"""Site-wide pages: the language switch, the display settings, the health check."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, jsonify, redirect, render_template, request
from werkzeug.wrappers import Response

from ...services import StorageUnavailable
from ...services.health import touch_heartbeat
from ..display import current_display, keep
from ..forms import DisplayForm
from ..language import LANGUAGE_COOKIE

bp = Blueprint("site", __name__)


@bp.post("/language")
def language() -> Response:
    """Switch the language for this browser and go back to the page it came from."""
    chosen = request.form.get("lang", "")
    response = redirect(_back(request.form.get("next", "/")))
    if chosen in current_app.config["LANGUAGES"]:
        response.set_cookie(
            LANGUAGE_COOKIE,
            chosen,
            max_age=3600 * 24 * 365 * 2,
            samesite="Lax",
            secure=current_app.config["SESSION_COOKIE_SECURE"],
        )
    return response


def _back(asked: str) -> str:
    """Where to go back to: a page of this site, else the home page."""
    if urlsplit(asked).netloc or not asked.startswith("/") or "\\" in asked or asked.startswith("//"):
        return "/"
    return asked


@bp.route("/settings", methods=["GET", "POST"])
def settings() -> Response | str | tuple[str, int]:
    """This phone's theme and text size; saved, back to the page the settings were opened from."""
    back = _back(request.values.get("next", "/"))
    form = DisplayForm() if request.method == "POST" else DisplayForm.showing(current_display())
    if form.validate_on_submit():
        return keep(redirect(back), form.chosen())
    status = 400 if form.errors else 200
    return render_template("settings.html", form=form, back=back), status


@bp.get("/healthz")
def health() -> tuple[Response, int]:
    """200 when the database answers and takes a write; 503 (with the reason) when it does not."""
    try:
        touch_heartbeat()
    except StorageUnavailable as exc:
        return jsonify({"status": "unavailable", "database": str(exc)}), 503
    return jsonify({"status": "ok", "database": "writable"}), 200
