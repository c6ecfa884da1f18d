"""Finding games and starting them: a new game, a rematch."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import joinedload, selectinload

from ...engine import RULESETS, OptionError, RuleSet, configure, game_outcome
from ...engine.game import seat_of
from ...engine.i18n import N_, Msg
from ...engine.options import table_shapes
from ...shapes.limits import LARGEST, NOTE, clean_name, is_token, side_name, text_problem
from ...store.database import db
from ...store.models import ENTRY_MODES, RECORDINGS, EditLog, Game, Player, Side, new_token, now
from ..errors import GameDamaged, Refused
from ..transaction import begin_write, lock, writes
from .sheet import seats


@dataclass(frozen=True)
class NewSide:
    """A side as the new-game form gives it: a name (empty: named after its players) and its players in seat order."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class NewGame:
    """Everything needed to start a game."""

    ruleset_id: str
    sides: tuple[NewSide, ...]
    options: dict[str, Any] = field(default_factory=dict)
    first_dealer: int = 0
    entry_mode: str = "detailed"  # the first hand's way of entry: "detailed" or "quick"
    starting_totals: tuple[int, ...] | None = None  # carried over from a paper sheet
    note: str = ""  # where, what was at stake
    recording: str = "one"  # "one" recorder, or each side its own "halves"
    save_key: str | None = None  # the start's one-time key: sent again, it makes no second game


#: A game with who plays, in one query each; its hands are read only when its sheet is not kept
#: (``sheet.compute_sheet``), its edit log only when that is not kept either.
WHOLE_GAME = (selectinload(Game.sides).selectinload(Side.players),)


def find_game(token: str, *, editable: bool) -> Game | None:
    """The game behind a link: its edit token, or (read-only) its public id."""
    if not is_token(token):
        return None
    column = Game.edit_token if editable else Game.public_id
    # one query: the game with its sides and players joined (a token names one game at most)
    found = select(Game).where(column == token).options(joinedload(Game.sides).joinedload(Side.players))
    game = db.session.scalars(found).unique().one_or_none()
    if game is not None and not game.sides:
        raise GameDamaged(token)
    return game


# ---- changing --------------------------------------------------------------------------


@writes
def start_game(new: NewGame, rematch_of: Game | None = None) -> Game:
    """Create a game with its sides and players in seat order; the options are checked first. A start sent again
    with its one-time key (a phone that started the game with no connection, whose answer was lost) is the game
    it started the first time: the key is kept in the game's log, with its start."""
    begin_write()
    if new.save_key is not None:
        started = started_with(new.save_key)
        if started is not None:
            db.session.rollback()
            return started
    game = new_game(new, rematch_of)
    game.edits.append(EditLog(action="start", save_key=new.save_key))
    db.session.add(game)
    db.session.commit()
    return game


