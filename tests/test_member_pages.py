"""A club's members on its pages: listed on the club's page, added there (the form back as typed when refused),
imported from a CSV file through a preview and a confirmation, exported as CSV, offered by name on the board's
pair form of the club's nights (never on the door's), archived and merged; a guest of a night added to the
club from the board; members' names as the club writes them on every page of a night."""

from __future__ import annotations

import html
import io
import re

import pytest

from scorekeeper import services
from scorekeeper.web.extensions import limiter

from .conftest import fresh_app
from .helpers import page_text, record, side
from .test_night_pages import SETTINGS, public_of, seen, table_games


def new_club(client) -> str:
    started = client.post("/clubs/new", data={"name": "Club del Martes", "best_of": ""})
    assert started.status_code == 302
    return str(started.headers["Location"])


def club_night(client, club: str | None) -> str:
    data = {**SETTINGS, "club": club.removeprefix("/c/")} if club else SETTINGS
    return str(client.post("/nights/new", data=data).headers["Location"])


def door_of(client, board: str) -> str:
    return re.search(r"/night/[\w-]+/join/[\w-]+", client.get(board).get_data(as_text=True)).group(0)


def test_the_clubs_page_lists_its_members_with_their_numbers_and_a_count(client):
    club = new_club(client)
    assert "Members (0)" in seen(client.get(club))
    for name, number in (("Luis Pérez", ""), ("Ana García", "ES-0042")):
        added = client.post(club + "/members", data={"name": name, "number": number, "grade": ""})
        assert added.status_code == 302
        assert added.headers["Location"].endswith("#members")
    shown = seen(client.get(club))
    assert "8 Ana García · ES-0042 50.0 % provisional 8 Luis Pérez 50.0 % provisional Import members" in shown
    assert "Members (2)" in shown


def test_a_refused_member_comes_back_as_typed_naming_the_field(client):
    club = new_club(client)
    client.post(club + "/members", data={"name": "Ana García", "number": "", "grade": ""})
    again = client.post(club + "/members", data={"name": "ana garcia", "number": "12", "grade": "55,5"})
    assert again.status_code == 400
    page = page_text(again)
    assert 'value="ana garcia"' in page
    assert 'value="12"' in page
    assert 'value="55,5"' in page
    assert re.search(
        r'id="name"[^>]*>\s*</label>\s*<p class="error" role="alert">ana garcia is already a member\.', page
    )
    graded = client.post(club + "/members", data={"name": "Luis", "number": "", "grade": "150"})
    assert graded.status_code == 400
    assert re.search(
        r'id="grade"[^>]*>\s*</label>\s*<p class="error" role="alert">A starting grade is a number', page_text(graded)
    )
    assert "Members (1)" in seen(graded)


def test_a_refused_member_is_named_in_spanish_to_a_spanish_reader(client):
    club = new_club(client)
    client.set_cookie("lang", "es")
    refused = client.post(club + "/members", data={"name": "", "number": "", "grade": ""})
    assert refused.status_code == 400
    assert "El nombre de un socio tiene de 1 a 60 caracteres." in seen(refused)


def test_an_import_is_previewed_then_confirmed_and_the_club_says_how_many_were_added(client):
    club = new_club(client)
    client.post(club + "/members", data={"name": "Ana García", "number": "", "grade": ""})
    assert client.get(club + "/members/import").status_code == 200
    upload = "\ufeffNombre;Número;Grado\nBea López;12;40\nana garcia;;\nJuan;;\nbea lopez;;\n".encode()
    preview = client.post(club + "/members/import", data={"members_file": (io.BytesIO(upload), "socios.csv")})
    assert preview.status_code == 200
    shown = seen(preview)
    assert "2 new members Line Name Number Starting grade 2 Bea López 12 40 4 Juan" in shown
    assert "Line 3: ana garcia is already a member. Line 5: bea lopez is on line 2 already." in shown
    assert "Members (1)" in seen(client.get(club))  # nothing added by the preview
    carried = re.search(r'<input type="hidden" name="text" value="([^"]*)"', preview.get_data(as_text=True))
    text = html.unescape(carried.group(1))
    assert text == upload.decode("utf-8-sig")  # the file as sent (its byte-order mark aside)
    confirmed = client.post(club + "/members/import", data={"text": text, "confirm": "1"})
    assert confirmed.status_code == 302
    shown = seen(client.get(confirmed.headers["Location"]))
    assert "Members (3) 2 members added." in shown
    assert re.search(r"Ana García [\d.]+ % provisional \w+ Bea López · 12 [\d.]+ % provisional \w+ Juan", shown)


