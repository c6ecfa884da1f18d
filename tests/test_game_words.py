"""Each game's own words (issue 50, item 3): in Italian a canasta of Burraco is a burraco (pulito, semipulito,
sporco), its wild two the pinella and its joker the jolly, never the code JK; each game names its packet by its own
word alone (pozzetto, morto, muerto); one English word that needs two genders gets a context (the house rules'
"none"); no soft hyphen in a CSV header; the glossary names the reader's own term; the comparison's notes are in the
reader's language."""

from __future__ import annotations

import csv
import html
import io
import re
from typing import Any

import pytest

from scorekeeper.engine import RULESETS
from scorekeeper.engine.catalogue import FAMILY_RULESETS

from .test_family_forms import BURRACO_HAND, family_game
from .test_night_pages import SETTINGS, public_of

LANGUAGES = ("en", "es", "pt_BR", "it", "de")
#: Each game's word for its packet, and the other games' words, which its pages never name.
PACKETS = {"burraco": "pozzetto", "buraco": "morto", "burako": "muerto"}


@pytest.fixture(autouse=True)
def family_offered(monkeypatch):
    """The family's games among the app's rule sets, as the reference's pages read them."""
    for ruleset_id, ruleset in FAMILY_RULESETS.items():
        monkeypatch.setitem(RULESETS, ruleset_id, ruleset)


def words(client: Any, path: str, language: str) -> str:
    """A page's words as a reader sees them (tags and their attributes left out), in ``language``."""
    joined = "&" if "?" in path else "?"
    response = client.get(f"{path}{joined}lang={language}")
    assert response.status_code in (200, 422), path
    body = re.sub(r"(?s)<head>.*?</head>|<script.*?</script>|<form class=\"lang\".*?</form>", " ", response.text)
    body = re.sub(r'(?s)<div id="offline-words".*?</div>', " ", body)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


# ---- Burraco in Italian: burraco pulito, semipulito, sporco; the pinella; the jolly ---------------------------


def test_an_italian_burracos_quick_entry_names_its_canastas_burraco_pulito_semipulito_sporco(client):
    form = words(client, family_game(client, "burraco")["sheet"] + "/hands/new", "it")
    for label in ("Burraco puliti (200)", "Burraco semipuliti (150)", "Burraco sporchi (100)"):
        assert label in form
    assert "Canaste" not in form


def test_an_italian_burracos_house_rules_name_its_burraco(client):
    page = words(client, "/games/new/burraco", "it")
    assert "Burraco semipuliti" in page
    assert "Burraco semipulito solo con la matta a un'estremità" in page
    assert "un burraco di qualsiasi tipo" in page
    assert "Oltre a prendere il suo pozzetto." in page  # D27: taken, played or not
    assert "canast" not in page.lower()


def test_an_italian_burracos_rules_menu_names_its_burraco_and_its_pozzetto(client):
    sheet = family_game(client, "burraco")["sheet"]
    menu = words(client, sheet + "/rules", "it")
    assert "Il pozzetto Combinazioni Burraco Matte" in menu  # the topics, in reading order
    assert "Canaste" not in menu
    kinds = words(client, sheet + "/rules/canastas", "it")
    assert "Pulito (senza matte) 200 punti" in kinds
    assert "Sporco (con una matta) 100 punti" in kinds


def test_an_italian_burraco_sheet_counts_its_burraco_pulito(client):
    game = family_game(client, "burraco")
    assert client.post(game["sheet"] + "/hands/new", data={"expected_hands": "0", **BURRACO_HAND}).status_code == 302
    sheet = words(client, game["sheet"], "it")
    assert "Burraco 1 pulito" in sheet
    assert "Canaste" not in sheet


def test_an_italian_burracos_wild_two_is_the_pinella_and_its_joker_the_jolly(client):
    form = client.get(family_game(client, "burraco")["sheet"] + "/hands/new?lang=it").text
    assert '<option value="2">Pinella</option>' in form
    assert '<option selected value="JK">Jolly</option>' in form
    house_rules = words(client, "/games/new/burraco", "it")
    assert "l'ultimo scarto non può essere un jolly o una pinella" in house_rules
    assert "un due" not in house_rules


