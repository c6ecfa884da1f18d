"""Each side counts its own half: three phones (Us, Them, a follower) on one game kept by halves."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
from .test_fit import long_game
from .test_journeys import add_meld, no_sideways_scroll, red_threes, went_out


def start_by_halves(page: Page, base: str) -> tuple[str, str, str]:
    """A classic game kept by halves, started on the edit link's phone: Us's and Them's links and the
    read-only sheet, as the share page gives them."""
    page.goto(base + "/games/new/classic?players=4&sides=2")
    for seat, name in enumerate(["Ana", "Bea", "Luis", "Juan"]):
        page.fill(f"#seat_{seat}", name)
    page.locator("label.choice:has(input[name=recording][value=halves])").tap()
    page.locator("form button[type=submit].primary").tap()
    expect(page.locator("#side-links")).to_be_visible()  # the share page, at each side's code
    assert page.locator("#side-links .qr").count() == 2
    no_sideways_scroll(page)
    us, them = dict.fromkeys(re.findall(r"/s/[\w-]+", page.content()))
    public = re.search(r"/g/[\w-]+", page.content()).group(0)
    return base + us, base + them, base + public


def phone(browser: Browser, address: str) -> Page:
    opened = browser.new_context(**PHONE, locale="en-GB").new_page()
    opened.goto(address)
    return opened


def send(page: Page) -> None:
    page.get_by_role("button", name="Send our half").tap()


def test_both_sides_count_at_once_and_a_disputed_half_is_fixed_and_agreed(
    page: Page, live_server: str, browser: Browser
):
    us_link, them_link, sheet_link = start_by_halves(page, live_server)
    us, them, follower = phone(browser, us_link), phone(browser, them_link), phone(browser, sheet_link)
    expect(follower.locator(".halves-status")).to_contain_text("counting…")

    # Both open their half at once and type at the same time; Us's phone says first who is sending.
    us.get_by_role("link", name="Count our half of hand 1").tap()
    them.get_by_role("link", name="Count our half of hand 1").tap()
    expect(us.locator("form.half-form fieldset").first).to_contain_text("Who is sending?")  # before any count
    us.locator("#sender label.chip", has_text="Luis").tap()
    add_meld(us, 0, "K", 7)
    add_meld(them, 1, "A", 7)
    red_threes(us, 0, 3)  # a mistake: Us laid down two
    went_out(them, 1)
    add_meld(them, 1, "6", 4)
    expect(us.locator("#live-total")).to_contain_text("+870")
    expect(them.locator("#live-total")).to_contain_text("+760")
    no_sideways_scroll(us)
    send(us)
    expect(us.locator("#sent-by")).to_contain_text("The half Luis sent at")
    expect(them.locator("#status")).to_contain_text("✓ done", timeout=2500)  # Them's form sees Us is done
    send(them)
    sent_at = time.monotonic()
    expect(follower.locator("#hand-1 > summary")).to_contain_text("+870", timeout=2500)
    expect(us.locator("#judge-1")).to_contain_text("+760", timeout=2500)
    expect(them.locator("#judge-1")).to_contain_text("+870", timeout=2500)
    assert time.monotonic() - sent_at < 2.5
    expect(follower.locator(".notice.not-agreed")).to_contain_text("not yet agreed")

    # Them: Us's red threes are not right.
    them.locator("#not-right-1 > summary").tap()
    them.fill("#not-right-1 input[name=remark]", "two red threes, not three")
    them.get_by_role("button", name="Send: not right").tap()
    expect(us.locator("#reopened-1")).to_contain_text("two red threes, not three", timeout=2500)
    no_sideways_scroll(us)
    us.get_by_role("link", name="Fix our half").tap()
    expect(us.locator("#reopened-note")).to_contain_text("two red threes, not three")
    expect(us.locator("details.sender > summary")).to_contain_text("Luis is sending")  # not asked again
    red_threes(us, 0, 2)
    send(us)
    expect(them.locator("#judge-1")).to_contain_text("+770", timeout=2500)
    them.get_by_role("button", name="Agreed").tap()
    us.get_by_role("button", name="Agreed").tap()

    expect(follower.locator("#hand-1 > summary")).to_contain_text("+770", timeout=2500)
    expect(follower.locator(".not-agreed")).to_have_count(0)
    expect(follower.locator(".sheet-row.foot")).to_contain_text("770")
    expect(follower.locator(".sheet-row.foot")).to_contain_text("760")
    follower.locator("details.log > summary").tap()
    expect(follower.locator("details.log")).to_contain_text("Hand 1 agreed by every side.")
    expect(follower.locator("details.log")).to_contain_text("Bea & Juan say Ana & Luis's half is not right.")
    for opened in (us, them, follower):
        opened.context.close()


def test_two_sides_that_say_they_went_out_see_it_until_one_changes(page: Page, live_server: str, browser: Browser):
    us_link, them_link, sheet_link = start_by_halves(page, live_server)
    us, them, follower = phone(browser, us_link), phone(browser, them_link), phone(browser, sheet_link)
    for side, opened, rank in ((0, us, "K"), (1, them, "A")):
        opened.get_by_role("link", name="Count our half of hand 1").tap()
        add_meld(opened, side, rank, 7)
        went_out(opened, side)
        send(opened)
    for opened in (us, them, follower):
        expect(opened.locator(".halves-status .problems")).to_contain_text("Only one side can go out", timeout=2500)
    expect(follower.locator("#hand-1")).to_have_count(0)

    us.get_by_role("link", name="Change it").tap()
    us.locator("label.choice:has(#out-none)").tap()
    us.context.set_offline(True)  # the Wi-Fi drops as Us sends: nothing is lost, the half waits on the phone
    send(us)
    expect(us.locator("#offline-note")).to_be_visible()
    assert "half0:1" in us.evaluate("Object.keys(localStorage).join(' ')")
    us.context.set_offline(False)
    send(us)
    expect(follower.locator("#hand-1 > summary")).to_contain_text("+570", timeout=2500)
    expect(them.locator("#judge-1")).to_be_visible(timeout=2500)
    expect(them.locator(".halves-status .problems")).to_have_count(0)
    for opened in (us, them, follower):
        opened.context.close()


#: The send bar's height beside one line of its text: its box without its padding and border, the button's
#: content box, and the height of one line of the button's text (a bar on one line is no taller than its button);
#: how far the total's text runs over Send, and Send off the screen.
SEND_BAR = """() => {
  const bar = document.querySelector('.half-form .save-bar'), button = bar.querySelector('button');
  const px = (e, p) => parseFloat(getComputedStyle(e)[p]) || 0;
  const inner = (e) => e.getBoundingClientRect().height - px(e, 'paddingTop') - px(e, 'paddingBottom')
    - px(e, 'borderTopWidth') - px(e, 'borderBottomWidth');
  const line = px(button, 'lineHeight') || 1.2 * px(button, 'fontSize');
  const text = (e) => { const r = document.createRange(); r.selectNodeContents(e); return r.getBoundingClientRect(); };
  return {bar: inner(bar), button: button.getBoundingClientRect().height, text: inner(button), line: line,
          screen: window.innerHeight, total: document.getElementById('live-total').textContent,
          overlap: text(document.getElementById('live-total')).right - button.getBoundingClientRect().left,
          beyond: button.getBoundingClientRect().right - document.documentElement.clientWidth};
}"""


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("width", [390, 320])
def test_the_send_bar_takes_one_line_at_200_percent_text(browser: Browser, live_server: str, language: str, width: int):
    """With 200 % chosen on the settings page, the half form's sticky send bar (the half's live total and
    Send) stays one line high: the button's text on one line, the total beside it, not above it."""
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 640 if width == 320 else 844}})
    context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
    context.add_cookies([{"name": "display", "value": "auto.200", "url": live_server}])
    page = context.new_page()
    game = long_game(page, live_server, 2, recording="halves")
    page.goto(f"{live_server}/s/{game['side_tokens'][0]}/hands/3")
    add_meld(page, 0, "K", 7)
    add_meld(page, 0, "A", 7)  # a total of six characters: +1,210 (+1.210 in Spanish)
    expect(page.locator("#live-total")).to_have_text("+1.210" if language == "es" else "+1,210")
    page.screenshot(path=f"test-results/half-form-send-bar-200-{width}-{language}.png")
    page.locator("fieldset.sender").screenshot(path=f"test-results/half-form-sender-200-{width}-{language}.png")
    measured = page.evaluate(SEND_BAR)
    context.close()
    assert measured["text"] <= 1.5 * measured["line"], measured  # Send's words on one line
    assert measured["bar"] <= measured["button"] + 1, measured  # the total beside Send, not on a line of its own
    assert measured["overlap"] <= 0, measured  # the total whole, before Send, neither over the other
    assert measured["beyond"] <= 0, measured  # Send on the screen
