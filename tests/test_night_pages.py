"""A club night's pages: started from the home page, pairs typed by the director or joining at the door,
rounds drawn on the board, each table an ordinary game agreed with one tap, the standings live."""

from __future__ import annotations

import re

import pytest

from scorekeeper.tournament import VictoryScale

from .helpers import csrf_secret, page_text, record, side, templates_rendered

SETTINGS = {
    "name": "Martes del club",
    "held_on": "2026-11-24",
    "ruleset": "classic",
    "round_kind": "hands",
    "round_length": "1",
    "rounds": "3",
    "movement": "mitchell",
    "mitchell_step": "1",
    "scoring": "match",
    "decisive": "",
    "recording": "one",
    "bye_points": "1",
    "bye_difference": "0",
}
PAIRS = [("Ana", "Luis"), ("Bea", "Juan"), ("Cris", "Dani"), ("Eva", "Fede")]


@pytest.fixture
def board(client) -> str:
    started = client.post("/nights/new", data=SETTINGS)
    assert started.status_code == 302
    return str(started.headers["Location"])


def seen(response) -> str:
    """The page's words as a reader sees them (tags dropped, spaces folded)."""
    return " ".join(re.sub(r"<[^>]+>", " ", page_text(response)).split())


def public_of(client, board: str) -> str:
    return "/night/" + re.search(r"/night/([\w-]+)", client.get(board).get_data(as_text=True)).group(1)


def table_games(client, board: str) -> list[str]:
    return re.findall(r'href="(/e/[\w-]+)">Its game', client.get(board).get_data(as_text=True))


def test_the_home_page_offers_a_club_night_and_its_code_opens_it(client, board):
    assert "A club night" in page_text(client.get("/"))
    code = re.search(r'class="join-code big">(\w+)<', client.get(board).get_data(as_text=True)).group(1)
    opened = client.post("/open", data={"link": code.lower()})
    assert opened.headers["Location"] == public_of(client, board)


def test_a_night_with_a_bad_setting_comes_back_naming_it(client):
    refused = client.post("/nights/new", data={**SETTINGS, "name": "", "round_length": "0"})
    assert refused.status_code == 400
    assert 'value="0"' in refused.get_data(as_text=True)


def test_pairs_join_at_the_door_and_from_the_board_and_a_round_opens_one_game_a_table(client, board):
    public = public_of(client, board)
    assert client.get(public + "/join").status_code == 404  # the public link alone does not open the door
    door = re.search(r"/night/[\w-]+/join/[\w-]+", client.get(board).get_data(as_text=True)).group(0)
    assert door.startswith(public + "/join/")
    assert client.get(public + "/join/" + "A" * 22).status_code == 404
    assert "Join the night" not in page_text(client.get(public))
    joined = client.post(door, data={"first": "Ana", "second": "Luis"})
    assert "You are in: pair 1" in page_text(client.get(joined.headers["Location"]))
    for first, second in PAIRS[1:]:
        assert client.post(board + "/pairs", data={"first": first, "second": second}).status_code == 302
    assert client.post(board + "/pairs", data={"first": "Solo", "second": ""}).status_code == 400
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    games = table_games(client, board)
    assert len(games) == 2
    page = seen(client.get(public))
    assert "Round 1" in page
    assert "Ana & Luis against Cris & Dani" in page
    assert "/e/" not in client.get(public).get_data(as_text=True)  # the public page never shows a game's edit link


def test_a_table_counts_once_a_player_of_the_other_pair_taps_we_agree(app, client, board):
    for first, second in PAIRS[:2]:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    (game,) = table_games(client, board)
    token = game.removeprefix("/e/")
    with app.app_context():
        from scorekeeper import services

        services.record_hand(services.find_game(token, editable=True), record(side("K:7"), side("Q:3")), 0)
    sheet = page_text(client.get(game))
    assert "We agree: this result is right" in sheet
    public = public_of(client, board)
    assert "waiting for agreement" in page_text(client.get(public))
    tag = client.get(public).headers["ETag"]
    assert client.post(game + "/agree-table").status_code == 302
    assert "this table's result counts" in page_text(client.get(game))
    assert client.get(public, headers={"If-None-Match": tag}).status_code == 200  # the standings changed
    standings = seen(client.get(public))
    assert "✓ finished" in standings
    assert re.search(r"1 Ana & Luis 2 \+540", standings)


