"""What correcting a table's result does, by the federation's Codice di Gara, art. 19: in a phase that does not
depend on the standings (Mitchell, all against all) a result is corrected freely; in a phase seated by the
standings (Danish), the correction re-draws the next round while its seating is not yet made known, corrects
the result only once it is (the seating stands, play starts), and none is made once the last round has begun
unless the director rules it (art. 19: "a patto di chiamare l'arbitro"), with a reason for the night's log.

A pure decision: the caller says which round is corrected and where the event stands, and gets one of four
named outcomes; who corrected and why is the log's (the services'). docs/rule-choices.md D30 records the
readings."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .phases import STANDINGS_FREE, PhaseKind, Tournament


class Outcome(StrEnum):
    """What a correction does."""

    FREE = "free"  # the result is corrected; no seating depends on it
    REDRAW = "redraw"  # the result is corrected and the next round is drawn (again) from the corrected standings
    RESULT_ONLY = "result_only"  # the result is corrected; the next round's seating, already made known, stands
    NEEDS_REASON = "needs_reason"  # refused: the last round has begun, only the director may, giving a reason


class Rule(StrEnum):
    """The part of art. 19 a ruling follows (shown with it, and kept in the log)."""

    STANDINGS_FREE = "standings_free"  # the next round's seating does not follow the standings
    NOT_PUBLISHED = "not_published"  # a Danish phase, the next seating not yet made known
    PUBLISHED = "published"  # a Danish phase, the next seating made known
    LAST_ROUND = "last_round"  # a Danish phase, the last round begun
    DIRECTOR = "director"  # a Danish phase, the last round begun, the director's reason given


@dataclass(frozen=True)
class EventState:
    """Where the event stands for a correction: how the next round to be played is seated (None: no round is
    left), whether its seating has been made known (printed, shown, begun), and whether the last round has begun."""

    next_kind: PhaseKind | None
    next_published: bool
    last_begun: bool


@dataclass(frozen=True)
class Ruling:
    """A correction's outcome, the rule followed and the director's reason (when one was needed and given)."""

    outcome: Outcome
    rule: Rule
    reason: str = ""

    @property
    def allowed(self) -> bool:
        """Whether the correction may be made now."""
        return self.outcome is not Outcome.NEEDS_REASON


def ruling(corrected_kind: PhaseKind, state: EventState, reason: str = "") -> Ruling:
    """What correcting a result of a round of a ``corrected_kind`` phase does in ``state``; ``reason``: the
    director's, needed once the last round of a phase seated by the standings has begun (blank: none given)."""
    reason = reason.strip()
    if corrected_kind not in STANDINGS_FREE and state.last_begun:
        if reason:
            return Ruling(Outcome.RESULT_ONLY, Rule.DIRECTOR, reason)
        return Ruling(Outcome.NEEDS_REASON, Rule.LAST_ROUND)
    if state.next_kind is None or state.next_kind in STANDINGS_FREE:
        return Ruling(Outcome.FREE, Rule.STANDINGS_FREE)
    if state.next_published:
        return Ruling(Outcome.RESULT_ONLY, Rule.PUBLISHED)
    return Ruling(Outcome.REDRAW, Rule.NOT_PUBLISHED)


def event_state(tournament: Tournament, corrected: int, drawn: int, published: bool, last_begun: bool) -> EventState:
    """The state a correction of round ``corrected`` meets when round ``drawn`` is the latest drawn (0: none) and
    ``published`` says whether its seating has been made known: the next round to be played is ``drawn`` when it
    comes after the corrected one (its seating followed the standings being corrected), else the round after the
    corrected one, not drawn yet (None after the event's last round)."""
    tournament.place_of(corrected)  # a round the event has, else refused naming the bound
    if drawn > corrected:
        return EventState(tournament.place_of(drawn).phase.kind, published, last_begun)
    if corrected == tournament.last_round:
        return EventState(None, False, last_begun)
    return EventState(tournament.place_of(corrected + 1).phase.kind, False, last_begun)


def correction(
    tournament: Tournament,
    corrected: int,
    *,
    drawn: int,
    published: bool,
    last_begun: bool,
    reason: str = "",
) -> Ruling:
    """What correcting a result of round ``corrected`` of ``tournament`` does now (``event_state``, ``ruling``)."""
    kind = tournament.place_of(corrected).phase.kind
    return ruling(kind, event_state(tournament, corrected, drawn, published, last_begun), reason)
