"""The pages through the test client: journeys 1-4, links, CSRF and languages."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import RULESETS
from scorekeeper.engine.options import table_shapes
from scorekeeper.web.common.numbers import signed

from .helpers import picked, read_only_path

SPEC_FORM = {
    "expected_hands": "0",
    "out": "1",
    "s0_mode": "detailed",
    "s1_mode": "detailed",
    "s0_m_8_n": "6",
    "s0_m_8_j": "1",
    "s0_m_4_n": "3",
    "s0_red3": "2",
    "s0_h_K": "1",
    "s0_h_JOKER": "1",
    "s1_m_A_n": "7",
    "s1_m_6_n": "4",
    "s1_m_6_t": "1",
}
PLAYERS = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan", "mode": "target", "target": "5000"}


def start_classic(client, **extra):
    response = client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, **extra})
    assert response.status_code == 302
    return response.headers["Location"]


def text(response):
    return re.sub(r"\s+", " ", response.get_data(as_text=True))


def test_home_offers_to_start_a_game(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "/games/new" in text(response)


def test_choosing_rules_lists_every_rule_set_and_table(client):
    page = text(client.get("/games/new"))
    for ruleset in RULESETS.values():
        assert ruleset.name in page
        for players, sides in table_shapes(ruleset):
            assert f"/games/new/{ruleset.id}?players={players}&amp;sides={sides}" in page


@pytest.mark.parametrize(
    ("ruleset_id", "shape"), [(r.id, shape) for r in RULESETS.values() for shape in table_shapes(r)]
)
def test_every_new_game_form_renders(client, ruleset_id, shape):
    players, sides = shape
    page = text(client.get(f"/games/new/{ruleset_id}?players={players}&sides={sides}"))
    assert page.count('name="seat_') == players


@pytest.mark.parametrize(
    ("ruleset_id", "players"), [("es_tradicional", 4), ("burraco", 4), ("samba", 4), ("classic_6p", 6)]
)
def test_a_new_game_asked_without_its_table_seats_the_rule_sets_usual_table(client, ruleset_id, players):
    """The Spanish traditional game seats 2 to 6 and the family's games 2 or 4: asked without a table, the form
    seats the table the rule set is usually played at (two pairs; six players for the six-hand game), not the
    smallest."""
    assert text(client.get(f"/games/new/{ruleset_id}")).count('name="seat_') == players


def test_a_table_the_rule_set_does_not_seat_goes_back_to_the_choice(client):
    assert client.get("/games/new/classic?players=5&sides=5").status_code == 302
    assert client.get("/games/new/no-such-rules").status_code == 404


def test_starting_a_game_names_the_teams_from_their_players(client):
    page = text(client.get(start_classic(client)))
    assert "Ana &amp; Luis" in page
    assert "Bea &amp; Juan" in page
    assert "Ana deals." in page


def test_house_rules_are_stored_only_where_they_differ(client, app):
    start_classic(client, opt_canastas_to_go_out="2", opt_max_wilds="3", opt_go_out_bonus="100")
    from scorekeeper.store.models import Game

    with app.app_context():
        game = app.extensions["sqlalchemy"].session.scalars(app.extensions["sqlalchemy"].select(Game)).one()
        assert game.options == {"canastas_to_go_out": 2}


def test_an_impossible_house_rule_comes_back_with_the_form(client):
    response = client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, "opt_canastas_to_go_out": "99"})
    assert response.status_code == 200
    page = text(response)
    assert "Option canastas_to_go_out must be a whole number from 0 to 10." in page
    assert 'value="Ana"' in page


def test_a_tie_past_the_target_says_another_hand_is_played(client):
    game = start_classic(client, target="500")
    level = {"expected_hands": "0", "s0_m_K_n": "7", "s1_m_Q_n": "7"}
    client.post(game + "/hands/new", data=level)
    assert "Level at the top past the target: play another hand." in text(client.get(game))


def test_a_fixed_number_of_hands(client):
    page = text(client.get(start_classic(client, mode="round", hands="3")))
    assert "3 hands" in page


def test_recording_a_hand_shows_it_on_the_sheet(client):
    game = start_classic(client)
    response = client.post(game + "/hands/new", data=SPEC_FORM)
    assert response.status_code == 302
    page = text(client.get(game))
    assert "+565" in page
    assert "+780" in page
    assert "Bea deals." in page


def test_the_preview_scores_as_typed(client):
    game = start_classic(client)
    page = text(client.post(game + "/preview", data=SPEC_FORM))
    assert "+565" in page
    assert "+780" in page


def test_the_preview_names_what_is_wrong(client):
    game = start_classic(client)
    page = text(client.post(game + "/preview", data={**SPEC_FORM, "s0_m_8_j": "4"}))
    assert "may hold at most 3 wild cards" in page


def test_a_refused_hand_keeps_everything_typed_and_links_the_rule(client):
    game = start_classic(client)
    response = client.post(
        game + "/hands/new", data={**SPEC_FORM, "s0_m_8_j": "4", "s0_m_8_t": "1"}, follow_redirects=True
    )
    assert response.status_code == 422
    page = text(response)
    assert 'data-rule="meld_max_wilds"' in page
    assert re.search(r'href="/e/[\w-]+/rules/melds#meld_max_wilds"', page)
    assert 'name="s0_m_8_n" value="6"' in page
    assert 'name="s0_m_8_j" value="4"' in page
    assert picked(page, "s0_red3", "2")
    assert "No hands yet." in text(client.get(game))


def test_a_box_that_is_not_a_number_comes_back_marked(client):
    game = start_classic(client)
    response = client.post(game + "/hands/new", data={**SPEC_FORM, "s0_m_8_n": "six"}, follow_redirects=True)
    assert response.status_code == 400
    page = text(response)
    assert "Type a whole number." in page
    assert 'value="six"' in page
    assert picked(page, "s0_red3", "2")  # everything else as typed


@pytest.mark.parametrize("sent", ["two", "5", "-1"])
def test_red_threes_no_deck_holds_are_refused_by_name(client, sent):
    """Two packs hold four red threes: the one-tap choice offers 0 to 4, and anything else sent is
    refused naming the field, with the rest of the form as typed."""
    game = start_classic(client)
    response = client.post(game + "/hands/new", data={**SPEC_FORM, "s0_red3": sent}, follow_redirects=True)
    assert response.status_code == 400
    page = text(response)
    assert "Red threes laid down: pick a number from 0 to 4." in page
    assert 'name="s0_m_8_n" value="6"' in page
    assert "No hands yet." in text(client.get(game))


def test_fixing_an_earlier_hand(client):
    game = start_classic(client)
    client.post(game + "/hands/new", data=SPEC_FORM)
    form = text(client.get(game + "/hands/1"))
    assert 'name="s0_m_8_n" value="6"' in form
    assert 'name="version" type="hidden" value="1"' in form
    response = client.post(game + "/hands/1", data={**SPEC_FORM, "version": "1", "s0_red3": "3"})
    assert response.status_code == 302
    page = text(client.get(game))
    assert "+665" in page
    assert "Hand 1 fixed:" in page


def test_undo_the_last_hand(client):
    game = start_classic(client)
    client.post(game + "/hands/new", data=SPEC_FORM)
    assert client.post(game + "/undo", data={"number": "1", "version": "1"}).status_code == 302
    page = text(client.get(game))
    assert "No hands yet." in page
    assert "Hand 1 undone:" in page


def test_a_second_phone_saving_the_same_hand_sees_both_versions(client):
    game = start_classic(client)
    client.post(game + "/hands/new", data=SPEC_FORM)
    mine = {**SPEC_FORM, "s0_red3": "1"}
    response = client.post(game + "/hands/new", data=mine)
    assert response.status_code == 409
    page = text(response)
    assert "Another phone saved hand 1 first" in page
    assert "+565" in page
    assert "+465" in page
    assert picked(page, "s0_red3", "1")
    assert 'name="expected_hands" type="hidden" value="1"' in page
    assert "If yours is a different hand, save it below: it becomes hand 2." in page


def test_the_read_only_link_shows_no_controls(client):
    game = start_classic(client)
    client.post(game + "/hands/new", data=SPEC_FORM)
    public = read_only_path(client, game)
    page = text(client.get(public))
    assert "+565" in page
    assert "Read-only" in page
    assert '<form method="post" action="/e/' not in page
    assert "Record hand" not in page
    assert "Fix hand" not in page
    assert "/e/" not in page


def test_nothing_can_be_changed_through_the_read_only_link(client):
    game = start_classic(client)
    public = read_only_path(client, game)
    assert client.post(public, data=SPEC_FORM).status_code == 405
    assert client.post(public + "/hands/new", data=SPEC_FORM).status_code == 404
    assert "No hands yet." in text(client.get(public))


def test_unknown_links_are_404(client):
    assert client.get("/e/not-a-token").status_code == 404
    assert client.get("/g/not-an-id").status_code == 404


def test_home_lists_this_browsers_games_with_their_state(client):
    game = start_classic(client)
    client.post(game + "/hands/new", data=SPEC_FORM)
    page = text(client.get("/"))
    assert "Ana &amp; Luis · Bea &amp; Juan" in page
    assert "In progress: Bea &amp; Juan lead with 780" in page


def test_forms_need_the_csrf_token(app):
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    assert client.post("/games/new/classic?players=4&sides=2", data=PLAYERS).status_code == 400
    page = client.get("/games/new/classic?players=4&sides=2").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, "csrf_token": token})
    assert response.status_code == 302
    game = response.headers["Location"]
    assert client.post(game + "/hands/new", data=SPEC_FORM).status_code == 400
    assert client.post(game + "/undo", data={"number": "1", "version": "1"}).status_code == 400
    assert client.post("/language", data={"lang": "es"}).status_code == 400
    assert client.post("/settings", data={"theme": "dark", "size": "100"}).status_code == 400


def test_the_language_follows_the_browser(client):
    page = text(client.get("/", headers={"Accept-Language": "es-ES,es;q=0.9"}))
    assert 'lang="es"' in page
    assert "Empezar una partida" in page


def test_the_language_switch_sticks(client):
    response = client.post("/language", data={"lang": "es", "next": "/games/new"})
    assert response.status_code == 302
    assert response.headers["Location"] == "/games/new"
    page = text(client.get("/games/new", headers={"Accept-Language": "en"}))
    assert "Clásica por parejas" in page


def test_the_language_switch_only_returns_to_this_site(client):
    response = client.post("/language", data={"lang": "en", "next": "https://elsewhere.example/"})
    assert response.headers["Location"] == "/"


def test_spanish_pages_of_a_game(client):
    client.post("/language", data={"lang": "es"})
    game = start_classic(client)
    client.post(game + "/hands/new", data=SPEC_FORM)
    page = text(client.get(game))
    assert "Reparte Bea." in page
    assert "Anotar la mano 2" in page
    form = text(client.get(game + "/hands/new"))
    assert "Combinaciones en la mesa" in form


def test_a_second_phone_fixing_the_same_hand_sees_both_and_may_replace(client):
    game = start_classic(client)
    client.post(game + "/hands/new", data=SPEC_FORM)
    client.post(game + "/hands/1", data={**SPEC_FORM, "version": "1", "s0_red3": "3"})
    response = client.post(game + "/hands/1", data={**SPEC_FORM, "version": "1", "s0_red3": "1"})
    assert response.status_code == 409
    page = text(response)
    assert "Or save below to replace theirs with yours." in page
    assert 'name="version" type="hidden" value="2"' in page
    assert client.post(game + "/hands/1", data={**SPEC_FORM, "version": "2", "s0_red3": "1"}).status_code == 302
    assert "+465" in text(client.get(game))


@pytest.mark.parametrize(
    ("ruleset_id", "shape"), [(r.id, shape) for r in RULESETS.values() for shape in table_shapes(r)]
)
def test_every_table_gets_a_hand_form_and_a_sheet(client, ruleset_id, shape):
    players, sides = shape
    ruleset = RULESETS[ruleset_id]
    game = start_table(client, ruleset_id, players, sides)
    form = text(client.get(game + "/hands/new"))
    assert form.count('class="side-entry"') == sides
    # three kings, 30; in the family's games a run of 8 to 10, each side saying what became of its packet
    hand = {"s0_m_K_n": "3"} if ruleset.family_melds is None else {"s0_r0_suit": "H", "s0_r0_low": "8"}
    hand |= {"s0_r0_high": "10"} if ruleset.family_melds else {}
    hand |= {f"s{k}_packet": "taken" for k in range(sides)} if ruleset.packet else {}
    saved = client.post(game + "/hands/new", data={"expected_hands": "0", **hand})
    assert saved.status_code == 302
    # in Modern American a side with no canasta counts its melds minus [MACJ], in Buraco one without a clean one
    minus = ruleset.mac_scoring or (ruleset.family_hand is not None and ruleset.family_hand.table_minus_without_clean)
    assert signed(-30 if minus else 30) in text(client.get(game))


def start_table(client, ruleset_id, players, sides):
    """A game of the rule set at this table, started from its page; the family's through the API (its page's
    house rules are another slice's)."""
    if RULESETS[ruleset_id].family_melds is None:
        return client.post(f"/games/new/{ruleset_id}?players={players}&sides={sides}", data={"mode": "target"}).headers[
            "Location"
        ]
    seats = [{"players": [f"P{k}{j}" for j in range(players // sides)]} for k in range(sides)]
    game = client.post("/api/v1/games", json={"ruleset": ruleset_id, "sides": seats}).get_json()
    return f"/e/{game['edit_token']}"


def test_a_cutthroat_hand_through_the_page(client):
    data = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Cris", "mode": "target", "opt_cutthroat": "y"}
    game = client.post("/games/new/classic_3p?players=3&sides=3", data=data).headers["Location"]
    assert "Game to 7,500" in text(client.get(game))
    hand = {
        "expected_hands": "0",
        "out": "0",
        "partners": "1-2",
        "s0_m_K_n": "7",
        "s0_m_Q_n": "7",
        "s1_m_8_n": "3",
        "s1_red3": "1",
        "s2_m_9_n": "3",
        "s2_h_A": "1",
    }
    assert client.post(game + "/hands/new", data=hand).status_code == 302
    page = text(client.get(game))
    assert "+1,240" in page
    assert "+140" in page
    assert "+40" in page


def test_penalties_from_the_rule_sets_list_are_counted_and_a_negative_count_is_refused(client):
    game = client.post("/games/new/es_tradicional?players=4&sides=2", data={"mode": "target"}).headers["Location"]
    two = {"expected_hands": "0", "s0_m_K_n": "3", "s0_p_two_cards_instead_of_one": "2"}
    refused = client.post(
        game + "/hands/new", data={**two, "s0_p_two_cards_instead_of_one": "-1"}, follow_redirects=True
    )
    assert refused.status_code == 422
    assert 'data-rule="negative_count"' in text(refused)
    assert client.post(game + "/hands/new", data=two).status_code == 302
    assert "−70" in text(client.get(game))  # kings 30, twice 50 for taking two cards


def test_the_same_hand_form_sent_twice_saves_one_hand_and_says_so(client):
    sheet = start_classic(client)
    form = client.get(sheet + "/hands/new").get_data(as_text=True)
    key = re.search(r'name="save_key" type="hidden" value="([^"]+)"', form).group(1)
    first = client.post(sheet + "/hands/new", data={**SPEC_FORM, "save_key": key})
    again = client.post(sheet + "/hands/new", data={**SPEC_FORM, "save_key": key, "expected_hands": "1"})
    assert first.status_code == 302
    assert again.status_code == 302
    assert "already=1" in again.headers["Location"]
    page = text(client.get(again.headers["Location"]))
    assert "Hand 1 was already saved; nothing was recorded twice." in page
    assert page.count('class="hand"') == 1


def test_a_fix_sent_twice_with_its_key_changes_the_hand_once(client):
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    form = client.get(sheet + "/hands/1").get_data(as_text=True)
    key = re.search(r'name="save_key" type="hidden" value="([^"]+)"', form).group(1)
    fixed = {**SPEC_FORM, "s0_red3": "3", "version": "1", "save_key": key}
    assert client.post(sheet + "/hands/1", data=fixed).status_code == 302
    again = client.post(sheet + "/hands/1", data=fixed)
    assert "already=1" in again.headers["Location"]  # not a version conflict


def test_a_blank_hand_form_is_refused_with_its_reason(client):
    sheet = start_classic(client)
    response = client.post(
        sheet + "/hands/new", data={"expected_hands": "0", "s0_mode": "detailed", "out": ""}, follow_redirects=True
    )
    assert response.status_code == 400
    assert "Nothing has been typed for this hand yet" in text(response)


def test_every_hand_form_has_its_own_one_time_key(client):
    sheet = start_classic(client)
    keys = {
        re.search(
            r'name="save_key" type="hidden" value="([^"]+)"', client.get(sheet + "/hands/new").get_data(as_text=True)
        ).group(1)
        for _ in range(3)
    }
    assert len(keys) == 3


def test_rules_and_tools_opened_from_an_edit_page_lead_back_to_the_edit_sheet(client):
    sheet = start_classic(client)
    path = sheet.split("localhost")[-1]
    page = text(client.get(sheet))
    assert f'class="rules-link" href="{path}/rules"' in page
    for address in (f"{path}/rules", f"{path}/rules/melds", f"{path}/tools/pile", f"{path}/rules/search?q=canasta"):
        response = client.get(address)
        assert response.status_code == 200, address
        assert response.headers["Cache-Control"] == "no-store"
        assert f'<a href="{path}">' in text(response), address  # back to the game: the edit sheet
    topics = text(client.get(f"{path}/rules"))
    assert f'href="{path}/rules/melds"' in topics  # links within the reference keep the game context


def test_rules_opened_from_the_read_only_link_never_show_the_edit_link(client):
    sheet = start_classic(client)
    public = read_only_path(client, sheet)
    page = text(client.get(f"{public}/rules/melds"))
    assert f'<a href="{public}">' in page
    assert "/e/" not in page


def test_a_refused_hands_rule_links_stay_in_the_edit_context(client):
    sheet = start_classic(client)
    path = sheet.split("localhost")[-1]
    refused = text(client.post(sheet + "/hands/new", data={**SPEC_FORM, "s0_m_8_j": "4"}, follow_redirects=True))
    assert f'href="{path}/rules/melds#meld_max_wilds"' in refused


def test_undo_then_put_the_hand_back_from_the_sheet(client):
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    page = text(client.get(sheet))
    assert "Yes, undo hand 1" in page  # a second, explicit step
    client.post(sheet + "/undo", data={"number": "1", "version": "1"})
    page = text(client.get(sheet))
    assert "Hand 1 was undone." in page
    restore = re.search(r'action="(/e/[^"]+/restore/\d+)"', page).group(1)
    assert client.post(restore).status_code == 302
    page = text(client.get(sheet))
    assert "+565" in page
    assert "Hand 1 put back: Ana &amp; Luis +565; Bea &amp; Juan +780" in re.sub(r"<[^>]+>", "", page)
    assert "Hand 1 was undone." not in page
    again = client.post(restore)  # a second tap changes nothing
    assert "stale=1" in again.headers["Location"]
    assert text(client.get(sheet)).count('class="hand"') == 1


def test_an_undone_hand_cannot_be_put_back_once_another_took_its_place(client):
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    client.post(sheet + "/undo", data={"number": "1", "version": "1"})
    restore = re.search(r'action="(/e/[^"]+/restore/\d+)"', text(client.get(sheet))).group(1)
    client.post(sheet + "/hands/new", data={**SPEC_FORM, "s0_red3": "1"})
    assert "restore" not in text(client.get(sheet))
    assert "stale=1" in client.post(restore).headers["Location"]


def test_the_change_log_has_no_space_before_its_semicolons(client):
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    client.post(sheet + "/undo", data={"number": "1", "version": "1"})
    log = client.get(sheet).get_data(as_text=True)
    assert not re.search(r"\s;", re.sub(r"<[^>]+>", "", log).replace("&amp;", "&"))


def test_a_hand_sent_with_an_expired_security_token_comes_back_with_every_value(app):
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    page = client.get("/games/new/classic?players=4&sides=2").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    sheet = client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, "csrf_token": token}).headers[
        "Location"
    ]
    response = client.post(sheet + "/hands/new", data={**SPEC_FORM, "csrf_token": "expired"})
    assert response.status_code == 400
    body = text(response)
    assert "This page had been open a long time, so hand 1 was not saved yet." in body
    assert 'id="s0_m_8_n" name="s0_m_8_n" value="6"' in body or 'name="s0_m_8_n" value="6"' in body
    fresh = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', body).group(1)
    assert client.post(sheet + "/hands/new", data={**SPEC_FORM, "csrf_token": fresh}).status_code == 302


def test_a_refused_hand_keeps_empty_boxes_empty_and_opens_blocks_that_hold_values(client):
    sheet = start_classic(client)
    refused = text(
        client.post(sheet + "/hands/new", data={**SPEC_FORM, "s0_m_8_j": "4", "s1_m_K_n": ""}, follow_redirects=True)
    )
    assert 'name="s1_m_K_n" value=""' in refused  # not "0"
    assert 'name="s0_h_K" value="1"' in refused
    assert re.search(r'<details class="held" open>\s*<summary>', refused)  # side 0 holds cards: unfolded


def test_the_session_outlives_closing_the_browser(client):
    start_classic(client)
    cookie = next(c for c in client.get("/").headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "Expires=" in cookie


def test_times_show_in_the_phones_time_zone_and_language(client):
    client.set_cookie("tz", "America/Montevideo")
    client.set_cookie("lang", "es")
    sheet = start_classic(client)
    logged = re.search(r'<time datetime="(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)', client.get(sheet).get_data(as_text=True))
    shown = re.search(
        r'<time datetime="[^"]+">(\d\d)/(\d\d)/(\d\d), (\d+):(\d\d)</time>', client.get(sheet).get_data(as_text=True)
    )
    utc_hour, local_hour = int(logged.group(4)), int(shown.group(4))
    assert (utc_hour - local_hour) % 24 == 3  # Montevideo is UTC-3, written day/month/year
    client.set_cookie("tz", "Not/AZone")
    assert f">{logged.group(3)}/{logged.group(2)}/" in client.get(sheet).get_data(as_text=True)  # unknown zone: UTC


def test_a_table_that_chose_the_paper_sheet_starts_its_first_hand_there(client):
    game = start_classic(client, entry_mode="quick")
    page = text(client.get(game + "/hands/new"))
    assert picked(page, "s0_mode", "quick")
    assert picked(page, "s1_mode", "quick")
    plain = text(client.get(start_classic(client) + "/hands/new"))
    assert picked(plain, "s0_mode", "detailed")


def test_each_side_starts_the_next_hand_the_way_it_entered_the_last(client):
    game = start_classic(client, entry_mode="quick")
    hand = {
        "expected_hands": "0",
        "out": "0",
        "s0_mode": "quick",
        "s0_q_meld_points": "200",
        "s0_q_mixed": "1",
        "s0_red3": "2",
        "s1_mode": "detailed",
        "s1_m_Q_n": "4",
    }
    assert client.post(game + "/hands/new", data=hand).status_code == 302
    page = text(client.get(game + "/hands/new"))
    assert picked(page, "s0_mode", "quick")
    assert picked(page, "s1_mode", "detailed")
    rematch = client.post(game + "/rematch").headers["Location"]
    assert picked(text(client.get(rematch + "/hands/new")), "s0_mode", "quick")  # the table's choice goes on


def test_who_went_out_is_one_choice_on_each_side(client):
    """The choices "went out" and "went out concealed" sit on each side's card as one-tap choices of the same field;
    "nobody" is the default; a fixed hand comes back with its choice made."""
    game = start_classic(client)
    page = text(client.get(game + "/hands/new"))
    assert '<input type="radio" name="out" id="out-none" value="" checked>' in page
    for value in ("0", "0c", "1", "1c"):
        assert f'id="out-{value}" value="{value}">' in page
    client.post(game + "/hands/new", data={**SPEC_FORM, "out": "1c", "s1_m_6_n": "5", "s1_m_6_t": "0"})
    assert 'id="out-1c" value="1c" checked>' in text(client.get(game + "/hands/1"))


def test_the_paper_sheet_records_four_black_threes_melded_going_out(client):
    """K12 [S001]: es_tradicional pays 500 for four black threes melded by the side going out; the
    paper-sheet form asks for it (a tick), the sheet and the API show it, and a fix brings it back."""
    response = client.post("/games/new/es_tradicional?players=4&sides=2", data=PLAYERS)
    game = response.headers["Location"]
    form = text(client.get(game + "/hands/new"))
    assert 'name="s0_q_black3"' in form
    assert "Went out with four black threes melded (+500)" in form
    hand = {
        "expected_hands": "0",
        "out": "0",
        "s0_mode": "quick",
        "s0_q_meld_points": "140",  # 7 kings 70, 4 black threes 20, plus a meld of 50
        "s0_q_natural": "1",
        "s0_q_black3": "y",
        "s1_mode": "quick",
        "s1_q_meld_points": "40",
    }
    assert client.post(game + "/hands/new", data=hand).status_code == 302
    sheet = text(client.get(game))
    assert "+1,240" in sheet  # 140 + 500 natural canasta + 100 going out + 500 four black threes
    assert 'name="s0_q_black3" type="checkbox" value="y"' in text(client.get(game + "/hands/1"))
    assert "checked" in re.search(r'<input[^>]*name="s0_q_black3"[^>]*>', text(client.get(game + "/hands/1"))).group(0)
    assert 'name="s0_q_black3"' not in text(client.get(start_classic(client) + "/hands/new"))


def test_the_new_game_form_carries_on_a_paper_sheet(client):
    game = start_classic(client, start_0="1500", start_1="-50")
    page = text(client.get(game))
    assert "<td>90</td>" in page
    assert "<td>15</td>" in page
    refused = client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, "start_0": "1503"})
    assert refused.status_code == 200
    body = text(refused)
    assert "A total carried over is a multiple of 5: 1,503 is not." in body
    assert 'value="1503"' in body  # the form comes back as typed


def test_a_refused_hand_is_shown_by_its_own_address_so_back_never_resends_it(client, app):
    """Post/redirect/get: the refused form comes back from a GET of the form's address, as often as
    Back asks for it, with every value typed and the rule named; a saved hand forgets it."""
    sheet = start_classic(client)
    sent = client.post(sheet + "/hands/new", data={**SPEC_FORM, "s0_m_8_j": "4", "s0_m_8_t": "1"})
    assert sent.status_code == 303
    assert sent.headers["Location"].endswith("/hands/new?refused=1")
    for _back_again in range(2):
        shown = client.get(sent.headers["Location"])
        assert shown.status_code == 422
        page = text(shown)
        assert 'data-rule="meld_max_wilds"' in page
        assert 'name="s0_m_8_j" value="4"' in page
        assert 'name="s0_m_8_t" value="1"' in page
    other_phone = app.test_client()
    assert 'name="s0_m_8_j" value="4"' not in text(other_phone.get(sent.headers["Location"]))
    assert client.post(sheet + "/hands/new", data=SPEC_FORM).status_code == 302
    fresh = client.get(sent.headers["Location"])
    assert fresh.status_code == 200
    assert 'name="s0_m_8_j" value="4"' not in text(fresh)  # the saved hand's form is not offered again


def test_a_refused_fix_is_shown_by_its_own_address(client):
    sheet = start_classic(client)
    client.post(sheet + "/hands/new", data=SPEC_FORM)
    sent = client.post(sheet + "/hands/1", data={**SPEC_FORM, "version": "1", "s0_red3": "5"})
    assert sent.status_code == 303
    shown = client.get(sent.headers["Location"])
    assert shown.status_code == 400
    assert "Red threes laid down: pick a number from 0 to 4." in text(shown)
    assert 'name="version" type="hidden" value="1"' in text(shown)


def test_a_refused_form_too_large_for_the_session_is_answered_at_once(client):
    sheet = start_classic(client)
    noise = "".join(f"{i:x}" for i in range(3000))  # far past any hand, and past what a cookie holds
    answer = client.post(sheet + "/hands/new", data={**SPEC_FORM, "s0_m_8_j": "4", "extra": noise})
    assert answer.status_code == 422
    assert 'name="s0_m_8_j" value="4"' in text(answer)


def test_a_refused_form_shown_again_carries_a_token_that_saves(app):
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    page = client.get("/games/new/classic?players=4&sides=2").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    game = client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, "csrf_token": token})
    sheet = game.headers["Location"]
    sent = client.post(sheet + "/hands/new", data={**SPEC_FORM, "s0_m_8_j": "4", "csrf_token": token})
    shown = client.get(sent.headers["Location"]).get_data(as_text=True)
    fresh = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', shown)
    assert fresh is not None
    assert client.post(sheet + "/hands/new", data={**SPEC_FORM, "csrf_token": fresh.group(1)}).status_code == 302


def test_forms_work_over_https_without_a_referer(app):
    """Every page says "no-referrer" (edit links are secrets): over https the form's token is the check,
    not a Referer from this site, or every form would be refused behind an https proxy."""
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    page = client.get("/settings", base_url="https://club.example").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    saved = client.post(
        "/settings", data={"theme": "dark", "size": "100", "csrf_token": token}, base_url="https://club.example"
    )
    assert saved.status_code == 302
    forged = client.post("/settings", data={"theme": "dark", "size": "100"}, base_url="https://club.example")
    assert forged.status_code == 400
