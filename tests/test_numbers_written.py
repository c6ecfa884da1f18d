"""Numbers as the reader writes them (issue 50): every total, score and minimum a page shows grouped as Babel
groups it for the reader's language (1,240 in English, 1.240 in Spanish, Italian, Portuguese and German), a
negative number with a true minus (−115), two scores side by side set apart ("975 – −115"), the numbers the rules
and the referee's sentences name too; files keep plain numbers, and a CSV comes in the reader's spreadsheet convention
too."""

from __future__ import annotations

import csv
import html
import io
import json
import re

import babel.numbers
import pytest

from scorekeeper.portable import bridge
from scorekeeper.portable.numerals import ENGLISH, MINUS, Numerals
from scorekeeper.services.membership import members
from scorekeeper.store.database import db
from scorekeeper.store.nights import Club
from scorekeeper.web.common.numbers import numerals_for

from .helpers import page_text, read_only_path

LANGUAGES = ("en", "es", "it", "pt_BR", "de")
PLAYERS = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan", "mode": "target", "target": "20000"}
#: Ana & Luis carry 11000 over from a paper sheet, Bea & Juan 1500; then Ana & Luis make 1240 (640 melded, a
#: natural canasta, going out) and Bea & Juan are caught with 1150 in hand: 12240 and 350.
CARRIED = {"start_0": "11000", "start_1": "1500"}
HAND = {
    "expected_hands": "0",
    "out": "0",
    "s0_mode": "quick",
    "s1_mode": "quick",
    "s0_q_meld_points": "640",
    "s0_q_natural": "1",
    "s1_q_meld_points": "0",
    "s1_q_hand_points": "1150",
}


def babel_writes(value: int, language: str) -> str:
    """``value`` as Babel writes it in ``language``, with a true minus."""
    return str(babel.numbers.format_decimal(value, locale=language)).replace("-", MINUS)


def words(response) -> str:
    """The page's words as a reader sees them (tags dropped, spaces folded)."""
    return " ".join(re.sub(r"<[^>]+>", " ", page_text(response)).split())


def game_of_a_hand(client, language: str) -> str:
    """A game read in ``language``: 11000 and 1500 carried over, then a hand of +1240 and −1150."""
    client.set_cookie("lang", language)
    started = client.post("/games/new/classic?players=4&sides=2", data={**PLAYERS, **CARRIED})
    assert started.status_code == 302
    sheet = started.headers["Location"]
    assert client.post(sheet + "/hands/new", data=HAND).status_code == 302
    return sheet


# ---- the numerals: Babel's, the phone's the same ---------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_readers_numerals_write_every_whole_number_as_babel_does_with_a_true_minus(language):
    numerals = numerals_for(language)
    for value in (0, 5, -5, 975, -115, 999, 1000, 1240, -1240, 9995, 12400, -12400, 123456, 1234567, -10_000_000):
        assert numerals.integer(value) == babel_writes(value, language)
    assert numerals.signed(1240) == "+" + babel_writes(1240, language)
    assert numerals.signed(-60) == f"{MINUS}60"
    assert numerals.signed(0) == "0"


def test_the_numerals_a_page_hands_the_phone_read_back_the_same_and_anything_else_reads_as_english():
    german = numerals_for("de")
    assert Numerals.read(german.written()) == german
    assert german.integer(12240) == "12.240"
    for garbage in (None, "", "not json", "[1, 2]", '{"group": 5, "decimal": null}'):
        assert Numerals.read(garbage) == ENGLISH
    assert Numerals.read('{"group": " ", "colour": "red"}') == Numerals(group=" ")


