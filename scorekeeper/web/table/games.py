"""A game: start one, read its sheet (or the table view), play a rematch, change its note; a read-only or edit
link joins the phone's list once the sheet's script runs."""

from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup
from werkzeug.wrappers import Response

from ... import services
from ...engine import RULESETS, OptionError, configure
from ...engine.options import table_options, table_shapes
from ...services.night import night_results, round_play
from ...services.table import history
from ...shapes.limits import is_token
from ...store.models import EDIT_LINK, Game, new_token
from ...translation import render, translate, whole
from ..common import page_cache
from ..common.blueprint import Page, bp
from ..common.chart import chart_of
from ..common.memory import (
    remember,
    remember_viewed,
)
from ..common.sharing import result_text
from ..conditional import version_tag
from ..limiting import new_games, token_found
from .forms import NoteForm, new_game_form
from .offline_new import offline_start
from .phones import heard
from .problems import rule_problems


@bp.post("/g/<public_id>/remember")
def remember_read_only(public_id: str) -> tuple[str, int]:
    """The sheet's script, once the page is open in a browser: the game joins this phone's list."""
    remember(find_or_404(public_id, editable=False), editable=False)
    return "", 204


@bp.post("/e/<secret:edit_token>/remember")
def remember_editable(edit_token: str) -> tuple[str, int]:
    """The same through the edit link: the phone keeps the link that edits."""
    remember(find_or_404(edit_token, editable=True), editable=True)
    return "", 204


@bp.get("/games/new")
def choose_ruleset() -> str:
    """Pick the rule set and the table (how many players, in how many sides)."""
    choices = [(ruleset, table_shapes(ruleset)) for ruleset in RULESETS.values()]
    group = history.find_group(request.args.get("group", ""))
    return render_template("games/choose.html", choices=choices, group=group)


@bp.route("/games/new/<ruleset_id>", methods=["GET", "POST"])
@new_games
def new_game(ruleset_id: str) -> Page:
    """Players, how the game ends, the first dealer and house rules; then the game starts."""
    base = RULESETS.get(ruleset_id)
    if base is None:
        abort(404)
    asked = (request.args.get("players", type=int), request.args.get("sides", type=int))
    shapes = table_shapes(base)
    usual = next((s for s in shapes if s[0] == base.players), shapes[0])  # asked for no table: its usual one
    shape = next((s for s in shapes if s == asked), usual if asked == (None, None) else None)
    if shape is None:
        return redirect(url_for("games.choose_ruleset"))
    players, sides = shape
    ruleset = configure(base, table_options(base, players), sides=sides)
    form = new_game_form(ruleset, players, sides, formdata=request.form if request.method == "POST" else None)
    group = history.find_group(request.args.get("group", ""))
    if group is not None and request.method == "GET":
        for field, player in zip(form.seat_fields(), group.players, strict=False):
            field.data = player.name  # the group's players, in its order: change any before starting
    if form.validate_on_submit():
        options = {**table_options(base, players), **form.chosen_options(ruleset)}
        new = services.NewGame(
            ruleset_id=base.id,
            sides=tuple(services.NewSide(form.side_name(k), tuple(form.players_of_side(k))) for k in range(sides)),
            options=options,
            first_dealer=form.first_dealer.data,
            entry_mode=form.entry_mode.data,
            starting_totals=form.starting_totals(),
            note=form.note.data or "",
            recording=form.recording.data or "one",
            save_key=form.save_key.data if is_token(form.save_key.data or "") else None,
        )
        try:
            game = services.start_game(new)
        except services.StorageUnavailable:
            form.form_errors.append(
                gettext("The game could not be started: the scores cannot be written right now. Try again in a moment.")
            )
            return render_template("games/new.html", form=form, ruleset=ruleset, players=players, sides=sides), 503
        except services.Refused as refused:  # the totals carried over (the form gives the rest in shape)
            if refused.field == "starting_totals":
                form.start_fields()[0].errors = [*form.start_fields()[0].errors, render(refused.msg)]
            else:
                form.form_errors.append(render(refused.msg))
        except OptionError as exc:
            field = form._fields.get(f"opt_{exc.option}") or (form.hands if exc.option == "hands_in_match" else None)
            message = exc.render(translate, whole)
            if field is not None:
                field.errors = [*field.errors, message]
            else:
                form.form_errors.append(message)
        else:
            if group is not None:
                history.add_game(group, game)
            remember(game, editable=True)
            if game.recording == "halves":  # each side's own code first, to hand out
                return redirect(url_for("games.share", edit_token=game.edit_token) + "#side-links")
            return redirect(url_for("games.edit_sheet", edit_token=game.edit_token))
    if not form.save_key.data:
        form.save_key.data = new_token()  # pressed twice, or sent again by a phone that started it offline: one game
    return render_template(
        "games/new.html",
        form=form,
        ruleset=ruleset,
        players=players,
        sides=sides,
        offline_start=offline_start(base, ruleset, form, players, sides),
    )


