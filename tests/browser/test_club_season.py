"""A club's life across two nights, in the browser: twelve members imported from a CSV file, a night by match
points, then a night scored with handicaps where a pair arrives at the door while round 1 is played (a name
chosen from the door's suggestions, the other typed any which way), waits, and is seated at round 2. Every
member's card and grade on their own page, and the TV's standings with handicaps, equal to this file's own
calculation of the grade rule (written here again, not imported)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE

#: The members as the club's spreadsheet has them: name; number; starting grade (empty: 50).
MEMBERS = [
    ("Ana Ruiz", "ES-01", "56"),
    ("Luis Gil", "ES-02", "54"),
    ("Bea Sanz", "ES-03", "44"),
    ("Juan Vidal", "ES-04", "42"),
    ("Cris Mora", "ES-05", ""),
    ("Dani Polo", "ES-06", ""),
    ("Eva Soler", "ES-07", "48"),
    ("Fede Ríos", "ES-08", "52"),
    ("Gala Cano", "", ""),
    ("Hugo León", "", ""),
    ("Inés Bravo", "", "40"),
    ("Javi Luna", "", "58"),
]
NAMES = [name for name, _, _ in MEMBERS]
K = 0.1
CARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def card(grade: float) -> str:
    shown = round(grade, 1)
    return CARDS[0] if shown < 39 else CARDS[min(int((shown - 39) // 2) + 1, 12)]


def graded(grades: dict[str, float], tables: list[tuple[tuple[str, ...], tuple[str, ...], float]]) -> None:
    """One round's tables (north-south's members, east-west's, north-south's share) moving ``grades``
    together, from the grades before the round."""
    before = dict(grades)

    def mean(pair: tuple[str, ...]) -> float:
        return sum(before[name] for name in pair) / len(pair)

    for ours, theirs, share in tables:
        for mine, other, made in ((ours, theirs, share), (theirs, ours, 100 - share)):
            expected = min(100.0, max(0.0, 50 + mean(mine) - mean(other)))
            for name in mine:
                grades[name] += K * (made - expected)


def draw(board: Page, button: str) -> list[tuple[int, str, str]]:
    """The director draws a round; once the board has come back without the button (the round drawn), its
    seating. (Read at once, the rows were the page's before: none, or the round before's, under load.)"""
    board.get_by_role("button", name=button).click()
    expect(board.get_by_role("button", name=button)).to_have_count(0)
    expect(board.locator("table.night-tables tbody tr[id^=table-]").first).to_be_visible()
    return seating(board)


def seating(board: Page) -> list[tuple[int, str, str]]:
    """The round in play's tables on the board: number, north-south's names, east-west's."""
    found = []
    for row in board.locator("table.night-tables tbody tr[id^=table-]").all():
        number = int(row.get_attribute("id").removeprefix("table-"))
        pairs = row.locator("td").first.inner_text().split("\n")
        found.append((number, pairs[0].strip(), pairs[1].removeprefix("against").strip()))
    return found


def fix(board: Page, number: int, ours: int, theirs: int) -> None:
    """The director sets a table's result on the board (it counts at once)."""
    board.locator(f"#fix-{number} summary").click()
    form = board.locator(f"#fix-{number} form")
    form.locator("input[name=north_south]").fill(str(ours))
    form.locator("input[name=east_west]").fill(str(theirs))
    form.locator("input[name=reason]").fill("as on the table's sheet")
    form.get_by_role("button", name="Set this result").click()
    expect(board.locator(f"#table-{number}")).to_contain_text("finished")


def add_pairs(board: Page, pairs: list[tuple[str, str]]) -> None:
    for first, second in pairs:
        board.fill("#first", first)
        board.fill("#second", second)
        board.get_by_role("button", name="Add the pair").click()
        expect(board.locator("#pairs")).to_contain_text(f"{first} & {second}")


def new_night(board: Page, club_page: str, name: str, **settings: str) -> None:
    board.goto(club_page)
    board.get_by_role("link", name="A new night for the club").click()
    board.fill("#name", name)
    board.fill("#round_length", "1")
    board.fill("#rounds", settings.get("rounds", "1"))
    board.locator(f"input[name=scoring][value={settings['scoring']}]").check()
    if settings["scoring"] == "match":
        board.fill("#bye_points", "1")  # a bye's match points: a win is 2
    if "handicap" in settings:
        board.fill("#handicap", settings["handicap"])
    board.get_by_role("button", name="Start the night").click()
    board.wait_for_load_state()
    assert board.locator(".error").all_inner_texts() == []
    expect(board.locator("h1")).to_contain_text(name)