def test_an_import_with_a_refused_line_shows_it_and_imports_nothing_even_confirmed(client):
    club = new_club(client)
    text = "name,number,grade\nAna,,\nLuis,,150\n"
    preview = client.post(club + "/members/import", data={"text": text})
    assert preview.status_code == 400
    shown = seen(preview)
    assert "1 line refused" in shown
    assert "Line 3, Starting grade: A starting grade is a number from 0 to 100, or empty." in shown
    assert 'name="confirm"' not in preview.get_data(as_text=True)
    forced = client.post(club + "/members/import", data={"text": text, "confirm": "1"})
    assert forced.status_code == 400
    assert "Nothing was imported: correct the refused lines and try again." in seen(forced)
    assert "Members (0)" in seen(client.get(club))


def test_an_import_with_nothing_chosen_or_an_unreadable_file_is_refused(client):
    club = new_club(client)
    empty = client.post(club + "/members/import", data={"text": ""})
    assert empty.status_code == 400
    assert "Choose a CSV file, or paste its lines, first." in seen(empty)
    latin = client.post(club + "/members/import", data={"members_file": (io.BytesIO(b"Jos\xe9\n"), "a.csv")})
    assert latin.status_code == 400
    assert "The file is not UTF-8 text" in seen(latin)
    huge = client.post(club + "/members/import", data={"members_file": (io.BytesIO(b"Ana\n" * 60_000), "a.csv")})
    assert huge.status_code in (400, 413)


def test_the_members_export_is_a_csv_with_a_formula_cell_neutralised(client):
    club = new_club(client)
    client.post(club + "/members", data={"name": '=HYPERLINK("http://x")', "number": "+34", "grade": "61.5"})
    client.post(club + "/members", data={"name": "Ana", "number": "", "grade": "50"})
    exported = client.get(club + "/members.csv")
    assert exported.status_code == 200
    assert exported.mimetype == "text/csv"
    assert exported.get_data(as_text=True) == (
        '\ufeffName,Number,Starting grade\r\n"\'=HYPERLINK(""http://x"")",\'+34,61.5\r\nAna,,50\r\n'
    )
    # and the file comes back into a club as it went out
    other = new_club(client)
    data = {"members_file": (io.BytesIO(exported.get_data()), "club-members.csv"), "confirm": "1"}
    assert client.post(other + "/members/import", data=data).status_code == 302
    assert 'A ♣ =HYPERLINK("http://x") · +34 61.5 % provisional 8 Ana 50.0 % provisional' in seen(client.get(other))


def test_the_board_offers_the_clubs_members_by_name_and_the_door_shows_none(client):
    """Issue 47, N8: the door's page listed the whole roster to anyone holding its link; the board is the
    director's, and still offers it."""
    club = new_club(client)
    client.post(club + "/members", data={"name": "Ana García", "number": "", "grade": ""})
    client.post(club + "/members", data={"name": "Luis", "number": "", "grade": ""})
    board = club_night(client, club)
    page = client.get(board).get_data(as_text=True)
    assert '<datalist id="club-members"><option value="Ana García"><option value="Luis"></datalist>' in page
    assert re.search(r'<input [^>]*id="first" list="club-members"', page)
    assert re.search(r'<input [^>]*id="second" list="club-members"', page)
    door = door_of(client, board)
    shown = client.get(door).get_data(as_text=True)
    assert "Ana García" not in shown
    assert "Luis" not in shown
    assert "datalist" not in shown
    assert re.search(rf'<input [^>]*data-names="{re.escape(door)}/names" id="first"', shown)  # asked as typed


