"""The referee tools in a game of Burraco, Buraco or Burako: the family's own questions and answers,
in both languages, each linked to its rule; a game's tools read its house rules."""

from __future__ import annotations

import re

import pytest

from scorekeeper import services
from scorekeeper.engine.catalogue import FAMILY_RULESETS
from scorekeeper.reference import ANSWER_TOPICS, FAMILY_ANSWER_TOPICS

#: Each tool page and what shows it is the family's: its own question, or its answer given at once.
TOOLS = {"pile": 'id="answer"', "meld": 'name="cards"', "go-out": 'name="packet"', "minimum": 'id="answer"'}


def get(client, url, language="en"):
    response = client.get(url, headers={"Accept-Language": language})
    assert response.status_code == 200, url
    return re.sub(r"\s+", " ", response.get_data(as_text=True))


def verdict(html):
    found = re.search(r'<p class="verdict">([^<]*)</p>', html)
    return found.group(1) if found else None


def rule_link(html):
    """The anchor of the answer's link to its rule."""
    found = re.search(r'id="answer">.*?<a href="[^"#]*#([\w-]+)">', html)
    return found.group(1) if found else None


def test_every_answer_id_of_the_familys_tools_has_a_topic():
    assert set(FAMILY_ANSWER_TOPICS) == {
        "family_going_out",
        "family_pile_take",
        "family_meld_ok",
        "family_canastas",
        "family_no_minimum",
    }
    assert FAMILY_ANSWER_TOPICS.items() <= ANSWER_TOPICS.items()


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("ruleset_id", list(FAMILY_RULESETS))
@pytest.mark.parametrize("tool", TOOLS)
def test_every_tool_page_of_the_family_renders_in_both_languages(client, tool, ruleset_id, language):
    html = get(client, f"/tools/{tool}?set={ruleset_id}", language)
    assert f'lang="{language}"' in html
    assert TOOLS[tool] in html
    assert 'name="top_card"' not in html  # Canasta's questions are not asked
    assert 'name="naturals"' not in html


@pytest.mark.parametrize("ruleset_id", list(FAMILY_RULESETS))
def test_the_pile_page_says_the_game_takes_the_whole_pile_with_no_condition(client, ruleset_id):
    html = get(client, f"/tools/pile?set={ruleset_id}")
    assert verdict(html) == "Yes"
    assert "this game takes the discard pile whole, with no condition" in html
    assert 'href="/rules/discard-pile?set=' in html
    assert rule_link(html) == "family_pile_take"
    assert "en este juego el pozo se toma entero, sin ninguna condición" in get(
        client, f"/tools/pile?set={ruleset_id}", "es"
    )


@pytest.mark.parametrize("ruleset_id", list(FAMILY_RULESETS))
def test_the_minimum_page_says_the_game_has_no_first_meld_minimum(client, ruleset_id):
    html = get(client, f"/tools/minimum?set={ruleset_id}")
    assert verdict(html) == "0"
    assert "This game has no minimum for the first meld" in html
    assert rule_link(html) == "family_no_minimum"
    assert "<table" not in html  # Canasta's minimums by score are not this game's


@pytest.mark.parametrize(
    ("url", "answer", "rule"),
    [
        ("/tools/go-out?set=burraco&ask=1&packet=taken&other=1", "Yes", "family_going_out"),
        ("/tools/go-out?set=burraco&ask=1&packet=not_taken&other=1", "No", "family_going_out_without_packet"),
        ("/tools/go-out?set=burraco&ask=1&packet=taken_unplayed&other=1", "Yes", "family_going_out"),  # D27
        ("/tools/go-out?set=buraco&ask=1&packet=taken_unplayed&clean=1", "No", "family_going_out_without_packet"),
        ("/tools/go-out?set=burako&ask=1&packet=taken_unplayed&other=1", "No", "family_going_out_without_packet"),
        ("/tools/go-out?set=burraco&ask=1&packet=taken", "No", "family_going_out_without_canasta"),
        (
            "/tools/go-out?set=burraco&ask=1&packet=taken&other=1&how=no_discard",
            "No",
            "family_going_out_without_discard",
        ),
        (
            "/tools/go-out?set=burraco&ask=1&packet=taken&other=1&wild_discard=y",
            "No",
            "family_going_out_on_a_wild_discard",
        ),
        ("/tools/go-out?set=buraco&ask=1&packet=taken&other=2", "No", "family_going_out_without_clean_canasta"),
        ("/tools/go-out?set=buraco&ask=1&packet=taken&clean=1&how=no_discard", "Yes", "family_going_out"),
        ("/tools/go-out?set=burako&ask=1&packet=taken&other=1&how=no_discard", "Yes", "family_going_out"),
        ("/tools/meld?set=burraco&ask=1&cards=3H+4H+JK+6H", "Yes", "family_meld_ok"),
        ("/tools/meld?set=burraco&ask=1&cards=4s,5s,6s,7s,8s,9s,10s", "Yes", "family_canastas"),
        ("/tools/meld?set=burako&ask=1&cards=JK+2H+2S+JK+2D+2C+JK", "Yes", "family_canastas"),
        ("/tools/meld?set=buraco&ask=1&cards=7S+7D+7C", "No", "family_sets_not_allowed"),
        ("/tools/meld?set=burraco&ask=1&cards=3H+4H+JK+2S", "No", "family_meld_too_many_wilds"),
    ],
)
def test_each_question_is_answered_by_the_games_rule_and_links_to_it(client, url, answer, rule):
    html = get(client, url)
    assert verdict(html) == answer
    assert rule_link(html) == rule


