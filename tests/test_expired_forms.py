"""A form sent without its security token (CSRF on): the hand form and a side's half come back with what
was typed; a game, side or hand that is not there is a 404 there too, as the form's own address answers,
never a 500 (issue 33, point 2)."""

from __future__ import annotations

import re

import pytest

from .helpers import page_text, start_from_form
from .test_halves_pages import OURS, SEATS
from .test_views import SPEC_FORM, start_classic


@pytest.fixture
def guarded(app):
    """The app checking security tokens, a server error answered as a page (a 500), not raised."""
    app.config["WTF_CSRF_ENABLED"] = True
    app.config["TESTING"] = False
    return app


def game_with_one_hand(app, client):
    app.config["WTF_CSRF_ENABLED"] = False
    sheet = start_classic(client)
    assert client.post(sheet + "/hands/new", data=SPEC_FORM).status_code == 302
    app.config["WTF_CSRF_ENABLED"] = True
    return sheet


def side_link(app, client):
    app.config["WTF_CSRF_ENABLED"] = False
    shared_at = start_from_form(client, "classic", {**SEATS, "recording": "halves"})
    edit = shared_at.split("/e/")[1].split("/")[0]
    shared = client.get(f"/e/{edit}/share").get_data(as_text=True)
    app.config["WTF_CSRF_ENABLED"] = True
    return re.findall(r"/s/([\w-]+)", shared)[0]


@pytest.mark.parametrize("number", [0, 3, 999])
def test_a_fix_of_a_hand_that_is_not_there_sent_without_its_token_is_not_found(guarded, number):
    client = guarded.test_client()
    sheet = game_with_one_hand(guarded, client)
    assert client.post(f"{sheet}/hands/{number}", data=SPEC_FORM).status_code == 404


def test_a_fix_of_a_hand_that_is_there_sent_without_its_token_comes_back_typed(guarded):
    client = guarded.test_client()
    sheet = game_with_one_hand(guarded, client)
    response = client.post(f"{sheet}/hands/1", data=SPEC_FORM)
    assert response.status_code == 400
    assert "This page had been open a long time, so hand 1 was not saved yet." in page_text(response)


def test_a_hand_form_of_a_game_that_is_not_there_sent_without_its_token_is_not_found(guarded):
    client = guarded.test_client()
    missing = "/e/" + "x" * 43
    assert client.post(f"{missing}/hands/new", data=SPEC_FORM).status_code == 404
    assert client.post(f"{missing}/hands/1", data=SPEC_FORM).status_code == 404


@pytest.mark.parametrize("number", [0, 2, 3, 999])
def test_a_half_of_a_hand_that_is_not_there_sent_without_its_token_is_not_found(guarded, number):
    client = guarded.test_client()
    token = side_link(guarded, client)
    assert client.post(f"/s/{token}/hands/{number}", data=OURS).status_code == 404


def test_a_half_sent_without_its_token_comes_back_with_every_value_and_a_fresh_token(guarded):
    client = guarded.test_client()
    token = side_link(guarded, client)
    client.get(f"/s/{token}")  # the phone's session
    response = client.post(f"/s/{token}/hands/1", data={**OURS, "version": "0", "save_key": "k" * 43})
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert "This page had been open a long time, so your half of hand 1 was not sent yet." in page_text(response)
    assert re.search(r'name="s0_m_K_n"\s+value="7"', body)
    fresh = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', body).group(1)
    sent = client.post(f"/s/{token}/hands/1", data={**OURS, "version": "0", "save_key": "k" * 43, "csrf_token": fresh})
    assert sent.status_code == 302


def test_a_half_of_a_side_that_is_not_there_sent_without_its_token_is_not_found(guarded):
    client = guarded.test_client()
    assert client.post("/s/" + "x" * 43 + "/hands/1", data=OURS).status_code == 404
