"""Samba through the whole app: seating from two to six, sequences on the hand form (card by card and the
paper sheet's sambas), the scoring and game APIs with SEQ melds, refused elsewhere with a 400 naming the
field, the reference and the comparison."""

from __future__ import annotations

import re

from .helpers import api_game, api_hand, page_text, public_id_of, start_from_form
from .test_reference import get

PAIRS = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan", "mode": "target", "target": "10000"}

#: tests/engine samba-out-with-a-samba-and-a-canasta: 2550 / 275.
SAMBA_HAND = [
    {
        "melds": [
            {"rank": "SEQ", "naturals": 7, "cards": ["8", "9", "10", "J", "Q", "K", "A"]},
            {"rank": "K", "naturals": 7},
        ],
        "red_threes": 2,
        "went_out": True,
    },
    {
        "melds": [
            {"rank": "Q", "naturals": 5, "twos": 2},
            {"rank": "SEQ", "naturals": 3, "cards": ["4", "5", "6"]},
        ],
        "red_threes": 1,
        "hand": {"J": 1, "2": 1},
    },
]
#: The same hand as the hand form sends it: each sequence from its lowest card to its highest.
SAMBA_FORM = {
    "expected_hands": "0",
    "out": "0",
    "s0_mode": "detailed",
    "s1_mode": "detailed",
    "s0_sq0_low": "8",
    "s0_sq0_high": "A",
    "s0_m_K_n": "7",
    "s0_red3": "2",
    "s1_m_Q_n": "5",
    "s1_m_Q_t": "2",
    "s1_sq0_low": "4",
    "s1_sq0_high": "6",
    "s1_red3": "1",
    "s1_h_J": "1",
    "s1_h_2": "1",
}


def start(client, data=PAIRS):
    return start_from_form(client, "samba", data)


def test_samba_seats_two_to_six(client):
    page = page_text(client.get("/games/new"))
    for players, sides in ((2, 2), (3, 3), (4, 2), (5, 5), (6, 3)):
        assert f"/games/new/samba?players={players}&sides={sides}" in page


def test_a_samba_hand_card_by_card_on_the_hand_form(client):
    sheet = start(client)
    form = page_text(client.get(sheet + "/hands/new"))
    assert "Sequences of one suit (seven make a samba)" in form
    assert 'name="s0_sq0_low"' in form
    assert 'name="s0_sq3_high"' in form

    saved = client.post(sheet + "/hands/new", data=SAMBA_FORM)

    assert saved.status_code == 302
    page = page_text(client.get(sheet))
    assert "+2,550" in page
    assert "+275" in page
    fix = page_text(client.get(sheet + "/hands/1"))  # the sequences come back to fix them
    assert re.search(r'name="s0_sq0_low">.*?<option selected value="8">', fix)
    assert re.search(r'name="s0_sq0_high">.*?<option selected value="A">A</option>', fix)


def test_a_sequence_with_a_gap_comes_back_with_the_rule_named(client):
    sheet = start(client)
    broken = {**SAMBA_FORM, "s1_sq0_low": "6", "s1_sq0_high": "4"}  # the wrong way round

    answer = client.post(sheet + "/hands/new", data=broken, follow_redirects=True)

    assert answer.status_code == 422
    page = page_text(answer)
    assert "A sequence runs in order, 4 low and ace high, with no gap." in page
    assert 'data-rule="sequence_not_in_order"' in page
    assert re.search(r'name="s1_sq0_low">.*?<option selected value="6">', page)  # what was typed stays


def test_sambas_on_the_paper_sheet(client):
    sheet = start(client)
    quick = {
        "expected_hands": "0",
        "out": "0",
        "s0_mode": "quick",
        "s1_mode": "detailed",
        "s0_q_meld_points": "150",
        "s0_q_samba": "1",
        "s0_q_natural": "1",
        "s1_m_9_n": "3",
    }
    form = page_text(client.get(sheet + "/hands/new"))
    assert "Sambas" in form

    assert client.post(sheet + "/hands/new", data=quick).status_code == 302

    page = page_text(client.get(sheet))
    assert "+2,350" in page  # 150 + samba 1500 + natural 500 + out 200
    assert "+30" in page


