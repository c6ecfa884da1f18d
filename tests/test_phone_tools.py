"""The referee tools as the phone answers them with no connection (portable/bridge.py's ``tool_page``, with what
the tool's page carries: its rules, its reference, its boxes' labels) are the server's pages: for the same
questions, in every tool, under Canasta's rule sets and the family's (in the app's five languages), a game's house
rules (in Italian), the same verdict, reason and rule's link, the same refusals of a box, the same values in the
boxes."""

from __future__ import annotations

import html
import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorekeeper
from scorekeeper.engine import RULESETS, configured
from scorekeeper.portable import bridge
from scorekeeper.portable.tools import CARDS, CHOICE, COUNT, TICK, TOOLS, boxes
from scorekeeper.web.rules.tools import FORMS

from .helpers import api_game

TRANSLATIONS = Path(scorekeeper.__file__).parent / "translations"


class ToolPage(HTMLParser):
    """What a tool's page shows: the rules its body carries for the phone, the answer box, each box's value,
    label and refusals."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.body: dict[str, str] = {}
        self.answer: dict[str, Any] | None = None
        self.shown: dict[str, str | bool] = {}
        self.labels: dict[str, str] = {}
        self.problems: dict[str, list[str]] = {}
        self._in: list[str] = []  # what the text being read belongs to
        self.selects: set[str] = set()
        self._box: str | None = None  # the last box named
        self._label: dict[str, list[str]] | None = None  # a label's text, and its span's
        self._select: str | None = None
        self._form = False  # within the tool's form
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {key: value or "" for key, value in attrs}
        if tag == "body":
            self.body = named
        if tag == "form":
            self._form = "tool-form" in named.get("class", "").split()
        elif tag == "div" and named.get("id") == "answer":
            self.answer = {"allowed": "yes" in named["class"].split(), "texts": [], "links": [], "details": []}
            self._in.append("answer")
        elif self.answer is not None and self._in and self._in[-1].startswith("answer"):
            if tag == "p" and named.get("class") == "verdict":
                self._in.append("answer-verdict")
            elif tag == "a":
                self.answer["links"].append(named["href"])
                self._in.append("answer-link")
            elif tag == "li":
                self._in.append("answer-detail")
        if tag == "span" and self._label is not None:
            self._in.append("label")
        if tag == "label":
            self._label = {"all": [], "span": []}
        if self._form and tag in ("input", "select") and named.get("name") and named.get("type") != "hidden":
            self._box = named["name"]
            if named.get("type") == "checkbox":
                self.shown[self._box] = "checked" in named
            elif tag == "input":
                self.shown[self._box] = named.get("value", "")
            else:
                self._select = self._box
                self.selects.add(self._box)
                self.shown[self._box] = ""
        if tag == "option" and self._select and "selected" in named:
            self.shown[self._select] = named.get("value", "")
        if tag == "p" and named.get("class") == "error" and self._box:
            self.problems.setdefault(self._box, []).append("")
            self._in.append("error")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        if tag == "form":
            self._form = False
        if tag == "label" and self._label is not None:
            if self._box and self._box not in self.labels:  # as referee.js reads it: its span's text, or its own
                self.labels[self._box] = "".join(self._label["span"] or self._label["all"]).strip()
            self._label = None
        if self._in and (tag, self._in[-1]) in {
            ("div", "answer"),
            ("p", "answer-verdict"),
            ("a", "answer-link"),
            ("li", "answer-detail"),
            ("span", "label"),
            ("p", "error"),
        }:
            self._in.pop()

    def handle_data(self, data: str) -> None:
        if self._label is not None:
            self._label["all"].append(data)
            if self._in and self._in[-1] == "label":
                self._label["span"].append(data)
        where = self._in[-1] if self._in else None
        if where == "error" and self._box:
            self.problems[self._box][-1] += data
        elif where == "answer-verdict" and self.answer is not None:
            self.answer["verdict"] = data.strip()
        elif where in ("answer", "answer-link", "answer-detail") and self.answer is not None and data.strip():
            self.answer["texts"].append(" ".join(data.split()))


def server_page(client: Any, address: str, language: str) -> ToolPage:
    response = client.get(address, headers={"Accept-Language": language})
    assert response.status_code == 200, address
    return ToolPage(response.get_data(as_text=True))


def phone_page(page: ToolPage, tool: str, query: list[tuple[str, str]], language: str) -> dict[str, Any]:
    """The tool as the phone answers it: from what the server's page carries, as static/js/referee.js asks."""
    assert page.body.get("data-tool") == tool
    catalogue = catalogue_path_bytes(language)
    bridge.language(language, catalogue, page.body.get("data-numerals"))  # as the worker reads the page's numerals
    try:
        return json.loads(
            bridge.tool_page(
                html.unescape(page.body["data-ruleset"]),
                tool,
                json.dumps(query),
                html.unescape(page.body["data-rules"]),
                json.dumps(page.labels),
            )
        )
    finally:
        bridge.language("en", None)


