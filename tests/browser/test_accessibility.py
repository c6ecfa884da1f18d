"""axe-core on every page, in every language, in the light, dark and pure black themes: no serious or
critical finding."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import Request, urlopen

import pytest
from playwright.sync_api import Browser

from ..conftest import serving
from .conftest import PHONE
from .test_display import BACKGROUND
from .test_journeys import add_meld, start_game

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"


#: The rules axe runs by default that can report a serious or critical finding: a rule's impact is its own
#: (axe 4's metadata) or, for an older rule, its checks'. The others (heading order, landmarks, a region:
#: minor or moderate) could never fail this test, and skipping them makes a page's check about a third cheaper.
SERIOUS_RULES = """() => {
  const grave = impact => impact === undefined || impact === "serious" || impact === "critical";
  const checks = axe._audit.data.checks || {};
  const checkImpact = check => (checks[check.id || check] || {}).impact;
  return axe._audit.rules
    .filter(rule => rule.enabled !== false && !rule.tags.includes("experimental"))
    .filter(rule => grave(rule.impact)
      || [...rule.any, ...rule.all, ...rule.none].some(check => grave(checkImpact(check))))
    .map(rule => rule.id);
}"""


def serious_findings(page) -> list[str]:
    """axe's serious and critical violations on the page, each with the elements at fault."""
    if not page.evaluate("typeof axe !== 'undefined'"):  # put in once a page, checked in each of its themes
        page.add_script_tag(path=str(AXE))
    rules = page.evaluate(SERIOUS_RULES)
    assert "color-contrast" in rules  # axe's metadata read as it is written
    assert "label" in rules
    result = page.evaluate(
        "async rules => await axe.run(document, {runOnly: {type: 'rule', values: rules}, resultTypes: ['violations']})",
        rules,
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -> {json.dumps([n['target'] for n in v['nodes']][:5])}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


#: The phone's own language for each of the app's (what a phone set to it sends).
PHONE_LOCALES = {"en": "en-GB", "es": "es-ES", "pt_BR": "pt-BR", "it": "it-IT", "de": "de-DE"}
#: Each language in the themes it is checked in. A theme is the <html>'s class and the head's colour scheme,
#: bar colours and dark stylesheet (templates/base.html), nothing in the page's body: each page of a language's
#: journey is checked in each of its themes in place, wearing what the server writes for that theme.
THEMES_OF = {"en": ("light", "black"), "es": ("light", "dark"), "pt_BR": ("light",), "it": ("dark",), "de": ("light",)}
WEAR = """([classes, head]) => {
  document.documentElement.className = classes;
  document.head.querySelectorAll('meta[name=color-scheme], meta[name=theme-color], link[href*="/css/dark.css"]')
    .forEach(node => node.remove());
  const put = new DOMParser().parseFromString(`<head>${head}</head>`, "text/html").head.children;
  const loads = [...put].map(node => {
    const adopted = document.adoptNode(node);
    document.head.append(adopted);
    return adopted.tagName === "LINK" ? new Promise(done => { adopted.onload = done; adopted.onerror = done; }) : null;
  });
  return Promise.all(loads.filter(Boolean)).then(() => getComputedStyle(document.body).backgroundColor);
}"""


def worn(base: str, theme: str) -> tuple[str, str]:
    """What the server writes for ``theme``: the <html>'s class and the head's display nodes."""
    asked = Request(base + "/rules", headers={"Cookie": f"display={theme}.100"})
    with urlopen(asked) as answer:
        html = answer.read().decode()
    classes = re.search(r'<html [^>]*class="([^"]+)"', html).group(1)
    nodes = re.findall(r'<meta name="(?:color-scheme|theme-color)"[^>]*>|<link [^>]*/css/dark\.css[^>]*>', html)
    return classes, "".join(nodes)


@pytest.fixture(scope="module")
def journeys(browser: Browser, tmp_path_factory) -> Iterator[Callable[[str], dict[str, dict[str, list[str]]]]]:
    """A language's journey, made once for all its themes' tests (the module's tests run on one worker:
    tests/conftest.py's TOGETHER), on a server of the module's own (a SQLite file: the pages are the same on
    every database)."""
    folder = tmp_path_factory.mktemp("accessibility")
    config = {"SECRET_KEY": "browser-tests", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/journeys.sqlite"}
    made: dict[str, dict[str, dict[str, list[str]]]] = {}
    with serving(config) as base:

        def journey_of(language: str) -> dict[str, dict[str, list[str]]]:
            if language not in made:
                made[language] = journey(browser, base, language)
            return made[language]

        yield journey_of


@pytest.mark.parametrize(
    ("language", "theme"),
    [(language, theme) for language, themes in THEMES_OF.items() for theme in themes],
)
def test_no_page_has_a_serious_accessibility_finding(journeys, language: str, theme: str):
    assert journeys(language)[theme] == {}


def journey(browser: Browser, live_server: str, language: str) -> dict[str, dict[str, list[str]]]:
    """Every page of the journey, checked in each of the language's themes: {theme: {page: findings}}."""
    themes = THEMES_OF[language]
    wearing = {theme: worn(live_server, theme) for theme in themes}
    # The policy forbids inline scripts; only this test's context may inject axe.
    context = browser.new_context(**PHONE, bypass_csp=True, locale=PHONE_LOCALES[language])
    context.add_cookies([{"name": "display", "value": f"{themes[0]}.100", "url": live_server}])
    page = context.new_page()
    found: dict[str, dict[str, list[str]]] = {theme: {} for theme in themes}

    def check(name: str) -> None:
        page.wait_for_load_state()
        for theme in themes:
            assert page.evaluate(WEAR, list(wearing[theme])) == BACKGROUND[theme], (name, theme)  # it is on
            findings = serious_findings(page)
            if findings:
                found[theme][name] = findings

    page.goto(live_server + "/")
    check("home")
    start_game(page, live_server, "classic", "4", ["Ana", "Bea", "Luis", "Juan"])
    check("sheet, empty")
    page.locator("a.button.primary.wide").tap()
    add_meld(page, 0, "K", 3)
    add_meld(page, 1, "Q", 4)
    page.locator("#preview h2").wait_for()
    check("hand form with a preview")
    page.locator("form.hand-form button[type=submit]").tap()
    page.locator("#hand-1 > summary").tap()
    check("sheet with a hand open")
    edit_link = page.url
    page.locator("a[href$='/share']").tap()
    page.locator("details.share-way > summary").tap()
    read_only = live_server + urlsplit(page.locator("#read-link").input_value()).path  # served on 127.0.0.1 only
    check("share page, edit code shown")
    page.goto(read_only)
    check("read-only sheet")
    page.goto(read_only + "/table")
    check("table view")
    page.goto(read_only + "/share")
    check("read-only share page")
    for path in [
        "/games/new",
        "/games/new/classic?players=4&sides=2",
        "/rules",
        "/rules/melds",
        "/rules/compare",
        "/rules/search?q=canasta",
        "/tools/pile",
        "/tools/meld",
        "/tools/go-out",
        "/tools/minimum",
        "/nights/new",
        "/clubs/new",
        "/nowhere",
    ]:
        page.goto(live_server + path)
        check(path)
    page.goto(edit_link.split("#")[0] + "/hands/new")
    add_meld(page, 0, "9", 1)
    page.locator("form.hand-form button[type=submit]").tap()
    page.locator("#problems").wait_for()
    check("hand form refused")
    page.goto(edit_link.split("#")[0] + "/recording")
    check("who records the hands")
    page.locator("label.choice:has(input[name=recording][value=halves])").tap()
    page.locator("form.stack button[type=submit]").tap()
    page.locator("#side-links").wait_for()
    check("share page with each side's code")
    sides = [live_server + urlsplit(page.locator(f"#side-link-{k}").input_value()).path for k in (0, 1)]
    page.goto(sides[0])
    check("a side's page")
    page.locator("a.button.primary.wide").tap()
    add_meld(page, 0, "A", 3)
    page.locator("#preview h2").wait_for()
    check("a side's half form with a preview")
    page.locator("form.hand-form button[type=submit]").tap()
    page.locator(".my-half").wait_for()
    check("a side's page with its half in")
    page.goto(sides[1])
    page.locator("a.button.primary.wide").tap()
    add_meld(page, 1, "J", 3)
    page.locator("form.hand-form button[type=submit]").tap()
    page.locator("#judge-2 details.not-right > summary").tap()
    check("a side's page asking for its word")
    context.close()
    return found
