"""Games: start one, read its sheet, record, fix and undo hands, play a rematch."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from .. import services
from ..engine import RULESETS, OptionError, RuleViolation, RuleViolations, configure
from ..engine.options import table_options, table_shapes
from ..forms import new_game_form
from ..hand_form import HandForm, hand_form
from ..i18n import translate
from ..limiting import guard_links, hand_saves, new_games
from ..limits import is_token
from ..models import Game, new_token
from ..reference import rule_topic
from ..services import phone
from .memory import forget, keep_phone_cookie, remember, remembered

bp = Blueprint("games", __name__)
guard_links(bp)

Page = str | Response | tuple[str, int]


bp.after_app_request(keep_phone_cookie)


@bp.get("/")
def home() -> str:
    """Start a game, open one by link or code; the games this phone started or opened, with their state."""
    return _home()


def _home(problem: str | None = None, typed: str = "") -> str:
    listing = [(game, services.compute_sheet(game), token) for game, token in remembered()]
    return render_template("games/home.html", listing=listing, problem=problem, typed=typed)


@bp.get("/open")
def open_game() -> Page:
    """Open a game from a pasted link (edit or read-only) or the short code shown on another phone."""
    typed = request.args.get("link", "")[:300]
    found = phone.find_opened(typed)
    if found is not None:
        game, editable = found
        remember(game, editable=editable)
        if editable:
            return redirect(url_for("games.edit_sheet", edit_token=game.edit_token))
        return redirect(url_for("games.sheet", public_id=game.public_id))
    problem = gettext("No game was found for that link or code. Check it, or ask for it again.")
    return _home(problem, typed), 404


@bp.post("/phone/forget/<public_id>")
def forget_game(public_id: str) -> Response:
    """Take a game off this phone's list (the game stays, for every other phone)."""
    forget(public_id)
    return redirect(url_for("games.home"))


@bp.get("/games/new")
def choose_ruleset() -> str:
    """Pick the rule set and the table (how many players, in how many sides)."""
    choices = [(ruleset, table_shapes(ruleset)) for ruleset in RULESETS.values()]
    return render_template("games/choose.html", choices=choices)


@bp.route("/games/new/<ruleset_id>", methods=["GET", "POST"])
@new_games
def new_game(ruleset_id: str) -> Page:
    """Players, how the game ends, the first dealer and house rules; then the game starts."""
    base = RULESETS.get(ruleset_id)
    if base is None:
        abort(404)
    asked = (request.args.get("players", type=int), request.args.get("sides", type=int))
    shapes = table_shapes(base)
    shape = next((s for s in shapes if s == asked), shapes[0] if asked == (None, None) else None)
    if shape is None:
        return redirect(url_for("games.choose_ruleset"))
    players, sides = shape
    ruleset = configure(base, table_options(base, players), sides=sides)
    form = new_game_form(ruleset, players, sides, formdata=request.form if request.method == "POST" else None)
    if form.validate_on_submit():
        options = {**table_options(base, players), **form.chosen_options(ruleset)}
        new = services.NewGame(
            ruleset_id=base.id,
            sides=tuple(services.NewSide(form.side_name(k), tuple(form.players_of_side(k))) for k in range(sides)),
            options=options,
            first_dealer=form.first_dealer.data,
        )
        try:
            game = services.start_game(new)
        except services.StorageUnavailable:
            form.form_errors.append(
                gettext("The game could not be started: the scores cannot be written right now. Try again in a moment.")
            )
            return render_template("games/new.html", form=form, ruleset=ruleset, players=players, sides=sides), 503
        except OptionError as exc:
            field = form._fields.get(f"opt_{exc.option}") or (form.hands if exc.option == "hands_in_match" else None)
            message = exc.render(translate)
            if field is not None:
                field.errors = [*field.errors, message]
            else:
                form.form_errors.append(message)
        else:
            remember(game, editable=True)
            return redirect(url_for("games.edit_sheet", edit_token=game.edit_token))
    return render_template("games/new.html", form=form, ruleset=ruleset, players=players, sides=sides)


def _game(token: str, *, editable: bool) -> Game:
    game = services.find_game(token, editable=editable)
    if game is None:
        abort(404)
    return game


@bp.get("/g/<public_id>")
def sheet(public_id: str) -> str:
    """The score sheet, read-only: no controls, nothing can change through this link."""
    game = _game(public_id, editable=False)
    page = _render_sheet(game, editable=False)
    remember(game, editable=False)
    return page


@bp.get("/e/<edit_token>")
def edit_sheet(edit_token: str) -> str:
    """The score sheet with its controls."""
    game = _game(edit_token, editable=True)
    page = _render_sheet(game, editable=True)
    remember(game, editable=True)
    return page