def test_the_scoring_api_scores_sequences_and_counts_sambas(client):
    answer = client.post("/api/v1/score", json={"ruleset": "samba", "sides": SAMBA_HAND})
    assert answer.status_code == 200, answer.get_json()
    sides = answer.get_json()["sides"]
    assert [side["hand_score"] for side in sides] == [2550, 275]
    assert sides[0]["canastas"] == {"natural": 1, "mixed": 0, "wild": 0, "samba": 1}
    assert sides[0]["breakdown"]["canasta_bonus"] == 2000
    assert sides[1]["canastas"] == {"natural": 0, "mixed": 1, "wild": 0}


def test_the_game_api_keeps_a_sequences_cards(client):
    game = api_game(client, "samba")
    saved = api_hand(client, game, 0, SAMBA_HAND).get_json()
    melds = saved["hands"][0]["entries"][0]["melds"]
    assert melds[0] == {
        "rank": "SEQ",
        "naturals": 7,
        "jokers": 0,
        "twos": 0,
        "cards": ["8", "9", "10", "J", "Q", "K", "A"],
    }
    assert saved["totals"] == [2550, 275]


def test_sequences_and_sambas_are_refused_with_a_400_where_the_rule_set_has_none(client):
    answer = client.post("/api/v1/score", json={"ruleset": "classic", "sides": SAMBA_HAND})
    assert answer.status_code == 400
    assert answer.get_json()["field"] == "sides[0].melds[0].rank"
    quick = [{"meld_points": 200, "canastas": {"samba": 1}}, {}]
    answer = client.post("/api/v1/score", json={"ruleset": "classic", "sides": quick})
    assert (answer.status_code, answer.get_json()["field"]) == (400, "sides[0].canastas.samba")
    game = api_game(client, "classic")
    answer = api_hand(client, game, 0, SAMBA_HAND)
    assert (answer.status_code, answer.get_json()["field"]) == (400, "sides[0].melds[0].rank")
    answer = client.post(
        "/api/v1/score",
        json={"ruleset": "samba", "sides": [{"melds": [{"rank": "K", "naturals": 3, "cards": ["K"]}]}, {}]},
    )
    assert (answer.status_code, answer.get_json()["field"]) == (400, "sides[0].melds[0].cards")


def test_the_classic_hand_form_has_no_sequences(client):
    sheet = start_from_form(client, "classic", {**PAIRS, "target": "5000"})
    form = page_text(client.get(sheet + "/hands/new"))
    assert "Sequences of one suit" not in form
    assert "Sambas" not in form


def test_the_reference_explains_sequences_and_the_samba(client):
    page = get(client, "/rules/melds?set=samba")
    for anchor in ("sequence_not_allowed", "sequence_with_wilds", "sequence_not_in_order", "sequence_cards"):
        assert f'id="{anchor}"' in page
    assert "three or more cards of one suit in sequence" in page
    assert "Samba (seven cards of one suit in sequence)" in get(client, "/rules/canastas?set=samba")
    assert "Melds are of one rank" in get(client, "/rules/melds?set=classic")
    spanish = get(client, "/rules/melds?set=samba", "es")
    assert "Escaleras" in spanish
    assert "sequences (samba 1,500)" in get(client, "/rules/compare")


def test_bolivia_is_a_house_rule_of_samba_on_the_new_game_page(client):
    page = page_text(client.get("/games/new/samba?players=4&sides=2"))
    assert "Bolivia" in page
    sheet = start(client, {**PAIRS, "opt_bolivia": "y"})
    form = page_text(client.get(sheet + "/hands/new"))
    assert "Wild-card canastas" in form  # melds of wild cards come with Bolivia
    public_id = public_id_of(client, sheet)
    game = client.get(f"/api/v1/games/{public_id}").get_json()
    assert game["options"]["bolivia"] is True
    assert game["to_target"] == [15000, 15000]


