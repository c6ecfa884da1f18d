"""The reference reads the Canasta family's club games (Burraco, Buraco, Burako): their own topics, every
number from the rule set and its house rules, an anchor for every refusal, the comparison, the search."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.engine import RULESETS, configure
from scorekeeper.engine.catalogue import FAMILY_RULESETS
from scorekeeper.engine.family.referee import FamilyGoOutQuestion, decide_family_go_out
from scorekeeper.reference import FAMILY_RULE_TOPICS, RULE_TOPICS, TOPICS, anchors_for, topics_for
from scorekeeper.reference.topics import build_all, build_topic

from .test_reference import LANGUAGES, anchors, get

FAMILY = list(FAMILY_RULESETS)
ENGINE = Path(__file__).resolve().parents[1] / "scorekeeper" / "engine"


@pytest.fixture(autouse=True)
def family_offered(monkeypatch):
    """The family's games as the app will offer them: in RULESETS, which the reference's pages read on every
    request (nothing of it is built at import time)."""
    for ruleset_id, ruleset in FAMILY_RULESETS.items():
        monkeypatch.setitem(RULESETS, ruleset_id, ruleset)


def text(topic):
    """A topic's words, as a reader sees them."""
    parts = [topic.title]
    for section in topic.sections:
        parts += [section.title, *section.paragraphs, *(f"{label} {value}" for label, value in section.rows)]
    return " ".join(str(part) for part in parts)


def read(app, slug, ruleset_id, options=None, language="en"):
    """A topic for a game of the family with house rules, in a language."""
    with app.test_request_context(headers={"Accept-Language": language}):
        base = FAMILY_RULESETS[ruleset_id]
        return text(build_topic(slug, configure(base, options or {}, sides=base.sides_allowed[0])))


def test_every_rule_id_the_familys_engine_reports_is_in_the_index():
    source = " ".join(path.read_text() for path in ENGINE.glob("family/*.py"))
    reported = set(re.findall(r'(?:\bbroken|_broken|RuleViolation)\(\s*"(\w+)"', source))
    assert len(reported) > 25
    assert reported <= set(anchors_for(FAMILY_RULESETS["burraco"]))
    assert set(FAMILY_RULE_TOPICS) <= set(RULE_TOPICS)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", FAMILY)
def test_every_family_rule_id_has_an_anchor_on_its_topic_page(client, language, ruleset_id):
    pages = {slug: anchors(get(client, f"/rules/{slug}?set={ruleset_id}", language)) for slug in TOPICS}
    expected = anchors_for(FAMILY_RULESETS[ruleset_id])
    missing = [rule for rule, slug in expected.items() if rule not in pages[slug]]
    assert not missing
    assert "family_going_out_on_a_wild_discard" in expected
    assert "side_count" in expected
    assert "red_three_in_hand" not in expected


@pytest.mark.parametrize("ruleset_id", FAMILY)
def test_a_family_game_reads_its_own_topics_without_canastas_threes_or_minimum(client, ruleset_id):
    slugs = topics_for(FAMILY_RULESETS[ruleset_id])
    assert {"packet", "sources", "glossary"} <= set(slugs)
    assert not {"red-threes", "black-threes", "initial-meld"} & set(slugs)
    index = get(client, f"/rules?set={ruleset_id}")
    assert "/rules/packet?set=" in index
    assert "/rules/red-threes" not in index
    assert "/rules/initial-meld" not in index
    # the referee's three questions of the family's games are on its menu; the minimum it has not is said once
    assert f"/tools/pile?set={ruleset_id}" in index
    assert f"/tools/go-out?set={ruleset_id}" in index
    assert f"/tools/meld?set={ruleset_id}" in index
    assert "What is our minimum?" not in index
    page = get(client, f"/rules/red-threes?set={ruleset_id}")  # a link kept from another rule set
    assert "This game has no red threes: every three is an ordinary card, worth 5." in page
    assert "no first-meld minimum" in get(client, f"/rules/initial-meld?set={ruleset_id}")


def test_canastas_topics_stay_canastas(client):
    assert "packet" not in topics_for(RULESETS["classic"])
    assert "These rules have no packet" in get(client, "/rules/packet?set=classic")
    assert "Nothing in the reference matches" in get(client, "/rules/search?q=pozzetto&set=classic")


