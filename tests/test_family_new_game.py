"""Starting a game of Burraco, Buraco or Burako from the new-game page, with its house rules."""

from __future__ import annotations

import re

import pytest

from scorekeeper import services
from scorekeeper.engine.catalogue import FAMILY_RULESETS
from scorekeeper.store.database import db
from scorekeeper.store.models import Game

SEATS = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan"}
#: What a browser sends for Burraco's page as it comes: its switches that are on, its boxes and choices.
BURRACO_AS_SHOWN = {
    **SEATS,
    "mode": "target",
    "target": "2005",
    "opt_target_rule": "reach",
    "opt_tie_policy": "play_on",
    "opt_semi_clean": "y",
    "opt_ace_to_king_bonus": "",
    "opt_going_out_with_packet_unplayed": "y",
    "opt_going_out_needs_canasta": "any",
    "opt_going_out_with_discard": "required",
    "opt_no_going_out_bonus_on_stock_out": "y",
    "opt_jokers": "y",
    "opt_joker_value": "30",
    "opt_sets_allowed": "y",
}


def text(response):
    return re.sub(r"\s+", " ", response.get_data(as_text=True))


def page(client, ruleset_id, language="en", players=4, sides=2):
    response = client.get(
        f"/games/new/{ruleset_id}?players={players}&sides={sides}", headers={"Accept-Language": language}
    )
    assert response.status_code == 200
    return text(response)


def start(client, ruleset_id, data, players=4, sides=2):
    return client.post(f"/games/new/{ruleset_id}?players={players}&sides={sides}", data=data)


def box(shown, name):
    """The value a box of the page holds (None for a box not shown)."""
    found = re.search(rf'<input [^>]*name="{name}"[^>]*>', shown)
    return re.search(r'value="([^"]*)"', found.group(0)).group(1) if found else None


def ticked(shown, name):
    """Whether a switch of the page is on."""
    found = re.search(rf'<input [^>]*name="{name}"[^>]*>', shown)
    assert found, name
    return " checked" in found.group(0)


def stored(app):
    with app.app_context():
        game = db.session.scalars(db.select(Game)).one()
        return game.ruleset_id, game.options, services.game_ruleset(game)


def test_the_rule_set_chooser_lists_the_three_games_with_their_descriptions_and_tables(client):
    chooser = text(client.get("/games/new"))
    for ruleset in FAMILY_RULESETS.values():
        assert f'<li id="{ruleset.id}">' in chooser
        # its numbers as English writes them (home game to 2,005)
        written = re.sub(r"(?<![\d\[A-Z])(\d)(\d{3})(?!\d)", r"\1,\2", ruleset.description)
        assert written.replace("'", "&#39;") in chooser
        assert f"/games/new/{ruleset.id}?players=4&amp;sides=2" in chooser  # two pairs
        assert f"/games/new/{ruleset.id}?players=2&amp;sides=2" in chooser  # two alone


def test_the_rule_set_chooser_names_the_games_in_spanish(client):
    chooser = text(client.get("/games/new", headers={"Accept-Language": "es"}))
    assert "Dos parejas, 11 cartas y un muerto cada una" in chooser


@pytest.mark.parametrize(
    ("ruleset_id", "target", "house_rules"),
    [
        ("burraco", 2005, ["Semi-clean burracos", "A semi-clean burraco only with the wild card at one end"]),
        ("buraco", 3000, ["A clean canasta from ace to ace scores", "the table counts against the side"]),
        ("burako", 2000, ["A canasta of wild cards scores"]),
    ],
)
def test_each_game_offers_its_own_house_rules_and_its_target(client, ruleset_id, target, house_rules):
    shown = page(client, ruleset_id)
    assert box(shown, "target") == str(target)
    for label in [*house_rules, "To go out, a side needs", "How a side goes out", "A joker counts"]:
        assert label in shown
    for canastas_own in ("opt_canastas_to_go_out", "opt_red3_negative_when", "opt_max_wilds"):
        assert canastas_own not in shown


def test_burracos_house_rules_start_at_the_rule_sets_values(client):
    shown = page(client, "burraco")
    assert ticked(shown, "opt_semi_clean")
    assert ticked(shown, "opt_going_out_with_packet_unplayed")  # D27
    assert not ticked(shown, "opt_wild_closing_discard")
    assert box(shown, "opt_joker_value") == "30"
    assert '<option selected value="required">only by discarding the last card</option>' in shown
    assert '<option selected value="any">a burraco of any kind</option>' in shown
    assert box(shown, "opt_ace_to_king_bonus") == ""  # empty: an ordinary clean one


def test_buracos_house_rules_start_at_the_rule_sets_values(client):
    shown = page(client, "buraco")
    assert not ticked(shown, "opt_jokers")  # Aberto: none
    assert not ticked(shown, "opt_going_out_with_packet_unplayed")  # D22, D27
    assert ticked(shown, "opt_ace_to_ace")
    assert box(shown, "opt_ace_to_king_bonus") == "500"
    assert '<option selected value="clean">a clean canasta (no wild card)</option>' in shown
    assert '<option selected value="either">by discarding the last card or by melding it</option>' in shown


def test_the_house_rules_read_in_spanish(client):
    shown = page(client, "burako", "es")
    for label in (
        "Para cerrar, un equipo necesita",
        "una canasta limpia (sin comodín)",
        "Una canasta de comodines vale",
    ):
        assert label in shown