# ---- a game's pages ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_games_pages_group_four_and_five_digit_numbers_as_babel_does_in_each_language(client, language):
    sheet = game_of_a_hand(client, language)
    total, hand, caught = (babel_writes(n, language) for n in (12240, 1240, -1150))
    carried, target, to_go = (babel_writes(n, language) for n in (11000, 20000, 7760))
    follower = read_only_path(client, sheet)
    for page in (sheet, follower):
        html = page_text(client.get(page))
        shown = words(client.get(page))
        assert f"<strong>{total}</strong>" in html  # the sheet's foot
        assert f"+{hand} {total} {caught} 350" in shown  # the hand's row: scores and totals
        assert f'<span class="score">{carried}</span>' in html  # carried over from the paper sheet
        assert target in shown  # "Game to 20,000", the chart's target
        assert f"<td>{to_go}</td>" in html  # to the target
        assert f"{carried}; {total}." in shown  # the chart's text: the running totals
        assert f"<strong>{total}</strong></li>" in html  # the chart's legend
    table = page_text(client.get(follower + "/table"))
    assert f'<p class="big-total">{total}</p>' in table
    assert f"<dd>+{hand}</dd>" in table
    assert f"<dd>{to_go}</dd>" in table
    changes = words(client.get(sheet)).split("·")[-1]
    assert f"+{hand}" in changes
    assert caught in changes


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_hand_forms_preview_and_its_bar_group_the_score_and_the_total(client, language):
    sheet = game_of_a_hand(client, language)
    preview = page_text(client.post(sheet + "/preview", data={**HAND, "expected_hands": "1"}))
    bar = re.search(r'<p class="summary" hidden>([^<]*)</p>', preview).group(1)  # the bar's words
    assert bar == f"Ana & Luis +{babel_writes(1240, language)} · Bea & Juan {babel_writes(-1150, language)}"
    assert f" {babel_writes(13480, language)} " in preview  # the totals after it
    assert f" {babel_writes(-800, language)} " in preview


def test_a_negative_number_is_written_with_a_true_minus_never_a_hyphen(client):
    sheet = game_of_a_hand(client, "en")
    for page in (sheet, read_only_path(client, sheet)):
        shown = words(client.get(page))
        assert f"{MINUS}1,150" in shown
        assert not re.search(r"(^|[\s(])-\d", shown), re.search(r".{40}(^|[\s(])-\d.{20}", shown)


