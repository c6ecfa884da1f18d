"""The referee tools (may I take the pile?, is this meld legal?, may we go out?, what is our minimum?) as the server's
pages and the phone with no connection both answer them: the form's values as typed (an address's query), read as
the server's form reads them (``web/rules/forms.py`` checks their shape with the same sentences; a test holds the
two readings to each other), made into the engine's question, answered by the engine, and the answer worded in the
reader's language with its rule's link."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.answers import Answer
from ..engine.canasta.referee import (
    TOP_CARDS,
    GoOutQuestion,
    PileQuestion,
    decide_go_out,
    decide_meld,
    decide_minimum,
    decide_take_pile,
)
from ..engine.cards import MELD_RANKS, SEQUENCE_ORDER, SEQUENCE_RANK, sequence_between
from ..engine.entries import CanastaCount, Meld
from ..engine.family.referee import (
    FamilyGoOutQuestion,
    decide_family_go_out,
    decide_family_meld,
    decide_family_minimum,
    decide_family_take_pile,
)
from ..engine.family_parameters import Packet
from ..engine.i18n import N_
from ..engine.rulesets import RuleSet
from ..reference import is_family, rule_topic
from .numerals import ENGLISH, Numerals
from .plain_form import LARGEST, TOO_LARGE, WHOLE_NUMBER
from .words import Catalogue, filled

#: The tools, as their addresses name them (``/tools/<name>``).
TOOLS = ("pile", "meld", "go-out", "minimum")
#: How a box's value is typed: a whole number, a ticked box, one of a few choices, the family's meld as typed.
COUNT, TICK, CHOICE, CARDS = "count", "tick", "choice", "cards"
#: What a tick box sent unticked says (WTForms' ``BooleanField.false_values``).
UNTICKED = ("", "false")
#: The family's packet, and its last card, as the question names them.
PACKETS: tuple[Packet, ...] = ("taken", "taken_unplayed", "not_taken")
LAST_CARDS = ("discard", "no_discard")
#: The longest a meld's cards may be typed.
CARDS_LONGEST = 200
#: The shape checks' sentences (the server's form says the same).
CHOOSE = N_("%(field)s: choose one of those shown.")
AT_LEAST = N_("At least %(min)s here.")
AT_MOST_CHARACTERS = N_("At most %(max)s characters here.")
CARDS_REQUIRED = N_("Type the meld's cards, such as 3H 4H JK 6H.")


@dataclass(frozen=True)
class Box:
    """One box of a tool's form: its name, how its value is typed, its value when the address does not send it,
    the least count it takes (where it has one), and its choices."""

    name: str
    kind: str
    default: Any = None
    least: int | None = None
    choices: tuple[str, ...] = ()


def _tick(name: str) -> Box:
    return Box(name, TICK, False)


def _counts(*names: str) -> tuple[Box, ...]:
    return tuple(Box(name, COUNT) for name in names)


def _ends(*names: str) -> tuple[Box, ...]:
    """A sequence's ends (Samba): none, or four low to ace high."""
    return tuple(Box(name, CHOICE, "", choices=("", *SEQUENCE_ORDER)) for name in names)


def _special_hand(ruleset: RuleSet) -> tuple[Box, ...]:
    """Going out with one of the rule set's special hands (Modern American), or none."""
    return (Box("special_hand", CHOICE, "", choices=("", *ruleset.special_hands)),)


