"""A club night's names and its club's members: the door's completion (a few members' names once three letters
of a name are typed, counted per night as the door's forms are: never the roster), and the director adding a
guest of the night to the club from the board."""

from __future__ import annotations

from flask import abort, jsonify, redirect, request, url_for
from werkzeug.wrappers import Response

from ... import services
from ...services import night as nights
from ...services.membership import members, roster
from ...translation import render
from ..club.forms import MemberForm
from ..common.blueprint import Page, bp
from ..limiting import door_names_wait, token_writes
from .base import night_or_404
from .board import board_refusing

#: The most a typed name is read of (the longest name a pair's box takes).
LONGEST_TYPED = 60


@bp.get("/night/<public_id>/join/<secret:door>/names")
def door_names(public_id: str, door: str) -> Response:
    """The members whose name has a word starting with what is typed (``?q=``, at least three letters): a few,
    never the roster, and whether they are all that match ("all"); a door asked too often for its night
    answers 429 with when to ask again."""
    night = nights.find_by_door(public_id, door)
    if night is None:
        abort(404)
    typed = request.args.get("q", "")[:LONGEST_TYPED]
    offered: tuple[list[str], bool] = ([], False)
    if len(members.member_key(typed).replace(" ", "")) >= roster.LEAST_LETTERS:
        wait = door_names_wait(night.id)
        if wait is not None:
            answer = jsonify({"error": "too_many_requests", "names": [], "all": False})
            answer.status_code = 429
            answer.headers["Retry-After"] = str(wait)
            return _unkept(answer)
        offered = roster.completions(night.club_id, typed)
    names, every = offered
    return _unkept(jsonify({"names": names, "all": every}))


def _unkept(answer: Response) -> Response:
    answer.headers["Cache-Control"] = "no-store"
    return answer


@bp.post("/n/<secret:director_token>/members")
@token_writes
def add_guest(director_token: str) -> Page:
    """The director adds a guest of the night (a name no member has) to the night's club: from then on the
    name is a member's, graded from every night it played."""
    night = night_or_404(director_token, director=True)
    if night.club is None:
        abort(404)
    form = MemberForm()  # its name only: the number and the starting grade are the club page's
    try:
        members.add_member(night.club, form.name.data or "")
    except services.Refused as refused:
        return board_refusing(night, render(refused.msg), 400)
    return redirect(url_for("games.night_board", director_token=director_token) + "#pairs")
