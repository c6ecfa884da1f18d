"""The phone's engine, as its Web Worker calls it: each function takes and returns JSON text.

A game as the phone keeps it: ``game``, as the server last sent it (``web/table/phone_copy.py``: its rule set and
house rules, its sides' names, every player in seat order, the first dealer's seat, each side's total before hand
1, and its hands as ``[number, version, record]`` in order, records as ``engine/records.py`` speaks them), and
``changes``, what this phone did since, not yet on the server, in order: each the hand form's values as typed
(``kind`` "add", "edit" of hand ``number``, or "undo"), read as the server's form reads them (``plain_form``).
"""

from __future__ import annotations

import gettext
import io
import json
from typing import Any

from ..engine import REVISION, RuleSet, RuleViolations, configured
from ..engine.game import HandResult, initial_meld_minimum
from ..engine.records import Record
from ..engine.sheet import Sheet, Table, preview, sum_up
from .family_record import half_of
from .halves import lone_half, own_problems
from .numerals import ENGLISH, Numerals
from .plain_form import TOO_LARGE, PlainForm
from .tools import tool_view
from .views import hand_view, refusal_view, sheet_view
from .words import breakdown_rows, filled

#: The catalogue words are read in (set by ``language``; English until then).
_words: gettext.NullTranslations = gettext.NullTranslations()
#: How numbers are written (set by ``language``, as the page says the server writes them; English until then).
_numerals: Numerals = ENGLISH
#: The largest count a box takes, for its sentence.
LARGEST = 1_000_000


def language(code: str, catalogue: Any, numerals: str | None = None) -> str:
    """Read words in ``code`` from its compiled catalogue, bytes or the page's typed array (None: English, the
    catalogues' own words), and write numbers with ``numerals`` as the page gives them (``Numerals.written``:
    the server's, from Babel; English's when the page gives none)."""
    global _words, _numerals
    data = catalogue.to_bytes() if hasattr(catalogue, "to_bytes") else catalogue
    _words = gettext.GNUTranslations(io.BytesIO(bytes(data))) if data else gettext.NullTranslations()
    _numerals = Numerals.read(numerals)
    return json.dumps({"language": code, "revision": REVISION})


def translate(message: str) -> str:
    """``message`` in the language read in."""
    return _words.gettext(message)


# ---- the game as the phone holds it --------------------------------------------------------------------------


class Local:
    """The server's copy of a game with this phone's changes made on it: its rule set, its hands' records, and
    which hands the phone changed."""

    def __init__(self, kept: dict[str, Any]) -> None:
        game = kept["game"]
        sides = len(game["sides"])
        self.ruleset: RuleSet = configured(game["ruleset"], game.get("options") or {}, sides=sides)
        self.side_names = tuple(game["sides"])
        self.players = tuple(tuple(seated) for seated in game.get("players") or [[name] for name in game["sides"]])
        self.table = Table(
            ruleset=self.ruleset,
            side_names=self.side_names,
            seat_names=tuple(game.get("seats") or game["sides"]),
            first_dealer=int(game.get("first_dealer") or 0),
            opening=tuple(game.get("opening") or (0,) * sides),
        )
        self.hands: list[tuple[int, int, Record]] = [(int(n), int(v), record) for n, v, record in game["hands"]]
        self.changed: set[int] = set()
        for change in kept.get("changes", []):
            if not change.get("problem"):
                self.make(change)

    def form(self, values: list[list[str]]) -> PlainForm:
        """The hand form holding ``values``."""
        return PlainForm(self.ruleset, self.side_names, self.players, [(str(n), str(v)) for n, v in values])

    def make(self, change: dict[str, Any]) -> None:
        """A change of this phone's, made on the hands (one the engine refuses is left out)."""
        if change["kind"] == "undo":
            if self.hands:
                self.changed.discard(self.hands[-1][0])
                self.hands.pop()
            return
        form = self.form(change["fields"])
        if form.problems() or form.is_blank():
            return
        record, _ = form.to_record(translate)
        number = int(change.get("number") or 0)
        if change["kind"] == "edit" and 1 <= number <= len(self.hands):
            self.hands[number - 1] = (number, self.hands[number - 1][1], record)
        else:
            number = len(self.hands) + 1
            self.hands.append((number, 0, record))
        self.changed.add(number)

    def sheet(self) -> Sheet:
        """The sheet of the hands as the phone holds them."""
        return sum_up(self.table, self.hands)