def started_with(save_key: str) -> Game | None:
    """The game a start with this one-time key made, if any. On PostgreSQL two starts with one key wait for each
    other here (a lock on the key, held to the end of the transaction); SQLite's write lock already does."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(select(func.pg_advisory_xact_lock(func.hashtext(save_key))))
    found = select(EditLog.game_id).where(EditLog.action == "start", EditLog.save_key == save_key)
    game_id = db.session.scalars(found).first()
    return db.session.get(Game, game_id) if game_id is not None else None


def new_game(new: NewGame, rematch_of: Game | None = None) -> Game:
    """The game ``new`` describes, not stored yet: its rule set and house rules, starting totals, sides
    and players in seat order. Raises ``OptionError`` naming a house rule, ``Refused`` for the rest."""
    base = RULESETS.get(new.ruleset_id)
    if base is None:
        raise OptionError("ruleset", N_("There is no rule set called %(id)s."), {"id": new.ruleset_id})
    check_table(base, new.sides)
    ruleset = configure(base, new.options, sides=len(new.sides))  # raises OptionError naming the option
    if new.starting_totals is not None:
        check_starting_totals(new.starting_totals, ruleset, len(new.sides))
    if new.entry_mode not in ENTRY_MODES:
        raise Refused("entry_mode", Msg(N_("entry_mode must be detailed or quick.")))
    note = checked_note(new.note)
    if new.recording not in RECORDINGS:
        raise Refused("recording", Msg(N_("recording must be one or halves.")))
    game = Game(
        ruleset_id=new.ruleset_id,
        options=dict(new.options),
        first_dealer=new.first_dealer,
        entry_mode=new.entry_mode,
        starting_totals=list(new.starting_totals) if new.starting_totals and any(new.starting_totals) else None,
        rematch_of_id=rematch_of.id if rematch_of is not None else None,
        note=note,
        recording=new.recording,
    )
    players = [[clean_name(name) for name in side.players] for side in new.sides]  # as a club's members are
    game.sides = [
        Side(
            position=k,
            token=new_token() if new.recording == "halves" else None,
            name=side_name(side.name, players[k]),
            players=[
                Player(seat=seat_of(k, place, len(new.sides)), name=name) for place, name in enumerate(players[k])
            ],
        )
        for k, side in enumerate(new.sides)
    ]
    return game


def reseat(side: Side, players: Sequence[str]) -> None:
    """Other players take ``side``'s seats (a club night's director moving pairs before a table begins): its
    name follows them, and a side recording its own half gets a new link, so that a phone that opened the
    old one cannot send to a table it no longer sits at."""
    if len(players) != len(side.players):
        raise ValueError("a side is reseated with as many players as it has")
    for player, name in zip(side.players, players, strict=True):
        player.name = name
    side.name = side_name("", players)
    if side.token is not None:
        side.token = new_token()


def check_table(base: RuleSet, sides: Sequence[NewSide]) -> None:
    """A table the rule set seats: as many sides and players as one of its shapes, as many players a side."""
    players = sum(len(side.players) for side in sides)
    if (players, len(sides)) not in table_shapes(base) or len({len(side.players) for side in sides}) != 1:
        raise Refused("sides", Msg(N_("This rule set does not seat that table.")))


def check_starting_totals(totals: tuple[int, ...], ruleset: RuleSet, sides: int) -> None:
    """Totals carried over from a paper sheet: one per side, each a score a sheet can hold (a multiple
    of 5 no further from zero than ``LARGEST``, below zero allowed), and not already past the end; raises
    ``Refused`` naming them."""
    if len(totals) != sides:
        raise Refused(
            "starting_totals", Msg(N_("starting_totals must hold one total per side: %(count)s."), {"count": sides})
        )
    for total in totals:
        if abs(total) > LARGEST:  # as a typed one is bounded (the new-game form's boxes)
            raise Refused(
                "starting_totals",
                Msg(N_("A total carried over is at most %(largest)s, above or below zero."), {"largest": LARGEST}),
            )
        if total % 5:
            raise Refused(
                "starting_totals",
                Msg(N_("A total carried over is a multiple of 5: %(total)s is not."), {"total": total}),
            )
    if game_outcome(totals, ruleset, 0).game_over:
        raise Refused(
            "starting_totals",
            Msg(
                N_("With these totals the game would already be over (the target is %(target)s)."),
                {"target": ruleset.target},
            ),
        )


@writes
def rematch(game: Game) -> Game:
    """A new game with the same rule set, house rules, sides, players, note and way of recording; the deal
    moves on (each side gets a new link of its own)."""
    players = seats(game)
    new = NewGame(
        ruleset_id=game.ruleset_id,
        sides=tuple(NewSide(side.name, tuple(p.name for p in side.players)) for side in game.sides),
        options=dict(game.options),
        first_dealer=(game.first_dealer + 1) % len(players),
        entry_mode=game.entry_mode,
        note=game.note,
        recording=game.recording,
    )
    return start_game(new, rematch_of=game)


@writes
def checked_note(text: object) -> str:
    """A game's note as it is kept (spaces trimmed); ``Refused`` naming ``note`` if it cannot be kept."""
    if not isinstance(text, str):
        raise Refused("note", Msg(N_("note must be a text.")))
    problem = text_problem(text, "note")
    if problem is not None:
        raise Refused("note", problem)
    if len(text.strip()) > NOTE:
        raise Refused("note", Msg(N_("The note may hold at most %(most)s characters."), {"most": NOTE}))
    return text.strip()


@writes
def set_note(game: Game, text: str) -> Game:
    """Change the game's note (every sheet shows the new one at its next look)."""
    note = checked_note(text)
    game = lock(game)
    if game.note != note:
        game.note = note
        game.version += 1
        game.updated_at = now()
    db.session.commit()
    return game


def replace_edit_link(game: Game) -> Game:
    """Give the game a new edit token: the old edit link stops working at once. Logged like any change."""
    game = lock(game)
    game.edit_token = new_token()
    game.version += 1
    game.updated_at = now()
    game.edits.append(EditLog(action="new_link"))
    db.session.commit()
    return game
