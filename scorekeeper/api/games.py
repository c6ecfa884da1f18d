"""The game API: create a game, read it with its sheet, add, edit and undo hands.

Reading needs only the game's public id. Changing it needs the game's edit token in the
``X-Edit-Token`` header (so no cookie is involved and no CSRF token is needed).
"""

from __future__ import annotations

import hmac

from flask import Response, current_app, jsonify, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response as BaseResponse

from .. import services
from ..engine import RULESETS, OptionError, RuleViolations
from ..engine.i18n import N_, Msg
from ..engine.options import table_options
from ..engine.records import Record, entry_json, side_from_entry
from ..engine.sheet import SheetHand
from ..services.table.export import import_game
from ..shapes import answers, requests
from ..shapes.by_ruleset import side_entries
from ..shapes.limits import is_token
from ..shapes.problems import ShapeError, read
from ..store.kept import Kept
from ..store.models import Game
from ..translation import render_plain, translate
from ..web.bearer import EDIT_TOKEN_HEADER
from ..web.conditional import unchanged, version_tag
from ..web.errors import json_error
from ..web.limiting import new_games, token_found, token_writes
from . import bp
from .bodies import Refusal, json_object
from .scoring import side_score_json, violation_json, violations_reply

Reply = Response | tuple[Response, int] | BaseResponse


def hand_json(hand: SheetHand, family: bool) -> answers.GameHand:
    """A hand of a game, as entered and as scored (how it ended, where that changes a score)."""
    kept: answers.GameHand = {
        "number": hand.number,
        "version": hand.version,
        "dealer": hand.dealer,
        "partners": hand.record.get("partners"),
        "entries": [entry_json(side) for side in hand.record["sides"]],
        "sides": [side_score_json(side, family=family) for side in hand.result.sides],
        "counted": hand.counted,
    }
    if hand.record.get("end"):
        kept["end"] = hand.record["end"]
    return kept


def game_json(game: Game) -> answers.Game:
    """A game with its whole sheet, every number from the engine."""
    sheet = services.compute_sheet(game)
    family = sheet.ruleset.family_melds is not None
    return {
        "id": game.public_id,
        "ruleset": game.ruleset_id,
        "options": game.options,
        "version": game.version,
        "first_dealer": game.first_dealer,
        "entry_mode": game.entry_mode,
        "starting_totals": list(sheet.opening),
        "note": game.note,
        "recording": game.recording,
        "halves": halves_json(game),
        "sides": [{"name": side.name, "players": [p.name for p in side.players]} for side in game.sides],
        "links": {
            "sheet": url_for("games.sheet", public_id=game.public_id, _external=True),
            "api": url_for("api.read_game", public_id=game.public_id, _external=True),
        },
        "hands": [hand_json(hand, family) for hand in sheet.hands],
        "totals": list(sheet.totals),
        "next_hand": sheet.next_hand,
        "next_dealer": sheet.next_dealer,
        "next_minimums": list(sheet.next_minimums),
        "to_target": list(sheet.to_target),
        "game_over": sheet.game_over,
        "winner": sheet.winner,
    }


def halves_json(game: Game) -> answers.HalvesState | None:
    """Where a game kept by halves stands: the hand in play (each side done or counting, and why the halves,
    all in, do not fit) and each hand made of halves with every side's word on it."""
    halves = services.compute_halves(game)
    if halves is None:
        return None
    pending = halves.pending
    return {
        "pending": {
            "number": pending.number,
            "sides": [
                {
                    "side": side,
                    "state": "done" if half is not None else "counting",
                    "version": half.version if half is not None else 0,
                    "entry": entry_json(half.entry) if half is not None else None,
                    "partners": half.partners if half is not None else None,
                }
                for side, half in enumerate(pending.halves)
            ],
            "problems": [violation_json(v, game.ruleset_id) for v in pending.problems],
        }
        if pending is not None
        else None,
        "hands": [
            {
                "number": number,
                "version": hand.version,
                "agreed": hand.agreed,
                "words": [
                    {"side": w.side, "agreed": w.agreed, "half_of": w.disputed_side, "remark": w.remark}
                    if w is not None
                    else None
                    for w in hand.words
                ],
                "half_versions": [_half_version(halves.half(number, side)) for side in range(len(hand.words))],
            }
            for number, hand in sorted(halves.hands.items())
        ],
    }


