"""Hand and Foot through the whole app: seating, the round's minimum on the hand form and in the referee
tools, the last round that ends the game with no minimum after it, the house rules, the reference."""

from __future__ import annotations

import re

import pytest

from .helpers import api_game as started_by_api
from .helpers import api_hand, page_text, public_id_of, start_from_form
from .test_reference import get

#: The new-game form as a phone sends it: the minimum-by-round box comes ticked.
TEAMS = {
    "seat_0": "Ana",
    "seat_1": "Bea",
    "seat_2": "Luis",
    "seat_3": "Juan",
    "mode": "round",
    "hands": "4",
    "opt_min_by_round": "y",
}
SIX = {**TEAMS, "seat_4": "Pilar", "seat_5": "Tomás"}

#: One round: Ana & Luis out with the contract (2240), Bea & Juan 140 (tests/engine: hand_and_foot-out-...).
ROUND = {
    "sides": [
        {
            "melds": [
                {"rank": "K", "naturals": 7},
                {"rank": "Q", "naturals": 7},
                {"rank": "9", "naturals": 5, "jokers": 1, "twos": 1},
                {"rank": "8", "naturals": 6, "twos": 1},
            ],
            "red_threes": 2,
            "went_out": True,
        },
        {
            "melds": [{"rank": "A", "naturals": 4}, {"rank": "5", "naturals": 3, "twos": 1}],
            "red_threes": 1,
            "hand": {"K": 1, "Q": 1, "7": 1, "JOKER": 1},
        },
    ]
}


def start(client, seats=TEAMS, players=4):
    return start_from_form(client, "hand_and_foot", seats, players=players)


def api_game(client, options=None):
    return started_by_api(client, "hand_and_foot", options)


def save(client, game, expected):
    answer = api_hand(client, game, expected, ROUND["sides"])
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def test_hand_and_foot_is_offered_for_four_or_six_players_in_two_teams(client):
    page = page_text(client.get("/games/new"))
    assert "/games/new/hand_and_foot?players=4&sides=2" in page
    assert "/games/new/hand_and_foot?players=6&sides=2" in page
    assert "/games/new/hand_and_foot?players=6&sides=3" not in page


def test_six_players_make_two_teams_of_three_with_seven_packs(client):
    sheet = start(client, SIX, players=6)
    form = page_text(client.get(sheet + "/hands/new"))
    assert re.findall(r'name="s0_red3" type="radio" value="(\d+)"', form)[-1] == "14"  # two in each of 7 packs
    four = page_text(client.get(start(client) + "/hands/new"))
    assert re.findall(r'name="s0_red3" type="radio" value="(\d+)"', four)[-1] == "10"


def test_the_hand_form_shows_the_rounds_minimum_and_asks_for_the_foot_too(client):
    sheet = start(client)
    form = page_text(client.get(sheet + "/hands/new"))
    assert "Round 1: every side's first meld needs at least 60." in form
    assert "Cards left in hand and foot" in form
    spanish = page_text(client.get(sheet + "/hands/new", headers={"Accept-Language": "es"}))
    assert "Ronda 1: la primera bajada de cada bando necesita al menos 60." in spanish


def test_the_fourth_round_ends_the_game_and_no_minimum_follows_it(client):
    game = api_game(client)
    for number in range(4):
        state = save(client, game, number)
    assert state["game_over"] is True
    assert state["winner"] == "Ana & Luis"
    assert [side["next_minimum"] for side in state["hands"][2]["sides"]] == [150, 150]
    assert [side["next_minimum"] for side in state["hands"][3]["sides"]] == [None, None]
    assert state["totals"] == [4 * 2240, 4 * 140]
    assert state["next_minimums"] == [None, None]
    page = page_text(client.get(f"/g/{game['id']}"))
    assert page.count("First meld next hand, at least:") == 3  # after rounds 1-3, not after the last


def test_each_round_sets_the_minimum_whatever_the_score(client):
    game = api_game(client)
    state = save(client, game, 0)
    assert state["next_minimums"] == [90, 90]  # round 2, though Ana & Luis have 2240 and Bea & Juan 140


