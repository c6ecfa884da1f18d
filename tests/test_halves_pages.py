"""Each side its own half, in the pages: the choice on the new-game page and the sheet, each side's link
on the share page, a side's page and half form, its word on the others' halves, the sheet's marks."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from scorekeeper import services
from scorekeeper.services.table.export import game_export, import_game
from scorekeeper.store.database import db
from scorekeeper.store.models import Game, HandHalf

from .helpers import csrf_secret, page_text, reseated_meanwhile, start_from_form, templates_rendered

SEATS = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan", "target": "5000"}
#: Ana & Luis: a natural canasta of kings, a red three, a 4 held (500 + 70 + 100 - 5 = 665).
OURS = {"out": "", "s0_mode": "detailed", "s0_red3": "1", "s0_m_K_n": "7", "s0_h_4": "1"}
#: Bea & Juan go out: aces natural canasta 500 + 140, sixes 4 (20), out 100 = 760.
THEIRS = {"out": "1", "s1_mode": "detailed", "s1_m_A_n": "7", "s1_m_6_n": "4"}


@pytest.fixture
def table(client):
    """A game kept by halves: its edit sheet's address, and each side's token from the share page."""
    shared_at = start_from_form(client, "classic", {**SEATS, "recording": "halves"})
    assert shared_at.endswith("/share#side-links")  # each side's code first, to hand out
    edit = shared_at.split("/e/")[1].split("/")[0]
    sheet = f"/e/{edit}"
    shared = client.get(f"/e/{edit}/share").get_data(as_text=True)
    us, them = dict.fromkeys(re.findall(r"/s/([\w-]+)", shared))
    return {"sheet": sheet, "edit": edit, "us": us, "them": them}


def send(client, token, fields, number=1, version="0", key="k"):
    return client.post(f"/s/{token}/hands/{number}", data={**fields, "version": version, "save_key": key + token})


def version_on(client, token, number=1):
    page = client.get(f"/s/{token}").get_data(as_text=True)
    found = re.search(
        rf'/hands/{number}/agree"[^>]*>\s*<input[^>]*>\s*<input type="hidden" name="version" value="(\d+)"', page
    )
    assert found, page_text(client.get(f"/s/{token}"))
    return found.group(1)


def test_the_new_game_page_offers_each_side_its_own_half_and_one_recorder_stays_the_default(client):
    page = page_text(client.get("/games/new/classic?players=4&sides=2"))
    assert "Each side counts its own cards on its own phone" in page
    sheet = start_from_form(client, "classic", SEATS)
    shared = client.get(sheet + "/share").get_data(as_text=True)
    assert "/s/" not in shared
    assert "Let each side count its own half" in page_text(client.get(sheet + "/share"))


def test_each_side_gets_its_own_link_and_code_and_never_sees_the_edit_link(client, table):
    shared = client.get(f"/e/{table['edit']}/share").get_data(as_text=True)
    assert shared.count('class="qr"') == 4  # the read-only link's, the edit link's and one per side
    public = re.search(r"/g/([\w-]+)", shared).group(1)
    assert "/s/" not in client.get(f"/g/{public}/share").get_data(as_text=True)
    for token in (table["us"], table["them"]):
        for page in (client.get(f"/s/{token}"), client.get(f"/s/{token}/hands/1"), client.get(f"/s/{token}/status")):
            assert page.status_code == 200
            assert table["edit"] not in page.get_data(as_text=True)
    assert client.get("/s/not-a-side-link").status_code == 404


def test_a_half_sent_shows_done_to_the_other_side_and_the_last_one_completes_the_hand(client, table):
    sent = send(client, table["us"], OURS)
    assert sent.status_code == 302
    assert "✓ done" in page_text(client.get(f"/s/{table['them']}"))
    assert "Your half is in: +665" in page_text(client.get(f"/s/{table['us']}"))
    send(client, table["them"], THEIRS)
    sheet = page_text(client.get(table["sheet"]))
    assert "Hand 1 is not yet agreed by every side" in sheet
    assert "665" in sheet
    assert "760" in sheet
    page = page_text(client.get(f"/s/{table['them']}"))
    assert "Hand 1: do you agree?" in page
    assert "+665" in page  # Us's half, item by item


def test_a_sides_form_writes_its_own_half_only(app, client, table):
    send(client, table["us"], {**OURS, "s1_m_Q_n": "7", "s1_red3": "2"})
    with app.app_context():
        halves = services.compute_halves(services.find_game(table["edit"], editable=True))
        assert halves.half(1, 1) is None
        assert halves.half(1, 0).entry["red_threes"] == 1


def test_a_refused_half_comes_back_as_typed_with_the_rule(client, table):
    refused = send(client, table["us"], {"out": "", "s0_mode": "detailed", "s0_m_K_n": "2"})
    assert refused.status_code == 303
    again = client.get(refused.headers["Location"])
    assert again.status_code == 422
    body = again.get_data(as_text=True)
    assert "Not sent: your half breaks these rules" in page_text(again)
    assert re.search(r'<input[^>]*id="s0_m_K_n"[^>]*value="2"', body), "the meld of two kings, as typed"


def test_not_right_reopens_the_half_with_the_remark_and_the_fix_is_agreed(client, table):
    send(client, table["us"], OURS)
    send(client, table["them"], THEIRS)
    said = client.post(
        f"/s/{table['them']}/hands/1/dispute", data={"version": "1", "side": "0", "remark": "two red threes"}
    )
    assert said.status_code == 302
    ours = page_text(client.get(f"/s/{table['us']}"))
    assert "your half is not right, Bea & Juan say" in ours
    assert "“two red threes”" in ours
    assert "Bea & Juan say Ana & Luis's half is not right." in page_text(client.get(table["sheet"]))
    form = client.get(f"/s/{table['us']}/hands/1").get_data(as_text=True)
    assert "two red threes" in form
    send(client, table["us"], {**OURS, "s0_red3": "2"}, version="1", key="fix")
    for side in ("them", "us"):
        assert (
            client.post(
                f"/s/{table[side]}/hands/1/agree", data={"version": version_on(client, table[side])}
            ).status_code
            == 302
        )
    sheet = page_text(client.get(table["sheet"]))
    assert "not yet agreed" not in sheet
    assert "Hand 1 agreed by every side." in sheet
    assert "Hand 1 fixed" in sheet


def test_it_is_right_as_it_is_asks_the_others_again(client, table):
    send(client, table["us"], OURS)
    send(client, table["them"], THEIRS)
    client.post(f"/s/{table['them']}/hands/1/dispute", data={"version": "1", "side": "0", "remark": ""})
    assert client.post(f"/s/{table['us']}/hands/1/keep").status_code == 302
    page = page_text(client.get(f"/s/{table['them']}"))
    assert "Hand 1: do you agree?" in page
    assert "You said" not in page  # the word was on the old version


def test_a_remark_too_long_comes_back_with_what_was_typed(client, table):
    send(client, table["us"], OURS)
    send(client, table["them"], THEIRS)
    refused = client.post(
        f"/s/{table['them']}/hands/1/dispute", data={"version": "1", "side": "0", "remark": "x" * 201}
    )
    assert refused.status_code == 400
    assert "at most 200 characters" in page_text(refused)
    assert "x" * 201 in refused.get_data(as_text=True)


def test_a_word_on_an_old_version_says_the_hand_changed(client, table):
    send(client, table["us"], OURS)
    send(client, table["them"], THEIRS)
    stale = client.post(f"/s/{table['them']}/hands/1/agree", data={"version": "9"})
    assert "stale=1" in stale.headers["Location"]
    assert "The hand changed on another phone" in page_text(client.get(stale.headers["Location"]))


def test_a_half_can_be_taken_back_until_every_half_is_in(client, table):
    send(client, table["us"], OURS)
    assert client.post(f"/s/{table['us']}/hands/1/withdraw", data={"version": "1"}).status_code == 302
    assert "Count our half of hand 1" in page_text(client.get(f"/s/{table['us']}"))


def test_a_sides_page_is_followed_live_and_answers_304_while_nothing_changed(client, table):
    first = client.get(f"/s/{table['us']}")
    tag = first.headers["ETag"]
    assert client.get(f"/s/{table['us']}", headers={"If-None-Match": tag}).status_code == 304
    send(client, table["them"], THEIRS)
    assert client.get(f"/s/{table['us']}", headers={"If-None-Match": tag}).status_code == 200


def test_the_edit_link_switches_the_way_of_recording_and_can_still_fix_a_hand(client, table):
    send(client, table["us"], OURS)
    send(client, table["them"], THEIRS)
    assert "Who records the hands: each side its own half" in page_text(client.get(table["sheet"]))
    switched = client.post(f"/e/{table['edit']}/recording", data={"recording": "one"})
    assert switched.status_code == 302
    assert "not yet agreed" not in page_text(client.get(table["sheet"]))
    assert "Who records the hands: one phone" in page_text(client.get(table["sheet"]))
    assert "now recorded by one phone" in page_text(client.get(f"/s/{table['us']}"))
    refused = send(client, table["us"], OURS, number=2)
    assert refused.status_code == 302  # the side's form is no longer offered: back to the sheet
    assert client.post(f"/e/{table['edit']}/recording", data={"recording": "halves"}).status_code == 302
    assert client.post(f"/e/{table['edit']}/recording", data={"recording": "both"}).status_code == 400


def test_a_game_by_halves_exports_and_imports_with_every_word(app, client, table):
    send(client, table["us"], OURS)
    send(client, table["them"], THEIRS)
    client.post(f"/s/{table['them']}/hands/1/dispute", data={"version": "1", "side": "0", "remark": "look again"})
    with app.app_context():
        game = services.find_game(table["edit"], editable=True)
        copy = import_game(game_export(game))
        lines = services.describe_edits(db.session.get(Game, copy.id))
        assert [(line.action, line.by, line.half_of, line.remark) for line in lines][:2] == [
            ("dispute", 1, 0, "look again"),
            ("add", None, None, ""),
        ]


def test_a_half_for_a_hand_not_yet_in_play_is_a_404_and_changes_nothing(client, table):
    assert send(client, table["us"], OURS, number=3).status_code == 404
    assert client.get(f"/s/{table['us']}/hands/3").status_code == 404
    assert client.post(f"/s/{table['us']}/preview?number=3", data=OURS).status_code == 404
    assert "Count our half of hand 1" in page_text(client.get(f"/s/{table['us']}"))


def test_a_half_whose_link_is_replaced_while_it_waits_for_the_lock_is_refused_by_a_page_that_says_why(
    app, client, table, monkeypatch
):
    found = services.find_side

    def then_moved(token):
        link = found(token)
        monkeypatch.setattr(services, "find_side", found)  # once: the director's move lands meanwhile
        reseated_meanwhile(link.game.id, link.side)
        return link

    monkeypatch.setattr(services, "find_side", then_moved)
    refused = send(client, table["us"], OURS)
    assert refused.status_code == 409
    assert "The director has just moved your pair: this link no longer sends to this table" in page_text(refused)
    with app.app_context():
        assert db.session.query(HandHalf).count() == 0
    assert client.get(f"/s/{table['us']}").status_code == 404  # the old link leads nowhere now


def test_the_half_form_asks_who_is_sending_and_this_phone_preselects_them_next_time(app, client, table):
    form = client.get(f"/s/{table['us']}/hands/1").get_data(as_text=True)
    assert "Who is sending?" in form
    asked = re.findall(r'<input type="radio" name="sent_by" value="([^"]*)"( checked)?', form)
    assert asked == [("Ana", ""), ("Luis", "")]  # Us's players, nobody chosen yet on this phone
    assert send(client, table["us"], {**OURS, "sent_by": "Luis"}).status_code == 302
    with app.app_context():
        assert db.session.scalars(db.select(HandHalf.sent_by)).all() == ["Luis"]
    send(client, table["them"], THEIRS)
    again = client.get(f"/s/{table['us']}/hands/2").get_data(as_text=True)
    assert re.findall(r'name="sent_by" value="([^"]*)" checked', again) == ["Luis"]
    other_phone = app.test_client()
    fresh = other_phone.get(f"/s/{table['us']}/hands/2").get_data(as_text=True)
    assert re.findall(r'name="sent_by" value="([^"]*)" checked', fresh) == []
    send(other_phone, table["us"], {**OURS, "sent_by": "Juan"}, number=2)  # not one of Us: not said
    with app.app_context():
        assert db.session.scalars(db.select(HandHalf.sent_by).where(HandHalf.hand_number == 2)).all() == [None]


def test_a_half_form_is_rendered_once_a_state_and_each_answer_has_its_own_token_and_save_key(
    app, client, table, monkeypatch
):
    """Issue 37: the side's half form is kept as the blank hand form is: rendered once per version of the game
    (and sender this phone names), each answer with the phone's CSRF token and a new one-time save key."""
    from scorekeeper.web.table import halves as half_views

    drawn = templates_rendered(monkeypatch, half_views)
    monkeypatch.setitem(app.config, "WTF_CSRF_ENABLED", True)
    other = app.test_client()
    address = f"/s/{table['us']}/hands/1"
    pages = [reader.get(address).get_data(as_text=True) for reader in (client, other, client)]
    assert drawn.count("games/half.html") == 1
    keys = [re.search(r'name="save_key"[^>]*value="([^"]+)"', page).group(1) for page in pages]
    tokens = [re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1) for page in pages]
    assert len(set(keys)) == 3
    assert "\x00" not in "".join(pages)
    secrets = [csrf_secret(token) for token in tokens]
    assert secrets[0] == secrets[2] != secrets[1]
    monkeypatch.setitem(app.config, "WTF_CSRF_ENABLED", False)
    assert send(client, table["us"], OURS).status_code == 302
    sent = other.get(address).get_data(as_text=True)  # the half as sent, drawn afresh
    assert drawn.count("games/half.html") == 2
    assert re.search(r'name="s0_m_K_n"[^>]*value="7"', sent)


