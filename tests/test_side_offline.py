"""A side's own pages with no connection (each side its own half): the side's copy of the game its phone keeps,
and the engine in the phone scoring a half as the server's half form does (portable/bridge.py's ``half_page``,
run here as the phone runs it: JSON in, JSON out)."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.portable import bridge

from .helpers import start_from_form
from .test_halves_pages import OURS, SEATS, THEIRS, send


def side_links(client, ruleset: str = "classic", seats: dict[str, str] = SEATS) -> dict[str, str]:
    """A game kept by halves: its edit token and each side's token."""
    shared_at = start_from_form(client, ruleset, {**seats, "recording": "halves"})
    edit = shared_at.split("/e/")[1].split("/")[0]
    shared = client.get(f"/e/{edit}/share").get_data(as_text=True)
    us, them = dict.fromkeys(re.findall(r"/s/([\w-]+)", shared))
    return {"edit": edit, "us": us, "them": them}


def on_the_phone(client, token: str, number: int, fields: dict[str, str], side: int) -> dict:
    """The half as the phone's engine scores it, from the side's copy of the game."""
    copy = client.get(f"/s/{token}/phone.json").get_json()
    bridge.language("en", None)
    change = {"number": number, "fields": [[name, value] for name, value in fields.items()]}
    local = json.dumps({"game": copy["game"], "changes": []})
    return json.loads(bridge.half_page(local, json.dumps(change), "/g/game/rules", side))


def on_the_server(client, token: str, number: int, fields: dict[str, str]) -> str:
    """The half form's live preview, as the server answers it: its summary (the send bar's score) and items."""
    return client.post(f"/s/{token}/preview?number={number}", data=fields).get_data(as_text=True)


def test_a_sides_copy_says_which_side_it_is_and_its_halves_versions_and_never_holds_the_edit_link(client):
    links = side_links(client)
    send(client, links["us"], OURS)
    copy = client.get(f"/s/{links['us']}/phone.json")
    assert copy.headers["Cache-Control"] == "no-store"
    found = copy.get_json()
    assert found["side"] == {"position": 0, "pending": 1, "versions": {"1": 1}}
    assert found["game"]["sides"] == ["Ana & Luis", "Bea & Juan"]
    assert links["edit"] not in copy.get_data(as_text=True)
    assert client.get(f"/s/{links['them']}/phone.json").get_json()["side"] == {
        "position": 1,
        "pending": 1,
        "versions": {},
    }
    assert client.get("/s/not-a-side-link/phone.json").status_code == 404


def test_a_sides_pages_name_the_engine_and_the_sides_copy_for_the_phone(client):
    links = side_links(client)
    for page in (client.get(f"/s/{links['us']}"), client.get(f"/s/{links['us']}/hands/1")):
        html = page.get_data(as_text=True)
        assert f'data-offline="/s/{links["us"]}/phone.json"' in html
        assert 'data-side="0"' in html
        assert f'data-sheet="/s/{links["us"]}"' in html
        assert "offline.js" in html
        assert links["edit"] not in html


@pytest.mark.parametrize(
    ("token", "side", "fields", "score"),
    [
        ("us", 0, OURS, "+665"),
        ("them", 1, THEIRS, "+760"),
        ("us", 0, {"out": "0", "s0_mode": "quick", "s0_q_meld_points": "150", "s0_q_natural": "1"}, "+750"),
    ],
)
def test_the_phone_scores_a_half_item_by_item_as_the_servers_half_form_does(client, token, side, fields, score):
    links = side_links(client)
    phone = on_the_phone(client, links[token], 1, fields, side)
    server = on_the_server(client, links[token], 1, fields)
    assert phone["half"]["summary"] == score
    assert f'<p class="summary" hidden>{score}</p>' in server
    for label, value in phone["half"]["rows"]:
        assert re.search(rf"<dt>{re.escape(label)}</dt>\s*<dd>{re.escape(value)}</dd>", server), (label, value, server)


def test_the_phone_says_the_rules_a_half_breaks_on_its_own_as_the_servers_half_form_does(client):
    links = side_links(client)
    # a meld of fives with more wild cards than natural ones
    broken = {"out": "0", "s0_mode": "detailed", "s0_m_5_n": "2", "s0_m_5_j": "3"}
    phone = on_the_phone(client, links["us"], 1, broken, 0)
    server = on_the_server(client, links["us"], 1, broken)
    assert "half" not in phone
    assert [problem["rule"] for problem in phone["refused"]["problems"]]
    for problem in phone["refused"]["problems"]:
        assert problem["message"] in server
    wrong = on_the_phone(client, links["us"], 1, {"out": "", "s0_red3": "x"}, 0)
    assert wrong["shape"]


def test_a_burraco_half_is_scored_on_the_phone_as_on_the_server(client):
    seats = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan"}
    links = side_links(client, "burraco", seats)
    run = {"out": "0", "s0_packet": "taken", "s0_r0_suit": "H", "s0_r0_low": "4", "s0_r0_high": "10"}
    phone = on_the_phone(client, links["us"], 1, run, 0)
    server = on_the_server(client, links["us"], 1, run)
    assert phone["half"]["summary"] == "+350"
    assert '<p class="summary" hidden>+350</p>' in server
