"""A club night's director: start one (its settings and its rule set's house rules for every table), and the
board, followed live: its links and codes, the pairs (one added by the director), drawing a round, every table
at a glance (a result set, two pairs swapped before their tables begin), the standings; the board again,
saying why a change was refused. Withdrawals and the night's rounds are changes.py's; the club's members on the
board, roster.py's.

The director's link changes the night; the public link and its short code only follow it. Each table
is an ordinary game: the board links to it as the sheet links to a hand.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from ... import services
from ...engine import RULESETS, OptionError, RuleSet, configure
from ...engine.options import table_options
from ...services import night as nights
from ...services.club import clubs
from ...services.membership import members, roster
from ...services.night import round_play, withdrawals
from ...services.night.night_results import night_stamp
from ...services.night.table_waits import phones_stamp, round_waits
from ...store.models import new_token
from ...store.nights import Night, NightPair
from ...translation import render, translate, whole
from ..common import page_cache
from ..common.blueprint import Page, bp
from ..common.memory import remember_night
from ..common.sharing import base_url, qr_svg, shared_url
from ..conditional import version_tag
from ..limiting import new_games, token_writes
from ..table.forms import NewGameForm, new_game_form
from .base import night_id, night_or_404, night_view, pair_added
from .forms import FieldFileForm, FixForm, MoveForm, NightForm, PairForm, ReasonForm, RoundsForm, night_rulesets


@bp.route("/nights/new", methods=["GET", "POST"])
@bp.route("/c/<secret:token>/nights/new", methods=["GET", "POST"])
@new_games
def new_night(token: str | None = None) -> Page:
    """The night's settings and its rule set's house rules (for every table); then its board. Under a club's
    link, a night of that club (its link in the address, where the logs hide it: never in a query string)."""
    form = NightForm()
    posted = request.method == "POST"
    ruleset_id = (request.form if posted else request.args).get("ruleset", "classic")
    if ruleset_id not in dict(night_rulesets()):
        ruleset_id = "classic"
    showing = posted and "show_rules" in request.form  # another rule set chosen: its house rules, nothing started
    if not posted:
        form.ruleset.data = ruleset_id
    form.suit_rules(RULESETS[ruleset_id].step_tables, propose=showing or not posted)
    ruleset, house = _house(ruleset_id, request.form if posted and not showing else None)
    club = clubs.find_club(token or (request.form.get("club", "") if posted else ""))
    if token is not None and club is None:
        abort(404)
    if not posted and club is not None:
        form.club.data = club.token
    if not showing and form.validate_on_submit() and all(field.validate(house) for field in house.option_fields()):
        try:
            chosen = house.house_rules(ruleset)
            night = nights.start_night(
                replace(form.new_night(), options=chosen, club_id=club.id if club is not None else None)
            )
        except services.Refused as refused:
            field = form._fields.get(refused.field)
            if field is not None:
                field.errors = [*field.errors, render(refused.msg)]
            else:
                form.form_errors.append(render(refused.msg))
        except OptionError as exc:
            box = house._fields.get(f"opt_{exc.option}")
            if box is not None:
                box.errors = [*box.errors, exc.render(translate, whole)]
            else:
                form.form_errors.append(exc.render(translate, whole))
        except services.StorageUnavailable:
            form.form_errors.append(
                gettext(
                    "The night could not be started: the scores cannot be written right now. Try again in a moment."
                )
            )
            return render_template("nights/new.html", form=form, house=house, club=club), 503
        else:
            remember_night(night.id, director=True, at_once=True)
            return redirect(url_for("games.night_board", director_token=night.director_token))
    return render_template("nights/new.html", form=form, house=house, club=club), 400 if posted and not showing else 200


def _house(ruleset_id: str, formdata: Any) -> tuple[RuleSet, NewGameForm]:
    """The rule set as a night's tables play it (two sides) and the form of its house rules."""
    base = RULESETS[ruleset_id]
    ruleset = configure(base, table_options(base, base.players), sides=2)
    return ruleset, new_game_form(ruleset, base.players, 2, formdata=formdata)


