"""A game as a phone keeps it, to go on with no connection (static/js/offline.js): its table and rules, and each
hand's record with its version, as the engine in the phone sums them up (portable/bridge.py); and the words that
phone's pages say about what it keeps, in the reader's language.

Only under the edit link: the phone that can record a hand is the one that keeps the game to record offline."""

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
    }
    return json.dumps(said, ensure_ascii=False)
