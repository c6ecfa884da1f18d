"""What each table of the round in play waits for, in words for the director in a noisy room: a hand a pair
says is not right (with its remark), the halves of the hand in play that do not fit together, a pair's half
still to come, the clock run out with a hand in play, all hands in and nobody has agreed yet; or, when its
phones said they keep changes the server has not, or have not been heard from for a while, its phones (no
connection at the table: what looks late may be on a phone, on its way).

``table_waits`` decides from values already worked out (the table's result, where its halves stand, whether it
waits for its phones), so it is tested without a database; ``round_waits`` reads them for every table of the
round in play. Nothing here writes; whatever a table waits for changes with its game's or its night's version,
which the board's ETag is made of (``night_results.night_stamp``), or with its phones (``phones_stamp``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import aliased

from ...engine.i18n import N_, Msg
from ...store.database import db
from ...store.models import PhonesHeard, now
from ...store.nights import Night, NightRound, NightTable
from ..table.halves_state import Halves, compute_halves
from ..table.phones_heard import Heard, PhonesWait, heard_from, phones_wait
from ..table.sheet import compute_sheet
from .night_results import TableResult

#: Each kind of wait in a sentence, by ``Wait.kind``, naming a pair by its players (a director in a noisy room
#: looks for people, not numbers); a dispute with a remark quotes it.
SENTENCES = {
    "disputed": N_("Table %(table)s: hand %(hand)s disputed by %(players)s"),
    "disputed_remark": N_("Table %(table)s: hand %(hand)s disputed by %(players)s — “%(remark)s”"),
    "misfit": N_("Table %(table)s: the halves of hand %(hand)s do not fit together"),
    "half": N_("Table %(table)s: waiting for %(players)s's half of hand %(hand)s"),
    "time_up": N_("Table %(table)s: time is up, hand %(hand)s in play"),
    "agreement": N_("Table %(table)s: all hands in, not agreed yet"),
    "phones": N_("Table %(table)s: waiting for its phones"),
}
#: The waits that say a table is late, which a table waiting for its phones is not said to be (what it lacks may
#: be on a phone with no connection).
LATE = ("time_up", "half", "agreement")


@dataclass(frozen=True)
class Wait:
    """One thing a table waits for: ``kind`` (a key of ``SENTENCES``), the hand and the pair it is about."""

    kind: str
    table: int
    hand: int | None = None
    pair: int | None = None
    remark: str = ""

    def sentence(self, names: Mapping[int, str]) -> Msg:
        """The sentence the board shows (rendered in the reader's language), the pair named by ``names`` (its
        players, "Ana & Luis", by its number)."""
        kind = "disputed_remark" if self.kind == "disputed" and self.remark else self.kind
        players = names[self.pair] if self.pair is not None else None
        params = {"table": self.table, "hand": self.hand, "players": players, "remark": self.remark}
        return Msg(SENTENCES[kind], {key: value for key, value in params.items() if value is not None})


def table_waits(
    table: int,
    pairs: tuple[int, int],
    result: TableResult,
    next_hand: int,
    halves: Halves | None,
    phones: PhonesWait = None,
) -> tuple[Wait, ...]:
    """What table ``table`` (``pairs``: north-south's number, then east-west's) waits for, most pressing first:
    each hand a pair says is not right; the clock run out with hand ``next_hand`` in play; the halves of the
    hand in play that contradict each other, or the pairs whose half of it is still to come once one is in
    (none in: the hand is being played); a finished game nobody has agreed to (unless a dispute says why).
    ``phones`` (``phones_wait``): when one of the table's phones keeps changes the server has not, the table waits
    for its phones, and is not said to be late (the clock, a half, an agreement may be on that phone); when its
    phones only went quiet, the same instead of a lateness, and nothing more for a table that is not late (its
    players are playing, their screens off). Nothing for a table whose result counts (agreed, or set by the
    director)."""
    if result.counts:
        return ()
    found = _waits(table, pairs, result, next_hand, halves)
    if phones is None or (phones == "quiet" and not any(wait.kind in LATE for wait in found)):
        return found
    said = [wait for wait in found if wait.kind not in LATE]
    disputes = [wait for wait in said if wait.kind == "disputed"]
    return (*disputes, Wait("phones", table), *(wait for wait in said if wait.kind != "disputed"))


def _waits(
    table: int, pairs: tuple[int, int], result: TableResult, next_hand: int, halves: Halves | None
) -> tuple[Wait, ...]:
    """What the server sees the table wait for (``table_waits``, the phones aside)."""
    waits: list[Wait] = []
    if halves is not None:
        for number, hand in sorted(halves.hands.items()):
            for position, word in enumerate(hand.words):
                if word is not None and not word.agreed and word.disputed_side is not None:
                    waits.append(Wait("disputed", table, number, pairs[position], word.remark))
    disputed = bool(waits)
    if result.time_up:
        waits.append(Wait("time_up", table, next_hand))
    pending = halves.pending if halves is not None else None
    if pending is not None and not result.finished:
        if pending.problems:
            waits.append(Wait("misfit", table, pending.number))
        elif any(pending.done):
            waits += [
                Wait("half", table, pending.number, pairs[position])
                for position, done in enumerate(pending.done)
                if not done
            ]
    if result.finished and not result.agreed and not disputed:
        waits.append(Wait("agreement", table))
    return tuple(waits)


def round_waits(night: Night, results: dict[int, TableResult]) -> list[tuple[Wait, str | None]]:
    """What every table of the round in play waits for, table by table, each with its game's edit token (the
    director's page of that table; None: a table without a game). ``results``: every table's, by its id."""
    if not night.played:
        return []
    found: list[tuple[Wait, str | None]] = []
    tables = night.played[-1].tables
    heard = heard_from(table.game_id for table in tables if table.game_id is not None)
    at = now()
    for table in tables:
        game = table.game
        next_hand = compute_sheet(game).next_hand if game is not None else 1
        halves = compute_halves(game) if game is not None else None
        pairs = (table.north_south, table.east_west)
        token = game.edit_token if game is not None else None
        phones = phones_wait(heard.get(game.id, {}), at) if game is not None else None
        waits = table_waits(table.number, pairs, results[table.id], next_hand, halves, phones)
        found += [(wait, token) for wait in waits]
    return found


def phones_stamp(director_token: str) -> str:
    """What the phones of the night's round in play's tables say, table by table ("3kept.7quiet"; "" for none):
    what the board shows changes with it as well as with the night's stamp (one query)."""
    rounds = aliased(NightRound)
    last = select(func.max(rounds.number)).where(rounds.night_id == Night.id).correlate(Night).scalar_subquery()
    rows = db.session.execute(
        select(NightTable.number, PhonesHeard.link, PhonesHeard.heard_at, PhonesHeard.kept)
        .join(NightRound, NightRound.id == NightTable.round_id)
        .join(Night, Night.id == NightRound.night_id)
        .join(PhonesHeard, PhonesHeard.game_id == NightTable.game_id)
        .where(Night.director_token == director_token, NightRound.number == last)
    )
    by_table: dict[int, dict[int, Heard]] = {}
    for number, link, heard_at, kept in rows:
        by_table.setdefault(number, {})[link] = Heard(heard_at, kept)
    at = now()
    said = ((number, phones_wait(links, at)) for number, links in sorted(by_table.items()))
    return ".".join(f"{number}{wait}" for number, wait in said if wait is not None)