def test_scoring_a_hand_whose_minimum_goes_by_round_needs_its_number(client):
    sides = [{"melds": [{"rank": "K", "naturals": 7}]}, {"melds": [{"rank": "Q", "naturals": 7}]}]
    refused = client.post("/api/v1/score", json={"ruleset": "hand_and_foot", "sides": sides})
    assert refused.status_code == 400
    assert refused.get_json()["field"] == "hand_number"
    assert refused.get_json()["error"] == "invalid_request"
    scored = client.post("/api/v1/score", json={"ruleset": "hand_and_foot", "hand_number": 2, "sides": sides})
    assert scored.status_code == 200, scored.get_json()
    assert [side["next_minimum"] for side in scored.get_json()["sides"]] == [120, 120]  # round 3 follows
    by_score = {"ruleset": "hand_and_foot", "options": {"min_by_round": None}, "sides": sides}
    assert client.post("/api/v1/score", json=by_score).status_code == 200  # by score: no round needed


def test_the_house_rule_minimum_by_score_instead_of_by_round(client):
    unticked = {name: value for name, value in TEAMS.items() if name != "opt_min_by_round"}
    sheet = start(client, unticked)
    form = page_text(client.get(sheet + "/hands/new"))
    assert "First meld this hand, at least: Ana & Luis 50 · Bea & Juan 50" in form.replace("&amp;", "&")
    game = api_game(client, {"min_by_round": None})
    state = save(client, game, 0)
    assert state["next_minimums"] == [50, 50]  # 2240 and 140: below 2500 [HF5]


@pytest.mark.parametrize(
    ("url", "verdict"),
    [
        ("/tools/minimum?set=hand_and_foot&ask=1&hand_number=3", "120"),
        ("/tools/minimum?set=hand_and_foot&ask=1&hand_number=9", "150"),  # past the fourth: the last row holds
        ("/tools/pile?set=hand_and_foot&ask=1&top_card=Q&naturals_in_hand=2&hand_number=2&meld_points=80", "No"),
        ("/tools/pile?set=hand_and_foot&ask=1&top_card=Q&naturals_in_hand=2&hand_number=1&meld_points=80", "Yes"),
    ],
)
def test_the_referee_tools_ask_for_the_round_where_the_minimum_goes_by_round(client, url, verdict):
    page = get(client, url)
    assert f'<p class="verdict">{verdict}</p>' in page
    assert 'name="hand_number"' in page
    assert 'name="total"' not in page


def test_the_minimum_tool_asks_for_the_score_where_the_minimum_goes_by_score(client):
    page = get(client, "/tools/minimum?set=classic&ask=1&total=1600")
    assert 'name="total"' in page
    assert 'name="hand_number"' not in page


def test_the_reference_explains_the_foot_the_rounds_and_the_red_threes_of_hand_and_foot(client):
    page = get(client, "/rules/dealing?set=hand_and_foot")
    assert "a second packet of 11 cards face down, the foot" in page
    page = get(client, "/rules/initial-meld?set=hand_and_foot")
    assert "set by the round, whatever the score" in page
    assert "hand 4" in page
    page = get(client, "/rules/red-threes?set=hand_and_foot")
    assert "Each red three beyond these adds 100." in page
    assert "There are 10 red threes in the packs." in page


def test_the_comparison_has_a_hand_and_foot_column(client):
    page = get(client, "/rules/compare")
    assert "Hand and Foot" in page
    for value in ("11 + 11 · 2", "by hand: 60 / 90 / 120 / 150", "4 hands", "100 each"):
        assert value in page


def test_the_new_game_page_starts_with_four_rounds_and_can_play_to_a_score_instead(client):
    page = page_text(client.get("/games/new/hand_and_foot?players=4&sides=2"))
    assert re.search(r'<input checked id="mode-1" name="mode" type="radio" value="round">', page)
    to_a_score = {**TEAMS, "mode": "target", "target": "10000"}
    sheet = start(client, to_a_score)
    public_id = public_id_of(client, sheet)
    game = client.get(f"/api/v1/games/{public_id}").get_json()
    assert game["options"]["match_mode"] == "target"
    assert game["to_target"] == [10000, 10000]


def test_the_chart_draws_no_bands_of_totals_where_the_round_sets_the_minimum(client):
    game = api_game(client)
    save(client, game, 0)
    page = page_text(client.get(f"/g/{game['id']}"))
    assert '<rect class="band' not in page
    assert "Along the bottom, the hands." in page
    classic = started_by_api(client, "classic")
    api_hand(client, classic, 0, [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {}])
    assert '<rect class="band' in page_text(client.get(f"/g/{classic['id']}"))