def test_the_target_box_follows_bolivia_and_a_target_typed_with_it_is_played(client):
    page = client.get("/games/new/samba?players=4&sides=2").get_data(as_text=True)
    assert 'data-implies="{&#34;target&#34;: [10000, 15000]}"' in page  # the script moves the box
    typed = start(client, {**PAIRS, "opt_bolivia": "y", "follows": "1", "target": "10000"})
    game = client.get(f"/api/v1/games/{public_id_of(client, typed)}").get_json()
    assert game["to_target"] == [10000, 10000]  # the box said 10000 with Bolivia on: 10000 is played
    shown = start(client, {**PAIRS, "opt_bolivia": "y", "follows": "1", "target": "15000"})
    game = client.get(f"/api/v1/games/{public_id_of(client, shown)}").get_json()
    assert game["to_target"] == [15000, 15000]
    assert "target" not in game["options"]  # Bolivia's own


def test_the_go_out_tool_counts_sambas_where_they_are_played(client):
    page = get(client, "/tools/go-out?set=samba&ask=1&natural=1&samba=1")
    assert '<p class="verdict">Yes</p>' in page
    assert 'name="samba"' not in get(client, "/tools/go-out?set=classic")


def test_the_pile_tool_asks_whether_the_meld_is_a_canasta_already_in_samba(client):
    url = "/tools/pile?set=samba&ask=1&top_card=K&side_has_melded=y&meld_on_table=y&meld_on_table_is_canasta=y"
    page = get(client, url)
    assert '<p class="verdict">No</p>' in page
    assert 'name="meld_on_table_is_canasta"' in page
    assert 'name="meld_on_table_is_canasta"' not in get(client, "/tools/pile?set=classic")
    assert "a wild card never helps" in get(client, "/rules/discard-pile?set=samba")


def test_the_sheet_counts_canastas_by_kind_in_the_readers_language(client):
    game = api_game(client, "samba")
    api_hand(client, game, 0, SAMBA_HAND)
    english = page_text(client.get(f"/g/{game['id']}"))
    assert "1 natural 1 samba" in english
    spanish = page_text(client.get(f"/g/{game['id']}", headers={"Accept-Language": "es"}))
    assert "1 limpia 1 samba" in spanish  # these were shown in English before: never extracted
    assert "1 sucia" in spanish


def test_the_first_meld_of_150_from_7000_is_a_house_rule_on_the_new_game_page(client):
    page = page_text(client.get("/games/new/samba?players=4&sides=2"))
    assert "First meld of 150 from 7,000" in page
    sheet = start(client, {**PAIRS, "opt_min_150_from_7000": "y"})
    public_id = public_id_of(client, sheet)
    assert client.get(f"/api/v1/games/{public_id}").get_json()["options"]["min_150_from_7000"] is True
    rule = re.sub(r"\s+", " ", get(client, f"/g/{public_id}/rules/initial-meld"))
    assert '<th scope="row">7,000 or more</th><td>150 points</td>' in rule


def test_the_meld_tool_judges_a_sequence_where_they_are_played(client):
    page = get(client, "/tools/meld?set=samba&ask=1&rank=K&naturals=3&sequence_low=8&sequence_high=A")
    assert '<p class="verdict">Yes</p>' in page
    assert "Legal, and a samba: 1,500 points plus its cards, 80." in page
    page = get(client, "/tools/meld?set=samba&ask=1&rank=K&naturals=3&sequence_low=8&sequence_high=10&jokers=1")
    assert '<p class="verdict">No</p>' in page
    assert "#sequence_with_wilds" in page
    assert 'name="sequence_low"' not in get(client, "/tools/meld?set=classic")
