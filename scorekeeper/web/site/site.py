"""Site-wide pages: the language switch, the display settings, the web app manifest, the service worker
and its offline page, the health check."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, jsonify, make_response, redirect, render_template, request
from flask_babel import get_locale
from werkzeug.wrappers import Response

from ...portable.tools import TOOLS
from ...services import StorageUnavailable
from ...services.health import touch_heartbeat
from ..display import current_display, keep
from ..installable import kept_addresses, manifest, new_game_addresses, tool_addresses, worker_version
from ..language import LANGUAGE_COOKIE
from ..offline_engine import engine_addresses
from ..offline_engine import version as engine_version
from .forms import DisplayForm

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


@bp.get("/manifest.webmanifest")
def web_app_manifest() -> Response:
    """The web app manifest, in the reader's language (the page links it with ``?lang=``)."""
    response = jsonify(manifest(str(get_locale())))
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker (served from the top, so that it looks after every page); asked again by the
    browser at each visit, so a new version is taken up at once."""
    languages = list(current_app.config["LANGUAGES"])
    engine = engine_addresses()
    script = render_template(
        "sw.js",
        version=worker_version(),
        kept=kept_addresses(languages),
        languages=languages,
        engine=engine,
        engine_version=engine_version(),
        new_games=new_game_addresses() if engine else [],  # a game started offline is scored by the engine
        tools=TOOLS,
        tool_pages=tool_addresses() if engine else [],  # answered with no connection by the engine only
    )
    response = make_response(script)
    response.mimetype = "text/javascript"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> str:
    """What the service worker shows for a page that cannot be reached with no connection."""
    return render_template("offline.html")


@bp.get("/healthz")
def health() -> tuple[Response, int]:
    """200 when the database answers and takes a write; 503 (with the reason) when it does not."""
    try:
        touch_heartbeat()
    except StorageUnavailable as exc:
        return jsonify({"status": "unavailable", "database": str(exc)}), 503
    return jsonify({"status": "ok", "database": "writable"}), 200