def catalogue_path_bytes(language: str) -> bytes | None:
    """A language's compiled catalogue, as the worker fetches it (None: English, the catalogues' own words)."""
    return None if language == "en" else (TRANSLATIONS / language / "LC_MESSAGES" / "messages.mo").read_bytes()


def as_the_page_shows(answer: dict[str, Any] | None) -> dict[str, Any] | None:
    """The phone's answer as its box shows it (referee.js): the verdict, the reason and its link, and each
    problem with its link where there are several."""
    if answer is None:
        return None
    details = answer["details"] if len(answer["details"]) > 1 else []
    texts = [answer["reason"], answer["link"]]
    for detail in details:
        texts += [detail["message"], answer["link"]]
    return {
        "allowed": answer["allowed"],
        "verdict": answer["verdict"],
        "texts": texts,
        "links": [answer["help"], *(detail["help"] for detail in details)],
        "details": [],
    }


def assert_the_phone_shows_the_server_page(
    client: Any, base: str, tool: str, query: list[tuple[str, str]], language: str
):
    address = f"{base}/tools/{tool}" + ("?" + urlencode(query) if query else "")
    server = server_page(client, address, language)
    phone = phone_page(server, tool, query, language)
    assert as_the_page_shows(phone["answer"]) == server.answer, address
    assert phone["problems"] == server.problems, address
    assert set(phone["shown"]) == set(server.shown), address
    for name, value in phone["shown"].items():
        if name in server.selects and not server.shown[name]:
            continue  # a choice not among those shown: the server's select shows none of them, as the phone's
        assert value == server.shown[name], (address, name)


#: Questions for each tool, asked as the page asks them (``ask``), every branch of an answer and every refusal.
QUESTIONS: dict[str, list[dict[str, str]]] = {
    "pile": [
        {"top_card": "K", "side_has_melded": "y", "naturals_in_hand": "2"},
        {"top_card": "3B", "side_has_melded": "y", "naturals_in_hand": "2"},
        {"top_card": "Q", "naturals_in_hand": "2", "total": "1600", "meld_points": "30", "hand_number": "3"},
        {"top_card": "7", "pile_frozen": "y", "naturals_in_hand": "1", "wilds_in_hand": "1", "side_has_melded": "y"},
        {"top_card": "9", "meld_on_table": "y", "meld_on_table_is_canasta": "y", "side_has_melded": "y"},
        {"top_card": "K", "black_three_in_pile": "y", "naturals_in_hand": "1", "wilds_in_hand": "1"},
        {"top_card": "JOKER"},
        {"top_card": "Q", "naturals_in_hand": "2", "total": "3000", "meld_points": "100", "natural_canastas": "1"},
        {"top_card": "ace", "naturals_in_hand": "two", "total": "99999999"},
        {"naturals_in_hand": " 2 ", "hand_number": "0"},
    ],
    "meld": [
        {"rank": "8", "naturals": "6", "jokers": "1"},
        {"rank": "8", "naturals": "1", "jokers": "4"},
        {"rank": "WILD", "jokers": "4", "twos": "3"},
        {"rank": "K", "naturals": "7", "going_out": "y"},
        {"rank": "3B", "naturals": "3"},
        {"rank": "", "sequence_low": "4", "sequence_high": "10"},
        {"rank": "K", "sequence_low": "Q", "sequence_high": "5", "jokers": "1"},
        {"rank": "Z", "naturals": "lots", "sequence_low": "1"},
    ],
    "go-out": [
        {"natural": "1"},
        {"natural": "1", "cards_left": "3"},
        {"mixed": "2", "concealed": "y"},
        {"natural": "1", "samba": "1", "wild": "1"},
        {"special_hand": "straight", "concealed": "y"},
        {"special_hand": "garbage"},
        {"natural": "many", "special_hand": "royal"},
        {"packet": "taken_unplayed", "clean": "1", "how": "discard"},
        {"packet": "not_taken", "other": "1", "how": "no_discard"},
        {"packet": "taken", "clean": "1", "wild_discard": "y"},
        {"packet": "taken", "other": "1"},
        {"packet": "lost", "clean": "-1", "how": "maybe"},
    ],
    "minimum": [{"total": "1600"}, {"total": "-200"}, {"hand_number": "2"}, {"total": "x", "hand_number": ""}],
}
#: The family's meld, typed as its cards.
FAMILY_MELDS = [
    {"cards": "3H 4H JK 6H"},
    {"cards": "7S 7D 2C"},
    {"cards": "7S,7D,7C,7H,7S,7D,7C"},
    {"cards": "AH 2H 3H 4H 5H 6H 7H"},
    {"cards": "3H 5H"},
    {"cards": ""},
    {"cards": "K" * 201},
    {},
]


def asked(values: dict[str, str], ruleset_id: str | None = None) -> list[tuple[str, str]]:
    """The query a tool's form sends (the rule set's first, as the general pages' form has it)."""
    return [*([("set", ruleset_id)] if ruleset_id else []), ("ask", "1"), *values.items()]


