"""Sharing a game: its short code, QR codes and links other phones can reach, a new edit link, and how the
hands are recorded (one recorder, or each side its own half from its own link)."""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup
from werkzeug.wrappers import Response

from ... import services
from ...store.models import Game, Side
from ..common.blueprint import Page, bp
from ..common.memory import remember
from ..common.sharing import qr_svg, shared_url
from .forms import RecordingForm
from .games import find_or_404


@bp.get("/g/<public_id>/share")
def share_read_only(public_id: str) -> str:
    """The code and the read-only link of a game, from the read-only sheet."""
    return _share(find_or_404(public_id, editable=False), editable=False)


@bp.get("/e/<secret:edit_token>/share")
def share(edit_token: str) -> str:
    """The code, the read-only link and, behind a tap, the edit link of a game."""
    return _share(find_or_404(edit_token, editable=True), editable=True)


def _share(game: Game, *, editable: bool) -> str:
    read_link = shared_url("games.sheet", public_id=game.public_id)
    links = {"read": (read_link, qr_svg(read_link, gettext("QR code of the read-only link")))}
    if editable:
        edit_link = shared_url("games.edit_sheet", edit_token=game.edit_token)
        links["edit"] = (edit_link, qr_svg(edit_link, gettext("QR code of the edit link")))
    sides = [(side, _side_link(side)) for side in game.sides if editable and game.recording == "halves"]
    return render_template("games/share.html", game=game, editable=editable, links=links, sides=sides)


@bp.post("/e/<secret:edit_token>/new-link")
def new_edit_link(edit_token: str) -> Response:
    """Replace the game's edit link (the old one stops working), e.g. after it was shared too widely."""
    game = services.replace_edit_link(find_or_404(edit_token, editable=True))
    remember(game, editable=True)
    return redirect(url_for("games.share", edit_token=game.edit_token, new_link=1))


@bp.route("/e/<secret:edit_token>/recording", methods=["GET", "POST"])
def recording(edit_token: str) -> Page:
    """How the game's hands are recorded (one recorder, or each side its own half), and each side's
    link and QR code when by halves."""
    game = find_or_404(edit_token, editable=True)
    form = RecordingForm() if request.method == "POST" else RecordingForm(data={"recording": game.recording})
    if form.validate_on_submit():
        try:
            game = services.set_recording(game, form.recording.data or "one")
        except services.StorageUnavailable:
            form.form_errors.append(
                gettext("The change could not be saved: the scores cannot be written right now. Try again in a moment.")
            )
            return render_template("games/recording.html", game=game, form=form), 503
        if game.recording == "halves":  # each side's link and code, to hand out
            return redirect(url_for("games.share", edit_token=game.edit_token) + "#side-links")
        return redirect(url_for("games.edit_sheet", edit_token=game.edit_token))
    return render_template("games/recording.html", game=game, form=form), 400 if form.errors else 200


def _side_link(side: Side) -> tuple[str, Markup]:
    """A side's own link (it sends that side's halves and words only) and its QR code."""
    link = shared_url("games.side_page", side_token=str(side.token))
    return link, qr_svg(link, gettext("QR code of the link for %(side)s", side=side.name))
