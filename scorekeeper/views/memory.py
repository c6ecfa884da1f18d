"""The games this browser started or opened, kept in its signed session cookie."""

from __future__ import annotations

from flask import session

from ..models import Game

KEY = "games"
KEEP = 30


def remember(game: Game, *, editable: bool) -> None:
    """Put the game first in this browser's list; an edit link, once known, is kept."""
    known = dict(session.get(KEY, []))
    token = game.edit_token if editable else known.get(game.public_id)
    rest = [[public_id, t] for public_id, t in session.get(KEY, []) if public_id != game.public_id]
    session[KEY] = [[game.public_id, token], *rest][:KEEP]


def remembered() -> list[tuple[str, str | None]]:
    """(public id, edit token or None) for each remembered game, most recent first."""
    return [(public_id, token) for public_id, token in session.get(KEY, [])]
