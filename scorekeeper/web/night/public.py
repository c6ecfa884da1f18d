"""A club night for everyone: its standings and the round's seating (the public link, and its short code), a
pair's own page of the night (where the door sends it: where the pair is, then its table), the TV on the wall, a
round played, to read back; each followed live and kept once a state of the night, 304 while nothing changed.
The night taken off a phone's home page."""

from __future__ import annotations

from flask import abort, redirect, render_template, url_for
from werkzeug.wrappers import Response

from ...engine import RULESETS
from ...services import night as nights
from ...services.night.night_results import night_stamp, round_sheet, table_results
from ...shapes.limits import is_token
from ...tournament import MOST_PAIRS
from ...translation import translate
from ..common import page_cache
from ..common.blueprint import bp
from ..common.memory import forget_night, remember_night
from ..conditional import version_tag
from .base import night_id, night_or_404, night_view, pair_names


@bp.get("/night/<public_id>")
def night_page(public_id: str) -> Response:
    """The night for everyone: the standings and the round's seating, followed live."""
    return _followed(public_id, "nights/public.html", "night")


@bp.get(f"/night/<public_id>/pair/<int(max={MOST_PAIRS}):number>")
def night_pair_page(public_id: str, number: int) -> Response:
    """A pair's own page of the night (where the door sends it): the night's page with, on top, where the pair
    is: waiting for the round it is first seated at (a pair come late), then its table; followed live."""
    return _followed(public_id, "nights/public.html", "night", pair=number)


@bp.get("/night/<public_id>/tv")
def night_tv(public_id: str) -> Response:
    """The night on a TV on the wall: large type, the standings paged by themselves, the round's clock and
    seating; followed live like the standings."""
    return _followed(public_id, "nights/tv.html", "night-tv", own=False)


@bp.get("/night/<public_id>/rounds/<int(max=999):number>")
def night_round(public_id: str, number: int) -> Response:
    """A round played at the night, to read back once the next is drawn: each table on its score sheet (each
    pair's hands, the difference, the points) and who sat out. Kept and answered like the night's other pages:
    304 while the night is unchanged."""
    stamp = night_stamp(public_id)
    if stamp is None:
        abort(404)

    def render() -> str:
        night = night_or_404(public_id, director=False)
        played = next((found for found in night.played if found.number == number), None)
        if played is None:
            abort(404)
        return render_template(
            "nights/round.html",
            night=night,
            played=played,
            ruleset_name=translate(RULESETS[night.ruleset_id].name),
            sheets=list(zip(played.tables, round_sheet(night, played, table_results(night)), strict=True)),
            names=pair_names(night),
            csrf_token=page_cache.session_token,
        )

    response = page_cache.followed(public_id, version_tag(stamp, f"round-{number}"), render)
    if response.status_code != 304:
        response.headers["Cache-Control"] = "no-cache"
    return response


def _followed(public_id: str, template: str, view: str, pair: int | None = None, *, own: bool = True) -> Response:
    """A page that follows the night: 304 while nothing changed (found without loading the night), else
    rendered once per state of the night and served to every phone and TV that asks. ``own``: the page has a
    part of each reader's own (``nights/_own.html``: what it follows; ``pair``: where that pair is, worked
    out for each answer in two small queries, so that every pair's page is the night's page kept once)."""
    stamp = night_stamp(public_id)
    if stamp is None:
        abort(404)
    tag = version_tag(stamp, view)
    own_tag = version_tag(stamp, f"{view}-pair-{pair}") if pair is not None else tag

    def render() -> str:
        night = night_or_404(public_id, director=False)
        return render_template(
            template,
            etag=tag,
            own_part=page_cache.OWN_PART,
            csrf_token=page_cache.session_token,
            **night_view(night),
        )

    def own_part() -> str:
        seat = nights.find_pair_seat(public_id, pair) if pair is not None else None
        if pair is not None and seat is None:
            abort(404)
        return render_template("nights/_own.html", etag=own_tag, seat=seat)

    response = page_cache.followed(public_id, tag, render, (own_tag, own_part) if own else None)
    if response.status_code == 304:
        return response
    if view == "night":  # the standings on a phone (not a TV): on its home page's list
        remember_night(night_id(public_id), director=False)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/night/<public_id>/forget")
def forget_night_on_phone(public_id: str) -> Response:
    """Take the night off this phone's home page (the night goes on, for everyone with its links)."""
    if not is_token(public_id):
        abort(404)
    forget_night(public_id)
    return redirect(url_for("games.home"))
