"""A club night on phones: the director starts it and seats two pairs, a table plays its game and agrees
with one tap, and a phone following the night's standings sees the result within 2 s; a pair arriving while
the round is played joins at the door on its own phone, waits, and sees its table once the next is drawn; the
director moves a pair, and once the last round's tables finish the night is over on every phone until the
director adds a round (a withdrawal asked first, and taken back, on the way)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
from .test_club_season import fix
from .test_journeys import add_meld, no_sideways_scroll, save


def test_a_night_from_the_home_page_to_the_standings(page: Page, live_server: str, browser: Browser):
    page.goto(live_server + "/")
    page.get_by_role("link", name=re.compile("A club night")).tap()
    page.fill("#name", "Martes del club")
    page.fill("#round_length", "1")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Start the night").tap()
    for first, second in (("Ana", "Luis"), ("Bea", "Juan")):
        page.fill("#first", first)
        page.fill("#second", second)
        page.get_by_role("button", name="Add the pair").tap()
        expect(page.locator("ol.pairs")).to_contain_text(f"{first} & {second}")  # the board is back: read it whole
    public = live_server + re.search(r"/night/[\w-]+", page.content()).group(0)

    follower = browser.new_context(**PHONE, locale="en-GB").new_page()
    follower.goto(public)
    expect(follower.locator("#standings")).to_contain_text("Bea & Juan")
    page.get_by_role("button", name="Draw the first round").tap()
    expect(follower.locator("#table-1")).to_contain_text("Ana & Luis", timeout=2500)
    no_sideways_scroll(page)

    late = browser.new_context(**PHONE, locale="en-GB").new_page()  # a pair arrives while round 1 is played
    late.goto(live_server + re.search(r"/night/[\w-]+/join/[\w-]+", page.content()).group(0))
    expect(late.locator("main")).to_contain_text("Round 1 is being played")
    late.fill("#first", "Cris")
    late.fill("#second", "Dani")
    late.get_by_role("button", name="Join").tap()
    expect(late.locator("#your-seat")).to_contain_text("You are seated at the next round, round 2")
    no_sideways_scroll(late)

    board = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-GB").new_page()
    board.goto(page.url)  # the director's board on a laptop, followed live
    page.get_by_role("link", name="Its game").tap()  # the table's ordinary game, on the recorder's phone
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "K", 7)
    add_meld(page, 1, "Q", 3)
    save(page)
    expect(follower.locator("#table-1")).to_contain_text("waiting for agreement", timeout=2500)
    expect(board.locator("#table-1")).to_contain_text("waiting for agreement", timeout=2500)
    page.get_by_role("button", name="We agree: this result is right").tap()
    expect(page.locator("#night-table")).to_contain_text("counts in the night's standings")
    expect(follower.locator("#table-1")).to_contain_text("finished", timeout=2000)
    expect(follower.locator("#standings tbody tr").first).to_contain_text("Ana & Luis")
    expect(follower.locator("#standings tbody tr").first).to_contain_text("+540")
    expect(board.locator("#table-1")).to_contain_text("finished", timeout=2500)
    expect(board.locator("#waiting")).to_contain_text("Waiting for round 2: Cris & Dani")
    late.evaluate("window.stillTheSamePage = true")
    board.get_by_role("button", name="Draw round 2").click()
    expect(late.locator("#your-seat")).to_contain_text(
        "Round 2: your table is table 2, against Bea & Juan", timeout=2500
    )
    assert late.evaluate("window.stillTheSamePage === true")  # nobody reloaded it: its page follows the night
    board.context.close()
    follower.context.close()
    late.context.close()


def test_the_director_moves_a_pair_on_the_phone_every_phone_sees_it_and_the_night_ends_as_planned(
    page: Page, live_server: str, browser: Browser
):
    page.goto(live_server + "/nights/new")
    page.fill("#name", "Martes del club")
    page.fill("#rounds", "1")  # a night of one round: over once its tables have finished
    page.get_by_role("button", name="Start the night").tap()
    for first, second in (("Ana", "Luis"), ("Bea", "Juan"), ("Cris", "Dani"), ("Eva", "Fede")):
        page.fill("#first", first)
        page.fill("#second", second)
        page.get_by_role("button", name="Add the pair").tap()
        expect(page.locator("ol.pairs")).to_contain_text(f"{first} & {second}")
    page.get_by_role("button", name="Draw the first round").tap()
    expect(page.locator("#table-1")).to_contain_text("Ana & Luis")  # the round is drawn and the board is back
    board = page.url.split("#")[0]
    public = live_server + re.search(r"/night/[\w-]+(?=\")", page.content()).group(0)
    follower = browser.new_context(**PHONE, locale="en-GB").new_page()
    follower.goto(public)
    expect(follower.locator("#table-1")).to_contain_text(re.compile(r"Ana & Luis\s*against Cris & Dani"))

    page.get_by_text("Move a pair (before its table's first hand)").tap()
    page.select_option("#move-pair", "1")
    page.select_option("#move-other", "2")
    page.fill("#move-reason", "Ana cannot change tables")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Swap their seats").tap()
    expect(follower.locator("#table-1")).to_contain_text(re.compile(r"Bea & Juan\s*against Cris & Dani"), timeout=2500)
    expect(follower.locator("#table-2")).to_contain_text(re.compile(r"Ana & Luis\s*against Eva & Fede"))
    page.goto(page.url.split("#")[0])
    expect(page.locator("#night-log")).to_contain_text("pairs 1 and 2 swapped seats")
    page.locator("#table-1").get_by_role("link", name="Its game").tap()
    expect(page.locator("h1, .sheet thead").first).to_be_visible()
    expect(page.locator("main")).to_contain_text("Bea & Juan")

    # Issue 47: the last round's tables finish, and the night is over everywhere; nothing more is drawn until
    # the director adds a round. A withdrawal asks first, and is taken back before the next round.
    page.goto(board)
    for table in (1, 2):
        fix(page, table, 600, 100)
    expect(page.locator("#standings h2")).to_have_text("The night is over: final standings")
    expect(follower.locator("#standings h2")).to_have_text("The night is over: final standings", timeout=2500)
    expect(page.locator("#draw").get_by_role("button", name=re.compile("Draw"))).to_have_count(0)
    no_sideways_scroll(page)
    page.screenshot(path="test-results/night-over-en-390.png", full_page=True)
    withdraw = page.locator("#withdraw-4")
    withdraw.locator("summary").tap()
    expect(withdraw).to_contain_text("Pair 4 plays no more rounds tonight")
    withdraw.get_by_role("button", name="Yes, withdraw Eva & Fede").tap()
    expect(page.locator("ol.pairs")).to_contain_text("Eva & Fede · left after round 1")
    page.get_by_role("button", name="Put pair 4 back").tap()
    expect(page.locator("#night-log")).to_contain_text("Pair 4 was put back.")
    expect(page.locator("ol.pairs")).not_to_contain_text("left after round 1")
    page.fill("#rounds", "2")
    page.get_by_role("button", name="Set the rounds").tap()
    expect(page.locator("#draw").get_by_role("button", name="Draw round 2")).to_be_visible()
    expect(follower.locator("#standings h2")).to_have_text("Standings", timeout=2500)
    follower.context.close()
