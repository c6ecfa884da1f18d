"""Hands: record the next one, fix one, the live preview, undo and put back; the forms come back
with every value typed whatever ends a save (a refusal, a conflict, a full database, an old page).

A hand the rules or the form refuse is answered by post/redirect/get: the form as typed is kept in the
phone's session and shown again by the page's own address, so that Back from a rule's page (the
refusal links to it) returns to the form with its values, never to the browser's "Confirm Form
Resubmission"."""

from __future__ import annotations

import json
import zlib
from typing import Any, Literal

from flask import abort, redirect, render_template, request, session, url_for
from flask_babel import gettext
from flask_wtf.csrf import generate_csrf
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from ... import services
from ...engine import RuleViolation, RuleViolations
from ...services.table import presence
from ...shapes.limits import MAX_ROW_NUMBER, is_token
from ...store.models import EDIT_LINK, Game, new_token
from ..common import page_cache
from ..common.blueprint import Page, bp
from ..common.memory import phone_id
from ..conditional import version_tag
from ..limiting import token_writes
from .games import find_or_404
from .hand_form.form import HandForm, hand_form
from .phones import heard
from .problems import problems_by_field, rule_problems, shape_errors


@bp.route("/e/<secret:edit_token>/hands/new", methods=["GET", "POST"])
@token_writes
def record_hand(edit_token: str) -> Page:
    """Record the next hand."""
    typed = kept_refusal() if request.method == "GET" else None
    if request.method == "GET" and typed is None:
        return _blank_hand_form(edit_token)
    game = find_or_404(edit_token, editable=True)
    sheet = services.compute_sheet(game)
    if typed is not None:
        return _refused_again(game, sheet, sheet.next_hand, typed)
    form = game_hand_form(game, sheet)
    if not form.validate_on_submit():
        return _refused(game, sheet, form, sheet.next_hand, status=400)
    record, where = form.to_record()
    try:
        services.record_hand(
            game, record, expected_hands=_int(form.expected_hands.data, len(sheet.hands)), save_key=_key(form)
        )
    except services.AlreadySaved as done:
        return _already_saved(game, done)
    except RuleViolations as refused:
        return _refused(game, sheet, form, sheet.next_hand, refused.violations, where, status=422)
    except services.Conflict as conflict:
        form.expected_hands.data = str(len(sheet.hands))
        return _render_conflict(game, form, conflict, sheet.next_hand)
    except services.GameOver:
        form.form_errors.append(gettext("The game is over: no more hands can be recorded."))
        return _render_hand_form(game, sheet, form, number=sheet.next_hand, status=409)
    except services.StorageUnavailable:
        return _not_saved(game, sheet, form, sheet.next_hand)
    session.pop(REFUSED, None)
    return redirect(url_for("games.edit_sheet", edit_token=edit_token) + f"#hand-{sheet.next_hand}")


@bp.route(f"/e/<secret:edit_token>/hands/<int(max={MAX_ROW_NUMBER}):number>", methods=["GET", "POST"])
@token_writes
def edit_hand(edit_token: str, number: int) -> Page:
    """Fix an earlier hand; every later total follows."""
    game = find_or_404(edit_token, editable=True)
    sheet = services.compute_sheet(game)
    if not hand_in_reach(sheet, number, posted=request.method == "POST"):
        abort(404)
    typed = kept_refusal() if request.method == "GET" else None
    if typed is not None:
        return _refused_again(game, sheet, number, typed)
    form = game_hand_form(game, sheet)
    if request.method == "GET":
        stored = sheet.hands[number - 1]
        form.load_record(stored.record)
        form.version.data = str(stored.version)
        form.save_key.data = new_token()
        return _render_hand_form(game, sheet, form, number=number)
    if not form.validate_on_submit():
        return _refused(game, sheet, form, number, status=400)
    record, where = form.to_record()
    try:
        services.edit_hand(game, number, record, expected_version=_int(form.version.data, 0), save_key=_key(form))
    except services.AlreadySaved as done:
        return _already_saved(game, done)
    except RuleViolations as refused:
        return _refused(game, sheet, form, number, refused.violations, where, status=422)
    except services.Conflict as conflict:
        form.version.data = str(services.hand_version(game, number))
        return _render_conflict(game, form, conflict, number)
    except services.HandNotFound:
        abort(404)
    except services.StorageUnavailable:
        return _not_saved(game, sheet, form, number)
    session.pop(REFUSED, None)
    return redirect(url_for("games.edit_sheet", edit_token=edit_token, fixed=number) + f"#hand-{number}")