def test_a_guest_at_the_door_is_not_a_member_until_the_director_adds_it_from_the_board(client):
    """Issue 47, N8: every name typed at the door became a member of the club, and nothing removed one."""
    club = new_club(client)
    client.post(club + "/members", data={"name": "Juan", "number": "", "grade": ""})
    board = club_night(client, club)
    before = client.get(board)
    joined = client.post(door_of(client, board), data={"first": "Bea", "second": "juan"})
    assert joined.status_code == 302
    assert "Members (1)" in seen(client.get(club))  # Bea plays as a guest of the night
    page = client.get(board).get_data(as_text=True)
    assert "Bea &amp; Juan" in page
    assert "Add Bea to the club" in page
    assert "Add Juan to the club" not in page  # a member already
    added = client.post(board + "/members", data={"name": "Bea"})
    assert added.status_code == 302
    assert added.headers["Location"].endswith("#pairs")
    assert "Members (2)" in seen(client.get(club))
    after = client.get(board, headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200
    assert '<option value="Bea"><option value="Juan">' in after.get_data(as_text=True)
    assert "Add Bea to the club" not in after.get_data(as_text=True)
    again = client.post(board + "/members", data={"name": "bea"})  # a second tap
    assert again.status_code == 400
    assert "bea is already a member." in seen(again)
    assert client.post(club_night(client, None) + "/members", data={"name": "Bea"}).status_code == 404  # no club


def test_a_member_archived_leaves_the_clubs_lists_and_is_brought_back_from_their_page(client):
    club = new_club(client)
    client.post(club + "/members", data={"name": "Carmen", "number": "", "grade": ""})
    client.post(club + "/members", data={"name": "Luis", "number": "", "grade": ""})
    carmen = re.search(rf'href="({club}/members/\d+)">Carmen<', client.get(club).get_data(as_text=True)).group(1)
    assert "Archive Carmen" in seen(client.get(carmen))
    archived = client.post(carmen + "/archive")
    assert archived.headers["Location"] == carmen
    shown = seen(client.get(club))
    assert "Members (1)" in shown
    assert "Archived members (1) Carmen Bring back" in shown
    board = club_night(client, club)
    assert '<option value="Carmen">' not in client.get(board).get_data(as_text=True)
    page = seen(client.get(carmen))
    assert "Archived: off the club's lists and the door's suggestions." in page
    assert "Carmen" not in client.get(club + "/members.csv").get_data(as_text=True)
    assert client.post(carmen + "/restore").status_code == 302
    assert "Members (2)" in seen(client.get(club))
    assert "Archived members" not in seen(client.get(club))
    assert client.post(club + "/members/999999/archive").status_code == 404


def test_a_merge_is_asked_first_and_refused_naming_the_member_box_when_no_other_member_is_chosen(client):
    club = new_club(client)
    for name in ("Maruja Torres", "Maruja Torrez"):
        client.post(club + "/members", data={"name": name, "number": "", "grade": ""})
    page = client.get(club).get_data(as_text=True)
    kept = re.search(rf'href="({club}/members/(\d+))">Maruja Torres<', page)
    typo = re.search(rf'href="{club}/members/(\d+)">Maruja Torrez<', page).group(1)
    assert f'<option value="{typo}">Maruja Torrez</option>' in client.get(kept.group(1)).get_data(as_text=True)
    refused = client.post(kept.group(1) + "/merge", data={"other": kept.group(2), "confirm": "yes"})
    assert refused.status_code == 400
    assert "Choose another member of the club." in seen(refused)
    assert client.post(kept.group(1) + "/merge", data={"other": "x"}).status_code == 400
    client.set_cookie("lang", "es")
    asked = client.post(kept.group(1) + "/merge", data={"other": typo})
    assert "¿Unir a Maruja Torrez con Maruja Torres?" in seen(asked)
    assert client.post(kept.group(1) + "/merge", data={"other": typo, "confirm": "yes"}).status_code == 302
    assert "Socios (1)" in seen(client.get(club))
    assert "Maruja Torres" in seen(
        client.post(
            door_of(client, club_night(client, club)),
            data={"first": "maruja torrez", "second": "Luis"},
            follow_redirects=True,
        )
    )


def test_members_typed_at_the_door_any_which_way_show_as_the_club_writes_them_on_every_page(app, client):
    """Issue 47: "maruja torres" and "jose martin" typed at the door appear as the members Maruja Torres and José
    Martín on the standings, the TV, the standings' JSON and the club's season."""
    club = new_club(client)
    for name in ("Maruja Torres", "José Martín"):
        client.post(club + "/members", data={"name": name, "number": "", "grade": ""})
    board = club_night(client, club)
    door = door_of(client, board)
    own = client.post(door, data={"first": "maruja torres", "second": "jose martin"}).headers["Location"]
    client.post(door, data={"first": "Bea", "second": "Juan"})
    client.post(board + "/rounds", data={"reason": ""})
    (game,) = table_games(client, board)
    with app.app_context():
        found = services.find_game(game.removeprefix("/e/"), editable=True)
        services.record_hand(found, record(side("K:7"), side("Q:3")), 0)
    client.post(game + "/agree-table")
    public = public_of(client, board)
    for page in (own, public, public + "/tv", board):
        shown = seen(client.get(page))
        assert "Maruja Torres & José Martín" in shown, page
        assert "maruja" not in shown
        assert "jose martin" not in shown
    assert client.get(public + "/standings.json").get_json()["standings"][0]["players"] == [
        "Maruja Torres",
        "José Martín",
    ]
    assert "1 Maruja Torres & José Martín 2 1 1" in seen(client.get(club))
    assert "Maruja Torres" in seen(client.get(game))  # the table's game too


def test_a_member_added_on_the_clubs_page_shows_on_a_board_already_open(client):
    club = new_club(client)
    board = club_night(client, club)
    opened = client.get(board)
    assert client.get(board, headers={"If-None-Match": opened.headers["ETag"]}).status_code == 304
    client.post(club + "/members", data={"name": "Cris", "number": "", "grade": ""})
    again = client.get(board, headers={"If-None-Match": opened.headers["ETag"]})
    assert again.status_code == 200
    assert '<option value="Cris">' in again.get_data(as_text=True)


def test_a_night_without_a_club_offers_no_members(client):
    club = new_club(client)
    client.post(club + "/members", data={"name": "Ana García", "number": "", "grade": ""})
    board = club_night(client, None)
    for page in (client.get(board).get_data(as_text=True), client.get(door_of(client, board)).get_data(as_text=True)):
        assert "datalist" not in page
        assert 'list="' not in page


def test_the_members_pages_of_an_unknown_club_are_404(client):
    assert client.get("/c/not-a-club/members.csv").status_code == 404
    assert client.get("/c/not-a-club/members/import").status_code == 404
    assert client.post("/c/not-a-club/members", data={"name": "Ana"}).status_code == 404
    assert client.post("/c/not-a-club/members/import", data={"text": "Ana"}).status_code == 404


@pytest.fixture
def limited_door(tmp_path):
    """The app with its rate limits on, a door's completion allowed 20 answers a minute for a night."""
    with fresh_app(tmp_path, "limited-door", RATELIMIT_ENABLED=True, RATE_LIMIT_DOOR_NAMES="20 per minute") as app:
        limiter.reset()
        yield app


def test_the_door_offers_a_few_members_once_three_letters_are_typed_and_a_night_asking_too_often_waits(limited_door):
    """Issue 47, N8: at most a completion after a few letters of a name, limited like the door."""
    client = limited_door.test_client()
    club = new_club(client)
    for name in ("Ana García", "Anabel Ruiz", "Juana Anaya", "Mariana", "Anacleto", "Ananías", "Anastasia", "Luis"):
        client.post(club + "/members", data={"name": name, "number": "", "grade": ""})
    door = door_of(client, club_night(client, club))
    assert client.get(door + "/names?q=an").get_json() == {"names": [], "all": False}  # two letters: nothing
    found = client.get(door + "/names?q=ANA")
    assert found.get_json() == {
        "names": ["Ana García", "Anabel Ruiz", "Anacleto", "Ananías", "Anastasia"],
        "all": False,
    }
    assert found.headers["Cache-Control"] == "no-store"
    assert client.get(door + "/names?q=anay").get_json() == {"names": ["Juana Anaya"], "all": True}
    assert client.get(door + "/names?q=anan%C3%ADas").get_json()["names"] == ["Ananías"]
    assert client.get(door[: -len("x")] + "x/names?q=ana").status_code == 404  # not the door's key
    statuses = [client.get(door + f"/names?q=lui{'s' * (k % 2)}").status_code for k in range(30)]
    assert statuses.count(200) == 20 - 3  # the three answers above counted; the two letters and the 404 did not
    waited = client.get(door + "/names?q=luis", environ_base={"REMOTE_ADDR": "198.51.100.7"})
    assert waited.status_code == 429  # the night's count, from any address
    assert int(waited.headers["Retry-After"]) >= 1
    assert waited.get_json()["names"] == []
    assert client.post(door, data={"first": "Luis", "second": "Ana García"}).status_code == 302  # the door lets in


def test_a_night_without_a_club_offers_no_names_at_its_door(client):
    door = door_of(client, club_night(client, None))
    assert "data-names" not in client.get(door).get_data(as_text=True)
    assert client.get(door + "/names?q=ana").get_json() == {"names": [], "all": True}