#: Each language's way with a time of day, in the phone's zone (page_text folds the narrow space before PM).
NAMED = [
    ("en", "The half Ana sent at 9:03 PM", "The half Luis sent at 9:04 PM", "The half sent at 9:03 PM"),
    ("es", "La mitad que envió Ana a las 21:03", "La mitad que envió Luis a las 21:04", "La mitad enviada a las 21:03"),
]


@pytest.mark.parametrize(("language", "saved", "mine", "unsigned"), NAMED)
def test_two_phones_of_one_side_see_each_half_named_by_who_sent_it_and_when(
    app, table, monkeypatch, language, saved, mine, unsigned
):
    ana, luis = app.test_client(), app.test_client()
    for phone in (ana, luis):
        phone.set_cookie("lang", language)
        phone.set_cookie("tz", "Europe/Madrid")  # UTC+1 in November
    form = luis.get(f"/s/{table['us']}/hands/1")  # Luis opens the form before Ana sends
    assert form.status_code == 200
    assert send(ana, table["us"], {**OURS, "sent_by": "Ana"}).status_code == 302
    with app.app_context():
        db.session.execute(db.update(HandHalf).values(updated_at=datetime(2026, 11, 24, 20, 3)))
        db.session.commit()
    monkeypatch.setattr("scorekeeper.web.table.halves.now", lambda: datetime(2026, 11, 24, 20, 4))
    raced = send(luis, table["us"], {**OURS, "s0_red3": "2", "sent_by": "Luis"}, key="luis")
    assert raced.status_code == 409
    text = page_text(raced)
    assert saved in text
    assert mine in text
    assert "yours" not in text.lower()
    with app.app_context():
        db.session.execute(db.update(HandHalf).values(sent_by=None))  # a half sent before the app asked who
        db.session.commit()
    unnamed = page_text(send(luis, table["us"], {**OURS, "sent_by": "Luis"}, key="luis2"))
    assert unsigned in unnamed