@pytest.mark.parametrize(
    ("ruleset_id", "slug", "expected"),
    [
        ("burraco", "deck", "108 cards in all"),
        ("buraco", "deck", "104 cards in all"),
        ("burraco", "deck", "Joker 30 points"),
        ("burako", "deck", "Joker 50 points"),
        ("buraco", "deck", "This game is played without jokers"),
        ("burraco", "canastas", "Semi-clean (one wild card beside the natural cards) 150 points"),
        ("buraco", "canastas", "Clean, from ace to king 500 points"),
        ("buraco", "canastas", "Clean, from ace to ace 1,000 points"),
        ("burako", "canastas", "Of wild cards only 1,000 points"),
        ("burraco", "going-out", "The card discarded to go out is never a wild card"),
        ("burraco", "going-out", "The last card must be discarded"),
        ("buraco", "going-out", "A side goes out only with a clean canasta"),
        ("burako", "going-out", "A canasta of wild cards counts."),
        ("buraco", "scoring", "No clean canasta: the table counts minus"),
        ("burraco", "packet", "its cards count against the side like cards held"),
        ("burako", "packet", "−100 points (as if never taken)"),
        ("burraco", "packet", "but not necessarily after playing from it"),
        ("buraco", "packet", "A side goes out only after taking its morto and playing from it."),
        ("burraco", "going-out", "after the side has taken its pozzetto, played from it or not"),
        ("burraco", "going-out", "A player alone, in a game of two, has always played it."),
        ("burako", "going-out", "after the side has played its muerto"),
        ("burraco", "sources", "Going out before the packet is played"),
        ("burraco", "winning", "The game ends when a side reaches 2,005."),
        ("buraco", "winning", "The game ends when a side reaches 3,000."),
        ("burako", "winning", "The game ends when a side reaches 2,000."),
        ("buraco", "melds", "This game has no sets"),
        ("buraco", "melds", "a run may go all the way from ace to ace"),
        ("burraco", "end-of-hand", "earns no going-out bonus"),
        ("burraco", "glossary", "pinella"),
    ],
)
def test_numbers_come_from_the_familys_rule_set(app, ruleset_id, slug, expected):
    assert expected in read(app, slug, ruleset_id)


@pytest.mark.parametrize(
    ("ruleset_id", "slug", "options", "present", "absent"),
    [
        ("burraco", "canastas", {"semi_clean": False}, "there is no semi-clean one here", "150"),
        ("burraco", "canastas", {"semi_clean_wild_at_end": True}, "must stand at one end of the run", None),
        ("burraco", "canastas", {"ace_to_king_bonus": 300}, "Clean, from ace to king 300 points", None),
        ("buraco", "deck", {"jokers": True}, "Joker 20 points", "played without jokers"),
        ("buraco", "deck", {"jokers": True, "joker_value": 50}, "Joker 50 points", None),
        ("buraco", "deck", {"jokers": True}, "108 cards in all", "104 cards"),
        ("buraco", "melds", {"sets_allowed": True}, "Cards of one rank make a set", "This game has no sets"),
        ("buraco", "melds", {"ace_to_ace": False}, "never both in one run", "from ace to ace"),
        ("buraco", "scoring", {"table_minus_without_clean": False}, "their card values, plus", "counts minus"),
        ("buraco", "canastas", {"ace_to_ace_bonus": None}, "Clean, from ace to king 500", "1000"),
        ("burako", "canastas", {"wild_canasta_bonus": None}, "Dirty (with a wild card)", "1000"),
        ("burako", "melds", {"wild_canasta_bonus": None}, "A meld of wild cards only is not allowed", None),
        ("burraco", "going-out", {"going_out_needs_canasta": "clean"}, "only with a clean canasta", None),
        ("burraco", "going-out", {"going_out_with_discard": "either"}, "by melding every card, or by", None),
        ("burraco", "going-out", {"wild_closing_discard": True}, "may be any card, a wild card too", "never a wild"),
        ("burraco", "end-of-hand", {"no_going_out_bonus_on_stock_out": False}, "even when the stock runs out", None),
        ("burraco", "going-out", {"going_out_bonus": 150}, "Going out earns 150", None),
        (
            "burraco",
            "going-out",
            {"going_out_with_packet_unplayed": False},
            "only after taking its pozzetto and playing from it",
            "played from it or not",
        ),
        ("buraco", "packet", {"going_out_with_packet_unplayed": True}, "not necessarily after playing", None),
        ("burako", "sources", {"going_out_with_packet_unplayed": True}, "Going out before the packet", None),
        ("buraco", "packet", {"packet_not_taken_penalty": 200}, "Never taken −200 points", None),
        ("burako", "winning", {"target": 3000}, "reaches 3,000", "2000"),
        ("burraco", "sources", {"semi_clean": False}, "The semi-clean canasta", "These rules: 150"),
        ("buraco", "sources", {"jokers": True, "joker_value": 50}, "These rules: yes · 50 points.", None),
    ],
)
def test_a_house_rule_changes_what_the_family_topic_says(app, ruleset_id, slug, options, present, absent):
    before = read(app, slug, ruleset_id)
    after = read(app, slug, ruleset_id, options)
    assert present in after
    assert after != before
    if absent is not None:
        assert absent not in after


