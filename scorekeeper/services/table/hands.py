"""Changing a game's hands: record the next one, fix an earlier one, undo the last one, put it back.

Each use case is one transaction that locks the game first and is the only place that
commits; a refused entry or a conflict writes nothing.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ...engine import RuleViolations
from ...engine.records import Record
from ...engine.sheet import Sheet
from ...shapes.limits import LARGEST
from ...store.database import db
from ...store.models import EditLog, Game, Hand, now
from ...store.records import apply_record, record_of
from ..errors import AlreadySaved, Conflict, GameOver, HandNotFound, NotRestorable
from ..transaction import lock, writes
from .halves_state import drop_halves, keep_halves
from .sheet import appended, compute_sheet, keep_sheet, scored_record


@writes
def record_hand(game: Game, record: Record, expected_hands: int, save_key: str | None = None) -> Hand:
    """Add the next hand. ``expected_hands`` is how many hands the recorder saw: if another
    phone added one meanwhile, nothing is saved and ``Conflict`` shows both. A ``save_key``
    already used (the same form sent twice) records nothing and raises ``AlreadySaved``."""
    scored_record(game, record)  # refused before the lock is taken (and kept: scored once)
    game = lock(game)
    refuse_repeat(game, save_key)
    sheet = compute_sheet(game)
    if len(sheet.hands) != expected_hands:
        saved = sheet.hands[-1].record if sheet.hands else None
        db.session.rollback()
        raise Conflict(len(sheet.hands), saved, record)
    if sheet.game_over:
        db.session.rollback()
        raise GameOver("the game is over")
    return append_hand(game, sheet, record, EditLog(action="add", after=record, save_key=save_key))


@writes
def edit_hand(game: Game, number: int, record: Record, expected_version: int, save_key: str | None = None) -> Hand:
    """Replace an earlier hand; every later total and minimum follows. Refused if the hand
    changed since the editor opened it; a ``save_key`` already used records nothing."""
    if not 1 <= number <= LARGEST:
        raise HandNotFound(f"no hand {number}")  # no game gets that far (nor could the database hold it)
    game = lock(game)
    refuse_repeat(game, save_key)
    if number > len(game.hands) and _undone(game, number):
        db.session.rollback()
        raise Conflict(number, None, record)  # undone on another phone since the editor opened it
    hand = hand_numbered(game, number)
    if hand.version != expected_version:
        saved = record_of(hand)
        db.session.rollback()
        raise Conflict(number, saved, record)
    log = replace_hand(hand, record, EditLog(action="edit", hand_number=number, save_key=save_key))
    keep_halves(game, hand, record)
    check_and_commit(game, log, conflict_record=record, changed=hand)
    return hand


@writes
def undo_last_hand(game: Game, expected_number: int, expected_version: int) -> None:
    """Remove the last hand, if it is still the one the person saw."""
    game = lock(game)
    if not game.hands:
        db.session.rollback()
        raise HandNotFound("no hand to undo")
    last = game.hands[-1]
    if (last.number, last.version) != (expected_number, expected_version):
        saved = record_of(last)
        db.session.rollback()
        raise Conflict(last.number, saved, saved)
    log = EditLog(action="undo", hand_number=last.number, before=record_of(last))
    game.hands.remove(last)
    db.session.delete(last)
    drop_halves(game, last.number)
    check_and_commit(game, log, conflict_record=None, changed=None)


@writes
def restore_hand(game: Game, undo_id: int) -> Hand:
    """Put an undone hand back, as it was, when it is still the next hand (nothing recorded in its place)."""
    game = lock(game)
    undo = db.session.scalars(
        select(EditLog).where(EditLog.game_id == game.id, EditLog.id == undo_id, EditLog.action == "undo")
    ).first()
    sheet = compute_sheet(game)
    if undo is None or undo.before is None or undo.hand_number != sheet.next_hand:
        db.session.rollback()
        raise NotRestorable(undo.hand_number if undo is not None else None)
    return append_hand(game, sheet, undo.before, EditLog(action="restore", after=undo.before))


def append_hand(game: Game, before: Sheet, record: Record, log: EditLog, *, by_halves: bool = False) -> Hand:
    """Add ``record`` as the next hand after the sheet ``before`` (the locked game's) with its log
    entry, and commit; the game's list of hands is not read for it. Written by the edit link (not
    ``by_halves``) in a game kept by halves, the hand's halves follow it."""
    hand = Hand(game_id=game.id, number=before.next_hand, by_halves=by_halves)
    apply_record(hand, record)
    db.session.add(hand)
    log.hand_number = hand.number
    if not by_halves:
        keep_halves(game, hand, record)
    check_and_commit(game, log, conflict_record=record, changed=hand, appended_to=before)
    return hand


def replace_hand(hand: Hand, record: Record, log: EditLog) -> EditLog:
    """Write ``record`` over a hand (a new version of it); ``log`` gets the hand before and after."""
    log.before = record_of(hand)
    log.after = record
    apply_record(hand, record)
    hand.version += 1
    hand.updated_at = now()
    return log


def refuse_repeat(game: Game, save_key: str | None) -> None:
    """A form or request already saved (its one-time key is in the log) changes nothing again."""
    if save_key is None:
        return
    saved = db.session.execute(
        select(EditLog.hand_number).where(EditLog.game_id == game.id, EditLog.save_key == save_key)
    ).first()
    if saved is not None:
        db.session.rollback()
        raise AlreadySaved(saved.hand_number)


def _undone(game: Game, number: int) -> bool:
    """Whether hand ``number`` of the game was undone (by anyone, at any time)."""
    found = db.session.scalars(
        select(EditLog.id).where(EditLog.game_id == game.id, EditLog.action == "undo", EditLog.hand_number == number)
    ).first()
    return found is not None


def hand_numbered(game: Game, number: int) -> Hand:
    for hand in game.hands:
        if hand.number == number:
            return hand
    db.session.rollback()
    raise HandNotFound(f"no hand {number}")


def check_and_commit(
    game: Game,
    log: EditLog,
    conflict_record: Record | None,
    changed: Hand | None,
    appended_to: Sheet | None = None,
) -> None:
    """Score the hand changed (the others keep their scores: a hand's score never depends on the
    totals before it), then commit the change and its log entry at once. When the change adds
    ``changed`` after the sheet ``appended_to``, the new version's sheet is kept for the next read."""
    try:
        db.session.flush()
        stored = record_of(changed) if changed is not None else None
        if stored is not None:
            scored_record(game, stored)  # the engine's verdict, kept for the next read
        following = appended(game, appended_to, stored) if appended_to is not None and stored is not None else None
        public_id, version = game.public_id, game.version + 1
        game.version = version
        game.updated_at = now()
        log.game_id = game.id
        db.session.add(log)
        db.session.commit()
        if following is not None:
            keep_sheet(public_id, version, following)
    except RuleViolations:
        db.session.rollback()
        raise
    except IntegrityError as exc:  # another phone saved the same hand number first
        db.session.rollback()
        raise Conflict(log.hand_number, None, conflict_record or {}) from exc
