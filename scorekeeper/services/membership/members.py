"""A club's members: add one, list them, import many from a spreadsheet's CSV file (a preview first, then all
of it or nothing).

A member is known by name, accents, case, spaces and invisible characters aside (as the club's season knows a
player): a club has each name once. The club's row is locked while its members change, so two changes at once
(an import and a member added, two directors) never add one name twice. Which member a pair's name is, and
archiving and merging members, are ``roster``'s."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import func, select, update

from ...engine.i18n import N_, Msg
from ...reference.search import normalize
from ...shapes.limits import PLAYER_NAME, clean_name, text_problem
from ...store.database import db
from ...store.members import MEMBER_KEY, MEMBER_NUMBER, ClubMember
from ...store.nights import Club, Night
from ...translation import collation_key
from ..errors import Refused
from ..spreadsheet_files import read_lines
from ..transaction import begin_write, writes

#: The most members a club keeps, archived and merged ones too.
MOST_MEMBERS = 2_000
#: The largest file an import reads, in bytes, and the most lines of members in it (a header aside).
MOST_IMPORT_LINES = 2_000
#: A starting grade's bounds: a percentage (None, an empty box: the member starts at 50).
LOWEST_GRADE, HIGHEST_GRADE = 0.0, 100.0

#: A header row's words for each column, compared accents and case aside (English and Spanish, and the headers the
#: app's own members file has in Portuguese, Italian and German, so that a file saved in any language reads back).
HEADERS = {
    "name": ("name", "nombre", "player", "jugador", "jugadora", "nome"),
    "number": ("number", "numero", "no", "num", "member number", "numero de socio", "socio", "licencia", "nummer"),
    "grade": (
        "grade",
        "grado",
        "starting grade",
        "grado inicial",
        "nivel inicial",
        "livello iniziale",
        "anfangsstarke",
    ),
}
#: The columns of a file without a header, in order.
COLUMNS = ("name", "number", "grade")

NAME_BOUNDS = N_("A member's name is 1 to %(most)s characters.")
NAME_CHARACTER = N_("A name holds a character that cannot be kept; type it again.")
NUMBER_BOUNDS = N_("A member's number is at most %(most)s characters.")
NUMBER_CHARACTER = N_("A member's number holds a character that cannot be kept; type it again.")
GRADE_BOUNDS = N_("A starting grade is a number from %(least)s to %(most)s, or empty.")
ALREADY_A_MEMBER = N_("%(name)s is already a member.")
CLUB_FULL = N_("A club keeps at most %(most)s members.")


@dataclass(frozen=True)
class NewMember:
    """A member as typed, cleaned and checked: the name, the number (or ""), the starting grade (or None)."""

    name: str
    number: str = ""
    grade: float | None = None

    @property
    def key(self) -> str:
        return member_key(self.name)


@dataclass(frozen=True)
class ImportLine:
    """A line of the file that adds a member."""

    line: int
    member: NewMember


@dataclass(frozen=True)
class DuplicateLine:
    """A line of the file left out: its name is a member already, or on an earlier line (``first_line``)."""

    line: int
    name: str
    first_line: int | None = None


@dataclass(frozen=True)
class RefusedLine:
    """A line of the file that cannot be taken: ``field`` says where, ``msg`` what."""

    line: int
    field: str
    msg: Msg


@dataclass(frozen=True)
class ImportPreview:
    """What importing a file would do: the members it adds, the lines left out as duplicates, the lines refused;
    ``problem``: why the file as a whole cannot be read or taken (None: it can)."""

    added: list[ImportLine]
    duplicates: list[DuplicateLine]
    refused: list[RefusedLine]
    problem: Msg | None = None

    @property
    def importable(self) -> bool:
        """Whether importing it adds its members: nothing refused, nothing wrong with the file, someone new."""
        return self.problem is None and not self.refused and bool(self.added)


def member_key(name: str) -> str:
    """A name as members are compared: spaces, invisible characters, accents and case aside (as the club's
    season compares them)."""
    return normalize(clean_name(name))[:MEMBER_KEY]


def clean_member(name: str, number: str = "", grade: str | float | None = None) -> NewMember:
    """A member as typed, cleaned as every name is (``Refused`` naming the field, in the forms' words)."""
    name = clean_name(name)
    if not name or len(name) > PLAYER_NAME:
        raise Refused("name", Msg(NAME_BOUNDS, {"most": PLAYER_NAME}))
    if text_problem(name, "name") is not None:
        raise Refused("name", Msg(NAME_CHARACTER))
    number = " ".join(number.split())
    if len(number) > MEMBER_NUMBER:
        raise Refused("number", Msg(NUMBER_BOUNDS, {"most": MEMBER_NUMBER}))
    if text_problem(number, "number") is not None:
        raise Refused("number", Msg(NUMBER_CHARACTER))
    return NewMember(name, number, _grade(grade))


def _grade(typed: str | float | None) -> float | None:
    """A starting grade as typed ("55", "55.5", or the Spanish "55,5"); None for an empty box."""
    if typed is None or (isinstance(typed, str) and not typed.strip()):
        return None
    try:
        grade = float(typed.strip().replace(",", ".")) if isinstance(typed, str) else float(typed)
    except ValueError:
        grade = math.nan
    if not math.isfinite(grade) or not LOWEST_GRADE <= grade <= HIGHEST_GRADE:
        raise Refused("grade", Msg(GRADE_BOUNDS, {"least": int(LOWEST_GRADE), "most": int(HIGHEST_GRADE)}))
    return grade


def club_members(club: Club, *, archived: bool = False) -> list[ClubMember]:
    """The club's members on its lists (``archived``: the archived ones instead; merged ones never), by name in
    the reader's language (accents and case aside; ñ after n in Spanish)."""
    chosen = ClubMember.archived_at.is_not(None) if archived else ClubMember.archived_at.is_(None)
    found = db.session.scalars(
        select(ClubMember).where(ClubMember.club_id == club.id, ClubMember.merged_into_id.is_(None), chosen)
    )
    return sorted(found, key=lambda member: collation_key(member.name))


def find_member(club: Club, member_id: int) -> ClubMember | None:
    """A member of the club by id, archived or merged ones too (None: not the club's)."""
    return db.session.scalars(
        select(ClubMember).where(ClubMember.club_id == club.id, ClubMember.id == member_id)
    ).one_or_none()


def member_names(club_id: int | None) -> list[str]:
    """The names of a club's members on its lists, by name, for the director's pair form to offer (none: no
    club)."""
    if club_id is None:
        return []
    found = db.session.scalars(
        select(ClubMember.name).where(
            ClubMember.club_id == club_id, ClubMember.archived_at.is_(None), ClubMember.merged_into_id.is_(None)
        )
    )
    return sorted(found, key=collation_key)


def roster_stamp(director_token: str) -> int:
    """The version of the roster of the club of the night behind ``director_token`` (0: a night of no club),
    for the board's ETag: a member added, archived or merged on the club's page shows in the board's names."""
    found = db.session.scalar(
        select(Club.roster_version).join(Night, Night.club_id == Club.id).where(Night.director_token == director_token)
    )
    return int(found or 0)


@writes
def add_member(club: Club, name: str, number: str = "", grade: str | float | None = None) -> ClubMember:
    """A new member of the club (``Refused`` naming the field: a name already a member, a club full)."""
    new = clean_member(name, number, grade)
    club_id = lock_club(club)
    if new.key in _keys(club_id):
        db.session.rollback()
        raise Refused("name", Msg(ALREADY_A_MEMBER, {"name": new.name}))
    if _count(club_id) >= MOST_MEMBERS:
        db.session.rollback()
        raise Refused("name", Msg(CLUB_FULL, {"most": MOST_MEMBERS}))
    member = _member(club_id, new)
    db.session.add(member)
    bump_roster(club_id)
    db.session.commit()
    return member


def preview_import(club: Club, data: bytes | str) -> ImportPreview:
    """What importing ``data`` (a CSV file's bytes or pasted text) would add to the club, line by line."""
    return _preview(club.id, data, _keys(club.id), _count(club.id))


@writes
def import_members(club: Club, data: bytes | str) -> int:
    """Add the new members of ``data`` all at once, as its preview shows them now (a name that became a member
    since is left out); how many were added. A file with any line refused adds nobody (``Refused``)."""
    club_id = lock_club(club)
    preview = _preview(club_id, data, _keys(club_id), _count(club_id))
    if preview.problem is not None or preview.refused:
        db.session.rollback()
        problem = preview.problem or Msg(N_("Nothing was imported: correct the refused lines and try again."))
        raise Refused("file", problem)
    for line in preview.added:
        db.session.add(_member(club_id, line.member))
    bump_roster(club_id)
    db.session.commit()
    return len(preview.added)


# ---- reading a file ---------------------------------------------------------------------------


def _preview(club_id: int, data: bytes | str, known: set[str], members: int) -> ImportPreview:
    rows, problem = read_lines(
        data, MOST_IMPORT_LINES + 1, Msg(N_("The file is not a CSV file: one member a line, the name first."))
    )  # a header and as many members
    if problem is not None:
        return ImportPreview([], [], [], problem)
    columns, rows, problem = _columns(rows)
    if problem is None and len(rows) > MOST_IMPORT_LINES:
        problem = Msg(N_("The file holds at most %(most)s lines of members."), {"most": MOST_IMPORT_LINES})
    if problem is not None:
        return ImportPreview([], [], [], problem)
    added: list[ImportLine] = []
    duplicates: list[DuplicateLine] = []
    refused: list[RefusedLine] = []
    first_seen: dict[str, int] = {}
    for line, cells in rows:
        values = {column: _cell(cells, index) for column, index in columns.items()}
        try:
            new = clean_member(values.get("name", ""), values.get("number", ""), values.get("grade", ""))
        except Refused as why:
            refused.append(RefusedLine(line, why.field, why.msg))
            continue
        if new.key in known:
            duplicates.append(DuplicateLine(line, new.name))
        elif new.key in first_seen:
            duplicates.append(DuplicateLine(line, new.name, first_seen[new.key]))
        else:
            first_seen[new.key] = line
            added.append(ImportLine(line, new))
    if not rows:
        problem = Msg(N_("The file holds no member: one a line, the name first."))
    elif members + len(added) > MOST_MEMBERS:
        problem = Msg(
            N_("These %(count)s new members would take the club past %(most)s members."),
            {"count": len(added), "most": MOST_MEMBERS},
        )
    return ImportPreview(added, duplicates, refused, problem)


def _columns(rows: list[tuple[int, list[str]]]) -> tuple[dict[str, int], list[tuple[int, list[str]]], Msg | None]:
    """Which column holds the name, the number and the grade: as the header row names them, or name, number,
    grade in that order when the first row is no header."""
    if not rows:
        return dict(zip(COLUMNS, range(len(COLUMNS)), strict=True)), rows, None
    header = [member_key(cell) for cell in rows[0][1]]
    named = {column: header.index(word) for column, words in HEADERS.items() for word in words if word in header}
    if not named:
        return dict(zip(COLUMNS, range(len(COLUMNS)), strict=True)), rows, None
    if "name" not in named:
        return {}, [], Msg(N_("The header row names no column of names (name, or nombre)."))
    return named, rows[1:], None


def _cell(cells: Sequence[str], index: int) -> str:
    """A cell's text; one this app wrote with a ``'`` before a formula's first character gets it back."""
    text = cells[index].strip() if index < len(cells) else ""
    return text[1:] if text[:1] == "'" and text[1:2] in ("=", "+", "-", "@") else text


# ---- the club's roster --------------------------------------------------------------------------


def _member(club_id: int, new: NewMember) -> ClubMember:
    return ClubMember(club_id=club_id, name=new.name, name_key=new.key, number=new.number, starting_grade=new.grade)


def _keys(club_id: int) -> set[str]:
    return set(db.session.scalars(select(ClubMember.name_key).where(ClubMember.club_id == club_id)))


def _count(club_id: int) -> int:
    return int(db.session.scalar(select(func.count(ClubMember.id)).where(ClubMember.club_id == club_id)) or 0)


def lock_club(club: Club) -> int:
    """Start a writing transaction with the club locked (its row on PostgreSQL, the database on SQLite)."""
    club_id = int(club.id)
    begin_write()
    db.session.execute(select(Club.id).where(Club.id == club_id).with_for_update())
    return club_id


def bump_roster(club_id: int) -> None:
    """The club's roster changed, in the writing transaction begun: its version moves on."""
    db.session.execute(update(Club).where(Club.id == club_id).values(roster_version=Club.roster_version + 1))
