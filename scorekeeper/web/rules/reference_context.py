"""Which rules a reference or tool page reads: a game's (with its house rules) or a chosen rule set."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from flask import abort, request, url_for

from ... import services
from ...engine import RULESETS, RuleSet, configured
from ...store.models import Game


@dataclass(frozen=True)
class Reading:
    """The rule set a page explains, and how its links keep it (and, from an edit link, the way back)."""

    ruleset: RuleSet
    base_id: str
    game: Game | None
    editable: bool = False

    def url(self, endpoint: str, **values: Any) -> str:
        """A link to another reference or tool page for the same rules, in the same game context."""
        if self.game is not None and self.editable:
            return url_for(endpoint, edit_token=self.game.edit_token, **values)
        if self.game is not None:
            return url_for(endpoint, public_id=self.game.public_id, **values)
        return url_for(endpoint, set=self.base_id, **values)

    @property
    def reading_key(self) -> str:
        """What the page's rules are, as a key fit for an ETag: the rule set, or a digest of a game's rule set,
        house rules and sides."""
        if self.game is None:
            return self.base_id
        rules = json.dumps([self.game.ruleset_id, self.game.options, len(self.game.sides)], sort_keys=True)
        return hashlib.sha256(rules.encode()).hexdigest()[:16]

    @property
    def played(self) -> dict[str, Any]:
        """The rules as the engine in the phone takes them (``portable/bridge.py``, ``engine.configured``'s values):
        the rule set, its house rules and the number of sides, the game's, or the chosen rule set's own."""
        if self.game is None:
            return {"ruleset": self.base_id, "options": {}, "sides": RULESETS[self.base_id].sides_allowed[0]}
        return {"ruleset": self.game.ruleset_id, "options": dict(self.game.options), "sides": len(self.game.sides)}

    @property
    def sheet_url(self) -> str | None:
        """Back to the game, when reading a game's rules: its edit sheet when reached from an edit link."""
        if self.game is None:
            return None
        if self.editable:
            return url_for("games.edit_sheet", edit_token=self.game.edit_token)
        return url_for("games.sheet", public_id=self.game.public_id)


def reading(public_id: str | None = None, edit_token: str | None = None) -> Reading:
    """The rules to explain: the game's under /g/<id>/ or /e/<token>/, else ``?set=`` (classic by default)."""
    if public_id is not None or edit_token is not None:
        editable = edit_token is not None
        game = services.find_game(edit_token or public_id or "", editable=editable)
        if game is None:
            abort(404)
        return Reading(services.game_ruleset(game), game.ruleset_id, game, editable)
    chosen = request.args.get("set", "classic")
    if chosen not in RULESETS:
        chosen = "classic"
    return Reading(configured(chosen, sides=RULESETS[chosen].sides_allowed[0]), chosen, None)
