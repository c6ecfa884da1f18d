"""Burraco at the table, on a phone: three hands typed on the hand form, runs and sets card by card and then
the paper sheet's way, each read back on the sheet with the right totals."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .test_journeys import add_meld, no_sideways_scroll, save

SUITS = "SHDC"  # the order of the suit chips
PACKETS = ("taken", "not_taken", "taken_unplayed")


def start_burraco(page: Page, base: str) -> None:
    """A Burraco game of two pairs, started on the new-game page as a table starts one."""
    page.goto(f"{base}/games/new/burraco?players=4&sides=2")
    for seat, name in enumerate(("Ana", "Bea", "Luis", "Juan")):
        page.fill(f"#seat_{seat}", name)
    page.locator("form button[type=submit].primary").tap()
    expect(page.locator(".sheet")).to_be_visible()
    expect(page.locator("h1")).to_contain_text("Burraco")


def place(rank: str, *, high: bool) -> int:
    """A rank's place on a run's row of cards: an ace is 1 at the low end, 14 at the high end ("A+" too)."""
    if rank in ("A", "A+"):
        return 14 if high or rank == "A+" else 1
    return ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K").index(rank) + 2


def run(page: Page, side: int, row: int, suit: str, low: str, high: str, wild_as: str = "", two: bool = False) -> None:
    """A run as a player taps it: its suit chip, its lowest and its highest card on the row of cards, and the
    place its wild card stands in, on the joker's row or the two's."""
    p = f"s{side}_r{row}"
    more = page.locator(f"#side-{side} details.more-runs")
    if row >= 3 and more.get_attribute("open") is None:
        more.locator("summary").tap()
    page.locator(f"#side-{side} label.chip:has(#{p}_suit-{SUITS.index(suit)})").tap()
    page.locator(f"#{p} [data-run-ends] button[data-place='{place(low, high=False)}']").tap()
    page.locator(f"#{p} [data-run-ends] button[data-place='{place(high, high=True)}']").tap()
    if wild_as:
        jokers = page.locator(f"#{p} [data-run-wild] [data-kind='JK']").count()
        kind = "JK" if jokers and not two else "2"
        wild_at = place(wild_as, high=low != "A")
        page.locator(f"#{p} [data-run-wild] [data-kind='{kind}'] button[data-place='{wild_at}']").tap()


def discard(page: Page, side: int, card: str) -> None:
    """The card discarded to go out, tapped: its suit, then its rank ("7C": clubs, then 7; "JK": the joker)."""
    buttons = f"#side-{side} [data-discard]"
    if card != "JK":
        page.locator(f"{buttons} button[data-suit='{card[-1]}']").tap()
    page.locator(f"{buttons} button[data-rank='{card if card == 'JK' else card[:-1]}']").tap()


def packet(page: Page, side: int, what: str) -> None:
    page.locator(f"#side-{side} label.chip:has(#s{side}_packet-{PACKETS.index(what)})").tap()


def closes(page: Page, side: int) -> None:
    page.locator(f"#side-{side} label.chip:has(#out-{side})").tap()


def held(page: Page, side: int, *keys: str) -> None:
    for key in keys:
        page.locator(f"#side-{side} [data-card-chips] button[data-count='s{side}_h_{key}']").tap()


def test_a_burraco_game_of_three_hands_card_by_card_and_on_paper(page: Page, live_server: str):
    start_burraco(page, live_server)
    expect(page.locator("main")).to_contain_text("No first-meld minimum in this game.")

    # Hand 1. Ana & Luis close with the seven of clubs: 4H-10H clean (50, 200), 3S-9S with a joker as the six
    # (70, dirty 100), three kings (30), closing 100 = 550. Bea & Juan never took their pozzetto (-100): four
    # sevens and a two (40), AD-5D with its own two (50), an ace, a three and a joker held (50) = -60.
    page.get_by_role("link", name="Record hand 1").tap()
    closes(page, 0)
    discard(page, 0, "7C")
    packet(page, 0, "taken")
    run(page, 0, 0, "H", "4", "10")
    run(page, 0, 1, "S", "3", "9", wild_as="6")
    add_meld(page, 0, "K", 3)
    packet(page, 1, "not_taken")
    add_meld(page, 1, "7", 4, twos=1)
    run(page, 1, 0, "D", "A", "5")
    held(page, 1, "A", "3", "JOKER")
    expect(page.locator("#preview")).to_contain_text("+550")
    expect(page.locator("#preview")).to_contain_text("−60")
    no_sideways_scroll(page)
    page.screenshot(path="test-results/burraco-hand-1.png", full_page=True)
    save(page)
    expect(page.locator("#hand-1")).to_contain_text("+550")
    expect(page.locator("#hand-1")).to_contain_text("−60")

    # Hand 2. Bea & Juan close: 3D-9D and a joker as the ten, semi-clean (75, 150), three eights (30), closing
    # 100 = 355. Ana & Luis: five aces and a two (95), 5C-8C (25), a king and a queen held (20) = 100.
    page.get_by_role("link", name="Record hand 2").tap()
    closes(page, 1)
    packet(page, 1, "taken")
    run(page, 1, 0, "D", "3", "10", wild_as="10")
    add_meld(page, 1, "8", 3)
    packet(page, 0, "taken")
    add_meld(page, 0, "A", 5, twos=1)
    run(page, 0, 0, "C", "5", "8")
    held(page, 0, "K", "Q")
    expect(page.locator("#preview")).to_contain_text("+355")
    expect(page.locator("#preview")).to_contain_text("+100")
    save(page)
    expect(page.locator("#hand-2")).to_contain_text("+355")
    page.locator("#hand-2 > summary").tap()
    expect(page.locator("#hand-2")).to_contain_text("1 semi-clean")

    # Hand 3, the paper sheet's way. Ana & Luis close with 200 melded, a clean and a dirty burraco: 200 + 300
    # + 100 = 600. Bea & Juan melded 60 and hold 35: 25.
    page.get_by_role("link", name="Record hand 3").tap()
    closes(page, 0)
    page.locator("#side-0 .mode label", has_text="Quick").tap()
    packet(page, 0, "taken")
    page.fill("#s0_q_meld_points", "200")
    page.fill("#s0_q_natural", "1")
    page.fill("#s0_q_mixed", "1")
    page.locator("#side-1 .mode label", has_text="Quick").tap()
    packet(page, 1, "taken")
    page.fill("#s1_q_meld_points", "60")
    page.fill("#s1_q_hand_points", "35")
    expect(page.locator("#preview")).to_contain_text("+600")
    no_sideways_scroll(page)
    save(page)
    expect(page.locator("#hand-3")).to_contain_text("+600")
    expect(page.locator(".sheet-row.foot")).to_contain_text("1,250")  # 550 + 100 + 600
    expect(page.locator(".sheet-row.foot")).to_contain_text("320")  # -60 + 355 + 25
    no_sideways_scroll(page)
    page.screenshot(path="test-results/burraco-sheet.png", full_page=True)


def test_a_side_that_forgets_its_pozzetto_is_told_at_the_pozzetto(page: Page, live_server: str):
    start_burraco(page, live_server)
    page.get_by_role("link", name="Record hand 1").tap()
    packet(page, 0, "taken")
    run(page, 0, 0, "H", "4", "10")
    expect(page.locator("#preview")).to_contain_text("Say what became of the pozzetto")
    save(page)
    expect(page.locator("#side-1 .packet + p.error")).to_contain_text("Say what became of the pozzetto")
    expect(page.locator("#s0_r0_low")).to_have_value("4")  # what was typed stays
