"""A phone's club nights and clubs on its home page: the director finds the board again after closing the
browser, a player the standings; listed only for a phone with its cookie; forgotten from the list only."""

from __future__ import annotations

import re

from .helpers import page_text
from .test_night_pages import SETTINGS, seen


def home_nights(client) -> list[tuple[str, str]]:
    """The home page's list of nights and clubs: (link, what it says)."""
    page = client.get("/").get_data(as_text=True)
    listed = page.split("Club nights and clubs on this phone", 1)
    if len(listed) == 1:
        return []
    items = re.findall(r'<li>\s*<a href="([^"]+)">(.*?)</a>', listed[1].split("</ul>", 1)[0], re.S)
    return [(link, " ".join(re.sub(r"<[^>]+>", " ", text).split())) for link, text in items]


def test_the_phone_that_starts_a_night_finds_its_board_on_the_home_page(client):
    board = client.post("/nights/new", data=SETTINGS).headers["Location"]
    assert home_nights(client) == [(board, "Martes del club November 24, 2026 director's board")]


def test_a_phone_following_the_standings_lists_them_and_a_phone_without_its_cookie_is_only_given_one(app, client):
    board = client.post("/nights/new", data=SETTINGS).headers["Location"]
    public = re.search(r"/night/[\w-]+(?=\")", client.get(board).get_data(as_text=True)).group(0)
    follower = app.test_client()
    first = follower.get(public)
    assert "phone=" in first.headers.get("Set-Cookie", "")  # the cookie, and no row yet
    assert home_nights(app.test_client()) == []
    follower.get(public)
    assert home_nights(follower) == [(public, "Martes del club November 24, 2026 standings")]
    follower.get(board)  # later given the director's link: listed as its director
    assert home_nights(follower)[0][0] == board
    follower.get(public)
    assert home_nights(follower)[0][1].endswith("director's board")


def test_a_pair_that_joins_at_the_door_finds_the_standings_on_its_home_page(app, client):
    board = client.post("/nights/new", data=SETTINGS).headers["Location"]
    door = re.search(r"/night/[\w-]+/join/[\w-]+", client.get(board).get_data(as_text=True)).group(0)
    pair = app.test_client()
    assert pair.post(door, data={"first": "Ana", "second": "Luis"}).status_code == 302
    assert home_nights(pair) == [(door.split("/join/")[0], "Martes del club November 24, 2026 standings")]


def test_forgetting_a_night_or_a_club_takes_it_off_this_phones_list_only(client):
    board = client.post("/nights/new", data=SETTINGS).headers["Location"]
    club = client.post("/clubs/new", data={"name": "Club del Martes", "best_of": ""}).headers["Location"]
    assert [text for _, text in home_nights(client)] == [
        "Club del Martes club",
        "Martes del club November 24, 2026 director's board",
    ]
    public = re.search(r"/night/[\w-]+(?=\")", client.get(board).get_data(as_text=True)).group(0)
    assert client.post(public + "/forget").headers["Location"] == "/"
    assert client.post(club + "/forget").headers["Location"] == "/"
    assert home_nights(client) == []
    assert "Director's board" in page_text(client.get(board))
    assert "Club del Martes" in seen(client.get(club))
    assert client.post("/night/not-a-night/forget").headers["Location"] == "/"  # nothing to forget
    assert client.post("/night/a.b/forget").status_code == 404
    assert client.post("/c/a.b/forget").status_code == 404
