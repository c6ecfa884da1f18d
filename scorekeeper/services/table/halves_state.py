"""Each side its own half: where a game kept by halves stands, read once per game version.

The hand in play: which sides have sent their half (the others are counting) and, once every half is
in and the engine refuses the hand they make, why (two sides say they went out, more cards than the
packs hold...). The hands made of halves: each side's word on the hand's current version (agreed, or
"not right" about another side's half, which reopens that half for its side).

Also the rows' upkeep when the edit link writes a hand of such a game (``keep_halves``, ``drop_halves``):
the halves then say what the hand says, and the hand asks for every side's agreement again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select

from ...engine import REVISION, RuleViolation, RuleViolations
from ...engine.game import HandResult
from ...engine.i18n import N_
from ...engine.records import Record
from ...portable.halves import lone_half as lone
from ...portable.halves import own_problems as own_problems  # the services' name for it
from ...portable.halves import side_of_half, with_end
from ...store.database import db
from ...store.kept import Kept
from ...store.models import Game, Hand, HandHalf, HandWord, now
from .sheet import compute_sheet, game_ruleset, preview_hand


@dataclass(frozen=True)
class Word:
    """A side's word on a hand's current version."""

    side: int
    agreed: bool
    disputed_side: int | None = None
    remark: str = ""


@dataclass(frozen=True)
class Agreement:
    """A hand made of halves: its version and each side's word on that version (None: not said yet)."""

    number: int
    version: int
    words: tuple[Word | None, ...]

    @property
    def agreed(self) -> bool:
        """Whether every side has agreed to the hand as it stands."""
        return all(word is not None and word.agreed for word in self.words)

    def agreed_by(self, side: int) -> bool:
        word = self.words[side]
        return word is not None and word.agreed

    def reopened(self, side: int) -> Word | None:
        """The word that says ``side``'s half is not right (its half is open again), if any."""
        return next((w for w in self.words if w is not None and not w.agreed and w.disputed_side == side), None)


@dataclass(frozen=True)
class Half:
    """A side's half as sent: the record's side, the partners it names (cutthroat), its version; who of the
    side sent it (None: not said) and when (UTC)."""

    entry: dict[str, Any]
    partners: list[int] | None
    version: int
    sent_by: str | None = None
    sent_at: datetime | None = None


def half_of(row: HandHalf) -> Half:
    """A half as its row stands."""
    return Half(dict(row.entry), row.partners, row.version, row.sent_by, row.updated_at)


@dataclass(frozen=True)
class Pending:
    """The hand in play: each side's half (None: that side is counting), and why the halves, all in, do
    not make a hand the rules allow (empty while a half is missing, or once they do)."""

    number: int
    halves: tuple[Half | None, ...]
    problems: tuple[RuleViolation, ...] = ()

    @property
    def done(self) -> tuple[bool, ...]:
        return tuple(half is not None for half in self.halves)


@dataclass(frozen=True)
class Halves:
    """A game kept by halves, at one version."""

    pending: Pending | None  # None once the game is over
    hands: dict[int, Agreement]  # the hands made of halves (or written while the game kept halves)
    halves: dict[tuple[int, int], Half]  # every half sent, by (hand number, side)

    @property
    def not_agreed(self) -> tuple[int, ...]:
        """The hands not yet agreed by every side, in order."""
        return tuple(number for number, hand in sorted(self.hands.items()) if not hand.agreed)

    def half(self, number: int, side: int) -> Half | None:
        return self.halves.get((number, side))


_states: Kept[Halves] = Kept(limit=512)


def compute_halves(game: Game) -> Halves | None:
    """Where a game kept by halves stands at its version (None for a game with one recorder)."""
    if game.recording != "halves":
        return None
    return _states.get_or_make((REVISION, game.public_id, game.version), lambda: _read(game))


