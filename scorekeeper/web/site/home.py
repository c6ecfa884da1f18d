"""The home page: start a game, open one by its link or its short code (a club night's code opens its standings),
and the games, tables of friends, nights and clubs this phone started or opened; a game taken off the phone's
list. On the games blueprint (``games.home``)."""

from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from ... import services
from ...services import night as nights
from ...services import phone
from ...shapes.limits import is_token
from ..common.blueprint import Page, bp
from ..common.memory import forget, remember, remembered, remembered_groups, remembered_nights
from ..limiting import codes_guessed_too_often, too_many


@bp.get("/")
def home() -> str:
    """Start a game, open one by link or code; the games this phone started or opened, with their state."""
    return _home()


#: The games, and the tables of friends, the home page lists before "Show all" (the most recently opened).
HOME_LISTS = 20


def _home(problem: str | None = None, typed: str = "") -> str:
    limit = None if request.args.get("all") == "1" else HOME_LISTS
    games_here, games_count = remembered(limit)
    listing = [(game, services.compute_sheet(game), token) for game, token in games_here]
    groups, groups_count = remembered_groups(limit)
    nights_here, clubs_here = remembered_nights()
    return render_template(
        "games/home.html",
        listing=listing,
        games_count=games_count,
        groups=groups,
        groups_count=groups_count,
        nights=nights_here,
        clubs=clubs_here,
        problem=problem,
        typed=typed,
    )


@bp.post("/open")
def open_game() -> Page:
    """Open a game from a pasted link (edit or read-only) or the short code shown on another phone. Sent
    by POST: an edit link typed here never stands in an address (a log, the browser's history)."""
    typed = request.form.get("link", "")[:300]
    if phone.is_code(typed) and codes_guessed_too_often():
        return too_many()
    found = phone.find_opened(typed)
    if found is not None:
        game, editable = found
        remember(game, editable=editable)
        if editable:
            return redirect(url_for("games.edit_sheet", edit_token=game.edit_token))
        return redirect(url_for("games.sheet", public_id=game.public_id))
    night = nights.find_by_code(typed) if phone.is_code(typed) else None
    if night is not None:  # a club night's code: its standings
        return redirect(url_for("games.night_page", public_id=night.public_id))
    problem = gettext("No game was found for that link or code. Check it, or ask for it again.")
    return _home(problem, typed), 404


@bp.get("/open")
def open_game_by_address() -> Response:
    """An old bookmark of the open box: the home page, where the box now sends its link by POST."""
    return redirect(url_for("games.home"))


@bp.post("/phone/forget/<public_id>")
def forget_game(public_id: str) -> Response:
    """Take a game off this phone's list (the game stays, for every other phone)."""
    if not is_token(public_id):
        abort(404)
    forget(public_id)
    return redirect(url_for("games.home"))
