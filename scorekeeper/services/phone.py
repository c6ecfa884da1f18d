"""The games a phone has opened: its list on the home page, kept on the server under the
phone's long-lived random cookie, so it survives closing the browser and holds every game."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..shapes.limits import is_token, short_code
from ..store.database import db
from ..store.kept import Kept
from ..store.models import Game, PhoneGame, now
from .table.games import WHOLE_GAME, find_game
from .transaction import begin_write, writes

#: Opening a game again within this time does not write anything (reading a sheet stays a read).
REFRESH = timedelta(hours=1)


#: What this process last wrote or read for a (phone, game): the edit token kept and when. A phone
#: following a game opens it every few seconds; within REFRESH of that nothing is asked of the
#: database. (With several servers, a game forgotten through one server and opened again through
#: another within the hour may stay off the list until the hour is up.)
_seen: Kept[tuple[str | None, datetime]] = Kept(limit=20_000)


@writes
def remember(phone_id: str, game_id: int, edit_token: str | None) -> None:
    """Put the game on the phone's list (first when listed by recency). ``edit_token`` is the game's
    edit token when the phone opened it through its edit link; once given it is kept until the
    game's link is replaced."""
    key = (phone_id, game_id)
    seen = _seen.get(key)
    if seen is not None and now() - seen[1] < REFRESH and edit_token in (None, seen[0]):
        return
    known = db.session.scalars(
        select(PhoneGame).where(PhoneGame.phone_id == phone_id, PhoneGame.game_id == game_id)
    ).first()
    token = edit_token or (known.edit_token if known else None)
    if known is not None and known.edit_token == token and now() - known.opened_at < REFRESH:
        _seen.keep(key, (token, known.opened_at))
        return
    begin_write()
    known = db.session.scalars(
        select(PhoneGame).where(PhoneGame.phone_id == phone_id, PhoneGame.game_id == game_id)
    ).first()
    opened = now()
    if known is None:
        db.session.add(PhoneGame(phone_id=phone_id, game_id=game_id, edit_token=token, opened_at=opened))
    else:
        known.edit_token = token
        known.opened_at = opened
    try:
        db.session.commit()
        _seen.keep(key, (token, opened))
    except IntegrityError:  # the same phone opened the same game twice at once: one row is enough
        db.session.rollback()


def phone_games(phone_id: str, limit: int | None = None) -> list[tuple[Game, str | None]]:
    """The phone's games (the ``limit`` most recently opened, or all), most recently opened first, each with
    its edit token if the phone still edits it."""
    rows = db.session.scalars(
        select(PhoneGame)
        .where(PhoneGame.phone_id == phone_id)
        .order_by(PhoneGame.opened_at.desc(), PhoneGame.id.desc())
        .limit(limit)
        .options(selectinload(PhoneGame.game).options(*WHOLE_GAME))
    ).all()
    return [(row.game, row.edit_token if row.edit_token == row.game.edit_token else None) for row in rows]


def count_games(phone_id: str) -> int:
    """How many games the phone's list holds."""
    return db.session.scalar(select(func.count()).where(PhoneGame.phone_id == phone_id)) or 0


@writes
def forget(phone_id: str, public_id: str) -> None:
    """Take a game off the phone's list (the game itself stays, for every other phone)."""
    begin_write()
    _seen.drop_where(lambda key: isinstance(key, tuple) and key[0] == phone_id)
    game_ids = select(Game.id).where(Game.public_id == public_id).scalar_subquery()
    db.session.execute(delete(PhoneGame).where(PhoneGame.phone_id == phone_id, PhoneGame.game_id == game_ids))
    db.session.commit()


def find_opened(text: str) -> tuple[Game, bool] | None:
    """The game a pasted link or a typed join code opens, and whether it opens for editing."""
    target = link_target(text)
    if target is None:
        return None
    kind, token = target
    game = find_by_join_code(token) if kind == "code" else find_game(token, editable=kind == "edit")
    return (game, kind == "edit") if game is not None else None


def find_by_join_code(code: str) -> Game | None:
    """The game a join code opens (typed in any case, spaces and dashes ignored)."""
    cleaned = short_code(code)
    if cleaned is None:
        return None
    return db.session.scalars(select(Game).where(Game.join_code == cleaned)).first()


def is_code(text: str) -> bool:
    """Whether ``text`` is a short code typed (not a pasted link)."""
    target = link_target(text)
    return target is not None and target[0] == "code"


def link_target(text: str) -> tuple[str, str] | None:
    """What a pasted link or typed code points at: ("edit", token), ("read", public id) or ("code", code)."""
    text = text.strip()
    for marker, kind in (("/e/", "edit"), ("/g/", "read")):
        if marker in text:
            token = text.split(marker, 1)[1].split("/")[0].split("?")[0].split("#")[0]
            return (kind, token) if is_token(token) else None
    return ("code", text) if text else None