def _read(game: Game) -> Halves:
    sheet = compute_sheet(game)
    rows = db.session.scalars(select(HandHalf).where(HandHalf.game_id == game.id)).all()
    halves = {(row.hand_number, row.side_position): half_of(row) for row in rows}
    hands = db.session.execute(
        select(Hand.id, Hand.number, Hand.version).where(Hand.game_id == game.id, Hand.by_halves)
    ).all()
    words: dict[int, dict[int, Word]] = {}
    if hands:
        current = {hand.id: hand.version for hand in hands}
        for word in db.session.scalars(select(HandWord).where(HandWord.hand_id.in_(current))):
            if word.hand_version == current[word.hand_id]:
                words.setdefault(word.hand_id, {})[word.side_position] = Word(
                    word.side_position, word.agreed, word.disputed_side, word.remark
                )
    sides = len(sheet.side_names)
    agreements = {
        hand.number: Agreement(
            hand.number, hand.version, tuple(words.get(hand.id, {}).get(side) for side in range(sides))
        )
        for hand in hands
    }
    pending = None
    if not sheet.game_over:
        number = sheet.next_hand
        sent = tuple(halves.get((number, side)) for side in range(sides))
        problems: tuple[RuleViolation, ...] = ()
        if all(half is not None for half in sent):
            problems = tuple(hand_problems(game, number, [h for h in sent if h is not None]))
        pending = Pending(number, sent, problems)
    return Halves(pending, agreements, halves)


def whole_record(halves: list[Half]) -> Record:
    """The hand the halves make (one per side, in order): the partners are the first half's that names them."""
    named = [half.partners for half in halves if half.partners]
    record: Record = {
        "partners": named[0] if named else None,
        "sides": [side_of_half(half.entry) for half in halves],
    }
    return with_end(record, [half.entry for half in halves])


def hand_problems(game: Game, number: int, halves: list[Half]) -> list[RuleViolation]:
    """Why the halves do not make a hand the rules allow (empty: they do)."""
    named = {tuple(sorted(half.partners)) for half in halves if half.partners}
    if len(named) > 1:
        template = N_("The halves name different partners against the lone hand: say the same on every phone.")
        return [RuleViolation("partners_required", template, {}, None, "partners")]
    try:
        preview_hand(game, whole_record(halves), number)
    except RuleViolations as refused:
        return list(refused.violations)
    return []


# ---- the rows, when the edit link writes a hand of a game kept by halves -------------------------


def keep_halves(game: Game, hand: Hand, record: Record) -> None:
    """The edit link wrote ``hand`` as ``record`` while the game keeps halves: every side's half says
    what the hand says now, and the hand asks for every side's agreement (to its new version)."""
    if game.recording != "halves":
        return
    hand.by_halves = True
    rows = {
        row.side_position: row
        for row in db.session.scalars(
            select(HandHalf).where(HandHalf.game_id == game.id, HandHalf.hand_number == hand.number)
        )
    }
    for side, entry in enumerate(record["sides"]):
        row = rows.get(side)
        if row is None:
            row = HandHalf(game_id=game.id, hand_number=hand.number, side_position=side, version=0)
            db.session.add(row)
        row.entry = {**entry, **({"end": record["end"]} if record.get("end") else {})}
        row.partners = list(record["partners"]) if record.get("partners") else None
        row.version = (row.version or 0) + 1
        row.save_key = None
        row.sent_by = None  # the edit link's, not a player's of the side
        row.updated_at = now()


def drop_halves(game: Game, number: int) -> None:
    """A hand undone: its halves go with it (its words go with the hand's row)."""
    db.session.execute(delete(HandHalf).where(HandHalf.game_id == game.id, HandHalf.hand_number == number))


def lone_half(game: Game, side: int, entry: dict[str, Any], partners: list[int] | None) -> Record:
    """A whole hand's record holding only ``side``'s half (the other sides blank): how a half is scored on
    its own, and how the hand form is filled with it (portable/halves.py, as the phone scores it too)."""
    return lone(game_ruleset(game), len(game.sides), side, entry, partners)


def half_result(game: Game, side: int, entry: dict[str, Any], partners: list[int] | None, number: int) -> HandResult:
    """A half scored on its own, as hand ``number`` with the other sides' halves blank (its side's score,
    item by item, is the hand's for that side: a side's score never depends on the others' cards).
    Raises ``RuleViolations`` when the half breaks a rule on its own (``own_problems`` says which are its)."""
    return preview_hand(game, lone_half(game, side, entry, partners), number)
