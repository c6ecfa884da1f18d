"""A game that goes on with no connection: on a phone that opened the game once, six hands recorded card by card and
the quick way, a fix and an undo, each scored as it is typed by the engine in the phone, the sheet with every total,
the next minimum and the chart, a reload; then the connection back, and the server holds exactly those hands, each
once, with the numbers the phone showed."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ..conftest import database_url, serving
from .conftest import PHONE
from .test_burraco import run
from .test_journeys import add_meld, save, went_out
from .test_phone_engine import engine_kept

TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}


def form_opened(page: Page, name: str) -> None:
    """The hand form opened from the sheet's link or button ``name``, its engine started (Pyodide starts again on
    each page: seconds on a loaded machine) before anything is typed."""
    with page.expect_navigation():
        page.get_by_role("link", name=name).tap()
    page.evaluate("window.scorekeeperEngine.start(), window.scorekeeperEngine.ready.then(() => true)")


@pytest.fixture
def local_server(tmp_path) -> Iterator[str]:
    """The app on localhost (a secure context, where the service worker runs), CSRF on."""
    config = {"SECRET_KEY": "offline", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "offline")}
    with serving(config) as address:
        yield address.replace("127.0.0.1", "localhost")


def phone_with_a_game(
    browser: Browser, base: str, ruleset: str = "classic", locale: str = "en-GB", game: dict | None = None
) -> tuple[BrowserContext, Page, dict, str]:
    """A phone that opened a game once with a connection (a new one of ``ruleset``, or ``game``): its context and
    page, the game and its sheet's address."""
    context = browser.new_context(**PHONE, service_workers="allow", locale=locale)
    page = context.new_page()
    game = game or page.request.post(base + "/api/v1/games", data={**TABLE, "ruleset": ruleset}).json()
    sheet = f"{base}/e/{game['edit_token']}"
    kept_for_the_road(page, sheet)
    return context, page, game, sheet


def kept_for_the_road(page: Page, sheet: str) -> None:
    """The phone opens the game once with a connection: under the service worker, which keeps the engine and
    the game's pages."""
    page.goto(sheet)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    deadline = time.monotonic() + 60
    while not engine_kept(page) and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    assert engine_kept(page)
    page.goto(sheet + "/hands/new")
    page.goto(sheet)


def test_a_stretch_of_a_game_with_no_connection_reaches_the_server_once_with_the_phones_numbers(
    browser: Browser, local_server: str
):
    base = local_server
    context, page, game, _sheet = phone_with_a_game(browser, base)
    context.set_offline(True)

    # Hand 1, card by card, scored by the phone as it is typed.
    form_opened(page, "Record hand 1")
    went_out(page, 0)
    add_meld(page, 0, "K", 7)
    add_meld(page, 1, "5", 3)
    expect(page.locator("#live-total")).to_have_text("Ana & Luis +670 · Bea & Juan +15")
    expect(page.locator("#preview")).to_contain_text("Total 670 · next first meld 50")
    save(page)
    expect(page.locator("#kept-on-phone")).to_contain_text("1 change to send")
    expect(page.locator("#hand-1")).to_contain_text("+670")

    # Hand 2, the quick way.
    form_opened(page, "Record hand 2")
    expect(page.locator("main h1")).to_have_text("Hand 2")
    went_out(page, 1)
    page.locator("#side-1 .mode label", has_text="Quick").tap()
    page.fill("#s1_q_meld_points", "200")
    page.fill("#s1_q_natural", "1")
    expect(page.locator("#live-total")).to_have_text("Ana & Luis 0 · Bea & Juan +800")
    save(page)
    expect(page.locator("#kept-on-phone")).to_contain_text("2 changes to send")

    # Hand 1 fixed: a red three it had.
    fix_hand_one_with_a_red_three(page)

    # Hands 3 to 6, each side in turn going out with a natural canasta.
    for number, (side, rank) in enumerate([(0, "Q"), (1, "A"), (0, "9"), (1, "K")], start=3):
        offline_hand(page, number, side, rank)
    expect(page.locator("#kept-on-phone")).to_contain_text("6 changes to send")
    legend = page.locator("figure.chart .legend")  # the chart, as the phone holds the game
    expect(legend).to_contain_text("Ana & Luis 2,110")
    expect(legend).to_contain_text("Bea & Juan 2,225")

    # A hand 7 recorded, then undone.
    form_opened(page, "Record hand 7")
    add_meld(page, 0, "9", 3)
    expect(page.locator("#live-total")).not_to_be_empty()
    save(page)
    expect(page.locator("#hand-7")).to_be_attached()
    page.locator("#hand-7 > summary").tap()
    page.locator("#hand-7 details.undo summary").tap()
    page.locator("#hand-7 details.undo button").tap()
    expect(page.locator("#hand-7")).not_to_be_attached()

    # Reloaded with no connection: all of it is still there.
    page.reload()
    expect(page.locator("#kept-on-phone")).to_contain_text("6 changes to send")
    shown = page.locator(".sheet-row.foot .cell").all_inner_texts()
    assert shown == ["2,110", "2,225"]

    # The connection is back: every change goes to the server once, and the sheet is the server's.
    context.set_offline(False)
    expect(page.locator("#kept-on-phone")).to_be_hidden(timeout=20_000)
    server = page.request.get(f"{base}/api/v1/games/{game['id']}").json()
    assert [[side["hand_score"] for side in hand["sides"]] for hand in server["hands"]] == [
        [770, 15],
        [0, 800],
        [670, 0],
        [0, 740],
        [670, 0],
        [0, 670],
    ]
    assert server["totals"] == [2110, 2225]
    expect(page.locator(".sheet-row.foot .cell")).to_have_text(shown)  # the server's sheet, as the phone showed it
    expect(page.locator("#hand-1")).to_contain_text("+770")
    context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    context.close()


