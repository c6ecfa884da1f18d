"""A game started with no connection: on a phone that opened the app once (no game), the new-game page kept by the
service worker starts a Canasta game on the phone, two hands are recorded and scored there and one is fixed, a reload
finds them, and the page says the game is only on this phone; then the connection is back, the server makes the game
once, its hands follow in order with the phone's numbers, and the phone moves to the game's own links. A start whose
answer was lost makes one game; a Buraco game for two, started offline in Portuguese, speaks its words."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, Page, expect

from ..conftest import database_url, serving
from .conftest import PHONE
from .test_journeys import add_meld, save, went_out
from .test_offline_game import fix_hand_one_with_a_red_three, form_opened, offline_hand
from .test_phone_engine import engine_kept


@pytest.fixture
def server_and_database(tmp_path) -> Iterator[tuple[str, str]]:
    """The app on localhost (a secure context, where the service worker runs), CSRF on, and its database's URL."""
    url = database_url(tmp_path, "started")
    with serving({"SECRET_KEY": "started", "SQLALCHEMY_DATABASE_URI": url}) as address:
        yield address.replace("127.0.0.1", "localhost"), url


def new_games_kept(page: Page) -> bool:
    """Whether the service worker keeps the new-game page of a Canasta table and its blank game's pages, and the
    last of every table's (it keeps them one after the other)."""
    return page.evaluate(
        """async () => {
          const kept = await Promise.all(["/games/new", "/games/new/classic?players=4&sides=2", "/o/classic/4/2/-",
            "/o/classic/4/2/-/hands/new", "/o/burako/4/2/-/hands/new"].map((address) => caches.match(address)));
          return kept.every(Boolean);
        }"""
    )


