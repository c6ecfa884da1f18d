"""The rest of the family at phone size: a Samba hand with a samba written from one card to another, and
Hand and Foot's rounds, each saved through the real hand form and read back on the sheet."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .test_journeys import add_meld, no_sideways_scroll, red_threes, save, start_game, went_out


def test_a_samba_hand_with_a_samba_and_a_canasta(page: Page, live_server: str):
    start_game(page, live_server, "samba", "4 players in 2 pairs", ["Ana", "Bea", "Luis", "Juan"])
    page.get_by_role("link", name="Record hand 1").tap()
    went_out(page, 0)
    page.select_option("#s0_sq0_low", "8")
    page.select_option("#s0_sq0_high", "A")
    add_meld(page, 0, "K", 7)
    red_threes(page, 0, 2)
    add_meld(page, 1, "Q", 5, twos=2)
    page.select_option("#s1_sq0_low", "4")
    page.select_option("#s1_sq0_high", "6")
    red_threes(page, 1, 1)
    page.locator("#side-1 [data-card-chips] button[data-count='s1_h_J']").tap()
    page.locator("#side-1 [data-card-chips] button[data-count='s1_h_2']").tap()
    expect(page.locator("#preview")).to_contain_text("+2,550")  # tests/engine: samba-out-with-a-samba-...
    expect(page.locator("#preview")).to_contain_text("+275")
    no_sideways_scroll(page)
    save(page)
    expect(page.locator("#hand-1")).to_contain_text("+2,550")
    expect(page.locator("#hand-1")).to_contain_text("+275")


def test_hand_and_foot_shows_each_rounds_minimum_and_ends_after_the_fourth(page: Page, live_server: str):
    start_game(page, live_server, "hand_and_foot", "4 players in 2 pairs", ["Ana", "Bea", "Luis", "Juan"])
    for number, minimum in ((1, 60), (2, 90), (3, 120), (4, 150)):
        page.get_by_role("link", name=f"Record hand {number}").tap()
        expect(page.locator(".hand-minimums")).to_contain_text(f"Round {number}:")
        expect(page.locator(".hand-minimums")).to_contain_text(f"at least {minimum}.")
        add_meld(page, 0, "K", 7)
        add_meld(page, 1, "Q", 3)
        expect(page.locator("#preview")).to_contain_text("+570")
        save(page)
        expect(page.locator(f"#hand-{number}")).to_contain_text("+570")
    expect(page.get_by_text("Record hand 5")).to_have_count(0)
    expect(page.locator(".sheet")).to_contain_text("2,280")


def test_a_modern_american_hand_with_black_threes_and_three_aces_in_one_hand(page: Page, live_server: str):
    start_game(page, live_server, "modern_american", "4 players in 2 pairs", ["Ana", "Bea", "Luis", "Juan"])
    page.get_by_role("link", name="Record hand 1").tap()
    add_meld(page, 0, "K", 7)
    add_meld(page, 0, "Q", 7)
    page.locator("#side-0 label.chip:has(#s0_black3-2)").tap()
    for _ in range(3):  # Bea is caught with three aces
        page.locator("#side-1 [data-card-chips] button[data-count='s1_h0_A']").tap()
    page.locator("#side-1 [data-card-chips] button[data-count='s1_h1_K']").tap()
    expect(page.locator("#preview")).to_contain_text("+1,440")  # 140 + 1000 + two black threes 300
    expect(page.locator("#preview")).to_contain_text("1,570")
    no_sideways_scroll(page)
    save(page)
    expect(page.locator("#hand-1")).to_contain_text("+1,440")


def test_ticking_bolivia_moves_the_target_box_to_15000_and_back(page: Page, live_server: str):
    page.goto(live_server + "/games/new/samba?players=4&sides=2")
    target = page.locator("#target")
    expect(target).to_have_value("10000")
    page.locator("details.house summary").tap()
    page.locator("#opt_bolivia").tap()
    expect(target).to_have_value("15000")
    page.locator("#opt_bolivia").tap()
    expect(target).to_have_value("10000")
    page.fill("#target", "12000")  # a target typed stays, whatever the switch
    page.locator("#opt_bolivia").tap()
    expect(target).to_have_value("12000")
    for seat, name in enumerate(["Ana", "Bea", "Luis", "Juan"]):
        page.fill(f"#seat_{seat}", name)
    page.fill("#target", "15000")
    page.locator("form button[type=submit].primary").tap()
    expect(page.locator("main")).to_contain_text("Game to 15,000")
