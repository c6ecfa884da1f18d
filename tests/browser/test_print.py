"""Issue 10: the sheet on paper: every hand's breakdown open, the rule set, house rules, players,
date, each hand's minimums and the winner; nothing to tap."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .test_fit import long_game


def test_the_printed_sheet_opens_every_breakdown(page: Page, live_server: str):
    game = long_game(page, live_server, 3)
    page.goto(f"{live_server}/e/{game['edit_token']}")
    expect(page.locator("[data-print] button")).to_be_visible()  # the Print button, with the script
    details = page.locator("details.hand .hand-detail")
    expect(details.first).to_be_hidden()  # folded on the screen
    page.emulate_media(media="print")
    for number in range(3):
        expect(details.nth(number)).to_be_visible()
        expect(details.nth(number)).to_contain_text("First meld next hand, at least:")
    head = page.locator(".print-head")
    expect(head).to_be_visible()
    expect(head).to_contain_text("Nosotras: Ana María, Carmen")
    expect(page.locator(".game-times")).to_contain_text("Started")
    expect(page.locator(".sheet-title")).to_have_text("Spanish traditional")
    expect(page.locator(".save-bar")).to_be_hidden()
    expect(page.locator("[data-print]")).to_be_hidden()
    page.screenshot(path="test-results/printed-sheet.png", full_page=True)
    # The printable width of A4 (210 mm) and Letter (8.5 in) less the 12 mm margins, at 96 px an inch:
    # nothing of the sheet runs past it.
    for size, width in (("A4", 703), ("Letter", 725)):
        page.set_viewport_size({"width": width, "height": 1000})
        assert page.evaluate("document.documentElement.scrollWidth") <= width, size
        assert page.pdf(format=size).startswith(b"%PDF")