def boxes(tool: str, ruleset: RuleSet) -> tuple[Box, ...]:
    """The boxes ``tool``'s form asks under ``ruleset``, in the form's order (none: the game answers without
    asking anything, as the family's pile and minimum)."""
    if is_family(ruleset):
        return _family_boxes(tool, ruleset)
    # the minimum goes by the round where the rules say so (Hand and Foot), else by the score
    by_score = (Box("total", COUNT),) if ruleset.min_by_round is None else ()
    by_round = () if ruleset.min_by_round is None else (Box("hand_number", COUNT, 1, least=1),)
    if tool == "pile":
        return (
            Box("top_card", CHOICE, None, choices=TOP_CARDS),
            _tick("pile_frozen"),
            *((_tick("black_three_in_pile"),) if ruleset.black_three_freezes else ()),
            _tick("side_has_melded"),
            Box("naturals_in_hand", COUNT),
            Box("wilds_in_hand", COUNT),
            _tick("meld_on_table"),
            *(() if ruleset.pile_onto_canasta else (_tick("meld_on_table_is_canasta"),)),
            *by_score,
            Box("meld_points", COUNT),
            *(_counts("natural_canastas", "mixed_canastas") if ruleset.canastas_count_for_minimum else ()),
            *by_round,
        )
    if tool == "meld":
        return (
            Box("rank", CHOICE, "K", choices=MELD_RANKS),
            Box("naturals", COUNT, 3),
            Box("jokers", COUNT),
            Box("twos", COUNT),
            _tick("going_out"),
            *(_ends("sequence_low", "sequence_high") if ruleset.sequences else ()),
        )
    if tool == "go-out":
        return (
            Box("natural", COUNT),
            Box("mixed", COUNT),
            Box("wild", COUNT),
            *((Box("samba", COUNT),) if ruleset.sequences else ()),
            Box("cards_left", COUNT),
            _tick("concealed"),
            *(_special_hand(ruleset) if ruleset.special_hands else ()),
        )
    if tool == "minimum":
        return (*by_score, *by_round)
    raise KeyError(tool)


def _family_boxes(tool: str, ruleset: RuleSet) -> tuple[Box, ...]:
    """The family's questions: a meld as its cards, going out with the packet; the pile and the minimum ask nothing."""
    if tool == "meld":
        return (Box("cards", CARDS, None),)
    if tool == "go-out":
        hand = ruleset.family_hand
        return (
            Box("packet", CHOICE, "taken", choices=PACKETS),
            Box("clean", COUNT, 0, least=0),
            Box("other", COUNT, 0, least=0),
            Box("how", CHOICE, "discard", choices=LAST_CARDS),
            *(() if hand is not None and hand.wild_closing_discard else (_tick("wild_discard"),)),
        )
    if tool in TOOLS:
        return ()
    raise KeyError(tool)


@dataclass
class Typed:
    """A form's values read as the server's form reads them: each box's value, what to show in it, and what is
    wrong with it (each a sentence and its values, in English)."""

    data: dict[str, Any] = field(default_factory=dict)
    shown: dict[str, str | bool] = field(default_factory=dict)
    problems: dict[str, list[tuple[str, dict[str, object]]]] = field(default_factory=dict)


def first_values(values: Iterable[Sequence[str]]) -> dict[str, str]:
    """A query's values by name, the first of each (as the server's form reads a box sent twice)."""
    found: dict[str, str] = {}
    for name, value in values:
        found.setdefault(name, value)
    return found


#: What a box's reading gives: its value, what the box shows, and what is wrong with it.
Reading = tuple[Any, str | bool, list[tuple[str, dict[str, object]]]]


def read(tool: str, ruleset: RuleSet, values: Iterable[Sequence[str]]) -> Typed:
    """The values of ``tool``'s form as typed (name and text), read box by box as the server's form reads them."""
    given = first_values(values)
    typed = Typed()
    for box in boxes(tool, ruleset):
        data, shown, wrong = _READERS[box.kind](given.get(box.name), box)
        typed.data[box.name], typed.shown[box.name] = data, shown
        if wrong:
            typed.problems[box.name] = wrong
    return typed


