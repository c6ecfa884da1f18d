"""A club night's pages: start one; the director's board (its links and codes, the pairs, drawing a round,
every table at a glance, the standings); the night's public page (standings and seating, followed live);
a pair joining at the door.

The director's link changes the night; the public link and its short code only follow it. Each table
is an ordinary game: the board links to it as the sheet links to a hand.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from flask import abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from ... import services
from ...engine import RULESETS, OptionError, RuleSet, configure
from ...engine.options import table_options
from ...services import night as nights
from ...services.club import clubs, grades
from ...services.membership import members, roster
from ...services.night import night_rounds, round_play, withdrawals
from ...services.night.night_results import TableSheet, night_stamp, night_standings, round_sheet, table_results
from ...services.night.table_waits import round_waits
from ...shapes.limits import is_token
from ...store.models import new_token
from ...store.nights import Night, NightPair, NightRound
from ...tournament import rounded
from ...translation import render, translate
from ..common import page_cache
from ..common.blueprint import Page, bp
from ..common.downloads import csv_download, download
from ..common.memory import forget_night, remember_night
from ..common.sharing import base_url, qr_svg, shared_url
from ..conditional import version_tag
from ..limiting import door_wait, new_games, token_found, token_writes
from ..night_forms import FixForm, MoveForm, NightForm, PairForm, ReasonForm, RoundsForm, night_rulesets
from ..table.forms import NewGameForm, new_game_form


def night_or_404(token: str, *, director: bool) -> Night:
    night = nights.find_night(token, director=director)
    if night is None:
        abort(404)
    if director:
        token_found("night", night.id)  # a change on the board counts for the night
    return night


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
                box.errors = [*box.errors, exc.render(translate)]
            else:
                form.form_errors.append(exc.render(translate))
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
    tag = version_tag(stamp, f"board-{members.roster_stamp(director_token)}")  # its members' names offered too

    def render() -> str:
        night = night_or_404(director_token, director=True)
        pair_form = PairForm(formdata=None, save_key=page_cache.SAVE_KEY)  # each answer its own
        page = render_template("nights/board.html", etag=tag, **_board(night, pair_form, ReasonForm()))
        return page_cache.for_everyone(page)

    # rendered once per state of the night and address it is reached by (its links and QR codes name it)
    response = page_cache.followed(f"{base_url()} {director_token}", tag, render)
    if response.status_code == 304:
        return response
    remember_night(_night_id(director_token, director=True), director=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/n/<secret:director_token>/pairs")
@token_writes
def add_pair(director_token: str) -> Page:
    """The director adds a pair (before the first round, or late between rounds)."""
    night = night_or_404(director_token, director=True)
    form = PairForm()
    added = _add_pair(night, form)
    if isinstance(added, NightPair):
        return redirect(url_for("games.night_board", director_token=director_token) + "#pairs")
    return render_template("nights/board.html", **_board(night, form, ReasonForm(), added)), 400


@bp.post("/n/<secret:director_token>/rounds")
@token_writes
def draw_round(director_token: str) -> Page:
    """Seat the next round and open its tables' games (before every table has finished: with a reason)."""
    night = night_or_404(director_token, director=True)
    form = ReasonForm()
    if not form.validate_on_submit():
        return render_template("nights/board.html", **_board(night, PairForm(), form)), 400
    try:
        nights.draw_round(night, form.reason.data or "")
    except nights.NightClosed:
        problem = gettext("Some tables are still playing. To start the next round anyway, say why.")
        return render_template("nights/board.html", **_board(night, PairForm(), form, problem)), 409
    except services.Refused as refused:
        return render_template("nights/board.html", **_board(night, PairForm(), form, render(refused.msg))), 400
    return redirect(url_for("games.night_board", director_token=director_token) + "#tables")


@bp.post("/n/<secret:director_token>/rounds/<int(max=99):round_number>/tables/<int(max=999):table_number>/fix")
@token_writes
def fix_table(director_token: str, round_number: int, table_number: int) -> Page:
    """The director sets a table's result, with the reason (logged)."""
    night = night_or_404(director_token, director=True)
    form = FixForm()
    if not form.validate_on_submit():
        problem = gettext("A table's result is two whole numbers and a reason.")
        return render_template("nights/board.html", **_board(night, PairForm(), ReasonForm(), problem)), 400
    scores = (form.north_south.data or 0, form.east_west.data or 0)
    try:
        round_play.fix_table(night, round_number, table_number, scores, form.reason.data or "")
    except services.Refused as refused:
        return render_template("nights/board.html", **_board(night, PairForm(), ReasonForm(), render(refused.msg))), 400
    return redirect(url_for("games.night_board", director_token=director_token) + f"#table-{table_number}")