def test_the_next_round_while_a_table_plays_needs_a_reason(client, board):
    for first, second in PAIRS[:2]:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    refused = client.post(board + "/rounds", data={"reason": ""})
    assert refused.status_code == 409
    assert "say why" in page_text(refused)
    assert client.post(board + "/rounds", data={"reason": "table 1 went home"}).status_code == 302
    assert "Round 2" in page_text(client.get(board))


def test_unknown_nights_are_404(client):
    assert client.get("/n/not-a-night").status_code == 404
    assert client.get("/night/not-a-night").status_code == 404
    assert client.post("/night/not-a-night/join/" + "A" * 22, data={"first": "A"}).status_code == 404


def test_table_cards_lead_to_the_tables_game_of_the_round_in_play(client, board):
    for first, second in PAIRS:
        client.post(board + "/pairs", data={"first": first, "second": second})
    cards = client.get(board + "/cards").get_data(as_text=True)
    links = re.findall(r"/night/t/[\w-]+/\d+", cards)
    assert len(dict.fromkeys(links)) == 2  # one card a table: four pairs, two tables
    first_card = links[0]
    assert "has not been drawn yet" in seen(client.get(first_card))
    client.post(board + "/rounds", data={"reason": ""})
    games = table_games(client, board)
    assert client.get(first_card).headers["Location"] == games[0]
    assert client.get(first_card.rsplit("/", 1)[0] + "/7").status_code == 200  # no table 7 this round
    assert client.get("/night/t/not-a-card/1").status_code == 404


def test_a_round_of_minutes_shows_its_clock_on_the_board_and_the_tables_game(client):
    started = client.post("/nights/new", data={**SETTINGS, "round_kind": "minutes", "round_length": "45"})
    board = started.headers["Location"]
    for first, second in PAIRS[:2]:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    assert 'class="clock" data-ends=' in client.get(board).get_data(as_text=True)
    (game,) = table_games(client, board)
    assert 'class="clock" data-ends=' in client.get(game).get_data(as_text=True)


def test_the_tv_view_and_the_standings_to_keep(client, board):
    for first, second in PAIRS[:3]:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    public = public_of(client, board)
    tv = client.get(public + "/tv")
    assert tv.status_code == 200
    assert 'class="tv-page"' in tv.get_data(as_text=True)
    assert client.get(public + "/tv", headers={"If-None-Match": tv.headers["ETag"]}).status_code == 304
    assert "Seating, round 1" in seen(tv)
    kept = client.get(public + "/standings.json").get_json()
    assert kept["rounds"][0]["byes"] == [2]
    sitting_out = next(line for line in kept["standings"] if line["players"] == ["Bea", "Juan"])
    assert sitting_out["points"] == 0  # a bye's points wait for its round to finish: no lead while others play
    client.post(board + "/rounds/1/tables/1/fix", data={"north_south": "600", "east_west": "100", "reason": "x"})
    kept = client.get(public + "/standings.json").get_json()
    sitting_out = next(line for line in kept["standings"] if line["players"] == ["Bea", "Juan"])
    assert sitting_out["points"] == 1  # the night's bye: 1 match point
    csv_text = client.get(public + "/standings.csv").get_data(as_text=True)
    assert csv_text.splitlines()[0].lstrip("\ufeff") == "Place,Pair,Points,Difference,Total"
    assert client.get(public + "/standings.xml").status_code == 404


def test_the_director_fixes_a_tables_result_with_a_reason_and_it_counts(client, board):
    for first, second in PAIRS[:2]:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    fix = board + "/rounds/1/tables/1/fix"
    assert client.post(fix, data={"north_south": "600", "east_west": "100", "reason": ""}).status_code == 400
    assert (
        client.post(
            board + "/rounds/1/tables/9/fix", data={"north_south": "1", "east_west": "0", "reason": "x"}
        ).status_code
        == 400
    )
    assert (
        client.post(fix, data={"north_south": "600", "east_west": "100", "reason": "the sheet was lost"}).status_code
        == 302
    )
    page = seen(client.get(board))
    assert "result set to 600 – 100 (was 0 – 0)" in page
    assert "“the sheet was lost”" in page
    standings = seen(client.get(public_of(client, board)))
    assert "1 Ana & Luis 2 +500" in standings  # match points: 2 for the win


