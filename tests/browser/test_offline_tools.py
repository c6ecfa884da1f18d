"""The referee tools with no connection: a phone that opened the app once (a game's sheet, or a page of the rules)
keeps the tools' pages in the background, a game's with its pages and every rule set's after the engine; with no
connection a tool's page opens from that copy and its question is answered in the page by the engine in the phone,
as the server answers it, in the page's language, with the rule's link; a reload, or a tool's page opened for a
question, is answered the same way, never by the browser's offline page."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from ..conftest import database_url, serving
from ..test_phone_tools import ToolPage
from .conftest import PHONE
from .test_phone_engine import engine_kept

TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}


def tools_kept(page: Page, keys: list[str]) -> bool:
    """Whether the service worker keeps the tools' pages at ``keys`` (an address and its language, as it keeps them)."""
    return bool(
        page.evaluate(
            """async (wanted) => {
              const names = (await caches.keys()).filter((name) => name.startsWith("scorekeeper-tools-"));
              if (names.length !== 1) return false;
              const kept = (await (await caches.open(names[0])).keys()).map((key) => {
                const url = new URL(key.url);
                return url.pathname + url.search;
              });
              return wanted.every((key) => kept.includes(key));
            }""",
            keys,
        )
    )


def opened_once(page: Page, address: str, keys: list[str]) -> None:
    """The phone opens one page of the app with a connection, under the service worker, which keeps the engine and
    the tools' pages (``keys``) in the background."""
    page.goto(address)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the worker
    deadline = time.monotonic() + 120
    while not (engine_kept(page) and tools_kept(page, keys)) and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    assert engine_kept(page)
    assert tools_kept(page, keys)


def the_answer(page: Page) -> dict[str, object]:
    """The answer box as the page shows it: yes or no, its verdict, its reason and its rule's link."""
    box = page.locator("#answer")
    expect(box).to_be_visible(timeout=60_000)  # the engine in the phone may take seconds to start
    return {
        "allowed": "yes" in (box.get_attribute("class") or "").split(),
        "verdict": box.locator(".verdict").inner_text(),
        "reason": " ".join(box.locator("p").nth(1).inner_text().split()),
        "rule": box.locator("p a").first.get_attribute("href"),
    }


def the_servers_answer(page: Page, address: str) -> dict[str, object]:
    """The server's page for ``address``, asked with a connection (beside the worker), its answer box read."""
    response = page.request.get(address)
    assert response.ok, address
    answer: dict[str, Any] | None = ToolPage(response.text()).answer
    assert answer is not None, address
    return {
        "allowed": answer["allowed"],
        "verdict": answer["verdict"],
        "reason": " ".join(answer["texts"][:2]),
        "rule": answer["links"][0],
    }


def ask_to_go_out(page: Page, natural: str, cards_left: str) -> None:
    page.fill("#natural", natural)
    page.fill("#cards_left", cards_left)
    page.get_by_role("button", name="Ask").tap()


def test_a_games_may_we_go_out_answers_with_no_connection_as_the_server_does(browser: Browser, tmp_path):
    context = browser.new_context(**PHONE, service_workers="allow")
    page = context.new_page()
    config = {"SECRET_KEY": "offline-tools", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "tools")}
    with serving(config) as address:
        base = address.replace("127.0.0.1", "localhost")
        game = page.request.post(base + "/api/v1/games", data=TABLE).json()
        token = game["edit_token"]
        tool = f"{base}/e/{token}/tools/go-out"
        opened_once(page, f"{base}/e/{token}", [f"/e/{token}/tools/{name}?lang=en" for name in ("go-out", "meld")])
        questions = (("1", "0"), ("0", "1"), ("1", "3"))  # yes; no canasta; too many cards left
        online = {
            (natural, left): the_servers_answer(page, f"{tool}?ask=1&natural={natural}&mixed=&wild=&cards_left={left}")
            for natural, left in questions
        }
        assert [answer["allowed"] for answer in online.values()] == [True, False, False]

        context.set_offline(True)
        page.goto(tool)  # never opened with a connection: the copy kept with the game's sheet
        expect(page.locator("h1")).to_have_text("May we go out?")
        for (natural, cards_left), answer in online.items():
            ask_to_go_out(page, natural, cards_left)
            expect(page.locator("#answer .verdict")).to_have_text(str(answer["verdict"]), timeout=60_000)
            assert the_answer(page) == answer
        assert "ask=1" in page.url
        assert "cards_left=3" in page.url

        page.reload()  # with no connection: the page kept, the question in its address answered by the phone
        assert the_answer(page) == online["1", "3"]
        expect(page.locator("#cards_left")).to_have_value("3")
        page.goto(f"{tool}?ask=1&natural=1&mixed=&wild=&cards_left=0")  # a question opened by its address
        expect(page.locator("#answer .verdict")).to_have_text("Yes", timeout=60_000)
        assert the_answer(page) == online["1", "0"]
        page.evaluate("document.querySelector('#cards_left').type = 'text'")  # a box holding what it cannot:
        page.fill("#cards_left", "lots")
        page.get_by_role("button", name="Ask").tap()
        expect(page.locator("form.tool-form p.error")).to_have_text("Type a whole number.", timeout=60_000)
        expect(page.locator("#answer")).not_to_be_attached()
    context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    context.close()


def test_the_family_games_tools_answer_in_italian_with_no_connection_never_opened_before(browser: Browser, tmp_path):
    context = browser.new_context(**PHONE, service_workers="allow", locale="it-IT")
    page = context.new_page()
    config = {"SECRET_KEY": "offline-tools-it", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "tools_it")}
    with serving(config) as address:
        base = address.replace("127.0.0.1", "localhost")
        meld = "3H 4H JK 6H 7H 8H 9H"
        kept = ["/tools/meld?set=burraco&lang=it", "/tools/go-out?set=buraco&lang=it"]
        opened_once(page, f"{base}/rules?set=burraco", kept)  # the rules read once, no tool opened
        online = the_servers_answer(page, f"{base}/tools/meld?set=burraco&ask=1&cards={meld.replace(' ', '+')}&lang=it")
        out = f"{base}/tools/go-out?set=buraco&ask=1&packet=taken&clean=1&other=0&how=discard&lang=it"
        online_out = the_servers_answer(page, out)

        context.set_offline(True)
        page.goto(f"{base}/tools/meld?set=burraco")  # never opened with a connection
        expect(page.locator("html")).to_have_attribute("lang", "it")
        page.fill("#cards", meld)
        page.get_by_role("button", name="Chiedi").tap()
        expect(page.locator("#answer .verdict")).to_have_text(str(online["verdict"]), timeout=60_000)
        offline = the_answer(page)
        assert offline == online
        assert "burraco sporco" in str(offline["reason"])  # Burraco names its canastas burracos
        assert "Regolare" in str(offline["reason"])
        assert str(offline["rule"]).startswith("/rules/")
        page.fill("#cards", "3H 5H")
        page.get_by_role("button", name="Chiedi").tap()
        expect(page.locator("#answer.no .verdict")).to_have_text("No", timeout=60_000)

        page.goto(out.replace("&lang=it", ""))  # Buraco's "may we go out?", never opened, asked by its address
        expect(page.locator("#answer .verdict")).to_have_text(str(online_out["verdict"]), timeout=60_000)
        assert the_answer(page) == online_out
        expect(page.locator("#clean")).to_have_value("1")
    context.set_offline(True)  # its service worker\'s fetches end at once: a close can wait on them
    context.close()
