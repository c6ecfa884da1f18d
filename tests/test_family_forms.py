"""Burraco, Buraco and Burako at the table: the hand form (runs and sets card by card, the packet, going out
with or without a discard, the closing discard, the stock running out), the paper-sheet way, a side's half,
and the sheet that reads them back. Every total below is worked out by hand from the game's card values."""

from __future__ import annotations

import re
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper.engine.catalogue import RULESETS
from scorekeeper.web.table.hand_form.form import hand_form

from .helpers import page_text

NAMES = ("Ana & Luis", "Bea & Juan")


def family_game(client: Any, ruleset: str, options: dict[str, Any] | None = None, recording: str = "one") -> dict:
    """A game of two pairs started through the API (the family's new-game page is another slice's)."""
    table = {
        "ruleset": ruleset,
        "recording": recording,
        "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}],
        "options": options or {},
    }
    game = client.post("/api/v1/games", json=table).get_json()
    assert "edit_token" in game, game
    game["sheet"] = f"/e/{game['edit_token']}"
    return game


def parsed(app: Any, ruleset: str, data: dict[str, str], only_side: int | None = None) -> Any:
    """The form of ``ruleset`` holding ``data``: validated, and its record when valid."""
    with app.test_request_context():
        form = hand_form(RULESETS[ruleset], NAMES, formdata=MultiDict(data), only_side=only_side)
        valid = form.validate()
        record = form.to_record()[0] if valid else None
        errors = {field.name: list(field.errors) for field in form if field.errors}
        return valid, record, errors


def hand_row(client: Any, sheet: str, number: int) -> list[str]:
    """The words of hand ``number`` on the sheet: its scores, totals and each side's items."""
    body = client.get(sheet).get_data(as_text=True)
    found = re.search(rf'<details class="hand[^"]*" id="hand-{number}">(.*?)</details>', body, re.S)
    assert found, page_text(client.get(sheet))
    return re.sub(r"<[^>]+>", " ", found.group(1)).split()


# ---- the form: what it makes of the boxes ----------------------------------------------------------------

BOTH_PACKETS = {"s0_packet": "taken", "s1_packet": "taken"}


def test_a_run_with_a_joker_for_the_six_is_written_card_by_card(app):
    run = {"s0_r0_suit": "H", "s0_r0_low": "3", "s0_r0_high": "9", "s0_r0_at": "6", **BOTH_PACKETS}
    valid, record, _ = parsed(app, "burraco", run)
    assert valid
    assert record["sides"][0]["card_melds"] == [{"cards": ["3H", "4H", "5H", "JK", "7H", "8H", "9H"]}]


def test_a_wild_two_is_a_two_of_another_suit_spread_over_the_suits(app):
    data = {**BOTH_PACKETS}
    for r, suit in enumerate("SSS"):
        data |= {f"s0_r{r}_suit": suit, f"s0_r{r}_low": "5", f"s0_r{r}_high": "8", f"s0_r{r}_at": "7"}
        data[f"s0_r{r}_wild"] = "2"
    valid, record, _ = parsed(app, "burraco", data)
    assert valid
    wilds = [meld["cards"][2] for meld in record["sides"][0]["card_melds"]]
    assert wilds == ["2H", "2D", "2C"]  # never the run's own two, never the same two three times


def test_a_run_from_the_ace_holds_its_two_naturally_and_the_wild_twos_go_elsewhere(app):
    natural = {"s0_r0_suit": "H", "s0_r0_low": "A", "s0_r0_high": "5"}
    dirty = {"s1_r0_suit": "S", "s1_r0_low": "9", "s1_r0_high": "K", "s1_r0_at": "J", "s1_r0_wild": "2"}
    valid, record, _ = parsed(app, "burraco", {**natural, **dirty, **BOTH_PACKETS})
    assert valid
    assert record["sides"][0]["card_melds"] == [{"cards": ["AH", "2H", "3H", "4H", "5H"]}]
    assert record["sides"][1]["card_melds"] == [{"cards": ["9S", "10S", "2D", "QS", "KS"]}]  # 2H is in use


