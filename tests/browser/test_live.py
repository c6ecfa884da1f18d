"""Two phones: the one following sees the recorder's hands within 2 s, without a reload and without losing its place."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
from .test_journeys import add_meld, save, start_game


def test_a_phone_on_the_read_only_link_sees_a_new_hand_within_two_seconds(
    page: Page, live_server: str, browser: Browser
):
    start_game(page, live_server, "classic", "4 players in 2 pairs", ["Ana", "Bea", "Luis", "Juan"])
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "K", 3)
    add_meld(page, 1, "Q", 3)
    save(page)
    public = live_server + "/g/" + page.locator(".sheet").get_attribute("data-game")

    follower = browser.new_context(**PHONE).new_page()
    follower.goto(public)
    follower.locator("#hand-1 > summary").tap()  # the reader opened hand 1's breakdown
    loaded = follower.evaluate("performance.getEntriesByType('navigation')[0].startTime + ':' + document.timeOrigin")

    page.get_by_role("link", name="Record hand 2").tap()
    add_meld(page, 0, "A", 4)
    add_meld(page, 1, "9", 3)
    save(page)
    expect(follower.locator("#hand-2 > summary")).to_contain_text("+80", timeout=2500)
    expect(follower.locator("#hand-1")).to_have_attribute("open", "")  # still open
    same_page = follower.evaluate("performance.getEntriesByType('navigation')[0].startTime + ':' + document.timeOrigin")
    assert same_page == loaded  # no reload

    page.locator("#hand-2 > summary").tap()  # the recorder fixes hand 2 ... then undoes it
    page.locator("details.undo > summary").tap()
    page.get_by_role("button", name="Yes, undo hand 2").tap()
    expect(follower.locator("#hand-2")).to_have_count(0, timeout=2500)
    follower.context.close()


def test_a_follower_that_lost_the_connection_catches_up_when_it_is_back(page: Page, live_server: str, browser: Browser):
    start_game(page, live_server, "classic", "4 players in 2 pairs", ["Ana", "Bea", "Luis", "Juan"])
    public = live_server + "/g/" + page.locator(".sheet").get_attribute("data-game")
    follower = browser.new_context(**PHONE)
    reader = follower.new_page()
    reader.goto(public)
    follower.set_offline(True)
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "K", 3)
    add_meld(page, 1, "Q", 3)
    # As a player does: saves once the score shows, and the test goes on once the hand is in (a CI run's tap on
    # Save, as the second preview came back, sent nothing: its log holds no save, and the reader had nothing to
    # catch up with).
    expect(page.locator("#live-total")).to_contain_text("Bea & Juan +30")
    save(page)
    expect(page.locator("#hand-1")).to_be_visible()
    reader.wait_for_timeout(2500)  # a poll or two fail while offline
    expect(reader.locator("#hand-1")).to_have_count(0)
    follower.set_offline(False)
    expect(reader.locator("#hand-1 > summary")).to_contain_text("+30", timeout=5000)
    follower.close()


def test_the_table_view_follows_the_game_in_landscape(page: Page, live_server: str, browser: Browser):
    start_game(page, live_server, "classic_3p", "3 players, each alone", ["Ana", "Bea", "Cris"])
    board = browser.new_context(viewport={"width": 1024, "height": 600}).new_page()
    board.goto(live_server + "/g/" + page.locator(".sheet").get_attribute("data-game") + "/table")
    expect(board.locator(".big-total")).to_have_count(3)
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "K", 3)
    add_meld(page, 1, "Q", 3)
    add_meld(page, 2, "9", 3)
    save(page)
    expect(board.locator(".big-total").first).to_have_text("30", timeout=10_000)  # by its next checks, loaded
    assert board.evaluate("document.documentElement.scrollWidth") <= 1024
    board.screenshot(path="test-results/table-view.png")
    board.context.close()


def test_the_recorder_learns_another_phone_is_typing_the_same_hand(page: Page, live_server: str, browser: Browser):
    start_game(page, live_server, "classic", "4 players in 2 pairs", ["Ana", "Bea", "Luis", "Juan"])
    edit_link = page.url
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "K", 3)
    expect(page.locator("#live-total")).to_contain_text("+30")  # Ana's phone is typing hand 1

    second = browser.new_context(**PHONE).new_page()
    second.goto(edit_link)
    second.get_by_role("link", name="Record hand 1").tap()
    expect(second.locator("#typing-note")).to_contain_text("Another phone is typing hand 1 too")
    second.screenshot(path="test-results/typing-elsewhere.png")
    add_meld(second, 1, "Q", 3)
    add_meld(page, 1, "Q", 4)  # and the first phone hears of the second as it types on
    expect(page.locator("#typing-note")).to_be_visible(timeout=15_000)  # its next check, on a loaded machine
    second.context.close()
