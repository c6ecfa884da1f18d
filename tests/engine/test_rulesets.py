"""The ten seed rule sets as data (variants.md §5) and house-rule options (§4)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from scorekeeper.engine import RULESETS, OptionError, configure, offered_options, parameters
from scorekeeper.engine.options import PARAMETERS, table_shapes

SEED_IDS = [
    "classic",
    "classic_2p",
    "classic_3p",
    "classic_6p",
    "es_online_15",
    "es_tradicional",
    "hoyle_2p",
    "us_partnership",
    "app_2p_11",
    "uruguayan",
]


#: The rest of the family, beyond the seeds (variants.md §5).
FAMILY_IDS = ["modern_american", "samba", "hand_and_foot"]
#: The club games of the wider family: melds as cards, a packet each side (Burraco, Buraco, Burako).
CLUB_GAME_IDS = ["burraco", "buraco", "burako"]


def test_the_ten_seed_rule_sets_and_the_rest_of_the_family_are_all_there():
    assert list(RULESETS) == SEED_IDS + FAMILY_IDS + CLUB_GAME_IDS
    assert [ruleset_id for ruleset_id, ruleset in RULESETS.items() if ruleset.family_melds] == CLUB_GAME_IDS


@pytest.mark.parametrize("ruleset_id", SEED_IDS + FAMILY_IDS + CLUB_GAME_IDS)
def test_every_rule_set_has_a_name_description_and_sources(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    assert ruleset.name
    assert ruleset.description
    assert ruleset.sources


@pytest.mark.parametrize(
    ("ruleset_id", "expected"),
    [
        ("classic", {"players": 4, "sides_allowed": [2], "individual": False, "decks": 2, "canastas_to_go_out": 1}),
        ("classic_2p", {"players": 2, "individual": True, "canastas_to_go_out": 2, "deal": 15, "draw_count": 2}),
        ("classic_3p", {"players": 3, "sides_allowed": [3], "individual": True, "deal": 13}),
        (
            "classic_6p",
            {"players": 6, "sides_allowed": [2, 3], "decks": 3, "canastas_to_go_out": 2, "target": 10000},
        ),
        ("es_online_15", {"canastas_to_go_out": 2, "red_three_in_hand": "invalid", "deal": 15, "draw_count": 2}),
        (
            "es_tradicional",
            {
                "wild_meld": {"min_start": 5, "max_size": 7, "bonus": 2000, "counts_for_going_out": False},
                "concealed_total": None,
                "black_three_four_bonus": 500,
                "four_black_threes_in_hand_penalty": 500,
                "canasta_count_bonus": {"5": 500, "7": 2000},
                "canasta_count_cumulative": False,
            },
        ),
        (
            "hoyle_2p",
            {
                "individual": True,
                "max_wilds": None,
                "wilds_le_naturals": True,
                "red3_negative_when": "no_meld_and_opponent_out",
                "red_three_in_hand": "invalid",
                "deal": 15,
                "draw_count": 1,
            },
        ),
        (
            "us_partnership",
            {"min_table": [[None, 0], [0, 50], [1500, 90], [3000, 120]], "black_three_freezes": True},
        ),
        (
            "app_2p_11",
            {"individual": True, "canastas_to_go_out": 2, "wilds_le_naturals": True, "max_wilds": 3, "deal": 11},
        ),
        (
            "uruguayan",
            {
                "wild_meld": {"min_start": 3, "max_size": 7, "bonus": 2000, "counts_for_going_out": True},
                "pile_always_frozen": True,
            },
        ),
    ],
)
def test_seed_rule_set_values_follow_variants_section_5(ruleset_id, expected):
    values = parameters(RULESETS[ruleset_id])
    assert {name: values[name] for name in expected} == expected


def test_hand_and_foot_values_follow_variants_section_5():
    # books 500/300, contract of 2 clean + 2 dirty, red threes +100 each and -500 in hand, no black-three
    # books, minimums by round 60/90/120/150, four rounds, one pack more than the players [HF1]-[HF6]
    expected = {
        "players": 4,
        "sides_allowed": [2],
        "decks": 5,
        "wilds_le_naturals": True,
        "max_wilds": 3,
        "natural_bonus": 500,
        "mixed_bonus": 300,
        "go_out_bonus": 100,
        "go_out_min_natural": 2,
        "go_out_min_mixed": 2,
        "red3_table": [100],
        "red3_per_extra": 100,
        "red3_negative_when": "never",
        "red_three_in_hand": "penalty",
        "red_three_in_hand_penalty": 500,
        "black_three_meld": False,
        "min_by_round": [60, 90, 120, 150],
        "match_mode": "round",
        "hands_in_match": 4,
        "deal": 11,
        "foot": 11,
        "draw_count": 2,
        "black_three_freezes": True,
    }
    values = parameters(RULESETS["hand_and_foot"])
    assert {name: values[name] for name in expected} == expected


def test_modern_american_values_follow_variants_section_5():
    # max 2 wilds, none in sevens, canastas of exactly seven with 5 naturals, wild melds 3-7 (2000, four
    # jokers 2500, seven twos 3000), sevens and aces 2500, two canastas, no concealed bonus, threes by colour,
    # penalties 2500/2500/2000 and 1500, minimums 125/155/180, game to 8500 [MACJ][MACC][MACD]
    expected = {
        "max_wilds": 2,
        "sevens_no_wilds": True,
        "canasta_min_naturals": 5,
        "max_meld_size": 7,
        "wild_meld": {"min_start": 3, "max_size": 7, "bonus": 2000, "counts_for_going_out": True},
        "wild_canasta_bonus_by_jokers": {"4": 2500, "0": 3000},
        "rank_natural_bonus": {"7": 2500, "A": 2500},
        "canastas_to_go_out": 2,
        "concealed_total": None,
        "mac_scoring": True,
        "mac_threes_table": [100, 300, 500, 1000],
        "mac_incomplete_penalty": {"A": 2500, "7": 2500, "WILD": 2000},
        "mac_hand_triple_penalty": 1500,
        "black_three_meld": False,
        "red_three_in_hand": "card5",
        "min_table": [[None, 125], [3000, 155], [5000, 180]],
        "target": 8500,
        "deal": 13,
    }
    values = parameters(RULESETS["modern_american"])
    assert {name: values[name] for name in expected} == expected


def test_samba_values_follow_variants_section_5():
    # three packs, max 2 wilds, canastas of at least 5 naturals, sequences (samba 1500), two melds of a rank,
    # out 200, no concealed bonus, two canastas, red threes 100 each and all six 1000, minus short of two
    # canastas, 160 from 7000, game 10000, a tie is a draw [BICS][HSW][SPEL][TIM]
    expected = {
        "decks": 3,
        "max_wilds": 2,
        "canasta_min_naturals": 5,
        "sequences": True,
        "samba_bonus": 1500,
        "allow_duplicate_rank": True,
        "go_out_bonus": 200,
        "concealed_total": None,
        "canastas_to_go_out": 2,
        "red3_table": [100, 200, 300, 400, 500, 1000],
        "red3_negative_when": "fewer_than_2_canastas",
        "min_table": [[None, 15], [0, 50], [1500, 90], [3000, 120], [7000, 160]],
        "target": 10000,
        "tie_policy": "draw",
        "deal": 15,
        "draw_count": 2,
    }
    values = parameters(RULESETS["samba"])
    assert {name: values[name] for name in expected} == expected


def test_samba_seats_two_to_six_alone_or_in_pairs():
    base = RULESETS["samba"]
    assert table_shapes(base) == [(2, 2), (3, 3), (4, 2), (5, 5), (6, 3)]
    assert configure(base, {"players": 5}, sides=5).individual
    assert configure(base, {"players": 6}, sides=3).deal == 13


def test_hand_and_foot_seats_four_or_six_in_two_teams_with_a_pack_more_than_the_players():
    base = RULESETS["hand_and_foot"]
    assert table_shapes(base) == [(4, 2), (6, 2)]
    assert configure(base, {"players": 6}).decks == 7


def test_classic_defaults_follow_section_4():
    values = parameters(RULESETS["classic"])
    assert values["min_naturals"] == 2  # K1, K2
    assert values["max_wilds"] == 3  # K1
    assert values["natural_bonus"] == 500
    assert values["mixed_bonus"] == 300
    assert values["wild_meld"] is None  # K4
    assert values["go_out_bonus"] == 100  # K6
    assert values["concealed_total"] == 200  # K5
    assert values["red3_table"] == [100, 200, 300, 800]  # K9
    assert values["red3_negative_when"] == "no_meld"  # K7
    assert values["red_three_in_hand"] == "penalty"
    assert values["red_three_in_hand_penalty"] == 500
    assert values["black_three_four_bonus"] == 0  # K12
    assert values["black_three_freezes"] is False  # K13
    assert values["min_table"] == [[None, 15], [0, 50], [1500, 90], [3000, 120]]  # K15-K17
    assert values["target"] == 5000
    assert values["target_rule"] == "reach"
    assert values["tie_policy"] == "play_on"  # K20
    assert values["allow_duplicate_rank"] is False  # K28


def test_es_tradicional_players_variants():
    # S001: 2 and 3 play alone; 6 in three pairs with three packs, three canastas to go out.
    base = RULESETS["es_tradicional"]
    assert base.players_allowed == (2, 3, 4, 6)
    assert configure(base, {"players": 2}).individual
    assert configure(base, {"players": 3}).sides_allowed == (3,)
    pairs = configure(base, {"players": 6}, sides=3)
    assert (pairs.decks, pairs.deal, pairs.canastas_to_go_out) == (3, 13, 3)
    assert pairs.red3_table[4:] == (1000, 1200)


def test_d4_es_tradicional_six_players_three_against_three():
    # D4 (S001: "se reparten 11 cartas a cada jugador y juegan tres contra otros tres"): two sides of
    # three with the usual two packs, 11 cards and one canasta to go out; three pairs as above.
    base = RULESETS["es_tradicional"]
    assert table_shapes(base) == [(2, 2), (3, 3), (4, 2), (6, 2), (6, 3)]
    teams = configure(base, {"players": 6}, sides=2)
    assert (teams.decks, teams.deal, teams.canastas_to_go_out) == (2, 11, 1)
    assert not teams.individual


def test_players_the_rule_set_cannot_seat_are_refused():
    with pytest.raises(OptionError) as caught:
        configure(RULESETS["es_tradicional"], {"players": 5})
    assert caught.value.option == "players"


def test_explicit_options_win_over_the_side_variant():
    ruleset = configure(RULESETS["classic_6p"], {"target": 8000}, sides=3)
    assert ruleset.target == 8000


def test_unknown_option_is_refused_by_name():
    with pytest.raises(OptionError) as caught:
        configure(RULESETS["classic"], {"canastas_to_go": 2})
    assert caught.value.option == "canastas_to_go"
    assert "canastas_to_go" in str(caught.value)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("canastas_to_go_out", "2"),
        ("canastas_to_go_out", True),
        ("canastas_to_go_out", -1),
        ("tie_policy", "coin_toss"),
        ("wilds_le_naturals", 1),
        ("max_wilds", 2.5),
        ("wild_meld", {"min_start": 5}),
        ("wild_meld", {"min_start": 8, "max_size": 7, "bonus": 2000, "counts_for_going_out": True}),
        ("red3_table", []),
        ("min_table", [[0, 50], [None, 15]]),
        ("min_table", [[1500, 90], [0, 50]]),
        ("canasta_count_bonus", {"five": 500}),
        ("rank_natural_bonus", {"Z": 100}),
        ("black_three_meld_sizes", [4, 3]),
        ("target", 0),
    ],
)
def test_options_of_the_wrong_type_or_range_are_refused(option, value):
    with pytest.raises(OptionError) as caught:
        configure(RULESETS["classic"], {option: value})
    assert caught.value.option == option


def test_round_mode_needs_the_number_of_hands():
    with pytest.raises(OptionError) as caught:
        configure(RULESETS["es_online_15"], {"match_mode": "round"})
    assert caught.value.option == "hands_in_match"


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("min_naturals", 1),  # K2
        ("max_wilds", None),  # K1
        ("wilds_le_naturals", True),  # K1
        ("canastas_to_go_out", 2),  # K3
        ("wild_meld", {"min_start": 5, "max_size": 7, "bonus": 2000, "counts_for_going_out": False}),  # K4, K25
        ("concealed_total", 300),  # K5
        ("concealed_total", None),  # K5
        ("go_out_bonus", 200),  # K6
        ("red3_negative_when", "no_canasta"),  # K7
        ("red3_table", [100, 200, 300, 400]),  # K8, K9, K10
        ("red_three_in_hand", "card5"),  # K11
        ("black_three_four_bonus", 500),  # K12
        ("four_black_threes_in_hand_penalty", 500),  # K12
        ("black_three_freezes", True),  # K13
        ("min_table", [[None, 0], [0, 50], [1500, 90], [3000, 120]]),  # K15
        ("min_by_round", [60, 90, 120, 150]),  # K17
        ("minimum_basis", "player"),  # K18
        ("target_rule", "exceed"),  # K19
        ("tie_policy", "draw"),  # K20
        ("stock_out_rule", "end_at_once"),  # K22
        ("last_red_three_may_meld", False),  # K23
        ("canasta_count_cumulative", True),  # K24
        ("allow_duplicate_rank", True),  # K28
        ("deal", 15),  # K29
        ("draw_count", 2),  # K29
    ],
)
def test_every_section_4_option_is_a_house_rule_override(option, value):
    ruleset = configure(RULESETS["classic"], {option: value})
    assert parameters(ruleset)[option] == (list(value) if isinstance(value, tuple) else value)


def test_offered_options_are_known_parameters():
    for ruleset in RULESETS.values():
        assert set(offered_options(ruleset)) <= set(PARAMETERS)


def test_the_engine_imports_only_the_standard_library():
    engine = Path(__file__).resolve().parents[2] / "scorekeeper" / "engine"
    for path in engine.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in sys.stdlib_module_names | {"__future__"}, f"{path.name} imports {name}"


def test_cutthroat_is_only_for_three_players():
    with pytest.raises(OptionError) as caught:
        configure(RULESETS["classic"], {"cutthroat": True})
    assert caught.value.option == "cutthroat"


def test_card_values_option_needs_every_card():
    values = dict(parameters(RULESETS["classic"])["card_values"])
    assert configure(RULESETS["classic"], {"card_values": {**values, "3B": 0}}).card_values["3B"] == 0
    with pytest.raises(OptionError):
        configure(RULESETS["classic"], {"card_values": {"JOKER": 50}})


@pytest.mark.parametrize(
    ("ruleset_id", "shapes"),
    [
        ("classic", [(4, 2)]),
        ("classic_2p", [(2, 2)]),
        ("classic_3p", [(3, 3)]),
        ("classic_6p", [(6, 2), (6, 3)]),
        ("es_tradicional", [(2, 2), (3, 3), (4, 2), (6, 2), (6, 3)]),  # D4: 6 as 3 v 3 or 3 pairs
    ],
)
def test_table_shapes_each_rule_set_seats(ruleset_id, shapes):
    from scorekeeper.engine.options import table_shapes

    assert table_shapes(RULESETS[ruleset_id]) == shapes
