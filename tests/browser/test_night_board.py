"""The director's board and the table cards on phones and a laptop: cards printed before any pair has come,
whose codes open their tables' games once the round is drawn; the board saying, live, which table waits for
what (a hand disputed, with the pair's remark; a pair's half still to come), each line its table's game."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
from .test_club_night import call, get
from .test_journeys import no_sideways_scroll

SHOTS = Path("test-results")
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def start(page: Page, live_server: str, *, halves: bool = False, hands: int = 1) -> str:
    page.goto(live_server + "/nights/new")
    page.fill("#name", "Martes del club")
    page.fill("#round_length", str(hands))
    if halves:
        page.locator("label.choice:has(input[name=recording][value=halves])").tap()
    page.get_by_role("button", name="Start the night").tap()
    expect(page.locator("#pairs")).to_be_visible()
    return page.url.split("#")[0]


def add_pairs(page: Page, pairs: list[tuple[str, str]]) -> None:
    for first, second in pairs:
        page.fill("#first", first)
        page.fill("#second", second)
        page.get_by_role("button", name="Add the pair").tap()
        expect(page.locator("ol.pairs")).to_contain_text(f"{first} & {second}")


def test_cards_printed_before_any_pair_open_their_tables_games_once_the_round_is_drawn(
    page: Page, live_server: str, browser: Browser
):
    board = start(page, live_server)
    page.get_by_role("link", name="Table cards to print").tap()
    page.locator("input#tables").fill("6")  # the board also has a section #tables: wait for the cards form
    page.get_by_role("button", name="Show the cards").tap()
    expect(page.locator(".table-card")).to_have_count(6)
    no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / "cards-en-390.png"))
    cards = list(dict.fromkeys(re.findall(r"/night/t/[\w-]+/\d+", page.content())))
    assert len(cards) == 6

    table = browser.new_context(**PHONE, locale="en-GB").new_page()  # a phone scans card 1 before the round
    table.goto(live_server + cards[0])
    expect(table.locator(".notice")).to_contain_text("The first round has not been drawn yet. Wait here")
    table.screenshot(path=str(SHOTS / "card-waiting-en-390.png"))
    page.goto(board)
    add_pairs(page, [("Ana", "Luis"), ("Bea", "Juan")])
    page.get_by_role("button", name="Draw the first round").tap()
    expect(page.locator("#table-1")).to_contain_text("Ana & Luis")
    game = re.search(r'href="(/e/[\w-]+)">Its game', page.content()).group(1)
    table.wait_for_url(re.compile(re.escape(game)), timeout=4000)  # the waiting card's page opened the game
    table.context.close()

    refused = page.goto(board + "/cards?tables=501")
    assert refused is not None
    assert refused.status == 400
    expect(page.locator("#tables")).to_have_value("501")
    expect(page.locator("[role=alert]")).to_contain_text("Cards to print: a whole number from 1 to 500.")

    spanish = browser.new_context(**PHONE, locale="es-ES").new_page()
    spanish.goto(board + "/cards?tables=4")
    expect(spanish.locator(".table-card").first).to_contain_text("Mesa 1")
    spanish.screenshot(path=str(SHOTS / "cards-es-390.png"), full_page=True)
    spanish.goto(board + "/cards?tables=x")
    expect(spanish.locator("[role=alert]")).to_contain_text("Tarjetas que imprimir: un número entero de 1 a 500.")
    expect(spanish.locator("#tables")).to_have_value("x")  # as typed
    spanish.screenshot(path=str(SHOTS / "cards-refused-es-390.png"))
    spanish.context.close()
    laptop = browser.new_context(**LAPTOP, locale="en-GB").new_page()
    laptop.goto(board + "/cards?tables=4")
    laptop.screenshot(path=str(SHOTS / "cards-en-1280.png"), full_page=True)
    laptop.emulate_media(media="print")
    laptop.screenshot(path=str(SHOTS / "cards-print-en-1280.png"), full_page=True)
    expect(laptop.locator("#tables")).to_be_hidden()  # nothing to tap on paper
    laptop.context.close()


def test_the_board_says_live_which_table_waits_for_what_and_each_line_opens_that_tables_game(
    page: Page, live_server: str, browser: Browser
):
    board = start(page, live_server, halves=True, hands=2)
    add_pairs(page, [("Ana", "Luis"), ("Bea", "Juan"), ("Cris", "Dani"), ("Eva", "Fede")])
    page.get_by_role("button", name="Draw the first round").tap()
    expect(page.locator("#table-2")).to_contain_text("Bea & Juan")
    cards = list(dict.fromkeys(re.findall(r"/night/t/[\w-]+/\d+", get(board + "/cards"))))
    laptop = browser.new_context(**LAPTOP, locale="en-GB").new_page()
    laptop.goto(board)  # the board on a laptop, followed live
    spanish = browser.new_context(**PHONE, locale="es-ES").new_page()
    spanish.goto(board)

    for number, dispute in ((1, True), (2, False)):
        entry = get(live_server + cards[number - 1])
        sides = re.findall(r'href="/s/([\w-]+)"', entry)
        public_id = re.search(r'href="/g/([\w-]+)"', entry).group(1)
        hand = f"{live_server}/api/v1/games/{public_id}/hands/1"
        half = {"entry": {"melds": [{"rank": "K", "naturals": 7}]}, "version": 0}
        assert call(f"{hand}/halves/0", "PUT", half, sides[0]) == 200
        if dispute:
            other = {"entry": {"melds": [{"rank": "Q", "naturals": 3}]}, "version": 0}
            assert call(f"{hand}/halves/1", "PUT", other, sides[1]) == 200
            word = {"agreed": False, "half_of": 0, "remark": "the 3 of hearts was not ours", "version": 1}
            assert call(f"{hand}/words/1", "POST", word, sides[1]) == 200

    waits = laptop.locator(".night-waits")
    disputed = "Table 1: hand 1 disputed by Cris & Dani — “the 3 of hearts was not ours”"  # pair 3, by its players
    expect(waits).to_contain_text(disputed, timeout=4000)
    expect(waits).to_contain_text("Table 2: waiting for Eva & Fede's half of hand 1")
    laptop.screenshot(path=str(SHOTS / "board-waits-en-1280.png"))
    expect(spanish.locator(".night-waits")).to_contain_text(
        "Mesa 1: mano 1 reclamada por Cris & Dani — «the 3 of hearts was not ours»", timeout=4000
    )
    no_sideways_scroll(spanish)
    spanish.screenshot(path=str(SHOTS / "board-waits-es-390.png"))
    page.goto(board)
    no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / "board-waits-en-390.png"))
    spanish_laptop = browser.new_context(**LAPTOP, locale="es-ES").new_page()
    spanish_laptop.goto(board)
    spanish_laptop.screenshot(path=str(SHOTS / "board-waits-es-1280.png"))
    spanish_laptop.context.close()
    laptop.get_by_role("link", name=re.compile("Table 1: hand 1 disputed")).click()
    expect(laptop.locator("main")).to_contain_text("the 3 of hearts was not ours")  # the table's game, for the director
    laptop.context.close()
    spanish.context.close()
