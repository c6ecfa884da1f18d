"""Club nights of Burraco, Buraco and Burako: the night's form offers the family's rule sets and proposes
Burraco's federation table for the rounds' hands; a table's hands, recorded through the game API (or each
pair's halves through the halves API), come to the round's score sheet as a federation's sheet has them
(each line's points, the difference, the victory points, who signed), to the standings and the JSON; a step
table the rounds or the rules do not fit is refused naming the field, in English and Spanish."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.store.database import db
from scorekeeper.store.nights import Night
from scorekeeper.tournament import VictoryScale, default_decisive

from .helpers import page_text, picked

NIGHT = {
    "name": "Burraco del martedì",
    "held_on": "2026-11-24",
    "ruleset": "burraco",
    "round_kind": "hands",
    "round_length": "3",
    "rounds": "2",
    "movement": "mitchell",
    "mitchell_step": "1",
    "scoring": "burraco_3",
    "decisive": "",
    "recording": "one",
    "bye_points": "",
    "bye_difference": "355",
}
PAIRS = [
    ("Ada", "Bruno"), ("Carla", "Dario"), ("Elena", "Fabio"), ("Gina", "Ivo"),
    ("Lia", "Marco"), ("Nora", "Oscar"), ("Pia", "Rino"), ("Sara", "Tito"),
]  # fmt: skip


def seen(response) -> str:
    """The page's words as a reader sees them (tags dropped, spaces folded); a page, or part of one."""
    text = html.unescape(response) if isinstance(response, str) else page_text(response)
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


def out(meld: int, clean: int = 1, held: int = 0) -> dict[str, object]:
    """A side that closed (with a discard) as the paper sheet writes it: meld + 200 a clean burraco + 100."""
    return {
        "meld_points": meld,
        "canastas": {"clean": clean},
        "hand_points": held,
        "packet": "taken",
        "went_out": "discard",
    }


def stay(meld: int, clean: int = 0, held: int = 0, packet: str = "taken") -> dict[str, object]:
    """A side that did not close: meld + 200 a clean burraco - its cards held (- 100 without its pozzetto)."""
    return {"meld_points": meld, "canastas": {"clean": clean}, "hand_points": held, "packet": packet}


#: Ada & Bruno close with their cards melded: 3 to 9 of hearts clean (25 + 20 + 200) and three kings (30),
#: closing 100: 375. The others meld Q K A of spades (35), never reached their pozzetto (-100) and hold a
#: joker, the ace of diamonds and a four (30 + 15 + 5): -115.
BY_CARDS = [
    {
        "melds": [{"cards": ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]}, {"rank": "K", "naturals": 3}],
        "packet": "taken",
        "went_out": "discard",
    },
    {"melds": [{"cards": ["QS", "KS", "AS"]}], "packet": "not_taken", "hand": ["JK", "AD", "4C"]},
]