def _render_sheet(game: Game, *, editable: bool) -> str:
    sheet = services.compute_sheet(game)
    log = services.describe_edits(game)
    already = request.args.get("already", type=int) if editable else None
    return render_template("games/sheet.html", game=game, sheet=sheet, editable=editable, log=log, already=already)


@bp.route("/e/<edit_token>/hands/new", methods=["GET", "POST"])
@hand_saves
def record_hand(edit_token: str) -> Page:
    """Record the next hand."""
    game = _game(edit_token, editable=True)
    sheet = services.compute_sheet(game)
    form = _hand_form(game, sheet)
    if request.method == "GET":
        form.expected_hands.data = str(len(sheet.hands))
        form.save_key.data = new_token()
        return _render_hand_form(game, sheet, form, number=sheet.next_hand)
    if not form.validate_on_submit():
        return _render_hand_form(game, sheet, form, number=sheet.next_hand, status=400)
    record, where = form.to_record()
    try:
        services.record_hand(
            game, record, expected_hands=_int(form.expected_hands.data, len(sheet.hands)), save_key=_key(form)
        )
    except services.AlreadySaved as done:
        return _already_saved(game, done)
    except RuleViolations as refused:
        return _render_hand_form(game, sheet, form, sheet.next_hand, refused.violations, where, status=422)
    except services.Conflict as conflict:
        form.expected_hands.data = str(len(game.hands))
        return _render_conflict(game, form, conflict, sheet.next_hand)
    except services.GameOver:
        form.form_errors.append(gettext("The game is over: no more hands can be recorded."))
        return _render_hand_form(game, sheet, form, number=sheet.next_hand, status=409)
    except services.StorageUnavailable:
        return _not_saved(game, sheet, form, sheet.next_hand)
    return redirect(url_for("games.edit_sheet", edit_token=edit_token) + f"#hand-{sheet.next_hand}")


@bp.route("/e/<edit_token>/hands/<int:number>", methods=["GET", "POST"])
@hand_saves
def edit_hand(edit_token: str, number: int) -> Page:
    """Fix an earlier hand; every later total follows."""
    game = _game(edit_token, editable=True)
    sheet = services.compute_sheet(game)
    form = _hand_form(game, sheet)
    if request.method == "GET":
        if not 1 <= number <= len(sheet.hands):
            abort(404)
        stored = sheet.hands[number - 1]
        form.load_record(stored.record)
        form.version.data = str(stored.version)
        form.save_key.data = new_token()
        return _render_hand_form(game, sheet, form, number=number)
    if not form.validate_on_submit():
        return _render_hand_form(game, sheet, form, number=number, status=400)
    record, where = form.to_record()
    try:
        services.edit_hand(game, number, record, expected_version=_int(form.version.data, 0), save_key=_key(form))
    except services.AlreadySaved as done:
        return _already_saved(game, done)
    except RuleViolations as refused:
        return _render_hand_form(game, sheet, form, number, refused.violations, where, status=422)
    except services.Conflict as conflict:
        form.version.data = str(services.hand_version(game, number))
        return _render_conflict(game, form, conflict, number)
    except services.HandNotFound:
        abort(404)
    except services.StorageUnavailable:
        return _not_saved(game, sheet, form, number)
    return redirect(url_for("games.edit_sheet", edit_token=edit_token) + f"#hand-{number}")


@bp.post("/e/<edit_token>/preview")
def preview(edit_token: str) -> str:
    """The hand's score as typed, item by item (the live preview fetches this)."""
    game = _game(edit_token, editable=True)
    sheet = services.compute_sheet(game)
    number = request.args.get("number", sheet.next_hand, type=int)
    if not 1 <= number <= sheet.next_hand:
        abort(404)
    form = _hand_form(game, sheet)
    if not form.validate_on_submit():
        return render_template("games/_preview.html", result=None, problems=[], sheet=sheet, shape_errors=True)
    record, _ = form.to_record()
    try:
        result = services.preview_hand(game, record, number)
    except RuleViolations as refused:
        return render_template(
            "games/_preview.html", result=None, problems=_problems(game, refused.violations), sheet=sheet
        )
    return render_template("games/_preview.html", result=result, problems=[], sheet=sheet)


@bp.post("/e/<edit_token>/undo")
@hand_saves
def undo(edit_token: str) -> Response:
    """Remove the last hand (if it is still the one shown)."""
    game = _game(edit_token, editable=True)
    try:
        services.undo_last_hand(
            game,
            expected_number=request.form.get("number", type=int) or 0,
            expected_version=request.form.get("version", type=int) or 0,
        )
    except (services.Conflict, services.HandNotFound):
        return redirect(url_for("games.edit_sheet", edit_token=edit_token, stale=1))
    return redirect(url_for("games.edit_sheet", edit_token=edit_token))


