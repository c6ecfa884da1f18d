"""A run's boxes holding what their lists do not offer (a page tampered with, an old page's value): the hand
form, its live preview, a side's half and its preview refuse it at the run's row, naming the box, in the
reader's language, with the rest of the form as typed, in Burraco, Buraco and Burako (N11: a 500 before)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .helpers import page_text
from .test_family_forms import HANDS, family_game

#: What the form says of each box of a run holding a value its list does not offer.
NOT_OFFERED = {
    "suit": "A run's suit is one of ♠ ♥ ♦ ♣.",
    "low": "A run's lowest card is a rank from its list: A, 2 to 10, J, Q or K.",
    "high": "A run's highest card is a rank from its list: 2 to 10, J, Q, K or A.",
    "at": "A run's wild card stands for a rank from its list: A, 2 to 10, J, Q or K.",
    "wild": "A run's wild card is a joker or a two.",
}
#: A fourth run of Us's, 4 to 8 of hearts with its wild card as the 6, one of its boxes then tampered with.
RUN = {"s0_r3_suit": "H", "s0_r3_low": "4", "s0_r3_high": "8", "s0_r3_at": "6"}
#: Each game, box and value sent: Buraco's runs have no joker, so no choice of wild card.
TAMPERED = [
    (ruleset, box, value)
    for ruleset in HANDS
    for box in NOT_OFFERED
    if box != "wild" or ruleset != "buraco"
    for value in ("ZZ", "99")
]


def tampered(ruleset: str, box: str, value: str, *, half: bool) -> dict[str, str]:
    """The game's hand (Us's half alone when ``half``), with the fourth run's ``box`` holding ``value``."""
    data = {**HANDS[ruleset][0], **RUN, f"s0_r3_{box}": value}
    return {k: v for k, v in data.items() if k.startswith("s0_") or k == "out"} if half else data


def form_refused(client: Any, ruleset: str, box: str, value: str, *, half: bool) -> Any:
    """The hand (or Us's half) sent with the tampered run, and the page the refusal leads to."""
    if half:
        us, _ = family_game(client, ruleset, recording="halves")["side_tokens"]
        address, extra = f"/s/{us}/hands/1", {"version": "0", "save_key": "k" * 22}
    else:
        address, extra = family_game(client, ruleset)["sheet"] + "/hands/new", {"expected_hands": "0"}
    sent = client.post(address, data={**tampered(ruleset, box, value, half=half), **extra})
    assert sent.status_code == 303, sent.status_code
    return client.get(sent.headers["Location"])


def preview_of(client: Any, ruleset: str, box: str, value: str, *, half: bool) -> Any:
    """The live preview of the hand (or of Us's half) holding the tampered run."""
    if half:
        us, _ = family_game(client, ruleset, recording="halves")["side_tokens"]
        address = f"/s/{us}/preview?number=1"
    else:
        address = family_game(client, ruleset)["sheet"] + "/preview?number=1"
    return client.post(address, data=tampered(ruleset, box, value, half=half))


@pytest.mark.parametrize("half", [False, True], ids=["hand", "half"])
@pytest.mark.parametrize(("ruleset", "box", "value"), TAMPERED)
def test_a_run_box_holding_what_its_list_does_not_offer_is_a_400_at_its_row_with_the_form_as_typed(
    client, ruleset, box, value, half
):
    again = form_refused(client, ruleset, box, value, half=half)
    assert again.status_code == 400
    body = page_text(again)
    error = body.index(NOT_OFFERED[box])
    assert body.index('id="s0_r3"') < error < body.index('id="s0_r4"')  # under the run's own row
    for name, kept in RUN.items():  # the run's other boxes as typed
        if name != f"s0_r3_{box}" and name != "s0_r3_suit":
            assert re.search(rf'name="{name}">.*?<option selected value="{kept}">', body, re.S), name
    assert re.search(r'name="s0_packet"[^>]*value="taken"[^>]*checked|checked[^>]*name="s0_packet"', body)


@pytest.mark.parametrize("half", [False, True], ids=["hand", "half"])
@pytest.mark.parametrize(("ruleset", "box", "value"), TAMPERED)
def test_the_live_preview_names_a_run_box_holding_what_its_list_does_not_offer(client, ruleset, box, value, half):
    preview = preview_of(client, ruleset, box, value, half=half)
    assert preview.status_code == 200
    assert NOT_OFFERED[box] in page_text(preview)


@pytest.mark.parametrize("half", [False, True], ids=["hand", "half"])
def test_a_run_box_holding_what_its_list_does_not_offer_is_named_in_the_readers_language(client, half):
    client.post("/language", data={"lang": "es"})
    again = form_refused(client, "burako", "low", "ZZ", half=half)
    assert again.status_code == 400
    assert "La carta más baja de una escalera es un número de su lista: A, 2 a 10, J, Q o K." in page_text(again)


#: Us's side through the API: a run of hearts whose middle card is no card, and a pozzetto taken.
NO_CARD = {"melds": [{"cards": ["3H", "ZZH", "5H"]}], "packet": "taken"}
THEM = {"melds": [{"cards": ["QS", "KS", "AS"]}], "packet": "not_taken"}


@pytest.mark.parametrize("ruleset", list(HANDS))
def test_the_api_refuses_a_run_card_that_is_no_card_naming_the_meld_and_the_rule(client, ruleset):
    """The API's runs are their cards: one that is not a card is the engine's ``family_card_unknown`` (a 422,
    as every rule of the deck is there), at the meld that holds it: scoring, a game's hand and a side's half."""
    game = family_game(client, ruleset)
    halves = family_game(client, ruleset, recording="halves")
    answers = [
        client.post("/api/v1/score", json={"ruleset": ruleset, "sides": [NO_CARD, THEM]}),
        client.post(
            f"/api/v1/games/{game['id']}/hands",
            json={"expected_hands": 0, "sides": [NO_CARD, THEM]},
            headers={"X-Edit-Token": game["edit_token"]},
        ),
        client.put(
            f"/api/v1/games/{halves['id']}/hands/1/halves/0",
            json={"entry": NO_CARD, "version": 0},
            headers={"X-Side-Token": halves["side_tokens"][0]},
        ),
    ]
    for answer in answers:
        assert answer.status_code == 422, answer.get_json()
        (problem,) = answer.get_json()["errors"]
        assert (problem["rule"], problem["side"], problem["field"]) == ("family_card_unknown", 0, "melds[0]")
        assert problem["message"].startswith("ZZH is not a card")