def test_an_ace_ends_a_run_high_and_starts_one_low(app):
    data = {"s0_r0_suit": "C", "s0_r0_low": "Q", "s0_r0_high": "A", "s0_r0_at": "A", **BOTH_PACKETS}
    data |= {"s0_r1_suit": "D", "s0_r1_low": "A", "s0_r1_high": "3", "s0_r1_at": "A"}
    valid, record, _ = parsed(app, "burraco", data)
    assert valid
    assert record["sides"][0]["card_melds"] == [{"cards": ["QC", "KC", "JK"]}, {"cards": ["JK", "2D", "3D"]}]


HEARTS_TWO_TO_KING = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]


def test_a_buraco_run_from_ace_to_ace_takes_its_wild_card_for_either_ace(app):
    """Buraco's runs may go from ace to ace (family.md R-K2): the wild card may stand for the low ace or for the
    high one, and the form offers both."""
    run = {"s0_r0_suit": "H", "s0_r0_low": "A", "s0_r0_high": "A", **BOTH_PACKETS}
    _, high, _ = parsed(app, "buraco", {**run, "s0_r0_at": "A+"})
    assert high["sides"][0]["card_melds"] == [{"cards": ["AH", *HEARTS_TWO_TO_KING, "2S"]}]
    _, low, _ = parsed(app, "buraco", {**run, "s0_r0_at": "A"})
    assert low["sides"][0]["card_melds"] == [{"cards": ["2S", *HEARTS_TWO_TO_KING, "AH"]}]


def test_the_high_ace_is_offered_where_a_run_may_go_from_ace_to_ace(client):
    for ruleset, offered in (("buraco", True), ("burraco", False), ("burako", False)):
        form = client.get(family_game(client, ruleset)["sheet"] + "/hands/new").get_data(as_text=True)
        assert ('<option value="A+">A (high)</option>' in form) is offered, ruleset


def test_a_run_from_ace_to_ace_comes_back_with_its_wild_card_as_the_high_ace(client):
    game = family_game(client, "buraco")
    dirty = {"s1_r1_suit": "D", "s1_r1_low": "A", "s1_r1_high": "A", "s1_r1_at": "A+"}
    saved = client.post(game["sheet"] + "/hands/new", data={"expected_hands": "0", **BURACO_HAND, **dirty})
    assert saved.status_code == 302, page_text(client.get(saved.headers.get("Location", game["sheet"])))
    body = client.get(game["sheet"] + "/hands/1").get_data(as_text=True)
    assert re.search(r'name="s1_r1_at">.*?<option selected value="A\+">', body, re.S)
    assert re.search(r'name="s1_r1_low">.*?<option selected value="A">', body, re.S)


def test_sets_are_kept_by_rank_with_a_plain_three_and_burakos_meld_of_wild_cards(app):
    data = {"s0_m_K_n": "5", "s0_m_K_j": "1", "s0_m_3_n": "3", "s0_m_WILD_j": "2", "s0_m_WILD_t": "5", **BOTH_PACKETS}
    valid, record, _ = parsed(app, "burako", data)
    assert valid
    assert record["sides"][0]["card_melds"] == [
        {"rank": "K", "naturals": 5, "jokers": 1, "twos": 0},
        {"rank": "3", "naturals": 3, "jokers": 0, "twos": 0},
        {"rank": "WILD", "naturals": 0, "jokers": 2, "twos": 5},
    ]