def opened_once(page: Page, base: str) -> None:
    """The phone opens the app's home page once with a connection, under its service worker, which keeps the engine
    and, after it, the new-game pages."""
    page.goto(base + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    deadline = time.monotonic() + 90
    while not (engine_kept(page) and new_games_kept(page)) and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    assert engine_kept(page)
    assert new_games_kept(page)


def test_a_canasta_game_started_with_no_connection_reaches_the_server_once_with_its_hands_and_the_phones_numbers(
    browser: Browser, server_and_database: tuple[str, str]
):
    base, url = server_and_database
    context = browser.new_context(**PHONE, service_workers="allow", locale="en-GB")
    page = context.new_page()
    opened_once(page, base)
    context.set_offline(True)

    # The new game, from the pages the service worker keeps.
    page.goto(base + "/games/new")
    with page.expect_navigation():
        page.locator("a[href='/games/new/classic?players=4&sides=2']").tap()
    for seat, name in enumerate(["Ana", "Bea", "Luis", "Juan"]):
        page.fill(f"#seat_{seat}", name)
    page.select_option("#first_dealer", "1")  # Bea deals first
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    assert re.search(r"/o/classic/4/2/[A-Za-z0-9_-]{22}$", page.url)
    local = page.url
    expect(page.locator("#only-here")).to_contain_text("This game is only on this phone")
    expect(page.locator(".sheet-row.head")).to_contain_text("Ana & Luis")
    expect(page.locator("section.next")).to_contain_text("Bea deals.")

    # Two hands, scored by the engine in the phone.
    form_opened(page, "Record hand 1")
    expect(page.locator("#side-0 h2")).to_have_text("Ana & Luis")
    went_out(page, 0)
    add_meld(page, 0, "K", 7)
    add_meld(page, 1, "5", 3)
    expect(page.locator("#live-total")).to_have_text("Ana & Luis +670 · Bea & Juan +15")
    save(page)
    expect(page.locator("#kept-on-phone")).to_contain_text("1 change to send")
    expect(page.locator("#hand-1")).to_contain_text("+670")
    offline_hand(page, 2, 1, "A")  # Bea & Juan go out with a natural canasta of aces: +740

    # Hand 1 fixed on the phone: a red three it had.
    fix_hand_one_with_a_red_three(page)

    # Reloaded with no connection: the game and its hands are still there, only on this phone.
    page.reload()
    assert page.url.split("#")[0] == local
    expect(page.locator("#only-here")).to_be_visible()
    expect(page.locator("#kept-on-phone")).to_contain_text("2 changes to send")
    expect(page.locator(".sheet-row.foot .cell")).to_have_text(["770", "755"])
    shown = page.locator(".sheet-row.foot .cell").all_inner_texts()
    # The app opened anew with no connection lists it among the games this phone keeps: it opens from there.
    page.goto(base + "/")
    with page.expect_navigation():
        page.locator("#kept-games a", has_text="Ana & Luis · Bea & Juan").tap()
    assert page.url == local
    expect(page.locator("#kept-on-phone")).to_contain_text("2 changes to send")

    # The connection is back: the server makes the game once, the hands follow, the phone moves to its links.
    context.set_offline(False)
    expect(page).to_have_url(re.compile(r"/e/[A-Za-z0-9_-]+$"), timeout=30_000)
    expect(page.locator("#hand-2:not(.kept-here)")).to_be_attached(timeout=30_000)  # the server's sheet, both sent
    expect(page.locator("#kept-on-phone")).to_be_hidden()
    expect(page.locator(".sheet-row.foot .cell")).to_have_text(shown)
    game_id = page.locator("body").get_attribute("data-game-id")
    server = page.request.get(f"{base}/api/v1/games/{game_id}").json()
    assert [[side["hand_score"] for side in hand["sides"]] for hand in server["hands"]] == [[770, 15], [0, 740]]
    assert [str(total) for total in server["totals"]] == shown
    assert [side["name"] for side in server["sides"]] == ["Ana & Luis", "Bea & Juan"]
    assert server["first_dealer"] == 1
    assert [hand["dealer"] for hand in server["hands"]] == ["Bea", "Luis"]
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        assert connection.scalar(sa.text("SELECT count(*) FROM game")) == 1
        assert connection.scalar(sa.text("SELECT count(*) FROM edit_log WHERE action = 'start'")) == 1
    engine.dispose()
    assert page.evaluate(
        """() => new Promise((resolve) => {
          indexedDB.open("scorekeeper", 1).onsuccess = (event) => {
            event.target.result.transaction("games").objectStore("games").getAllKeys().onsuccess = (found) =>
              resolve(found.target.result);
          };
        })"""
    ) == [game_id]  # the phone's copy moved: nothing left under the game's id on this phone alone
    context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    context.close()


def test_a_start_whose_answer_was_lost_goes_on_on_the_phone_and_makes_one_game_once_the_server_answers(
    browser: Browser, server_and_database: tuple[str, str]
):
    base, url = server_and_database
    context = browser.new_context(**PHONE, service_workers="allow", locale="en-GB")
    page = context.new_page()
    opened_once(page, base)
    sent = []

    def answer_lost_once(route):
        """The first start reaches the server, which makes the game; its answer never reaches the phone."""
        if route.request.method == "POST" and not sent:
            sent.append(route.fetch().status)
            route.abort("connectionreset")
        else:
            route.continue_()

    context.route(re.compile(r"/games/new/classic\?players=4&sides=2$"), answer_lost_once)
    visited: list[str] = []
    page.on("framenavigated", lambda frame: visited.append(frame.url))
    page.goto(base + "/games/new/classic?players=4&sides=2")
    for seat, name in enumerate(["Ana", "Bea", "Luis", "Juan"]):
        page.fill(f"#seat_{seat}", name)
    page.get_by_role("button", name="Start the game").tap()
    # The phone, online, met no answer: the game goes on here, and is sent again with the page's own key.
    expect(page).to_have_url(re.compile(r"/e/[A-Za-z0-9_-]+$"), timeout=30_000)
    assert sent == [200]  # the game made, its sheet answered (redirects followed), and lost on the way
    assert any(re.search(r"/o/classic/4/2/[A-Za-z0-9_-]{22}$", address) for address in visited)  # on the phone first
    expect(page.locator(".sheet-row.head")).to_contain_text("Ana & Luis")
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        assert connection.scalar(sa.text("SELECT count(*) FROM game")) == 1
    engine.dispose()
    context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    context.close()


def test_a_buraco_game_for_two_started_offline_in_portuguese_is_scored_in_its_words_and_reaches_the_server(
    browser: Browser, server_and_database: tuple[str, str]
):
    base, _url = server_and_database
    context = browser.new_context(**PHONE, service_workers="allow", locale="pt-BR")
    page = context.new_page()
    opened_once(page, base)
    assert page.evaluate("caches.match('/o/buraco/2/2/-/hands/new').then(Boolean)")
    context.set_offline(True)
    page.goto(base + "/games/new/buraco?players=2&sides=2")
    page.fill("#seat_0", "Ana")
    page.fill("#seat_1", "Bea")
    with page.expect_navigation():
        page.get_by_role("button", name="Começar a partida").tap()
    expect(page.locator("#only-here")).to_contain_text("Esta partida só está neste celular")
    with page.expect_navigation():
        page.locator(".save-bar a.button").tap()
    page.evaluate("window.scorekeeperEngine.start(), window.scorekeeperEngine.ready.then(() => true)")
    expect(page.locator("#side-1 h2")).to_have_text("Bea")
    # Ana closes, her packet taken: hearts from 4 to 10 (seven cards: clean), spades from 5 to 8.
    page.locator("#side-0 label.chip:has(#out-0)").tap()
    page.locator("#side-0 label.chip:has(#s0_packet-0)").tap()
    page.locator("#side-1 label.chip:has(#s1_packet-0)").tap()
    page.locator("#side-0 label.chip:has(#s0_r0_suit-1)").tap()
    page.select_option("#s0_r0_low", "4")
    page.select_option("#s0_r0_high", "10")
    page.locator("#side-0 label.chip:has(#s0_r1_suit-0)").tap()
    page.select_option("#s0_r1_low", "5")
    page.select_option("#s0_r1_high", "8")
    expect(page.locator("#preview")).to_contain_text("Batida")
    expect(page.locator("#live-total")).to_have_text("Ana +375 · Bea 0")
    save(page)
    expect(page.locator("#kept-on-phone")).to_contain_text("1 alteração para enviar")

    context.set_offline(False)
    expect(page).to_have_url(re.compile(r"/e/[A-Za-z0-9_-]+$"), timeout=30_000)
    expect(page.locator("#hand-1:not(.kept-here)")).to_be_attached(timeout=30_000)  # the server's sheet, sent
    expect(page.locator("#kept-on-phone")).to_be_hidden()
    game_id = page.locator("body").get_attribute("data-game-id")
    server = page.request.get(f"{base}/api/v1/games/{game_id}").json()
    assert server["ruleset"] == "buraco"
    assert [[side["hand_score"] for side in hand["sides"]] for hand in server["hands"]] == [[375, 0]]
    context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    context.close()
