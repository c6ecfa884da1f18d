"""Modern American through the whole app: black threes laid out, each player's cards held apart on the hand
form and in the API (three aces in one hand cost 1500), the threes by colour and canasta count, refused
elsewhere with a 400 naming the field, the reference and the comparison."""

from __future__ import annotations

import re

from .helpers import api_game, api_hand, page_text, start_from_form
from .test_reference import get

PAIRS = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan", "mode": "target", "target": "8500"}

#: tests/engine modern_american-seven-twos-and-three-aces-in-one-hand: 4010 / -1570.
MAC_HAND = [
    {"melds": [{"rank": "WILD", "twos": 7}, {"rank": "Q", "naturals": 7}], "black_threes": 2},
    {"hands": [{"A": 3}, {"K": 1}]},
]


def start(client):
    return start_from_form(client, "modern_american", PAIRS)


def test_the_hand_form_lays_out_black_threes_and_counts_each_players_cards(client):
    sheet = start(client)
    form = page_text(client.get(sheet + "/hands/new"))
    assert "Black threes laid out" in form
    assert "Cards left in Ana's hand: tap each one." in form
    assert "Cards left in Luis's hand: tap each one." in form
    assert "Cards left in Juan's hand: tap each one." in form
    entry = {
        "expected_hands": "0",
        "s0_mode": "detailed",
        "s1_mode": "detailed",
        "s0_m_WILD_t": "7",
        "s0_m_Q_n": "7",
        "s0_black3": "2",
        "s1_h0_A": "3",  # Bea holds three aces
        "s1_h1_K": "1",  # Juan a king
    }

    assert client.post(sheet + "/hands/new", data=entry).status_code == 302

    page = page_text(client.get(sheet))
    assert "+4,010" in page
    assert "−1,570" in page
    fix = page_text(client.get(sheet + "/hands/1"))  # each player's cards come back to fix them
    assert re.search(r'id="s1_h0_A"[^>]*value="3"|value="3"[^>]*id="s1_h0_A"', fix)


def test_the_same_aces_split_between_partners_cost_no_penalty(client):
    sheet = start(client)
    entry = {"expected_hands": "0", "s0_m_K_n": "7", "s0_m_Q_n": "7", "s1_h0_A": "2", "s1_h1_A": "1"}
    assert client.post(sheet + "/hands/new", data=entry).status_code == 302
    assert "−60" in page_text(client.get(sheet))


def test_the_scoring_api_takes_black_threes_and_each_players_hand(client):
    answer = client.post("/api/v1/score", json={"ruleset": "modern_american", "sides": MAC_HAND})
    assert answer.status_code == 200, answer.get_json()
    sides = answer.get_json()["sides"]
    assert [side["hand_score"] for side in sides] == [4010, -1570]
    assert sides[0]["breakdown"]["red_three_bonus"] == 300  # two black threes, with two canastas
    assert sides[1]["breakdown"]["penalties"] == -1500


def test_the_game_api_keeps_each_players_cards_and_the_black_threes(client):
    game = api_game(client, "modern_american")
    saved = api_hand(client, game, 0, MAC_HAND).get_json()
    entries = saved["hands"][0]["entries"]
    assert entries[0]["black_threes"] == 2
    assert entries[1]["hands"] == [{"A": 3}, {"K": 1}]
    assert "hand" not in entries[1]
    assert saved["totals"] == [4010, -1570]


def test_black_threes_and_hands_are_refused_with_a_400_elsewhere(client):
    answer = client.post("/api/v1/score", json={"ruleset": "classic", "sides": MAC_HAND})
    assert (answer.status_code, answer.get_json()["field"]) == (400, "sides[0].black_threes")
    split = [{}, {"hands": [{"A": 1}]}]
    answer = client.post("/api/v1/score", json={"ruleset": "classic", "sides": split})
    assert (answer.status_code, answer.get_json()["field"]) == (400, "sides[1].hands")
    both = [{}, {"hand": {"K": 1}, "hands": [{"A": 1}]}]
    answer = client.post("/api/v1/score", json={"ruleset": "modern_american", "sides": both})
    assert (answer.status_code, answer.get_json()["field"]) == (400, "sides[1].hands")


def test_unfinished_aces_with_a_wild_card_cost_no_penalty_through_the_scoring_api(client):
    body = {
        "ruleset": "modern_american",
        "sides": [{"name": "A", "melds": [{"rank": "A", "naturals": 2, "twos": 1}]}, {"name": "B"}],
    }
    answer = client.post("/api/v1/score", json=body)
    assert answer.status_code == 200, answer.get_json()
    breakdown = answer.get_json()["sides"][0]["breakdown"]
    assert breakdown["penalties"] == 0
    assert breakdown["meld_points"] == -60  # no canasta: the melded cards count minus


def test_the_reference_explains_threes_by_colour_and_the_penalties(client):
    page = get(client, "/rules/red-threes?set=modern_american")
    assert "Each colour counts apart" in page
    assert "two canastas or more, nothing with one, and minus with none" in page
    page = get(client, "/rules/penalties?set=modern_american")
    assert "An unfinished meld of aces without wild cards" in page
    assert "Three or more aces, or sevens, left in one player" in page
    page = get(client, "/rules/canastas?set=modern_american")
    assert "Natural canasta of 7" in page
    assert "Wild-card canasta with 0 jokers" in page
    compare = get(client, "/rules/compare")
    assert "by colour, red and black: 100 / 300 / 500 / 1,000" in compare
    assert "with 4 jokers 2,500" in compare
    spanish = get(client, "/rules/red-threes?set=modern_american", "es")
    assert "Cada color cuenta aparte" in spanish