def test_buraco_offers_runs_only_and_no_jokers(app, client):
    game = family_game(client, "buraco")
    form = client.get(game["sheet"] + "/hands/new").get_data(as_text=True)
    assert 'id="s0_r0_low"' in form
    assert 'id="s0_m_K_n"' not in form  # runs only, no sets
    assert 'id="s0_r0_wild"' not in form  # no jokers: a run's wild card is a two
    assert 'id="s0_h_JOKER"' not in form
    assert 'id="s0_h_3"' in form  # a plain three held
    assert 'id="s0_red3' not in form
    assert "Went out without a discard" in page_text(client.get(game["sheet"] + "/hands/new"))


def test_the_packet_is_required_and_named_by_the_game(app):
    valid, _, errors = parsed(app, "burraco", {"s0_packet": "taken", "s0_m_K_n": "3"})
    assert not valid
    assert errors == {"s1_packet": ["Say what became of the pozzetto: taken, not taken, or taken and not played."]}


def test_a_half_needs_only_its_own_sides_packet(app):
    valid, record, _ = parsed(app, "burako", {"s1_packet": "not_taken", "s1_m_K_n": "3"}, only_side=1)
    assert valid
    assert record["sides"][1]["packet"] == "not_taken"


def test_going_out_without_a_discard_and_the_closing_discard_are_recorded(app):
    valid, record, _ = parsed(app, "burako", {"out": "1n", **BOTH_PACKETS})
    assert valid
    assert (record["sides"][1]["went_out"], record["sides"][1]["closing"]) == (True, "no_discard")
    valid, record, _ = parsed(app, "burako", {"out": "0", "s0_discard": " 7h ", **BOTH_PACKETS})
    assert (record["sides"][0]["closing"], record["sides"][0]["closing_discard"]) == ("discard", "7H")
    assert record["sides"][1]["closing"] == ""


def test_burraco_goes_out_only_with_a_discard(app):
    valid, _, errors = parsed(app, "burraco", {"out": "0n", **BOTH_PACKETS})
    assert not valid
    assert "out" in errors


def test_the_stock_running_out_ends_the_record_on_the_stock(app):
    _, record, _ = parsed(app, "burraco", {"stock_out": "y", **BOTH_PACKETS})
    assert record["end"] == "stock_out"
    _, record, _ = parsed(app, "burraco", dict(BOTH_PACKETS))
    assert "end" not in record


@pytest.mark.parametrize(
    ("run", "message"),
    [
        ({"s0_r0_suit": "H", "s0_r0_low": "3"}, "A run needs its suit, its lowest card and its highest card."),
        ({"s0_r0_low": "3", "s0_r0_high": "6"}, "A run needs its suit, its lowest card and its highest card."),
        (
            {"s0_r0_suit": "H", "s0_r0_low": "9", "s0_r0_high": "3"},
            "A run goes up from its lowest card to its highest: 9 to 3 does not.",
        ),
        (
            {"s0_r0_suit": "H", "s0_r0_low": "3", "s0_r0_high": "6", "s0_r0_at": "9"},
            "The wild card stands for a card of the run, from its lowest to its highest.",
        ),
    ],
)
def test_a_run_that_cannot_be_written_as_cards_is_refused_at_its_row(app, run, message):
    valid, _, errors = parsed(app, "burraco", {**run, **BOTH_PACKETS})
    assert not valid
    assert errors == {"s0_r0_suit": [message]}


def test_a_suit_tapped_alone_is_no_run(app):
    valid, record, _ = parsed(app, "burraco", {"s0_r0_suit": "H", **BOTH_PACKETS})
    assert valid
    assert record["sides"][0]["card_melds"] is None


# ---- a hand of each game through the form, read back on the sheet ----------------------------------------

