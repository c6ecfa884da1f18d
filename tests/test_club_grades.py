"""A club's grades from its nights: every counted table, in the order played, as the night scores it."""

from __future__ import annotations

import pytest

from scorekeeper.services import clubs
from scorekeeper.services.grades import club_grades, member_key

from .test_clubs import play_night


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