# Issue 47: "Who is sending?" is asked at the top of the half form, before any count, once per phone; the half
# sent is then named by its sender where the side sees it.


def test_who_is_sending_is_the_first_field_of_the_half_form_before_any_count(client, table):
    form = client.get(f"/s/{table['us']}/hands/1").get_data(as_text=True)
    typed = re.findall(r'<(?:input|select|textarea)(?![^>]*type="hidden")[^>]*name="([^"]+)"', form)
    assert typed[:2] == ["sent_by", "sent_by"]  # Ana, Luis: then "did your side go out", then the counts
    assert form.index("Who is sending?") < form.index("Did your side go out?") < form.index('name="s0_red3"')
    assert "this phone remembers it for the next hands" in page_text(client.get(f"/s/{table['us']}/hands/1"))


def test_who_is_sending_is_asked_once_per_phone_then_shown_with_a_way_to_change_it(app, client, table):
    first = client.get(f"/s/{table['us']}/hands/1").get_data(as_text=True)
    assert '<fieldset class="sender" id="sender">' in first
    assert send(client, table["us"], {**OURS, "sent_by": "Luis"}).status_code == 302
    send(client, table["them"], THEIRS)
    again = client.get(f"/s/{table['us']}/hands/2").get_data(as_text=True)
    assert '<fieldset class="sender"' not in again  # not asked again on this phone
    shown = re.search(r'<details class="sender" id="sender">\s*<summary>(.*?)</summary>', again, re.S)
    assert shown, again
    assert " ".join(re.sub(r"<[^>]+>", " ", shown.group(1)).split()) == "Luis is sending Change"
    assert re.findall(r'name="sent_by" value="([^"]*)" checked', again) == ["Luis"]  # sent as Luis unless changed
    assert again.index('id="sender"') < again.index('name="out"')
    other_phone = app.test_client()
    assert '<fieldset class="sender" id="sender">' in other_phone.get(f"/s/{table['us']}/hands/2").get_data(
        as_text=True
    )
    assert send(client, table["us"], {**OURS, "sent_by": "Ana"}, number=2).status_code == 302  # changed: Ana now
    with app.app_context():
        assert db.session.scalars(db.select(HandHalf.sent_by).where(HandHalf.hand_number == 2)).all() == ["Ana"]
    assert "Ana is sending" in page_text(client.get(f"/s/{table['us']}/hands/2"))


def test_the_half_sent_is_named_by_its_sender_on_the_sides_page(client, table):
    client.set_cookie("tz", "Europe/Madrid")
    assert send(client, table["us"], {**OURS, "sent_by": "Luis"}).status_code == 302
    mine = page_text(client.get(f"/s/{table['us']}"))
    assert "Your half is in: +665" in mine
    assert re.search(r"The half Luis sent at \d{1,2}:\d{2}", mine)


def test_a_refused_half_comes_back_with_who_was_sending_it(app, table):
    phone = app.test_client()  # a phone that never sent a half: it is asked
    refused = send(phone, table["us"], {**OURS, "s0_m_K_n": "x", "sent_by": "Luis"})
    assert refused.status_code == 303
    again = phone.get(refused.headers["Location"])
    assert again.status_code == 400
    assert re.findall(r'name="sent_by" value="([^"]*)" checked', again.get_data(as_text=True)) == ["Luis"]
