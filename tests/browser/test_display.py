"""Display settings in the browser: a theme chosen on /settings is in the first paint of the sheet and the
hand form (before any script of ours runs); paper stays light; QR codes stay dark on light."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .test_fit import long_game

#: The page's background in each theme (static/css/app.css and dark.css).
BACKGROUND = {"light": "rgb(251, 250, 247)", "dark": "rgb(20, 22, 24)", "black": "rgb(0, 0, 0)"}
#: The page as its first HTML and stylesheets paint it, with no script of ours: what the theme is then.
FIRST_PAINT = """() => ({ background: getComputedStyle(document.body).backgroundColor,
                       classes: document.documentElement.className })"""


def without_script(context: BrowserContext) -> None:
    """The app's script never runs in ``context``: whatever shows was in the first HTML and its CSS."""
    context.route(re.compile(r"/static/js/app\.js(\?.*)?$"), lambda route: route.abort())


THEME_LABEL = {
    "es": {"auto": "Como esté el teléfono", "light": "Claro", "dark": "Oscuro", "black": "Negro puro"},
    "en": {"auto": "As the phone is set", "light": "Light", "dark": "Dark", "black": "Pure black"},
}
SAVE = {"es": "Guardar", "en": "Save"}


def choose(page: Page, language: str, theme: str, size: int) -> None:
    """Open the settings from the page's header, choose, save: back on the page."""
    before = page.url
    page.locator("header .settings-link").tap()
    theme_choice = page.locator(f"label:has(input[name=theme][value={theme}])")
    expect(theme_choice).to_contain_text(THEME_LABEL[language][theme])
    theme_choice.tap()
    page.locator(f"label:has(input[name=size][value='{size}'])").tap()
    page.get_by_role("button", name=SAVE[language]).tap()
    expect(page).to_have_url(before)


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("width", [390, 320])
def test_each_theme_chosen_shows_in_the_first_paint_of_the_sheet_and_the_hand_form(
    browser: Browser, live_server: str, language: str, width: int
):
    context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
    page = context.new_page()
    game = long_game(page, live_server, 2)
    sheet = f"{live_server}/e/{game['edit_token']}"
    page.goto(sheet)
    fresh = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
    without_script(fresh)
    reader = fresh.new_page()
    for theme, size in (("dark", 150), ("black", 200), ("light", 125), ("dark", 100)):
        choose(page, language, theme, size)
        fresh.clear_cookies()
        fresh.add_cookies(context.cookies())
        for address in (sheet, sheet + "/hands/new"):
            reader.goto(address)
            first = reader.evaluate(FIRST_PAINT)
            assert first["background"] == BACKGROUND[theme], (theme, address)
            assert first["classes"] == f"theme-{theme} text-{size}"
    reader.screenshot(path=f"test-results/hand-form-dark-{width}-{language}.png")
    fresh.close()
    context.close()


@pytest.mark.parametrize(("scheme", "background"), [("dark", BACKGROUND["dark"]), ("light", BACKGROUND["light"])])
def test_automatic_follows_the_phone(browser: Browser, live_server: str, scheme: str, background: str):
    context = browser.new_context(viewport={"width": 390, "height": 800}, color_scheme=scheme)
    without_script(context)
    page = context.new_page()
    page.goto(live_server + "/rules")
    assert page.evaluate(FIRST_PAINT) == {"background": background, "classes": "theme-auto text-100"}
    context.close()


def test_paper_is_light_and_qr_codes_dark_on_light_in_the_dark_themes(browser: Browser, live_server: str):
    context = browser.new_context(viewport={"width": 390, "height": 800})
    context.add_cookies([{"name": "display", "value": "black.200", "url": live_server}])
    page = context.new_page()
    game = long_game(page, live_server, 2)
    page.goto(f"{live_server}/e/{game['edit_token']}/share")
    for box in page.locator(".qr-box svg").all():
        assert box.evaluate("svg => getComputedStyle(svg).backgroundColor") == "rgb(255, 255, 255)"
        assert box.locator(".qr-line").first.evaluate("l => getComputedStyle(l).stroke") == "rgb(0, 0, 0)"
    page.goto(f"{live_server}/e/{game['edit_token']}")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == BACKGROUND["black"]
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    assert page.locator(".sheet").evaluate("s => getComputedStyle(s).backgroundColor") == "rgb(255, 255, 255)"
    assert page.locator(".sheet-row.foot").evaluate("r => getComputedStyle(r).color") == "rgb(0, 0, 0)"
    page.screenshot(path="test-results/printed-sheet-from-black.png", full_page=True)
    context.close()