def sheet_page(local_json: str) -> str:
    """The sheet as the phone shows it with changes of its own (``views.sheet_view``), the hands it changed marked."""
    local = Local(json.loads(local_json))
    view = sheet_view(_words, _numerals, local.sheet())
    kept_here = _words.gettext("Kept on this phone: not on the server yet.")
    for hand in view["hands"]:
        hand["local"] = kept_here if hand["number"] in local.changed else None
    return json.dumps(view)


def hand_page(local_json: str, change_json: str, rules: str) -> str:
    """A hand as typed on the phone (a change: ``kind`` "add" or "edit", its ``number``, its ``fields``): as the
    hand form shows it (``views.hand_view``), or the rules it breaks, each linked under ``rules`` (the game's
    reference), or the boxes holding what they cannot; with the form's words for the hand it is, and its record."""
    local = Local(json.loads(local_json))
    change = json.loads(change_json)
    sheet = local.sheet()
    number = int(change.get("number") or 0) if change["kind"] == "edit" else sheet.next_hand
    if change["kind"] == "edit" and 1 <= number <= len(local.hands):
        sheet = sum_up(local.table, local.hands[: number - 1])  # a fix is scored at the totals before it
    answer: dict[str, Any] = {"number": number, "labels": _labels(local, sheet, number, change["kind"] == "edit")}
    form = local.form(change["fields"])
    record = _typed(form, answer)
    if record is None:
        return json.dumps(answer)
    try:
        result = preview(sheet, record, number)
    except RuleViolations as refused:
        answer["refused"] = refusal_view(_words, _numerals, sheet, refused.violations, rules)
        return json.dumps(answer)
    answer["hand"] = hand_view(_words, _numerals, sheet, result)
    answer["record"] = record
    return json.dumps(answer)


def _typed(form: PlainForm, answer: dict[str, Any]) -> Record | None:
    """The record a form's values make, or None with ``answer`` saying why there is none: the boxes holding what
    they cannot (``shape``), or nothing typed yet (``blank``)."""
    wrong = form.problems()
    if wrong:
        answer["shape"] = [
            filled(_words.gettext(error), largest=LARGEST) if error == TOO_LARGE else _words.gettext(error)
            for _, error in wrong
        ]
        return None
    if form.is_blank():
        answer["blank"] = True
        return None
    record, _ = form.to_record(translate)
    return record


def half_page(local_json: str, change_json: str, rules: str, side: int) -> str:
    """Side ``side``'s half of a hand as typed on the phone (a change: its ``number``, its ``fields``, the half
    form's), scored on its own as the server's half form scores it (``portable/halves.py``): "Your half" item by
    item and its signed score, or the rules it breaks on its own, or the boxes holding what they cannot."""
    local = Local(json.loads(local_json))
    change = json.loads(change_json)
    sheet = local.sheet()
    number = int(change.get("number") or sheet.next_hand)
    answer: dict[str, Any] = {"number": number}
    form = local.form(change["fields"])
    record = _typed(form, answer)
    if record is None:
        return json.dumps(answer)
    alone = lone_half(local.ruleset, len(local.side_names), side, half_of(record, side), record["partners"])
    try:
        result = preview(sheet, alone, number)
    except RuleViolations as refused:
        mine = own_problems(refused.violations, side)
        if mine:
            answer["refused"] = refusal_view(_words, _numerals, sheet, mine, rules)
        else:
            answer["blank"] = True  # what it lacks, another side's half says (the partners, in a cutthroat game)
        return json.dumps(answer)
    scored = result.sides[side]
    answer["half"] = {
        "heading": _words.gettext("Your half"),
        "rows": breakdown_rows(_words, _numerals, scored, local.ruleset),
        "summary": _numerals.signed(scored.hand_score),
    }
    return json.dumps(answer)