#: Burraco. Ana & Luis close with 7C, pozzetto taken: 4H-10H clean (20 + 30 = 50, 200), 3S-9S with a joker
#: as the 6 (5+5+5+30+5+10+10 = 70, dirty 100), three kings 30, closing 100: 150 + 300 + 100 = 550.
#: Bea & Juan, pozzetto not taken: four sevens and a two (20 + 20 = 40), AD-5D with its two (15+20+15 = 50),
#: holding an ace, a three and a joker (15 + 5 + 30 = 50): 90 - 50 - 100 = -60.
BURRACO_HAND = {
    "out": "0",
    "s0_discard": "7C",
    "s0_packet": "taken",
    "s0_r0_suit": "H",
    "s0_r0_low": "4",
    "s0_r0_high": "10",
    "s0_r1_suit": "S",
    "s0_r1_low": "3",
    "s0_r1_high": "9",
    "s0_r1_at": "6",
    "s0_m_K_n": "3",
    "s1_packet": "not_taken",
    "s1_m_7_n": "4",
    "s1_m_7_t": "1",
    "s1_r0_suit": "D",
    "s1_r0_low": "A",
    "s1_r0_high": "5",
    "s1_h_A": "1",
    "s1_h_3": "1",
    "s1_h_JOKER": "1",
}
#: Buraco. Ana & Luis go out without a discard, morto taken: AH-KH clean (15 + 10 + 25 + 60 = 110, ace to
#: king 500), 5S-JS with a two as the 8 (5+5+5+10+10+10+10 = 55, dirty 100), going out 100: 865.
#: Bea & Juan, morto taken and not played (-100): 9C-KC (50) without a clean canastra counts minus, an ace
#: and a four held (20): -50 - 20 - 100 = -170.
BURACO_HAND = {
    "out": "0n",
    "s0_packet": "taken",
    "s0_r0_suit": "H",
    "s0_r0_low": "A",
    "s0_r0_high": "K",
    "s0_r1_suit": "S",
    "s0_r1_low": "5",
    "s0_r1_high": "J",
    "s0_r1_at": "8",
    "s1_packet": "taken_unplayed",
    "s1_r0_suit": "C",
    "s1_r0_low": "9",
    "s1_r0_high": "K",
    "s1_h_A": "1",
    "s1_h_4": "1",
}
#: Burako. Ana & Luis close with KD, muerto taken: a canasta of two jokers and five twos (100 + 100 = 200,
#: 1000), seven queens (70, clean 200), closing 100: 270 + 1200 + 100 = 1570. Bea & Juan, muerto not
#: taken: 6H-10H with a joker as the 8 (5+5+50+10+10 = 80), a two held (20): 80 - 20 - 100 = -40.
BURAKO_HAND = {
    "out": "0",
    "s0_discard": "KD",
    "s0_packet": "taken",
    "s0_m_WILD_j": "2",
    "s0_m_WILD_t": "5",
    "s0_m_Q_n": "7",
    "s1_packet": "not_taken",
    "s1_r0_suit": "H",
    "s1_r0_low": "6",
    "s1_r0_high": "10",
    "s1_r0_at": "8",
    "s1_h_2": "1",
}

HANDS = {
    "burraco": (BURRACO_HAND, ("+550", "−60"), ["1 clean", "1 dirty"], "Pozzetto"),
    "buraco": (BURACO_HAND, ("+865", "−170"), ["1 ace to king", "1 dirty"], "Morto"),
    "burako": (BURAKO_HAND, ("+1,570", "−40"), ["1 clean", "1 of wild cards"], "Muerto"),
}


@pytest.mark.parametrize("ruleset", HANDS)
def test_a_hand_card_by_card_is_scored_on_the_sheet(client, ruleset):
    data, scores, canastas, packet = HANDS[ruleset]
    game = family_game(client, ruleset)
    saved = client.post(game["sheet"] + "/hands/new", data={"expected_hands": "0", **data})
    assert saved.status_code == 302, page_text(client.get(saved.headers.get("Location", game["sheet"])))
    words = " ".join(hand_row(client, game["sheet"], 1))
    assert words.startswith(f"1 {scores[0]} {scores[0][1:]} {scores[1]} {scores[1]}")
    for kinds in canastas:
        assert kinds in words
    assert f"{packet} −100" in words


