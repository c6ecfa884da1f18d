"""Who of a side sends its halves from this phone: asked at the top of the half form, before any count, the
first time; then remembered on the phone (a cookie), so the next hand's half names them without asking again,
and says who it is with a way to change it. A half whose sender is said is named by them wherever it is shown
("The half Carmen sent at 21:04"), not by its time alone."""

from __future__ import annotations

from dataclasses import dataclass

from flask import request
from werkzeug.wrappers import Response

from ... import services
from ...store.models import Game
from ..common.memory import keep_on_phone

#: Who of the side sends the halves from this phone (a player's name), named on the next half form.
SENDER_COOKIE = "sender"
SENDER_COOKIE_AGE = 2 * 365 * 24 * 3600


@dataclass(frozen=True)
class SenderQuestion:
    """ "Who is sending?" as the half form asks it: the side's players, the one chosen, and whether this phone
    has said it before (then it is not asked again, only shown, with a way to change it)."""

    players: tuple[str, ...]
    chosen: str | None
    remembered: bool

    @property
    def asked(self) -> bool:
        """Whether the form asks at all (a side of one player sends as that player)."""
        return len(self.players) > 1


def sender_of(game: Game, side: int, named: str | None) -> str | None:
    """The player of the side sending a half: the one named (among the side's players), the side's only
    player, or None (not said)."""
    players = services.side_players(game, side)
    if len(players) == 1:
        return players[0]
    return named if named in players else None


def remembered_sender(game: Game, side: int) -> str | None:
    """The player this phone said sends the side's halves, when it is one of the side's players."""
    return sender_of(game, side, request.cookies.get(SENDER_COOKIE))


def sender_question(game: Game, side: int, typed: str | None) -> SenderQuestion:
    """The question on the side's half form: ``typed`` is the answer sent with the form (a refused one shown
    again), else this phone's answer from before."""
    remembered = remembered_sender(game, side)
    return SenderQuestion(
        tuple(services.side_players(game, side)), sender_of(game, side, typed) or remembered, remembered is not None
    )


def remember_sender(response: Response, sender: str | None) -> Response:
    """This phone says who sends next time too (its half form names them instead of asking)."""
    if sender is not None:
        keep_on_phone(response, SENDER_COOKIE, sender, SENDER_COOKIE_AGE)
    return response
