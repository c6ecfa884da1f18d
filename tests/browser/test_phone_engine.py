"""The engine in the phone: the server's own Python, run by Pyodide in a Web Worker from the app's own files, scores
every hand as the server does, in the page's language, and is kept by the service worker for a phone with no
connection."""

from __future__ import annotations

import json
import time

from playwright.sync_api import Browser, Page

from scorekeeper.engine import configured
from scorekeeper.engine.records import side_from_entry
from scorekeeper.shapes.by_ruleset import side_entries
from scorekeeper.shapes.requests import HandBody
from scorekeeper.web.offline_engine import PYODIDE_FILES

from ..conftest import database_url, serving
from .conftest import PHONE

TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}
#: Hands as the game API takes them (each side in the scoring API's format).
HANDS = [
    {
        "sides": [
            {
                "went_out": True,
                "red_threes": 1,
                "melds": [{"rank": "K", "naturals": 6, "jokers": 1}, {"rank": "8", "naturals": 3}],
            },
            {"melds": [{"rank": "5", "naturals": 3}], "hand": {"K": 1, "JOKER": 1}},
        ]
    },
    {
        "sides": [
            {"melds": [{"rank": "Q", "naturals": 4}], "hand": {"4": 2}},
            {
                "went_out": True,
                "concealed": True,
                "melds": [{"rank": "A", "naturals": 7}, {"rank": "9", "naturals": 7}],
            },
        ]
    },
]
#: A hand the engine refuses: a meld of two cards.
REFUSED = {"partners": None, "sides": [{"melds": [{"rank": "K", "naturals": 2, "jokers": 0, "twos": 0}]}, {}]}


def engine_call(page: Page, name: str, *args: object) -> dict:
    return page.evaluate("([name, args]) => window.scorekeeperEngine.call(name, args)", [name, list(args)])


def record_of(hand: dict) -> dict:
    """A hand of the game API as the server keeps it (its record), by the server's own reading."""
    body = HandBody.model_validate(hand)
    entries = side_entries(configured("classic", {}, sides=2), body.sides)
    return {"partners": None, "sides": [side_from_entry(entry) for entry in entries]}


def test_the_engine_in_the_phone_scores_as_the_server_and_speaks_the_page_language(browser: Browser, tmp_path):
    context = browser.new_context(**PHONE, locale="es-ES")
    page = context.new_page()
    outside: list[str] = []
    config = {"SECRET_KEY": "engine", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "engine")}
    with serving(config) as base:
        page.route(
            lambda url: not url.startswith(base), lambda route: (outside.append(route.request.url), route.abort())
        )
        game = page.request.post(base + "/api/v1/games", data=TABLE).json()
        headers = {"X-Edit-Token": game["edit_token"]}
        for number, hand in enumerate(HANDS):
            page.request.post(
                f"{base}/api/v1/games/{game['id']}/hands", data={**hand, "expected_hands": number}, headers=headers
            )
        page.goto(f"{base}/e/{game['edit_token']}/hands/new")
        started = page.evaluate("window.scorekeeperEngine.start(), window.scorekeeperEngine.ready")
        assert started["ready"] is True
        server = page.request.get(f"{base}/api/v1/games/{game['id']}").json()
        assert len(server["hands"]) == len(HANDS), server
        phone = {
            "ruleset": server["ruleset"],
            "options": server["options"],
            "sides": [side["name"] for side in server["sides"]],
            "seats": [p for side in server["sides"] for p in side["players"]],
            "hands": [[number, 1, record_of(hand)] for number, hand in enumerate(HANDS, start=1)],
        }
        sheet = engine_call(page, "sheet", json.dumps(phone))
        assert sheet["totals"] == server["totals"]
        for phone_hand, server_hand in zip(sheet["hands"], server["hands"], strict=True):
            for mine, theirs in zip(phone_hand["sides"], server_hand["sides"], strict=True):
                assert (mine["hand_score"], mine["total_after"], mine["next_minimum"], mine["breakdown"]) == (
                    theirs["hand_score"],
                    theirs["total_after"],
                    theirs["next_minimum"],
                    theirs["breakdown"],
                )
        assert sheet["next_minimums"] == server["next_minimums"]
        refused = engine_call(page, "score", json.dumps(phone), 3, json.dumps(REFUSED))
        assert refused["refused"][0]["rule"] == "meld_too_small"
        assert "combinación" in refused["refused"][0]["message"]  # the page's language, from the server's catalogue
    assert outside == []  # nothing from anywhere but the app's own server
    context.close()


def test_the_service_worker_keeps_the_engine_for_a_phone_with_no_connection(browser: Browser, tmp_path):
    context = browser.new_context(**PHONE, service_workers="allow")
    page = context.new_page()
    config = {"SECRET_KEY": "engine-kept", "SQLALCHEMY_DATABASE_URI": database_url(tmp_path, "kept")}
    with serving(config) as address:
        base = address.replace("127.0.0.1", "localhost")
        game = page.request.post(base + "/api/v1/games", data=TABLE).json()
        page.goto(f"{base}/e/{game['edit_token']}/hands/new")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now under the service worker, which the page asks to keep the engine
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        deadline = time.monotonic() + 60
        while not engine_kept(page) and time.monotonic() < deadline:
            page.wait_for_timeout(250)
        assert engine_kept(page)
    # The server is stopped: the worker starts from the phone's copy and scores.
    context.set_offline(True)
    started = page.evaluate("window.scorekeeperEngine.start(), window.scorekeeperEngine.ready")
    assert started["ready"] is True
    table = {"ruleset": "classic", "sides": ["Ana & Luis", "Bea & Juan"], "hands": []}
    scored = engine_call(
        page,
        "score",
        json.dumps(table),
        1,
        json.dumps(
            {
                "partners": None,
                "sides": [{"went_out": True, "melds": [{"rank": "K", "naturals": 7, "jokers": 0, "twos": 0}]}, {}],
            }
        ),
    )
    assert [side["hand_score"] for side in scored["sides"]] == [
        670,
        0,
    ]  # seven kings (70), a natural canasta (500), going out (100)
    context.close()


def engine_kept(page: Page) -> bool:
    """Whether the service worker keeps every file the engine's worker fetches (Pyodide's among them)."""
    return page.evaluate(
        """async (files) => {
          const names = (await caches.keys()).filter((name) => name.startsWith("scorekeeper-engine-"));
          if (names.length !== 1) return false;
          const keys = await (await caches.open(names[0])).keys();
          // the standard library as the worker asks for it: compiled ahead (make install), or as Pyodide ships it
          return files.every((file) => keys.some((key) => key.url.split("/").pop().startsWith(file)));
        }""",
        [
            *(name for name in PYODIDE_FILES if name != "python_stdlib.zip"),
            "python_stdlib",
            "worker.js",
            "scorekeeper.zip",
        ],
    )
