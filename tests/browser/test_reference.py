"""At the table: a refused entry's link leads to its rule; a referee tool answers, at phone size."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .test_journeys import add_meld, no_sideways_scroll, save, start_game


def test_a_refused_hands_link_leads_to_the_rule_and_a_tool_answers(page: Page, live_server: str):
    start_game(page, live_server, "classic", "4 players in 2 pairs", ["Ana", "Bea", "Luis", "Juan"])
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "Q", 3, jokers=2, twos=2)
    add_meld(page, 1, "9", 3)
    save(page)
    page.locator("#problems").get_by_role("link", name="The rule").first.tap()
    expect(page).to_have_url(__import__("re").compile(r"/e/[\w-]+/rules/melds#meld_max_wilds$"))
    expect(page.locator("#meld_max_wilds")).to_contain_text("A meld may hold at most 3 wild cards.")
    no_sideways_scroll(page)
    page.screenshot(path="test-results/rule-from-refusal.png", full_page=True)

    page.get_by_role("link", name="May I take the pile?").tap()
    page.select_option("#top_card", "Q")
    page.locator("#naturals_in_hand + button").tap()
    page.locator("#naturals_in_hand + button").tap()
    page.fill("#total", "1600")
    page.fill("#meld_points", "30")
    page.get_by_role("button", name="Ask").tap()
    expect(page.locator("#answer .verdict")).to_have_text("No")
    expect(page.locator("#answer")).to_contain_text("must be worth at least 90; these cards make 30")
    no_sideways_scroll(page)
    page.screenshot(path="test-results/tool-pile.png", full_page=True)
    page.locator("#answer").get_by_role("link", name="The rule").tap()
    expect(page.locator("#initial_meld_minimum")).to_be_visible()


def test_the_reference_in_spanish_with_search(page: Page, live_server: str):
    page.goto(live_server + "/")
    page.get_by_role("button", name="ES").tap()
    page.get_by_role("link", name="Reglas").tap()
    page.get_by_placeholder("Buscar en las reglas").fill("comodin")
    page.get_by_role("button", name="Buscar").tap()
    page.get_by_role("link", name="Comodines · Jokers y doses").tap()
    expect(page.locator("#wild_cards")).to_contain_text("son comodines")
    no_sideways_scroll(page)


def test_no_reference_or_tool_page_scrolls_sideways(browser, live_server: str):
    from scorekeeper.reference import TOPICS

    from .conftest import PHONE

    for language in ("en-GB", "es-ES"):
        context = browser.new_context(**PHONE, locale=language)
        page = context.new_page()
        pages = ["/rules", "/rules/compare", "/rules/search?q=canasta", "/tools/pile", "/tools/meld", "/tools/go-out"]
        pages += [f"/rules/{slug}?set=es_tradicional" for slug in TOPICS]
        for url in pages:
            page.goto(live_server + url)
            no_sideways_scroll(page)
        context.close()


def test_choosing_another_rule_set_in_the_reference_shows_its_rules(page: Page, live_server: str):
    page.goto(live_server + "/rules")
    with page.expect_navigation():
        page.select_option("#set", "hoyle_2p")
    assert "set=hoyle_2p" in page.url
    expect(page.locator("#set")).to_have_value("hoyle_2p")


def test_the_familys_topics_and_the_comparison_fit_a_phone(browser, live_server: str, monkeypatch):
    """Burraco, Buraco and Burako's reading (their own topics) and the comparison's three new columns, at
    390 px in both languages: nothing scrolls sideways but the comparison's own table."""
    from scorekeeper.engine import RULESETS
    from scorekeeper.engine.catalogue import FAMILY_RULESETS
    from scorekeeper.reference import topics_for

    from .conftest import PHONE

    for ruleset_id, ruleset in FAMILY_RULESETS.items():
        monkeypatch.setitem(RULESETS, ruleset_id, ruleset)
    for language in ("en-GB", "es-ES"):
        context = browser.new_context(**PHONE, locale=language)
        page = context.new_page()
        pages = ["/rules/compare", "/rules/search?q=pozzetto&set=burraco"]
        pages += [f"/rules/{slug}?set={rid}" for rid, rs in FAMILY_RULESETS.items() for slug in topics_for(rs)]
        for url in pages:
            page.goto(live_server + url)
            no_sideways_scroll(page)
        context.close()
    page = browser.new_context(**PHONE, locale="en-GB").new_page()
    page.goto(live_server + "/rules/canastas?set=burraco")
    expect(page.locator("#semi_clean")).to_contain_text("burraco semipulito")
    page.screenshot(path="test-results/family-canastas.png", full_page=True)
    page.goto(live_server + "/rules/packet?set=buraco")
    expect(page.locator("#packet_scoring")).to_contain_text("\u2212100 points")
    page.screenshot(path="test-results/family-packet.png", full_page=True)
    page.goto(live_server + "/rules/compare")
    expect(page.locator("#packet")).to_contain_text("not taken \u2212100")
    page.locator(".compare-wrap").evaluate("wrap => { wrap.scrollLeft = wrap.scrollWidth; }")
    page.screenshot(path="test-results/family-compare.png", full_page=True)