@pytest.mark.parametrize("ruleset", HANDS)
def test_a_hand_comes_back_into_its_form_to_be_fixed(client, ruleset):
    data, scores, _, _ = HANDS[ruleset]
    game = family_game(client, ruleset)
    client.post(game["sheet"] + "/hands/new", data={"expected_hands": "0", **data})
    body = client.get(game["sheet"] + "/hands/1").get_data(as_text=True)
    for name, value in data.items():
        if name == "out" or name.endswith(("_packet", "_suit")):
            assert re.search(rf'<input[^>]*name="{name}"[^>]*value="{value}"[^>]*checked', body) or re.search(
                rf'<input[^>]*checked[^>]*name="{name}"[^>]*value="{value}"', body
            ), name
        elif name.endswith(("_low", "_high", "_at", "_wild", "_discard")):
            assert re.search(rf'name="{name}">.*?<option selected value="{value}">', body, re.S), name
        else:
            assert re.search(rf'name="{name}"[^>]*value="{value}"', body), name
    resaved = client.post(game["sheet"] + "/hands/1", data={**data, "version": "1"})
    assert resaved.status_code == 302
    assert " ".join(hand_row(client, game["sheet"], 1)).startswith(f"1 {scores[0]}")


#: The same hands the paper sheet's way: points melded, canastas by kind, points held.
QUICK = {
    "burraco": {
        "out": "0",
        "s0_mode": "quick",
        "s0_packet": "taken",
        "s0_q_meld_points": "150",
        "s0_q_natural": "1",
        "s0_q_mixed": "1",
        "s1_mode": "quick",
        "s1_packet": "not_taken",
        "s1_q_meld_points": "90",
        "s1_q_hand_points": "50",
    },
    "buraco": {
        "out": "0n",
        "s0_mode": "quick",
        "s0_packet": "taken",
        "s0_q_meld_points": "165",
        "s0_q_ace_to_king": "1",
        "s0_q_mixed": "1",
        "s1_mode": "quick",
        "s1_packet": "taken_unplayed",
        "s1_q_meld_points": "50",
        "s1_q_hand_points": "20",
    },
    "burako": {
        "out": "0",
        "s0_mode": "quick",
        "s0_packet": "taken",
        "s0_q_meld_points": "270",
        "s0_q_natural": "1",
        "s0_q_wild": "1",
        "s1_mode": "quick",
        "s1_packet": "not_taken",
        "s1_q_meld_points": "80",
        "s1_q_hand_points": "20",
    },
}


@pytest.mark.parametrize("ruleset", QUICK)
def test_the_paper_sheet_way_gives_the_same_hand(client, ruleset):
    _, scores, canastas, _ = HANDS[ruleset]
    game = family_game(client, ruleset)
    saved = client.post(game["sheet"] + "/hands/new", data={"expected_hands": "0", **QUICK[ruleset]})
    assert saved.status_code == 302
    words = " ".join(hand_row(client, game["sheet"], 1))
    assert words.startswith(f"1 {scores[0]} {scores[0][1:]} {scores[1]} {scores[1]}")
    for kinds in canastas:
        assert kinds in words


@pytest.mark.parametrize(
    ("ruleset", "offered", "not_offered"),
    [
        ("burraco", ["Clean burracos (200)", "Semi-clean burracos (150)", "Dirty burracos (100)"], ["ace to king"]),
        ("buraco", ["Clean, ace to king (500)", "Clean, ace to ace (1000)"], ["Semi-clean", "wild cards ("]),
        ("burako", ["Canastas of wild cards (1000)"], ["Semi-clean", "ace to ace", "Natural canastas"]),
    ],
)
def test_the_paper_sheet_asks_for_the_canastas_the_game_has(client, ruleset, offered, not_offered):
    page = page_text(client.get(family_game(client, ruleset)["sheet"] + "/hands/new"))
    for label in offered:
        assert label in page
    for label in not_offered:
        assert label not in page


