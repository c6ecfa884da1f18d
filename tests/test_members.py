"""A club's members: added one by one (each name once, accents, case and invisible characters aside), imported
from a spreadsheet's CSV file (a preview naming duplicates and refused lines by line, then all of it or
nothing); a pair at a night of the club whose names are members' (kept as the club writes them) or guests' (not
added); members archived and merged; the door's completion of members' names."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper import services
from scorekeeper.services import night as nights
from scorekeeper.services.club import clubs
from scorekeeper.services.membership import members, roster
from scorekeeper.services.spreadsheet_files import MOST_IMPORT_BYTES
from scorekeeper.shapes.limits import PLAYER_NAME, clean_name
from scorekeeper.store import members as stored_members
from scorekeeper.store.database import db
from scorekeeper.store.nights import Club


@pytest.fixture
def club(app):
    with app.app_context():
        yield clubs.start_club("Club del Martes")


def names(club: Club) -> list[str]:
    return [member.name for member in members.club_members(club)]


def refused_field(call, *args) -> tuple[str, str]:
    with pytest.raises(services.Refused) as refused:
        call(*args)
    return refused.value.field, refused.value.msg.render()


def test_a_member_is_added_with_a_cleaned_name_a_number_and_a_starting_grade(club):
    member = members.add_member(club, "  Ana   García ", " ES-0042 ", "55,5")
    assert (member.name, member.number, member.starting_grade) == ("Ana García", "ES-0042", 55.5)
    assert member.name_key == "ana garcia"
    plain = members.add_member(club, "Luis", "", "")
    assert (plain.number, plain.starting_grade) == ("", None)  # None: starts at 50


def test_members_are_listed_by_name_accents_and_case_aside(club):
    for name in ("Óscar", "luis", "Ana", "Álvaro", "Beatriz"):
        members.add_member(club, name)
    assert names(club) == ["Álvaro", "Ana", "Beatriz", "luis", "Óscar"]


def test_a_name_already_a_member_is_refused_naming_the_field_whatever_its_accents_case_and_spaces(club):
    members.add_member(club, "Ana García")
    field, message = refused_field(members.add_member, club, "  ANA  garcia")
    assert (field, message) == ("name", "ANA garcia is already a member.")
    assert names(club) == ["Ana García"]


@pytest.mark.parametrize(
    ("name", "number", "grade", "field"),
    [
        ("", "", "", "name"),
        ("   ", "", "", "name"),
        ("x" * (PLAYER_NAME + 1), "", "", "name"),
        ("Ana\x00", "", "", "name"),
        ("Ana", "1" * 21, "", "number"),
        ("Ana", "1\x07", "", "number"),
        ("Ana", "", "101", "grade"),
        ("Ana", "", "-1", "grade"),
        ("Ana", "", "NaN", "grade"),
        ("Ana", "", "inf", "grade"),
        ("Ana", "", "fifty", "grade"),
    ],
)
def test_a_member_out_of_bounds_is_refused_naming_the_field(club, name, number, grade, field):
    assert refused_field(members.add_member, club, name, number, grade)[0] == field
    assert names(club) == []


def test_a_starting_grade_of_0_or_100_is_taken(club):
    assert members.add_member(club, "Ana", "", "0").starting_grade == 0.0
    assert members.add_member(club, "Luis", "", "100").starting_grade == 100.0


def test_a_club_keeps_at_most_its_bound_of_members(club, monkeypatch):
    monkeypatch.setattr(members, "MOST_MEMBERS", 2)
    members.add_member(club, "Ana")
    members.add_member(club, "Luis")
    assert refused_field(members.add_member, club, "Bea") == ("name", "A club keeps at most 2 members.")


def test_the_stored_name_has_the_bound_of_a_pair_players_name():
    assert stored_members.PLAYER_NAME == PLAYER_NAME


# ---- the import -------------------------------------------------------------------------------


def test_an_import_preview_names_new_members_duplicates_and_refused_lines_by_line(club):
    members.add_member(club, "Ana García")
    text = "name,number,grade\nBea López,12,40\nana garcia,,\n\nJuan,,\nbea lopez,13,\nCris,,150\n,7,\n"
    preview = members.preview_import(club, text)
    assert [(line.line, line.member) for line in preview.added] == [
        (2, members.NewMember("Bea López", "12", 40.0)),
        (5, members.NewMember("Juan")),
    ]
    assert preview.duplicates == [
        members.DuplicateLine(3, "ana garcia"),  # already a member
        members.DuplicateLine(6, "bea lopez", 2),  # twice in the file
    ]
    assert [(line.line, line.field, line.msg.render()) for line in preview.refused] == [
        (7, "grade", "A starting grade is a number from 0 to 100, or empty."),
        (8, "name", "A member's name is 1 to 60 characters."),
    ]
    assert not preview.importable
    assert names(club) == ["Ana García"]  # a preview adds nobody


def test_a_file_with_a_refused_line_imports_nothing_and_says_so(club):
    text = "Ana\nLuis\nCris,,150\n"
    assert refused_field(members.import_members, club, text) == (
        "file",
        "Nothing was imported: correct the refused lines and try again.",
    )
    assert names(club) == []


def test_an_import_adds_every_new_member_at_once_and_leaves_the_duplicates_out(club):
    members.add_member(club, "Ana")
    added = members.import_members(club, "Luis,1,45\nana,,\nBea\nLUIS,,\n")
    assert added == 2
    stored = {member.name: (member.number, member.starting_grade) for member in members.club_members(club)}
    assert stored == {"Ana": ("", None), "Luis": ("1", 45.0), "Bea": ("", None)}


def test_an_import_that_would_fail_halfway_adds_nobody(club, monkeypatch):
    made = []
    real = members._member

    def fail_on_the_second(club_id, new):
        made.append(new.name)
        if len(made) == 2:
            raise services.StorageUnavailable("the disk filled up")
        return real(club_id, new)

    monkeypatch.setattr(members, "_member", fail_on_the_second)
    with pytest.raises(services.StorageUnavailable):
        members.import_members(club, "Ana\nLuis\nBea\n")
    db.session.rollback()
    monkeypatch.undo()
    assert names(club) == []


def test_a_spanish_spreadsheets_file_with_semicolons_a_bom_and_spanish_headers_is_read(club):
    data = "\ufeffNúmero;NOMBRE;Grado\r\n12345;Ana García;55,5\r\n;Luis Pérez;\r\n".encode()
    preview = members.preview_import(club, data)
    assert [line.member for line in preview.added] == [
        members.NewMember("Ana García", "12345", 55.5),
        members.NewMember("Luis Pérez", "", None),
    ]
    assert members.import_members(club, data) == 2


def test_a_file_without_a_header_is_read_as_name_number_grade(club):
    preview = members.preview_import(club, "Ana García,ES-1,60\nLuis\n")
    assert [line.member for line in preview.added] == [
        members.NewMember("Ana García", "ES-1", 60.0),
        members.NewMember("Luis"),
    ]


def test_a_cell_this_app_neutralised_as_a_formula_comes_back_as_typed(club):
    preview = members.preview_import(club, "Name,Number,Starting grade\n'=Ana,'-12,\n")
    assert [line.member for line in preview.added] == [members.NewMember("=Ana", "-12")]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"Ana\n" * (MOST_IMPORT_BYTES // 4 + 1), "The file is at most 200 KB."),
        ("x\n" * (members.MOST_IMPORT_LINES + 1), "The file holds at most 2000 lines of members."),
        (b"Ana Garc\xeda\n", 'The file is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8".'),
        ("nombre\n", "The file holds no member: one a line, the name first."),
        ("\n \n", "The file holds no member: one a line, the name first."),
        ("number;grade\n1;2\n", "The header row names no column of names (name, or nombre)."),
    ],
)
def test_a_file_out_of_bounds_or_unreadable_is_refused_whole(club, data, problem):
    preview = members.preview_import(club, data)
    assert preview.problem is not None
    assert preview.problem.render() == problem
    assert not preview.importable
    assert refused_field(members.import_members, club, data) == ("file", problem)
    assert names(club) == []


def test_a_header_and_the_most_lines_of_members_are_taken(club):
    text = "name\n" + "".join(f"Player {number}\n" for number in range(members.MOST_IMPORT_LINES))
    assert members.import_members(club, text) == members.MOST_IMPORT_LINES


def test_an_import_past_the_clubs_bound_of_members_is_refused(club, monkeypatch):
    monkeypatch.setattr(members, "MOST_MEMBERS", 3)
    members.add_member(club, "Ana")
    problem = "These 3 new members would take the club past 3 members."
    assert refused_field(members.import_members, club, "Luis\nBea\nJuan\n") == ("file", problem)
    assert members.import_members(club, "Luis\nBea\nana\n") == 2


# ---- a pair at a night of the club --------------------------------------------------------------


def night_of(club: Club | None, ruleset_id: str = "classic"):
    new = nights.NewNight("Martes", date(2026, 11, 24), ruleset_id, round_length=1)
    return nights.start_night(new if club is None else nights.NewNight(**{**new.__dict__, "club_id": club.id}))


def test_a_name_typed_at_a_club_night_that_is_a_members_is_kept_as_the_club_writes_it(club):
    """Issue 47: "maruja torres" and "jose martin" typed at the door are the members Maruja Torres and José
    Martín, and the night keeps them so (every page of the night then writes them so)."""
    members.add_member(club, "Maruja Torres")
    members.add_member(club, "José Martín")
    night = night_of(club)
    pair = nights.add_pair(night, ["maruja  torres", "JOSE MARTIN"])
    assert pair.players == ["Maruja Torres", "José Martín"]
    assert nights.add_pair(night, ["Ana", "maruja torres"]).players == ["Ana", "Maruja Torres"]


def test_a_name_that_is_no_members_plays_as_a_guest_and_is_not_added_to_the_club(club):
    """Issue 47, N8: a name typed at the door no longer becomes a member of the club."""
    members.add_member(club, "Ana García", "ES-1", "60")
    night = night_of(club)
    assert nights.add_pair(night, ["ana garcia", "Luis"]).players == ["Ana García", "Luis"]
    nights.add_pair(night, ["Bea", "Juan"])
    assert names(club) == ["Ana García"]
    assert roster.guests(night) == {"Luis", "Bea", "Juan"}
    ana = members.club_members(club)[0]
    assert (ana.number, ana.starting_grade) == ("ES-1", 60.0)  # the member as the club keeps them


@pytest.mark.parametrize("hidden", ["\u200b", "\u00ad", "\u200d", "\u200e", "\ufeff", "\u2060", "\u034f"])
def test_a_name_with_an_invisible_character_is_the_same_member(club, hidden):
    """Issue 47, N10: a zero-width space or a soft hyphen pasted into a name made a second member that looks the
    same and split the player's grade."""
    members.add_member(club, "Maruja Torres")
    twin = f"Maru{hidden}ja Torres"
    assert refused_field(members.add_member, club, twin) == ("name", "Maruja Torres is already a member.")
    assert members.preview_import(club, f"{twin}\n").duplicates[0].name == "Maruja Torres"
    assert nights.add_pair(night_of(club), [twin, f"Luis{hidden}"]).players == ["Maruja Torres", "Luis"]
    assert names(club).count("Maruja Torres") == 1


