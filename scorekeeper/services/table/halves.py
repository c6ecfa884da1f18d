"""Each side its own half: choosing the way a game is recorded, finding a side by its link, sending and
withdrawing a half, and each side's word on a hand made of halves (agreed, or not right).

Each use case is one transaction that locks the game first, as for whole hands (hands.py), and checks the
side's link again under that lock (a club night's director may have moved the pair meanwhile): a half is
checked on its own when sent (the rules that need only that side), the hand the halves make is checked
by the engine once the last one is in and stored then as any hand; a half refused writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import joinedload

from ...engine import RuleViolation, RuleViolations
from ...engine.i18n import N_, Msg
from ...engine.records import SIDE_DEFAULTS, STOCK_OUT, Record
from ...shapes.limits import NOTE, is_token, text_problem
from ...store.database import db
from ...store.models import RECORDINGS, EditLog, Game, Hand, HandHalf, HandWord, Side, new_token, now
from ..errors import AlreadySaved, Conflict, GameError, GameOver, HandNotFound, Refused, SideMoved
from ..transaction import lock, writes
from .halves_state import (
    Half,
    compute_halves,
    half_of,
    half_result,
    hand_problems,
    own_problems,
    whole_record,
)
from .hands import append_hand, check_and_commit, replace_hand
from .sheet import compute_sheet, word_note


class NotByHalves(GameError):
    """The game is recorded by one recorder: a side's link sends nothing."""


class HalfClosed(GameError):
    """The hand is complete and this side's half is not open again (nobody said it is not right)."""

    def __init__(self, hand_number: int) -> None:
        super().__init__(f"hand {hand_number} is complete")
        self.hand_number = hand_number


class HandChanged(GameError):
    """The hand changed since the side looked at it: its word is asked on the hand as it stands now."""

    def __init__(self, hand_number: int) -> None:
        super().__init__(f"hand {hand_number} changed")
        self.hand_number = hand_number


@dataclass(frozen=True)
class SideLink:
    """A side's own link: its game and its place in it."""

    game: Game
    side: int


def find_side(token: str) -> SideLink | None:
    """The game and side behind a side's link (one query: the game with its sides and players, as they stood
    together)."""
    if not is_token(token):
        return None
    owner = select(Side.game_id).where(Side.token == token).scalar_subquery()
    found = select(Game).where(Game.id == owner).options(joinedload(Game.sides).joinedload(Side.players))
    game = db.session.scalars(found).unique().one_or_none()
    position = next((side.position for side in game.sides if side.token == token), None) if game else None
    if game is None or position is None:
        return None
    return SideLink(game, position)


def check_link(game: Game, side: int, token: str | None) -> None:
    """Under the game's lock (or its night's): ``token`` is still side ``side``'s link, read from the database
    now (a director's move gives a moved pair's side a new one while a request waits for the lock); else
    ``SideMoved``, with the transaction rolled back. ``token`` None: a caller that holds the game itself."""
    if token is None:
        return
    position = db.session.scalar(select(Side.position).where(Side.game_id == game.id, Side.token == token))
    if position != side:
        db.session.rollback()
        raise SideMoved(f"the link is no longer side {side}'s")


@writes
def set_recording(game: Game, recording: str) -> Game:
    """Record the game's hands by one recorder ("one") or each side its own half ("halves"). Each side
    gets its own link the first time; it keeps it, whatever the game is switched to afterwards."""
    if recording not in RECORDINGS:
        raise Refused("recording", Msg(N_("Choose one recorder or each side its own half."), {}))
    game = lock(game)
    linked = False
    for side in game.sides:
        if side.token is None and recording == "halves":
            side.token = new_token()
            linked = True
    if game.recording != recording or linked:  # a game's sides change only with its version (transaction.lock)
        game.recording = recording
        game.version += 1
        game.updated_at = now()
    db.session.commit()
    return game


def check_half(game: Game, side: int, entry: Record, partners: list[int] | None, number: int) -> None:
    """Refuse a half that breaks a rule on its own (with the other sides' halves blank), as the hand
    form does: ``RuleViolations`` naming this side's problems."""
    try:
        half_result(game, side, entry, partners, number)
    except RuleViolations as refused:
        own = own_problems(refused.violations, side)
        if own:
            raise RuleViolations(own) from refused