@pytest.mark.parametrize("ruleset_id", FAMILY)
@pytest.mark.parametrize("unplayed", [None, True, False])
def test_the_reference_says_what_the_referee_answers_on_going_out_with_the_packet_not_yet_played(
    app, ruleset_id, unplayed
):
    """D27: "may we go out?" with the packet taken and not played, and the going-out and packet topics, agree
    for every game, as it comes (None) and with the house rule either way."""
    options = {} if unplayed is None else {"going_out_with_packet_unplayed": unplayed}
    ruleset = configure(FAMILY_RULESETS[ruleset_id], options)
    asked = FamilyGoOutQuestion(packet="taken_unplayed", clean_canastas=1)
    allowed = decide_family_go_out(asked, ruleset).allowed
    assert allowed is (ruleset_id == "burraco" if unplayed is None else unplayed)
    assert ("played from it or not" in read(app, "going-out", ruleset_id, options)) is allowed
    assert ("not necessarily after playing from it" in read(app, "packet", ruleset_id, options)) is allowed
    said = read(app, "sources", ruleset_id, options)
    assert f"so going out needs it played. These rules: {'yes' if allowed else 'no'}." in said


@pytest.mark.parametrize("ruleset_id", FAMILY)
def test_the_family_reads_in_spanish(app, ruleset_id):
    for slug in topics_for(FAMILY_RULESETS[ruleset_id]):
        english, spanish = read(app, slug, ruleset_id), read(app, slug, ruleset_id, language="es")
        assert english != spanish, slug
    assert {"burraco": "pozzetto", "buraco": "morto", "burako": "muerto"}[ruleset_id] in read(
        app, "packet", ruleset_id, language="es"
    )


def test_the_spanish_reading_uses_the_river_plate_words(app):
    canastas = read(app, "canastas", "burako", language="es")
    assert "Real o limpia (sin comodín) 200 puntos" in canastas
    assert "Simple o sucia (con un comodín) 100 puntos" in canastas
    assert "cierre" in read(app, "going-out", "burako", language="es")


def test_the_comparison_has_a_column_for_each_game_of_the_family(client):
    page = get(client, "/rules/compare")
    for ruleset in FAMILY_RULESETS.values():
        assert f"set={ruleset.id}" in page
        assert ruleset.name in page
    packet = re.search(r'<tr id="packet">(.*?)</tr>', page, re.S).group(1)
    assert packet.count("not taken \u2212100") == 3  # a true minus
    assert "unplayed: its cards held" in packet
    to_go_out = re.search(r'<tr id="canastas_to_go_out">(.*?)</tr>', page, re.S).group(1)
    assert to_go_out.count("with the packet, played or not") == 1  # Burraco only (D27)
    assert to_go_out.count("with the packet <small") == 2  # Buraco and Burako: played first
    assert "—" in packet  # Canasta's columns: no packet
    semi = re.search(r'<tr id="semi_clean">(.*?)</tr>', page, re.S).group(1)
    assert "150 <small" in semi
    long_runs = re.search(r'<tr id="long_runs">(.*?)</tr>', page, re.S).group(1)
    assert "500 · 1,000" in long_runs
    red = re.search(r'<tr id="red_threes">(.*?)</tr>', page, re.S).group(1)
    assert red.count("<td>—</td>") == 3
    assert "A dash: the rule has no place in that game" in page
    assert "Un guion" in get(client, "/rules/compare", "es")


@pytest.mark.parametrize(
    ("query", "ruleset_id", "language", "expected"),
    [
        ("pozzetto", "burraco", "en", "The pozzetto"),
        ("morto", "buraco", "en", "The morto"),
        ("muerto", "burako", "es", "muerto"),
        ("semipulito", "burraco", "en", "The semi-clean canasta"),
        ("pinella", "burraco", "es", "Glosario"),
    ],
)
def test_search_finds_the_familys_words(client, query, ruleset_id, language, expected):
    page = get(client, f"/rules/search?q={query}&set={ruleset_id}", language)
    assert expected in page
    assert f"/rules/packet?set={ruleset_id}" in page or "glossary" in page


def test_search_never_lands_on_a_topic_the_game_does_not_have(client):
    page = get(client, "/rules/search?q=three&set=burraco")
    assert "/rules/red-threes" not in page
    assert "/rules/black-threes" not in page


@pytest.mark.parametrize("ruleset_id", FAMILY)
def test_every_family_topic_builds_in_both_languages(app, ruleset_id):
    for language in LANGUAGES:
        with app.test_request_context(headers={"Accept-Language": language}):
            topics = build_all(FAMILY_RULESETS[ruleset_id])
        assert [topic.slug for topic in topics] == list(topics_for(FAMILY_RULESETS[ruleset_id]))
