"""The family's hand form on a phone, by its card buttons: a run is its suit and two taps on one row of cards (the
wild card's place one more), the card discarded to go out two taps named by the reader's suits; and without
JavaScript the same form works with its lists."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
from .test_accessibility import serious_findings
from .test_burraco import closes, discard, packet, run, start_burraco
from .test_journeys import add_meld, no_sideways_scroll, save


def ends(page: Page, row: str) -> str:
    """What a run's lists hold: its lowest card, its highest, the card its wild card stands as, which wild card."""
    wild = page.locator(f"#{row}_wild")
    parts = [page.input_value(f"#{row}_{box}") for box in ("low", "high", "at")]
    return " ".join(parts + ([page.input_value(f"#{row}_wild")] if wild.count() else []))


def card(page: Page, row: str, place: int):
    """A card of a run's row of cards, by its place (1 a low ace, 14 a high ace)."""
    return page.locator(f"#{row} [data-run-ends] button[data-place='{place}']")


def test_a_run_is_two_taps_on_one_row_of_cards_either_way_round_and_a_third_starts_again(page: Page, live_server: str):
    start_burraco(page, live_server)
    page.get_by_role("link", name="Record hand 1").tap()
    row = "s0_r0"
    expect(page.locator(f"#{row}_low")).to_be_hidden()  # no list to open: the row of cards drives it
    page.locator("#side-0 label.chip:has(#s0_r0_suit-1)").tap()
    card(page, row, 10).tap()
    expect(page.locator(f"#{row} [data-run-wild]")).to_be_hidden()  # one end: nothing asked of a wild card yet
    card(page, row, 4).tap()  # the lower card second: the run still goes from 4 to 10
    assert ends(page, row) == "4 10  JK"
    expect(card(page, row, 4)).to_have_attribute("aria-pressed", "true")
    expect(card(page, row, 10)).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f"#{row} [data-run-ends] button.in-run")).to_have_count(5)  # the chosen span: 5 to 9
    # its wild card, a two standing as the six: one tap, on the six of the twos' row (the jokers' row above it)
    expect(page.locator(f"#{row} [data-run-wild] [data-kind='JK'] button:visible")).to_have_count(7)
    expect(page.locator(f"#{row} [data-run-wild] [data-kind='2'] button:visible")).to_have_count(7)
    page.locator(f"#{row} [data-run-wild] [data-kind='2'] button[data-place='6']").tap()
    assert ends(page, row) == "4 10 6 2"
    page.locator(f"#{row} [data-run-wild] [data-kind='JK'] button[data-place='6']").tap()  # a joker after all
    assert ends(page, row) == "4 10 6 JK"
    page.locator(f"#{row} [data-run-wild] [data-kind='JK'] button[data-place='6']").tap()  # no wild card
    assert ends(page, row) == "4 10  JK"
    page.locator(f"#{row} [data-run-wild] [data-kind='2'] button[data-place='6']").tap()
    assert ends(page, row) == "4 10 6 2"
    card(page, row, 8).tap()  # a third tap: a new run from the 8
    assert ends(page, row) == "8   2"
    expect(page.locator(f"#{row} [data-run-wild]")).to_be_hidden()
    card(page, row, 8).tap()  # the same card again: no run
    assert ends(page, row) == "   2"
    # an ace is low or high as tapped, and a natural two stands in its own place with nothing more to say
    card(page, row, 1).tap()
    card(page, row, 3).tap()
    assert ends(page, row) == "A 3  2"  # AH 2H 3H: its two is no wild card
    card(page, row, 14).tap()
    card(page, row, 11).tap()
    assert ends(page, row) == "J A  2"
    no_sideways_scroll(page)


def test_a_hand_with_runs_of_every_kind_tapped_is_scored_as_its_lists_would_be(page: Page, live_server: str):
    # Ana & Luis close on the seven of clubs: 5S-QS with a joker as the 9 (8 cards, but 4 and 3 naturals on
    # either side of the joker: dirty; 15 + 40 + 30 = 85, and 100), 3H-9H clean (25 + 20 = 45, and 200), 10D-AD
    # with the ace high (40 + 15 = 55), closing 100 = 585. Bea & Juan, their pozzetto taken: 6C-8C with a two for
    # the 7 (5 + 20 + 10 = 35), AS-4S with its own two (15 + 20 + 5 + 5 = 45), four queens (40), a king and a
    # joker held (40): 80.
    start_burraco(page, live_server)
    page.get_by_role("link", name="Record hand 1").tap()
    closes(page, 0)
    discard(page, 0, "7C")
    packet(page, 0, "taken")
    run(page, 0, 0, "S", "5", "Q", wild_as="9")
    run(page, 0, 1, "H", "3", "9")
    run(page, 0, 2, "D", "10", "A")
    packet(page, 1, "taken")
    run(page, 1, 0, "C", "6", "8", wild_as="7", two=True)
    run(page, 1, 1, "S", "A", "4")
    add_meld(page, 1, "Q", 4)
    page.locator("#side-1 [data-card-chips] button[data-count='s1_h_K']").tap()
    page.locator("#side-1 [data-card-chips] button[data-count='s1_h_JOKER']").tap()
    expect(page.locator("#live-total")).to_have_text("Ana & Luis +585 · Bea & Juan +80")
    save(page)
    expect(page.locator("#hand-1")).to_contain_text("+585")
    expect(page.locator("#hand-1")).to_contain_text("+80")


