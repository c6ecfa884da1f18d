"""A night's field brought in from a spreadsheet on the board, on a phone: the file chosen and sent, the pairs
listed and the split said; a file with a refused line coming back naming it, in Italian; the round's seating
read at 390 px and printed on A4, by table and alphabetically."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE
from .test_journeys import no_sideways_scroll
from .test_night_board import start

SHOTS = Path("test-results")
CLUBS = ["Circolo Tennis Parioli", "Burraco Club Genova", "Associazione Sportiva Torino"]
PAIRS = [
    ("Maria Grazia Bellandi", "Pierfrancesco Santangelo", CLUBS[0]),
    ("Anna", "Luis", CLUBS[1]),
    ("Zoe", "Ugo", CLUBS[0]),
    ("Bea", "Juan", CLUBS[2]),
    ("Cris", "Dani", CLUBS[1]),
    ("Eva", "Fede", CLUBS[0]),
    ("Gala", "Hugo", CLUBS[2]),
    ("Ines", "Jorge", CLUBS[1]),
]


def csv_file(rows: list[tuple[str, str, str]], header: str = "Player 1;Player 2;Club") -> dict[str, object]:
    text = "\ufeff" + header + "\n" + "".join(";".join(row) + "\n" for row in rows)
    return {"name": "pairs.csv", "mimeType": "text/csv", "buffer": text.encode("utf-8")}


def test_a_field_is_brought_in_from_the_board_and_its_seating_printed(page: Page, live_server: str):
    board = start(page, live_server)
    page.locator("#field summary").tap()
    no_sideways_scroll(page)
    page.locator("#field").screenshot(path=str(SHOTS / "field-form-en-390.png"))
    page.set_input_files("#field_file", files=[csv_file(PAIRS)])
    page.get_by_role("button", name="Bring the pairs in", exact=True).tap()
    expect(page.locator("ol.pairs > li")).to_have_count(8)
    expect(page.locator("#field-split")).to_contain_text("Split by club or region: North-South (stays)")
    page.locator("#pairs").screenshot(path=str(SHOTS / "field-split-en-390.png"))
    page.get_by_role("button", name="Draw the first round").tap()
    expect(page.locator("#table-1")).to_be_visible()
    page.locator("#seating-link").tap()
    expect(page.locator("h1")).to_have_text("Seating of round 1")
    expect(page.locator("#by-table tbody tr")).to_have_count(4)
    expect(page.locator("#by-name tbody tr")).to_have_count(16)
    expect(page.locator("#by-name tbody tr").first).to_contain_text("Anna")
    no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / "seating-en-390.png"), full_page=True)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 703, "height": 1000})  # A4 less the 12 mm margins, at 96 px an inch
    assert page.evaluate("document.documentElement.scrollWidth") <= 703
    page.screenshot(path=str(SHOTS / "seating-print-en-a4.png"), full_page=True)
    assert page.pdf(format="A4").startswith(b"%PDF")
    page.goto(board)


def test_a_file_with_a_refused_line_comes_back_naming_it_in_italian(browser: Browser, live_server: str):
    page = browser.new_context(**PHONE, locale="it-IT").new_page()
    start_it = live_server + "/nights/new"
    page.goto(start_it)
    page.fill("#name", "Torneo di Natale")
    page.fill("#round_length", "1")
    page.locator("form button[type=submit].primary").last.tap()
    expect(page.locator("#pairs")).to_be_visible()
    page.locator("#field summary").tap()
    bad = [*PAIRS[:3], ("Anna", "Rita", CLUBS[2])]
    page.set_input_files("#field_file", files=[csv_file(bad, "Giocatore 1;Giocatore 2;Circolo")])
    page.get_by_role("button", name="Importa le coppie", exact=True).tap()
    expect(page.locator(".field-lines")).to_contain_text("Riga 5: Anna è già nella coppia della riga 3.")
    expect(page.locator("ol.pairs > li")).to_have_count(0)
    no_sideways_scroll(page)
    page.locator("#field").screenshot(path=str(SHOTS / "field-refused-it-390.png"))
    page.set_input_files("#field_file", files=[csv_file(PAIRS, "Giocatore 1;Giocatore 2;Circolo")])
    page.get_by_role("button", name="Importa le coppie", exact=True).tap()
    expect(page.locator("ol.pairs > li")).to_have_count(8)
    page.locator("form[action$='/rounds'] button").first.tap()
    expect(page.locator("#table-1")).to_be_visible()
    page.locator("#seating-link").tap()
    expect(page.locator("h1")).to_have_text("Disposizione del turno 1")
    no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / "seating-it-390.png"), full_page=True)
