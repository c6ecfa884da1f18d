"""Each side its own half with no connection: on a side's phone that opened the side's page once, its half of the hand
is typed and scored by the engine in the phone, kept on the phone ("your half of hand 1, to send"), and sent once the
connection is back, where the other side's phone sees it; a side's word on a hand (agreed, not right) likewise; a
half another phone of the side sent first meanwhile is a choice, never overwritten silently."""

from __future__ import annotations

import time
from urllib.parse import urlparse

from playwright.sync_api import Browser, BrowserContext, Page, expect

from ..conftest import database_url, serving
from .conftest import PHONE
from .test_journeys import add_meld, red_threes, went_out
from .test_phone_engine import engine_kept

TABLE = {
    "recording": "halves",
    "ruleset": "classic",
    "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}],
}


def game_by_halves(page: Page, base: str) -> tuple[dict, str, str]:
    """A classic game kept by halves, through the API: the game, Us's page and Them's."""
    game = page.request.post(base + "/api/v1/games", data=TABLE).json()
    us, them = (f"{base}/s/{token}" for token in game["side_tokens"])
    return game, us, them


def kept_for_the_road(page: Page, side_page: str) -> None:
    """The side's phone opens its page once with a connection: under the service worker, which keeps the engine,
    the side's page and the half form it links to (offline.js asks for it)."""
    page.goto(side_page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    half_form = urlparse(side_page).path + "/hands/1"
    deadline = time.monotonic() + 60
    while not (engine_kept(page) and kept_page(page, half_form)) and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    assert engine_kept(page)
    assert kept_page(page, half_form)


def kept_page(page: Page, path: str) -> bool:
    """Whether the service worker keeps the page at ``path``."""
    return page.evaluate(
        "async (path) => Boolean(await (await caches.open('scorekeeper-games')).match(path))",
        path,
    )


def half_form_opened(page: Page, name: str = "Count our half of hand 1") -> None:
    """The side's half form opened from its page, its engine started before anything is typed."""
    with page.expect_navigation():
        page.get_by_role("link", name=name).tap()
    page.evaluate("window.scorekeeperEngine.start(), window.scorekeeperEngine.ready.then(() => true)")


def send(page: Page) -> None:
    page.get_by_role("button", name="Send our half").tap()


def phone(browser: Browser, **settings) -> tuple[BrowserContext, Page]:
    context = browser.new_context(**PHONE, service_workers="allow", **settings)
    return context, context.new_page()


def test_a_half_and_a_word_typed_with_no_connection_reach_the_other_side_once_the_connection_is_back(
    browser: Browser, tmp_path
):
    config = {"SECRET_KEY": "offline-halves", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "halves")}
    with serving(config) as address:
        base = address.replace("127.0.0.1", "localhost")
        us_context, us = phone(browser)
        game, us_link, them_link = game_by_halves(us, base)
        kept_for_the_road(us, us_link)
        them_context, them = phone(browser)
        them.goto(them_link)
        us_context.set_offline(True)

        # Ana & Luis count their half with no connection: scored by the phone as it is typed.
        half_form_opened(us)
        us.locator("#sender label.chip", has_text="Luis").tap()
        add_meld(us, 0, "K", 7)
        red_threes(us, 0, 2)
        expect(us.locator("#live-total")).to_have_text("+770")
        expect(us.locator("#preview")).to_contain_text("Your half")
        send(us)
        expect(us.locator("#kept-on-phone")).to_contain_text("Kept on this phone: your half of hand 1, to send.")
        us.reload()  # still there with no connection
        expect(us.locator("#kept-on-phone")).to_contain_text("your half of hand 1, to send")

        # Changed before it was sent: the phone keeps the half as typed now, one a hand.
        half_form_opened(us)
        expect(us.locator("#s0_m_K_n")).to_have_value("7")
        red_threes(us, 0, 1)
        expect(us.locator("#live-total")).to_have_text("+670")
        send(us)
        expect(us.locator("#kept-on-phone p")).to_have_count(1)

        # Bea & Juan, online, send theirs and wait for Us's.
        half_form_opened(them)
        them.locator("#sender label.chip", has_text="Bea").tap()
        went_out(them, 1)
        add_meld(them, 1, "A", 7)
        expect(them.locator("#live-total")).to_have_text("+740")
        send(them)
        expect(them.locator("#status")).to_contain_text("counting")
        assert hands(us, base, game) == []

        # The connection is back: Us's half goes once, the hand is complete, and Them's phone sees Us's half.
        us_context.set_offline(False)
        expect(us.locator("#kept-on-phone")).to_be_hidden(timeout=20_000)
        expect(them.locator("#judge-1")).to_contain_text("+670", timeout=5000)
        assert hands(us, base, game) == [[670, 740]]

        # Their words with no connection: Us agree, Them say Us's half is not right.
        us_context.set_offline(True)
        them_context.set_offline(True)
        us.reload()
        us.locator("#judge-1").get_by_role("button", name="Agreed").tap()
        expect(us.locator("#kept-on-phone")).to_contain_text("Kept on this phone: your word on hand 1, to send.")
        them.reload()
        them.locator("#not-right-1 > summary").tap()
        them.fill("#not-right-1 input[name=remark]", "one red three, not two")
        them.locator("#not-right-1").get_by_role("button", name="Send: not right").tap()
        expect(them.locator("#kept-on-phone")).to_contain_text("your word on hand 1, to send")
        us_context.set_offline(False)
        expect(us.locator("#kept-on-phone")).to_be_hidden(timeout=20_000)
        expect(us.locator("main")).to_contain_text("Hand 1: you agreed; waiting for the other sides.")
        them_context.set_offline(False)
        expect(them.locator("#kept-on-phone")).to_be_hidden(timeout=20_000)
        expect(us.locator("#reopened-1")).to_contain_text("one red three, not two", timeout=5000)
        assert hands(us, base, game) == [[670, 740]]  # the hand as it was, each word said once
        log = us.request.get(f"{base}/g/{game['id']}/export.json").json()["log"]
        assert [entry["action"] for entry in log].count("dispute") == 1
    us_context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    us_context.close()
    them_context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    them_context.close()


