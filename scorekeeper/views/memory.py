"""This phone's games: the phone is known by a long-lived random cookie (HttpOnly, two years),
and its list is kept on the server, so closing the browser loses nothing and it holds every game."""

from __future__ import annotations

from flask import current_app, g, request, session
from werkzeug.wrappers import Response

from .. import services
from ..limits import is_token
from ..models import Game, new_token
from ..services import phone

PHONE_COOKIE = "phone"
PHONE_COOKIE_AGE = 2 * 365 * 24 * 3600
#: Where the first release kept the list (a session cookie, lost with the browser): moved over once.
OLD_SESSION_KEY = "games"


def phone_id(*, create: bool) -> str | None:
    """This phone's id from its cookie; a new one (and its cookie) when ``create`` and it has none."""
    known = request.cookies.get(PHONE_COOKIE, "")
    if is_token(known):
        return known
    if not create:
        return None
    if "new_phone_id" not in g:
        g.new_phone_id = new_token()
    return str(g.new_phone_id)


def keep_phone_cookie(response: Response) -> Response:
    """Send (or renew) the phone's cookie once this request has used it."""
    chosen = g.get("new_phone_id") or request.cookies.get(PHONE_COOKIE)
    if g.get("phone_used") and chosen and is_token(chosen):
        response.set_cookie(
            PHONE_COOKIE,
            chosen,
            max_age=PHONE_COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=current_app.config["SESSION_COOKIE_SECURE"],
        )
    return response


def remember(game: Game, *, editable: bool) -> None:
    """Put the game on this phone's list (with its edit link when opened through it)."""
    remember_id(game.id, game.edit_token if editable else None)


def remember_id(game_id: int, edit_token: str | None) -> None:
    """Put the game ``game_id`` on this phone's list; ``edit_token`` when opened through its edit link."""
    g.phone_used = True
    phone.remember(str(phone_id(create=True)), game_id, edit_token)


def remembered() -> list[tuple[Game, str | None]]:
    """This phone's games, most recent first, each with its edit token while it still edits."""
    old = session.pop(OLD_SESSION_KEY, None)
    if old:
        g.phone_used = True
        for public_id, token in reversed(old):
            game = services.find_game(str(public_id), editable=False)
            if game is not None:
                phone.remember(str(phone_id(create=True)), game.id, token if token == game.edit_token else None)
    current = phone_id(create=False) or g.get("new_phone_id")
    return phone.phone_games(str(current)) if current else []


def forget(public_id: str) -> None:
    """Take a game off this phone's list."""
    current = phone_id(create=False)
    if current is not None:
        phone.forget(current, public_id)