def expired_hand_form(edit_token: str, number: int | None) -> Page:
    """A hand form sent with an expired or missing security token (a page open very long, a new browser
    session): the form comes back with every value typed and a fresh token, and nothing is saved. A game or
    hand that is not there is a 404, as the form's own address answers (``expired.py`` calls this)."""
    game = find_or_404(edit_token, editable=True)
    sheet = services.compute_sheet(game)
    if number is None:
        number = sheet.next_hand
    elif not hand_in_reach(sheet, number, posted=True):
        abort(404)
    form = game_hand_form(game, sheet)
    form.form_errors.append(
        gettext(
            "This page had been open a long time, so hand %(n)s was not saved yet. Check it and save again.", n=number
        )
    )
    return _render_hand_form(game, sheet, form, number, status=400)


def hand_in_reach(sheet: services.Sheet, number: int, *, posted: bool) -> bool:
    """Whether hand ``number`` has a form: a hand on the sheet, or, when one is sent, the next one too (a fix
    sent for the next number may be of a hand undone meanwhile: a conflict)."""
    return 1 <= number <= (sheet.next_hand if posted else len(sheet.hands))


@bp.post("/e/<secret:edit_token>/preview")
def preview(edit_token: str) -> str:
    """The hand's score as typed, item by item (the live preview fetches this)."""
    game = find_or_404(edit_token, editable=True)
    sheet = services.compute_sheet(game)
    number = request.args.get("number", sheet.next_hand, type=int)
    if not 1 <= number <= sheet.next_hand:
        abort(404)
    form = game_hand_form(game, sheet)
    me = phone_id(create=False)
    shown = {"sheet": sheet, "number": number, "elsewhere": presence.others_typing(game.id, number, me)}
    if not form.validate_on_submit():
        wrong = shape_errors(form)
        body = render_template("games/_preview.html", result=None, problems=[], shape_errors=wrong, **shown)
    else:
        record, _ = form.to_record()
        try:
            result = services.preview_hand(game, record, number)
        except RuleViolations as refused:
            body = render_template(
                "games/_preview.html", result=None, problems=rule_problems(game, refused.violations), **shown
            )
        else:
            body = render_template("games/_preview.html", result=result, problems=[], **shown)
    if me is not None:
        presence.note_typing(game, number, me)  # after the page: the note's transaction expires what was loaded
    heard(game.id, game.public_id, EDIT_LINK)  # a recorder typing a hand at a club night's table
    return body


@bp.post("/e/<secret:edit_token>/undo")
@token_writes
def undo(edit_token: str) -> Response:
    """Remove the last hand (if it is still the one shown)."""
    game = find_or_404(edit_token, editable=True)
    try:
        services.undo_last_hand(
            game,
            expected_number=request.form.get("number", type=int) or 0,
            expected_version=request.form.get("version", type=int) or 0,
        )
    except (services.Conflict, services.HandNotFound):
        return redirect(url_for("games.edit_sheet", edit_token=edit_token, stale=1))
    return redirect(url_for("games.edit_sheet", edit_token=edit_token))


@bp.post(f"/e/<secret:edit_token>/restore/<int(max={MAX_ROW_NUMBER}):undo_id>")
@token_writes
def restore(edit_token: str, undo_id: int) -> Response:
    """Put an undone hand back (the undo was a mistake)."""
    game = find_or_404(edit_token, editable=True)
    try:
        hand = services.restore_hand(game, undo_id)
    except (services.NotRestorable, services.GameOver):
        return redirect(url_for("games.edit_sheet", edit_token=edit_token, stale=1))
    return redirect(url_for("games.edit_sheet", edit_token=edit_token) + f"#hand-{hand.number}")


# ---- helpers -----------------------------------------------------------------------------

#: Look up whether another phone is typing the hand (``_render_hand_form``'s default).
ASK: Literal["ask"] = "ask"


def _blank_hand_form(edit_token: str) -> Page:
    """The next hand's empty form. At one game version and language it is the same for every phone of
    the table but for the phone's CSRF token and the form's one-time save key: it is rendered once and
    kept, and each answer puts those two in. A phone told that another one is typing the same hand gets
    its own rendering."""
    stamp = services.game_stamp(edit_token, editable=True)
    if stamp is None:
        abort(404)
    key = f"{edit_token}:{version_tag(stamp.version, 'hand-form')}"
    me = phone_id(create=False)
    kept = page_cache.forms.get(key)
    if kept is None or presence.others_typing(stamp.id, kept[0], me) is not None:
        game = find_or_404(edit_token, editable=True)
        sheet = services.compute_sheet(game)
        form = game_hand_form(game, sheet)
        form.expected_hands.data = str(len(sheet.hands))
        form.save_key.data = page_cache.SAVE_KEY
        elsewhere = presence.others_typing(game.id, sheet.next_hand, me)
        page, _ = _render_hand_form(game, sheet, form, number=sheet.next_hand, elsewhere=elsewhere)
        page = page_cache.for_everyone(page)
        if elsewhere is None:
            page_cache.forms.keep(key, (sheet.next_hand, page))
    else:
        page = kept[1]
    heard(stamp.id, stamp.public_id, EDIT_LINK)
    return page_cache.for_this_phone(page)