def test_a_family_game_says_nothing_of_first_meld_minimums_when_carrying_on_a_paper_sheet(client):
    assert "minimums follow from it" not in page(client, "burako")
    assert "minimums follow from it" in page(client, "classic")


def test_burraco_started_as_shown_stores_no_house_rule(client, app):
    response = start(client, "burraco", BURRACO_AS_SHOWN)
    assert response.status_code == 302
    ruleset_id, options, ruleset = stored(app)
    assert (ruleset_id, options) == ("burraco", {})
    assert ruleset.target == 2005


def test_burraco_with_its_house_rules_changed_keeps_every_typed_value(client, app):
    changed = {
        **BURRACO_AS_SHOWN,
        "opt_semi_clean": "",
        "opt_going_out_needs_canasta": "clean",
        "opt_wild_closing_discard": "y",
        "opt_joker_value": "50",
        "opt_ace_to_king_bonus": "300",
    }
    assert start(client, "burraco", changed).status_code == 302
    _, options, ruleset = stored(app)
    assert options == {
        "semi_clean": False,
        "ace_to_king_bonus": 300,
        "going_out_needs_canasta": "clean",
        "wild_closing_discard": True,
        "joker_value": 50,
    }
    assert ruleset.family_melds.card_values["JK"] == 50
    assert ruleset.family_hand.going_out_needs_canasta == "clean"


def test_burraco_with_the_pozzetto_to_be_played_before_closing_keeps_that_house_rule(client, app):
    """D27's other reading: the box unticked, the game refuses a close with the pozzetto not yet played."""
    shown = page(client, "burraco")
    assert "Going out with the pozzetto taken but not yet played" in shown
    assert start(client, "burraco", {**BURRACO_AS_SHOWN, "opt_going_out_with_packet_unplayed": ""}).status_code == 302
    _, options, ruleset = stored(app)
    assert options == {"going_out_with_packet_unplayed": False}
    assert ruleset.family_hand.going_out_with_packet_unplayed is False


def test_burraco_in_club_play_is_a_fixed_number_of_hands(client, app):
    assert start(client, "burraco", {**BURRACO_AS_SHOWN, "mode": "round", "hands": "3"}).status_code == 302
    _, options, ruleset = stored(app)
    assert options == {"match_mode": "round", "hands_in_match": 3}
    assert ruleset.hands_in_match == 3


def test_buraco_to_5000_with_no_canasta_needed_to_go_out_and_no_special_canastas(client, app):
    data = {
        **SEATS,
        "mode": "target",
        "target": "5000",
        "opt_ace_to_king_bonus": "",
        "opt_ace_to_ace_bonus": "",
        "opt_table_minus_without_clean": "y",
        "opt_going_out_needs_canasta": "",
        "opt_going_out_with_discard": "either",
        "opt_wild_closing_discard": "y",
        "opt_joker_value": "20",
        "opt_ace_to_ace": "y",
    }
    assert start(client, "buraco", data).status_code == 302
    ruleset_id, options, ruleset = stored(app)
    assert ruleset_id == "buraco"
    assert options == {
        "target": 5000,
        "ace_to_king_bonus": None,
        "ace_to_ace_bonus": None,
        "going_out_needs_canasta": None,
    }
    assert ruleset.target == 5000
    assert ruleset.family_hand.going_out_needs_canasta is None


def test_burako_head_to_head_to_2000(client, app):
    data = {"seat_0": "Ana", "seat_1": "Bea", "mode": "target", "target": "2000", "opt_jokers": "y"}
    data |= {"opt_sets_allowed": "y", "opt_joker_value": "50", "opt_wild_canasta_bonus": "1000"}
    data |= {
        "opt_going_out_needs_canasta": "any",
        "opt_going_out_with_discard": "either",
        "opt_wild_closing_discard": "y",
    }
    assert start(client, "burako", data, players=2).status_code == 302
    ruleset_id, options, ruleset = stored(app)
    assert (ruleset_id, options) == ("burako", {"players": 2})
    assert (ruleset.target, ruleset.players, ruleset.individual) == (2000, 2, True)


def test_a_joker_value_out_of_range_comes_back_naming_the_field(client, app):
    response = start(client, "burraco", {**BURRACO_AS_SHOWN, "opt_joker_value": "5000"})
    assert response.status_code == 200
    shown = text(response)
    assert "Option joker_value must be a whole number from 0 to 1,000." in shown
    assert box(shown, "opt_joker_value") == "5000"  # the typed value kept
    assert 'value="Ana"' in shown
    with app.app_context():
        assert db.session.scalars(db.select(Game)).first() is None


def test_a_way_of_going_out_not_offered_is_refused_naming_the_field(client):
    response = start(client, "burraco", {**BURRACO_AS_SHOWN, "opt_going_out_with_discard": "sometimes"})
    assert response.status_code == 200
    assert "How a side goes out: choose one of those shown." in text(response)


def test_a_refusal_reads_in_spanish(client):
    response = client.post(
        "/games/new/burraco?players=4&sides=2",
        data={**BURRACO_AS_SHOWN, "opt_going_out_needs_canasta": "maybe"},
        headers={"Accept-Language": "es"},
    )
    assert "Para cerrar, un equipo necesita: elija una de las opciones que se muestran." in text(response)
