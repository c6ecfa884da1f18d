"""The scoring and game APIs for the family's club games (Burraco, Buraco, Burako): the same request and
answer as Canasta's, with melds as cards and their claims, the packet, how a side went out, its closing
discard, a hand ended on the stock, cards held as cards, and the family's paper-sheet way (docs/api.md)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import RULESETS
from scorekeeper.engine.catalogue import FAMILY_RULESETS

#: North-south close on a clean run of hearts (3H..9H = 5x5 + 10 + 10 = 45, clean 200) and three kings (30),
#: discarding the 5 of clubs; east-west never took its pozzetto and holds a joker, an ace and a four.
CLOSING = {
    "melds": [{"cards": ["3H", "4H", "5H", "6H", "7H", "8H", "9H"], "claim": "clean"}, {"rank": "K", "naturals": 3}],
    "packet": "taken",
    "went_out": "discard",
    "closing_discard": "5C",
}
CAUGHT = {"melds": [{"cards": ["QS", "KS", "AS"]}], "packet": "not_taken", "hand": ["JK", "AD", "4C"]}


@pytest.fixture(autouse=True)
def family_offered(monkeypatch):
    """The family's rule sets among the app's (as once every page serves them)."""
    for ruleset_id, ruleset in FAMILY_RULESETS.items():
        monkeypatch.setitem(RULESETS, ruleset_id, ruleset)


def score(client, ruleset, sides, **more):
    return client.post("/api/v1/score", json={"ruleset": ruleset, "sides": sides, **more})


def test_a_burraco_hand_as_cards_scores_each_item_with_the_packet_apart(client):
    answer = score(client, "burraco", [CLOSING, CAUGHT])
    assert answer.status_code == 200, answer.get_json()
    north, east = answer.get_json()["sides"]
    assert north["breakdown"] == {
        "meld_points": 75,
        "canasta_bonus": 200,
        "red_three_bonus": 0,
        "going_out_bonus": 100,
        "special_bonus": 0,
        "hand_points": 0,
        "penalties": 0,
        "packet": 0,
    }
    assert north["canastas"] == {"clean": 1, "dirty": 0, "semi": 0, "ace_to_king": 0, "ace_to_ace": 0, "wild": 0}
    assert north["next_minimum"] is None  # no first-meld minimum in the family's games
    # QS KS AS = 10 + 10 + 15 = 35; JK AD 4C = 30 + 15 + 5 = 50 held; the pozzetto never taken -100
    assert (east["breakdown"]["meld_points"], east["breakdown"]["hand_points"], east["breakdown"]["packet"]) == (
        35,
        -50,
        -100,
    )
    assert east["hand_score"] == -115


def test_a_canasta_games_answer_keeps_its_shape_without_the_packet(client):
    answer = score(client, "classic", [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {}])
    assert "packet" not in answer.get_json()["sides"][0]["breakdown"]
    assert set(answer.get_json()["sides"][0]["canastas"]) == {"natural", "mixed", "wild"}


def test_a_hand_ended_on_the_stock_pays_burraco_no_closing_bonus(client):
    answer = score(client, "burraco", [CLOSING, CAUGHT], end="stock_out")
    assert answer.get_json()["sides"][0]["breakdown"]["going_out_bonus"] == 0
    assert (
        score(client, "burako", [CLOSING, CAUGHT], end="stock_out").get_json()["sides"][0]["breakdown"][
            "going_out_bonus"
        ]
        == 100
    )


def test_a_claim_the_cards_do_not_make_is_a_422_naming_the_meld_and_linking_the_rule(client):
    dirty = {**CLOSING, "melds": [{"cards": ["5S", "6S", "7S", "8S", "9S", "10S", "JK"], "claim": "clean"}]}
    answer = score(client, "burraco", [dirty, CAUGHT])
    assert answer.status_code == 422
    [error] = answer.get_json()["errors"]
    assert (error["rule"], error["side"], error["field"]) == ("family_claim_unsupported", 0, "melds[0].claim")
    assert error["help"] == "/rules/canastas?set=burraco#family_claim_unsupported"
    assert "a dirty canasta" in error["message"]


def test_burraco_refuses_closing_on_a_wild_discard_and_buraco_takes_it(client):
    on_a_joker = {**CLOSING, "closing_discard": "JK"}
    refused = score(client, "burraco", [on_a_joker, CAUGHT])
    assert refused.status_code == 422
    assert [e["rule"] for e in refused.get_json()["errors"]] == ["family_going_out_on_a_wild_discard"]
    on_a_two = {**CLOSING, "melds": [CLOSING["melds"][0]], "closing_discard": "2D"}  # Buraco: runs, no jokers
    caught = {**CAUGHT, "hand": ["AD", "4C"]}
    assert score(client, "burraco", [on_a_two, caught]).status_code == 422
    assert score(client, "buraco", [on_a_two, caught]).status_code == 200


@pytest.mark.parametrize(
    ("ruleset", "side", "field"),
    [
        ("burraco", {**CLOSING, "went_out": True}, "sides[0].went_out"),
        ("burraco", {**CLOSING, "red_threes": 1}, "sides[0].red_threes"),
        ("burraco", {**CLOSING, "concealed": True}, "sides[0].concealed"),
        ("classic", {"packet": "taken"}, "sides[0].packet"),
        ("classic", {"melds": [{"cards": ["3H", "4H", "5H"]}]}, "sides[0].melds[0].cards"),
        ("classic", {"melds": [{"rank": "K", "naturals": 3, "claim": "clean"}]}, "sides[0].melds[0].claim"),
        ("classic", {"went_out": "discard"}, "sides[0].went_out"),
        ("classic", {"hand": ["KH"]}, "sides[0].hand"),
        ("classic", {"meld_points": 100, "canastas": {"clean": 1}}, "sides[0].canastas.clean"),
    ],
)
def test_a_field_of_the_other_kind_of_game_is_a_400_naming_it(client, ruleset, side, field):
    answer = score(client, ruleset, [side, {}] if ruleset == "classic" else [side, CAUGHT])
    assert answer.status_code == 400, answer.get_json()
    assert answer.get_json()["field"] == field
    assert field in answer.get_json()["message"]


def test_burraco_closes_with_the_pozzetto_not_yet_played_and_the_house_rule_asks_it_played_first(client):
    """D27: a partner still holding the pozzetto taken with a discard; its cards are among the held ones:
    2H AH KH QH JH 10H 9H 8H 7H 6H 5D = 20 + 15 + 6 x 10 + 3 x 5 = 110. North 75 + 200 + 100 - 110 = 265.
    The house rule `going_out_with_packet_unplayed: false` refuses the close, naming the packet."""
    partner_holds_it = {
        **CLOSING,
        "packet": "taken_unplayed",
        "hand": ["2H", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5D"],
    }
    answer = score(client, "burraco", [partner_holds_it, CAUGHT])
    assert answer.status_code == 200, answer.get_json()
    assert [side["hand_score"] for side in answer.get_json()["sides"]] == [265, -115]
    refused = score(client, "burraco", [partner_holds_it, CAUGHT], options={"going_out_with_packet_unplayed": False})
    assert refused.status_code == 422
    assert [(e["rule"], e["side"], e["field"]) for e in refused.get_json()["errors"]] == [
        ("family_going_out_without_packet", 0, "packet")
    ]
    burraco = client.get("/api/v1/rulesets/burraco").get_json()
    assert "going_out_with_packet_unplayed" in burraco["options"]
    assert burraco["parameters"]["family_hand"]["going_out_with_packet_unplayed"] is True
    wrong = score(client, "burraco", [CLOSING, CAUGHT], options={"going_out_with_packet_unplayed": "no"})
    assert (wrong.status_code, wrong.get_json()["field"]) == (400, "options.going_out_with_packet_unplayed")


def test_a_side_that_does_not_say_its_packet_is_refused_naming_the_field(client):
    answer = score(client, "burako", [{"melds": [{"cards": ["3H", "4H", "5H"]}]}, CAUGHT])
    assert answer.status_code == 422
    assert [(e["rule"], e["side"], e["field"]) for e in answer.get_json()["errors"]] == [
        ("family_packet_unknown", 0, "packet")
    ]


def test_the_paper_sheets_way_takes_the_familys_canasta_kinds(client):
    """Buraco: 320 melded with a clean canastra and one of 500 (200 + 500), out without a discard (100),
    a penalty of 50; the other pair, no clean canastra: its 60 counted minus, 25 held, morto not taken."""
    quick = {
        "meld_points": 320,
        "canastas": {"clean": 1, "ace_to_king": 1},
        "hand_points": 0,
        "packet": "taken",
        "went_out": "no_discard",
        "penalties": 50,
    }
    other = {"meld_points": 60, "hand_points": 25, "packet": "not_taken"}
    mine, theirs = score(client, "buraco", [quick, other]).get_json()["sides"]
    assert mine["hand_score"] == 320 + 700 + 100 - 50
    assert mine["canastas"]["ace_to_king"] == 1
    assert theirs["hand_score"] == -60 - 25 - 100


def test_a_games_hands_keep_their_cards_claims_packet_and_end_through_the_game_api(client):
    table = {"ruleset": "burraco", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}
    game = client.post("/api/v1/games", json=table).get_json()
    headers = {"X-Edit-Token": game["edit_token"]}
    added = client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"expected_hands": 0, "sides": [CLOSING, CAUGHT], "end": "stock_out"},
        headers=headers,
    )
    assert added.status_code == 201, added.get_json()
    read = client.get(f"/api/v1/games/{game['id']}").get_json()
    [hand] = read["hands"]
    assert hand["end"] == "stock_out"
    north, east = hand["entries"]
    assert north["melds"][0] == CLOSING["melds"][0]
    assert (north["packet"], north["went_out"], north["closing_discard"]) == ("taken", "discard", "5C")
    assert east["hand"] == ["JK", "AD", "4C"]
    # the stock ran out: no closing bonus in Burraco (375 - 100)
    assert [side["hand_score"] for side in hand["sides"]] == [275, -115]
    assert read["totals"] == [275, -115]
    assert read["next_minimums"] == [None, None]
    assert read["to_target"] == [2005 - 275, 2005 + 115]


def test_a_rule_set_of_the_family_lists_its_own_parameters(client):
    buraco = client.get("/api/v1/rulesets/buraco").get_json()
    assert buraco["parameters"]["family_melds"]["ace_to_ace_bonus"] == 1000
    assert buraco["parameters"]["target"] == 3000
    assert "red3_table" not in buraco["parameters"]
    assert "jokers" in buraco["options"]
    refused = score(client, "buraco", [CLOSING, CAUGHT], options={"canastas_to_go_out": 2})
    assert (refused.status_code, refused.get_json()["field"]) == (400, "options.canastas_to_go_out")


def test_a_family_game_exported_and_imported_back_scores_the_same_hands(client):
    table = {"ruleset": "buraco", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}
    game = client.post("/api/v1/games", json=table).get_json()
    headers = {"X-Edit-Token": game["edit_token"]}
    clean = {**CLOSING, "melds": [CLOSING["melds"][0]], "went_out": "no_discard", "closing_discard": ""}
    caught = {**CAUGHT, "hand": {"A": 1, "3": 2}}  # held by rank: an ace and two plain threes (15 + 10)
    quick = {"meld_points": 90, "canastas": {"dirty": 1}, "hand_points": 15, "packet": "taken_unplayed"}
    for number, sides in enumerate(([clean, caught], [quick, {"packet": "taken"}])):
        body = {"expected_hands": number, "sides": sides, **({"end": "stock_out"} if number else {})}
        assert client.post(f"/api/v1/games/{game['id']}/hands", json=body, headers=headers).status_code == 201
    data = client.get(f"/g/{game['id']}/export.json").get_json()
    assert data["hands"][1]["end"] == "stock_out"
    copy = client.post("/api/v1/games/import", json=data)
    assert copy.status_code == 201, copy.get_json()
    original, imported = (client.get(f"/api/v1/games/{g}").get_json() for g in (game["id"], copy.get_json()["id"]))
    assert imported["totals"] == original["totals"]
    assert [h["entries"] for h in imported["hands"]] == [h["entries"] for h in original["hands"]]
    # hand 1: 45 + 200 + 100 = 345; 35 - 25 - 100 = -90 (Buraco: no clean canastra, its 35 counted minus)
    # hand 2: 90 minus (no clean canastra) - 15 - 100 (morto taken, not played) = -205; 0
    assert original["totals"] == [345 - 205, -35 - 25 - 100]
