"""A club's grades from its nights: every counted table, in the order played, as the night scores it."""

from __future__ import annotations

import re

import pytest

from scorekeeper.services.club import clubs
from scorekeeper.services.club.grades import club_grades, member_key

from .test_clubs import play_night
from .test_night_pages import seen


def _club(client) -> str:
    return client.post("/clubs/new", data={"name": "Club del Martes", "best_of": ""}).headers["Location"][3:]


def test_grades_follow_the_clubs_nights_in_the_order_played_by_match_points(app, client):
    token = _club(client)
    play_night(app, client, token, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    play_night(app, client, token, [("Bea", "Juan"), ("Luis", "ANA")], ns_wins=True)  # the same pair, names as typed
    with app.app_context():
        found = club_grades(clubs.club_nights(clubs.find_club(token)))
    # Night 1: Ana & Luis win (100 %) against an expected 50: +0.1 x 50 = +5 (55); Bea & Juan -5 (45).
    # Night 2: Bea & Juan (45) against Luis & Ana (55): expected 40, made 100: +6 (51); Ana and Luis -6 (49).
    grade = {member: round(value.value, 2) for member, value in found.members.items()}
    assert grade == {"ana": 49, "luis": 49, "bea": 51, "juan": 51}
    assert [round(result.expected, 2) for result in found.results] == [50, 50, 40, 60]
    assert [value for _, value in found.after_night[member_key("Ána")]] == pytest.approx([55, 49])


def test_a_table_not_yet_agreed_grades_nobody(app, client):
    token = _club(client)
    play_night(app, client, token, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    with app.app_context():
        night = clubs.club_nights(clubs.find_club(token))[0]
        night.played[0].tables[0].agreed_at = None  # as if nobody had agreed yet
        assert club_grades([night]).members == {}


def test_the_clubs_page_shows_each_members_grade_as_a_card_in_the_readers_way(app, client):
    token = _club(client)
    play_night(app, client, token, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    play_night(app, client, token, [("Bea", "Juan"), ("Luis", "Ana")], ns_wins=True)
    client.post(f"/c/{token}/members", data={"name": "Carmen", "number": "", "grade": "62"})
    client.post(f"/c/{token}/members", data={"name": "Pilar", "number": "", "grade": "38"})
    shown = seen(client.get(f"/c/{token}", headers={"Accept-Language": "en"}))
    # As worked out above: Ana and Luis 49 (an 8: 49 to 51), Bea and Juan 51 (a 9); Carmen has not played: the
    # 62 the club gave her (an Ace of clubs, 61 to 63); Pilar 38 (a 2, under 39). All provisional (under 10 results).
    assert "8 Ana 49.0 % provisional" in shown
    assert "9 Bea 51.0 % provisional" in shown
    assert "A ♣ Carmen 62.0 % provisional" in shown
    assert "2 Pilar 38.0 % provisional" in shown
    assert "9 Bea 51,0 % provisional" in seen(client.get(f"/c/{token}", headers={"Accept-Language": "es"}))


def test_a_members_page_shows_the_grade_each_night_as_a_chart_with_partners_expected_and_made(app, client):
    token = _club(client)
    play_night(app, client, token, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    play_night(app, client, token, [("Bea", "Juan"), ("Luis", "Ana")], ns_wins=True)
    club_page = client.get(f"/c/{token}").get_data(as_text=True)
    ana = re.search(rf'href="(/c/{token}/members/\d+)">Ana<', club_page).group(1)
    page = client.get(ana, headers={"Accept-Language": "en"})
    assert page.status_code == 200
    shown = seen(page)
    assert "Ana 8 49.0 % 2 graded tables · provisional" in shown
    # Newest night first: night 2 with Luis, expected 60 made 0, grade 49; night 1, expected 50 made 100, 55.
    assert re.search(r"Night Expected Made Grade .+ with Luis 60 % 0 % 49.0 .+ with Luis 50 % 100 % 55.0", shown)
    assert "Partners Luis 2 nights" in shown
    assert "data-totals" not in page.get_data(as_text=True)
    assert re.search(
        r'<polyline class="side side-0" points="[\d.]+,[\d.]+ [\d.]+,[\d.]+ [\d.]+,[\d.]+"/>',
        page.get_data(as_text=True),
    )
    assert "El grado al empezar y después de cada noche: 50,0, 55,0, 49,0." in seen(
        client.get(ana, headers={"Accept-Language": "es"})
    )


def test_a_members_chart_names_each_night_by_its_date_the_readers_way(app, client):
    token = _club(client)
    play_night(app, client, token, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True, held_on="2026-03-03")
    play_night(app, client, token, [("Bea", "Juan"), ("Luis", "Ana")], ns_wins=True, held_on="2026-03-10")
    club_page = client.get(f"/c/{token}").get_data(as_text=True)
    ana = re.search(rf'href="(/c/{token}/members/\d+)">Ana<', club_page).group(1)

    def dates(language: str) -> list[str]:
        page = client.get(ana, headers={"Accept-Language": language}).get_data(as_text=True)
        return re.findall(r'<text class="hand-label"[^>]*>([^<]+)</text>', page)

    assert dates("en") == ["Mar 3", "Mar 10"]  # as Babel writes a day of the year, not the nights' numbers
    assert dates("es") == ["3 mar", "10 mar"]
    assert dates("de") == ["3. März", "10. März"]
    assert dates("pt-BR") == ["3 de mar.", "10 de mar."]


def test_a_number_and_its_per_cent_sign_are_never_apart_at_the_end_of_a_line(app, client):
    token = _club(client)
    play_night(app, client, token, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    club_page = client.get(f"/c/{token}", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "55,0\u00a0%" in club_page  # a no-break space: "%" never alone on a line
    ana = re.search(rf'href="(/c/{token}/members/\d+)">Ana<', club_page).group(1)
    member = client.get(ana, headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Empezó con 50,0\u00a0%." in member
    assert ">50\u00a0%</td>" in member  # expected
    assert ">100\u00a0%</td>" in member  # made
    assert not re.search(r"\d %", member + club_page)


def test_a_members_page_is_only_under_their_own_clubs_link(app, client):
    token, other = _club(client), _club(client)
    client.post(f"/c/{token}/members", data={"name": "Carmen", "number": "", "grade": ""})
    carmen = re.search(
        rf'href="/c/{token}/members/(\d+)">Carmen<', client.get(f"/c/{token}").get_data(as_text=True)
    ).group(1)
    assert client.get(f"/c/{token}/members/{carmen}").status_code == 200
    assert "No graded table yet" in seen(client.get(f"/c/{token}/members/{carmen}"))
    assert client.get(f"/c/{other}/members/{carmen}").status_code == 404
    assert client.get(f"/c/{token}/members/999999").status_code == 404
    assert client.get(f"/c/{token}/members/99999999999999999999999").status_code == 404


def test_the_clubs_grades_export_each_members_grade_after_each_night_as_csv_and_json(app, client):
    token = _club(client)
    play_night(app, client, token, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    play_night(app, client, token, [("Bea", "Juan"), ("Luis", "Ana")], ns_wins=True)
    client.post(f"/c/{token}/members", data={"name": "=Carmen", "number": "", "grade": "62"})  # never played
    assert f'href="/c/{token}/grades.csv"' in client.get(f"/c/{token}").get_data(as_text=True)
    exported = client.get(f"/c/{token}/grades.csv", headers={"Accept-Language": "en"})
    assert exported.mimetype == "text/csv"
    lines = exported.get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert lines[0].startswith("Name,Number,Starting grade,")
    assert lines[0].endswith(",Grade,Card,Graded tables")
    assert len(lines[0].split(",")) == 3 + 2 + 3  # a column for each of the two nights
    assert "Ana,,50.0,55.0,49.0,49.0,8,2" in lines
    assert "'=Carmen,,62.0,62.0,62.0,62.0,A,0" in lines  # carried over the nights; a formula cell neutralised
    data = client.get(f"/c/{token}/grades.json").get_json()
    assert [night["name"] for night in data["nights"]] == ["Martes del club", "Martes del club"]
    bea = next(member for member in data["members"] if member["name"] == "Bea")
    assert bea["after_each_night"] == [45, 51]
    assert (bea["grade"], bea["card"], bea["suit"], bea["graded_tables"], bea["provisional"]) == (
        51,
        "9",
        None,
        2,
        True,
    )
    assert client.get("/c/nonexistenttoken0000000/grades.json").status_code == 404


def test_a_merge_brings_the_merged_members_nights_grades_and_starting_grade_to_the_member_kept(app, client):
    """Issue 47: two members who are one player (a name typed two ways) are merged on the kept one's page, asked
    first: the other's nights, grades and starting grade follow the member kept, on every page of the club."""
    token = _club(client)
    client.post(f"/c/{token}/members", data={"name": "Anita", "number": "", "grade": "60"})
    play_night(app, client, token, [("Ana", "Luis"), ("Bea", "Juan")], ns_wins=True)
    play_night(app, client, token, [("Bea", "Juan"), ("Luis", "Anita")], ns_wins=True)
    club_page = client.get(f"/c/{token}").get_data(as_text=True)
    ana = re.search(rf'href="(/c/{token}/members/\d+)">Ana<', club_page).group(1)
    anita = re.search(rf'href="(/c/{token}/members/(\d+))">Anita<', club_page)
    assert "4 Ana 2 1 1 5 Anita 0 1 2" in seen(client.get(f"/c/{token}"))  # apart, before the merge

    asked = client.post(ana + "/merge", data={"other": anita.group(2)})
    assert asked.status_code == 200
    assert "Merge Anita into Ana? The nights, grades and records of Anita count for Ana" in seen(asked)
    assert "Anita" in seen(client.get(f"/c/{token}"))  # nothing merged until the answer
    merged = client.post(ana + "/merge", data={"other": anita.group(2), "confirm": "yes"})
    assert merged.status_code == 302

    # Ana starts at Anita's 60: night 1, Ana & Luis (mean 55) expected 55, made 100: +4.5 (Ana 64.5); night 2,
    # Luis & Ana (54.5 and 64.5: 59.5) against Bea & Juan (45.5): expected 64, made 0: -6.4 (Ana 58.1).
    page = seen(client.get(ana, headers={"Accept-Language": "en"}))
    assert "58.1 % 2 graded tables" in page
    assert "Started at 60.0 %." in page
    assert re.search(r"with Luis 64 % 0 % 58.1 .+ with Luis 55 % 100 % 64.5", page)
    shown = seen(client.get(f"/c/{token}", headers={"Accept-Language": "en"}))
    assert "1= Ana 2 2 1" in shown  # the season's players: both nights
    assert "Anita" not in shown  # nor on the members' list, the season's pairs or the records
    assert client.get(anita.group(1)).headers["Location"] == ana  # the merged member's page is the kept one's
    lines = client.get(f"/c/{token}/grades.csv", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Ana,,60.0,64.5,58.1,58.1," in lines
