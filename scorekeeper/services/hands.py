"""Changing a game's hands: record the next one, fix an earlier one, undo the last one, put it back.

Each use case is one transaction that locks the game first and is the only place that
commits; a refused entry or a conflict writes nothing.
"""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from ..engine import RuleViolations
from ..extensions import db
from ..models import EditLog, Game, Hand, now
from ..records import Record, apply_record, record_of
from .errors import AlreadySaved, Conflict, GameOver, HandNotFound, NotRestorable
from .sheet import compute_sheet
from .transaction import lock, writes


@writes
def record_hand(game: Game, record: Record, expected_hands: int, save_key: str | None = None) -> Hand:
    """Add the next hand. ``expected_hands`` is how many hands the recorder saw: if another
    phone added one meanwhile, nothing is saved and ``Conflict`` shows both. A ``save_key``
    already used (the same form sent twice) records nothing and raises ``AlreadySaved``."""
    game = lock(game)
    _refuse_repeat(game, save_key)
    sheet = compute_sheet(game)
    if len(game.hands) != expected_hands:
        saved = record_of(game.hands[-1]) if game.hands else None
        db.session.rollback()
        raise Conflict(len(game.hands), saved, record)
    if sheet.game_over:
        db.session.rollback()
        raise GameOver("the game is over")
    return _append(game, record, EditLog(action="add", after=record, save_key=save_key))


@writes
def edit_hand(game: Game, number: int, record: Record, expected_version: int, save_key: str | None = None) -> Hand:
    """Replace an earlier hand; every later total and minimum follows. Refused if the hand
    changed since the editor opened it; a ``save_key`` already used records nothing."""
    game = lock(game)
    _refuse_repeat(game, save_key)
    if number > len(game.hands) and any(log.action == "undo" and log.hand_number == number for log in game.edits):
        db.session.rollback()
        raise Conflict(number, None, record)  # undone on another phone since the editor opened it
    hand = _hand(game, number)
    if hand.version != expected_version:
        saved = record_of(hand)
        db.session.rollback()
        raise Conflict(number, saved, record)
    before = record_of(hand)
    apply_record(hand, record)
    hand.version += 1
    hand.updated_at = now()
    log = EditLog(action="edit", hand_number=number, before=before, after=record, save_key=save_key)
    _check_and_commit(game, log, conflict_record=record)
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
    _check_and_commit(game, log, conflict_record=None)


@writes
def restore_hand(game: Game, undo_id: int) -> Hand:
    """Put an undone hand back, as it was, when it is still the next hand (nothing recorded in its place)."""
    game = lock(game)
    undo = next((log for log in game.edits if log.id == undo_id and log.action == "undo"), None)
    if undo is None or undo.before is None or undo.hand_number != len(game.hands) + 1:
        db.session.rollback()
        raise NotRestorable(undo.hand_number if undo is not None else None)
    return _append(game, undo.before, EditLog(action="restore", after=undo.before))


def restorable_undo(game: Game) -> EditLog | None:
    """The undo that can still be put back: the newest change, when it is an undo."""
    latest = game.edits[-1] if game.edits else None
    if latest is not None and latest.action == "undo" and latest.hand_number == len(game.hands) + 1:
        return latest
    return None


def _append(game: Game, record: Record, log: EditLog) -> Hand:
    """Add ``record`` as the next hand with its log entry, in the locked transaction."""
    hand = Hand(number=len(game.hands) + 1)
    apply_record(hand, record)
    game.hands.append(hand)
    log.hand_number = hand.number
    _check_and_commit(game, log, conflict_record=record)
    return hand


def _refuse_repeat(game: Game, save_key: str | None) -> None:
    """A form or request already saved (its one-time key is in the log) changes nothing again."""
    if save_key is None:
        return
    for log in game.edits:
        if log.save_key == save_key:
            db.session.rollback()
            raise AlreadySaved(log.hand_number)


def _hand(game: Game, number: int) -> Hand:
    for hand in game.hands:
        if hand.number == number:
            return hand
    db.session.rollback()
    raise HandNotFound(f"no hand {number}")


def _check_and_commit(game: Game, log: EditLog, conflict_record: Record | None) -> None:
    """Score the whole game as it would be, then commit the change and its log entry at once."""
    try:
        db.session.flush()
        compute_sheet(game)
        game.version += 1
        game.updated_at = now()
        game.edits.append(log)
        db.session.commit()
    except RuleViolations:
        db.session.rollback()
        raise
    except IntegrityError as exc:  # another phone saved the same hand number first
        db.session.rollback()
        raise Conflict(log.hand_number, None, conflict_record or {}) from exc
