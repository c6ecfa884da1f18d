"""The referee tools: may I take the pile?, is this meld legal?, may we go out?, our minimum?"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import gettext

from ...engine import RULESETS, CanastaCount, Meld, RuleSet
from ...engine.answers import Answer
from ...engine.canasta.referee import (
    GoOutQuestion,
    PileQuestion,
    decide_go_out,
    decide_meld,
    decide_minimum,
    decide_take_pile,
)
from ...engine.cards import SEQUENCE_RANK, sequence_between
from ...engine.family.referee import (
    FamilyGoOutQuestion,
    decide_family_go_out,
    decide_family_meld,
    decide_family_minimum,
    decide_family_take_pile,
)
from ...engine.family_parameters import Packet
from ...reference import rule_topic
from ...reference.content_play import initial_meld
from ...reference.options import SPECIAL_HAND_NAMES
from ...translation import translate, whole
from ..common.fields import choices
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


def _routes(name: str, view: Any) -> None:
    bp.add_url_rule(f"/tools/{name}", name.replace("-", "_"), view)
    bp.add_url_rule(f"/g/<public_id>/tools/{name}", name.replace("-", "_"), view)
    bp.add_url_rule(f"/e/<secret:edit_token>/tools/{name}", name.replace("-", "_"), view)


def _answer_view(page: Reading, answer: Answer) -> dict[str, Any]:
    topic = rule_topic(answer.rule)
    details = [
        {"message": v.render(translate, whole), "help": page.url("rules.topic", slug=rule_topic(v.rule)) + f"#{v.rule}"}
        for v in answer.details
    ]
    return {
        "allowed": answer.allowed,
        "figure": answer.figure,
        "rule": answer.rule,
        "reason": answer.render(translate, whole),
        "help": page.url("rules.topic", slug=topic) + f"#{answer.rule}",
        "details": details,
    }


def _page(template: str, page: Reading, form: QuestionForm, answer: Answer | None, **extra: Any) -> str:
    shown = _answer_view(page, answer) if answer else None
    return render_template(template, page=page, form=form, answer=shown, rulesets=RULESETS.values(), **extra)


def _asked(form: QuestionForm) -> bool:
    return bool(request.args.get("ask")) and form.validate()


def pile(public_id: str | None = None, edit_token: str | None = None) -> str:
    """May I take the discard pile?"""
    page = reading(public_id, edit_token)
    if _family(page.ruleset):  # the whole pile, with no condition: nothing to ask
        return _page("tools/pile.html", page, NoQuestionForm(), decide_family_take_pile(page.ruleset))
    form = PileForm(formdata=request.args)
    if not page.ruleset.black_three_freezes:
        del form.black_three_in_pile  # a covered black three changes nothing here
    if not page.ruleset.canastas_count_for_minimum:
        del form.natural_canastas, form.mixed_canastas  # canasta bonuses do not count toward the minimum
    _ask_round_or_score(form, page.ruleset)
    if page.ruleset.pile_onto_canasta:
        del form.meld_on_table_is_canasta  # the top card may join any meld of its rank
    answer = None
    if _asked(form):
        question = PileQuestion(
            top_card=form.top_card.data,
            pile_frozen=form.pile_frozen.data,
            black_three_in_pile="black_three_in_pile" in form and bool(form.black_three_in_pile.data),
            side_has_melded=form.side_has_melded.data,
            naturals_in_hand=form.naturals_in_hand.data or 0,
            wilds_in_hand=form.wilds_in_hand.data or 0,
            meld_on_table=form.meld_on_table.data,
            meld_on_table_is_canasta="meld_on_table_is_canasta" in form and bool(form.meld_on_table_is_canasta.data),
            total=_asked_count(form, "total"),
            meld_points=form.meld_points.data or 0,
            natural_canastas=_asked_count(form, "natural_canastas"),
            mixed_canastas=_asked_count(form, "mixed_canastas"),
            hand_number=_asked_round(form),
        )
        answer = decide_take_pile(question, page.ruleset)
    return _page("tools/pile.html", page, form, answer)


def _asked_count(form: QuestionForm, name: str) -> int:
    """A count the form asks under this rule set (0 where it does not ask it)."""
    return int(form[name].data or 0) if name in form else 0


def _ask_round_or_score(form: QuestionForm, ruleset: RuleSet) -> None:
    """The minimum goes by the round where the rule set says so (Hand and Foot), else by the score."""
    del form["total" if ruleset.min_by_round is not None else "hand_number"]


def _asked_round(form: QuestionForm) -> int | None:
    return int(form.hand_number.data or 1) if "hand_number" in form else None


def meld(public_id: str | None = None, edit_token: str | None = None) -> str:
    """Is this meld legal, and is it a canasta?"""
    page = reading(public_id, edit_token)
    if _family(page.ruleset):
        typed = FamilyMeldForm(formdata=request.args)
        judged = decide_family_meld(typed.written(), page.ruleset) if _asked(typed) else None
        return _page("tools/meld.html", page, typed, judged)
    form = MeldForm(formdata=request.args)
    if not page.ruleset.sequences:
        del form.sequence_low, form.sequence_high
    answer = None
    if _asked(form):
        naturals = 0 if form.rank.data == "WILD" else form.naturals.data or 0
        candidate = Meld(form.rank.data, naturals, form.jokers.data or 0, form.twos.data or 0)
        if "sequence_low" in form and form.sequence_low.data and form.sequence_high.data:
            cards = sequence_between(form.sequence_low.data, form.sequence_high.data)
            candidate = Meld(SEQUENCE_RANK, len(cards), form.jokers.data or 0, form.twos.data or 0, cards)
        answer = decide_meld(candidate, page.ruleset, going_out=form.going_out.data)
    return _page("tools/meld.html", page, form, answer)


def go_out(public_id: str | None = None, edit_token: str | None = None) -> str:
    """May we go out?"""
    page = reading(public_id, edit_token)
    if _family(page.ruleset):
        return _family_go_out(page)
    form = GoOutForm(formdata=request.args)
    if not page.ruleset.sequences:
        del form.samba
    if page.ruleset.special_hands:
        names = [(kind, gettext(SPECIAL_HAND_NAMES[kind])) for kind in page.ruleset.special_hands]
        form.special_hand.choices = choices([("", gettext("No")), *names])
    else:
        del form.special_hand
    answer = None
    if _asked(form):
        counts = (form.natural.data or 0, form.mixed.data or 0, form.wild.data or 0, _asked_count(form, "samba"))
        question = GoOutQuestion(
            canastas=CanastaCount(*counts),
            cards_left=form.cards_left.data or 0,
            concealed=form.concealed.data,
            special_hand=form.special_hand.data if "special_hand" in form else "",
        )
        answer = decide_go_out(question, page.ruleset)
    return _page("tools/go_out.html", page, form, answer)


def minimum(public_id: str | None = None, edit_token: str | None = None) -> str:
    """What is our minimum?"""
    page = reading(public_id, edit_token)
    if _family(page.ruleset):  # no first-meld minimum: nothing to ask, no table of minimums
        return _page("tools/minimum.html", page, NoQuestionForm(), decide_family_minimum(page.ruleset), table=None)
    form = MinimumForm(formdata=request.args)
    _ask_round_or_score(form, page.ruleset)
    asked = _asked(form)
    answer = decide_minimum(_asked_count(form, "total"), page.ruleset, _asked_round(form)) if asked else None
    return _page("tools/minimum.html", page, form, answer, table=initial_meld(page.ruleset).sections[0])


def _family(ruleset: RuleSet) -> bool:
    """Whether the rules are a game of the Canasta family (Burraco, Buraco, Burako): its own questions."""
    return ruleset.family_melds is not None


#: The packet as the question gives it, as the engine takes it.
_PACKETS: dict[str, Packet] = {"taken": "taken", "taken_unplayed": "taken_unplayed", "not_taken": "not_taken"}


def _family_go_out(page: Reading) -> str:
    """May we go out? The family's way: the packet, a canasta of the kind the game asks, the last card."""
    form = FamilyGoOutForm(formdata=request.args)
    hand = page.ruleset.family_hand
    melds = page.ruleset.family_melds
    if hand is not None:  # the game's own words: its packet, and a burraco where its tables say so
        form.packet.label.text = gettext("Our %(packet)s", packet=translate(hand.packet_name))
    if melds is not None and melds.canasta_word == "burraco":
        form.clean.label.text = gettext("Clean burracos (no wild card)")
        form.other.label.text = gettext("Burracos with a wild card (dirty, semi-clean, of wild cards)")
    if hand is not None and hand.wild_closing_discard:
        del form.wild_discard  # any card may be the last discard here
    answer = None
    if _asked(form):
        question = FamilyGoOutQuestion(
            packet=_PACKETS.get(form.packet.data, "not_taken"),
            clean_canastas=form.clean.data or 0,
            other_canastas=form.other.data or 0,
            went_out="no_discard" if form.how.data == "no_discard" else "discard",
            wild_discard="wild_discard" in form and bool(form.wild_discard.data),
        )
        answer = decide_family_go_out(question, page.ruleset)
    return _page("tools/go_out.html", page, form, answer)


_routes("pile", pile)
_routes("meld", meld)
_routes("go-out", go_out)
_routes("minimum", minimum)
