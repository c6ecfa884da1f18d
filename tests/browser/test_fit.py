"""Every page fits every phone: 320 px wide, and 390 px with the phone's text at 200 %, 200 % chosen on the
settings page at 390 and 320 px, in every language;
Save and "Record hand N" are always on screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .test_phone import small_targets

LARGE_TEXT = "html { font-size: 225% !important; }"  # the 18px base at twice its size
HAND = [{"melds": [{"rank": "K", "naturals": 3}], "red_threes": 1}, {"melds": [{"rank": "Q", "naturals": 3}]}]


def long_game(page: Page, base: str, hands: int, recording: str = "one") -> dict:
    """A Spanish traditional game with ``hands`` hands, made through the API (by halves: each side's link
    too, and the hands wait for every side's agreement)."""
    table = {
        "recording": recording,
        "ruleset": "es_tradicional",
        "sides": [
            {"name": "Nosotras", "players": ["Ana María", "Carmen"]},
            {"name": "Ellos", "players": ["Luis", "Juan"]},
        ],
    }
    game = page.request.post(base + "/api/v1/games", data=table).json()
    for number in range(hands):
        page.request.post(
            f"{base}/api/v1/games/{game['id']}/hands",
            data={"expected_hands": number, "sides": HAND},
            headers={"X-Edit-Token": game["edit_token"]},
        )
    return game


#: A Burraco hand as the API takes it: runs and a set, the pozzetto, the closing discard.
FAMILY_HAND = [
    {
        "went_out": "discard",
        "closing_discard": "7C",
        "packet": "taken",
        "melds": [{"cards": ["4H", "5H", "6H", "7H", "8H", "9H", "10H"]}, {"rank": "K", "naturals": 3}],
    },
    {"packet": "not_taken", "melds": [{"cards": ["AD", "2D", "3D"]}], "hand": {"A": 1, "3": 1}},
]


def family_pages(page: Page, base: str) -> list[str]:
    """A Burraco game with a hand (made through the API) and a Buraco game: their hand forms, the fix of the
    hand, the sheet and the table view."""
    seats = [{"name": "Nosotras", "players": ["Ana María", "Carmen"]}, {"name": "Ellos", "players": ["Luis", "Juan"]}]
    burraco = page.request.post(base + "/api/v1/games", data={"ruleset": "burraco", "sides": seats}).json()
    page.request.post(
        f"{base}/api/v1/games/{burraco['id']}/hands",
        data={"expected_hands": 0, "sides": FAMILY_HAND},
        headers={"X-Edit-Token": burraco["edit_token"]},
    )
    buraco = page.request.post(base + "/api/v1/games", data={"ruleset": "buraco", "sides": seats}).json()
    edit = f"/e/{burraco['edit_token']}"
    return [
        edit,
        f"{edit}/hands/new",
        f"{edit}/hands/1",
        f"/g/{burraco['id']}/table",
        f"/e/{buraco['edit_token']}/hands/new",
    ]


def pages_of(game: dict) -> list[str]:
    edit, public = f"/e/{game['edit_token']}", f"/g/{game['id']}"
    return [
        "/",
        "/games/new",
        "/games/new/es_tradicional?players=4&sides=2",
        edit,
        f"{edit}/hands/new",
        f"{edit}/hands/1",
        public,
        f"{public}/table",
        f"{edit}/share",
        f"{public}/rules",
        "/rules/melds",
        "/rules/search?q=tres",
        "/tools/pile",
        "/tools/go-out",
        "/games/import",
        "/groups/new",
        "/nights/new",
        "/clubs/new",
        f"{edit}/recording",
        *(f"/s/{token}" for token in game.get("side_tokens", ())),  # a game by halves: each side's page
        *(f"/s/{token}/hands/3" for token in game.get("side_tokens", ())[:1]),  # and its half of hand 3
    ]


#: Sheet totals are on one line when their box is no taller than a line and a half of their text.
TOTALS_ON_TWO_LINES = """() => [...document.querySelectorAll('.sheet .cell .score, .sheet .cell .total')]
  .filter(e => e.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(e).fontSize))
  .map(e => e.textContent)"""


@pytest.mark.parametrize("language", ["es", "en", "pt_BR", "it", "de"])
@pytest.mark.parametrize(("width", "text"), [(320, "usual"), (390, "phone"), (390, "setting"), (320, "setting")])
def test_no_page_scrolls_sideways(browser: Browser, live_server: str, language: str, width: int, text: str):
    """At 320 px wide; at 390 px with the phone's own text at 200 % (then also the red threes' + on screen);
    with 200 % chosen on the settings page at 390 and 320 px (then the sheet's totals each on one line)."""
    context = browser.new_context(
        viewport={"width": width, "height": 640 if width == 320 else 844},
        is_mobile=True,
        has_touch=True,
        bypass_csp=text == "phone",  # only to inject the larger text
    )
    context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
    if text == "setting":
        context.add_cookies([{"name": "display", "value": "auto.200", "url": live_server}])
    page = context.new_page()
    game = long_game(page, live_server, 2, recording="halves")
    wide, wrapped = {}, {}
    for path in pages_of(game) + family_pages(page, live_server):
        page.goto(live_server + path)
        if text == "phone":
            page.add_style_tag(content=LARGE_TEXT)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        scrolled = page.evaluate("document.documentElement.scrollWidth")
        if scrolled > width:
            wide[path] = scrolled
        if text == "usual":
            assert small_targets(page) == [], path
        if text == "setting" and page.evaluate(TOTALS_ON_TWO_LINES):
            wrapped[path] = page.evaluate(TOTALS_ON_TWO_LINES)
    if text != "usual":
        page.goto(f"{live_server}/e/{game['edit_token']}/hands/new")
        if text == "phone":
            page.add_style_tag(content=LARGE_TEXT)
        plus = page.locator("#side-0 label.chip:has(#s0_red3-4)").bounding_box()
        assert plus["x"] + plus["width"] <= width
        page.screenshot(path=f"test-results/hand-form-text-200-{text}-{width}-{language}.png", full_page=True)
    context.close()
    assert wide == {}
    assert wrapped == {}


def test_record_hand_is_on_screen_on_a_long_sheet_and_save_while_typing(page: Page, live_server: str):
    game = long_game(page, live_server, 15)
    page.goto(f"{live_server}/e/{game['edit_token']}")
    record = page.get_by_role("link", name="Record hand 16")
    expect(record).to_be_in_viewport()
    page.screenshot(path="test-results/long-sheet.png")
    record.tap()
    page.locator("#side-1 details.penalties > summary").scroll_into_view_if_needed()
    expect(page.get_by_role("button", name="Save hand 16")).to_be_in_viewport()