def _half_version(half: services.Half | None) -> int:
    return half.version if half is not None else 0


def game_of(public_id: str) -> Game:
    game = services.find_game(public_id, editable=False)
    if game is None:
        raise Refusal(json_error(404, "unknown_game", gettext("There is no game at this address.")))
    return game


def editable_game(public_id: str) -> Game:
    game = game_of(public_id)
    token = request.headers.get(EDIT_TOKEN_HEADER, "")
    if not token:
        raise Refusal(
            json_error(401, "edit_token_required", gettext("Changing a game needs its edit token in X-Edit-Token."))
        )
    if not is_token(token) or not hmac.compare_digest(token, game.edit_token):
        raise Refusal(json_error(403, "wrong_edit_token", gettext("This edit token does not belong to this game.")))
    token_found("game", game.id)  # a write under its edit token counts for the game
    return game


def idempotency_key() -> str | None:
    """The request's Idempotency-Key: a request sent again with the same key changes nothing."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not is_token(key):
        raise Refusal(
            json_error(
                400,
                "invalid_request",
                gettext("Idempotency-Key must be 1 to 64 letters, digits, - or _."),
                field="Idempotency-Key",
            )
        )
    return key


def replayed(game: Game) -> Reply:
    """The same request came again: the game as it stands, and nothing saved twice (200, not 201)."""
    reply = jsonify(game_json(services.find_game(game.public_id, editable=False) or game))
    reply.headers["Idempotent-Replayed"] = "true"
    return reply, 200


def _record(hand: requests.HandBody, game: Game) -> Record:
    """A hand's body as the game keeps it, once it fits the game: one entry per side, only the fields
    its rule set takes."""
    sides = len(game.sides)
    if len(hand.sides) != sides:
        raise ShapeError("sides", Msg(N_("sides must hold one entry per side: %(count)s."), {"count": sides}))
    entries = side_entries(services.game_ruleset(game), hand.sides)
    record: Record = {"partners": hand.partners, "sides": [side_from_entry(entry) for entry in entries]}
    if hand.end:
        record["end"] = hand.end
    return record


def change_refused(exc: Exception, game: Game) -> Reply:
    if isinstance(exc, ShapeError):
        return json_error(400, "invalid_request", render_plain(exc.msg), field=exc.field)
    if isinstance(exc, RuleViolations):
        return violations_reply(exc, game.ruleset_id)
    if isinstance(exc, services.Conflict):
        return json_error(
            409,
            "conflict",
            gettext("Someone else changed this hand first; nothing was saved. Both versions are here."),
            hand_number=exc.hand_number,
            saved={"partners": exc.saved.get("partners"), "sides": [entry_json(s) for s in exc.saved["sides"]]}
            if exc.saved
            else None,
        )
    if isinstance(exc, services.GameOver):
        return json_error(409, "game_over", gettext("The game is over: no more hands can be recorded."))
    if isinstance(exc, services.HandNotFound):
        return json_error(404, "unknown_hand", gettext("There is no such hand in this game."))
    raise exc


@bp.post("/games")
@new_games
def create_game() -> Reply:
    """Start a game: rule set, sides with their players (clockwise), options, first dealer."""
    try:
        body = read(requests.NewGame, json_object())
    except ShapeError as exc:
        return json_error(400, "invalid_request", render_plain(exc.msg), field=exc.field)
    base = RULESETS.get(body.ruleset)
    if base is None:
        return json_error(
            400, "unknown_ruleset", gettext("There is no rule set called %(id)s.", id=body.ruleset), field="ruleset"
        )
    players = sum(len(side.players) for side in body.sides)
    if body.first_dealer >= players:
        refused = Msg(N_("first_dealer must be a seat number from 0 to %(last)s."), {"last": players - 1})
        return json_error(400, "invalid_request", render_plain(refused), field="first_dealer")
    try:
        new = services.NewGame(
            ruleset_id=base.id,
            sides=tuple(services.NewSide(side.name, tuple(side.players)) for side in body.sides),
            options={**table_options(base, players), **body.options},
            first_dealer=body.first_dealer,
            entry_mode=body.entry_mode,
            starting_totals=tuple(body.starting_totals) if body.starting_totals is not None else None,
            note=body.note,
            recording=body.recording,
        )
        game = services.start_game(new)
    except OptionError as exc:
        return json_error(400, "invalid_option", exc.render(translate), field=f"options.{exc.option}")
    except services.Refused as refused:
        return json_error(400, "invalid_request", render_plain(refused.msg), field=refused.field)
    return _created(game)


@bp.post("/games/import")
@new_games
def import_a_game() -> Reply:
    """A new game from one exported by ``GET /g/<id>/export.json``: 201 with the game, its edit token and
    links (the sheet worked out again from the hands); 400 naming the first thing wrong, nothing stored."""
    try:
        game = import_game(json_object())
    except services.Refused as refused:
        return json_error(400, "invalid_import", render_plain(refused.msg), field=refused.field)
    return _created(game)


def _created(game: Game) -> tuple[Response, int]:
    """201 with a new game, its edit token and its edit link (told only to whoever created it)."""
    reply = game_json(game)
    reply["edit_token"] = game.edit_token
    reply["links"]["edit"] = url_for("games.edit_sheet", edit_token=game.edit_token, _external=True)
    if game.recording == "halves":
        reply["side_tokens"] = [str(side.token) for side in game.sides]
    return jsonify(reply), 201


@bp.get("/games/<game:public_id>")
def read_game(public_id: str) -> Reply:
    """A game and its sheet; with ``If-None-Match`` and the game unchanged, an empty 304."""
    stamp = services.game_stamp(public_id, editable=False)
    if stamp is None:
        return jsonify(game_json(game_of(public_id)))  # _game answers the 404
    tag = version_tag(stamp.version, "api")
    if (same := unchanged(tag)) is not None:
        return same
    body = _bodies.get(_body_key(public_id, stamp.version))
    return game_reply(game_of(public_id)) if body is None else _json_reply(body, stamp.version)


#: The game JSON of each version, as answered (in this process): followers all get the same.
_bodies: Kept[str] = Kept(limit=512)


def _body_key(public_id: str, version: int) -> tuple[str, int, str]:
    return (public_id, version, request.host_url)  # the links in it name the address asked


def game_reply(game: Game, status: int = 200) -> Response:
    """The game JSON of ``game`` as it stands, kept for the next reader of this version."""
    body = _bodies.keep(_body_key(game.public_id, game.version), current_app.json.dumps(game_json(game)))
    return _json_reply(body, game.version, status)


def _json_reply(body: str, version: int, status: int = 200) -> Response:
    """The game JSON ``body`` of ``version``, with its ETag."""
    reply = current_app.response_class(body, status=status, mimetype="application/json")
    reply.set_etag(version_tag(version, "api"))
    reply.headers["Cache-Control"] = "no-cache"  # keep it, but ask each time (a 304 while unchanged)
    return reply


@bp.post("/games/<public_id>/hands")
@token_writes
def add_hand(public_id: str) -> Reply:
    """Record the next hand; ``expected_hands`` is how many hands the client knows of."""
    game = editable_game(public_id)
    try:
        hand = read(requests.NewHand, json_object())
        record = _record(hand, game)
        services.record_hand(game, record, expected_hands=hand.expected_hands, save_key=idempotency_key())
    except services.AlreadySaved:
        return replayed(game)
    except (ShapeError, RuleViolations, services.GameError) as exc:
        return change_refused(exc, game)
    return game_reply(game, status=201)  # its body is the one followers of the new version get


@bp.put("/games/<public_id>/hands/<int:number>")
@token_writes
def change_hand(public_id: str, number: int) -> Reply:
    """Replace a hand; ``version`` is the hand's version the client saw."""
    game = editable_game(public_id)
    try:
        hand = read(requests.FixedHand, json_object())
        record = _record(hand, game)
        services.edit_hand(game, number, record, expected_version=hand.version, save_key=idempotency_key())
    except services.AlreadySaved:
        return replayed(game)
    except (ShapeError, RuleViolations, services.GameError) as exc:
        return change_refused(exc, game)
    return game_reply(game)


@bp.delete("/games/<public_id>/hands/<int:number>")
@token_writes
def undo_hand(public_id: str, number: int) -> Reply:
    """Undo the last hand; ``?version=`` is the hand's version the client saw."""
    game = editable_game(public_id)
    version = request.args.get("version", type=int)
    if version is None:
        return json_error(
            400, "invalid_request", gettext("version (the hand's version you saw) is required."), field="version"
        )
    try:
        services.undo_last_hand(game, expected_number=number, expected_version=version)
    except services.GameError as exc:
        return change_refused(exc, game)
    return game_reply(game)
