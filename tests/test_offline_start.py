"""A game started on a phone with no connection (web/table/offline_new.py, static/js/new-offline.js): the start sent
twice with its one-time key makes one game; the blank pages the service worker keeps for it, for every rule set and
table shape; what the new-game page tells the phone."""

from __future__ import annotations

import html
import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request

import sqlalchemy as sa

from scorekeeper import services
from scorekeeper.engine import RULESETS
from scorekeeper.engine.options import table_shapes
from scorekeeper.store.database import db
from scorekeeper.store.models import EditLog, Game
from scorekeeper.web.installable import new_game_addresses
from scorekeeper.web.table.offline_new import blank_sheet, seat_mark, side_mark, side_players

from .test_views import PLAYERS, text

KEY = "k3y-0f-a-start-made-offline"


def games(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Game))


def test_a_start_sent_twice_with_its_key_makes_one_game_and_answers_it_both_times(app, client):
    first = client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, "save_key": KEY})
    again = client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, "save_key": KEY})
    assert first.status_code == again.status_code == 302
    assert again.headers["Location"] == first.headers["Location"]  # the game's edit link, the same
    assert games(app) == 1
    with app.app_context():
        start = db.session.scalars(sa.select(EditLog).where(EditLog.action == "start")).one()
        assert start.save_key == KEY  # kept where the app keeps one-time keys: no new column


def test_starts_with_other_keys_or_none_make_a_game_each(app, client):
    client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, "save_key": KEY})
    client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, "save_key": KEY + "2"})
    client.post("/games/new/classic?players=4&sides=2", data=PLAYERS)
    client.post("/games/new/classic?players=4&sides=2", data=PLAYERS)
    assert games(app) == 4


def test_the_service_makes_one_game_of_a_start_with_a_key_however_often_it_comes(app):
    with app.app_context():
        new = services.NewGame(
            ruleset_id="burraco",
            sides=(services.NewSide("", ("Ana",)), services.NewSide("", ("Bea",))),
            save_key=KEY,
        )
        made = {services.start_game(new).public_id for _ in range(3)}
        assert len(made) == 1
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Game)) == 1


def test_the_new_game_page_carries_a_one_time_key_and_what_the_phone_needs_to_start_the_game_itself(app, client):
    page = client.get("/games/new/classic?players=4&sides=2").get_data(as_text=True)
    keys = re.findall(r'name="save_key" type="hidden" value="([^"]+)"', page) or re.findall(
        r'id="save_key" name="save_key" type="hidden" value="([^"]+)"', page
    )
    assert keys
    assert len(keys[0]) >= 16
    other = client.get("/games/new/classic?players=4&sides=2").get_data(as_text=True)
    assert keys[0] not in other  # each page its own
    found = re.search(r'data-offline-start="([^"]+)"', page)
    assert found is not None
    plan = json.loads(html.unescape(found.group(1)))
    assert plan["pages"] == "/o/classic/4/2/"
    assert plan["ruleset"] == "classic"
    assert plan["seat_sides"] == [0, 1, 0, 1]
    assert plan["unnamed"] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    client.post("/games/new/classic?players=4&sides=2", data=PLAYERS)  # the rule set's own house rules
    with app.app_context():
        assert plan["options"] == db.session.scalars(sa.select(Game)).one().options  # as the server keeps them


def test_a_blank_games_sheet_and_hand_form_for_every_rule_set_and_table_shape(client):
    for ruleset in RULESETS.values():
        for players, sides in table_shapes(ruleset):
            base = f"/o/{ruleset.id}/{players}/{sides}/-"
            sheet = client.get(base)
            form = client.get(base + "/hands/new")
            fix = client.get(base + "/hands/3")
            assert sheet.status_code == form.status_code == fix.status_code == 200, (ruleset.id, players, sides)
            shown = text(sheet)
            assert "This game is only on this phone" in shown
            assert "⟦S0⟧" in shown
            assert f"⟦S{sides - 1}⟧" in shown
            assert 'class="hand-form"' in text(form)
            assert "This game is only on this phone" in text(form)
            assert f'data-sheet="{base}"' in shown


def test_a_blank_page_is_for_a_table_its_rule_set_seats_and_an_id_that_could_be_one():
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    client = app.test_client()
    assert client.get("/o/classic/4/2/abcDEF-_123").status_code == 200
    assert client.get("/o/classic/3/3/-").status_code == 404  # classic seats four in two sides
    assert client.get("/o/nothing/4/2/-").status_code == 404
    assert client.get("/o/classic/4/2/a.b").status_code == 404


def test_a_blank_games_names_are_marks_each_side_its_seats_partners_opposite():
    sheet = blank_sheet(RULESETS["classic"], 4, 2)
    assert sheet.side_names == (side_mark(0), side_mark(1))
    assert sheet.next_dealer == seat_mark(0)
    assert side_players(4, 2) == [["⟦P0⟧", "⟦P2⟧"], ["⟦P1⟧", "⟦P3⟧"]]
    assert side_players(6, 3) == [["⟦P0⟧", "⟦P3⟧"], ["⟦P1⟧", "⟦P4⟧"], ["⟦P2⟧", "⟦P5⟧"]]


def test_the_service_worker_keeps_the_new_game_pages_and_each_tables_blank_pages(app, client):
    with app.test_request_context():
        addresses = new_game_addresses()
    assert "/games/new" in addresses
    assert "/games/new/classic?players=4&sides=2" in addresses
    assert "/o/samba/5/5/-" in addresses
    assert "/o/samba/5/5/-/hands/new" in addresses
    shapes = sum(len(table_shapes(ruleset)) for ruleset in RULESETS.values())
    assert len(addresses) == 1 + 3 * shapes
    worker = client.get("/sw.js").get_data(as_text=True)
    assert '"/o/burraco/2/2/-/hands/new"' in worker


def test_the_same_start_sent_by_four_connections_at_once_makes_one_game(form_server):
    """A phone whose connection flaps may send its start again while the first is on its way: they meet at the
    server at once, and one game is made (on PostgreSQL a lock on the key, on SQLite the write lock)."""
    for round_ in range(3):
        body = urllib.parse.urlencode({**PLAYERS, "save_key": f"{KEY}-{round_}"}).encode()
        start = threading.Barrier(4)
        answers: list[tuple[int, str]] = []

        def send(body: bytes = body, start: threading.Barrier = start, answers: list = answers) -> None:
            start.wait()
            request = urllib.request.Request(f"{form_server}/games/new/classic?players=4&sides=2", data=body)
            answers.append(post_without_following(request))

        threads = [threading.Thread(target=send) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert len(answers) == 4
        assert {status for status, _ in answers} == {302}
        assert len({where for _, where in answers}) == 1  # one game's edit link


def post_without_following(request: urllib.request.Request) -> tuple[int, str]:
    """A form post's status and where it leads, its redirect not followed."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=30) as response:
            return response.status, response.headers.get("Location", "")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location", "")
