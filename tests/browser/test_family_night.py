"""A Burraco club night at phone size: the director chooses Burraco and the form proposes the federation's
table for rounds of three hands; two tables send their hands as halves through the API (as the pairs'
phone apps would), and the night's page shows each table's score sheet (each line's hands, points,
difference and victory points, signed by both pairs) without a sideways scroll, on phones and on the TV."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
from .test_club_night import call, get
from .test_journeys import no_sideways_scroll

PAIRS = [("Ada", "Bruno"), ("Carla", "Dario"), ("Elena", "Fabio"), ("Gina", "Ivo")]


def out(meld: int, clean: int = 1) -> dict:
    """Closed with a discard, as the paper sheet writes it: meld + 200 a clean burraco + 100."""
    return {
        "meld_points": meld,
        "canastas": {"clean": clean},
        "hand_points": 0,
        "packet": "taken",
        "went_out": "discard",
    }


def stay(meld: int, clean: int = 0, held: int = 0) -> dict:
    """Did not close: meld + 200 a clean burraco - the cards held."""
    return {"meld_points": meld, "canastas": {"clean": clean}, "hand_points": held, "packet": "taken"}


#: Table 1 (Ada & Bruno against Elena & Fabio): 375 | 175; 40 | 345; 360 | 190: 775 against 710, 65: 11-9.
#: Table 2 (Carla & Dario against Gina & Ivo): 360 | 220; 25 | 350; 350 | 350: 735 against 920, 185: 8-12.
HANDS = {
    1: [(out(75), stay(35, clean=1, held=60)), (stay(50, held=10), out(45)), (out(60), stay(40, clean=1, held=50))],
    2: [(out(60), stay(45, clean=1, held=25)), (stay(30, held=5), out(50)), (out(50), stay(150, clean=1))],
}


def play_table(card: str, hands: list) -> None:
    """Each pair's half of each hand from its own token, then both words (as two phone apps would)."""
    entry = get(card)
    tokens = re.findall(r'href="/s/([\w-]+)"', entry)
    game = card.split("/night/")[0] + "/api/v1/games/" + re.search(r'href="/g/([\w-]+)"', entry).group(1)
    for number, halves in enumerate(hands, start=1):
        for side, token in enumerate(tokens):
            assert (
                call(f"{game}/hands/{number}/halves/{side}", "PUT", {"entry": halves[side], "version": 0}, token) == 200
            )
        for side, token in enumerate(tokens):
            assert call(f"{game}/hands/{number}/words/{side}", "POST", {"agreed": True, "version": 1}, token) == 200


def test_a_burraco_night_shows_each_tables_score_sheet_on_a_phone(page: Page, live_server: str, browser: Browser):
    page.goto(live_server + "/nights/new")
    page.select_option("#ruleset", "burraco")
    page.get_by_role("button", name="Show these rules' house rules").tap()
    expect(page.locator("input[name=scoring][value=burraco_3]")).to_be_checked()  # rounds of 3 hands: its table
    expect(page.locator("input[name=scoring][value=scale]")).not_to_be_checked()
    page.fill("#name", "Burraco del martedì")
    page.fill("#rounds", "1")
    page.locator("label.choice:has(input[name=recording][value=halves])").tap()
    no_sideways_scroll(page)
    page.screenshot(path="test-results/family-night-new-390.png", full_page=True)
    page.get_by_role("button", name="Start the night").tap()
    expect(page.locator("#pairs")).to_be_visible()
    board = page.url.split("#")[0]
    for first, second in PAIRS:
        page.fill("#first", first)
        page.fill("#second", second)
        page.get_by_role("button", name="Add the pair").tap()
        expect(page.locator("ol.pairs")).to_contain_text(f"{first} & {second}")
    public = live_server + re.search(r"/night/[\w-]+", page.content()).group(0)
    page.get_by_role("button", name="Draw the first round").tap()
    expect(page.locator("#tables h2")).to_contain_text("Round 1")

    follower = browser.new_context(**PHONE, locale="en-GB").new_page()
    follower.goto(public)
    page.goto(board + "/cards")
    cards = [live_server + path for path in dict.fromkeys(re.findall(r"/night/t/[\w-]+/\d", page.content()))]
    for number, card in enumerate(cards, start=1):
        play_table(card, HANDS[number])

    sheet = follower.locator("#sheet-1")
    expect(sheet).to_contain_text("Signed: each pair agreed the other's halves", timeout=2500)
    expect(sheet.locator("tbody tr").first).to_have_text(
        re.compile(r"Ada & Bruno\s*\+375 \+40 \+360\s*775\s*\+65\s*11")
    )
    expect(sheet.locator("tbody tr").nth(1)).to_have_text(
        re.compile(r"Elena & Fabio\s*\+175 \+345 \+190\s*710\s*\u221265\s*9")
    )
    expect(follower.locator("#sheet-2 tbody tr").nth(1)).to_have_text(re.compile(r"Gina & Ivo[\s\S]*920\s*\+185\s*12"))
    expect(follower.locator("#standings tbody tr").first).to_contain_text("Gina & Ivo")
    follower.screenshot(path="test-results/family-night-public-390.png", full_page=True)
    no_sideways_scroll(follower)
    page.goto(board)
    expect(page.locator("#sheet-2")).to_contain_text("Carla & Dario")
    page.screenshot(path="test-results/family-night-board-390.png", full_page=True)
    no_sideways_scroll(page)

    spanish = browser.new_context(**PHONE, locale="es-ES").new_page()
    spanish.goto(public)
    expect(spanish.locator("#sheet-1")).to_contain_text("Firmado: cada pareja dio por buena la mitad de la otra")
    expect(spanish.locator("#sheet-1 thead")).to_contain_text("PV")
    spanish.screenshot(path="test-results/family-night-public-390-es.png", full_page=True)
    no_sideways_scroll(spanish)

    tv = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB").new_page()
    tv.goto(public + "/tv")
    expect(tv.locator(".tv-seating")).to_contain_text("775 – 710")
    expect(tv.locator(".tv-seating")).to_contain_text("11 – 9")
    tv.screenshot(path="test-results/family-night-tv.png")