@writes
def send_half(
    game: Game,
    side: int,
    number: int,
    entry: Record,
    partners: list[int] | None,
    expected_version: int,
    save_key: str | None = None,
    *,
    token: str | None = None,
    sent_by: str | None = None,
) -> Hand | None:
    """Send (or send again) side ``side``'s half of hand ``number``. ``expected_version`` is the half's
    version the sender saw (0: none yet): a half changed meanwhile by another phone of the side is a
    ``Conflict`` (saying who sent the half kept, and when). ``sent_by``: the player of the side sending it
    (one of its players' names; None: not said). The half completing the hand stores it (returned); a
    reopened half replaces the hand's (both versions in the edit log). A half that completes nothing returns
    None. ``token``: the side's link it came by, checked again under the lock (``check_link``)."""
    if not 1 <= number <= compute_sheet(game).next_hand:
        raise HandNotFound(f"no hand {number}")  # checked again under the lock: this guards the check below
    ended = {"end": STOCK_OUT} if entry.get("end") == STOCK_OUT else {}
    entry = {name: entry.get(name, default) for name, default in SIDE_DEFAULTS.items()} | ended
    if sent_by is not None and sent_by not in side_players(game, side):
        raise Refused("sent_by", Msg(N_("Choose who is sending among your side's players."), {}))
    check_half(game, side, entry, partners, number)
    game = lock(game)
    check_link(game, side, token)
    if game.recording != "halves":
        db.session.rollback()
        raise NotByHalves(game.public_id)
    rows = {
        row.side_position: row
        for row in db.session.scalars(
            select(HandHalf).where(HandHalf.game_id == game.id, HandHalf.hand_number == number)
        )
    }
    mine = rows.get(side)
    if save_key is not None and mine is not None and mine.save_key == save_key:
        # sent again (its answer lost on the way): taken once, even when it completed the hand meanwhile
        db.session.rollback()
        raise AlreadySaved(number)
    sheet = compute_sheet(game)
    halves = compute_halves(game)
    hand = next((h for h in game.hands if h.number == number), None) if number < sheet.next_hand else None
    if number == sheet.next_hand:
        if sheet.game_over:
            db.session.rollback()
            raise GameOver("the game is over")
    elif hand is None:
        db.session.rollback()
        raise HandNotFound(f"no hand {number}")
    elif not hand.by_halves or halves is None or number not in halves.hands or not halves.hands[number].reopened(side):
        db.session.rollback()
        raise HalfClosed(number)
    if (mine.version if mine is not None else 0) != expected_version:
        saved = _as_record(mine) if mine is not None else None
        saved_by, saved_at = (mine.sent_by, mine.updated_at) if mine is not None else (None, None)
        db.session.rollback()
        raise Conflict(number, saved, {"partners": partners, "sides": [entry]}, saved_by=saved_by, saved_at=saved_at)
    if mine is None:
        mine = HandHalf(game_id=game.id, hand_number=number, side_position=side, version=0)
        db.session.add(mine)
        rows[side] = mine
    mine.entry = entry
    mine.partners = list(partners) if partners else None
    mine.version = (mine.version or 0) + 1
    mine.save_key = save_key
    mine.sent_by = sent_by
    mine.updated_at = now()
    every = [rows.get(position) for position in range(len(game.sides))]
    if any(row is None for row in every):
        _commit(game)
        return None
    made = [_half(row) for row in every if row is not None]
    problems = hand_problems(game, number, made)
    if hand is None:
        if problems:  # the sides contradict each other: every phone is shown why, until one changes
            _commit(game)
            return None
        record = whole_record(made)
        return append_hand(game, sheet, record, EditLog(action="add", after=record), by_halves=True)
    if problems:  # the hand stands as it was agreed to be: this half would break it
        db.session.rollback()
        raise RuleViolations(_on_side(problems, side))
    record = whole_record(made)
    log = replace_hand(hand, record, EditLog(action="edit", hand_number=number))
    check_and_commit(game, log, conflict_record=record, changed=hand)
    return hand


@writes
def withdraw_half(game: Game, side: int, number: int, expected_version: int, *, token: str | None = None) -> None:
    """Take back a half of the hand in play (the side counts again); refused once the hand is complete.
    ``token``: the side's link, checked under the lock."""
    game = lock(game)
    check_link(game, side, token)
    if game.recording != "halves":
        db.session.rollback()
        raise NotByHalves(game.public_id)
    sheet = compute_sheet(game)
    if number != sheet.next_hand:
        db.session.rollback()
        raise HalfClosed(number) if number < sheet.next_hand else HandNotFound(f"no hand {number}")
    mine = db.session.scalars(
        select(HandHalf).where(
            HandHalf.game_id == game.id, HandHalf.hand_number == number, HandHalf.side_position == side
        )
    ).one_or_none()
    if mine is None or mine.version != expected_version:
        saved = _as_record(mine) if mine is not None else None
        db.session.rollback()
        raise Conflict(number, saved, {"partners": None, "sides": []})
    db.session.delete(mine)
    _commit(game)