def test_the_closing_discard_is_tapped_by_its_suit_named_in_the_readers_language(browser: Browser, live_server: str):
    context = browser.new_context(**PHONE, locale="it-IT")
    page = context.new_page()
    seats = [{"name": "Noi", "players": ["Ana", "Luis"]}, {"name": "Loro", "players": ["Bea", "Juan"]}]
    game = page.request.post(live_server + "/api/v1/games", data={"ruleset": "burraco", "sides": seats}).json()
    page.goto(f"{live_server}/e/{game['edit_token']}/hands/new")
    block = page.locator("#side-0 .closing-discard")
    page.locator("#side-0 label.chip:has(#out-0)").tap()
    expect(block).to_be_visible()
    page.locator("#side-0 label.chip:has(#s0_packet-0)").tap()
    page.locator("#side-1 label.chip:has(#s1_packet-0)").tap()
    expect(page.locator("#s0_discard")).to_be_hidden()  # no letters to type: C is cuori in Italian
    block.get_by_role("button", name="Cuori").tap()
    block.get_by_role("button", name="7", exact=True).tap()
    assert page.input_value("#s0_discard") == "7H"
    block.get_by_role("button", name="Fiori").tap()  # another suit: the same rank in it
    assert page.input_value("#s0_discard") == "7C"
    block.get_by_role("button", name="Jolly").tap()
    assert page.input_value("#s0_discard") == "JK"
    # Burraco never closes on a wild card: said at once
    expect(page.locator("#preview a[href$='family_going_out_on_a_wild_discard']")).to_have_count(1)
    expect(page.locator("#s0_r0 [data-run-ends] button[data-place='1']")).to_have_attribute("aria-label", "A (basso)")
    context.close()


def test_a_card_tapped_as_a_sides_closing_discard_says_the_side_went_out_with_it(page: Page, live_server: str):
    # Ana & Luis close on the nine of diamonds, written down: the card is the going out, no tap on "Went out with a
    # discard". 4H-10H clean (50 + 200), three kings (30), closing 100 = 380; Bea & Juan: four sevens and a two
    # (40), their pozzetto not taken (-100) = -60.
    start_burraco(page, live_server)
    page.get_by_role("link", name="Record hand 1").tap()
    blocks = [page.locator(f"#side-{side} .closing-discard") for side in (0, 1)]
    for block in blocks:
        expect(block).to_be_visible()  # nobody went out yet: either side's card may be the going out
    discard(page, 0, "9D")
    expect(page.locator("#out-0")).to_be_checked()
    expect(page.locator("#s0_packet-0")).to_be_checked()  # going out needs the pozzetto taken, as on the chip
    expect(blocks[1]).to_be_hidden()  # the other side did not go out: its discard is not asked
    page.locator("#side-0 [data-discard] button[data-rank='9']").tap()  # the card taken back: still went out
    assert page.input_value("#s0_discard") == ""
    expect(page.locator("#out-0")).to_be_checked()
    discard(page, 0, "9D")
    run(page, 0, 0, "H", "4", "10")
    add_meld(page, 0, "K", 3)
    packet(page, 1, "not_taken")
    add_meld(page, 1, "7", 4, twos=1)
    save(page)
    expect(page.locator("#hand-1 > summary")).to_contain_text("+380")
    expect(page.locator("#hand-1 > summary")).to_contain_text("\u221260")


def test_on_a_sides_half_the_card_tapped_as_its_closing_discard_says_it_went_out(browser: Browser, live_server: str):
    context = browser.new_context(**PHONE, locale="pt-BR")
    page = context.new_page()
    seats = [{"name": "Nós", "players": ["Ana", "Luis"]}, {"name": "Eles", "players": ["Bea", "Juan"]}]
    game = page.request.post(
        live_server + "/api/v1/games", data={"ruleset": "buraco", "sides": seats, "recording": "halves"}
    ).json()
    page.goto(f"{live_server}/s/{game['side_tokens'][1]}/hands/1")
    expect(page.locator("#out-none")).to_be_checked()  # "we did not go out" until the card says otherwise
    discard(page, 1, "5C")
    expect(page.locator("#out-1")).to_be_checked()  # with a discard, not Buraco's going out without one
    expect(page.locator("#s1_packet-0")).to_be_checked()
    context.close()


