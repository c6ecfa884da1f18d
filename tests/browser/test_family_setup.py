"""Burraco, Buraco and Burako at phone size: a game started with its house rules changed, and the referee
tools answering by the game's rules; no page scrolls sideways."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
from .test_accessibility import serious_findings
from .test_journeys import no_sideways_scroll

#: The family's pages this work adds or changes, each with its house rules or its answer shown.
PAGES = (
    "/games/new",
    "/games/new/burraco?players=4&sides=2",
    "/games/new/buraco?players=2&sides=2",
    "/tools/pile?set=buraco",
    "/tools/go-out?set=burraco&ask=1&packet=not_taken&how=no_discard",
    "/tools/meld?set=burako&ask=1&cards=3H+4H+JK+6H+7H+8H+9H+10H",
    "/tools/minimum?set=burako",
)

#: Where the screenshots go when asked for (SCREENSHOTS=<folder>), to look at the pages.
SHOTS = os.environ.get("SCREENSHOTS")


def shot(page: Page, name: str, part: str = "main") -> None:
    if SHOTS:
        page.locator(part).screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def test_burraco_started_from_the_chooser_with_its_house_rules_changed(page: Page, live_server: str):
    page.goto(live_server + "/games/new")
    burraco = page.locator("#burraco")
    expect(burraco).to_contain_text("home game to 2,005")
    burraco.get_by_role("link", name=re.compile("4 players in 2 pairs")).tap()
    for seat, name in enumerate(["Ana", "Bea", "Luis", "Juan"]):
        page.fill(f"#seat_{seat}", name)
    expect(page.locator("#target")).to_have_value("2005")
    page.locator("details.house summary").tap()
    expect(page.locator("#opt_semi_clean")).to_be_checked()
    expect(page.locator("#opt_going_out_with_discard")).to_have_value("required")
    page.select_option("#opt_going_out_needs_canasta", "clean")
    page.fill("#opt_joker_value", "50")
    no_sideways_scroll(page)
    shot(page, "burraco-new-game", "details.house")
    page.locator("form button[type=submit].primary").tap()
    expect(page.locator(".sheet")).to_be_visible()
    expect(page.locator("main")).to_contain_text("2,005")


def test_the_go_out_tool_refuses_a_burraco_closing_on_a_wild_card_and_links_to_the_rule(page: Page, live_server: str):
    page.goto(live_server + "/tools/go-out?set=burraco")
    page.select_option("#packet", "taken")
    page.fill("#other", "1")
    page.locator("#wild_discard").tap()
    page.get_by_role("button", name="Ask").tap()
    answer = page.locator("#answer")
    expect(answer.locator(".verdict")).to_have_text("No")
    expect(answer).to_contain_text("never goes out by discarding a wild card: a joker or a two")
    no_sideways_scroll(page)
    shot(page, "burraco-go-out")
    link = answer.get_by_role("link", name="The rule")
    expect(link).to_have_attribute("href", re.compile("#family_going_out_on_a_wild_discard$"))


def test_the_meld_tool_names_a_burako_canasta_of_wild_cards(page: Page, live_server: str):
    page.goto(live_server + "/tools/meld?set=burako")
    page.fill("#cards", "JK 2H 2S JK 2D 2C JK")
    page.get_by_role("button", name="Ask").tap()
    expect(page.locator("#answer")).to_contain_text("Legal, and a canasta of wild cards: 1,000 points")
    no_sideways_scroll(page)
    shot(page, "burako-meld")


@pytest.mark.parametrize("width", [320, 390])
def test_no_family_page_scrolls_sideways(browser: Browser, live_server: str, width: int):
    context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
    page = context.new_page()
    for language in ("en", "es"):
        page.set_extra_http_headers({"Accept-Language": language})
        for path in PAGES:
            page.goto(live_server + path)
            if page.locator("details.house").count():
                page.locator("details.house summary").tap()
            width_used = page.evaluate("document.documentElement.scrollWidth")
            assert width_used <= width, (language, path, width_used)
    context.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_family_page_has_a_serious_accessibility_finding(browser: Browser, live_server: str, language: str):
    context = browser.new_context(**PHONE, bypass_csp=True, locale="es-ES" if language == "es" else "en-GB")
    page = context.new_page()
    found = {}
    for path in PAGES:
        page.goto(live_server + path)
        if page.locator("details.house").count():
            page.locator("details.house summary").tap()
        findings = serious_findings(page)
        if findings:
            found[path] = findings
    context.close()
    assert not found
