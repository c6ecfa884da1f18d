"""This phone's games, tables of friends, club nights and clubs: the phone is known by a long-lived random
cookie (HttpOnly, two years), and its list is kept on the server, so closing the browser loses nothing
and it holds every game.

Reading writes nothing for a phone the app does not know yet: a page view from a browser without the
cookie only gives it the cookie, and the game goes on its list at its next view (a link checker or a
script that keeps no cookie never adds a row). A phone that starts, opens (from the home page) or
imports a game is remembered at once, and so is one whose browser runs the sheet's script (it says
the page is open: ``/g/<id>/remember``). A database that takes no writes leaves the list as it was
and the page reads as usual."""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app, g, request, session
from werkzeug.wrappers import Response

from ... import services
from ...services import phone, phone_groups, phone_nights
from ...shapes.limits import is_token
from ...store.models import Game, Group, new_token
from ...store.nights import Club, Night

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
        keep_on_phone(response, PHONE_COOKIE, chosen, PHONE_COOKIE_AGE)
    return response


def keep_on_phone(response: Response, name: str, value: str, max_age: int) -> Response:
    """``response`` with a cookie this phone keeps for ``max_age`` seconds, out of scripts' reach."""
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        httponly=True,
        samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )
    return response


def remember(game: Game, *, editable: bool) -> None:
    """Put the game on this phone's list at once (the phone started, opened or imported it, or its sheet
    is open in the phone's browser)."""
    g.phone_used = True
    phone.remember(str(phone_id(create=True)), game.id, game.edit_token if editable else None)


def remember_viewed(game_id: int, edit_token: str | None) -> None:
    """A page of the game ``game_id`` was read (``edit_token`` when through its edit link): on the list of a
    phone that has its cookie (at most one write an hour per game); a phone without one gets it, no row."""
    _on_a_known_phones_list(lambda known: phone.remember(known, game_id, edit_token), "games")


def _on_a_known_phones_list(write: Callable[[str], None], what: str) -> None:
    """``write`` the page just read onto the list of a phone that has its cookie; a phone without one
    gets it and no row (a link checker or a script writes nothing). A database that takes no writes
    leaves the list as it was: the page reads as usual."""
    g.phone_used = True
    known = phone_id(create=False)
    if known is None:
        phone_id(create=True)
        return
    try:
        write(known)
    except services.StorageUnavailable as exc:  # the page reads as usual; the list waits for a write
        current_app.logger.warning("a phone's list of %s was not updated: %s", what, exc)


def remembered(limit: int | None = None) -> tuple[list[tuple[Game, str | None]], int]:
    """This phone's games (the ``limit`` most recent, or all), most recent first, each with its edit token while
    it still edits; and how many the phone has."""
    old = session.pop(OLD_SESSION_KEY, None)
    if old:
        g.phone_used = True
        try:
            for public_id, token in reversed(old):
                game = services.find_game(str(public_id), editable=False)
                if game is not None:
                    phone.remember(str(phone_id(create=True)), game.id, token if token == game.edit_token else None)
        except services.StorageUnavailable as exc:  # kept in the session until the list can be written
            session[OLD_SESSION_KEY] = old
            current_app.logger.warning("the first release's list of games was not moved yet: %s", exc)
    current = phone_id(create=False) or g.get("new_phone_id")
    if not current:
        return [], 0
    return phone.phone_games(str(current), limit), phone.count_games(str(current))


def forget(public_id: str) -> None:
    """Take a game off this phone's list."""
    current = phone_id(create=False)
    if current is not None:
        phone.forget(current, public_id)


def remember_group(group: Group) -> None:
    """Put the table of friends on this phone's list at once (the phone started it)."""
    g.phone_used = True
    phone_groups.remember(str(phone_id(create=True)), group.id)


def remember_group_viewed(group_id: int) -> None:
    """A table of friends' page was read: on the list of a phone that has its cookie (as a game's)."""
    _on_a_known_phones_list(lambda known: phone_groups.remember(known, group_id), "groups")


def remembered_groups(limit: int | None = None) -> tuple[list[tuple[Group, int]], int]:
    """This phone's tables of friends (the ``limit`` most recent, or all), most recent first, each with its
    number of games; and how many the phone has."""
    current = phone_id(create=False) or g.get("new_phone_id")
    if not current:
        return [], 0
    return phone_groups.phone_groups(str(current), limit), phone_groups.count_groups(str(current))


def forget_group(token: str) -> None:
    """Take a table of friends off this phone's list."""
    current = phone_id(create=False)
    if current is not None:
        phone_groups.forget(current, token)


def remember_night(night_id: int, *, director: bool, at_once: bool = False) -> None:
    """A night's board (``director``) or standings were read: on the list of a phone that has its cookie;
    ``at_once``: the phone started the night or joined it at the door (listed even without a cookie yet)."""
    if at_once:
        g.phone_used = True
        phone_nights.remember_night(str(phone_id(create=True)), night_id, director=director)
        return
    _on_a_known_phones_list(lambda known: phone_nights.remember_night(known, night_id, director=director), "nights")


def remember_club(club_id: int, *, at_once: bool = False) -> None:
    """A club's page was read (``at_once``: the phone started the club): on the phone's list."""
    if at_once:
        g.phone_used = True
        phone_nights.remember_club(str(phone_id(create=True)), club_id)
        return
    _on_a_known_phones_list(lambda known: phone_nights.remember_club(known, club_id), "clubs")


def remembered_nights() -> tuple[list[tuple[Night, bool]], list[Club]]:
    """This phone's club nights (most recent first, each with whether it runs it) and clubs."""
    current = phone_id(create=False) or g.get("new_phone_id")
    if not current:
        return [], []
    return phone_nights.phone_nights(str(current)), phone_nights.phone_clubs(str(current))


def forget_night(public_id: str) -> None:
    """Take a night off this phone's list."""
    current = phone_id(create=False)
    if current is not None:
        phone_nights.forget_night(current, public_id)


def forget_club(token: str) -> None:
    """Take a club off this phone's list."""
    current = phone_id(create=False)
    if current is not None:
        phone_nights.forget_club(current, token)
