"""The referee tools: may I take the pile?, is this meld legal?, may we go out?, our minimum?

Each page checks its form's shape, then asks ``portable/tools.py``, which the phone with no connection asks too
(the page carries what it needs: ``offline_tool`` in templates/_macros.html, static/js/referee.js)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import gettext

from ...engine import RULESETS
from ...portable import tools
from ...reference import is_family
from ...reference.content_play import initial_meld
from ...reference.options import SPECIAL_HAND_NAMES
from ...translation import catalogue, translate
from ..common.fields import choices
from ..common.numbers import numerals
from ..limiting import guard_links
from .forms import (
    FamilyGoOutForm,
    FamilyMeldForm,
    GoOutForm,
    MeldForm,
    MinimumForm,
    NoQuestionForm,
    PileForm,
    QuestionForm,
)
from .reference_context import Reading, reading

bp = Blueprint("tools", __name__)
guard_links(bp)

#: Each tool's form, Canasta's and the family's (a question the game answers without asking has none).
FORMS: dict[tuple[str, bool], type[QuestionForm]] = {
    ("pile", False): PileForm,
    ("meld", False): MeldForm,
    ("go-out", False): GoOutForm,
    ("minimum", False): MinimumForm,
    ("pile", True): NoQuestionForm,
    ("meld", True): FamilyMeldForm,
    ("go-out", True): FamilyGoOutForm,
    ("minimum", True): NoQuestionForm,
}


def _routes(name: str, template: str) -> None:
    def view(public_id: str | None = None, edit_token: str | None = None) -> str:
        return _tool(name, template, reading(public_id, edit_token))

    view.__doc__ = f"The referee's {name} tool, for a game's rules or a chosen rule set."
    endpoint = name.replace("-", "_")
    bp.add_url_rule(f"/tools/{name}", endpoint, view)
    bp.add_url_rule(f"/g/<public_id>/tools/{name}", endpoint, view)
    bp.add_url_rule(f"/e/<secret:edit_token>/tools/{name}", endpoint, view)


def question_form(name: str, page: Reading) -> QuestionForm:
    """The tool's form holding the address's values, with the boxes the rules ask (``tools.boxes``) and only
    those."""
    asked = [box.name for box in tools.boxes(name, page.ruleset)]
    form = FORMS[name, is_family(page.ruleset)](formdata=request.args)
    for unasked in [field.name for field in form if field.name not in asked]:
        del form[unasked]
    if "special_hand" in form:  # the rule set's own special hands (Modern American)
        names = [(kind, gettext(SPECIAL_HAND_NAMES[kind])) for kind in page.ruleset.special_hands]
        form.special_hand.choices = choices([("", gettext("No")), *names])
    hand, melds = page.ruleset.family_hand, page.ruleset.family_melds
    if "packet" in form and hand is not None:  # the game's own words: its packet, and a burraco where its tables say so
        form.packet.label.text = gettext("Our %(packet)s", packet=translate(hand.packet_name))
    if "clean" in form and melds is not None and melds.canasta_word == "burraco":
        form.clean.label.text = gettext("Clean burracos (no wild card)")
        form.other.label.text = gettext("Burracos with a wild card (dirty, semi-clean, of wild cards)")
    return form


def _tool(name: str, template: str, page: Reading) -> str:
    """A tool's page: its form, and the engine's answer to the question asked (at once where the game asks
    nothing), worded by ``tools.answer_view`` with its rule's link."""
    form = question_form(name, page)
    answer = None
    if not list(form):
        answer = tools.decide(name, page.ruleset, {})
    elif request.args.get("ask") and form.validate():
        answer = tools.answered(name, page.ruleset, request.args.items())
    shown = tools.answer_view(catalogue(), answer, page.url("rules.index"), numerals()) if answer else None
    extra: dict[str, Any] = {}
    if name == "minimum":  # the table of minimums by score (the family's games have no first-meld minimum)
        extra["table"] = None if is_family(page.ruleset) else initial_meld(page.ruleset).sections[0]
    return render_template(template, page=page, form=form, answer=shown, rulesets=RULESETS.values(), tool=name, **extra)


_routes("pile", "tools/pile.html")
_routes("meld", "tools/meld.html")
_routes("go-out", "tools/go_out.html")
_routes("minimum", "tools/minimum.html")
