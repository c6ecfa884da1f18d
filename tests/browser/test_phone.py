"""The phone page itself: no sideways scroll with three sides, 44px targets, forms without JavaScript."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
from .test_journeys import add_meld, no_sideways_scroll, save, start_game

TARGETS = (
    "button:visible, select:visible, input[type=number]:visible, input[type=text]:visible, a.button:visible,"
    " label.chip:visible"
)


def small_targets(page: Page) -> list[str]:
    """Controls shorter than 44 CSS pixels (inline links inside sentences are not controls)."""
    return page.eval_on_selector_all(
        TARGETS,
        "els => els.filter(e => Math.min(e.getBoundingClientRect().height, e.getBoundingClientRect().width) < 44)"
        ".map(e => e.outerHTML.slice(0, 80))",
    )


def test_three_sides_fit_the_phone_without_sideways_scroll(page: Page, live_server: str):
    start_game(page, live_server, "classic_3p", "3 players, each alone", ["Ana María", "Bartolomé", "Concepción"])
    no_sideways_scroll(page)
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "K", 7)
    add_meld(page, 1, "Q", 3)
    add_meld(page, 2, "9", 3, jokers=1)
    expect(page.locator("#preview")).to_contain_text("+570")
    no_sideways_scroll(page)
    save(page)
    page.locator("#hand-1 > summary").tap()
    no_sideways_scroll(page)
    page.screenshot(path="test-results/three-sides.png", full_page=True)


@pytest.mark.parametrize("ruleset", ["es_tradicional", "samba"])  # samba: the sequences' selects too
def test_touch_targets_are_at_least_44px(page: Page, live_server: str, ruleset: str):
    start_game(page, live_server, ruleset, "4 players in 2 pairs", ["Ana", "Bea", "Luis", "Juan"])
    assert small_targets(page) == []
    page.get_by_role("link", name="Record hand 1").tap()
    page.wait_for_url("**/hands/new")  # the hand form itself, not the sheet still on screen
    page.wait_for_load_state("load")  # measured once its stylesheet and script have run
    closed = page.locator("details:not([open]) > summary:visible")
    for _ in range(20):  # open every fold that is on screen (each tap takes one off this list)
        if closed.count() == 0:
            break
        closed.first.tap()
    assert small_targets(page) == []


def test_the_forms_work_with_javascript_off(browser: Browser, live_server: str):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server + "/games/new/classic_2p?players=2&sides=2")
    page.fill("#seat_0", "Eva")
    page.fill("#seat_1", "Tomás")
    page.locator("form button[type=submit].primary").click()
    page.get_by_role("link", name="Record hand 1").click()
    # Without the script every meld row is there to type in, nothing hides the quick fields, and
    # the chips that need the script (a meld's rank, the cards held) are not shown.
    expect(page.locator("[data-rank-chips]").first).to_be_hidden()
    expect(page.locator("[data-card-chips]").first).to_be_hidden()
    page.fill("#s0_m_K_n", "7")
    page.fill("#s0_m_Q_n", "7")
    page.check("#out-0")
    page.fill("#s1_m_5_n", "3")
    page.locator("#side-1 details.held summary").click()
    page.fill("#s1_h_A", "1")
    no_sideways_scroll(page)
    save(page)
    expect(page.locator("#hand-1 > summary")).to_contain_text("+1,240")
    expect(page.locator("#hand-1 > summary")).to_contain_text("−5")
    page.screenshot(path="test-results/no-javascript.png", full_page=True)
    context.close()


def test_the_first_dealer_list_follows_the_names_typed(page: Page, live_server: str):
    page.goto(live_server + "/games/new/classic?players=4&sides=2")
    page.fill("#seat_2", "Luis")
    page.select_option("#first_dealer", label="Luis")
    page.locator("form button[type=submit].primary").tap()
    expect(page.get_by_text("Luis deals.")).to_be_visible()