def _count(text: str | None, box: Box) -> Reading:
    """A whole number as ``WholeNumberField`` reads it (an empty box 0, one not sent its default), and its least."""
    wrong: list[tuple[str, dict[str, object]]] = []
    value: int | None = box.default
    if text is not None:
        stripped = text.strip()
        try:
            value = int(stripped) if stripped else 0
        except ValueError:
            value = None
            wrong.append((WHOLE_NUMBER, {}))
        if value is not None and abs(value) > LARGEST:
            value = None
            wrong.append((TOO_LARGE, {"largest": LARGEST}))
    if box.least is not None and (value is None or value < box.least):
        wrong.append((AT_LEAST, {"min": box.least}))
    return value, text if text is not None else ("" if box.default is None else str(box.default)), wrong


def _ticked(text: str | None, box: Box) -> Reading:
    """A tick box: ticked when sent with a value that is not an unticked one (``BooleanField``)."""
    ticked = text is not None and text not in UNTICKED
    return ticked, ticked, []


def _chosen(text: str | None, box: Box) -> Reading:
    """One of the box's choices (refused by the box's name otherwise)."""
    chosen = text if text is not None else box.default
    wrong: list[tuple[str, dict[str, object]]] = [] if chosen in box.choices else [(CHOOSE, {"field": box.name})]
    return chosen, chosen or "", wrong


def _cards(text: str | None, box: Box) -> Reading:
    """The family's meld as typed: some text, not too long."""
    cards = text or ""
    wrong: list[tuple[str, dict[str, object]]] = []
    if not cards:
        wrong.append((CARDS_REQUIRED, {}))
    elif len(cards) > CARDS_LONGEST:
        wrong.append((AT_MOST_CHARACTERS, {"max": CARDS_LONGEST}))
    return cards, cards, wrong


_READERS = {COUNT: _count, TICK: _ticked, CHOICE: _chosen, CARDS: _cards}


def decide(tool: str, ruleset: RuleSet, data: Mapping[str, Any]) -> Answer:
    """The engine's answer to ``tool``'s question, of values read without a problem (``read``)."""
    if is_family(ruleset):
        return _family_decide(tool, ruleset, data)
    total = int(data.get("total") or 0)
    hand_number = int(data.get("hand_number") or 1) if "hand_number" in data else None
    if tool == "pile":
        question = PileQuestion(
            top_card=data["top_card"],
            pile_frozen=data["pile_frozen"],
            black_three_in_pile=bool(data.get("black_three_in_pile")),
            side_has_melded=data["side_has_melded"],
            naturals_in_hand=data["naturals_in_hand"] or 0,
            wilds_in_hand=data["wilds_in_hand"] or 0,
            meld_on_table=data["meld_on_table"],
            meld_on_table_is_canasta=bool(data.get("meld_on_table_is_canasta")),
            total=total,
            meld_points=data["meld_points"] or 0,
            natural_canastas=int(data.get("natural_canastas") or 0),
            mixed_canastas=int(data.get("mixed_canastas") or 0),
            hand_number=hand_number,
        )
        return decide_take_pile(question, ruleset)
    if tool == "meld":
        return decide_meld(_meld(data), ruleset, going_out=data["going_out"])
    if tool == "go-out":
        counts = (data["natural"] or 0, data["mixed"] or 0, data["wild"] or 0, int(data.get("samba") or 0))
        go_out = GoOutQuestion(
            canastas=CanastaCount(*counts),
            cards_left=data["cards_left"] or 0,
            concealed=data["concealed"],
            special_hand=data.get("special_hand") or "",
        )
        return decide_go_out(go_out, ruleset)
    return decide_minimum(total, ruleset, hand_number)


def _meld(data: Mapping[str, Any]) -> Meld:
    """The meld asked about: of a rank, or a sequence of one suit where the rules play them (Samba)."""
    jokers, twos = data["jokers"] or 0, data["twos"] or 0
    if data.get("sequence_low") and data.get("sequence_high"):
        cards = sequence_between(data["sequence_low"], data["sequence_high"])
        return Meld(SEQUENCE_RANK, len(cards), jokers, twos, cards)
    naturals = 0 if data["rank"] == "WILD" else data["naturals"] or 0
    return Meld(data["rank"], naturals, jokers, twos)


