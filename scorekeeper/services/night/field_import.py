"""A night's field brought in from a spreadsheet: a CSV file of pairs, one a line under a header row naming its
columns (the two players, optionally their club or region), added all at once as the board adds a pair (names
cleaned, members matched by name, guests otherwise, the night's bound of pairs) or not at all: a file with any
line refused adds nobody and names every line refused with its rule. With a club or region column the pairs
are numbered so that each club's sit on one line of the Mitchell (tournament.split_by_group), and the night's
log says how they were split. Federation numbers are not kept by the app: a column of them is ignored."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...engine.i18n import N_, Msg
from ...shapes.limits import text_problem
from ...store.database import db
from ...store.nights import Night, NightLog, NightPair
from ...tournament import MOST_PAIRS, Split, split_by_group
from ..errors import Refused
from ..membership import roster
from ..membership.members import member_key
from ..spreadsheet_files import read_lines
from ..transaction import writes
from .changes import lock_night, log_change
from .pairs import checked_names, seat_new_pair

#: A club's or a region's name, as long as the file may write it (it is not kept: it only orders the pairs).
GROUP_NAME = 80

#: A header row's words for each column, compared with accents, case, spaces and signs aside, in the five
#: languages' usual names (a spreadsheet of the federation's, of a club's, typed by hand).
HEADERS: dict[str, tuple[str, ...]] = {
    "first": (
        "player1", "playera", "firstplayer", "name1", "giocatore1", "giocatrice1", "nome1", "concorrente1",
        "jugador1", "jugadora1", "nombre1", "jogador1", "jogadora1", "spieler1", "spielerin1",
    ),
    "second": (
        "player2", "playerb", "secondplayer", "partner", "name2", "giocatore2", "giocatrice2", "nome2",
        "concorrente2", "compagno", "jugador2", "jugadora2", "nombre2", "companero", "jogador2", "jogadora2",
        "parceiro", "spieler2", "spielerin2",
    ),
    "group": (
        "club", "region", "association", "province", "clubregion", "circolo", "regione", "associazione",
        "provincia", "asociacion", "clube", "regiao", "associacao", "estado", "verein", "landesverband", "bezirk",
    ),
}  # fmt: skip


@dataclass(frozen=True)
class LineRefused:
    """A line of the file refused: its number in the file (the header is line 1) and the rule it breaks."""

    line: int
    msg: Msg


class FieldRefused(Refused):
    """A file that adds nobody: ``msg`` why, and ``lines`` every line refused (none: the file as a whole)."""

    def __init__(self, msg: Msg, lines: Sequence[LineRefused] = ()) -> None:
        super().__init__("field_file", msg)
        self.lines = list(lines)


@dataclass(frozen=True)
class Imported:
    """What a file brought in: the pairs added, in number order, and how they were split (None: no column
    of clubs or regions)."""

    pairs: list[NightPair]
    split: Split | None = field(default=None)


@dataclass(frozen=True)
class _Row:
    line: int
    players: list[str]
    group: str


@writes
def import_field(night: Night, data: bytes) -> Imported:
    """Add every pair of the CSV file ``data`` to the night, in one transaction, before its first round;
    ``FieldRefused`` (nothing added) for a file with any line refused, or that cannot be read."""
    rows, grouped = _read(data)
    night = lock_night(night)
    if night.played:
        db.session.rollback()
        raise FieldRefused(
            Msg(N_("A field is brought in before the first round is drawn; a pair that comes later is added alone."))
        )
    if len(night.pairs) + len(rows) > MOST_PAIRS:
        db.session.rollback()
        raise FieldRefused(
            Msg(
                N_("These %(count)s pairs would take the night past %(most)s pairs (it has %(now)s)."),
                {"count": len(rows), "most": MOST_PAIRS, "now": len(night.pairs)},
            )
        )
    problems: list[LineRefused] = []
    named: dict[str, str] = {}  # a player's key: where the player already plays
    for pair in night.pairs:
        if pair.left_after_round is None:
            for name in pair.players:
                named[member_key(name)] = f"#{pair.number}"
    cleaned: list[list[str]] = []
    for row in rows:
        try:
            names = checked_names(night, row.players)
        except Refused as refused:
            problems.append(LineRefused(row.line, refused.msg))
            cleaned.append([])
            continue
        if len(row.group) > GROUP_NAME or text_problem(row.group, "group"):
            problems.append(
                LineRefused(row.line, Msg(N_("A club or region is 1 to %(most)s characters."), {"most": GROUP_NAME}))
            )
        for name in names:
            where = named.get(member_key(name))
            if where is not None:
                problems.append(LineRefused(row.line, _twice(name, where)))
            named.setdefault(member_key(name), str(row.line))
        cleaned.append(names)
    if problems:
        db.session.rollback()
        raise FieldRefused(
            Msg(N_("Nothing was brought in: correct the lines refused and send the file again.")), problems
        )
    if night.club_id is not None:  # every name matched at once, as the door matches one pair's
        size = len(cleaned[0])
        matched = roster.members_named(night.club_id, [name for names in cleaned for name in names])
        cleaned = [matched[index : index + size] for index in range(0, len(matched), size)]
    split = None
    order: Sequence[int] = range(len(rows))
    if grouped:
        playing = sum(1 for pair in night.pairs if pair.left_after_round is None)
        split = split_by_group([row.group for row in rows], before=playing)
        order = split.order
    added = [seat_new_pair(night, cleaned[index]) for index in order]
    detail: dict[str, object] = {"pairs": len(added), "first": added[0].number, "last": added[-1].number}
    if split is not None:
        detail |= {"staying": split.staying, "moving": split.moving, "cut": list(split.cut)}
    log_change(night, NightLog(action="import", detail=detail))
    return Imported(added, split)


def _twice(name: str, where: str) -> Msg:
    """A player named in two pairs: where the other is (a pair of the night, or an earlier line)."""
    if where.startswith("#"):
        return Msg(N_("%(name)s already plays in pair %(pair)s of the night."), {"name": name, "pair": where[1:]})
    return Msg(N_("%(name)s is already in the pair of line %(line)s."), {"name": name, "line": where})


def _read(data: bytes) -> tuple[list[_Row], bool]:
    """The file's pairs, each with its line number, and whether it has a column of clubs or regions."""
    lines, problem = read_lines(
        data, MOST_PAIRS + 1, Msg(N_("The file is not a CSV file: a header row, then one pair a line."))
    )  # a header and as many pairs
    if problem is not None:
        raise FieldRefused(problem)
    columns = _columns(lines[0][1] if lines else [])
    if "first" not in columns:
        raise FieldRefused(
            Msg(N_("The first line names no column of players: Player 1, Player 2 (and Club or Region, if any)."))
        )
    if len(lines) < 2:
        raise FieldRefused(Msg(N_("The file holds no pair: one pair a line, under the header row.")))
    rows = []
    for line, cells in lines[1:]:
        players = [_cell(cells, columns["first"])]
        if "second" in columns:
            players.append(_cell(cells, columns["second"]))
        rows.append(_Row(line, [name for name in players if name] or [""], _cell(cells, columns.get("group"))))
    return rows, "group" in columns


def _columns(header: Sequence[str]) -> dict[str, int]:
    """Which column holds each player and the club or region, by the header's words."""
    words = ["".join(char for char in member_key(cell) if char.isalnum()) for cell in header]
    return {column: words.index(word) for column, known in HEADERS.items() for word in known if word in words}


def _cell(cells: Sequence[str], index: int | None) -> str:
    """A cell's text (none: a column the file does not have)."""
    if index is None or index >= len(cells):
        return ""
    return cells[index].strip()