@pytest.mark.parametrize("language", ["en", "es", "pt_BR", "it", "de"])
@pytest.mark.parametrize("ruleset_id", list(RULESETS))
@pytest.mark.parametrize("tool", TOOLS)
def test_the_phone_answers_every_question_as_the_servers_page(client, tool, ruleset_id, language):
    questions = QUESTIONS[tool]
    if tool == "meld" and RULESETS[ruleset_id].family_melds is not None:
        questions = FAMILY_MELDS
    for values in [{}, *questions]:
        assert_the_phone_shows_the_server_page(client, "", tool, asked(values, ruleset_id), language)
    assert_the_phone_shows_the_server_page(client, "", tool, [("set", ruleset_id)], language)  # nothing asked


@pytest.mark.parametrize(
    ("ruleset_id", "options"),
    [
        ("classic", {"black_three_freezes": True, "canastas_count_for_minimum": True}),
        ("hand_and_foot", {}),
        ("burraco", {"going_out_with_packet_unplayed": False, "wild_closing_discard": True}),
        ("buraco", {"going_out_needs_canasta": None}),
    ],
)
@pytest.mark.parametrize("link", ["e", "g"])
def test_a_games_tools_answer_on_the_phone_with_its_house_rules_as_on_the_server(client, ruleset_id, options, link):
    game = api_game(client, ruleset_id, options)
    assert "edit_token" in game, game
    base = f"/e/{game['edit_token']}" if link == "e" else f"/g/{game['id']}"
    for tool in TOOLS:
        questions = QUESTIONS[tool]
        if tool == "meld" and RULESETS[ruleset_id].family_melds is not None:
            questions = FAMILY_MELDS
        for values in questions:
            assert_the_phone_shows_the_server_page(client, base, tool, asked(values), "it")


def test_a_tools_page_carries_its_rules_and_its_reference_for_the_phone(client):
    game = api_game(client, "burraco", {"going_out_with_packet_unplayed": False})
    page = server_page(client, f"/e/{game['edit_token']}/tools/go-out", "en")
    assert json.loads(html.unescape(page.body["data-ruleset"])) == {
        "ruleset": "burraco",
        "options": {"going_out_with_packet_unplayed": False},
        "sides": 2,
    }
    assert page.body["data-rules"] == f"/e/{game['edit_token']}/rules"
    general = server_page(client, "/tools/pile?set=samba", "en")
    assert json.loads(html.unescape(general.body["data-ruleset"])) == {"ruleset": "samba", "options": {}, "sides": 2}
    assert html.unescape(general.body["data-rules"]) == "/rules?set=samba"


#: What a box may be sent holding: numbers and not, blank, too large, choices and not.
TYPED = st.sampled_from(
    ["", " ", "0", "1", "2", "3", "7", "-1", "12", "1600", "5000", "1_0", "x", "2000000", "y", "false"]
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(
    ruleset_id=st.sampled_from(["classic", "us_partnership", "samba", "modern_american", "hand_and_foot", "burako"]),
    tool=st.sampled_from(TOOLS),
    picks=st.lists(st.tuples(st.integers(0, 20), TYPED, st.integers(0, 20)), max_size=8),
)
def test_any_values_typed_are_read_and_answered_on_the_phone_as_on_the_server(client, ruleset_id, tool, picks):
    ruleset = RULESETS[ruleset_id]
    asked_boxes = [box for box in boxes(tool, ruleset) if box.kind != CARDS]
    if not asked_boxes:
        return
    values: dict[str, str] = {}
    for which, text, choice in picks:
        box = asked_boxes[which % len(asked_boxes)]
        if box.kind == CHOICE and box.choices and text not in ("x", ""):
            text = box.choices[choice % len(box.choices)]
        values[box.name] = text  # a tick box sent "", "0", "false" or "y" as well
    assert_the_phone_shows_the_server_page(client, "", tool, asked(values, ruleset_id), "en")


#: The server's field for each kind of box.
FIELD_TYPES = {
    COUNT: {"WholeNumberField"},
    TICK: {"BooleanField"},
    CHOICE: {"SelectField", "WordChoiceField"},
    CARDS: {"StringField"},
}


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
@pytest.mark.parametrize("tool", TOOLS)
def test_the_phones_boxes_are_the_servers_form_fields_name_for_name_and_kind_for_kind(app, tool, ruleset_id):
    ruleset = configured(ruleset_id, {}, sides=RULESETS[ruleset_id].sides_allowed[0])
    with app.test_request_context():
        form = FORMS[tool, ruleset.family_melds is not None]()
        fields = {field.name: field.type for field in form}
        order = list(fields)
    asked = boxes(tool, ruleset)
    assert [box.name for box in asked] == [name for name in order if name in {box.name for box in asked}]
    for box in asked:
        assert fields[box.name] in FIELD_TYPES[box.kind], box.name


def test_the_service_worker_keeps_every_rule_sets_tools_for_a_phone_with_no_connection(client):
    script = client.get("/sw.js").get_data(as_text=True)
    for tool in TOOLS:
        for ruleset_id in RULESETS:
            assert f'"/tools/{tool}?set={ruleset_id}"' in script
    assert f"const TOOL_NAMES = {json.dumps(list(TOOLS))};" in script  # a game's, kept with its sheet
