"""The rules reference and the referee tools: anchors, both languages, numbers from the rule sets."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import RULESETS
from scorekeeper.reference import RULE_TOPICS, TOPICS, anchors_for, topics_for
from scorekeeper.reference.topics import BUILDERS

from .helpers import api_game, csrf_secret, templates_rendered

LANGUAGES = ["en", "es"]


def get(client, url, language="en"):
    response = client.get(url, headers={"Accept-Language": language})
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def anchors(html):
    return set(re.findall(r'id="([\w-]+)"', html))


def test_topics_are_built_in_reading_order():
    assert list(BUILDERS) == list(topics_for(RULESETS["classic"]))
    assert set(TOPICS) - set(BUILDERS) == {"packet", "sources"}  # the family's own topics


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_every_rule_id_has_an_anchor_on_its_topic_page(client, language, ruleset_id):
    pages = {slug: anchors(get(client, f"/rules/{slug}?set={ruleset_id}", language)) for slug in TOPICS}
    missing = [rule for rule, slug in anchors_for(RULESETS[ruleset_id]).items() if rule not in pages[slug]]
    assert not missing


def test_the_spec_rule_ids_are_all_in_the_index():
    spec = {
        "side_count", "negative_count", "not_multiple_of_five", "deck_limit", "red_threes_exceed_deck",
        "red_three_in_hand", "meld_too_small", "meld_min_naturals", "meld_max_wilds", "meld_wilds_exceed_naturals",
        "meld_too_large", "canasta_min_naturals", "duplicate_rank_meld", "wild_meld_not_allowed", "wild_meld_too_small",
        "black_three_meld_without_going_out", "black_three_meld_wilds", "black_three_meld_size",
        "black_three_meld_not_allowed", "two_sides_out", "concealed_without_going_out", "go_out_without_canastas",
        "hand_not_empty_after_going_out",
    }  # fmt: skip
    assert spec <= set(RULE_TOPICS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reference_and_tool_page_renders_in_both_languages(client, language):
    urls = ["/rules", "/rules/compare", "/rules/search?q=canasta", *(f"/rules/{slug}" for slug in TOPICS)]
    urls += ["/tools/pile", "/tools/meld", "/tools/go-out", "/tools/minimum"]
    for url in urls:
        page = get(client, url, language)
        assert f'lang="{language}"' in page


def test_the_pages_are_translated(client):
    assert "El pozo" in get(client, "/rules/discard-pile", "es")
    assert "The discard pile" in get(client, "/rules/discard-pile", "en")


@pytest.mark.parametrize(
    ("ruleset_id", "slug", "text"),
    [
        ("classic", "canastas", "500 points"),
        ("classic", "canastas", "300 points"),
        ("es_tradicional", "wild-cards", "7 make a wild-card canasta worth 2,000"),
        ("hoyle_2p", "wild-cards", "7 make a wild-card canasta worth 1,000"),
        ("uruguayan", "wild-cards", "3 to 7 cards"),
        ("classic", "wild-cards", "does not allow melds made only of wild cards"),
        ("classic_2p", "going-out", "A side needs 2 canastas before going out."),
        ("es_tradicional", "going-out", "A wild-card canasta does not count for this."),
        ("classic_6p", "red-threes", "1,200 points"),
        ("classic_6p", "initial-meld", "7,500 or more"),
        ("us_partnership", "initial-meld", "negative"),
        ("es_tradicional", "penalties", "Taking two cards instead of one"),
        ("es_tradicional", "canastas", "7 canastas"),
        ("hoyle_2p", "melds", "Wild cards may never outnumber the natural cards of a meld."),
        ("classic", "deck", "108 cards in all"),
        ("classic_6p", "deck", "162 cards in all"),
        ("classic", "winning", "The game ends when a side reaches 5,000."),
        ("es_online_15", "end-of-hand", "the hand ends at once"),
    ],
)
def test_numbers_come_from_the_rule_set(client, ruleset_id, slug, text):
    assert text in get(client, f"/rules/{slug}?set={ruleset_id}").replace("\n", " ")


def test_a_games_reference_reads_its_house_rules(client):
    created = client.post(
        "/api/v1/games",
        json={
            "ruleset": "classic",
            "options": {"canastas_to_go_out": 2, "go_out_bonus": 200},
            "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}],
        },
    ).get_json()
    page = get(client, f"/g/{created['id']}/rules/going-out")
    assert "A side needs 2 canastas before going out." in page
    assert "Going out earns 200 and ends the hand." in page
    assert f'href="/g/{created["id"]}"' in page  # back to the game
    tool = get(client, f"/g/{created['id']}/tools/go-out?ask=1&natural=1")
    assert "Canastas needed to go out: 2; this side has 1." in tool


def test_unknown_topics_and_games_are_404(client):
    assert client.get("/rules/no-such-topic").status_code == 404
    assert client.get("/g/nope/rules").status_code == 404


def test_an_unknown_rule_set_reads_classic(client):
    assert "Classic partnership" in get(client, "/rules?set=poker")


@pytest.mark.parametrize(
    ("query", "language", "expected"),
    [
        ("comodin", "es", "Jokers y doses"),
        ("COMODÍN", "es", "Jokers y doses"),
        ("comodin", "en", "Jokers and twos"),
        ("canaston", "en", "Canastón and canasta de canastas"),
        ("frozen pile", "en", "A frozen pile"),
        ("pozo congelado", "es", "Pozo congelado"),
    ],
)
def test_search_forgives_accents_and_case_in_both_languages(client, query, language, expected):
    page = get(client, f"/rules/search?q={query}", language)
    assert expected in page
    assert 'href="/rules/' in page


def test_search_says_when_nothing_matches(client):
    assert "Nothing in the reference matches" in get(client, "/rules/search?q=xylophone")


def test_the_comparison_shows_every_rule_set_with_sources(client):
    page = get(client, "/rules/compare")
    for ruleset in RULESETS.values():
        assert ruleset.name in page
    assert "[S001]" in page
    assert "[K20]" in page
    assert "2,000" in page


@pytest.mark.parametrize(
    ("url", "verdict", "rule"),
    [
        ("/tools/pile?ask=1&top_card=3B&side_has_melded=y&naturals_in_hand=2", "No", "pile_black_three"),
        ("/tools/pile?ask=1&top_card=K&side_has_melded=y&naturals_in_hand=2", "Yes", "pile_take"),
        ("/tools/pile?ask=1&top_card=Q&naturals_in_hand=2&total=1600&meld_points=30", "No", "initial_meld_minimum"),
        ("/tools/meld?ask=1&rank=8&naturals=6&jokers=1", "Yes", "canasta_kinds"),
        ("/tools/meld?ask=1&rank=8&naturals=1&jokers=4", "No", "meld_min_naturals"),
        ("/tools/go-out?ask=1&natural=1", "Yes", "going_out"),
        ("/tools/go-out?ask=1&natural=1&set=classic_2p", "No", "go_out_without_canastas"),
        ("/tools/go-out?ask=1&natural=1&cards_left=3", "No", "go_out_cards_left"),
        ("/tools/minimum?ask=1&total=1600", "90", "initial_meld_minimum"),  # the number first, not "Yes"
    ],
)
def test_tools_answer_yes_or_no_with_the_rule(client, url, verdict, rule):
    page = get(client, url)
    assert f'<p class="verdict">{verdict}</p>' in page
    assert f"#{rule}" in page


def test_the_meld_tool_lists_every_broken_rule(client):
    page = get(client, "/tools/meld?ask=1&rank=8&naturals=1&jokers=4")
    assert "A meld needs at least 2 natural cards" in page
    assert "A meld may hold at most 3 wild cards" in page


def test_tools_answer_in_spanish(client):
    page = get(client, "/tools/minimum?ask=1&total=1600", "es")
    assert "Con 1.600 puntos la primera bajada debe valer al menos 90." in page


def test_a_tool_question_that_is_not_a_number_comes_back(client):
    page = get(client, "/tools/minimum?ask=1&total=lots")
    assert "Type a whole number." in page
    assert 'class="verdict"' not in page


def test_help_links_of_refused_hands_land_on_an_anchor(client):
    body = {"ruleset": "classic", "sides": [{"melds": [{"rank": "Q", "naturals": 1, "jokers": 3}]}, {}]}
    for error in client.post("/api/v1/score", json=body).get_json()["errors"]:
        path, anchor = error["help"].split("#")
        assert anchor in anchors(get(client, path))


def test_the_reference_follows_a_house_rule_on_card_values(client):
    values = {"JOKER": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10, "7": 5,
              "6": 5, "5": 5, "4": 5, "3B": 0, "3R": 0}  # fmt: skip
    created = api_game(client, "classic", {"card_values": values})
    assert "Black three</th><td>0 points" in get(client, f"/g/{created['id']}/rules/deck")


def test_api_help_links_read_the_rule_set_of_the_request(client):
    body = {"ruleset": "hoyle_2p", "sides": [{"melds": [{"rank": "Q", "naturals": 2, "twos": 3}]}, {}]}
    [error] = client.post("/api/v1/score", json=body).get_json()["errors"]
    assert error["help"] == "/rules/melds?set=hoyle_2p#meld_wilds_exceed_naturals"
    page = get(client, error["help"].split("#")[0])
    assert "Wild cards may never outnumber the natural cards of a meld." in page


def test_the_comparison_cites_no_red_three_value_to_s004_which_gives_none(client):
    """Issue 12: S004 says red threes add points but gives no value; the value shown is the classic one [P]."""
    assert "[P (S004: not stated)]" in get(client, "/rules/compare")


def test_the_pile_tool_asks_for_a_covered_black_three_only_where_it_freezes_the_pile(client):
    asked = "/tools/pile?ask=1&top_card=K&side_has_melded=y&naturals_in_hand=1&wilds_in_hand=1&black_three_in_pile=y"
    page = get(client, asked + "&set=us_partnership")
    assert 'name="black_three_in_pile"' in page
    assert "A black three in the pile keeps it frozen until it is taken" in page
    assert 'name="black_three_in_pile"' not in get(client, "/tools/pile?set=classic")


def test_the_pile_tool_asks_for_canastas_only_where_they_count_toward_the_minimum(client):
    assert 'name="natural_canastas"' not in get(client, "/tools/pile?set=hoyle_2p")
    game = client.post(
        "/api/v1/games",
        json={
            "ruleset": "hoyle_2p",
            "options": {"canastas_count_for_minimum": True},
            "sides": [{"players": ["Eva"]}, {"players": ["Tomás"]}],
        },
    ).get_json()
    asked = "/tools/pile?ask=1&top_card=Q&naturals_in_hand=2&total=3000&meld_points=100&natural_canastas=1"
    page = get(client, f"/g/{game['id']}{asked}")
    assert 'name="natural_canastas"' in page
    assert '<p class="verdict">Yes</p>' in page


@pytest.mark.parametrize(
    ("url", "language", "expected"),
    [
        ("/rules/going-out?set=classic", "en", "A side needs 1 canasta before going out."),
        ("/rules/going-out?set=classic_2p", "en", "A side needs 2 canastas before going out."),
        ("/rules/going-out?set=classic", "es", "Un bando necesita 1 canasta para poder irse."),
        ("/rules/red-threes?set=classic", "en", "1 red three"),
        ("/rules/red-threes?set=classic", "es", "1 tres rojo"),
        ("/rules/search?q=canasta", "en", "passages for “canasta”"),
    ],
)
def test_counts_agree_with_their_number_in_both_languages(client, url, language, expected):
    """Issue 12: every count through ngettext ("1 canasta", "2 canastas")."""
    page = get(client, url, language)
    assert expected in page
    assert "1 canastas" not in page
    assert "1 red threes" not in page
    assert "1 treses" not in page


def _results(page: str) -> list[tuple[str, str]]:
    """(topic, passage as shown) of each search result, in order."""
    found = re.findall(
        r'<li><a href="/rules/([\w-]+)[^"#]*#[\w-]+"><strong>.*?</strong></a>\s*<p>(.*?)</p></li>', page, re.S
    )
    return [(slug, passage) for slug, passage in found]


@pytest.mark.parametrize(("query", "language"), [("red three", "en"), ("tres rojo", "es"), ("tres rojo", "en")])
def test_search_ranks_titles_first_and_shows_the_passages_that_mention_the_words(client, query, language):
    """Issue 12: results best first (a title, then the rule's name, then the text), each showing the
    paragraph that holds the words, marked, in the page's language whatever language was typed."""
    results = _results(get(client, f"/rules/search?q={query.replace(' ', '+')}", language))
    assert len(results) > 3
    assert [slug for slug, _ in results[:3]] == ["red-threes"] * 3  # the sections titled so come first
    words = ("red", "three") if language == "en" else ("rojo", "tres")
    typed_here = (language == "en") == (query == "red three")  # words typed in the page's language are marked
    for _, passage in results[:3]:
        text = re.sub(r"</?mark>", "", passage).lower()
        assert all(word in text for word in words), passage
        assert ("<mark>" in passage) == typed_here


def test_the_referee_tools_are_at_the_top_of_the_rules_page(client):
    page = get(client, "/rules")
    assert page.index("May I take the pile?") < page.index('<ol class="topics">')


def test_a_reference_page_is_rendered_once_and_each_reader_gets_its_own_token(app, monkeypatch):
    """Issue 37: a topic is the same for every reader of one language and display; it is rendered once
    and each reader's copy carries that reader's CSRF token (the language buttons post with it)."""
    from scorekeeper.web.common import page_cache
    from scorekeeper.web.rules import rules

    rendered = templates_rendered(monkeypatch, rules)
    page_cache.reference_pages.clear()
    first, second = app.test_client(), app.test_client()
    pages = [get(reader, "/rules/melds") for reader in (first, second, first)]
    assert rendered == ["rules/topic.html"]
    tokens = [re.search(r'name="csrf_token" value="([^"]+)"', page).group(1) for page in pages]
    secrets = [csrf_secret(token) for token in tokens]
    assert secrets[0] == secrets[2] != secrets[1]
    assert "\x00" not in "".join(pages)
    assert pages[0].replace(tokens[0], "") == pages[1].replace(tokens[1], "")
    spanish = get(second, "/rules/melds", "es")
    assert rendered == ["rules/topic.html", "rules/topic.html"]
    assert 'lang="es"' in spanish


def test_a_reference_page_answers_304_to_a_reader_who_has_it_and_not_across_languages_or_rules(client):
    first = client.get("/rules/melds")
    tag = first.headers["ETag"]
    again = client.get("/rules/melds", headers={"If-None-Match": tag})
    assert (again.status_code, again.data) == (304, b"")
    assert client.get("/rules/no-such-topic", headers={"If-None-Match": tag}).status_code == 404
    spanish = client.get("/rules/melds", headers={"If-None-Match": tag, "Accept-Language": "es"})
    assert spanish.status_code == 200
    other_rules = client.get("/rules/melds?set=hoyle_2p", headers={"If-None-Match": tag})
    assert other_rules.status_code == 200
    assert "Hoyle" in other_rules.get_data(as_text=True)


def test_a_games_reference_page_changes_with_its_house_rules(client):
    tags = set()
    for bonus in (100, 200):
        created = api_game(client, "classic", {"go_out_bonus": bonus})
        page = client.get(f"/g/{created['id']}/rules/going-out")
        assert f"Going out earns {bonus} and ends the hand." in page.get_data(as_text=True)
        tags.add(page.headers["ETag"])
    assert len(tags) == 2
