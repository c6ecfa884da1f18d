"""A side's own page, reached by its own link when each side counts its own half: the hand in play (who is still
counting), its half, the hands it is asked to agree to and a half of its reopened, followed live as the sheet
is; and the side's word on the hand the halves made (agreed, or not right), its half taken back or sent again
as it is. The half form itself is halves.py's; the edit link's choice of how hands are recorded is on the share
page (share.py).

A side's link sends that side's half and its word, nothing else: the game's edit link is never shown through it.
"""

from __future__ import annotations

from typing import Any

from flask import abort, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ... import services
from ...engine import RuleViolations
from ...services.night import round_play
from ...services.night.night_results import table_result
from ...shapes.limits import MAX_ROW_NUMBER, is_token
from ...store.models import Game
from ...translation import render
from ..common.blueprint import Page, bp
from ..common.memory import remember_viewed
from ..common.wording import half_sent
from ..conditional import unchanged, version_tag
from ..limiting import token_found, token_writes
from .phones import heard
from .problems import rule_problems
from .senders import remembered_sender


def side_or_404(token: str) -> services.SideLink:
    link = services.find_side(token) if is_token(token) else None
    if link is None:
        abort(404)
    token_found("side", link.game.id, link.side)  # a write under a side's link counts for the side
    return link


@bp.get("/s/<secret:side_token>")
def side_page(side_token: str) -> Response:
    """A side's own page: the hand in play (who is still counting), its half, the hands the side is
    asked to agree to, a half of its reopened. Followed live, as the sheet is."""
    link = side_or_404(side_token)
    game = link.game
    stamp = services.game_stamp(game.public_id, editable=False)  # its version, and its night's clock
    tag = version_tag(stamp.shown if stamp is not None else game.version, f"side-{link.side}")
    same = unchanged(tag)
    if same is not None:
        heard(game.id, game.public_id, link.side, says_kept=True)
        return same
    response = make_response(render_template("games/side.html", **side_context(game, link.side, tag)))
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    remember_viewed(game.id, None)
    # after the page: a note's transaction expires what was loaded
    heard(game.id, game.public_id, link.side, says_kept=True)
    return response


def side_context(game: Game, side: int, tag: str) -> dict[str, Any]:
    sheet = services.compute_sheet(game)
    halves = services.compute_halves(game)
    to_judge = []  # (hand on the sheet, its agreement) for the hands this side has not agreed to
    reopened = []  # (number, the word that reopened this side's half)
    if halves is not None:
        for number in halves.not_agreed:
            agreement = halves.hands[number]
            word = agreement.reopened(side)
            if word is not None:
                reopened.append((number, word))
            if not agreement.agreed_by(side) and number <= len(sheet.hands):
                to_judge.append((sheet.hands[number - 1], agreement))
    pending = halves.pending if halves is not None else None
    mine = pending.halves[side] if pending is not None else None
    night_table = round_play.table_of(game)
    return {
        "game": game,
        "sheet": sheet,
        "halves": halves,
        "me": side,
        "others": [k for k in range(len(sheet.side_names)) if k != side],  # whose half a side may say is wrong
        "pending": pending,
        "mine": mine,
        "mine_result": _result_of(game, side, mine, pending.number) if mine is not None and pending else None,
        "mine_sent": half_sent(mine.sent_by, mine.sent_at) if mine is not None and mine.sent_at else None,
        "pending_problems": rule_problems(game, list(pending.problems), editable=False) if pending is not None else [],
        "to_judge": to_judge,
        "reopened": reopened,
        "etag": tag,
        "side_token": game.sides[side].token,
        "night_table": night_table,
        "table_result": table_result(night_table) if night_table is not None else None,
    }


def _result_of(game: Game, side: int, half: services.Half, number: int) -> Any:
    """The side's score for its half, item by item (None if it no longer passes the rules)."""
    try:
        return services.half_result(game, side, half.entry, half.partners, number).sides[side]
    except RuleViolations:
        return None