def fill(local_json: str, number: int) -> str:
    """The hand form's values for fixing hand ``number`` as the phone holds it (to put in the page's boxes)."""
    local = Local(json.loads(local_json))
    if not 1 <= number <= len(local.hands):
        return json.dumps({"values": []})
    form = local.form([])
    form.load_record(local.hands[number - 1][2])
    return json.dumps({"values": form.values()})


def _labels(local: Local, sheet: Sheet, number: int, fixing: bool) -> dict[str, str]:
    """The hand form's own words for hand ``number``: its heading, its first-meld minimums (none in a game without
    them, which its sheet says once, as the server's form), its save button."""
    ruleset = sheet.ruleset
    totals = sheet.totals_before(number) if number <= sheet.next_hand else sheet.totals
    minimums = [_numerals.integer(initial_meld_minimum(total, ruleset, number)) for total in totals]
    if not ruleset.meld_minimum:
        said = ""
    elif ruleset.min_by_round:
        said = filled(
            _words.gettext("Round %(n)s: every side's first meld needs at least %(minimum)s."),
            n=number,
            minimum=minimums[0],
        )
    else:
        each = " · ".join(f"{name} {minimum}" for name, minimum in zip(local.side_names, minimums, strict=True))
        said = f"{_words.gettext('First meld this hand, at least:')} {each}"
    heading = _words.gettext("Fix hand %(n)s") if fixing else _words.gettext("Hand %(n)s")
    return {
        "heading": filled(heading, n=number),
        "minimums": said,
        "save": filled(_words.gettext("Save hand %(n)s"), n=number),
    }


# ---- the referee tools ---------------------------------------------------------------------------------------


def tool_page(rules_json: str, tool: str, values_json: str, rules: str, labels_json: str) -> str:
    """A referee tool's page as its address asks it (``values``: the query's names and values, in order), under
    the page's rules (``rules_json``: the rule set, its house rules and its sides), as the server's page answers it
    (``tools.tool_view``): what the boxes show, and the answer with its rule's link under ``rules`` (the reference
    as the page links it), or what is wrong with each box, named by the page's ``labels``."""
    played = json.loads(rules_json)
    ruleset = configured(played["ruleset"], played.get("options") or {}, sides=int(played["sides"]))
    values = [(str(name), str(value)) for name, value in json.loads(values_json)]
    return json.dumps(tool_view(_words, tool, ruleset, values, rules, json.loads(labels_json), _numerals))


# ---- numbers only (the test that the phone's engine scores as the server's) ------------------------------------


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
    """The game's sheet in numbers: each hand's scores and totals, both totals, the next minimums, the outcome."""
    summed = Local({"game": json.loads(game_json)}).sheet()
    return json.dumps(
        {
            "hands": [
                {"number": hand.number, "counted": hand.counted, **_result(hand.result, summed.ruleset)}
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
    """A hand's record scored as hand ``number`` of the game: the result in numbers, or the engine's refusals,
    each with its rule and its sentence in the language read in."""
    summed = Local({"game": json.loads(game_json)}).sheet()
    try:
        result = preview(summed, json.loads(record_json), number)
    except RuleViolations as refused:
        return json.dumps(
            {
                "refused": [
                    {
                        "rule": violation.rule,
                        "side": violation.side,
                        "message": violation.render(translate, _numerals.integer),
                    }
                    for violation in refused.violations
                ]
            }
        )
    return json.dumps(_result(result, summed.ruleset))