def test_a_club_of_twelve_members_plays_two_nights_one_handicapped_with_a_late_pair(browser: Browser, live_server: str):
    laptop = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-GB")
    board = laptop.new_page()
    board.goto(live_server + "/clubs/new")
    board.fill("#name", "Club del Martes")
    board.get_by_role("button", name="Start the club").click()
    club_page = board.url.split("#")[0]

    board.get_by_role("link", name="Import members from a CSV file").click()
    lines = "name;number;grade\n" + "\n".join(";".join(member) for member in MEMBERS) + "\n"
    board.set_input_files(
        "#members_file", files=[{"name": "socios.csv", "mimeType": "text/csv", "buffer": lines.encode()}]
    )
    board.get_by_role("button", name="See what will be added").click()
    board.get_by_role("button", name="Add 12 members").click()
    expect(board.locator("#members")).to_contain_text("12 members added.")

    grades = {name: float(grade or 50) for name, _, grade in MEMBERS}

    # Night 1, match points, one round of six pairs (three tables): a win, a loss and a draw for north-south.
    new_night(board, club_page, "Martes 1", scoring="match")
    add_pairs(board, [(NAMES[k], NAMES[k + 1]) for k in range(0, 12, 2)])
    tables = draw(board, "Draw the first round")
    assert len(tables) == 3
    scores = {1: (600, 100), 2: (100, 600), 3: (300, 300)}
    for number, _, _ in tables:
        fix(board, number, *scores[number])
    shares = {1: 100.0, 2: 0.0, 3: 50.0}
    graded(grades, [(tuple(ns.split(" & ")), tuple(ew.split(" & ")), shares[n]) for n, ns, ew in tables])

    # Night 2, with handicaps (H 1), two rounds of victory points: four pairs, a fifth at the door during round 1.
    at_start = dict(grades)
    new_night(board, club_page, "Martes 2", scoring="scale", rounds="2", handicap="1")
    pairs = [
        ("Ana Ruiz", "Bea Sanz"),
        ("Luis Gil", "Juan Vidal"),
        ("Cris Mora", "Eva Soler"),
        ("Fede Ríos", "Gala Cano"),
    ]
    add_pairs(board, pairs)
    first_round = draw(board, "Draw the first round")
    door = live_server + urlsplit(board.locator("#door-link").input_value()).path  # the link names the LAN address

    late = browser.new_context(**PHONE, locale="en-GB").new_page()
    late.goto(door)
    expect(late.locator("main")).to_contain_text("Round 1 is being played")
    expect(late.locator("main")).not_to_contain_text("Ana Ruiz")  # the door lists no member
    late.locator("#first").press_sequentially("hug")  # three letters: the door offers the members they start
    late.get_by_role("button", name="Hugo León").tap()
    expect(late.locator("#first")).to_have_value("Hugo León")
    late.fill("#second", "ines  BRAVO")  # a member typed any which way is that member
    late.get_by_role("button", name="Join").tap()
    expect(late.locator("#your-seat")).to_contain_text("You are seated at the next round, round 2")
    expect(board.locator("#waiting")).to_contain_text("Waiting for round 2: Hugo León & Inés Bravo", timeout=2500)

    for number, _, _ in first_round:  # every table level: 10-10, a share of 50 each
        fix(board, number, 500, 500)
    graded(grades, [(tuple(ns.split(" & ")), tuple(ew.split(" & ")), 50.0) for _, ns, ew in first_round])
    second_round = draw(board, "Draw round 2")
    assert len(second_round) == 2  # five pairs: two tables, one pair sitting out
    seated = [names for _, ns, ew in second_round for names in (ns, ew)]
    assert "Hugo León & Inés Bravo" in seated
    expect(late.locator("#your-seat")).to_contain_text("Round 2: your table is table", timeout=2500)
    for number, _, _ in second_round:
        fix(board, number, 500, 500)
    graded(grades, [(tuple(ns.split(" & ")), tuple(ew.split(" & ")), 50.0) for _, ns, ew in second_round])

    # The TV: the standings with handicaps. Every table was level (10 each); the pair sitting out gets 14. Each
    # pair's handicap a round, (50 - its mean grade at the start of the night) x 20 / 100, for each round it has.
    everyone = [*pairs, ("Hugo León", "Inés Bravo")]
    rounds_of = {" & ".join(pair): 2 for pair in pairs} | {"Hugo León & Inés Bravo": 1}
    expected = {}
    for pair in everyone:
        label = " & ".join(pair)
        sat_out = label not in seated
        scratch = 10 * rounds_of[label] + (14 - 10 if sat_out else 0)
        handicap = (50 - sum(at_start[name] for name in pair) / 2) * 20 / 100
        expected[label] = round(scratch + handicap * rounds_of[label], 2)
    tv = laptop.new_page()
    tv.goto(live_server + urlsplit(board.locator("#public-link").input_value()).path + "/tv")
    expect(tv.locator("h2").first).to_have_text("The night is over: final standings")  # its two rounds played
    expect(tv.locator(".tv-standings")).to_contain_text("With handicaps")
    rows = [row.locator("td").all_inner_texts() for row in tv.locator(".tv-standings tbody tr").all()]
    shown = {re.sub(r"\s*handicap.*", "", cells[1], flags=re.S).strip(): float(cells[2]) for cells in rows}
    assert shown == expected
    best = max(expected.values())
    assert next(label for label, points in expected.items() if points == best) in rows[0][1]

    # Every member's own page: the card and the grade this file worked out.
    board.goto(club_page)
    for name in NAMES:
        board.goto(club_page)
        board.get_by_role("link", name=name, exact=True).click()
        header = board.locator("main").inner_text()
        value = f"{round(grades[name], 1):.1f}"
        assert re.search(rf"{re.escape(name)}\s+{card(grades[name])}\s+{value}\s%", header), (name, value, header[:200])
    board.screenshot(path="test-results/member-page-1366.png", full_page=True)
    laptop.close()
    late.context.close()
