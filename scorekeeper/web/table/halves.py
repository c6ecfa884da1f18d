"""Each side its own half: a side's half of the hand form, reached by the side's own link (the hand in play, or a
half of its reopened by another side), scored item by item as it is typed, sent, and refused naming the rule,
with what was typed kept; two phones of one side sending at once are shown both halves, each named by who sent
it. The side's own page and its word on a hand are side.py's.

A side's link sends that side's half and its word, nothing else: the game's edit link is never shown
through it. Every page of a side follows the game live, as the sheet does.
"""

from __future__ import annotations

from typing import Any

from flask import abort, redirect, render_template, request, session, url_for
from flask_babel import gettext

from ... import services
from ...engine import RuleViolation, RuleViolations
from ...engine.records import Record
from ...portable.family_record import half_of
from ...shapes.limits import MAX_ROW_NUMBER, is_token
from ...store.models import Game, now
from ..common import page_cache
from ..common.blueprint import Page, bp
from ..common.wording import half_sent
from ..conditional import version_tag
from ..limiting import token_writes
from .hand_form.form import HandForm
from .hands import REFUSED, game_hand_form, keep_refused, kept_refusal
from .phones import heard
from .problems import problems_by_field, rule_problems, shape_errors
from .senders import remember_sender, remembered_sender, sender_of, sender_question
from .side import side_context, side_or_404, version_of


@bp.route(f"/s/<secret:side_token>/hands/<int(max={MAX_ROW_NUMBER}):number>", methods=["GET", "POST"])
@token_writes
def half(side_token: str, number: int) -> Page:
    """This side's half of hand ``number``: the hand in play, or a half of its reopened by another side."""
    link = side_or_404(side_token)
    game, side = link.game, link.side
    sheet = services.compute_sheet(game)
    halves = services.compute_halves(game)
    if halves is None:
        return redirect(url_for("games.sheet", public_id=game.public_id))
    if not half_in_reach(sheet, number):
        abort(404)
    typed = kept_refusal() if request.method == "GET" else None
    if request.method == "GET" and typed is None:
        if not _open_for(halves, side, number):
            return redirect(url_for("games.side_page", side_token=side_token))
        page = _half_form(game, sheet, halves, side, number, side_token)
        heard(game.id, game.public_id, side)
        return page
    form = game_hand_form(game, sheet, typed, only_side=side)
    if typed is not None:
        return _refused_again(game, sheet, form, side, number, typed.get("sent_by"))
    if not form.validate_on_submit():
        return _half_refused(game, sheet, form, side, number, status=400)
    record, where = form.to_record()
    key = form.save_key.data or ""
    sender = sender_of(game, side, request.form.get("sent_by"))
    try:
        services.send_half(
            game,
            side,
            number,
            half_of(record, side),
            record["partners"],
            expected_version=version_of(form.version.data),
            save_key=key if is_token(key) else None,
            token=side_token,
            sent_by=sender,
        )
    except services.AlreadySaved:
        pass
    except RuleViolations as refused:
        return _half_refused(game, sheet, form, side, number, refused.violations, where, status=422)
    except services.Conflict as conflict:
        form.version.data = str(_current_version(game, side, number))
        found = _conflict(game, side, conflict, sender)
        return _render_half(game, sheet, form, side, number, status=409, conflict=found)
    except services.HalfClosed:
        form.form_errors.append(_closed_sentence(number))
        return _render_half(game, sheet, form, side, number, status=409)
    except services.GameOver:
        form.form_errors.append(gettext("The game is over: no more hands can be recorded."))
        return _render_half(game, sheet, form, side, number, status=409)
    except services.NotByHalves:
        form.form_errors.append(_one_recorder_sentence())
        return _render_half(game, sheet, form, side, number, status=409)
    except services.HandNotFound:
        abort(404)
    except services.StorageUnavailable:
        form.form_errors.append(
            gettext(
                "Your half could not be sent: the scores cannot be written right now. Everything you typed is still here; try again in a moment."  # noqa: E501
            )
        )
        return _render_half(game, sheet, form, side, number, status=503)
    session.pop(REFUSED, None)
    return remember_sender(redirect(url_for("games.side_page", side_token=side_token, sent=number) + "#status"), sender)


def _half_form(
    game: Game, sheet: services.Sheet, halves: services.Halves, side: int, number: int, side_token: str
) -> str:
    """The side's half of hand ``number`` as the game stands, with its half so far if it sent one. At one
    version of the game it is the same for every phone of the side that names the same sender, but for the
    phone's CSRF token and the form's one-time save key: it is rendered once and kept, as the blank hand
    form is, and each answer puts those two in."""
    stamp = services.game_stamp(game.public_id, editable=False)  # its version, and its night's clock
    sender = remembered_sender(game, side)
    view = f"half-{number}-{sender or ''}"
    key = f"{side_token}:{version_tag(stamp.shown if stamp is not None else 2 * game.version, view)}"
    page = page_cache.halves.get(key)
    if page is None:
        form = game_hand_form(game, sheet, only_side=side)
        sent = halves.half(number, side)
        if sent is not None:
            form.load_record(services.lone_half(game, side, sent.entry, sent.partners))
        form.version.data = str(sent.version if sent is not None else 0)
        form.save_key.data = page_cache.SAVE_KEY
        body, _ = _render_half(game, sheet, form, side, number)
        page = page_cache.halves.keep(key, page_cache.for_everyone(body))
    return page_cache.for_this_phone(page)