def test_a_refusal_names_a_joker_by_the_readers_word_never_by_its_code(client):
    game = family_game(client, "burraco")
    italian = {"Accept-Language": "it"}
    sent = client.post(game["sheet"] + "/hands/new", data={**BURRACO_HAND, "s0_discard": "JK"}, headers=italian)
    refused = client.get(sent.headers["Location"], headers=italian)
    error = re.search(r'data-rule="family_going_out_on_a_wild_discard"[^>]*>(.*?)<', refused.text, re.S)
    assert error is not None
    assert "jolly" in error.group(1)
    assert "JK" not in error.group(1)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("it", "Questo gioco si gioca senza jolly: 4♥ 5♥ jolly."),
        ("pt-BR", "Este jogo é jogado sem jokers: 4♥ 5♥ joker."),
        ("en", "This game is played without jokers: 4♥ 5♥ joker."),
    ],
)
def test_the_api_names_the_cards_of_a_refusal_as_players_do(client, language, said):
    sides = [{"melds": [{"cards": ["4H", "5H", "JK"]}], "packet": "taken"}, {"packet": "taken"}]
    answer = client.post(
        "/api/v1/score", json={"ruleset": "buraco", "sides": sides}, headers={"Accept-Language": language}
    )
    messages = [error["message"] for error in answer.get_json()["errors"]]
    assert said in messages
    assert not [message for message in messages if "JK" in message]


# ---- each game names its packet by its own word alone ---------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", list(PACKETS))
def test_each_game_names_its_packet_by_its_own_word_alone(client, ruleset_id, language):
    sheet = family_game(client, ruleset_id)["sheet"]
    pages = [f"/games/new/{ruleset_id}", sheet + "/hands/new", sheet + "/rules", sheet + "/tools/go-out"]
    pages += [f"{sheet}/rules/{slug}" for slug in ("dealing", "packet", "going-out", "end-of-hand", "scoring")]
    said = " ".join(words(client, page, language) for page in pages).casefold()
    assert PACKETS[ruleset_id] in said
    others = [word for game, word in PACKETS.items() if game != ruleset_id and word in said]
    assert others == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_canastas_reference_says_the_packet_is_the_familys_without_naming_the_three_words(client, language):
    page = words(client, "/rules/packet", language).casefold()
    assert "burako" in page
    assert len([word for word in PACKETS.values() if word in page]) <= 1  # at most the reader's own word


# ---- one English word, two genders: the house rules' none -----------------------------------------------------


@pytest.mark.parametrize(
    ("language", "said"),
    [("it", "Regole della casa: nessuna"), ("pt_BR", "Regras da casa: nenhuma"), ("es", "Reglas de la casa: ninguna")],
)
def test_a_game_without_house_rules_says_none_in_the_feminine_of_rules(client, language, said):
    assert said in words(client, family_game(client, "burraco")["sheet"], language)


def test_a_comparison_cell_without_a_canasta_of_its_kind_says_none_agreeing_with_the_canasta(client):
    page = words(client, "/rules/compare", "it")
    semi = page[page.index("Canasta semipulita") :][:400]  # the semi-clean row: Canasta's rule sets have none
    assert "nessuna" in semi


# ---- files, the glossary, the comparison -----------------------------------------------------------------------


def test_a_nights_standings_csv_header_holds_no_soft_hyphen(client):
    board = client.post("/nights/new", data=SETTINGS).headers["Location"]
    response = client.get(public_of(client, board) + "/standings.csv?lang=de")
    text = response.get_data(as_text=True)
    assert "\u00ad" not in text
    header = next(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert header == ["Platz", "Paar", "Punkte", "Differenz", "Gesamt"]


@pytest.mark.parametrize(
    ("language", "term"),
    [
        ("de", "pozo · Ablagestapel · discard pile"),
        ("it", "pozo · scarti · discard pile"),
        ("en", "pozo · discard pile"),
    ],
)
def test_the_glossary_names_the_readers_own_term_beside_spanish_and_english(client, language, term):
    assert term in words(client, "/rules/glossary", language)


@pytest.mark.parametrize(
    ("language", "note"),
    [("es", "P (S004: no lo dice)"), ("de", "K19 (S000: kein Wert)"), ("en", "P (S004: not stated)")],
)
def test_the_comparisons_notes_are_in_the_readers_language(client, language, note):
    assert note in words(client, "/rules/compare", language)
