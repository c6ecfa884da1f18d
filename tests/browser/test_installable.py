"""Installable where the browser allows it, the screen kept on during a game, the reference readable with
the server stopped: on http://localhost, which browsers treat as a secure context (as https)."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, expect

from ..conftest import database_url, serving
from .conftest import PHONE

TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}


def test_the_service_worker_keeps_the_reference_for_reading_with_the_server_stopped(browser: Browser, tmp_path):
    context = browser.new_context(**PHONE, service_workers="allow")
    page = context.new_page()
    config = {"SECRET_KEY": "offline", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "offline")}
    with serving(config) as address:
        base = address.replace("127.0.0.1", "localhost")
        game = page.request.post(base + "/api/v1/games", data=TABLE).json()
        page.goto(base + "/rules")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        manifest = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
        assert manifest["display"] == "standalone"
        assert manifest["start_url"] == "/"
        assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
        assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
        spanish = page.evaluate("fetch('/manifest.webmanifest?lang=es').then(r => r.json())")
        assert spanish["short_name"] == "Anotador"
        page.goto(f"{base}/e/{game['edit_token']}")
        page.wait_for_function("() => document.documentElement.dataset.awake === 'on'")  # the screen stays on
        assert not kept(page, "/rules/melds?lang=es")  # the phone reads English: only its reference is kept
        page.goto(base + "/rules?lang=es")  # read in Spanish once: the worker keeps the Spanish reference too
        deadline = time.monotonic() + 20
        while not kept(page, "/rules/melds?lang=es") and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        assert not kept(page, "/rules/melds?lang=de")  # never read in German, nor the phone's: not kept
    # The server is stopped: the reference still reads, in the phone's language or the one read in the app.
    page.goto(base + "/rules/scoring")
    expect(page.locator("h1")).to_have_text("Scoring a hand")
    page.goto(base + "/rules/melds?lang=es")
    expect(page.locator("h1")).to_have_text("Combinaciones")
    page.goto(f"{base}/g/{game['id']}/rules/melds")  # a game's reference never read here: the general one
    expect(page.locator("h1")).to_have_text("Melds")
    page.screenshot(path="test-results/reference-offline.png", full_page=True)
    # The game this phone records reads from the phone's copy (offline.js goes on with it); a page this phone
    # never kept says it is offline instead of a browser error; nothing is recorded from a copy.
    page.goto(f"{base}/e/{game['edit_token']}")
    expect(page.locator("h1")).to_have_text("Classic partnership")
    page.goto(f"{base}/g/{game['id']}/table")
    expect(page.locator("h1")).to_have_text("No connection")
    posted = page.evaluate(
        "fetch(location.pathname + '/hands/new', {method: 'POST'}).then(() => 'answered', () => 'no connection')"
    )
    assert posted == "no connection"
    context.close()


def test_the_screen_stays_on_during_a_game_with_a_switch_to_turn_it_off(browser: Browser, live_server: str):
    context = browser.new_context(**PHONE, service_workers="allow")
    page = context.new_page()
    base = live_server.replace("127.0.0.1", "localhost")
    game = page.request.post(base + "/api/v1/games", data=TABLE).json()
    page.goto(f"{base}/e/{game['edit_token']}/hands/new")
    page.wait_for_function("() => document.documentElement.dataset.awake === 'on'")
    switch = page.get_by_label("Keep the screen on during the game")
    expect(switch).to_be_checked()
    switch.uncheck()
    page.wait_for_function("() => document.documentElement.dataset.awake === 'off'")
    page.goto(f"{base}/g/{game['id']}")
    expect(page.get_by_label("Keep the screen on during the game")).not_to_be_checked()  # kept on this phone
    assert page.evaluate("document.documentElement.dataset.awake") is None
    page.get_by_label("Keep the screen on during the game").check()
    page.wait_for_function("() => document.documentElement.dataset.awake === 'on'")
    context.close()


def kept(page, address: str) -> bool:
    """Whether the service worker's copy holds ``address``."""
    return bool(
        page.evaluate(
            """async (address) => {
              for (const name of await caches.keys()) {
                if (await (await caches.open(name)).match(address)) return true;
              }
              return false;
            }""",
            address,
        )
    )


def test_where_the_browser_forbids_it_the_page_says_so_once_in_the_readers_language(browser: Browser, live_server: str):
    """Plain http on a home network is not a secure context: no wake lock; the page says how to keep
    the screen on with the phone's own setting, once."""
    context = browser.new_context(**PHONE, locale="es-ES", service_workers="allow")
    context.add_cookies([{"name": "lang", "value": "es", "url": live_server}])
    context.add_init_script("Object.defineProperty(window, 'isSecureContext', {value: false});")
    page = context.new_page()
    game = page.request.post(live_server + "/api/v1/games", data=TABLE).json()
    page.goto(f"{live_server}/e/{game['edit_token']}")
    note = page.locator("[data-awake-cannot]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("tiempo de espera de la pantalla")
    page.screenshot(path="test-results/screen-may-dim.png")
    page.get_by_role("button", name="Entendido").tap()
    expect(note).to_be_hidden()
    page.goto(f"{live_server}/e/{game['edit_token']}/hands/new")
    expect(page.locator("[data-awake-cannot]")).to_be_hidden()  # said once
    context.close()