#: Each table's three hands, north-south first, worked by hand (hand scores, then the round's points):
ROUND_1 = {
    # 375 | -115; 50 - 10 = 40 | 45 + 200 + 100 = 345; 60 + 200 + 100 = 360 | 40 + 200 - 50 = 190.
    # 775 against 420: a difference of 355, the band 355-500: 14-6.
    1: [(BY_CARDS, None), ([stay(50, held=10), out(45)], None), ([out(60), stay(40, clean=1, held=50)], None)],
    # 80 + 300 = 380 | 70 + 200 - 20 = 250; 40 - 30 = 10 | 60 + 300 = 360; 55 + 300 = 355 | 85.
    # 745 against 695: 50, the last difference worth 10-10.
    2: [
        ([out(80), stay(70, clean=1, held=20)], None),
        ([stay(40, held=30), out(60)], None),
        ([out(55), stay(85)], None),
    ],
    # 20 - 60 - 100 = -140 | 150 + 400 + 100 = 650; 30 - 35 - 100 = -105 | 400; 130 | 40 + 300 = 340.
    # -115 against 1390: east-west by 1505, past the table's last band (1500): 0-20.
    3: [
        ([stay(20, held=60, packet="not_taken"), out(150, clean=2)], None),
        ([stay(30, held=35, packet="not_taken"), out(100)], None),
        ([stay(130), out(40)], None),
    ],
    # 360 | 45 + 200 - 25 = 220; the stock ran out: 30 - 5 = 25 | 30 - 20 = 10; 350 | 150 + 200 = 350.
    # 735 against 580: 155, the first difference worth 12-8.
    4: [
        ([out(60), stay(45, clean=1, held=25)], None),
        ([stay(30, held=5), stay(30, held=20)], "stock_out"),
        ([out(50), stay(150, clean=1)], None),
    ],
}
ROUND_2 = {
    # 650 | 20 - 50 - 100 = -130; 400 | 30 - 40 - 100 = -110; 340 | 130. 1390 against -110: 1500, 19-1.
    1: [
        ([out(150, clean=2), stay(20, held=50, packet="not_taken")], None),
        ([out(100), stay(30, held=40, packet="not_taken")], None),
        ([out(40), stay(130)], None),
    ],
    # 360 | 60; 60 | 360; 25 | 25 (the stock ran out). 445 each: 10-10.
    2: [([out(60), stay(60)], None), ([stay(60), out(60)], None), ([stay(30, held=5), stay(30, held=5)], "stock_out")],
    # 375 | 35 - 15 - 100 = -80; 40 | 30 - 10 = 20 (stock); 340 | 60 + 200 - 100 = 160. 755 against 100:
    # 655, the first difference worth 16-4.
    3: [
        ([out(75), stay(35, held=15, packet="not_taken")], None),
        ([stay(40), stay(30, held=10)], "stock_out"),
        ([out(40), stay(60, clean=1, held=100)], None),
    ],
    # 360 | 60; 40 - 100 = -60 | 90 + 300 = 390; 25 | 25 (stock). 325 against 475: east-west by 150, 9-11.
    4: [
        ([out(60), stay(60)], None),
        ([stay(40, packet="not_taken"), out(90)], None),
        ([stay(30, held=5), stay(30, held=5)], "stock_out"),
    ],
}
#: Each table's lines as the score sheet shows them: (points, difference, VP) north-south's, then east-west's.
SHEET_1 = {
    1: ((775, 355, 14), (420, -355, 6)),
    2: ((745, 50, 10), (695, -50, 10)),
    3: ((-115, -1505, 0), (1390, 1505, 20)),
    4: ((735, 155, 12), (580, -155, 8)),
}
SHEET_2 = {
    1: ((1390, 1500, 19), (-110, -1500, 1)),
    2: ((445, 0, 10), (445, 0, 10)),
    3: ((755, 655, 16), (100, -655, 4)),
    4: ((325, -150, 9), (475, 150, 11)),
}


def house_rules(client, ruleset: str) -> dict[str, str]:
    """The rule set's house rules as the night's form shows them, as a phone sends them back untouched: each
    ticked box, each number, each chosen value (a box left empty, or not a number, is not sent)."""
    page = client.get(f"/nights/new?ruleset={ruleset}").get_data(as_text=True)
    sent = dict.fromkeys(re.findall(r'<input checked id="[^"]*" name="(opt_\w+)" type="checkbox"', page), "y")
    for name, value in re.findall(r'<input [^>]*name="(opt_\w+)" step="1" type="number" value="(-?\d+)"', page):
        sent[name] = value
    for name, options in re.findall(r'<select id="opt_\w+" name="(opt_\w+)">(.*?)</select>', page, re.S):
        chosen = re.search(r'<option selected value="([^"]*)"', options)
        if chosen:
            sent[name] = chosen.group(1)
    return sent


def start(client, **settings: str) -> str:
    """A night started from the form with the rule set's own house rules; its board's address."""
    form = {**NIGHT, **settings}
    started = client.post("/nights/new", data={**house_rules(client, form["ruleset"]), **form})
    assert started.status_code == 302, seen(started)
    return str(started.headers["Location"])


@pytest.fixture
def board(client) -> str:
    started = client.post("/nights/new", data={**house_rules(client, "burraco"), **NIGHT})
    assert started.status_code == 302, seen(started)
    board = str(started.headers["Location"])
    for first, second in PAIRS:
        assert client.post(board + "/pairs", data={"first": first, "second": second}).status_code == 302
    return board


def the_night(board: str) -> Night:
    db.session.expire_all()
    return db.session.scalars(db.select(Night).where(Night.director_token == board.split("/")[-1])).one()


def public_of(client, board: str) -> str:
    return "/night/" + re.search(r"/night/([\w-]+)", client.get(board).get_data(as_text=True)).group(1)


def play_round(app, client, board: str, hands: dict[int, list]) -> dict[int, tuple[int, int]]:
    """Draw the next round and record each table's hands through the game API with its edit token, then
    a player of the other pair taps "we agree"; each table's pairs, by table number."""
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    with app.app_context():
        tables = the_night(board).played[-1].tables
        games = {t.number: (t.game.public_id, t.game.edit_token, (t.north_south, t.east_west)) for t in tables}
    for number, (public_id, edit_token, _) in games.items():
        for index, (sides, end) in enumerate(hands[number]):
            body: dict[str, object] = {"expected_hands": index, "sides": sides, **({"end": end} if end else {})}
            added = client.post(f"/api/v1/games/{public_id}/hands", json=body, headers={"X-Edit-Token": edit_token})
            assert added.status_code == 201, added.get_json()
        assert client.get(f"/api/v1/games/{public_id}").get_json()["game_over"] is True
        assert client.post(f"/e/{edit_token}/agree-table").status_code == 302
    return {number: pairs for number, (_, _, pairs) in games.items()}