@bp.get("/s/<secret:side_token>/status")
def half_status(side_token: str) -> Response:
    """Who is still counting the hand in play (the half form shows it live, as a fragment)."""
    link = side_or_404(side_token)
    game = link.game
    tag = version_tag(game.version, f"status-{link.side}")
    same = unchanged(tag)
    if same is not None:
        heard(game.id, game.public_id, link.side, says_kept=True)
        return same
    context = side_context(game, link.side, tag)
    response = make_response(render_template("games/_halves_status.html", **context))
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    heard(game.id, game.public_id, link.side, says_kept=True)
    return response


@bp.post(f"/s/<secret:side_token>/hands/<int(max={MAX_ROW_NUMBER}):number>/withdraw")
@token_writes
def withdraw(side_token: str, number: int) -> Response:
    """Take this side's half of the hand in play back (the side counts again)."""
    link = side_or_404(side_token)
    try:
        services.withdraw_half(link.game, link.side, number, version_of(request.form.get("version")), token=side_token)
    except (services.Conflict, services.HalfClosed, services.HandNotFound, services.NotByHalves):
        return _back(side_token, stale=True)
    return _back(side_token)


@bp.post(f"/s/<secret:side_token>/hands/<int(max={MAX_ROW_NUMBER}):number>/keep")
@token_writes
def keep(side_token: str, number: int) -> Response:
    """ "It is right as it is": this side sends its reopened half again unchanged (the others are asked again)."""
    link = side_or_404(side_token)
    halves = services.compute_halves(link.game)
    kept = halves.half(number, link.side) if halves is not None else None
    if kept is None:
        return _back(side_token, stale=True)
    try:
        sender = remembered_sender(link.game, link.side)
        services.send_half(
            link.game, link.side, number, kept.entry, kept.partners, kept.version, token=side_token, sent_by=sender
        )
    except (RuleViolations, services.GameError):
        return _back(side_token, stale=True)
    return _back(side_token)


@bp.post(f"/s/<secret:side_token>/hands/<int(max={MAX_ROW_NUMBER}):number>/agree")
@token_writes
def agree(side_token: str, number: int) -> Response:
    """This side agrees to hand ``number`` as it stands (the version it was shown)."""
    link = side_or_404(side_token)
    try:
        services.agree(link.game, link.side, number, version_of(request.form.get("version")), token=side_token)
    except (services.HandChanged, services.HandNotFound, services.NotByHalves):
        return _back(side_token, stale=True)
    return _back(side_token)


@bp.post(f"/s/<secret:side_token>/hands/<int(max={MAX_ROW_NUMBER}):number>/dispute")
@token_writes
def dispute(side_token: str, number: int) -> Page:
    """This side says another side's half of hand ``number`` is not right: that half opens again."""
    link = side_or_404(side_token)
    disputed = request.form.get("side", type=int)
    remark = request.form.get("remark", "")[:1000]
    try:
        version = version_of(request.form.get("version"))
        services.dispute(link.game, link.side, number, version, disputed or 0, remark, token=side_token)
    except services.Refused as refused:
        response = make_response(
            render_template(
                "games/side.html",
                **side_context(link.game, link.side, ""),
                word_problem=(number, render(refused.msg)),
                typed_remark=remark,
            ),
            400,
        )
        return response
    except (services.HandChanged, services.HandNotFound, services.NotByHalves):
        return _back(side_token, stale=True)
    return _back(side_token)


def _back(side_token: str, *, stale: bool = False) -> Response:
    """The side's page (saying the game changed meanwhile, when ``stale``)."""
    if stale:
        return redirect(url_for("games.side_page", side_token=side_token, stale=1))
    return redirect(url_for("games.side_page", side_token=side_token))


def version_of(text: str | None) -> int:
    """The version a form says it was shown (-1: none, or not a number)."""
    try:
        return int(text or "")
    except ValueError:
        return -1
