"""Sharing: links other phones can reach, QR codes, the short code, the result as text."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web.common import sharing
from scorekeeper.web.common.sharing import lan_address

from .test_views import SPEC_FORM, start_classic, text


@pytest.mark.parametrize(
    ("addresses", "chosen"),
    [
        (["127.0.0.1", "127.0.1.1", "192.168.1.20"], "192.168.1.20"),
        (["172.17.0.1", "10.0.0.7", "192.168.0.4"], "192.168.0.4"),  # a container bridge is not the table's network
        (["172.17.0.1", "10.0.0.7"], "10.0.0.7"),
        (["169.254.3.3", "127.0.0.1", "8.8.8.8"], None),  # link-local, loopback, public: none of them
        (["not an address", "::1"], None),
    ],
)
def test_the_lan_address_is_a_private_one_of_the_usual_home_ranges(addresses, chosen):
    assert lan_address(addresses) == chosen


@pytest.fixture
def on_a_lan(monkeypatch):
    monkeypatch.setattr(sharing, "find_addresses", lambda: ["127.0.0.1", "172.17.0.1", "192.168.1.20"])


@pytest.mark.usefixtures("on_a_lan")
def test_a_page_opened_as_localhost_shares_the_machines_lan_address(client):
    sheet = start_classic(client)
    path = sheet.split("localhost")[-1]
    page = text(client.get(path + "/share", base_url="http://127.0.0.1:8000"))
    assert 'value="http://192.168.1.20:8000/g/' in page
    assert 'value="http://192.168.1.20:8000/e/' in page
    assert "127.0.0.1" not in page
    named = text(client.get(path + "/share", base_url="http://mesa.local:8000"))
    assert 'value="http://mesa.local:8000/g/' in named  # a real name is kept as it is


@pytest.mark.usefixtures("on_a_lan")
def test_the_configured_public_url_wins(app, client):
    app.config["PUBLIC_URL"] = "https://canasta.example.org/"
    sheet = start_classic(client)
    page = text(client.get(sheet.split("localhost")[-1] + "/share", base_url="http://127.0.0.1:8000"))
    assert 'value="https://canasta.example.org/g/' in page


def test_the_share_page_of_the_edit_link_offers_both_and_the_read_only_one_only_its_own(client):
    sheet = start_classic(client)
    edit_page = text(client.get(sheet + "/share"))
    assert edit_page.count('<svg role="img"') == 2
    assert "Let another phone record hands too" in edit_page
    public = re.search(r'id="read-link" class="link" readonly value="http://[^/]+(/g/[^"]+)"', edit_page).group(1)
    read_page = text(client.get(public + "/share"))
    assert read_page.count('<svg role="img"') == 1
    assert "/e/" not in read_page
    assert 'aria-label="QR code of the read-only link"' in read_page


def test_a_finished_game_offers_its_result_as_a_short_text(client):
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    finish = {
        "expected_hands": "1",
        "out": "0",
        "s0_mode": "quick",
        "s1_mode": "quick",
        "s0_q_meld_points": "1000",
        "s0_q_natural": "7",
        "s1_q_meld_points": "60",
        "s1_q_hand_points": "45",
    }
    assert client.post(sheet + "/hands/new", data=finish).status_code == 302
    page = text(client.get(sheet))
    result = "Canasta · Classic partnership · 2 hands: Ana &amp; Luis 5,165, Bea &amp; Juan 795."
    assert f"{result} Ana &amp; Luis win with 5,165." in page
    client.set_cookie("lang", "es")
    assert "Ganan Ana &amp; Luis con 5.165." in text(client.get(sheet))
