"""A club night on phones: the director starts it and seats two pairs, a table plays its game and agrees
with one tap, and a phone following the night's standings sees the result within 2 s."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
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
    public = live_server + re.search(r"/night/[\w-]+", page.content()).group(0)

    follower = browser.new_context(**PHONE, locale="en-GB").new_page()
    follower.goto(public)
    expect(follower.locator("#standings")).to_contain_text("Bea & Juan")
    page.get_by_role("button", name="Draw the first round").tap()
    expect(follower.locator("#table-1")).to_contain_text("Ana & Luis", timeout=2500)
    no_sideways_scroll(page)

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
    board.context.close()
    follower.context.close()
