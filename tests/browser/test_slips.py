"""The table's slips at phone size: Back, the language switch, a dropped connection, an undo by mistake."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .test_journeys import add_meld, red_threes, save, start_game, went_out

PLAYERS = ["Ana", "Bea", "Luis", "Juan"]


def test_back_after_saving_and_save_again_leaves_one_hand(page: Page, live_server: str):
    start_game(page, live_server, "classic", "4 players in 2 pairs", PLAYERS)
    sheet = page.url
    page.get_by_role("link", name="Record hand 1").tap()
    went_out(page, 1)
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
    expect(page.locator("#hand-1 > summary")).to_contain_text("+120")


def test_reading_the_rules_and_coming_back_returns_to_the_edit_sheet(page: Page, live_server: str):
    start_game(page, live_server, "classic", "4 players in 2 pairs", PLAYERS)
    page.get_by_role("link", name="Rules", exact=True).tap()
    page.get_by_role("link", name="Melds").first.tap()
    page.get_by_role("link", name="Back to the game").tap()
    expect(page.get_by_role("link", name="Record hand 1")).to_be_visible()
    assert "/e/" in page.url


def test_the_language_switch_keeps_the_hand_being_typed(page: Page, live_server: str):
    start_game(page, live_server, "classic", "4 players in 2 pairs", PLAYERS)
    page.get_by_role("link", name="Record hand 1").tap()
    went_out(page, 1)
    add_meld(page, 0, "8", 6, jokers=1)
    red_threes(page, 0, 1)
    add_meld(page, 1, "A", 7)
    expect(page.locator("#live-total")).to_contain_text("+")
    page.get_by_role("button", name="ES").tap()
    expect(page.get_by_role("button", name="Guardar la mano 1")).to_be_visible()
    expect(page.locator("#s0_m_8_n")).to_have_value("6")
    expect(page.locator("#s0_m_8_j")).to_have_value("1")
    expect(page.locator("#s0_red3-1")).to_be_checked()
    expect(page.locator("#out-1")).to_be_checked()
    expect(page.locator("#preview")).to_contain_text("Esta mano")
    page.screenshot(path="test-results/language-switch-keeps-form.png", full_page=True)


def test_a_save_without_connection_keeps_the_hand_and_the_next_visit_offers_it_back(page: Page, live_server: str):
    start_game(page, live_server, "classic", "4 players in 2 pairs", PLAYERS)
    sheet = page.url
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "K", 4)
    add_meld(page, 1, "Q", 3)
    expect(page.locator("#live-total")).to_contain_text("+40")
    page.context.set_offline(True)
    save(page)
    expect(page.locator("#offline-note")).to_be_visible()
    page.context.set_offline(False)

    page.goto(sheet)  # the phone was closed; later, the recorder comes back to the form
    page.get_by_role("link", name="Record hand 1").tap()
    offer = page.locator("#draft-offer")
    expect(offer).to_be_visible()
    page.screenshot(path="test-results/draft-offered.png", full_page=True)
    offer.get_by_role("button", name="Put it back").tap()
    expect(page.locator("#s0_m_K_n")).to_have_value("4")
    expect(page.locator("#s1_m_Q_n")).to_have_value("3")
    save(page)
    expect(page.locator("#hand-1 > summary")).to_contain_text("+40")
    drafts = "Object.keys(localStorage).filter(k => k.startsWith('draft:'))"
    # The sheet holds hand 1: its draft is gone. (A function: Playwright compiles it once; an expression it
    # evaluates again at each poll, which the page's policy, no eval, refuses once the first look fails.)
    page.wait_for_function(f"() => {drafts}.length === 0")
    page.get_by_role("link", name="Record hand 2").tap()
    expect(page.locator("#draft-offer")).to_be_hidden()  # saved: the draft is gone


def test_a_refused_hand_keeps_its_folded_values_in_view_and_scores_at_once(page: Page, live_server: str):
    start_game(page, live_server, "classic", "4 players in 2 pairs", PLAYERS)
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "Q", 3, jokers=2, twos=2)
    page.locator("#side-0 details.held summary").tap()
    page.fill("#s0_h_K", "2")
    with page.expect_navigation():
        save(page)
    expect(page.locator("#problems")).to_be_visible()
    expect(page.locator("#s0_h_K")).to_be_visible()  # the cards held block is open
    expect(page.locator("#s0_h_K")).to_have_value("2")
    expect(page.locator("#s0_h_A")).to_have_value("")  # empty stays empty
    expect(page.locator("#preview")).to_contain_text("A meld may hold at most 3 wild cards")  # without typing


def test_back_from_the_rule_of_a_refused_hand_returns_to_the_form_as_typed(page: Page, live_server: str):
    """No "Confirm Form Resubmission": the refused form is shown by a GET of its own address."""
    start_game(page, live_server, "classic", "4 players in 2 pairs", PLAYERS)
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "Q", 3, jokers=2, twos=2)
    add_meld(page, 1, "K", 4)
    red_threes(page, 1, 2)
    with page.expect_navigation():
        save(page)
    expect(page).to_have_url(re.compile(r"/hands/new\?refused=1$"))
    page.locator("#problems a", has_text="The rule").first.tap()
    expect(page.locator("section.rule:target")).to_be_visible()
    answer = page.go_back()
    assert answer is not None
    assert answer.request.method == "GET"
    expect(page.locator("#problems")).to_contain_text("A meld may hold at most 3 wild cards")
    expect(page.locator("#s0_m_Q_j")).to_have_value("2")
    expect(page.locator("#s0_m_Q_t")).to_have_value("2")
    expect(page.locator("#s1_m_K_n")).to_have_value("4")
    expect(page.locator("#side-1 label.chip:has(#s1_red3-2) input")).to_be_checked()
    page.screenshot(path="test-results/back-from-the-rule.png", full_page=True)


def test_undo_asks_first_and_the_hand_can_be_put_back(page: Page, live_server: str):
    start_game(page, live_server, "classic", "4 players in 2 pairs", PLAYERS)
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "K", 3)
    add_meld(page, 1, "Q", 3)
    save(page)
    page.locator("#hand-1 > summary").tap()
    page.locator("details.undo summary").tap()
    page.get_by_role("button", name="Yes, undo hand 1").tap()
    expect(page.locator("details.hand")).to_have_count(0)
    page.get_by_role("button", name="Put hand 1 back").tap()
    expect(page.locator("#hand-1 > summary")).to_contain_text("+30")
    page.locator("details.log summary").tap()
    expect(page.locator("details.log")).to_contain_text("Hand 1 put back")


def test_the_phones_games_survive_a_browser_restart(page: Page, live_server: str, browser):
    start_game(page, live_server, "classic", "4 players in 2 pairs", PLAYERS)
    kept = [cookie for cookie in page.context.cookies() if cookie["expires"] > 0]  # session cookies die
    assert any(cookie["name"] == "phone" for cookie in kept)
    restarted = browser.new_context(viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
    restarted.add_cookies(kept)
    again = restarted.new_page()
    again.goto(live_server + "/")
    again.get_by_role("link", name="Ana & Luis · Bea & Juan").tap()
    expect(again.get_by_role("link", name="Record hand 1")).to_be_visible()  # the edit link came back too
    restarted.close()