def find_or_404(token: str, *, editable: bool) -> Game:
    game = services.find_game(token, editable=editable)
    if game is None:
        abort(404)
    if editable:
        token_found("game", game.id)  # a write under its edit link counts for the game
    return game


@bp.get("/g/<public_id>")
def sheet(public_id: str) -> Response:
    """The score sheet, read-only: no controls, nothing can change through this link. Phones following
    the game ask again every few seconds; while nothing changed the answer is an empty 304."""
    return _live_sheet(public_id, editable=False)


@bp.get("/e/<secret:edit_token>")
def edit_sheet(edit_token: str) -> Response:
    """The score sheet with its controls (followed live like the read-only one)."""
    return _live_sheet(edit_token, editable=True)


@bp.get("/g/<public_id>/table")
def table(public_id: str) -> Response:
    """The table view, for a tablet or a TV: each side's total in large type, followed live."""
    return _live_sheet(public_id, editable=False, view="table")


def _live_sheet(token: str, *, editable: bool, view: str = "sheet") -> Response:
    stamp = services.game_stamp(token, editable=editable)
    if stamp is None:
        abort(404)
    tag = version_tag(stamp.shown, "edit" if editable else f"read-{view}")

    def render() -> str:
        game = find_or_404(token, editable=editable)
        title, body = _render_sheet(game, editable=editable, etag=tag, view=view)
        return render_template(
            "games/sheet.html",
            game=game,
            editable=editable,
            title=title,
            main_html=Markup(body),
            view=view,
            csrf_token=page_cache.session_token,
        )

    response = page_cache.followed(token, tag, render)
    if editable:  # the recorder's phone, at a club night's table: heard from, and what it keeps unsent
        heard(stamp.id, stamp.public_id, EDIT_LINK, says_kept=True)
    if response.status_code == 304:
        return response
    if not editable:
        response.headers["Cache-Control"] = "no-cache"  # keep it, but ask each time (a 304 while unchanged)
    remember_viewed(stamp.id, token if editable else None)
    return response


def _render_sheet(game: Game, *, editable: bool, etag: str, view: str) -> tuple[str, str]:
    """The sheet's (or the table view's) title and body: everything but the page around it."""
    sheet = services.compute_sheet(game)
    log = services.describe_edits(game)
    already = request.args.get("already", type=int) if editable else None
    undone = services.restorable_undo(game) if editable else None
    result = result_text(sheet, translate(sheet.ruleset.name)) if sheet.game_over else ""
    halves = services.compute_halves(game)
    pending = halves.pending if halves is not None else None
    night_table = round_play.table_of(game) if editable else None
    body = render_template(
        f"games/_{view}_main.html",
        game=game,
        sheet=sheet,
        editable=editable,
        log=log,
        already=already,
        undone=undone,
        result_text=result,
        chart=chart_of(sheet) if view == "sheet" else None,
        halves=halves,
        pending=pending,
        pending_problems=rule_problems(game, list(pending.problems), editable=editable) if pending else [],
        night_table=night_table,
        table_result=night_results.table_result(night_table) if night_table is not None else None,
        csrf_token=page_cache.session_token,  # the same body serves every phone of the table
        etag=etag,
    )
    return " · ".join(sheet.side_names), body


@bp.post("/e/<secret:edit_token>/rematch")
@new_games
def rematch(edit_token: str) -> Response:
    """A new game with the same players and rules."""
    game = find_or_404(edit_token, editable=True)
    if round_play.table_of(game) is not None:  # a night's table: its next game is the next round's
        return redirect(url_for("games.edit_sheet", edit_token=edit_token))
    created = services.rematch(game)
    remember(created, editable=True)
    return redirect(url_for("games.edit_sheet", edit_token=created.edit_token))


@bp.route("/e/<secret:edit_token>/note", methods=["GET", "POST"])
def change_note(edit_token: str) -> Page:
    """Add or change the game's note (where, what is at stake); back to the sheet once saved."""
    game = find_or_404(edit_token, editable=True)
    form = NoteForm() if request.method == "POST" else NoteForm(data={"note": game.note})
    if form.validate_on_submit():
        try:
            services.set_note(game, form.note.data or "")
        except services.Refused as refused:
            form.note.errors = [*form.note.errors, render(refused.msg)]
        except services.StorageUnavailable:
            form.form_errors.append(
                gettext("The note could not be saved: the scores cannot be written right now. Try again in a moment.")
            )
            return render_template("games/note.html", game=game, form=form), 503
        else:
            return redirect(url_for("games.edit_sheet", edit_token=game.edit_token))
    return render_template("games/note.html", game=game, form=form), 400 if form.errors else 200
