"""A director's changes to a night that a slip of the finger must not make, or that can be taken back: a pair
withdrawn (asked first, on the board or on a page of its own without the script), a withdrawn pair put back
before its next round, and how many rounds the night plays (a round added on purpose after the last).
"""

from __future__ import annotations

from flask import abort, redirect, render_template, url_for
from flask_babel import gettext

from ... import services
from ...services import night as nights
from ...services.night import night_rounds, withdrawals
from ...store.nights import Night, NightPair
from ...tournament import MOST_PAIRS
from ...translation import render
from ..common.blueprint import Page, bp
from ..limiting import token_writes
from .base import night_or_404, pair_names
from .board import board_refusing
from .forms import RoundsForm, WithdrawForm


@bp.route(f"/n/<secret:director_token>/pairs/<int(max={MOST_PAIRS}):number>/withdraw", methods=["GET", "POST"])
@token_writes
def withdraw_pair(director_token: str, number: int) -> Page:
    """A pair leaves between rounds (its results so far stay), once the director has said yes to the question
    with its names: the board asks it in place; asked for without the answer (a bare form, an old page, a
    link), the question comes on a page of its own and nothing changes."""
    night = night_or_404(director_token, director=True)
    form = WithdrawForm()
    if not form.answered or not form.validate_on_submit():  # the question (again, with its reason refused: 400)
        pair = _playing(night, number)
        page = render_template("nights/withdraw.html", night=night, pair=pair, names=pair_names(night), form=form)
        return page, 400 if form.errors else 200
    try:
        nights.withdraw_pair(night, number, form.reason.data or "")
    except services.Refused as refused:
        return board_refusing(night, render(refused.msg), 400, form)
    except nights.NightClosed:
        problem = gettext("A pair leaves between rounds: wait until every table of this round has finished.")
        return board_refusing(night, problem, 409, form)
    return _to_board(night, "#pairs")


@bp.post(f"/n/<secret:director_token>/pairs/<int(max={MOST_PAIRS}):number>/put-back")
@token_writes
def put_back_pair(director_token: str, number: int) -> Page:
    """A withdrawn pair plays on, as if it had not left, while no round has been drawn since (logged)."""
    night = night_or_404(director_token, director=True)
    try:
        withdrawals.put_back(night, number)
    except services.Refused as refused:
        return board_refusing(night, render(refused.msg), 400)
    return _to_board(night, "#pairs")


@bp.post("/n/<secret:director_token>/settings/rounds")
@token_writes
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


def _playing(night: Night, number: int) -> NightPair:
    """Pair ``number`` of the night, still playing (404: no such pair, or it has withdrawn already)."""
    pair = next((p for p in night.pairs if p.number == number and p.left_after_round is None), None)
    if pair is None:
        abort(404)
    return pair


def _to_board(night: Night, part: str) -> Page:
    return redirect(url_for("games.night_board", director_token=night.director_token) + part)