def fix_hand_one_with_a_red_three(page: Page) -> None:
    """Hand 1 (Ana & Luis's seven kings, Bea & Juan's three fives) fixed on the phone: a red three it had."""
    page.locator("#hand-1 > summary").tap()
    form_opened(page, "Fix hand 1")
    expect(page.locator("main h1")).to_have_text("Fix hand 1")
    expect(page.locator("#s0_m_K_n")).to_have_value("7")
    page.locator("#side-0 label.chip:has(#s0_red3-1)").tap()
    expect(page.locator("#live-total")).to_have_text("Ana & Luis +770 · Bea & Juan +15")
    save(page)
    expect(page.locator("#hand-1")).to_contain_text("+770")


def offline_hand(page: Page, number: int, side: int, rank: str) -> None:
    """Hand ``number`` recorded with no connection: side ``side`` goes out with a natural canasta of ``rank``."""
    form_opened(page, f"Record hand {number}")
    expect(page.locator("main h1")).to_have_text(f"Hand {number}")
    went_out(page, side)
    add_meld(page, side, rank, 7)
    expect(page.locator("#live-total")).not_to_be_empty()
    save(page)
    expect(page.locator(f"#hand-{number}")).to_be_attached()


def test_two_phones_that_recorded_the_same_hand_apart_meet_a_choice_and_nothing_is_overwritten(
    browser: Browser, local_server: str
):
    base = local_server
    first_context, first, game, _ = phone_with_a_game(browser, base)
    second_context, second, _, _ = phone_with_a_game(browser, base, game=game)
    first_context.set_offline(True)
    second_context.set_offline(True)
    offline_hand(first, 1, 0, "K")  # Ana & Luis +670
    offline_hand(second, 1, 1, "A")  # Bea & Juan +740

    first_context.set_offline(False)
    expect(first.locator("#kept-on-phone")).to_be_hidden(timeout=20_000)
    second_context.set_offline(False)
    dispute = second.locator("#kept-on-phone .dispute")
    expect(dispute).to_contain_text("Hand 1: another phone saved it first", timeout=20_000)
    scores = page_scores(second, base, game["id"])
    assert scores == [[670, 0]]  # the first phone's hand stands until this one chooses: never overwritten silently
    second.get_by_role("button", name="Keep this phone's").tap()
    expect(second.locator("#kept-on-phone")).to_be_hidden(timeout=20_000)
    assert page_scores(second, base, game["id"]) == [[0, 740]]
    first_context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    first_context.close()
    second_context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    second_context.close()


def page_scores(page: Page, base: str, game_id: str) -> list[list[int]]:
    """Each hand's scores as the server holds them."""
    server = page.request.get(f"{base}/api/v1/games/{game_id}").json()
    return [[side["hand_score"] for side in hand["sides"]] for hand in server["hands"]]


def test_a_connection_that_comes_and_goes_while_hands_are_sent_loses_and_doubles_nothing(
    browser: Browser, local_server: str
):
    base = local_server
    context, page, game, _sheet = phone_with_a_game(browser, base)
    context.set_offline(True)
    for number, (side, rank) in enumerate([(0, "K"), (1, "A"), (0, "9"), (1, "Q")], start=1):
        offline_hand(page, number, side, rank)
    expect(page.locator("#kept-on-phone")).to_contain_text("4 changes to send")
    for _ in range(12):  # the Wi-Fi drops and comes back every few tenths of a second while the hands go
        context.set_offline(False)
        page.wait_for_timeout(150)
        context.set_offline(True)
        page.wait_for_timeout(250)
    context.set_offline(False)
    expect(page.locator("#kept-on-phone")).to_be_hidden(timeout=30_000)
    assert page_scores(page, base, game["id"]) == [[670, 0], [0, 740], [670, 0], [0, 670]]
    context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    context.close()


