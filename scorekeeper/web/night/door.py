"""A club night's door: a pair adds itself from the door's QR code (the public link alone does not lead here),
its names matched to the club's members as typed; a door sending too many forms for its night waits, with the
form as typed."""

from __future__ import annotations

from typing import Any

from flask import abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext

from ...services import night as nights
from ...store.models import new_token
from ...store.nights import Night, NightPair
from ..common.blueprint import Page, bp
from ..common.memory import remember_night
from ..limiting import door_wait
from .base import night_view, pair_added
from .forms import PairForm


@bp.route("/night/<public_id>/join/<secret:door>", methods=["GET", "POST"])
def join_night(public_id: str, door: str) -> Page:
    """A pair adds itself at the door, from the door's QR code (the public link alone does not lead here);
    a door sent too many forms for its night, from any address, answers 429 with the form as typed."""
    night = nights.find_by_door(public_id, door)
    if night is None:
        abort(404)
    form = PairForm()
    if request.method == "GET":
        form.save_key.data = new_token()
    else:
        wait = door_wait(night.id)
        if wait is not None:  # the form comes back as typed, with when to send it again
            problem = gettext(
                "Many pairs are joining at once: wait a minute, then tap Join again. Your names are kept."
            )
            page = make_response(render_template("nights/join.html", form=form, problem=problem, **_door(night)), 429)
            page.headers["Retry-After"] = str(wait)
            return page
        added = pair_added(night, form)
        if isinstance(added, NightPair):  # its own page: where it is, then its table, followed live
            remember_night(night.id, director=False, at_once=True)
            return redirect(url_for("games.night_pair_page", public_id=public_id, number=added.number))
        return render_template("nights/join.html", form=form, problem=added, **_door(night)), 400
    return render_template("nights/join.html", form=form, problem=None, **_door(night))


def _door(night: Night) -> dict[str, Any]:
    """What the door's page shows: the night, and where its name boxes ask for members' names (a night of a
    club: a few, once three letters are typed; never the roster)."""
    names = None
    if night.club_id is not None:
        names = url_for("games.door_names", public_id=night.public_id, door=nights.door_key(night))
    return {**night_view(night), "names_url": names}
