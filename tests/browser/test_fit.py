"""Every page fits every phone: 320 px wide, and 390 px with the phone's text at 200 %, 200 % chosen on the
settings page at 390 and 320 px, in every language;
Save and "Record hand N" are always on screen."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from ..test_night_pages import SETTINGS
from .test_phone import small_targets

NIGHT = {**SETTINGS, "handicap": ""}
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


def poster(page: Page, base: str) -> Callable[..., str]:
    """Send a form as a phone does, its CSRF token read from the page at ``read`` (or at ``path``); the address
    the answer sends the phone on to."""

    def post(path: str, form: dict[str, str], read: str | None = None) -> str:
        shown = page.request.get(base + (read or path)).text()
        token = re.search(r'name="csrf_token" value="([^"]+)"', shown).group(1)
        answer = page.request.post(base + path, form={**form, "csrf_token": token}, max_redirects=0)
        assert answer.status in (302, 303), (path, answer.status)
        return answer.headers.get("location", "")

    return post


def night_pages(page: Page, base: str) -> list[str]:
    """A club night with four pairs and its first round drawn (made through its forms, CSRF token and all):
    the director's board, the night's standings, a table's card; the standings in match points, whose
    heading is the longest word ("Matchpunkte")."""

    post = poster(page, base)
    board = urlsplit(post("/nights/new", NIGHT)).path
    for first, second in (("Ana María", "Luis"), ("Bea", "Juan"), ("Cris", "Dani"), ("Eva", "Fede")):
        post(board + "/pairs", {"first": first, "second": second})
    post(board + "/rounds", {"reason": ""})
    public = re.search(r"/night/[\w-]+", page.request.get(base + board).text()).group(0)
    card = re.search(r"/night/t/[\w-]+/1", page.request.get(base + board + "/cards").text()).group(0)
    return [board, public, card]


#: A club's pairs with names as long as a club's roster has them (German's long words among them).
CLUB_PAIRS = [
    ("María Dolores Fernández-Villaverde", "Hans-Joachim Schwarzenberger"),
    ("Anneliese Oberhausmeister", "José Manuel Rodríguez Castañeda"),
    ("Bartholomäus Kieselbach", "Mariángeles Etxeberría"),
    ("Friederike Wolkenstein", "Inmaculada Concepción Bustamante"),
    ("Gustav Ebersbach", "Maximiliane Hohenfels"),
]
#: A club's night by victory points over two rounds, named as a club names its championship.
CLUB_NIGHT = {**NIGHT, "name": "Vereinsmeisterschaft Frühjahrsturnier", "scoring": "scale", "rounds": "2"}
#: Each table's result as the director sets it, round after round.
RESULTS = (("1450", "820"), ("985", "1210"))


def club_pages(page: Page, base: str) -> list[str]:
    """A club of ten members with long names and a season of two nights by victory points, made through their
    forms: the first night played to its end, the second (by halves, with handicaps, a pair sitting out) in
    its second round, where a table waits for a pair's half. The club's page, a member's, and the second
    night's board, standings, a pair's page, its first round, its door and its TV."""
    post = poster(page, base)
    club = urlsplit(post("/clubs/new", {"name": "Club de Canasta del Barrio de Salamanca", "grade_k": "0.1"})).path
    for name in (name for pair in CLUB_PAIRS for name in pair):
        post(club + "/members", {"name": name, "number": "", "grade": ""}, read=club)

    def night(settings: dict[str, str], pairs: list[tuple[str, str]], rounds: int) -> str:
        board = urlsplit(post(club + "/nights/new", settings)).path
        for first, second in pairs:
            post(board + "/pairs", {"first": first, "second": second}, read=board)
        for number in range(1, rounds + 1):
            post(board + "/rounds", {"reason": ""}, read=board)
            seated = re.findall(rf"/rounds/{number}/tables/(\d+)/fix", page.request.get(base + board).text())
            for table, (ours, theirs) in zip(sorted(set(seated)), RESULTS, strict=True):
                fixed = {"north_south": ours, "east_west": theirs, "reason": "as on the sheet"}
                post(f"{board}/rounds/{number}/tables/{table}/fix", fixed, read=board)
        return board

    night({**CLUB_NIGHT, "held_on": "2026-03-03"}, CLUB_PAIRS[:4], 2)
    second = {**CLUB_NIGHT, "held_on": "2026-03-10", "recording": "halves", "handicap": "1"}
    board = night(second, CLUB_PAIRS, 1)
    post(board + "/rounds", {"reason": ""}, read=board)
    shown = page.request.get(base + board).text()
    public = re.search(r"/night/[\w-]+", shown).group(0)
    door = re.search(r"/night/[\w-]+/join/[\w-]+", shown).group(0)
    cards = re.findall(r"/night/t/[\w-]+/\d+", page.request.get(base + board + "/cards").text())
    seated = (re.findall(r'href="/s/([\w-]+)"', page.request.get(base + card).text()) for card in cards)
    side = next(tokens for tokens in seated if tokens)[0]  # north-south's, at the first table with a game
    game = re.search(r'href="/g/([\w-]+)"', page.request.get(f"{base}/s/{side}").text()).group(1)
    half = {"entry": HAND[0], "version": 0}
    sent = page.request.put(f"{base}/api/v1/games/{game}/hands/1/halves/0", data=half, headers={"X-Side-Token": side})
    assert sent.ok, sent.text()
    roster = page.request.get(base + club).text()
    member = re.search(rf'href="(/c/[\w-]+/members/\d+)">{CLUB_PAIRS[0][0]}<', roster).group(1)
    return [club, member, board, public, f"{public}/pair/1", f"{public}/rounds/1", door, f"{public}/tv"]


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


#: The boxes of many-column tables whose table is wider than the box (it scrolls in it).
TABLE_BOXES_SCROLLED = """() => [...document.querySelectorAll('.table-wrap')]
  .filter(box => box.scrollWidth > box.clientWidth + 1).map(box => box.getAttribute('aria-label'))"""
#: The header's height at most, at any width and text size: two rows of tap targets (the name, the rules and Aa;
#: the languages) and their spacing, as at 100 % on a phone of 320 px.
HEADER_MOST = 110
HEADER_HEIGHT = "(document.querySelector('header.top') || {offsetHeight: 0}).offsetHeight"
#: Words broken across two lines although they fit on a line of the page (main's width inside its margins): a
#: word breaks only where it cannot fit (where the language allows, with hyphens: auto), never because a table's
#: column or a box squeezed it, nor to leave a letter or two on a line of their own ("clasificació / n").
#: Soft hyphens, hyphens and dashes are where a word may break.
BROKEN_WORDS = r"""() => {
  const main = document.querySelector('main');
  const style = getComputedStyle(main);
  const line = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const broken = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('thead, .visually-hidden, [hidden]')) continue;
    for (const word of node.data.matchAll(/[^\s\u00ad\-\u2010-\u2015\/·&,.;:()]+/gu)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const boxes = [...range.getClientRects()].filter(box => box.width > 0);
      const width = boxes.reduce((sum, box) => sum + box.width, 0);
      if (new Set(boxes.map(box => Math.round(box.top))).size > 1 && width <= line) broken.push(word[0]);
    }
  }
  return broken;
}"""
#: Per cent signs alone at the start of a line, their number at the end of the line before.
LONE_PERCENT = r"""() => {
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const box = (node, at) => { range.setStart(node, at); range.setEnd(node, at + 1); return range.getClientRects()[0]; };
  const lone = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const sign of node.data.matchAll(/(\S)\s+%/g)) {
      const number = box(node, sign.index), percent = box(node, sign.index + sign[0].length - 1);
      if (number && percent && percent.top > number.bottom - 1) lone.push(sign[0]);
    }
  }
  return lone;
}"""
#: The heights on screen of a chart's labels (a member's grades and the nights' dates) smaller than the page's
#: small print (14 px: the 18 px text's .8).
SMALL_CHART_LABELS = """[...document.querySelectorAll('.chart text')]
  .map(label => label.getBoundingClientRect().height).filter(height => height < 14)"""
#: The lines of the TV's standings' headings (the points' heading is the longest), in a TV's own size.
TV_HEADING_LINES = """() => [...document.querySelectorAll('.tv-standings thead th')].map(th => {
  const range = document.createRange();
  range.selectNodeContents(th);
  return [th.textContent.trim(), new Set([...range.getClientRects()].map(box => Math.round(box.top))).size];
})"""
TV_SIZES = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})
#: The five ways a page must fit, each (width, text): 320 and 390 px with the usual text; 200 % chosen on the
#: settings page at 320 and at 390 px; 390 px with the phone's own text at 200 %.
FITS = ((320, "usual"), (390, "usual"), (320, "setting"), (390, "setting"), (390, "phone"))
#: The settings page's 200 % as the server writes it into the page (the ``display`` cookie's ``text-200``),
#: and the phone's own 200 % (its larger default text), put on the page in place.
SETTING_200 = "document.documentElement.classList.replace('text-100', 'text-200')"
PHONE_200 = f"""() => {{
  document.documentElement.classList.replace('text-200', 'text-100');
  const style = document.createElement('style');
  style.textContent = {LARGE_TEXT!r};
  document.head.append(style);
}}"""


@pytest.mark.parametrize("language", ["es", "en", "pt_BR", "it", "de"])
def test_no_page_scrolls_sideways(browser: Browser, live_server: str, language: str):
    """Every page, in each of the five ways of FITS, read from one load of the page: the text sizes put on it
    as the settings page's cookie and the phone's own size make them, the width changed in place. With the usual
    text every control is a finger wide; with 200 % chosen the sheet's totals are each on one
    line; at 390 px with the phone's text at 200 % the red threes' + stays on screen. The header is never
    taller than two rows of tap targets. On a club's and a night's pages (the club's, a member's, a night's
    board, standings, a pair's page, a round's page, the door and the TV, with a season's long names), no word
    that fits on a line is broken, no per cent sign is alone on a line and a member's chart is labelled in
    readable type; on a TV, the standings' headings take two lines at most."""
    context = browser.new_context(
        viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True, bypass_csp=True
    )
    context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
    page = context.new_page()
    game = long_game(page, live_server, 2, recording="halves")
    wide: dict[str, int] = {}
    wrapped: dict[str, list[str]] = {}
    tall: dict[str, int] = {}
    broken: dict[str, list[str]] = {}
    lone: dict[str, list[str]] = {}
    small: dict[str, list[float]] = {}
    club = club_pages(page, live_server)
    pages = [*pages_of(game), *family_pages(page, live_server), *night_pages(page, live_server), *club]
    for path in [*pages, f"/e/{game['edit_token']}/hands/new"]:
        page.set_viewport_size({"width": 320, "height": 640})
        page.goto(live_server + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        for width, text in FITS:
            where = f"{path} at {width} px, text {text}"
            if width != page.viewport_size["width"]:
                page.set_viewport_size({"width": width, "height": 844})
            if text == "setting":
                page.evaluate(SETTING_200)
            elif text == "phone":
                page.evaluate(PHONE_200)
            scrolled = page.evaluate("document.documentElement.scrollWidth")
            if scrolled > width:
                wide[where] = scrolled
            if text == "usual":
                assert small_targets(page) == [], where
                assert page.evaluate(TABLE_BOXES_SCROLLED) == [], where  # only large text scrolls a table's box
            if text == "setting" and page.evaluate(TOTALS_ON_TWO_LINES):
                wrapped[where] = page.evaluate(TOTALS_ON_TWO_LINES)
            if page.evaluate(HEADER_HEIGHT) > HEADER_MOST:
                tall[where] = page.evaluate(HEADER_HEIGHT)
            if path in club and page.evaluate(BROKEN_WORDS):
                broken[where] = page.evaluate(BROKEN_WORDS)
            if path in club and page.evaluate(LONE_PERCENT):
                lone[where] = page.evaluate(LONE_PERCENT)
            if path in club and page.evaluate(SMALL_CHART_LABELS):
                small[where] = page.evaluate(SMALL_CHART_LABELS)
        if path in club[:2]:  # the club's page and a member's, at 390 px with the phone's text at 200 %
            page.screenshot(path=f"test-results/{'member' if path == club[1] else 'club'}-text-200-{language}.png")
        if path == club[-1]:  # the TV, on a TV
            page.goto(live_server + path)
            for size in TV_SIZES:
                page.set_viewport_size(size)
                headings = page.evaluate(TV_HEADING_LINES)
                assert headings, size
                assert all(lines <= 2 for _, lines in headings), (size, headings)
        if path.endswith("/hands/new") and game["edit_token"] in path:  # at 390 px, the phone's text at 200 %
            plus = page.locator("#side-0 label.chip:has(#s0_red3-4)").bounding_box()
            assert plus is not None
            assert plus["x"] + plus["width"] <= 390
            page.screenshot(path=f"test-results/hand-form-text-200-{language}.png", full_page=True)
    context.close()
    assert wide == {}
    assert wrapped == {}
    assert tall == {}
    assert broken == {}
    assert lone == {}
    assert small == {}


def test_record_hand_is_on_screen_on_a_long_sheet_and_save_while_typing(page: Page, live_server: str):
    game = long_game(page, live_server, 15)
    page.goto(f"{live_server}/e/{game['edit_token']}")
    record = page.get_by_role("link", name="Record hand 16")
    expect(record).to_be_in_viewport()
    page.screenshot(path="test-results/long-sheet.png")
    record.tap()
    page.locator("#side-1 details.penalties > summary").scroll_into_view_if_needed()
    expect(page.get_by_role("button", name="Save hand 16")).to_be_in_viewport()