def test_every_table_plays_the_nights_house_rules(client):
    shown = client.post("/nights/new", data={**SETTINGS, "ruleset": "samba", "show_rules": "1"})
    assert shown.status_code == 200
    assert 'name="opt_' in shown.get_data(as_text=True)
    assert 'value="Martes del club"' in shown.get_data(as_text=True)  # what was typed stays
    started = client.post("/nights/new", data={**SETTINGS, "opt_canastas_to_go_out": "3"})
    board = started.headers["Location"]
    for first, second in PAIRS[:2]:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    (game,) = table_games(client, board)
    public_id = re.search(r'data-game="([\w-]+)"', client.get(game).get_data(as_text=True)).group(1)
    options = client.get(f"/api/v1/games/{public_id}").get_json()["options"]
    assert options["canastas_to_go_out"] == 3
    assert options["hands_in_match"] == 1
    refused = client.post("/nights/new", data={**SETTINGS, "opt_canastas_to_go_out": "x"})
    assert refused.status_code == 400


def test_a_night_by_halves_sends_each_pair_from_the_table_card_to_its_own_half(client):
    started = client.post(
        "/nights/new", data={**SETTINGS, "recording": "halves", "round_kind": "minutes", "round_length": "40"}
    )
    board = started.headers["Location"]
    for first, second in PAIRS[:2]:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    card = re.search(r"/night/t/[\w-]+/1", client.get(board + "/cards").get_data(as_text=True)).group(0)
    entry = client.get(card)
    assert entry.status_code == 200
    assert "Which pair are you?" in seen(entry)
    sides = re.findall(r'href="(/s/[\w-]+)"', entry.get_data(as_text=True))
    assert len(sides) == 2
    side_page = seen(client.get(sides[0]))
    assert "Martes del club · Table 1" in side_page
    assert 'class="clock" data-ends=' in client.get(sides[0]).get_data(as_text=True)


