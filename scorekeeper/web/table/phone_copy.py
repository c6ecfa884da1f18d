"""A game as a phone keeps it, to go on with no connection (static/js/offline.js): its table and rules, and each
hand's record with its version, as the engine in the phone sums them up (portable/bridge.py); and the words that
phone's pages say about what it keeps, in the reader's language.

Under the edit link, and under a side's own link (each side its own half): the phones that record are the ones
that keep the game to record offline; a side's copy says too which side it is and the version of each half of
its the server holds (a half sent again names the version it was typed over)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Response, jsonify

from ... import services
from ...engine.sheet import Sheet
from ...services.table.sheet import hands_of, opening_totals, seats
from ...store.models import Game
from ...store.records import record_of
from ...translation import catalogue
from ..common.blueprint import bp
from .games import find_or_404
from .side import side_or_404


def phone_copy(game: Game, sheet: Sheet) -> dict[str, Any]:
    """The game as the phone keeps it: what the engine needs to sum it up, and its version."""
    return {
        "id": game.public_id,
        "version": game.version,
        "game": {
            "ruleset": game.ruleset_id,
            "options": dict(game.options),
            "sides": list(sheet.side_names),
            "players": [[player.name for player in side.players] for side in game.sides],
            "seats": [player.name for player in seats(game)],
            "first_dealer": game.first_dealer,
            "opening": list(opening_totals(game)),
            "hands": [[hand.number, hand.version, record_of(hand)] for hand in hands_of(game)],
        },
    }


@bp.get("/e/<secret:edit_token>/phone.json")
def phone_game(edit_token: str) -> Response:
    """The game as this phone keeps it to go on with no connection (never stored by a browser or a proxy)."""
    game = find_or_404(edit_token, editable=True)
    response = jsonify(phone_copy(game, services.compute_sheet(game)))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/s/<secret:side_token>/phone.json")
def side_game(side_token: str) -> Response:
    """The game as a side's phone keeps it to go on with no connection: the game's copy, which side this is, the
    hand in play and the version of each of its halves on the server (never stored by a browser or a proxy)."""
    link = side_or_404(side_token)
    game = link.game
    halves = services.compute_halves(game)
    copy = phone_copy(game, services.compute_sheet(game))
    copy["side"] = {
        "position": link.side,
        "pending": halves.pending.number if halves is not None and halves.pending is not None else None,
        "versions": {
            str(number): half.version
            for (number, side), half in (halves.halves.items() if halves is not None else ())
            if side == link.side
        },
    }
    response = jsonify(copy)
    response.headers["Cache-Control"] = "no-store"
    return response


def offline_words() -> str:
    """What a game's page says of the changes a phone keeps, in the reader's language, for offline.js (JSON, in a
    data attribute: a count's sentence in its two forms, ``%(n)s`` left in for the script)."""
    words = catalogue()

    def counted(sentence: Callable[[int], str]) -> dict[str, str]:
        return {form: sentence(n).replace("%(num)s", "%(n)s") for form, n in (("one", 1), ("other", 2))}

    said = {
        "kept": counted(
            lambda n: words.ungettext(
                "Kept on this phone, %(num)s change to send when the connection is back.",
                "Kept on this phone, %(num)s changes to send when the connection is back.",
                n,
            )
        ),
        "sending": counted(
            lambda n: words.ungettext(
                "Connection back: sending %(num)s change…", "Connection back: sending %(num)s changes…", n
            )
        ),
        "conflict_title": words.ugettext("Hand %(n)s: another phone saved it first"),
        "conflict_text": words.ugettext(
            "While this phone had no connection, another phone saved this hand differently. Nothing was overwritten:"
            " keep one of the two."
        ),
        "keep_mine": words.ugettext("Keep this phone's"),
        "keep_theirs": words.ugettext("Keep the other phone's"),
        "refused_title": words.ugettext("Hand %(n)s was not saved on the server"),
        "refused_text": words.ugettext(
            "The server refused this phone's hand: its form shows why. Nothing else was changed."
        ),
        "open_it": words.ugettext("Open hand %(n)s"),
        "drop_it": words.ugettext("Drop this phone's hand"),
        "differs": words.ugettext(
            "Hand %(n)s scores %(theirs)s on the server, where this phone showed %(mine)s: the server's score stands."
        ),
        # a side's own pages (each side its own half)
        "half_kept": words.ugettext("Kept on this phone: your half of hand %(n)s, to send."),
        "word_kept": words.ugettext("Kept on this phone: your word on hand %(n)s, to send."),
        "withdraw_kept": words.ugettext("Kept on this phone: your half of hand %(n)s taken back, to send."),
        "half_conflict_title": words.ugettext("Your half of hand %(n)s: another phone of your side sent it first"),
        "half_conflict_text": words.ugettext(
            "While this phone had no connection, another phone of your side sent this half differently. Nothing was"
            " overwritten: keep one of the two."
        ),
        "half_refused_title": words.ugettext("Your half of hand %(n)s was not taken"),
        "half_refused_text": words.ugettext(
            "The server did not take this phone's half: its form shows why. Nothing else was changed."
        ),
        "changed_title": words.ugettext("Your word on hand %(n)s was not sent"),
        "changed_text": words.ugettext(
            "The hand changed on another phone while this phone had no connection: look at it again as it stands now."
        ),
        "open_page": words.ugettext("Open our page"),
        "drop_half": words.ugettext("Drop this phone's half"),
        "drop_word": words.ugettext("Drop this phone's word"),
    }
    return json.dumps(said, ensure_ascii=False)
