"""A refused entry's problems as the hand forms show them: each rule broken, in the reader's language,
with a link to the rule in the reference, and the box of the form each one is shown at."""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask_babel import gettext

from ...engine import RuleViolation
from ...reference import rule_topic
from ...store.models import Game
from ...translation import translate, whole
from ..common.fields import WholeNumberField
from .hand_form.form import HandForm


def rule_problems(game: Game, violations: list[RuleViolation], *, editable: bool = True) -> list[dict[str, Any]]:
    """Each problem with its sentence and a link to the rule, as this game plays it (through the game's
    read-only address unless ``editable``: a side's page never shows the edit link)."""
    topic = "rules.topic"

    def help_for(rule: str) -> str:
        slug = rule_topic(rule)
        if editable:
            return url_for(topic, edit_token=game.edit_token, slug=slug) + f"#{rule}"
        return url_for(topic, public_id=game.public_id, slug=slug) + f"#{rule}"

    return [
        {
            "rule": v.rule,
            "side": v.side,
            "field": v.field,
            "message": v.render(translate, whole),
            "help": help_for(v.rule),
        }
        for v in violations
    ]


def problems_by_field(
    game: Game, violations: list[RuleViolation], where: dict[tuple[int, str], str] | None, *, editable: bool = True
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """Each problem (``rule_problems``), and the problems by the form's box they are shown at."""
    problems = rule_problems(game, violations, editable=editable)
    by_field: dict[str, list[dict[str, Any]]] = {}
    for problem in problems:
        key = (where or {}).get((problem["side"], problem["field"] or ""))
        if key is None and problem["field"] in ("went_out", "concealed", "partners"):
            key = problem["field"] if problem["field"] == "partners" else "out"
        if key is None and problem["side"] is not None:
            key = f"s{problem['side']}_"
        by_field.setdefault(key or "", []).append(problem)
    return problems, by_field


def shape_errors(form: HandForm) -> list[str]:
    """What the live preview says of a form its shape checks refuse: each sentence once (a box that holds
    no whole number, a side's packet not said, a run without its ends)."""
    messages: list[str] = []
    for field in form:
        for error in field.errors:
            message = (
                gettext("Some boxes hold something that is not a whole number.")
                if isinstance(field, WholeNumberField)
                else str(error)
            )
            if message not in messages:
                messages.append(message)
    return messages + [str(error) for error in form.form_errors if str(error) not in messages]
