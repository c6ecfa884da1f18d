"""A phone set to Portuguese, Italian or German reads the app in its language from the first page: it starts a
game, records a hand and opens a rules topic, every page in that language, nothing wider than the phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, expect

from .conftest import PHONE
from .test_journeys import add_meld, no_sideways_scroll, save, went_out

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
#: Each new language: the phone's setting (a region the app does not name, read by its neighbour) and the
#: language the page says it is in.
PHONES = {"pt_BR": ("pt-PT", "pt-BR"), "it": ("it-CH", "it"), "de": ("de-AT", "de")}


def said(language: str, english: str) -> str:
    """``english`` as the language's catalogue writes it."""
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        found = read_po(handle).get(english)
    assert found is not None, english
    assert found.string, english
    return str(found.string)


@pytest.mark.parametrize("language", list(PHONES))
def test_a_phone_in_its_language_starts_a_game_records_a_hand_and_reads_a_rule(
    browser: Browser, live_server: str, language: str
):
    phone, html = PHONES[language]
    context = browser.new_context(**{**PHONE, "locale": phone})
    page = context.new_page()
    page.goto(live_server + "/")
    expect(page.locator("html")).to_have_attribute("lang", html)
    expect(page.locator("main")).to_contain_text(said(language, "Start a game"))
    page.locator("main a.button.primary[href='/games/new']").first.tap()
    page.locator("#classic").get_by_role("link", name="4").first.tap()
    for seat, name in enumerate(("Ana", "Bea", "Luis", "Juan")):
        page.fill(f"#seat_{seat}", name)
    page.locator("form button[type=submit].primary").tap()
    expect(page.locator(".sheet")).to_be_visible()
    no_sideways_scroll(page)

    page.locator("a.button.primary.wide").tap()  # record hand 1
    went_out(page, 0)
    add_meld(page, 0, "K", 7)
    add_meld(page, 1, "Q", 3)
    expect(page.locator("#preview")).to_contain_text("+")
    no_sideways_scroll(page)
    save(page)
    expect(page.locator("#hand-1 > summary")).to_contain_text("+")
    expect(page.locator("main")).to_contain_text(said(language, "Record hand %(n)s").replace("%(n)s", "2"))
    no_sideways_scroll(page)
    page.screenshot(path=f"test-results/language-{language}-sheet.png", full_page=True)

    page.locator("header a.rules-link").tap()
    page.locator("main a[href*='/rules/melds']").first.tap()
    expect(page.locator("html")).to_have_attribute("lang", html)
    expect(page.locator("h1")).to_have_text(said(language, "Melds"))
    no_sideways_scroll(page)
    page.screenshot(path=f"test-results/language-{language}-rules.png", full_page=True)
    context.close()