def expired_half_form(side_token: str, number: int) -> Page:
    """A half sent with an expired or missing security token: the form comes back with every value typed and a
    fresh token, and nothing is sent. A side or hand that is not there is a 404, as the form's own address
    answers (``expired.py`` calls this)."""
    link = side_or_404(side_token)
    game, side = link.game, link.side
    sheet = services.compute_sheet(game)
    if services.compute_halves(game) is None:
        return redirect(url_for("games.sheet", public_id=game.public_id))
    if not half_in_reach(sheet, number):
        abort(404)
    form = game_hand_form(game, sheet, only_side=side)
    form.form_errors.append(
        gettext(
            "This page had been open a long time, so your half of hand %(n)s was not sent yet. Check it and send it again.",  # noqa: E501
            n=number,
        )
    )
    return _render_half(game, sheet, form, side, number, status=400)


def half_in_reach(sheet: services.Sheet, number: int) -> bool:
    """Whether hand ``number`` has a half form: a hand on the sheet, or the hand in play."""
    return 1 <= number <= sheet.next_hand


@bp.post("/s/<secret:side_token>/preview")
def half_preview(side_token: str) -> str:
    """This side's half as typed, scored item by item (the half form's live preview)."""
    link = side_or_404(side_token)
    game, side = link.game, link.side
    sheet = services.compute_sheet(game)
    number = request.args.get("number", sheet.next_hand, type=int)
    if not 1 <= number <= sheet.next_hand:
        abort(404)
    form = game_hand_form(game, sheet, only_side=side)
    shown: dict[str, Any] = {"sheet": sheet, "number": number, "me": side}
    if not form.validate_on_submit():
        return render_template(
            "games/_half_preview.html", result=None, problems=[], shape_errors=shape_errors(form), **shown
        )
    record, _ = form.to_record()
    try:
        result = services.half_result(game, side, half_of(record, side), record["partners"], number)
    except RuleViolations as refused:
        mine = services.own_problems(refused.violations, side)
        return render_template(
            "games/_half_preview.html", result=None, problems=rule_problems(game, mine, editable=False), **shown
        )
    return render_template("games/_half_preview.html", result=result.sides[side], problems=[], **shown)


# ---- helpers --------------------------------------------------------------------------------------


def _open_for(halves: services.Halves, side: int, number: int) -> bool:
    """Whether this side may send its half of hand ``number`` now."""
    if halves.pending is not None and halves.pending.number == number:
        return True
    agreement = halves.hands.get(number)
    return agreement is not None and agreement.reopened(side) is not None


def _current_version(game: Game, side: int, number: int) -> int:
    halves = services.compute_halves(services.find_game(game.public_id, editable=False) or game)
    kept = halves.half(number, side) if halves is not None else None
    return kept.version if kept is not None else 0


def _conflict(game: Game, side: int, conflict: services.Conflict, sender: str | None) -> dict[str, Any]:
    """Both halves, scored on their own, to compare, each named by who sent it and when (``sender``: who is
    sending this phone's, now)."""
    number = conflict.hand_number or 0

    def scored(record: Record | None) -> Any:
        if not record or not record.get("sides"):
            return None
        try:
            return services.half_result(game, side, record["sides"][0], record.get("partners"), number).sides[side]
        except RuleViolations:
            return None

    saved_at = conflict.saved_at or now()
    return {
        "number": number,
        "saved": scored(conflict.saved),
        "mine": scored(conflict.mine),
        "saved_name": half_sent(conflict.saved_by, saved_at),
        "mine_name": half_sent(sender, now()),
    }


def _closed_sentence(number: int) -> str:
    return str(
        gettext(
            "Hand %(n)s is complete: a half changes only when another side says it is not right, or with the game's edit link.",  # noqa: E501
            n=number,
        )
    )


def _one_recorder_sentence() -> str:
    return str(gettext("This game is now recorded by one phone: the halves are no longer taken. Nothing was saved."))


def _half_refused(
    game: Game,
    sheet: services.Sheet,
    form: HandForm,
    side: int,
    number: int,
    violations: list[RuleViolation] | None = None,
    where: dict[tuple[int, str], str] | None = None,
    *,
    status: int,
) -> Page:
    """A refused half: kept for its page, which shows it again (303 See Other), as a refused hand."""
    return keep_refused() or _render_half(game, sheet, form, side, number, violations, where, status=status)


def _refused_again(
    game: Game, sheet: services.Sheet, form: HandForm, side: int, number: int, sender: str | None
) -> Page:
    """A refused half checked again as the game stands now, with who was sending it (nothing is sent by this)."""
    if not form.validate():
        return _render_half(game, sheet, form, side, number, status=400, named=sender)
    record, where = form.to_record()
    try:
        services.half_result(game, side, half_of(record, side), record["partners"], number)
    except RuleViolations as refused:
        mine = services.own_problems(refused.violations, side)
        if mine:
            return _render_half(game, sheet, form, side, number, mine, where, status=422, named=sender)
    return _render_half(game, sheet, form, side, number, named=sender)


def _render_half(
    game: Game,
    sheet: services.Sheet,
    form: HandForm,
    side: int,
    number: int,
    violations: list[RuleViolation] | None = None,
    where: dict[tuple[int, str], str] | None = None,
    status: int = 200,
    conflict: dict[str, Any] | None = None,
    named: str | None = None,
) -> tuple[str, int]:
    """The half form (``named``: who was sending a refused half, shown again; else the request's answer, or this
    phone's from before)."""
    problems, by_field = problems_by_field(game, violations or [], where, editable=False)
    context = side_context(game, side, "")
    agreement = context["halves"].hands.get(number) if context["halves"] is not None else None
    context.update(
        form=form,
        number=number,
        minimums=sheet.minimums_in(number),
        problems=problems,
        by_field=by_field,
        conflict=conflict,
        reopened=agreement.reopened(side) if agreement is not None else None,
        asking=sender_question(game, side, named or request.form.get("sent_by")),
    )
    body = render_template("games/half.html", **context)
    return body, status
