"""The table's slips at phone size: Back, the language switch, a dropped connection, an undo by mistake."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .test_journeys import add_meld, save, start_game

PLAYERS = ["Ana", "Bea", "Luis", "Juan"]


def test_back_after_saving_and_save_again_leaves_one_hand(page: Page, live_server: str):
    start_game(page, live_server, "classic", "4 players in 2 pairs", PLAYERS)
    sheet = page.url
    page.get_by_role("link", name="Record hand 1").tap()
    page.select_option("#out", "1")
    page.locator("#side-0 .mode label", has_text="Quick").tap()
    page.fill("#s0_q_meld_points", "120")
    add_meld(page, 1, "A", 7)
    save(page)
    expect(page.locator("#hand-1")).to_be_visible()

    page.go_back()  # the phone's Back: the hand form again
    page.locator("form.hand-form").wait_for()
    page.screenshot(path="test-results/back-after-save.png", full_page=True)
    with page.expect_navigation():
        save(page)  # and Save, as the audit did

    page.goto(sheet)
    expect(page.locator("details.hand")).to_have_count(1)
    expect(page.locator("#hand-1 summary")).to_contain_text("+120")


def test_reading_the_rules_and_coming_back_returns_to_the_edit_sheet(page: Page, live_server: str):
    start_game(page, live_server, "classic", "4 players in 2 pairs", PLAYERS)
    page.get_by_role("link", name="Rules", exact=True).tap()
    page.get_by_role("link", name="Melds").first.tap()
    page.get_by_role("link", name="Back to the game").tap()
    expect(page.get_by_role("link", name="Record hand 1")).to_be_visible()
    assert "/e/" in page.url