@bp.post("/n/<secret:director_token>/move")
@token_writes
def move_pair(director_token: str) -> Page:
    """The director swaps two pairs' seats in the round just drawn, before their tables begin (logged)."""
    night = night_or_404(director_token, director=True)
    form = MoveForm()
    if not form.validate_on_submit():
        problem = gettext("Choose two different pairs of the round being played.")
        return render_template("nights/board.html", **_board(night, PairForm(), ReasonForm(), problem)), 400
    try:
        round_play.move_pair(night, form.pair.data or 0, form.other.data or 0, form.reason.data or "")
    except services.Refused as refused:
        return render_template("nights/board.html", **_board(night, PairForm(), ReasonForm(), render(refused.msg))), 400
    return redirect(url_for("games.night_board", director_token=director_token) + "#tables")


@bp.get("/night/<public_id>")
def night_page(public_id: str) -> Response:
    """The night for everyone: the standings and the round's seating, followed live."""
    return _followed(public_id, "nights/public.html", "night")


@bp.get("/night/<public_id>/pair/<int(max=999):number>")
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
        remember_night(_night_id(public_id), director=False)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/night/<public_id>/forget")
def forget_night_on_phone(public_id: str) -> Response:
    """Take the night off this phone's home page (the night goes on, for everyone with its links)."""
    if not is_token(public_id):
        abort(404)
    forget_night(public_id)
    return redirect(url_for("games.home"))


def _night_id(token: str, *, director: bool = False) -> int:
    night_id = nights.night_id(token, director=director)
    if night_id is None:
        abort(404)
    return night_id


@bp.get("/night/<public_id>/standings.<any(csv, json):kind>")
def night_results(public_id: str, kind: str) -> Response:
    """The standings to keep: as CSV (the header in the reader's language) or JSON (every figure, each
    round's tables with their scores)."""
    night = night_or_404(public_id, director=False)
    shown = night_view(night)
    names, graded, results = shown["names"], shown["graded"], shown["results"]
    if kind == "json":
        body = {
            "night": night.name,
            "date": night.held_on.isoformat(),
            "ruleset": night.ruleset_id,
            "scoring": night.scoring,
            "standings": [
                {
                    "place": line.place,
                    "shared": line.shared,
                    "pair": line.pair,
                    "players": next(p.players for p in night.pairs if p.number == line.pair),
                    "points": line.points,
                    "difference": line.difference,
                    "total": line.total,
                    "played": line.played,
                    **_graded(graded, line.pair),
                }
                for line in shown["standings"]
            ],
            "handicap": night.handicap,
            "standings_with_handicaps": [
                {"place": line.place, "shared": line.shared, "pair": line.pair, "points": line.points}
                for line in shown["handicapped"] or []
            ],
            "rounds": [
                {
                    "number": played.number,
                    "byes": played.byes,
                    "tables": [
                        {
                            "number": table.number,
                            "pairs": [table.north_south, table.east_west],
                            "scores": list(results[table.id].scores),
                            "counts": results[table.id].counts,
                            **_sheet_json(lines),
                        }
                        for table, lines in zip(played.tables, round_sheet(night, played, results), strict=True)
                    ],
                }
                for played in night.played
            ],
        }
        return download(
            json.dumps(body, ensure_ascii=False, indent=1), "application/json", f"night-{night.public_id}.json"
        )
    handicapped = shown["handicapped"]
    rows: list[list[object]] = [
        [gettext("Place"), gettext("Pair"), gettext("Points"), gettext("Difference"), gettext("Total")]
        + ([gettext("Handicap a round")] if handicapped is not None else [])
    ]
    rows += [
        [
            f"{line.place}{'=' if line.shared else ''}",
            names[line.pair],
            _number(line.points),
            line.difference,
            line.total,
        ]
        + ([rounded(graded.handicaps.get(line.pair, 0.0), 2)] if handicapped is not None and graded else [])
        for line in (handicapped if handicapped is not None else shown["standings"])
    ]
    return csv_download(rows, f"night-{night.public_id}.csv")


def _sheet_json(sheet: TableSheet) -> dict[str, Any]:
    """A table's score-sheet lines for the JSON: each pair's hands, its points over the round (the hands
    summed), the difference and what the table is worth to it (null until its hands are in), and who signed
    it ("halves", "other_pair", "director"; null: nobody yet)."""
    return {
        "lines": [
            {
                "pair": line.pair,
                "hands": list(line.hands),
                "score": line.line.score,
                "difference": line.line.difference,
                "points": line.line.points if sheet.finished else None,
            }
            for line in sheet.lines
        ],
        "signed": sheet.signed or None,
    }