def test_names_are_stored_composed_without_invisible_characters_and_with_one_space_between_words():
    assert clean_name(" Jose\u0301 \u00a0 Mar\u00adti\u0301n\u200b ") == "José Martín"
    assert clean_name("\u200b\u2060") == ""
    assert clean_name("Ana\x00") == "Ana\x00"  # a control character is refused by the field that holds it


def test_an_archived_member_leaves_the_lists_and_is_still_the_member_at_the_door(club):
    carmen = members.add_member(club, "Carmen Ruiz")
    members.add_member(club, "Luis")
    roster.archive_member(club, carmen.id)
    assert names(club) == ["Luis"]
    assert [member.name for member in members.club_members(club, archived=True)] == ["Carmen Ruiz"]
    assert members.member_names(club.id) == ["Luis"]
    assert roster.completions(club.id, "carm") == ([], True)
    pair = nights.add_pair(night_of(club), ["carmen ruiz", "luis"])
    assert pair.players == ["Carmen Ruiz", "Luis"]  # still the member, and still archived
    assert names(club) == ["Luis"]
    roster.restore_member(club, carmen.id)
    assert names(club) == ["Carmen Ruiz", "Luis"]


def test_a_merged_members_name_is_the_kept_member_at_the_door_and_on_no_list(club):
    kept = members.add_member(club, "Maruja Torres")
    typo = members.add_member(club, "Maruja Torrez", "ES-7", "62")
    older = members.add_member(club, "M. Torres")
    roster.merge_members(club, typo.id, older.id)  # merged before: it follows the merge of the one it went into
    roster.merge_members(club, kept.id, typo.id)
    assert names(club) == ["Maruja Torres"]
    assert (kept.number, kept.starting_grade) == ("ES-7", 62.0)  # taken, as the kept member had none
    night = night_of(club)
    assert nights.add_pair(night, ["maruja torrez", "m. torres"]).players == ["Maruja Torres", "Maruja Torres"]
    assert refused_field(members.add_member, club, "Maruja Torrez") == ("name", "Maruja Torrez is already a member.")
    assert roster.completions(club.id, "maru") == (["Maruja Torres"], True)
    assert refused_field(roster.merge_members, club, kept.id, kept.id)[0] == "other"
    assert refused_field(roster.merge_members, club, kept.id, typo.id)[0] == "other"  # merged already