def test_going_out_with_an_unfinished_wild_meld_is_a_house_rule_of_the_new_game_page(client):
    page = page_text(client.get("/games/new/modern_american?players=4&sides=2"))
    assert "No going out with an unfinished meld of wild cards" in page
    sides = [
        {"melds": [{"rank": "K", "naturals": 7}, {"rank": "Q", "naturals": 7}, {"rank": "WILD", "jokers": 3}]},
        {},
    ]
    sides[0]["went_out"] = True
    allowed = client.post("/api/v1/score", json={"ruleset": "modern_american", "sides": sides})
    assert allowed.get_json()["sides"][0]["breakdown"]["penalties"] == -2000
    house = {"go_out_forbids_unfinished_wild_meld": True}
    refused = client.post("/api/v1/score", json={"ruleset": "modern_american", "options": house, "sides": sides})
    assert refused.status_code == 422
    assert [error["rule"] for error in refused.get_json()["errors"]] == ["go_out_unfinished_wild_meld"]


# ---- special hands [MACD] (D10) ----

STRAIGHT = [{"went_out": True, "special_hand": "straight", "red_threes": 2}, {"melds": [{"rank": "Q", "naturals": 4}]}]


def test_special_hands_are_scored_through_the_scoring_api(client):
    answer = client.post("/api/v1/score", json={"ruleset": "modern_american", "sides": STRAIGHT})
    assert answer.status_code == 200, answer.get_json()
    ours, theirs = answer.get_json()["sides"]
    assert (ours["hand_score"], ours["breakdown"]["special_bonus"], ours["breakdown"]["red_three_bonus"]) == (
        3400,
        3000,
        300,
    )
    assert theirs["hand_score"] == -40
    cla = client.post(
        "/api/v1/score",
        json={
            "ruleset": "modern_american",
            "options": {"special_garbage": 3000},
            "sides": [{"went_out": True, "special_hand": "garbage"}, {}],
        },
    )
    assert cla.get_json()["sides"][0]["breakdown"]["special_bonus"] == 3000


def test_the_game_api_keeps_the_special_hand_a_side_went_out_with(client):
    game = api_game(client, "modern_american")
    saved = api_hand(client, game, 0, STRAIGHT).get_json()
    assert saved["hands"][0]["entries"][0]["special_hand"] == "straight"
    assert "special_hand" not in saved["hands"][0]["entries"][1]
    assert saved["totals"] == [3400, -40]


def test_special_hands_are_refused_with_a_400_where_the_rules_have_none(client):
    answer = client.post("/api/v1/score", json={"ruleset": "classic", "sides": STRAIGHT})
    assert (answer.status_code, answer.get_json()["field"]) == (400, "sides[0].special_hand")
    game = api_game(client, "classic")
    refused = api_hand(client, game, 0, STRAIGHT)
    assert (refused.status_code, refused.get_json()["field"]) == (400, "sides[0].special_hand")
    unknown = client.post(
        "/api/v1/score", json={"ruleset": "modern_american", "sides": [{"went_out": True, "special_hand": "flush"}, {}]}
    )
    assert (unknown.status_code, unknown.get_json()["field"]) == (400, "sides[0].special_hand")


def test_the_hand_form_records_a_special_hand_under_who_went_out(client):
    sheet = start(client)
    form = page_text(client.get(sheet + "/hands/new"))
    for name in ("Went out: Straight", "Went out: Pairs, without wild cards", "Went out: Garbage"):
        assert name in form
    entry = {"expected_hands": "0", "out": "0:pairs", "s1_m_Q_n": "4"}
    assert client.post(sheet + "/hands/new", data=entry).status_code == 302
    page = page_text(client.get(sheet))
    assert "+2,600" in page
    fix = client.get(sheet + "/hands/1").get_data(as_text=True)  # it comes back ticked to fix it
    assert re.search(r'value="0:pairs" checked', fix)
    classic = page_text(client.get(start_from_form(client, "classic", PAIRS) + "/hands/new"))
    assert "Straight" not in classic


def test_the_reference_explains_the_special_hands_and_the_new_game_page_offers_garbage(client):
    text = re.sub(r"\s+", " ", get(client, "/rules/going-out?set=modern_american"))
    assert "What each special hand scores: Straight 3,000 · Pairs, without wild cards 2,500" in text
    assert "Garbage 2,000" in text
    assert "These rules have no special hands" in get(client, "/rules/going-out?set=classic")
    spanish = get(client, "/rules/going-out?set=modern_american", "es")
    assert "Escalera" in spanish
    assert "Garbage (a special hand) scores" in page_text(client.get("/games/new/modern_american?players=4&sides=2"))


def test_the_comparison_lists_the_special_hands(client):
    compare = re.sub(r"\s+", " ", get(client, "/rules/compare"))
    assert "Straight 3,000" in compare
    assert "Garbage 2,000" in compare


def test_the_go_out_tool_asks_for_a_special_hand_only_where_the_rules_have_them(client):
    mac = client.get("/tools/go-out?set=modern_american").get_data(as_text=True)
    assert 'name="special_hand"' in mac
    assert "Pairs, with wild cards" in mac
    assert 'name="special_hand"' not in client.get("/tools/go-out?set=classic").get_data(as_text=True)
    answer = client.get("/tools/go-out?set=modern_american&ask=1&concealed=y&special_hand=straight")
    page = answer.get_data(as_text=True)
    assert '<p class="verdict">3,100</p>' in page
    assert "It scores 3,000, and 100 for going out." in page
    refused = client.get("/tools/go-out?set=modern_american&ask=1&special_hand=straight").get_data(as_text=True)
    assert "a side that has melds on the table cannot go out with one" in refused