def test_a_side_that_goes_out_has_its_packet_taken_and_loses_it_if_the_going_out_moves(page: Page, live_server: str):
    start_burraco(page, live_server)
    page.get_by_role("link", name="Record hand 1").tap()
    packet(page, 1, "not_taken")  # said by the player: it stays whatever happens
    closes(page, 0)
    expect(page.locator("#s0_packet-0")).to_be_checked()  # going out needs the pozzetto taken: one tap fewer
    closes(page, 1)
    expect(page.locator("#s0_packet-0")).not_to_be_checked()  # said by the form, not the player: taken back
    expect(page.locator("#s1_packet-1")).to_be_checked()  # the player said "not taken": the engine will say why
    page.locator("#out-none").check()
    packet(page, 0, "taken_unplayed")
    closes(page, 0)
    expect(page.locator("#s0_packet-2")).to_be_checked()  # said by the player: the form does not change it


def test_more_runs_open_by_themselves_and_a_draft_put_back_shows_on_the_buttons(page: Page, live_server: str):
    start_burraco(page, live_server)
    sheet = page.url
    page.get_by_role("link", name="Record hand 1").tap()
    fold = page.locator("#side-0 details.more-runs")
    run(page, 0, 0, "H", "4", "10", wild_as="6")
    run(page, 0, 1, "S", "A", "3")
    expect(fold).not_to_have_attribute("open", "")
    run(page, 0, 2, "C", "J", "A")
    expect(fold).to_have_attribute("open", "")  # three runs: the fourth row is there without a tap
    kept = """() => Object.keys(localStorage).some(k => k.startsWith('draft:')
        && localStorage.getItem(k).includes('["s0_r2_high","A"]'))"""
    page.wait_for_function(kept)  # the draft, kept on the phone as each tap changes the form
    page.goto(sheet)  # the phone was put away; the recorder comes back to the form
    page.get_by_role("link", name="Record hand 1").tap()
    page.locator("#draft-offer").get_by_role("button", name="Put it back").tap()
    expect(page.locator("#s0_r0 [data-run-ends] button[aria-pressed=true]")).to_have_count(2)
    expect(page.locator("#s0_r0 [data-run-wild] [data-kind='JK'] button[data-place='6']")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator("#s0_r2 [data-run-ends] button[data-place='14']")).to_have_attribute("aria-pressed", "true")


def test_the_family_hand_form_works_with_javascript_off(browser: Browser, live_server: str):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    start_burraco(page, live_server)
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.locator("#s0_r0 [data-run-ends]")).to_be_hidden()  # the buttons need the script: the lists stay
    page.check("#out-0")
    page.select_option("#s0_discard", "7C")
    page.check("#s0_packet-0")
    page.locator("#side-0 label.chip:has(#s0_r0_suit-1)").click()
    page.select_option("#s0_r0_low", "4")
    page.select_option("#s0_r0_high", "10")
    page.fill("#s0_m_K_n", "3")
    page.check("#s1_packet-1")
    page.fill("#s1_m_7_n", "4")
    page.fill("#s1_m_7_t", "1")
    no_sideways_scroll(page)
    save(page)
    expect(page.locator("#hand-1 > summary")).to_contain_text("+380")  # 50 + 200 + 30 + 100
    expect(page.locator("#hand-1 > summary")).to_contain_text("\u221260")  # 40 - 100
    context.close()


def test_the_card_buttons_have_no_serious_accessibility_finding(browser: Browser, live_server: str):
    """The hand form with a run's ends and wild card tapped and the closing discard's buttons shown: Burraco in
    Italian and Buraco in Portuguese, in the light and the dark theme (axe: no serious or critical finding)."""
    found = {}
    for ruleset, locale in (("burraco", "it-IT"), ("buraco", "pt-BR")):
        for theme in ("light", "dark"):
            context = browser.new_context(**PHONE, bypass_csp=True, locale=locale)
            context.add_cookies([{"name": "display", "value": f"{theme}.100", "url": live_server}])
            page = context.new_page()
            seats = [{"name": "Noi", "players": ["Ana", "Luis"]}, {"name": "Loro", "players": ["Bea", "Juan"]}]
            game = page.request.post(live_server + "/api/v1/games", data={"ruleset": ruleset, "sides": seats}).json()
            page.goto(f"{live_server}/e/{game['edit_token']}/hands/new")
            page.locator("#side-0 label.chip:has(#out-0)").tap()
            run(page, 0, 0, "H", "4", "10", wild_as="6")
            discard(page, 0, "7C")
            findings = serious_findings(page)
            if findings:
                found[(ruleset, theme)] = findings
            context.close()
    assert found == {}
