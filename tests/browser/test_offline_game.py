"""A game that goes on with no connection: on a phone that opened the game once, hands recorded card by card and the
quick way, a fix and an undo, each scored as it is typed by the engine in the phone, the sheet with every total and
the next minimum, a reload; then the connection back, and the server holds exactly those hands, each once, with
the numbers the phone showed."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Page, expect

from ..conftest import database_url, serving
from .conftest import PHONE
from .test_journeys import add_meld, save, went_out
from .test_phone_engine import engine_kept

TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}


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
    browser: Browser, tmp_path
):
    context = browser.new_context(**PHONE, service_workers="allow")
    page = context.new_page()
    config = {"SECRET_KEY": "offline-game", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "offline")}
    with serving(config) as address:
        base = address.replace("127.0.0.1", "localhost")
        game = page.request.post(base + "/api/v1/games", data=TABLE).json()
        sheet = f"{base}/e/{game['edit_token']}"
        kept_for_the_road(page, sheet)
        context.set_offline(True)

        # Hand 1, card by card, scored by the phone as it is typed.
        page.get_by_role("link", name="Record hand 1").tap()
        went_out(page, 0)
        add_meld(page, 0, "K", 7)
        add_meld(page, 1, "5", 3)
        expect(page.locator("#live-total")).to_have_text("Ana & Luis +670 · Bea & Juan +15")
        expect(page.locator("#preview")).to_contain_text("Total 670 · next first meld 50")
        save(page)
        expect(page.locator("#kept-on-phone")).to_contain_text("1 change to send")
        expect(page.locator("#hand-1")).to_contain_text("+670")

        # Hand 2, the quick way.
        page.get_by_role("link", name="Record hand 2").tap()
        expect(page.locator("main h1")).to_have_text("Hand 2")
        went_out(page, 1)
        page.locator("#side-1 .mode label", has_text="Quick").tap()
        page.fill("#s1_q_meld_points", "200")
        page.fill("#s1_q_natural", "1")
        expect(page.locator("#live-total")).to_have_text("Ana & Luis 0 · Bea & Juan +800")
        save(page)
        expect(page.locator("#kept-on-phone")).to_contain_text("2 changes to send")

        # Hand 1 fixed: a red three it had.
        page.locator("#hand-1 > summary").tap()
        page.get_by_role("link", name="Fix hand 1").tap()
        expect(page.locator("main h1")).to_have_text("Fix hand 1")
        expect(page.locator("#s0_m_K_n")).to_have_value("7")
        page.locator("#side-0 label.chip:has(#s0_red3-1)").tap()
        expect(page.locator("#live-total")).to_have_text("Ana & Luis +770 · Bea & Juan +15")
        save(page)
        expect(page.locator("#hand-1")).to_contain_text("+770")

        # A hand 3 recorded, then undone.
        page.get_by_role("link", name="Record hand 3").tap()
        add_meld(page, 0, "9", 3)
        save(page)
        expect(page.locator("#hand-3")).to_be_attached()
        page.locator("#hand-3 > summary").tap()
        page.locator("#hand-3 details.undo summary").tap()
        page.locator("#hand-3 details.undo button").tap()
        expect(page.locator("#hand-3")).not_to_be_attached()

        # Reloaded with no connection: all of it is still there.
        page.reload()
        expect(page.locator("#kept-on-phone")).to_contain_text("2 changes to send")
        expect(page.locator(".sheet-row.foot")).to_contain_text("770")
        expect(page.locator(".sheet-row.foot")).to_contain_text("815")
        shown = page.locator(".sheet-row.foot .cell").all_inner_texts()
        assert shown == ["770", "815"]

        # The connection is back: every change goes to the server once, and the sheet is the server's.
        context.set_offline(False)
        expect(page.locator("#kept-on-phone")).to_be_hidden(timeout=20_000)
        server = page.request.get(f"{base}/api/v1/games/{game['id']}").json()
        assert [[side["hand_score"] for side in hand["sides"]] for hand in server["hands"]] == [[770, 15], [0, 800]]
        assert server["totals"] == [770, 815]
        expect(page.locator(".sheet-row.foot .cell")).to_have_text(shown)  # the server's sheet, as the phone showed it
        expect(page.locator("#hand-1")).to_contain_text("+770")
    context.close()