# ---- refusals: at their box, with what was typed --------------------------------------------------------


def refused_page(client: Any, url: str, data: dict[str, str]) -> Any:
    sent = client.post(url, data=data)
    assert sent.status_code == 303
    return client.get(sent.headers["Location"])


def test_a_wild_closing_discard_in_burraco_is_refused_at_the_discard_box(client):
    game = family_game(client, "burraco")
    again = refused_page(client, game["sheet"] + "/hands/new", {**BURRACO_HAND, "s0_discard": "JK"})
    assert again.status_code == 422
    body = again.get_data(as_text=True)
    box = body.index('id="s0_discard"')
    error = body.index('data-rule="family_going_out_on_a_wild_discard"', box)
    assert error < body.index('id="s0_packet-label"')  # right under the box, before the pozzetto
    assert re.search(r'name="s0_discard">.*?<option selected value="JK">', body, re.S)  # the card chosen stays
    assert "/rules/" in body[error : error + 600]  # with the link to the rule


def test_a_run_too_short_is_refused_under_its_row_with_its_ends_kept(client):
    game = family_game(client, "burraco")
    short = {**BURRACO_HAND, "s1_r1_suit": "C", "s1_r1_low": "5", "s1_r1_high": "6"}
    again = refused_page(client, game["sheet"] + "/hands/new", short)
    assert again.status_code == 422
    body = again.get_data(as_text=True)
    error = body.index('data-rule="family_meld_too_small"')
    assert body.index('id="s1_r1"') < error < body.index('id="s1_r2"')
    assert re.search(r'name="s1_r1_low">.*?<option selected value="5">', body, re.S)


def test_a_side_without_its_packet_is_refused_naming_it_in_the_readers_language(client):
    game = family_game(client, "burako")
    client.post("/language", data={"lang": "es"})
    again = refused_page(client, game["sheet"] + "/hands/new", {**BURAKO_HAND, "s1_packet": ""})
    assert again.status_code == 400
    body = again.get_data(as_text=True)
    message = "Diga qué pasó con el muerto: lo tomó, no lo tomó, o lo tomó y no lo jugó."
    assert message in page_text(again)
    assert body.index('id="s1_packet-label"') < body.index("Diga qué pasó con el muerto") < body.index('id="s1_mode')
    assert re.search(r'name="s1_r0_low">.*?<option selected value="6">', body, re.S)  # what was typed stays


def test_the_live_preview_says_what_the_form_lacks(client):
    game = family_game(client, "burraco")
    preview = client.post(game["sheet"] + "/preview?number=1", data={"s0_packet": "taken"})
    assert "Say what became of the pozzetto" in page_text(preview)


# ---- the stock running out, the sheet's minimum, the game's end ------------------------------------------


def test_burraco_pays_no_closing_on_a_stock_out(client):
    game = family_game(client, "burraco")
    client.post(game["sheet"] + "/hands/new", data={"expected_hands": "0", **BURRACO_HAND, "stock_out": "y"})
    assert " ".join(hand_row(client, game["sheet"], 1)).startswith("1 +450")  # 550 without the closing's 100
    fix = client.get(game["sheet"] + "/hands/1").get_data(as_text=True)
    assert re.search(r'<input checked id="stock_out"', fix)  # and so the hand comes back to be fixed