@bp.get("/n/<secret:director_token>")
def night_board(director_token: str) -> Response:
    """The director's board: links and codes, pairs, the round being played, the standings; followed live
    (a table's hand or agreement shows within 2 s), 304 while nothing changed."""
    stamp = night_stamp(director_token, director=True)
    if stamp is None:
        abort(404)
    # its members' names offered too, and which tables wait for their phones (that changes with time, no version)
    tag = version_tag(stamp, f"board-{members.roster_stamp(director_token)}-{phones_stamp(director_token)}")

    def render() -> str:
        night = night_or_404(director_token, director=True)
        pair_form = PairForm(formdata=None, save_key=page_cache.SAVE_KEY)  # each answer its own
        page = render_template("nights/board.html", etag=tag, **board_context(night, pair_form, ReasonForm()))
        return page_cache.for_everyone(page)

    # rendered once per state of the night and address it is reached by (its links and QR codes name it)
    response = page_cache.followed(f"{base_url()} {director_token}", tag, render)
    if response.status_code == 304:
        return response
    remember_night(night_id(director_token, director=True), director=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/n/<secret:director_token>/pairs")
@token_writes
def add_pair(director_token: str) -> Page:
    """The director adds a pair (before the first round, or late between rounds)."""
    night = night_or_404(director_token, director=True)
    form = PairForm()
    added = pair_added(night, form)
    if isinstance(added, NightPair):
        return redirect(url_for("games.night_board", director_token=director_token) + "#pairs")
    return render_template("nights/board.html", **board_context(night, form, ReasonForm(), added)), 400


@bp.post("/n/<secret:director_token>/rounds")
@token_writes
def draw_round(director_token: str) -> Page:
    """Seat the next round and open its tables' games (before every table has finished: with a reason)."""
    night = night_or_404(director_token, director=True)
    form = ReasonForm()
    if not form.validate_on_submit():
        return render_template("nights/board.html", **board_context(night, PairForm(), form)), 400
    try:
        nights.draw_round(night, form.reason.data or "")
    except nights.NightClosed:
        problem = gettext("Some tables are still playing. To start the next round anyway, say why.")
        return render_template("nights/board.html", **board_context(night, PairForm(), form, problem)), 409
    except services.Refused as refused:
        return render_template("nights/board.html", **board_context(night, PairForm(), form, render(refused.msg))), 400
    return redirect(url_for("games.night_board", director_token=director_token) + "#tables")


@bp.post("/n/<secret:director_token>/rounds/<int(max=99):round_number>/tables/<int(max=999):table_number>/fix")
@token_writes
def fix_table(director_token: str, round_number: int, table_number: int) -> Page:
    """The director sets a table's result, with the reason (logged)."""
    night = night_or_404(director_token, director=True)
    form = FixForm()
    if not form.validate_on_submit():
        problem = gettext("A table's result is two whole numbers and a reason.")
        return render_template("nights/board.html", **board_context(night, PairForm(), ReasonForm(), problem)), 400
    scores = (form.north_south.data or 0, form.east_west.data or 0)
    try:
        round_play.fix_table(night, round_number, table_number, scores, form.reason.data or "")
    except services.Refused as refused:
        return render_template(
            "nights/board.html", **board_context(night, PairForm(), ReasonForm(), render(refused.msg))
        ), 400
    return redirect(url_for("games.night_board", director_token=director_token) + f"#table-{table_number}")


@bp.post("/n/<secret:director_token>/move")
@token_writes
def move_pair(director_token: str) -> Page:
    """The director swaps two pairs' seats in the round just drawn, before their tables begin (logged)."""
    night = night_or_404(director_token, director=True)
    form = MoveForm()
    if not form.validate_on_submit():
        problem = gettext("Choose two different pairs of the round being played.")
        return render_template("nights/board.html", **board_context(night, PairForm(), ReasonForm(), problem)), 400
    try:
        round_play.move_pair(night, form.pair.data or 0, form.other.data or 0, form.reason.data or "")
    except services.Refused as refused:
        return render_template(
            "nights/board.html", **board_context(night, PairForm(), ReasonForm(), render(refused.msg))
        ), 400
    return redirect(url_for("games.night_board", director_token=director_token) + "#tables")


def board_context(
    night: Night,
    pair_form: PairForm,
    reason_form: ReasonForm,
    problem: str | None = None,
    field_lines: list[str] | None = None,
) -> dict[str, Any]:
    director = shared_url("games.night_board", director_token=night.director_token)
    public = shared_url("games.night_page", public_id=night.public_id)
    door = shared_url("games.join_night", public_id=night.public_id, door=nights.door_key(night))
    shown = night_view(night)
    if not pair_form.save_key.data:
        pair_form.save_key.data = new_token()
    return {
        **shown,
        "pair_form": pair_form,
        "field_form": FieldFileForm(formdata=None),
        "field_lines": field_lines,
        "members": members.member_names(night.club_id),
        "guests": roster.guests(night),
        "reason_form": reason_form,
        "problem": problem,
        "links": {
            "director": (director, qr_svg(director, gettext("QR code of the director's link"))),
            "public": (public, qr_svg(public, gettext("QR code of the night's standings"))),
            "door": (door, qr_svg(door, gettext("QR code to join the night"))),
        },
        "waits": [
            (wait.kind, render(wait.sentence(shown["names"])), token)
            for wait, token in round_waits(night, {table.id: result for table, result, _, _ in shown["tables"]})
        ],
        "fix_form": FixForm(),
        "move_form": MoveForm(),
        "movable": round_play.movable_pairs(night),
        "rounds_form": _rounds_form(night),
        "may_put_back": {pair.number for pair in night.pairs if withdrawals.may_put_back(night, pair)},
        "log": nights.night_log(night),
    }


def _rounds_form(night: Night) -> RoundsForm:
    """The night's rounds on the board: as typed when the board comes back refusing them, else as they are."""
    form = RoundsForm()
    if not form.rounds.raw_data:
        form.rounds.data = night.rounds
    return form


def board_refusing(
    night: Night, problem: str, status: int, reason_form: ReasonForm | None = None, field_lines: list[str] | None = None
) -> Page:
    """The board again, saying on top why a change was refused (nothing changed), answered with ``status``; a
    file of pairs refused: each line refused (``field_lines``) too."""
    shown = board_context(night, PairForm(), reason_form or ReasonForm(), problem, field_lines)
    return render_template("nights/board.html", **shown), status