def test_a_burraco_night_of_four_tables_gives_each_line_its_points_difference_and_victory_points(app, client, board):
    seating = play_round(app, client, board, ROUND_1)
    assert seating == {1: (1, 5), 2: (2, 6), 3: (3, 7), 4: (4, 8)}  # the Mitchell: 1-4 stay, 5-8 move
    public = public_of(client, board)
    kept = client.get(public + "/standings.json").get_json()
    tables = kept["rounds"][0]["tables"]
    for table in tables:
        lines = tuple((line["score"], line["difference"], line["points"]) for line in table["lines"])
        assert lines == SHEET_1[table["number"]], table["number"]
        assert (table["signed"], table["counts"]) == ("other_pair", True)
    first = tables[0]["lines"]
    assert [line["hands"] for line in first] == [[375, 40, 360], [-115, 345, 190]]  # the hands, summed: MP
    # the score sheet on the night's page: table 1's lines, as the federation's sheet has them
    page = seen(client.get(public))
    assert "Ada & Bruno +375 +40 +360 775 +355 14 Lia & Marco −115 +345 +190 420 −355 6" in page
    assert "✓ Signed: the pair that did not record agreed" in page
    assert "Elena & Fabio −140 −105 +130 −115 −1,505 0 Pia & Rino +650 +400 +340 1,390 +1,505 20" in page
    board_page = seen(client.get(board))
    assert "Gina & Ivo +360 +25 +350 735 +155 12 Sara & Tito +220 +10 +350 580 −155 8" in board_page
    tv = client.get(public + "/tv")
    assert "775 – 420 14 – 6 VP" in seen(tv)

    seating = play_round(app, client, board, ROUND_2)
    assert seating == {1: (1, 8), 2: (2, 5), 3: (3, 6), 4: (4, 7)}
    kept = client.get(public + "/standings.json").get_json()
    for table in kept["rounds"][1]["tables"]:
        lines = tuple((line["score"], line["difference"], line["points"]) for line in table["lines"])
        assert lines == SHEET_2[table["number"]], table["number"]
    # the standings after two rounds: each pair's victory points over both, then the difference
    victory = {
        1: 14 + 19,  # 33
        2: 10 + 10,  # 20
        3: 0 + 16,  # 16
        4: 12 + 9,  # 21
        5: 6 + 10,  # 16
        6: 10 + 4,  # 14
        7: 20 + 11,  # 31
        8: 8 + 1,  # 9
    }
    difference = {1: 355 + 1500, 2: 50 + 0, 3: -1505 + 655, 4: 155 - 150, 5: -355 + 0, 6: -50 - 655, 7: 1505 + 150}
    difference[8] = -155 - 1500
    standings = [(line["pair"], line["points"], line["difference"]) for line in kept["standings"]]
    assert standings == [
        (1, 33, 1855),
        (7, 31, 1655),
        (4, 21, 5),
        (2, 20, 50),
        (5, 16, -355),  # level with 3 on 16: their meetings give neither a lead (they have not met),
        (3, 16, -850),  # so the difference
        (6, 14, -705),
        (8, 9, -1655),
    ]
    assert all(victory[pair] == points and difference[pair] == diff for pair, points, diff in standings)
    assert [line["place"] for line in kept["standings"]] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_the_night_form_offers_the_family_and_proposes_burracos_table_for_the_rounds_hands(client):
    page = client.get("/nights/new").get_data(as_text=True)
    for ruleset in ("burraco", "buraco", "burako"):
        assert f'<option value="{ruleset}">' in page
    burraco = client.get("/nights/new?ruleset=burraco").get_data(as_text=True)
    assert picked(burraco, "scoring", "burraco_3")  # rounds of 3 hands, the form's own
    assert "These rules' federation has victory-point tables for rounds of 3 and 4 hands" in burraco
    shown = {**NIGHT, "show_rules": "1", "scoring": "scale"}
    assert picked(
        client.post("/nights/new", data={**shown, "round_length": "4"}).get_data(as_text=True), "scoring", "burraco_4"
    )
    two_hands = client.post("/nights/new", data={**shown, "round_length": "2", "scoring": "burraco_3"})
    assert picked(two_hands.get_data(as_text=True), "scoring", "scale")  # no table was found for 2 hands
    classic = client.get("/nights/new?ruleset=classic").get_data(as_text=True)
    assert picked(classic, "scoring", "scale")
    assert 'value="burraco_3"' in classic  # Canasta's: a preset a club may choose, as before
    buraco = client.get("/nights/new?ruleset=buraco").get_data(as_text=True)
    assert picked(buraco, "scoring", "scale")
    assert 'value="burraco_3"' not in buraco
    assert 'value="burraco_4"' not in buraco


