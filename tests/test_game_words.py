"""Each game's own words (issue 50, item 3): the cards a refusal names are said as players say them, a joker by the
reader's word (jolly in Italian), never the code JK."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import RULESETS
from scorekeeper.engine.catalogue import FAMILY_RULESETS

from .test_family_forms import BURRACO_HAND, family_game


@pytest.fixture(autouse=True)
def family_offered(monkeypatch):
    """The family's games among the app's rule sets, as the reference's pages read them."""
    for ruleset_id, ruleset in FAMILY_RULESETS.items():
        monkeypatch.setitem(RULESETS, ruleset_id, ruleset)


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