@writes
def agree(game: Game, side: int, number: int, hand_version: int, *, token: str | None = None) -> None:
    """Side ``side`` agrees to hand ``number`` as it stands at ``hand_version`` (``token``: its link, checked
    under the lock)."""
    game, hand = _hand_to_judge(game, side, token, number, hand_version)
    if not _say(hand, side, agreed=True):  # said already (sent again, its answer lost on the way)
        db.session.rollback()
        return
    log = None
    halves = compute_halves(game)
    words = halves.hands[number].words if halves is not None and number in halves.hands else ()
    if all(w is not None and w.agreed for position, w in enumerate(words) if position != side):
        log = EditLog(action="agree", hand_number=number, note=word_note(side, None, ""))
    _commit(game, log)


@writes
def dispute(
    game: Game,
    side: int,
    number: int,
    hand_version: int,
    disputed_side: int,
    remark: str,
    *,
    token: str | None = None,
) -> None:
    """Side ``side`` says ``disputed_side``'s half of hand ``number`` is not right: that half opens again
    for its side, with the remark shown; the hand counts as it is until it is changed and agreed (``token``:
    its link, checked under the lock)."""
    remark = " ".join(remark.split())
    problem = text_problem(remark, "remark")
    if problem is not None:
        raise Refused("remark", problem)
    if len(remark) > NOTE:
        raise Refused("remark", Msg(N_("The remark may hold at most %(most)s characters."), {"most": NOTE}))
    if disputed_side == side or not 0 <= disputed_side < len(game.sides):
        raise Refused("side", Msg(N_("Say which other side's half is not right."), {}))
    game, hand = _hand_to_judge(game, side, token, number, hand_version)
    if not _say(hand, side, agreed=False, disputed_side=disputed_side, remark=remark):  # said already
        db.session.rollback()
        return
    _commit(game, EditLog(action="dispute", hand_number=number, note=word_note(side, disputed_side, remark)))


def _hand_to_judge(game: Game, side: int, token: str | None, number: int, hand_version: int) -> tuple[Game, Hand]:
    game = lock(game)
    check_link(game, side, token)
    if game.recording != "halves":
        db.session.rollback()
        raise NotByHalves(game.public_id)
    hand = next((h for h in game.hands if h.number == number), None)
    if hand is None or not hand.by_halves:
        db.session.rollback()
        raise HandNotFound(f"no hand {number} made of halves")
    if hand.version != hand_version:
        db.session.rollback()
        raise HandChanged(number)
    return game, hand


def _say(hand: Hand, side: int, *, agreed: bool, disputed_side: int | None = None, remark: str = "") -> bool:
    """The side's word on the hand's version, written; False when it says that already (nothing to write)."""
    word = db.session.scalars(
        select(HandWord).where(HandWord.hand_id == hand.id, HandWord.side_position == side)
    ).one_or_none()
    said = (hand.version, agreed, disputed_side, remark)
    if word is not None and (word.hand_version, word.agreed, word.disputed_side, word.remark) == said:
        return False
    if word is None:
        word = HandWord(hand_id=hand.id, side_position=side)
        db.session.add(word)
    word.hand_version = hand.version
    word.agreed = agreed
    word.disputed_side = disputed_side
    word.remark = remark
    word.at = now()
    return True


def _commit(game: Game, log: EditLog | None = None) -> None:
    """Commit a change of halves or words: the game's version moves on, so every phone sees it."""
    game.version += 1
    game.updated_at = now()
    if log is not None:
        log.game_id = game.id
        db.session.add(log)
    db.session.commit()


def _half(row: HandHalf) -> Half:
    return half_of(row)


def side_players(game: Game, side: int) -> list[str]:
    """The names of side ``side``'s players (who may say they sent its half), in their seats' order."""
    return [player.name for player in game.sides[side].players] if 0 <= side < len(game.sides) else []


def _as_record(row: HandHalf) -> Record:
    return {"partners": row.partners, "sides": [dict(row.entry)]}


def _on_side(problems: list[RuleViolation], side: int) -> list[RuleViolation]:
    """The problems as this side's (the other halves are agreed: this one would break the hand)."""
    return [v if v.side is not None else RuleViolation(v.rule, v.template, v.params, side, v.field) for v in problems]


__all__ = [
    "HalfClosed",
    "HandChanged",
    "NotByHalves",
    "SideLink",
    "agree",
    "check_half",
    "check_link",
    "dispute",
    "find_side",
    "send_half",
    "set_recording",
    "side_players",
    "withdraw_half",
]