def test_a_game_without_a_first_meld_minimum_says_so_once_where_its_sheet_names_the_game(client):
    game = family_game(client, "burraco")
    client.post(game["sheet"] + "/hands/new", data={"expected_hands": "0", **BURRACO_HAND})
    sheet = page_text(client.get(game["sheet"]))
    assert sheet.count("No first-meld minimum in this game.") == 1
    assert sheet.index("No first-meld minimum") < sheet.index('<div class="sheet ')  # the header, not hand 2's
    assert "First meld" not in sheet
    hand_form = page_text(client.get(game["sheet"] + "/hands/new"))
    assert "first-meld minimum" not in hand_form  # not repeated on every hand
    assert "hand-minimums" not in hand_form
    assert "First meld" not in page_text(client.get(f"/g/{game['id']}/table"))
    halves = family_game(client, "burraco", recording="halves")
    side = re.findall(r"/s/([\w-]+)", client.get(halves["sheet"] + "/share").get_data(as_text=True))[0]
    half = page_text(client.get(f"/s/{side}/hands/1"))
    assert "Pozzetto" in half  # the side's half form itself
    assert "first-meld minimum" not in half


def test_canastas_hand_form_keeps_its_first_meld_minimums(client):
    game = client.post(
        "/api/v1/games",
        json={"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]},
    ).get_json()
    assert "First meld this hand, at least: Ana &amp; Luis 50" in client.get(
        f"/e/{game['edit_token']}/hands/new"
    ).get_data(as_text=True)


def test_burako_ends_at_2000_with_the_winner(client):
    game = family_game(client, "burako")
    for number in (1, 2):
        client.post(game["sheet"] + "/hands/new", data={"expected_hands": str(number - 1), **BURAKO_HAND})
    sheet = page_text(client.get(game["sheet"]))
    assert "Ana & Luis win with 3,140." in sheet  # 1570 twice, past 2000; Bea & Juan -80
    assert "Record hand 3" not in sheet


def test_a_game_of_a_fixed_number_of_hands_ends_after_the_last(client):
    game = family_game(client, "buraco", {"match_mode": "round", "hands_in_match": 2})
    for number in (1, 2):
        client.post(game["sheet"] + "/hands/new", data={"expected_hands": str(number - 1), **BURACO_HAND})
    sheet = page_text(client.get(game["sheet"]))
    assert "Ana & Luis win with 1,730." in sheet
    assert "Record hand 3" not in sheet


# ---- each side its own half ------------------------------------------------------------------------------


def test_a_burraco_hand_by_halves_is_sent_side_by_side_and_agreed(client):
    game = family_game(client, "burraco", recording="halves")
    us, them = game["side_tokens"]
    ours = {k: v for k, v in BURRACO_HAND.items() if k.startswith("s0_") or k == "out"}
    theirs = {k: v for k, v in BURRACO_HAND.items() if k.startswith("s1_")}
    form = page_text(client.get(f"/s/{them}/hands/1"))
    assert "The stock ran out" in form
    assert "Pozzetto" in form
    assert client.post(f"/s/{us}/hands/1", data={**ours, "version": "0", "save_key": "k" * 22}).status_code == 302
    assert "Your half is in: +550" in page_text(client.get(f"/s/{us}"))
    sent = client.post(f"/s/{them}/hands/1", data={**theirs, "version": "0", "save_key": "j" * 22})
    assert sent.status_code == 302
    assert " ".join(hand_row(client, game["sheet"], 1)).startswith("1 ? +550 550 −60 −60")
    for token in (us, them):
        page = client.get(f"/s/{token}").get_data(as_text=True)
        version = re.search(
            r'/hands/1/agree"[^>]*>\s*<input[^>]*>\s*<input type="hidden" name="version" value="(\d+)"', page
        )
        assert client.post(f"/s/{token}/hands/1/agree", data={"version": version.group(1)}).status_code == 302
    sheet = page_text(client.get(game["sheet"]))
    assert "Hand 1 agreed by every side." in sheet
    assert "not yet agreed" not in sheet


def test_a_half_says_the_stock_ran_out_for_the_hand(client):
    game = family_game(client, "burraco", recording="halves")
    us, them = game["side_tokens"]
    ours = {k: v for k, v in BURRACO_HAND.items() if k.startswith("s0_") or k == "out"}
    theirs = {k: v for k, v in BURRACO_HAND.items() if k.startswith("s1_")}
    client.post(f"/s/{us}/hands/1", data={**ours, "version": "0", "save_key": "k" * 22})
    client.post(f"/s/{them}/hands/1", data={**theirs, "stock_out": "y", "version": "0", "save_key": "j" * 22})
    assert " ".join(hand_row(client, game["sheet"], 1)).startswith("1 ? +450")


def test_a_half_without_its_packet_comes_back_as_typed(client):
    game = family_game(client, "burraco", recording="halves")
    us, _ = game["side_tokens"]
    sent = client.post(f"/s/{us}/hands/1", data={"s0_m_K_n": "3", "version": "0", "save_key": "k" * 22})
    again = client.get(sent.headers["Location"])
    assert again.status_code == 400
    assert "Say what became of the pozzetto" in page_text(again)
    assert re.search(r'id="s0_m_K_n"[^>]*value="3"', again.get_data(as_text=True))


def test_a_hand_sent_through_the_api_card_by_card_opens_in_the_form_by_rank_and_run(client):
    game = family_game(client, "burako")
    sides = [
        {
            "went_out": "no_discard",
            "packet": "taken",
            "melds": [
                {"cards": ["QH", "QS", "QD", "QC", "QH", "QS", "QD"]},
                {"cards": ["JK", "JK", *["2H", "2S", "2D", "2C", "2H"]]},
            ],
        },
        {"packet": "not_taken", "melds": [{"cards": ["6H", "7H", "JK", "9H", "10H"]}], "hand": ["2S"]},
    ]
    sent = client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"expected_hands": 0, "sides": sides},
        headers={"X-Edit-Token": game["edit_token"]},
    )
    assert sent.status_code == 201, sent.get_json()
    body = client.get(game["sheet"] + "/hands/1").get_data(as_text=True)
    for name, value in (("s0_m_Q_n", "7"), ("s0_m_WILD_j", "2"), ("s0_m_WILD_t", "5"), ("s1_h_2", "1")):
        assert re.search(rf'name="{name}"[^>]*value="{value}"', body), name
    for name, value in (("s1_r0_low", "6"), ("s1_r0_high", "10"), ("s1_r0_at", "8"), ("s1_r0_wild", "JK")):
        assert re.search(rf'name="{name}">.*?<option selected value="{value}">', body, re.S), name
    assert 'id="out-0n" value="0n" checked' in body
    fixed = client.post(game["sheet"] + "/hands/1", data={**BURAKO_HAND, "out": "0n", "s0_discard": "", "version": "1"})
    assert fixed.status_code == 302
    assert " ".join(hand_row(client, game["sheet"], 1)).startswith("1 +1,570 1,570 −40 −40")


def test_the_closing_discard_is_a_card_named_by_the_readers_suits_never_letters_typed_in_english(client):
    game = family_game(client, "burraco")
    body = client.get(game["sheet"] + "/hands/new", headers={"Accept-Language": "it-IT"}).get_data(as_text=True)
    assert not re.search(r'<input[^>]*name="s0_discard"', body)  # no box where "7C" means the seven of cuori
    listed = body[body.index('name="s0_discard">') :]
    assert '<optgroup label="Cuori"><option value="AH">A♥</option>' in listed
    assert '<option value="7C">7♣</option>' in listed.split("</select>")[0]
    assert '<option value="JK">Jolly</option>' in listed.split("</select>")[0]
    buttons = body[body.index('data-discard="s0_discard"') :]
    assert 'data-suit="H" aria-pressed="false" aria-label="Cuori">♥</button>' in buttons
    buraco = family_game(client, "buraco")  # no jokers in the Brazilian game: none to discard
    listed = client.get(buraco["sheet"] + "/hands/new", headers={"Accept-Language": "pt-BR"}).get_data(as_text=True)
    assert '<optgroup label="Copas">' in listed
    assert 'value="JK"' not in listed.split('name="s0_discard">')[1].split("</select>")[0]