def _family_decide(tool: str, ruleset: RuleSet, data: Mapping[str, Any]) -> Answer:
    """The family's answers: the pile and the minimum at once, a meld by its cards, going out with the packet."""
    if tool == "pile":
        return decide_family_take_pile(ruleset)
    if tool == "minimum":
        return decide_family_minimum(ruleset)
    if tool == "meld":
        return decide_family_meld(data["cards"].replace(",", " ").split(), ruleset)
    question = FamilyGoOutQuestion(
        packet=data["packet"] if data["packet"] in PACKETS else "not_taken",
        clean_canastas=data["clean"] or 0,
        other_canastas=data["other"] or 0,
        went_out="no_discard" if data["how"] == "no_discard" else "discard",
        wild_discard=bool(data.get("wild_discard")),
    )
    return decide_family_go_out(question, ruleset)


def answered(tool: str, ruleset: RuleSet, values: Iterable[Sequence[str]]) -> Answer | None:
    """The engine's answer to ``tool``'s question as typed (None: a box holds what it cannot)."""
    typed = read(tool, ruleset, values)
    return None if typed.problems else decide(tool, ruleset, typed.data)


def rule_link(rules: str, rule: str) -> str:
    """The address of the reference's explanation of ``rule``, under ``rules`` (the reference's address as the
    page links it: a game's, or the general one with its ``?set=``)."""
    root, _, query = rules.partition("?")
    return f"{root}/{rule_topic(rule)}{'?' + query if query else ''}#{rule}"


def answer_view(words: Catalogue, answer: Answer, rules: str, numerals: Numerals = ENGLISH) -> dict[str, Any]:
    """An answer as the page shows it: the verdict (the number that answers, or yes or no), the reason and its
    rule's link, and each problem with its own where there are several; its numbers in the reader's ``numerals``."""
    verdict = words.gettext("Yes") if answer.allowed else words.gettext("No")  # each lookup written out (extracted)
    if answer.figure is not None:
        verdict = numerals.integer(answer.figure)
    return {
        "allowed": answer.allowed,
        "verdict": verdict,
        "rule": answer.rule,
        "reason": answer.render(words.gettext, numerals.integer),
        "help": rule_link(rules, answer.rule),
        "link": words.gettext("The rule"),
        "details": [
            {"message": detail.render(words.gettext, numerals.integer), "help": rule_link(rules, detail.rule)}
            for detail in answer.details
        ],
    }


def tool_view(
    words: Catalogue,
    tool: str,
    ruleset: RuleSet,
    values: Iterable[Sequence[str]],
    rules: str,
    labels: Mapping[str, str],
    numerals: Numerals = ENGLISH,
) -> dict[str, Any]:
    """A tool's page as the address asks it: what its boxes show, and, when it asks (``ask``), the answer, or what
    is wrong with each box in the reader's language (a choice's refusal naming its box by ``labels``, the page's)."""
    pairs = list(values)
    asked = bool(first_values(pairs).get("ask"))
    if not boxes(tool, ruleset):
        return {"shown": {}, "problems": {}, "answer": answer_view(words, decide(tool, ruleset, {}), rules, numerals)}
    typed = read(tool, ruleset, pairs)
    view: dict[str, Any] = {"shown": typed.shown, "problems": {}, "answer": None}
    if not asked:
        return view
    if typed.problems:
        view["problems"] = {
            name: [_said(words, template, params, labels) for template, params in wrong]
            for name, wrong in typed.problems.items()
        }
        return view
    view["answer"] = answer_view(words, decide(tool, ruleset, typed.data), rules, numerals)
    return view


def _said(words: Catalogue, template: str, params: Mapping[str, object], labels: Mapping[str, str]) -> str:
    """A shape check's sentence in the reader's language, a box named by its label."""
    if "field" in params:
        params = {**params, "field": labels.get(str(params["field"]), str(params["field"]))}
    return filled(words.gettext(template), **params)
