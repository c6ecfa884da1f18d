"""Sharing a game: its short code, QR codes and links other phones can reach, and a new edit link."""

from __future__ import annotations

from flask import redirect, render_template, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from ... import services
from ...store.models import Game
from ..sharing import qr_svg, shared_url
from .games import bp, find_or_404
from .memory import remember


@bp.get("/g/<public_id>/share")
def share_read_only(public_id: str) -> str:
    """The code and the read-only link of a game, from the read-only sheet."""
    return _share(find_or_404(public_id, editable=False), editable=False)


@bp.get("/e/<edit_token>/share")
def share(edit_token: str) -> str:
    """The code, the read-only link and, behind a tap, the edit link of a game."""
    return _share(find_or_404(edit_token, editable=True), editable=True)


def _share(game: Game, *, editable: bool) -> str:
    read_link = shared_url("games.sheet", public_id=game.public_id)
    links = {"read": (read_link, qr_svg(read_link, gettext("QR code of the read-only link")))}
    if editable:
        edit_link = shared_url("games.edit_sheet", edit_token=game.edit_token)
        links["edit"] = (edit_link, qr_svg(edit_link, gettext("QR code of the edit link")))
    return render_template("games/share.html", game=game, editable=editable, links=links)


@bp.post("/e/<edit_token>/new-link")
def new_edit_link(edit_token: str) -> Response:
    """Replace the game's edit link (the old one stops working), e.g. after it was shared too widely."""
    game = services.replace_edit_link(find_or_404(edit_token, editable=True))
    remember(game, editable=True)
    return redirect(url_for("games.share", edit_token=game.edit_token, new_link=1))
