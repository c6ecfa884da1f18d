"""The scoring API (shared/spec/score-api.md): rule sets, and scoring one hand."""

from __future__ import annotations

from typing import Any, cast

from flask import Response, jsonify
from flask_babel import gettext

from ..engine import (
    RULESETS,
    OptionError,
    RuleSet,
    RuleViolation,
    RuleViolations,
    configure,
    configured,
    get_ruleset,
    score_hand,
)
from ..engine.game import HandResult, SideScore
from ..engine.options import offered_options, parameters
from ..reference import rule_help_path
from ..shapes import answers
from ..shapes.by_ruleset import require_the_round, side_entries
from ..shapes.problems import ShapeError, read
from ..shapes.requests import ScoreRequest
from ..translation import _, render_plain, translate
from ..web.errors import json_error
from . import bp
from .bodies import json_object


def ruleset_json(ruleset: RuleSet) -> answers.Ruleset:
    """A rule set as the API lists it: names in the request's language, every parameter."""
    return {
        "id": ruleset.id,
        "name": translate(ruleset.name),
        "description": translate(ruleset.description),
        "players": list(ruleset.players_allowed),
        "individual": ruleset.individual,
        "sides": list(ruleset.sides_allowed),
        "sources": list(ruleset.sources),
        "options": list(offered_options(ruleset)),
        "variants": {str(players): variant_changes(ruleset, players) for players in ruleset.player_variants},
        "parameters": parameters(ruleset),
    }


def variant_changes(ruleset: RuleSet, players: int) -> dict[str, Any]:
    """The parameters that change when the rule set is played by ``players`` players, and under
    ``by_sides`` what changes further with the number of sides (six players as two teams or three pairs)."""
    base = parameters(ruleset)
    configured_for = configure(ruleset, {"players": players})
    variant = parameters(configured_for)
    changes: dict[str, Any] = {name: value for name, value in variant.items() if base.get(name) != value}
    by_sides = {}
    for sides in configured_for.sides_allowed:
        seated = parameters(configure(ruleset, {"players": players}, sides=sides))
        further = {name: value for name, value in seated.items() if variant.get(name) != value}
        if further and players % sides == 0:
            by_sides[str(sides)] = further
    if by_sides:
        changes["by_sides"] = by_sides
    return changes


def violation_json(violation: RuleViolation, ruleset_id: str = "classic") -> answers.Violation:
    """One rule violation in the 422 shape; ``help`` opens the reference for the rule set."""
    return {
        "side": violation.side,
        "field": violation.field,
        "rule": violation.rule,
        "message": violation.render(translate),
        "help": rule_help_path(violation.rule, ruleset_id),
    }


def side_score_json(side: SideScore, *, family: bool = False) -> answers.SideScore:
    """One side's result for a hand, as the scoring API and the game API both give it; a game of the
    family (Burraco, Buraco, Burako) names its canastas its own way and gives its packet's penalty."""
    made = side.canastas
    canastas: answers.Canastas
    if family:
        canastas = {
            "clean": made.natural,
            "dirty": made.mixed,
            "semi": made.semi,
            "ace_to_king": made.ace_to_king,
            "ace_to_ace": made.ace_to_ace,
            "wild": made.wild,
        }
    else:
        canastas = {"natural": made.natural, "mixed": made.mixed, "wild": made.wild}
        if made.samba:
            canastas["samba"] = made.samba
    return {
        "name": side.name,
        "hand_score": side.hand_score,
        "breakdown": cast(answers.Breakdown, side.breakdown.as_dict(packet=family)),
        "canastas": canastas,
        "total_after": side.total_after,
        "next_minimum": side.next_minimum,
    }


def hand_result_json(ruleset: RuleSet, result: HandResult) -> answers.ScoreResult:
    """A scored hand in the 200 shape."""
    winner = result.outcome.winner
    family = ruleset.family_melds is not None
    return {
        "ruleset": ruleset.id,
        "sides": [side_score_json(side, family=family) for side in result.sides],
        "winner": result.sides[winner].name if winner is not None else None,
        "game_over": result.outcome.game_over,
    }


def violations_reply(refused: RuleViolations, ruleset_id: str) -> tuple[Response, int]:
    """422 with every rule the hand breaks."""
    every: answers.Violations = {"errors": [violation_json(v, ruleset_id) for v in refused.violations]}
    return jsonify(every), 422


@bp.get("/rulesets")
def list_rulesets() -> Response:
    """Every rule set."""
    every: answers.Rulesets = {"rulesets": [ruleset_json(ruleset) for ruleset in RULESETS.values()]}
    return jsonify(every)


@bp.get("/rulesets/<ruleset_id>")
def show_ruleset(ruleset_id: str) -> Response | tuple[Response, int]:
    """One rule set; 404 JSON for an unknown id."""
    ruleset = get_ruleset(ruleset_id)
    if ruleset is None:
        return json_error(404, "unknown_ruleset", gettext("There is no rule set called %(id)s.", id=ruleset_id))
    return jsonify(ruleset_json(ruleset))


@bp.post("/score")
def score() -> Response | tuple[Response, int]:
    """Score one hand and store nothing: 200 with the scores, 422 with every rule broken."""
    try:
        entry = read(ScoreRequest, json_object())
    except ShapeError as exc:
        return json_error(400, "invalid_request", render_plain(exc.msg), field=exc.field)
    base = get_ruleset(entry.ruleset)
    if base is None:
        return json_error(
            400, "unknown_ruleset", gettext("There is no rule set called %(id)s.", id=entry.ruleset), field="ruleset"
        )
    try:
        ruleset = configured(base.id, entry.options, sides=len(entry.sides))
    except OptionError as exc:
        return json_error(400, "invalid_option", exc.render(translate), field=f"options.{exc.option}")
    try:
        sides = side_entries(ruleset, entry.sides, lambda number: _("Side %(number)s", number=number))
        require_the_round(ruleset, entry.hand_number)
    except ShapeError as exc:
        return json_error(400, "invalid_request", render_plain(exc.msg), field=exc.field)
    try:
        result = score_hand(sides, ruleset, entry.hand_number, entry.pair(), ended_on_stock=entry.end == "stock_out")
    except RuleViolations as exc:
        return violations_reply(exc, base.id)
    return jsonify(hand_result_json(ruleset, result))