def test_files_keep_plain_numbers(client):
    sheet = game_of_a_hand(client, "de")
    public = read_only_path(client, sheet)
    kept = client.get(public + "/export.json").get_json()
    assert json.dumps(kept).count("1.240") == 0
    api = client.get("/api/v1/games/" + public.removeprefix("/g/")).get_json()
    assert [side["hand_score"] for side in api["hands"][0]["sides"]] == [1240, -1150]
    plain = list(csv.reader(io.StringIO(client.get(public + "/export.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert plain[1][:3] == ["1", "Ana", "Ana & Luis"]
    assert "1240" in plain[1]
    assert "12240" in plain[1]


# ---- the phone's offline sheet -----------------------------------------------------------------------------


def test_the_phones_sheet_writes_numbers_with_the_numerals_the_page_gives_it(client):
    sheet = game_of_a_hand(client, "de")
    attribute = re.search(r'data-numerals="([^"]+)"', client.get(sheet).get_data(as_text=True))
    assert attribute, "the page hands its numerals to the phone"
    given = html.unescape(attribute.group(1))
    copy = client.get(sheet + "/phone.json").get_json()
    kept = json.dumps({"game": copy["game"], "changes": []})
    try:
        bridge.language("de", None, given)
        view = json.loads(bridge.sheet_page(kept))
        assert view["totals"] == ["12.240", "350"]
        assert view["hands"][0]["cells"][0] == {"score": "+1.240", "total": "12.240"}
        assert view["hands"][0]["cells"][1]["score"] == f"{MINUS}1.150"
        assert view["hands"][0]["sides"][1]["rows"][-1][1] == f"{MINUS}1.150"  # its items: the hand score last
        assert view["next"]["rows"][0]["values"] == ["120", "7.760"]
    finally:
        bridge.language("en", None)
    assert json.loads(bridge.sheet_page(kept))["totals"] == ["12,240", "350"]


# ---- a night's pages ------------------------------------------------------------------------------------------

NIGHT = {
    "name": "Martes del club",
    "held_on": "2026-11-24",
    "ruleset": "classic",
    "round_kind": "hands",
    "round_length": "1",
    "rounds": "3",
    "movement": "mitchell",
    "mitchell_step": "1",
    "scoring": "match",
    "decisive": "",
    "recording": "one",
    "bye_points": "1",
    "bye_difference": "0",
}


def night_with_a_fixed_table(client, north_south: str, east_west: str) -> tuple[str, str]:
    """A night of two pairs whose one table the director set to ``north_south`` – ``east_west``: its board and
    its public page."""
    board = client.post("/nights/new", data=NIGHT).headers["Location"]
    for first, second in (("Ana", "Luis"), ("Bea", "Juan")):
        client.post(board + "/pairs", data={"first": first, "second": second})
    client.post(board + "/rounds", data={"reason": ""})
    fixed = client.post(
        board + "/rounds/1/tables/1/fix", data={"north_south": north_south, "east_west": east_west, "reason": "x"}
    )
    assert fixed.status_code == 302
    public = "/night/" + re.search(r"/night/([\w-]+)", page_text(client.get(board))).group(1)
    return board, public


def test_the_tv_sets_a_tables_two_scores_apart_with_a_true_minus(client):
    _, public = night_with_a_fixed_table(client, "975", "-115")
    tv = client.get(public + "/tv").get_data(as_text=True)
    assert f"975\u00a0– {MINUS}115" in tv  # a line never starts with the dash
    assert "–-" not in tv
    assert "–−" not in tv
    assert f"{MINUS}1,090" in words(client.get(public + "/tv"))  # the standings' difference


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_nights_standings_board_round_and_tv_group_as_babel_does_in_each_language(client, language):
    client.set_cookie("lang", language)
    board, public = night_with_a_fixed_table(client, "11240", "-115")
    score, difference, caught = (babel_writes(n, language) for n in (11240, 11355, -115))
    pair = f"{score} – {caught}"
    for page in (board, public, public + "/rounds/1", public + "/tv"):
        html = page_text(client.get(page))
        assert f"+{difference}" in html, page
        assert f"{MINUS}{difference}" in html, page
    for page in (board, public):
        assert pair in page_text(client.get(page)), page
        assert re.search(f'data-label="[^"]+">{score}</td>', page_text(client.get(page))), page  # its score sheet
    assert pair in page_text(client.get(public + "/tv"))
    assert page_text(client.get(board)).count(pair) == 2  # the table's result, and the night's log


# ---- CSV in the reader's spreadsheet convention --------------------------------------------------------------


def test_a_sheets_csv_comes_in_the_readers_spreadsheet_convention_beside_the_plain_one(client):
    sheet = game_of_a_hand(client, "es")
    public = read_only_path(client, sheet)
    page = page_text(client.get(public))
    link = re.search(r'<a href="([^"]+)" download>CSV para una hoja de cálculo en español \(;\)</a>', page)
    assert link, "the Spanish reader is offered the Spanish spreadsheet's CSV, named"
    assert f'href="{public}/export.csv"' in page  # beside today's
    spanish = client.get(link.group(1).replace("&amp;", "&"))
    assert 'filename="canasta-' in spanish.headers["Content-Disposition"]
    assert spanish.headers["Content-Disposition"].endswith('-es.csv"')
    rows = list(csv.reader(io.StringIO(spanish.get_data(as_text=True).lstrip("\ufeff")), delimiter=";"))
    assert rows[0][:3] == ["Mano", "Reparte", "Equipo"]
    assert rows[1][:3] == ["1", "Ana", "Ana & Luis"]
    assert "12240" in rows[1]
    plain = client.get(public + "/export.csv").get_data(as_text=True)
    assert ";" not in plain.splitlines()[0]


def test_an_english_reader_is_offered_only_the_plain_csv(client):
    sheet = game_of_a_hand(client, "en")
    assert "CSV for a spreadsheet in" not in page_text(client.get(sheet))


def test_a_nights_standings_csv_in_the_readers_convention_is_offered_by_name(client):
    _, public = night_with_a_fixed_table(client, "975", "-115")
    client.set_cookie("lang", "de")
    assert "CSV für eine Tabellenkalkulation auf Deutsch (;)" in page_text(client.get(public))
    german = client.get(public + "/standings.csv?spreadsheet=de").get_data(as_text=True).lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(german), delimiter=";"))
    assert [row[1:] for row in rows[1:]] == [["Ana & Luis", "2", "1090", "975"], ["Bea & Juan", "0", "-1090", "-115"]]


@pytest.mark.parametrize("language", ["es", "pt_BR", "it", "de"])
def test_a_decimal_in_a_csv_takes_the_readers_decimal_comma_and_the_members_file_reads_back(client, language):
    token = client.post("/clubs/new", data={"name": "Club del Martes", "best_of": ""}).headers["Location"][3:]
    added = client.post(f"/c/{token}/members", data={"name": "Carmen", "number": "7", "grade": "55,5"})
    assert added.status_code == 302
    client.set_cookie("lang", language)
    club = page_text(client.get(f"/c/{token}"))
    assert club.count(" (;)</a>") == 2  # the members, and their grades after each night
    local = client.get(f"/c/{token}/members.csv?spreadsheet={language}")
    assert local.headers["Content-Disposition"] == f'attachment; filename="club-members-{language}.csv"'
    rows = list(csv.reader(io.StringIO(local.get_data(as_text=True).lstrip("\ufeff")), delimiter=";"))
    assert rows[1] == ["Carmen", "7", "55,5"]
    plain = client.get(f"/c/{token}/members.csv").get_data(as_text=True).lstrip("\ufeff")
    assert list(csv.reader(io.StringIO(plain)))[1] == ["Carmen", "7", "55.5"]
    grades = client.get(f"/c/{token}/grades.csv?spreadsheet={language}").get_data(as_text=True).lstrip("\ufeff")
    assert list(csv.reader(io.StringIO(grades), delimiter=";"))[1][:3] == ["Carmen", "7", "55,5"]
    other = client.post("/clubs/new", data={"name": "Club del Jueves", "best_of": ""}).headers["Location"][3:]
    with client.application.app_context():
        club_row = db.session.scalar(db.select(Club).filter_by(token=other))
        assert members.import_members(club_row, local.get_data()) == 1  # its header read in the reader's words
        kept = [(one.name, one.number, one.starting_grade) for one in members.club_members(club_row)]
        assert kept == [("Carmen", "7", 55.5)]


# ---- the numbers an engine sentence names ------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_reference_writes_its_numbers_as_babel_does(client, language):
    client.set_cookie("lang", language)
    winning = words(client.get("/rules/winning?set=classic"))
    assert babel_writes(5000, language) in winning  # the target
    minimum = words(client.get("/rules/initial-meld?set=classic"))
    assert f"{babel_writes(1500, language)} " in minimum  # its table's bands
    for shown in (winning, minimum):
        assert not re.search(r"(?<![\d.,])\d{4,}(?![\d.,])", shown), re.findall(
            r".{30}(?<![\d.,])\d{4,}(?![\d.,]).{10}", shown
        )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_referees_sentence_writes_its_numbers_as_babel_does(client, language):
    client.set_cookie("lang", language)
    shown = words(client.get("/tools/minimum?set=classic&ask=1&total=3000"))
    assert f" {babel_writes(3000, language)} " in shown
    assert not re.search(r"\b3000\b", shown)
    behind = words(client.get("/tools/minimum?set=classic&ask=1&total=-1500"))
    assert babel_writes(-1500, language) in behind


def test_an_engine_sentence_keeps_plain_numbers_unless_told_how_the_reader_writes_them():
    from scorekeeper.engine.i18n import Msg

    said = Msg("With %(total)s points, %(rank)s.", {"total": -3000, "rank": Msg("kings")})
    assert said.render() == "With -3000 points, kings."
    assert said.render(str, numerals_for("de").integer) == f"With {MINUS}3.000 points, kings."