@bp.post("/e/<edit_token>/rematch")
@new_games
def rematch(edit_token: str) -> Response:
    """A new game with the same players and rules."""
    game = _game(edit_token, editable=True)
    created = services.rematch(game)
    remember(created, editable=True)
    return redirect(url_for("games.edit_sheet", edit_token=created.edit_token))


@bp.post("/e/<edit_token>/new-link")
def new_edit_link(edit_token: str) -> Response:
    """Replace the game's edit link (the old one stops working), e.g. after it was shared too widely."""
    game = services.replace_edit_link(_game(edit_token, editable=True))
    remember(game, editable=True)
    return redirect(url_for("games.edit_sheet", edit_token=game.edit_token, new_link=1) + "#share")


# ---- helpers -----------------------------------------------------------------------------


def _key(form: HandForm) -> str | None:
    """The form's one-time key, when it is one."""
    key = form.save_key.data or ""
    return key if is_token(key) else None


def _already_saved(game: Game, done: services.AlreadySaved) -> Response:
    """The same form came again (Back and Save, a double tap, a retry): show the hand it saved."""
    sheet = url_for("games.edit_sheet", edit_token=game.edit_token, already=done.hand_number)
    return redirect(sheet + f"#hand-{done.hand_number}")


def _int(text: str | None, fallback: int) -> int:
    try:
        return int(text or "")
    except ValueError:
        return fallback


def _hand_form(game: Game, sheet: services.Sheet) -> HandForm:
    formdata = request.form if request.method == "POST" else None
    return hand_form(sheet.ruleset, sheet.side_names, formdata=formdata)


def _problems(game: Game, violations: list[RuleViolation]) -> list[dict[str, Any]]:
    """Each problem with its sentence and a link to the rule, as this game plays it."""
    return [
        {
            "rule": v.rule,
            "side": v.side,
            "field": v.field,
            "message": v.render(translate),
            "help": url_for("rules.topic", edit_token=game.edit_token, slug=rule_topic(v.rule)) + f"#{v.rule}",
        }
        for v in violations
    ]


def _render_hand_form(
    game: Game,
    sheet: services.Sheet,
    form: HandForm,
    number: int,
    violations: list[RuleViolation] | None = None,
    where: dict[tuple[int, str], str] | None = None,
    status: int = 200,
    conflict: dict[str, Any] | None = None,
    action: str | None = None,
) -> tuple[str, int]:
    problems = _problems(game, violations or [])
    by_field: dict[str, list[dict[str, Any]]] = {}
    for problem in problems:
        key = (where or {}).get((problem["side"], problem["field"] or ""))
        if key is None and problem["field"] in ("went_out", "concealed", "partners"):
            key = problem["field"] if problem["field"] == "partners" else "out"
        if key is None and problem["side"] is not None:
            key = f"s{problem['side']}_"
        by_field.setdefault(key or "", []).append(problem)
    body = render_template(
        "games/hand.html",
        game=game,
        sheet=sheet,
        form=form,
        number=number,
        problems=problems,
        by_field=by_field,
        conflict=conflict,
        action=action,
        editable=True,
    )
    return body, status


def _not_saved(game: Game, sheet: services.Sheet, form: HandForm, number: int) -> tuple[str, int]:
    """The database refused the write: the form comes back as typed, with a plain sentence (503)."""
    form.form_errors.append(
        gettext(
            "Hand %(n)s could not be saved: the scores cannot be written right now. Everything you typed is still here; try Save again in a moment.",  # noqa: E501
            n=number,
        )
    )
    return _render_hand_form(game, sheet, form, number, status=503)


def _render_conflict(game: Game, form: HandForm, conflict: services.Conflict, number: int) -> tuple[str, int]:
    sheet = services.compute_sheet(game)
    saved = services.score_record(game, conflict.saved, number) if conflict.saved else None
    mine = services.score_record(game, conflict.mine, number)
    undone = conflict.saved is None and number == sheet.next_hand
    info = {"number": conflict.hand_number, "saved": saved, "mine": mine, "undone": undone}
    action = None
    if undone:  # the hand is gone: saving again records it as the next hand
        action = url_for("games.record_hand", edit_token=game.edit_token)
        form.expected_hands.data = str(len(sheet.hands))
    return _render_hand_form(game, sheet, form, number, status=409, conflict=info, action=action)
