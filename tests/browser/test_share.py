"""Sharing from a phone: the QR code reads as the link, and links say an address other phones can reach."""

from __future__ import annotations

import re
import subprocess

from playwright.sync_api import Page, expect

from scorekeeper.web.common.sharing import interface_addresses, lan_address

from .test_journeys import start_game


def test_the_qr_code_reads_as_the_read_only_link_with_an_address_other_phones_reach(page: Page, live_server, tmp_path):
    start_game(page, live_server, "classic", "4 players in 2 pairs", ["Ana", "Bea", "Luis", "Juan"])
    page.get_by_role("link", name="Share this game").tap()
    link = page.locator("#read-link").input_value()
    lan = lan_address(interface_addresses())
    port = live_server.rsplit(":", 1)[1]
    # The page was opened as 127.0.0.1: the link carries this machine's LAN address when it has one.
    assert link.startswith(f"http://{lan}:{port}/g/" if lan else f"{live_server}/g/")
    shot = tmp_path / "qr.png"
    page.locator(".qr-box svg").first.screenshot(path=str(shot))
    decoded = subprocess.run(["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True, check=True)
    assert decoded.stdout.strip() == link
    expect(page.locator(".join-code")).to_have_text(re.compile(r"^[2-9A-HJKMNP-Z]{6}$"))
    page.screenshot(path="test-results/share.png", full_page=True)

    page.locator("details.share-way > summary").tap()  # the edit link's code only behind a tap that says what it gives
    edit_shot = tmp_path / "edit-qr.png"
    page.locator(".qr-box svg").nth(1).screenshot(path=str(edit_shot))
    edit = subprocess.run(["zbarimg", "--quiet", "--raw", str(edit_shot)], capture_output=True, text=True, check=True)
    assert "/e/" in edit.stdout
    assert edit.stdout.strip() == page.locator("#edit-link").input_value()