def test_a_burraco_hand_in_italian_and_a_buraco_hand_in_portuguese_are_scored_offline_in_their_words(
    browser: Browser, local_server: str
):
    base = local_server
    for ruleset, locale, closing, kept_words in (
        ("burraco", "it-IT", "Chiusura", "1 modifica da inviare"),
        ("buraco", "pt-BR", "Batida", "1 alteração para enviar"),
    ):
        context, page, game, _ = phone_with_a_game(browser, base, ruleset, locale)
        context.set_offline(True)
        with page.expect_navigation():
            page.locator(".save-bar a.button").tap()  # "Registra la smazzata 1", "Registrar a mão 1"
        page.evaluate("window.scorekeeperEngine.start(), window.scorekeeperEngine.ready.then(() => true)")
        # Ana & Luis close, their packet taken: hearts from 4 to 10 (seven cards: clean), spades from 5 to 8.
        page.locator("#side-0 label.chip:has(#out-0)").tap()
        page.locator("#side-0 label.chip:has(#s0_packet-0)").tap()
        page.locator("#side-1 label.chip:has(#s1_packet-0)").tap()
        run(page, 0, 0, "H", "4", "10")  # the card buttons (cards.js), kept by the service worker too
        run(page, 0, 1, "S", "5", "8")
        expect(page.locator("#preview")).to_contain_text(closing)
        # 4H-10H clean (50 and 200), 5S-8S (25), closing 100, in both games
        expect(page.locator("#live-total")).to_have_text("Ana & Luis +375 · Bea & Juan 0")
        shown = page.locator("#live-total").inner_text()
        save(page)
        expect(page.locator("#kept-on-phone")).to_contain_text(kept_words)
        context.set_offline(False)
        expect(page.locator("#kept-on-phone")).to_be_hidden(timeout=30_000)
        server = page.request.get(f"{base}/api/v1/games/{game['id']}").json()
        hand = server["hands"][0]["sides"]
        assert shown == " · ".join(f"{side['name']} {side['hand_score']:+d}".replace("+0", "0") for side in hand)
        context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
        context.close()


def test_a_hand_of_four_digits_in_german_is_grouped_offline_as_the_server_groups_it(
    browser: Browser, local_server: str
):
    base = local_server
    context, page, game, sheet = phone_with_a_game(browser, base, locale="de-DE")
    context.set_offline(True)
    with page.expect_navigation():
        page.locator(".save-bar a.button").tap()  # "Runde 1 eintragen"
    page.evaluate("window.scorekeeperEngine.start(), window.scorekeeperEngine.ready.then(() => true)")
    # Ana & Luis go out with two natural canastas, of kings (70 and 500) and of aces (140 and 500): +1310;
    # Bea & Juan melded three fives (15) and hold a joker (50): -35.
    went_out(page, 0)
    add_meld(page, 0, "K", 7)
    add_meld(page, 0, "A", 7)
    add_meld(page, 1, "5", 3)
    page.locator("#side-1 [data-card-chips] button[data-count='s1_h_JOKER']").tap()
    expect(page.locator("#live-total")).to_have_text("Ana & Luis +1.310 · Bea & Juan \u221235")
    expect(page.locator("#preview")).to_contain_text("1.310")
    save(page)
    expect(page.locator("#kept-on-phone")).to_be_visible()
    expect(page.locator("#hand-1 > summary")).to_contain_text("+1.310")
    expect(page.locator("#hand-1 > summary")).to_contain_text("\u221235")
    offline = page.locator(".sheet-row.foot .cell").all_inner_texts()
    assert offline == ["1.310", "\u221235"]
    context.set_offline(False)
    expect(page.locator("#kept-on-phone")).to_be_hidden(timeout=30_000)
    assert page_scores(page, base, game["id"]) == [[1310, -35]]
    expect(page.locator(".sheet-row.foot .cell")).to_have_text(offline)  # the server's sheet, as the phone showed it
    expect(page.locator("#hand-1 > summary")).to_contain_text("+1.310")
    expect(page.locator(".differs")).to_have_count(0)  # the phone showed what the server scores
    served = page.request.get(sheet, headers={"Accept-Language": "de-DE"}).text()  # the server writes them alike
    assert "<strong>1.310</strong>" in served
    assert "<strong>\u221235</strong>" in served
    context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    context.close()


def test_where_the_server_scores_a_hand_otherwise_its_score_stands_and_the_phone_says_so(
    browser: Browser, local_server: str
):
    base = local_server
    context, page, _game, _ = phone_with_a_game(browser, base)
    context.set_offline(True)
    offline_hand(page, 1, 0, "K")
    # What this phone showed, as an older engine in the phone might have scored it.
    page.evaluate(
        """() => new Promise((resolve) => {
          const opening = indexedDB.open("scorekeeper", 1);
          opening.onsuccess = () => {
            const games = opening.result.transaction("games", "readwrite").objectStore("games");
            games.getAll().onsuccess = (event) => {
              const game = event.target.result[0];
              game.pending[0].shown = "Ana & Luis +600 · Bea & Juan 0";
              game.pending[0].scores = [600, 0];
              games.put(game).onsuccess = () => resolve(true);
            };
          };
        })"""
    )
    context.set_offline(False)
    expect(page.locator(".differs")).to_contain_text(
        "Hand 1 scores Ana & Luis +670 · Bea & Juan 0 on the server, where this phone showed Ana & Luis +600"
        " · Bea & Juan 0: the server's score stands.",
        timeout=30_000,
    )
    expect(page.locator("#hand-1")).to_contain_text("+670")
    context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    context.close()