def test_the_board_is_followed_live_and_answers_304_while_nothing_changed(app, client, board):
    for first, second in PAIRS[:2]:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    first = client.get(board)
    assert 'data-live="' in first.get_data(as_text=True)
    assert client.get(board, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    (game,) = table_games(client, board)
    with app.app_context():
        from scorekeeper import services

        services.record_hand(
            services.find_game(game.removeprefix("/e/"), editable=True), record(side("K:7"), side("Q:3")), 0
        )
    changed = client.get(board, headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200
    assert "waiting for agreement" in seen(changed)


def test_the_board_is_rendered_once_a_state_and_every_directors_phone_gets_its_own_token(
    app, client, board, monkeypatch
):
    """Issue 37: the board (three QR codes, every table) is drawn once per state of the night and served to
    each phone that asks with that phone's own CSRF token; each phone still gets the night on its list."""
    from scorekeeper.web.night import board as night_views

    drawn = templates_rendered(monkeypatch, night_views)
    monkeypatch.setitem(app.config, "WTF_CSRF_ENABLED", True)
    other = app.test_client()
    pages = [other.get(board), client.get(board), other.get(board), client.get(board)]
    assert drawn.count("nights/board.html") == 1
    texts = [page.get_data(as_text=True) for page in pages]
    tokens = [re.findall(r'name="csrf_token"[^>]*value="([^"]+)"', text) for text in texts]
    assert all(len(found) > 2 and len(set(found)) == 1 for found in tokens)  # the board's forms and the header's
    assert "\x00" not in "".join(texts)
    secrets = [csrf_secret(found[0]) for found in tokens]
    assert secrets[1] == secrets[3] != secrets[2]
    keys = [re.search(r'name="save_key" type="hidden" value="([^"]+)"', text).group(1) for text in texts]
    assert len(set(keys)) == 4  # each answer its own one-time key for the pair form
    assert texts[1].replace(tokens[1][0], "").replace(keys[1], "") == texts[2].replace(tokens[2][0], "").replace(
        keys[2], ""
    )
    assert SETTINGS["name"] in seen(other.get("/"))  # on the other phone's list (its cookie came with the first)
    monkeypatch.setitem(app.config, "WTF_CSRF_ENABLED", False)
    client.post(board + "/pairs", data={"first": "Ana", "second": "Luis"})
    assert "Ana" in seen(client.get(board))  # a new state: drawn again
    assert drawn.count("nights/board.html") == 2


# Issue 33: a night's settings out of bounds come back refused, naming the field, in the reader's language;
# a full night's door and board refuse the next pair by name.

#: Each bounded setting: the form's other values, the bound's ends, and what is said in English and Spanish.
BOUNDS = [
    ("rounds", {}, 1, 20, "Rounds: 1 to 20 a night.", "Rondas: de 1 a 20 por noche."),
    ("round_length", {}, 1, 12, "Hands a round: 1 to 12.", "Manos por ronda: de 1 a 12."),
    ("round_length", {"round_kind": "minutes"}, 5, 240, "Minutes a round: 5 to 240.", "Minutos por ronda: de 5 a 240."),
    (
        "mitchell_step",
        {},
        1,
        9,
        "Tables the moving line moves each round: 1 to 9.",
        "Mesas que avanza la línea que se mueve en cada ronda: de 1 a 9.",
    ),
    (
        "decisive",
        {},
        50,
        100_000,
        "Difference worth 20-0: 50 to 100,000 points, or empty.",
        "Diferencia que vale 20-0: de 50 a 100.000 puntos, o vacía.",
    ),
    (
        "bye_points",
        {"scoring": "scale"},
        0,
        20,
        "Victory points for sitting a round out: 0 to 20.",
        "Puntos de victoria por descansar una ronda: de 0 a 20.",
    ),
    (
        "bye_points",
        {"scoring": "match"},
        0,
        2,
        "Victory points for sitting a round out: with match points, 0 to 2 (a win is 2).",
        "Puntos de victoria por descansar una ronda: con puntos de partido, de 0 a 2 (una victoria vale 2).",
    ),
    (
        "bye_difference",
        {},
        0,
        10_000,
        "Points for sitting a round out: 0 to 10,000.",
        "Tantos por descansar una ronda: de 0 a 10.000.",
    ),
]


def box(response, field: str) -> str:
    """The number box of ``field`` on the page."""
    return re.search(rf'<input id="{field}"[^>]*>', response.get_data(as_text=True)).group(0)


@pytest.mark.parametrize(
    ("field", "others", "least", "most", "english", "spanish"),
    BOUNDS,
    ids=[f"{field}-{others}" for field, others, *_ in BOUNDS],
)
def test_each_setting_past_its_bound_comes_back_refused_naming_it_in_the_readers_language(
    client, field, others, least, most, english, spanish
):
    for value in (least - 1, most + 1):
        form = {**SETTINGS, **others, field: str(value)}
        refused = client.post("/nights/new", data=form)
        assert refused.status_code == 400
        assert english in seen(refused)
        assert f'value="{value}"' in box(refused, field)  # the form back as typed
        client.set_cookie("lang", "es")
        en_espanol = client.post("/nights/new", data=form)
        client.delete_cookie("lang")
        assert en_espanol.status_code == 400
        assert spanish in seen(en_espanol)
    for value in (least, most):
        started = client.post("/nights/new", data={**SETTINGS, **others, field: str(value)})
        assert started.status_code == 302, seen(started)


def test_the_number_boxes_offer_the_bounds_the_night_checks(client):
    page = client.get("/nights/new")
    for field, least, most in [("rounds", 1, 20), ("mitchell_step", 1, 9), ("decisive", 50, 100_000)]:
        assert f'max="{most}" min="{least}"' in box(page, field)


def crowd(app, board: str, count: int) -> None:
    """``count`` pairs entered at once (as hundreds of door posts would have added them)."""
    with app.app_context():
        from scorekeeper.store.database import db
        from scorekeeper.store.nights import Night, NightPair

        night = db.session.scalars(db.select(Night).where(Night.director_token == board.split("/")[-1])).one()
        db.session.add_all(
            NightPair(night_id=night.id, number=k, players=[f"A{k}", f"B{k}"]) for k in range(1, count + 1)
        )
        db.session.commit()


def test_a_full_night_refuses_the_next_pair_at_the_door_and_on_the_board_naming_the_limit(app, client, board):
    crowd(app, board, 999)
    door = re.search(r"/night/[\w-]+/join/[\w-]+", client.get(board).get_data(as_text=True)).group(0)
    joined = client.post(door, data={"first": "Ana", "second": "Luis"})
    assert "You are in: pair 1000" in page_text(client.get(joined.headers["Location"]))
    refused = client.post(door, data={"first": "Bea", "second": "Juan"})
    assert refused.status_code == 400
    assert "This night is full: a night holds at most 1,000 pairs." in seen(refused)
    assert 'value="Bea"' in refused.get_data(as_text=True)
    assert 'value="Juan"' in refused.get_data(as_text=True)
    client.set_cookie("lang", "es")
    en_espanol = client.post(door, data={"first": "Bea", "second": "Juan"})
    assert en_espanol.status_code == 400
    assert "Esta noche está completa: una noche admite como máximo 1.000 parejas." in seen(en_espanol)
    client.delete_cookie("lang")
    on_board = client.post(board + "/pairs", data={"first": "Cris", "second": "Dani"})
    assert on_board.status_code == 400
    assert "This night is full: a night holds at most 1,000 pairs." in seen(on_board)
    assert "Cris &amp; Dani" not in client.get(board).get_data(as_text=True)


def test_a_step_the_tables_cannot_take_is_refused_on_the_board_not_a_server_error(client):
    board = client.post("/nights/new", data={**SETTINGS, "mitchell_step": "2"}).headers["Location"]
    for first, second in PAIRS:
        client.post(board + "/pairs", data={"first": first, "second": second})
    refused = client.post(board + "/rounds", data={"reason": ""})
    assert refused.status_code == 400
    assert "Moving 2 tables a round would repeat meetings at 2 tables" in seen(refused)


def test_victory_points_are_written_the_readers_way_under_their_own_heading(client):
    board = client.post("/nights/new", data={**SETTINGS, "scoring": "scale", "decisive": "1000"}).headers["Location"]
    for first, second in PAIRS[:2]:
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    client.post(board + "/rounds/1/tables/1/fix", data={"north_south": "600", "east_west": "100", "reason": "x"})
    ours, _ = VictoryScale(1000).points(600, 100)
    assert ours != int(ours)  # a result worth a fraction of a victory point
    public = public_of(client, board)
    english = seen(client.get(public, headers={"Accept-Language": "en"}))
    assert f"# Pair Victory points Difference 1 Ana & Luis {ours:g} +500" in english
    spanish = seen(client.get(public, headers={"Accept-Language": "es"}))
    assert f"# Pareja Puntos de victoria Diferencia 1 Ana & Luis {ours:g}".replace(".", ",") in spanish
    by_match_points = client.post("/nights/new", data=SETTINGS).headers["Location"]
    for first, second in PAIRS[:2]:
        client.post(by_match_points + "/pairs", data={"first": first, "second": second})
    client.post(by_match_points + "/rounds", data={"reason": ""})
    assert "# Pair Match points Difference" in seen(client.get(public_of(client, by_match_points)))


# Issue 34: a pair that comes while a round is played is taken at the door and on the board, and waits for
# the next round on its own phone's page, which follows the night until it shows the pair's table.


def door_of(client, board: str) -> str:
    return re.search(r"/night/[\w-]+/join/[\w-]+", client.get(board).get_data(as_text=True)).group(0)


def round_in_play(client, board: str, pairs=PAIRS) -> None:
    """Round 1 drawn (a Mitchell: 1 against 3, 2 against 4), its tables still playing."""
    for first, second in pairs:
        client.post(board + "/pairs", data={"first": first, "second": second})
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302


def finish_round(client, board: str, tables: int = 2) -> None:
    for table in range(1, tables + 1):
        fix = f"{board}/rounds/1/tables/{table}/fix"
        assert client.post(fix, data={"north_south": "600", "east_west": "100", "reason": "x"}).status_code == 302


def test_a_pair_at_the_door_while_a_round_is_played_waits_on_its_own_page_in_its_language(client, board):
    round_in_play(client, board)
    door = door_of(client, board)
    assert "Round 1 is being played: join now, and you are seated at round 2." in seen(client.get(door))
    joined = client.post(door, data={"first": "Gala", "second": "Hugo"})
    assert joined.status_code == 302
    own = joined.headers["Location"]
    assert own == public_of(client, board) + "/pair/5"
    waiting = client.get(own)
    assert waiting.status_code == 200
    assert "You are in: pair 5 (Gala & Hugo)." in seen(waiting)
    assert "You are seated at the next round, round 2: your table shows here as soon as the director" in seen(waiting)
    assert f'data-live="{own}"' in waiting.get_data(as_text=True)  # it follows its own page, not the standings
    assert "Waiting for round 2: Gala & Hugo" in seen(waiting)
    client.set_cookie("lang", "es")
    en_espanol = client.post(door, data={"first": "Inés", "second": "Jorge"})
    spanish = seen(client.get(en_espanol.headers["Location"]))
    client.delete_cookie("lang")
    assert "Ya están apuntados: pareja 6 (Inés & Jorge)." in spanish
    assert "Se sentarán en la próxima ronda, la 2: su mesa aparecerá aquí en cuanto el director la sortee." in spanish
    assert "Esperan a la ronda 2: Gala & Hugo · Inés & Jorge" in spanish
    assert client.get(public_of(client, board) + "/pair/7").status_code == 404


def test_a_waiting_pairs_page_changes_its_version_once_the_next_round_seats_it(client, board):
    round_in_play(client, board)
    own = client.post(door_of(client, board), data={"first": "Gala", "second": "Hugo"}).headers["Location"]
    finish_round(client, board)
    waiting = client.get(own)
    tag = waiting.headers["ETag"]
    assert tag != client.get(public_of(client, board)).headers["ETag"]  # its own version, not the standings'
    assert client.get(own, headers={"If-None-Match": tag}).status_code == 304
    assert "You are seated at the next round, round 2" in seen(waiting)
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    seated = client.get(own, headers={"If-None-Match": tag})
    assert seated.status_code == 200
    assert "Round 2: your table is table 3, against Eva & Fede." in seen(seated)
    assert "You are seated at the next round" not in seen(seated)
    client.set_cookie("lang", "es")
    assert "Ronda 2: su mesa es la 3, contra Eva & Fede." in seen(client.get(own))
    client.delete_cookie("lang")
    assert "Round 2: you sit this round out." in seen(client.get(own.replace("/pair/5", "/pair/1")))


def test_the_board_takes_a_pair_while_a_round_is_played_lists_it_waiting_and_withdraws_it(client, board):
    round_in_play(client, board)
    assert client.post(board + "/pairs", data={"first": "Gala", "second": "Hugo"}).status_code == 302
    page = seen(client.get(board))
    assert "Waiting for round 2: Gala & Hugo" in page
    assert "Gala & Hugo · waiting for round 2 Withdraw" in page
    withdrawn = {"reason": "", "confirmed": "yes"}  # the question answered
    assert client.post(board + "/pairs/1/withdraw", data=withdrawn).status_code == 409  # a seated pair waits
    assert client.post(board + "/pairs/5/withdraw", data=withdrawn).status_code == 302
    page = seen(client.get(board))
    assert "Gala & Hugo · left before playing" in page
    assert "Waiting for round 2" not in page
    finish_round(client, board)
    client.post(board + "/rounds", data={"reason": ""})
    assert "Gala & Hugo" not in seen(client.get(public_of(client, board))).split("Standings")[0]


def test_a_full_night_refuses_a_pair_at_the_door_while_a_round_is_played(app, client, board):
    round_in_play(client, board, PAIRS[:2])
    with app.app_context():
        from scorekeeper.store.database import db
        from scorekeeper.store.nights import Night, NightPair

        night = db.session.scalars(db.select(Night).where(Night.director_token == board.split("/")[-1])).one()
        db.session.add_all(NightPair(night_id=night.id, number=k, players=[f"A{k}", f"B{k}"]) for k in range(3, 1001))
        db.session.commit()
    refused = client.post(door_of(client, board), data={"first": "Gala", "second": "Hugo"})
    assert refused.status_code == 400
    assert "This night is full: a night holds at most 1,000 pairs." in seen(refused)


def test_a_bye_left_empty_is_worth_14_victory_points_or_1_match_point_as_the_night_is_scored(app, client):
    """The box's default follows the scoring chosen: a director who picks match points and leaves it empty is
    not refused for a 14 that only victory points allow."""
    from scorekeeper.services import night as nights

    for scoring, worth in (("scale", 14.0), ("match", 1.0), ("burraco_3", 14.0)):
        length = "3" if scoring == "burraco_3" else SETTINGS["round_length"]  # the table's own rounds
        started = client.post(
            "/nights/new", data={**SETTINGS, "scoring": scoring, "bye_points": "", "round_length": length}
        )
        assert started.status_code == 302, scoring
        with app.app_context():
            night = nights.find_night(started.headers["Location"].removeprefix("/n/"), director=True)
            assert night is not None
            assert night.bye_points == worth
    given = client.post("/nights/new", data={**SETTINGS, "scoring": "match", "bye_points": "2"})
    with app.app_context():
        night = nights.find_night(given.headers["Location"].removeprefix("/n/"), director=True)
        assert night is not None
        assert night.bye_points == 2
    assert client.post("/nights/new", data={**SETTINGS, "scoring": "match", "bye_points": "14"}).status_code == 400


def test_a_round_played_before_reads_back_on_its_own_page_each_table_on_its_score_sheet(client, board):
    """Round 1's tables (Ana & Luis 600 against Cris & Dani 100, Bea & Juan 600 against Eva & Fede 100, set by the
    director; match points 2 and 0) stay readable once round 2 is drawn: the standings and the board link to
    the round's page; the TV shows the round in play only."""
    round_in_play(client, board)
    public = public_of(client, board)
    assert "Earlier rounds" not in page_text(client.get(public))  # round 1 is the round in play
    finish_round(client, board)
    assert client.post(board + "/rounds", data={"reason": ""}).status_code == 302
    for page in (public, board):
        assert f'Earlier rounds: <a href="{public}/rounds/1">Round 1</a></p>' in " ".join(
            page_text(client.get(page)).split()
        )
    assert "Earlier rounds" not in page_text(client.get(public + "/tv"))
    shown = client.get(public + "/rounds/1")
    words = seen(shown)
    assert re.search(
        r"Round 1 .* Table 1 Pair Score Difference Match points Ana & Luis 600 \+500 2 Cris & Dani 100 −500 0", words
    )
    assert re.search(r"Table 2 Pair Score Difference Match points Bea & Juan 600 \+500 2 Eva & Fede 100 −500 0", words)
    assert words.count("✓ Set by the director") == 2
    assert client.get(public + "/rounds/1", headers={"If-None-Match": shown.headers["ETag"]}).status_code == 304
    for unknown in ("/rounds/3", "/rounds/0", "/rounds/1000", "/rounds/x"):
        assert client.get(public + unknown).status_code == 404, unknown
    assert client.get("/night/nope/rounds/1").status_code == 404


# Issue 47, N9: a double tap or a retry at the door seated the same pair twice.


def test_a_door_form_sent_twice_seats_its_pair_once_and_answers_with_its_page_again(client, board):
    door = door_of(client, board)
    form = client.get(door).get_data(as_text=True)
    key = re.search(r'name="save_key" type="hidden" value="([\w-]+)"', form).group(1)
    fresh = client.get(door).get_data(as_text=True)
    assert key != re.search(r'name="save_key" type="hidden" value="([\w-]+)"', fresh).group(1)  # each form its own
    sent = {"first": "Ana", "second": "Luis", "save_key": key}
    first, again = client.post(door, data=sent), client.post(door, data=sent)
    assert first.status_code == again.status_code == 302
    assert again.headers["Location"] == first.headers["Location"]
    other = client.post(door, data={**sent, "save_key": key[::-1]})  # another phone's form: another pair
    assert other.headers["Location"] != first.headers["Location"]
    shown = client.get(board).get_data(as_text=True)
    assert len(re.findall(r'action="[^"]*/pairs/\d+/withdraw"', shown)) == 2
    refused = client.post(door, data={"first": "x" * 61, "second": "Bea", "save_key": "other-key"})
    assert 'value="other-key"' in refused.get_data(as_text=True)  # the form back with its key: nothing was added


def test_a_pair_form_sent_twice_on_the_board_adds_its_pair_once(client, board):
    key = re.search(r'name="save_key" type="hidden" value="([\w-]+)"', client.get(board).get_data(as_text=True))
    sent = {"first": "Ana", "second": "Luis", "save_key": key.group(1)}
    assert [client.post(board + "/pairs", data=sent).status_code for _ in range(2)] == [302, 302]
    assert len(re.findall(r'action="[^"]*/pairs/\d+/withdraw"', client.get(board).get_data(as_text=True))) == 1