def test_the_doors_completion_offers_a_few_members_by_a_word_they_start_from_three_letters(club):
    for name in ("Ana García", "Anabel Ruiz", "Juana Anaya", "Mariana", "Luis", "Anacleto", "Ananías", "Anastasia"):
        members.add_member(club, name)
    assert roster.completions(club.id, "an") == ([], False)  # two letters: nothing yet
    assert roster.completions(club.id, "ANA ") == (
        ["Ana García", "Anabel Ruiz", "Anacleto", "Ananías", "Anastasia"],
        False,
    )
    assert roster.completions(club.id, "anay") == (["Juana Anaya"], True)  # a later word too; never "Mariana"'s inside
    assert roster.completions(club.id, "ana g") == (["Ana García"], True)
    assert roster.completions(club.id, "a%a") == ([], True)  # typed as it is, never as a pattern
    assert roster.completions(club.id, "a_a") == ([], True)
    assert roster.completions(None, "ana") == ([], True)  # a night of no club: no member


def test_a_pair_at_a_night_without_a_club_adds_no_member(club):
    nights.add_pair(night_of(None), ["Ana", "Luis"])
    assert names(club) == []


def test_a_pair_refused_by_the_night_adds_no_member(club):
    night = night_of(club)
    with pytest.raises(services.Refused):
        nights.add_pair(night, ["Ana", ""])
    assert names(club) == []