@pytest.mark.parametrize(
    ("settings", "english", "spanish"),
    [
        (
            {"round_length": "4", "scoring": "burraco_3"},
            "This Burraco table is drawn for rounds of 3 hands: for rounds of another length, choose the table"
            " drawn for their hands, the continuous scale or match points.",
            "Esta tabla de Burraco está hecha para rondas de 3 manos: para rondas de otra duración, elija la"
            " tabla hecha para sus manos, la escala continua o los puntos de partido.",
        ),
        (
            {"ruleset": "buraco", "round_length": "3", "scoring": "burraco_3"},
            "The Burraco tables are drawn for Burraco's scores: a night of these rules is scored by the"
            " continuous scale or by match points.",
            "Las tablas del Burraco están hechas para los tanteos del Burraco: una noche con estas reglas se"
            " puntúa con la escala continua o con puntos de partido.",
        ),
    ],
    ids=["rounds-of-other-hands", "rules-it-does-not-fit"],
)
def test_a_step_table_the_rounds_or_rules_do_not_fit_is_refused_naming_the_scoring(client, settings, english, spanish):
    form = {**NIGHT, **settings}
    refused = client.post("/nights/new", data=form)
    assert refused.status_code == 400
    assert english in seen(refused.get_data(as_text=True).split('name="scoring"')[-1])  # under its choices
    client.set_cookie("lang", "es")
    en_espanol = client.post("/nights/new", data=form)
    client.delete_cookie("lang")
    assert en_espanol.status_code == 400
    assert spanish in seen(en_espanol)


def half(client, public_id: str, token: str, side: int, number: int, entry: dict[str, object]) -> None:
    url = f"/api/v1/games/{public_id}/hands/{number}/halves/{side}"
    sent = client.put(url, json={"entry": entry, "version": 0}, headers={"X-Side-Token": token})
    assert sent.status_code == 200, sent.get_json()


def test_a_buraco_night_by_halves_is_scored_by_the_continuous_scale_and_signed_by_both_pairs(app, client):
    """Buraco by the scale the night chose (no B given: the classic game's for rounds of 2 hands, the family's
    hands not being measured); each pair sends its half and agrees to the other's, through the halves API."""
    board = start(client, ruleset="buraco", round_length="2", scoring="scale", recording="halves")
    for first, second in PAIRS[:2]:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    with app.app_context():
        table = the_night(board).played[-1].tables[0]
        public_id = table.game.public_id
        tokens = [side.token for side in table.game.sides]
    # Hand 1: Ada & Bruno go out with a clean canastra (75 + 200 + 100 = 375); Carla & Dario have only a dirty
    # one, so their table counts minus and its bonus is lost (-60), and they hold 40: -100.
    # Hand 2: Carla & Dario go out (45 + 200 + 100 = 345); Ada & Bruno, without their morto: 45 (a clean run
    # of seven, 3 to 9, at least) + 200 - 100 - 20 held = 125. The round: 500 against 245, a difference of 255.
    hands = [
        (out(75), {**stay(60, held=40), "canastas": {"dirty": 1}}),
        (stay(45, clean=1, held=20, packet="not_taken"), out(45)),
    ]
    for number, sides in enumerate(hands, start=1):
        for side, entry in enumerate(sides):
            half(client, public_id, tokens[side], side, number, entry)
        for side in (0, 1):
            word = client.post(
                f"/api/v1/games/{public_id}/hands/{number}/words/{side}",
                json={"agreed": True, "version": 1},
                headers={"X-Side-Token": tokens[side]},
            )
            assert word.status_code == 200, word.get_json()
    b = default_decisive("buraco", 2)
    assert b == default_decisive("classic", 2) == 1400
    ours, theirs = VictoryScale(b).points(500, 245)
    public = public_of(client, board)
    table = client.get(public + "/standings.json").get_json()["rounds"][0]["tables"][0]
    assert table["lines"] == [
        {"pair": 1, "hands": [375, 125], "score": 500, "difference": 255, "points": ours},
        {"pair": 2, "hands": [-100, 345], "score": 245, "difference": -255, "points": theirs},
    ]
    assert (table["signed"], table["counts"]) == ("halves", True)
    page = seen(client.get(public))
    assert "✓ Signed: each pair agreed the other's halves" in page
    assert f"Ada & Bruno +375 +125 500 +255 {ours:g}" in page