def test_a_half_another_phone_of_the_side_sent_first_is_a_choice_and_nothing_is_overwritten(browser: Browser, tmp_path):
    config = {"SECRET_KEY": "offline-halves-two", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "two")}
    with serving(config) as address:
        base = address.replace("127.0.0.1", "localhost")
        ana_context, ana = phone(browser)
        game, us_link, _ = game_by_halves(ana, base)
        kept_for_the_road(ana, us_link)
        ana_context.set_offline(True)
        half_form_opened(ana)
        ana.locator("#sender label.chip", has_text="Ana").tap()
        add_meld(ana, 0, "K", 7)
        send(ana)
        expect(ana.locator("#kept-on-phone")).to_contain_text("your half of hand 1, to send")

        luis_context, luis = phone(browser)  # Luis's phone, online, sends the side's half first
        luis.goto(us_link)
        half_form_opened(luis)
        luis.locator("#sender label.chip", has_text="Luis").tap()
        add_meld(luis, 0, "Q", 7)
        send(luis)
        expect(luis.locator("#sent-by")).to_contain_text("The half Luis sent")

        ana_context.set_offline(False)
        dispute = ana.locator("#kept-on-phone .dispute")
        expect(dispute).to_contain_text("Your half of hand 1: another phone of your side sent it first", timeout=20_000)
        assert melded(ana, base, game) == ["Q"]  # Luis's half stands until Ana's phone chooses
        # its page's questions say it keeps a change (a club night's board: waiting for its phones)
        with ana.expect_request(lambda asked: asked.url == us_link and asked.headers.get("scorekeeper-kept") == "1"):
            pass
        ana.get_by_role("button", name="Keep this phone's").tap()
        expect(ana.locator("#kept-on-phone")).to_be_hidden(timeout=20_000)
        assert melded(ana, base, game) == ["K"]
    ana_context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    ana_context.close()
    luis_context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    luis_context.close()


def hands(page: Page, base: str, game: dict) -> list[list[int]]:
    """Each hand's scores as the server holds them."""
    server = page.request.get(f"{base}/api/v1/games/{game['id']}").json()
    return [[side["hand_score"] for side in hand["sides"]] for hand in server["hands"]]


def melded(page: Page, base: str, game: dict) -> list[str]:
    """What Us's half of the hand in play melds, as the server holds it."""
    halves = page.request.get(f"{base}/api/v1/games/{game['id']}").json()["halves"]
    return [meld["rank"] for meld in halves["pending"]["sides"][0]["entry"]["melds"]]