def _graded(graded: grades.NightGrades | None, pair: int) -> dict[str, float | None]:
    """A pair's expected and made share of the night (a club's night) and its handicap a round (handicapped)."""
    if graded is None:
        return {}
    expected, made = graded.shares.get(pair, (None, None))
    return {
        "expected": None if expected is None else rounded(expected, 1),
        "made": None if made is None else rounded(made, 1),
        "handicap": rounded(graded.handicaps[pair], 2) if pair in graded.handicaps else None,
    }


def _number(points: float) -> int | float:
    """Victory points as a spreadsheet's number: whole ones without a decimal point (14, not 14.0)."""
    return int(points) if points == int(points) else points


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
        added = _add_pair(night, form)
        if isinstance(added, NightPair):  # its own page: where it is, then its table, followed live
            remember_night(night.id, director=False, at_once=True)
            return redirect(url_for("games.night_pair_page", public_id=public_id, number=added.number))
        return render_template("nights/join.html", form=form, problem=added, **_door(night)), 400
    return render_template("nights/join.html", form=form, problem=None, **_door(night))


# ---- helpers --------------------------------------------------------------------------------------


def _add_pair(night: Night, form: PairForm) -> NightPair | str:
    """Add the form's pair (while a round is played too: it waits for the next; the form sent again: the pair it
    added); else the problem to show."""
    if not form.validate_on_submit():
        return str(gettext("Check the names: at most 60 characters each."))
    players = [form.first.data or ""]
    if nights.players_a_pair(night.ruleset_id) == 2:
        players.append(form.second.data or "")
    try:
        return nights.add_pair(night, players, form.key())
    except services.Refused as refused:
        return render(refused.msg)


def pair_names(night: Night) -> dict[int, str]:
    """Each pair's name as the night's pages write it ("Ana & Luis"), by the pair's number."""
    return {pair.number: " & ".join(pair.players) for pair in night.pairs}


def night_view(night: Night) -> dict[str, Any]:
    """What every page of the night shows: its rule set, pairs, the round in play and its tables, standings."""
    current: NightRound | None = night.played[-1] if night.played else None
    results = table_results(night)
    tables = []
    lines = round_sheet(night, current, results) if current is not None else []
    for table, table_lines in zip(current.tables if current is not None else [], lines, strict=True):
        sheet = services.compute_sheet(table.game) if table.game is not None else None
        tables.append((table, results[table.id], sheet, table_lines))
    names = pair_names(night)
    graded = grades.night_grades(night, results)
    return {
        "night": night,
        "ruleset_name": translate(RULESETS[night.ruleset_id].name),
        "current": current,
        "tables": tables,
        "names": names,
        "results": results,
        "standings": night_standings(night, results),
        "graded": graded,
        "handicapped": night_standings(night, results, graded.handicaps) if graded and night.handicap else None,
        "pair_size": nights.players_a_pair(night.ruleset_id),
        "waiting": nights.waiting_pairs(night),
        "between_rounds": all(result.counts for _, result, _, _ in tables),
        "last_drawn": night_rounds.last_round_drawn(night),  # no round past it is offered
        "over": night_rounds.night_over(night, results),  # the standings are final
    }


def _door(night: Night) -> dict[str, Any]:
    """What the door's page shows: the night, and where its name boxes ask for members' names (a night of a
    club: a few, once three letters are typed; never the roster)."""
    names = None
    if night.club_id is not None:
        names = url_for("games.door_names", public_id=night.public_id, door=nights.door_key(night))
    return {**night_view(night), "names_url": names}


def _board(night: Night, pair_form: PairForm, reason_form: ReasonForm, problem: str | None = None) -> dict[str, Any]:
    director = shared_url("games.night_board", director_token=night.director_token)
    public = shared_url("games.night_page", public_id=night.public_id)
    door = shared_url("games.join_night", public_id=night.public_id, door=nights.door_key(night))
    shown = night_view(night)
    if not pair_form.save_key.data:
        pair_form.save_key.data = new_token()
    return {
        **shown,
        "pair_form": pair_form,
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


def board_refusing(night: Night, problem: str, status: int, reason_form: ReasonForm | None = None) -> Page:
    """The board again, saying on top why a change was refused (nothing changed), answered with ``status``."""
    shown = _board(night, PairForm(), reason_form or ReasonForm(), problem)
    return render_template("nights/board.html", **shown), status
