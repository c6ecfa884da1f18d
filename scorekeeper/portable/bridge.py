"""The phone's engine, as its Web Worker calls it: each function takes and returns JSON text.

A game as the phone keeps it (``Game``): its rule set and house rules, its sides' names, every player in seat
order, the first dealer's seat, each side's total before hand 1, and its hands as ``[number, version, record]``
in order (records as the server's game API and forms speak them: ``engine/records.py``).
"""

from __future__ import annotations

import gettext
import io
import json
from typing import Any

from ..engine import REVISION, RuleSet, RuleViolations, configured
from ..engine.game import HandResult
from ..engine.sheet import Sheet, Table, preview, sum_up

#: The catalogue words are read in (set by ``language``; English until then).
_words: gettext.NullTranslations = gettext.NullTranslations()


def language(code: str, catalogue: Any) -> str:
    """Read words in ``code`` from its compiled catalogue, bytes or the page's typed array (None: English, the
    catalogues' own words)."""
    global _words
    data = catalogue.to_bytes() if hasattr(catalogue, "to_bytes") else catalogue
    _words = gettext.GNUTranslations(io.BytesIO(bytes(data))) if data else gettext.NullTranslations()
    return json.dumps({"language": code, "revision": REVISION})


def translate(message: str) -> str:
    """``message`` in the language read in."""
    return _words.gettext(message)


def _sheet(game: dict[str, Any]) -> Sheet:
    sides = len(game["sides"])
    ruleset = configured(game["ruleset"], game.get("options") or {}, sides=sides)
    table = Table(
        ruleset=ruleset,
        side_names=tuple(game["sides"]),
        seat_names=tuple(game.get("seats") or game["sides"]),
        first_dealer=int(game.get("first_dealer") or 0),
        opening=tuple(game.get("opening") or (0,) * sides),
    )
    return sum_up(table, [(int(n), int(v), record) for n, v, record in game.get("hands", [])])


def _result(result: HandResult, ruleset: RuleSet) -> dict[str, Any]:
    """A scored hand as the game API gives it (the packet's item in the family's games only)."""
    family = ruleset.family_melds is not None
    return {
        "sides": [
            {
                "name": side.name,
                "hand_score": side.hand_score,
                "total_after": side.total_after,
                "next_minimum": side.next_minimum,
                "breakdown": side.breakdown.as_dict(packet=family),
            }
            for side in result.sides
        ],
        "game_over": result.outcome.game_over,
        "winner": result.outcome.winner,
    }


def sheet(game_json: str) -> str:
    """The game's sheet: each hand's scores and totals, both totals, the next first-meld minimums, the outcome."""
    summed = _sheet(json.loads(game_json))
    return json.dumps(
        {
            "hands": [
                {
                    "number": hand.number,
                    "counted": hand.counted,
                    "totals": list(hand.totals),
                    **_result(hand.result, summed.ruleset),
                }
                for hand in summed.hands
            ],
            "totals": list(summed.totals),
            "next_minimums": list(summed.next_minimums),
            "next_hand": summed.next_hand,
            "game_over": summed.game_over,
            "winner": summed.outcome.winner,
        }
    )


def score(game_json: str, number: int, record_json: str) -> str:
    """A hand as typed, scored as hand ``number`` of the game (its totals before, its minimums): the result, or
    the engine's refusals, each with its rule and its sentence in the language read in."""
    summed = _sheet(json.loads(game_json))
    try:
        result = preview(summed, json.loads(record_json), number)
    except RuleViolations as refused:
        return json.dumps(
            {
                "refused": [
                    {"rule": violation.rule, "side": violation.side, "message": violation.render(translate)}
                    for violation in refused.violations
                ]
            }
        )
    return json.dumps(_result(result, summed.ruleset))