def test_the_meld_answer_names_the_canasta_its_bonus_and_its_points(client):
    """In Burraco a canasta is a burraco (its tables' word, FamilyMelds.canasta_word), in every language."""
    html = get(client, "/tools/meld?set=burraco&ask=1&cards=4S+5S+6S+7S+8S+9S+10S+JK")
    assert "Legal, and a semi-clean burraco: 150 points plus its cards, 80." in html
    spanish = get(client, "/tools/meld?set=burraco&ask=1&cards=4S+5S+6S+7S+8S+9S+10S+JK", "es")
    assert "Vale, y es un burraco semilimpio: 150 puntos más sus cartas, 80." in spanish
    italian = get(client, "/tools/meld?set=burraco&ask=1&cards=4S+5S+6S+7S+8S+9S+10S+2H", "it")
    assert "Regolare, ed è un burraco semipulito: 150 punti più le sue carte, 70." in italian
    burako = get(client, "/tools/meld?set=burako&ask=1&cards=4S+5S+6S+7S+8S+9S+10S+JK")
    assert "Legal, and a dirty canasta: 100 points plus its cards, 100." in burako  # Burako's tables say canasta
    assert 'value="4S 5S 6S 7S 8S 9S 10S JK"' in html  # the typed cards kept


def test_a_meld_asked_without_cards_says_to_type_them(client):
    assert "Type the meld's cards, such as 3H 4H JK 6H." in get(client, "/tools/meld?set=burako&ask=1&cards=")


def test_the_wild_discard_is_asked_only_where_it_is_forbidden(client):
    assert 'name="wild_discard"' in get(client, "/tools/go-out?set=burraco")
    assert 'name="wild_discard"' not in get(client, "/tools/go-out?set=burako")


def test_every_reason_not_to_go_out_is_listed_with_its_rule(client):
    html = get(client, "/tools/go-out?set=burraco&ask=1&packet=not_taken&how=no_discard")
    for rule in (
        "family_going_out_without_packet",
        "family_going_out_without_canasta",
        "family_going_out_without_discard",
    ):
        assert f"#{rule}" in html


def test_the_go_out_answer_with_the_packet_not_yet_played_says_what_it_costs_in_each_game(client):
    """D27: Burraco closes, the pozzetto's cards counting as held; a Buraco table with the house rule goes out
    for 100 less; the rules' own words in Italian."""
    burraco = get(client, "/tools/go-out?set=burraco&ask=1&packet=taken_unplayed&other=1")
    assert "The pozzetto not yet played counts against the side: its cards as cards held." in burraco
    italian = get(client, "/tools/go-out?set=burraco&ask=1&packet=taken_unplayed&other=1", "it")
    assert "Il pozzetto non ancora giocato conta contro la squadra" in italian
    buraco = get(client, "/tools/go-out?set=buraco&ask=1&packet=taken_unplayed&clean=1")
    assert "A side goes out only after taking its packet and playing it." in buraco


def test_a_refused_go_out_reads_in_spanish(client):
    html = get(client, "/tools/go-out?set=burraco&ask=1&packet=taken&other=1&wild_discard=y", "es")
    assert "En este juego nunca se cierra descartando un comodín: un joker o un dos." in html
    assert "Sí, su equipo puede cerrar: el cierre vale 100 puntos." in get(
        client, "/tools/go-out?set=burraco&ask=1&packet=taken&other=1", "es"
    )


@pytest.mark.parametrize(
    ("language", "family", "canasta"),
    [("es", "¿Podemos cerrar?", "¿Podemos irnos?"), ("en", "May we close?", "May we go out?")],
)
def test_the_familys_tables_close_a_hand_where_canastas_go_out(client, language, family, canasta):
    """The tool's title names going out as each game's table says it: a Burako table "cierra"."""
    assert f"<h1>{family}</h1>" in get(client, "/tools/go-out?set=burako", language)
    assert f"<h1>{canasta}</h1>" in get(client, "/tools/go-out?set=classic", language)


def test_a_question_out_of_shape_is_refused_naming_the_field(client):
    html = get(client, "/tools/go-out?set=burraco&ask=1&packet=lost&clean=-1")
    assert verdict(html) is None
    assert "Our pozzetto: choose one of those shown." in html
    assert "At least 0 here." in html  # the sentence the phone says too (portable/tools.py)


def test_a_games_tools_read_its_house_rules(app, client):
    with app.app_context():
        sides = (services.NewSide("", ("Ana", "Luis")), services.NewSide("", ("Bea", "Juan")))
        game = services.start_game(services.NewGame("burraco", sides, options={"going_out_needs_canasta": None}))
        public_id = game.public_id
    html = get(client, f"/g/{public_id}/tools/go-out?ask=1&packet=taken")
    assert verdict(html) == "Yes"  # no canasta needed at this table
    assert f'href="/g/{public_id}/rules/going-out#family_going_out"' in html