#: Where the session keeps a refused form: its page's address and the values as sent.
REFUSED = "refused_hand"
#: The largest refused form kept (compressed, in bytes): the session is a cookie of at most 4 KB. A
#: larger one (far beyond any real hand) is answered on the spot, as before.
KEPT_AT_MOST = 2000


def _refused(
    game: Game,
    sheet: services.Sheet,
    form: HandForm,
    number: int,
    violations: list[RuleViolation] | None = None,
    where: dict[tuple[int, str], str] | None = None,
    *,
    status: int,
) -> Page:
    """A refused hand: kept for its page, which shows it again (303 See Other to it)."""
    return keep_refused() or _render_hand_form(game, sheet, form, number, violations, where, status=status)


def keep_refused() -> Response | None:
    """The form as sent, kept in the phone's session for its page (never its CSRF token): the 303 to that
    page, or None when it is too large to keep (then it is answered on the spot)."""
    typed = [[name, value] for name, value in request.form.items(multi=True) if name != "csrf_token"]
    if len(zlib.compress(json.dumps(typed).encode())) > KEPT_AT_MOST:
        return None
    session[REFUSED] = {"path": request.path, "typed": typed}
    return redirect(f"{request.path}?refused=1", code=303)


def kept_refusal() -> MultiDict[str, str] | None:
    """The form this phone sent to this page and had refused, when the page is asked for it again
    (``?refused=1``: the refusal's redirect, Back, a reload); None otherwise."""
    kept = session.get(REFUSED)
    if not request.args.get("refused") or not isinstance(kept, dict) or kept.get("path") != request.path:
        return None
    typed = MultiDict([(str(name), str(value)) for name, value in kept.get("typed", [])])
    typed["csrf_token"] = generate_csrf()  # its own was checked when it was sent; the page carries a fresh one
    return typed


def _refused_again(game: Game, sheet: services.Sheet, number: int, typed: MultiDict[str, str]) -> Page:
    """The refused form checked again as the game stands now: 400 or 422 as when it was sent, or 200 if it
    passes now (an earlier hand fixed meanwhile); nothing is saved by this."""
    form = game_hand_form(game, sheet, typed)
    if not form.validate():
        return _render_hand_form(game, sheet, form, number, status=400)
    record, where = form.to_record()
    try:
        services.preview_hand(game, record, number)
    except RuleViolations as refused:
        return _render_hand_form(game, sheet, form, number, refused.violations, where, status=422)
    return _render_hand_form(game, sheet, form, number)


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


def game_hand_form(
    game: Game, sheet: services.Sheet, typed: MultiDict[str, str] | None = None, *, only_side: int | None = None
) -> HandForm:
    """The game's hand form holding what was sent (``typed``, else the request's form when posted);
    ``only_side``: the side whose half it is (its fields alone are on the page)."""
    formdata = typed if typed is not None else (request.form if request.method == "POST" else None)
    modes = _entry_modes(game, sheet)
    return hand_form(
        sheet.ruleset, sheet.side_names, formdata=formdata, modes=modes, players=sheet.side_players, only_side=only_side
    )


def _entry_modes(game: Game, sheet: services.Sheet) -> list[str]:
    """Each side's way of entry: as that side entered the last hand, or as the game was started."""
    if sheet.hands:
        return ["quick" if side.get("quick") else "detailed" for side in sheet.hands[-1].record["sides"]]
    return [game.entry_mode] * len(sheet.side_names)


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
    elsewhere: int | Literal["ask"] | None = ASK,
) -> tuple[str, int]:
    problems, by_field = problems_by_field(game, violations or [], where)
    body = render_template(
        "games/hand.html",
        game=game,
        sheet=sheet,
        form=form,
        number=number,
        minimums=sheet.minimums_in(number),
        problems=problems,
        by_field=by_field,
        conflict=conflict,
        action=action,
        editable=True,
        elsewhere=presence.others_typing(game.id, number, phone_id(create=False)) if elsewhere == ASK else elsewhere,
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
