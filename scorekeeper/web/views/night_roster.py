"""A club night's names and its club's members: the director adding a guest of the night to the club from the
board."""

from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for

from ... import services
from ...services import members
from ...translation import render
from ..night_forms import PairForm, ReasonForm
from .games import Page, bp
from .nights import _board, night_or_404


@bp.post("/n/<secret:director_token>/members")
def add_guest(director_token: str) -> Page:
    """The director adds a guest of the night (a name no member has) to the night's club: from then on the
    name is a member's, graded from every night it played."""
    night = night_or_404(director_token, director=True)
    if night.club is None:
        abort(404)
    try:
        members.add_member(night.club, request.form.get("name", ""))
    except services.Refused as refused:
        page = render_template("nights/board.html", **_board(night, PairForm(), ReasonForm(), render(refused.msg)))
        return page, 400
    return redirect(url_for("games.night_board", director_token=director_token) + "#pairs")
