"""Each side its own half, in the game API: the edit token chooses how hands are recorded; each side's
own token (``X-Side-Token``) sends that side's half of a hand and its word on the hand the halves make.

A side's token writes only its own side: another side's half or word is refused (403) and nothing
changes. Every answer is the game as it stands (its ``halves`` say who is still counting and who agreed).
"""

from __future__ import annotations

import hmac

from flask import jsonify, request
from flask_babel import gettext

from .. import services
from ..engine import RuleViolations
from ..engine.i18n import N_, Msg
from ..engine.records import side_from_entry
from ..shapes import requests
from ..shapes.by_ruleset import side_entries
from ..shapes.limits import is_token
from ..shapes.problems import ShapeError, read
from ..store.models import Game
from ..translation import render_plain
from ..web.bearer import SIDE_TOKEN_HEADER
from ..web.errors import json_error
from ..web.limiting import token_found, token_writes
from . import bp
from .bodies import Refusal, json_object
from .games import (
    Reply,
    change_refused,
    editable_game,
    game_json,
    game_of,
    game_reply,
    idempotency_key,
    replayed,
)


@bp.put("/games/<public_id>/recording")
def choose_recording(public_id: str) -> Reply:
    """One recorder, or each side its own half (with the edit token); the answer gives each side's token."""
    game = editable_game(public_id)
    try:
        body = read(requests.RecordingChoice, json_object())
        game = services.set_recording(game, body.recording)
    except ShapeError as exc:
        return json_error(400, "invalid_request", render_plain(exc.msg), field=exc.field)
    reply = game_json(game)
    reply["side_tokens"] = [str(side.token) for side in game.sides if side.token is not None]
    return jsonify(reply)


def _side(public_id: str, side: int) -> Game:
    """The game, when the request's ``X-Side-Token`` is side ``side``'s own (401 without one, 403 otherwise;
    each use case checks it again under the game's lock: ``services.SideMoved``, answered 403 too)."""
    game = game_of(public_id)
    token = request.headers.get(SIDE_TOKEN_HEADER, "")
    if not token:
        raise Refusal(
            json_error(401, "side_token_required", gettext("A side's half needs that side's token in X-Side-Token."))
        )
    own = game.sides[side].token if 0 <= side < len(game.sides) else None
    if own is None or not is_token(token) or not hmac.compare_digest(token, own):
        raise Refusal(
            json_error(403, "wrong_side_token", gettext("This token is not this side's: it writes only its own side."))
        )
    token_found("side", game.id, side)  # a write under a side's token counts for the side
    return game


def _token() -> str:
    """The request's side token (``_side`` has checked it is the side's, before the lock)."""
    return request.headers.get("X-Side-Token", "")


def _halves_refused(exc: Exception, game: Game) -> Reply:
    if isinstance(exc, services.NotByHalves):
        return json_error(
            409,
            "not_by_halves",
            gettext("This game is recorded by one recorder: it takes no halves."),
            field="recording",
        )
    if isinstance(exc, services.HalfClosed):
        return json_error(
            409,
            "half_closed",
            gettext("The hand is complete: a half changes only when another side says it is not right."),
        )
    if isinstance(exc, services.HandChanged):
        return json_error(409, "hand_changed", gettext("The hand changed since; look at it again."), field="version")
    if isinstance(exc, services.Refused):
        return json_error(400, "invalid_request", render_plain(exc.msg), field=exc.field)
    return change_refused(exc, game)


@bp.put("/games/<public_id>/hands/<int:number>/halves/<int:side>")
@token_writes
def send_half(public_id: str, number: int, side: int) -> Reply:
    """Send (or send again) a side's half; the last half in completes the hand (scored by the engine)."""
    game = _side(public_id, side)
    try:
        body = read(requests.HalfBody, json_object())
        if body.partners is not None and max(body.partners) >= len(game.sides):
            last = len(game.sides) - 1
            raise ShapeError(
                "partners", Msg(N_("partners must be two different side numbers from 0 to %(last)s."), {"last": last})
            )
        [entry] = side_entries(services.game_ruleset(game), [body.entry], field="entry")
        half = side_from_entry(entry) | ({"end": body.end} if body.end else {})
        services.send_half(
            game,
            side,
            number,
            half,
            body.partners,
            body.version,
            save_key=idempotency_key(),
            token=_token(),
        )
    except services.AlreadySaved:
        return replayed(game)
    except (ShapeError, RuleViolations, services.GameError, services.Refused) as exc:
        return _halves_refused(exc, game)
    return game_reply(game)


@bp.delete("/games/<public_id>/hands/<int:number>/halves/<int:side>")
@token_writes
def withdraw_half(public_id: str, number: int, side: int) -> Reply:
    """Take a side's half of the hand in play back; ``?version=`` is the half's version the client saw."""
    game = _side(public_id, side)
    version = request.args.get("version", type=int)
    if version is None:
        return json_error(
            400, "invalid_request", gettext("version (the half's version you saw) is required."), field="version"
        )
    try:
        services.withdraw_half(game, side, number, version, token=_token())
    except services.GameError as exc:
        return _halves_refused(exc, game)
    return game_reply(game)


@bp.post("/games/<public_id>/hands/<int:number>/words/<int:side>")
@token_writes
def say_word(public_id: str, number: int, side: int) -> Reply:
    """A side's word on a hand made of halves: agreed, or not right about another side's half."""
    game = _side(public_id, side)
    try:
        body = read(requests.WordBody, json_object())
        if body.agreed:
            services.agree(game, side, number, body.version, token=_token())
        else:
            services.dispute(game, side, number, body.version, body.half_of or 0, body.remark, token=_token())
    except (ShapeError, services.GameError, services.Refused) as exc:
        return _halves_refused(exc, game)
    return game_reply(game)
