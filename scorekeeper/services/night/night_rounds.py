"""How many rounds a club night plays: the setting the director changes on purpose from the board (a round
added, or the night ended early), whether the last round is drawn, and whether the night is over (its last
round drawn and every table of it counted: the standings are then final).

``draw.draw_round`` draws no round past the last; this module changes where the last is.
"""

from __future__ import annotations

from ...store.database import db
from ...store.nights import Night, NightLog
from ...tournament import ROUNDS, Bound, SettingRefused
from ..errors import Refused
from ..transaction import writes
from .changes import lock_night, log_change
from .night_results import TableResult
from .start import setting_problem


@writes
def set_rounds(night: Night, rounds: int) -> None:
    """The director sets how many rounds the night plays: from the rounds already drawn (at least one) to the
    most a night plans (``ROUNDS``), refused naming the setting otherwise; logged with what it was."""
    night = lock_night(night)
    bound = rounds_bound(len(night.played))
    if not isinstance(rounds, int) or not bound.holds(rounds):
        db.session.rollback()
        raise Refused("rounds", setting_problem(SettingRefused("rounds", bound=bound)))
    if rounds == night.rounds:
        db.session.rollback()
        return
    before, night.rounds = night.rounds, rounds
    log_change(night, NightLog(action="rounds", detail={"rounds": rounds, "before": before}))


def rounds_bound(drawn: int) -> Bound:
    """The rounds a night may be set to once ``drawn`` rounds are drawn: never fewer than those."""
    return Bound(max(ROUNDS.least, drawn), ROUNDS.most)


def last_round_drawn(night: Night) -> bool:
    """Whether the night's last round is drawn (nothing more is drawn unless a round is added)."""
    return len(night.played) >= night.rounds


def night_over(night: Night, results: dict[int, TableResult]) -> bool:
    """Whether the night is over: its last round drawn and every table of it counted (``results``: by the
    table's id), so that its standings are final."""
    return last_round_drawn(night) and all(results[table.id].counts for table in night.played[-1].tables)
