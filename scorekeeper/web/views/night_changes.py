"""A director's changes to a night made on purpose from the board: how many rounds the night plays (a round
added after the last).
"""

from __future__ import annotations

from flask import redirect, url_for

from ... import services
from ...services import night_rounds
from ...store.nights import Night
from ...translation import render
from ..night_forms import RoundsForm
from .games import Page, bp
from .nights import board_refusing, night_or_404


@bp.post("/n/<secret:director_token>/settings/rounds")
def set_rounds(director_token: str) -> Page:
    """The director changes how many rounds the night plays (a round added after the last, or fewer: never
    fewer than those drawn); the box comes back as typed, naming the rule, when refused."""
    night = night_or_404(director_token, director=True)
    form = RoundsForm()
    if not form.validate_on_submit():
        return board_refusing(night, " ".join(form.rounds.errors), 400)
    try:
        night_rounds.set_rounds(night, form.rounds.data or 0)
    except services.Refused as refused:
        return board_refusing(night, render(refused.msg), 400)
    return _to_board(night, "#draw")


def _to_board(night: Night, part: str) -> Page:
    return redirect(url_for("games.night_board", director_token=night.director_token) + part)
