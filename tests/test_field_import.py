"""A night's field brought in from a CSV file: every pair added at once as the board adds one (names cleaned,
members matched, guests otherwise, the night's bound), or nobody with every refused line named; the comma, the
semicolon and the tab; UTF-8 with or without its byte-order mark; pairs split by club or region on the lines
of the Mitchell (field_import.py, D34)."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.services import night as nights
from scorekeeper.services.club import clubs
from scorekeeper.services.membership import members
from scorekeeper.services.night.field_import import FieldRefused, import_field
from scorekeeper.store.database import db
from scorekeeper.store.nights import Night, NightLog
from scorekeeper.tournament import mitchell_lines

GOOD = "Player 1,Player 2,Club\nAna,Luis,Roma\nBea,Juan,Milano\nCris,Dani,Roma\nEva,Fede,Milano\n"


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield


def night_of(club_id: int | None = None) -> Night:
    new = nights.NewNight(
        name="Torneo", held_on=date(2026, 11, 24), ruleset_id="burraco", round_length=1, club_id=club_id
    )
    return nights.start_night(new)


def players(night: Night) -> list[list[str]]:
    db.session.expire_all()
    return [pair.players for pair in db.session.get(Night, night.id).pairs]


def refused(night: Night, data: bytes) -> FieldRefused:
    with pytest.raises(FieldRefused) as caught:
        import_field(night, data)
    return caught.value


def test_a_good_file_adds_every_pair_in_one_change_logged_once(ctx):
    night = night_of()
    imported = import_field(night, GOOD.encode())
    assert [pair.number for pair in imported.pairs] == [1, 2, 3, 4]
    assert sorted(map(tuple, players(night))) == [("Ana", "Luis"), ("Bea", "Juan"), ("Cris", "Dani"), ("Eva", "Fede")]
    logged = db.session.query(NightLog).filter_by(night_id=night.id, action="import").all()
    assert [line.detail["pairs"] for line in logged] == [4]


def test_pairs_of_one_club_are_numbered_onto_one_line_of_the_mitchell(ctx):
    night = night_of()
    imported = import_field(night, GOOD.encode())
    clubs_by_number = {pair.number: pair.players[0] for pair in imported.pairs}
    staying, moving = mitchell_lines(sorted(clubs_by_number))
    roma = {"Ana", "Cris"}
    assert {clubs_by_number[p] for p in staying} in (roma, {"Bea", "Eva"})
    assert {clubs_by_number[p] for p in moving if p is not None} in (roma, {"Bea", "Eva"})
    assert imported.split is not None
    assert imported.split.cut == ()


def test_a_file_with_a_bad_line_adds_nobody_and_names_every_bad_line_with_its_rule(ctx):
    night = night_of()
    data = "Player 1,Player 2\nAna,Luis\nBea,\nCris,Dani\n" + "x" * 61 + ",Eva\nAna,Fede\n"
    why = refused(night, data.encode())
    assert [(line.line, line.msg.render()) for line in why.lines] == [
        (3, "A pair is 2 named players."),
        (5, "A pair is 2 named players."),
        (6, "Ana is already in the pair of line 2."),
    ]
    assert players(night) == []


def test_a_player_already_at_the_night_is_refused(ctx):
    night = night_of()
    nights.add_pair(night, ["Ana", "Luis"])
    why = refused(night, b"Player 1,Player 2\nANA,Bea\n")
    assert [line.msg.render() for line in why.lines] == ["ANA already plays in pair 1 of the night."]
    assert len(players(night)) == 1


def test_a_file_past_the_nights_bound_of_pairs_adds_nobody(ctx, monkeypatch):
    monkeypatch.setattr("scorekeeper.services.night.field_import.MOST_PAIRS", 3)
    night = night_of()
    why = refused(night, GOOD.encode())
    assert why.msg.render() == "These 4 pairs would take the night past 3 pairs (it has 0)."
    assert players(night) == []


@pytest.mark.parametrize("separator", [",", ";", "\t"])
def test_the_comma_the_semicolon_and_the_tab_separate_the_columns(ctx, separator):
    night = night_of()
    data = GOOD.replace(",", separator).replace("Ana", "Ana, la")
    if separator == ",":
        data = GOOD
    import_field(night, data.encode())
    assert len(players(night)) == 4
    if separator != ",":
        assert ["Ana, la", "Luis"] in players(night)


def test_utf8_with_the_byte_order_mark_and_accents_is_read(ctx):
    night = night_of()
    data = "\ufeffGiocatore 1;Giocatore 2;Regione\nNicolò;Zoë\u00a0 Müller;Lazio\nJosé;Ana;Lazio\n"
    import_field(night, data.encode("utf-8"))
    assert players(night) == [["Nicolò", "Zoë Müller"], ["José", "Ana"]]


def test_a_file_not_utf8_or_naming_no_players_column_is_refused_as_a_whole(ctx):
    night = night_of()
    assert "UTF-8" in refused(night, "Player 1,Player 2\nNicolò,Ana\n".encode("latin-1")).msg.render()
    assert "names no column of players" in refused(night, b"Who,With\nAna,Luis\n").msg.render()
    assert "holds no pair" in refused(night, b"Player 1,Player 2\n").msg.render()


def test_names_that_are_members_are_kept_as_the_club_writes_them_the_others_are_guests(ctx):
    club = clubs.start_club("Circolo")
    members.add_member(club, "Nicolò García")
    night = night_of(club.id)
    import_field(night, b"Jugador 1,Jugador 2\n  NICOLO  garcia,Invitado\n")
    assert players(night) == [["Nicolò García", "Invitado"]]
    assert [m.name for m in members.club_members(club)] == ["Nicolò García"]


def test_a_field_is_brought_in_before_the_first_round_only(ctx):
    night = night_of()
    import_field(night, GOOD.encode())
    nights.draw_round(db.session.get(Night, night.id))
    why = refused(db.session.get(Night, night.id), b"Player 1,Player 2\nGala,Hugo\n")
    assert "before the first round" in why.msg.render()
