"""A federation's tournament: a sequence of phases, each a movement and its rounds (Mitchell, all against all,
a random first round, Danish, Danish in groups), played over one or more sessions (an evening, the next
afternoon) that make one event with one standings.

The shape is checked whole when made, as a night's settings are: ``SettingRefused`` names the field and the
rule (a tournament seats up to 1,000 pairs; a Mitchell has no more rounds than tables...). Which phase and
session a round belongs to, the event's last round and the round after a session's end are read from it.
docs/tournaments.md explains the phases with a worked example; docs/rule-choices.md D28 the choices."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from math import gcd
from types import MappingProxyType

from .settings import MITCHELL_STEP, MOST_PAIRS, Bound, SettingRefused


class PhaseKind(StrEnum):
    """How a phase seats its rounds."""

    MITCHELL = "mitchell"  # one line stays, the other moves
    ROUND_ROBIN = "round_robin"  # all against all ("all'italiana")
    RANDOM = "random"  # a random draw (the first round of the other federation's events)
    DANISH = "danish"  # by the standings, no meeting repeated while another seating exists
    DANISH_IN_GROUPS = "danish_in_groups"  # the field cut by the standings into groups, Danish within each


#: The phases whose seating does not depend on the standings (Codice di Gara art. 19: corrected freely).
STANDINGS_FREE = frozenset({PhaseKind.MITCHELL, PhaseKind.ROUND_ROBIN, PhaseKind.RANDOM})

#: The pairs a tournament seats: a national of 400 tables and more (Riccione's championships: 300 to 400),
#: as many as a night seats.
TOURNAMENT_PAIRS = Bound(2, MOST_PAIRS)
#: Rounds in a phase, and in the whole event (the team championship played 16 in two days).
PHASE_ROUNDS = Bound(1, 40)
EVENT_ROUNDS = Bound(1, 40)
#: Phases of an event, and its sessions (each a sitting: an evening, an afternoon).
PHASES = Bound(1, 12)
SESSIONS = Bound(1, 10)
#: Groups of a grouped phase (named A to Z) and the pairs each named group holds.
GROUPS = Bound(1, 26)
GROUP_PAIRS = Bound(2, TOURNAMENT_PAIRS.most)
#: The pairs a preset's groups hold at most (Trieste's final: "Girone A = the 20 best pairs").
USUAL_GROUP_PAIRS = 20


@dataclass(frozen=True)
class Phase:
    """A phase: its movement, its rounds, the session its first round is played in (a phase may not run over
    two sessions: split it into two phases), the Mitchell's step, and for Danish in groups the sizes of the
    groups in pairs, best first (the pairs past them make one more group) and whether each group's standings
    carry the points of the rounds before the cut (True) or start from zero."""

    kind: PhaseKind
    rounds: int
    session: int = 1
    step: int = 1
    groups: tuple[int, ...] = ()
    carry: bool = True

    def __post_init__(self) -> None:
        """A kind given by its name (as kept, or typed) is that kind; any other is refused naming the choices."""
        if self.kind not in tuple(PhaseKind):
            raise SettingRefused("kind", choices=tuple(PhaseKind))
        object.__setattr__(self, "kind", PhaseKind(self.kind))


@dataclass(frozen=True)
class RoundPlace:
    """Where a round of the event stands: its phase (from 0), its number within the phase (from 1), its session."""

    phase_index: int
    phase: Phase
    in_phase: int
    session: int

    @property
    def first_of_phase(self) -> bool:
        """Whether the round opens its phase (a grouped phase cuts its groups then)."""
        return self.in_phase == 1


@dataclass(frozen=True)
class Tournament:
    """An event: the pairs it seats at the start and its phases in order; checked whole when made."""

    pairs: int
    phases: tuple[Phase, ...]

    def __post_init__(self) -> None:
        _whole("pairs", self.pairs, TOURNAMENT_PAIRS)
        if not PHASES.holds(len(self.phases)):
            raise SettingRefused("phases", bound=PHASES, case="count")
        session = 1
        for index, phase in enumerate(self.phases):
            _check_phase(phase, index, self.pairs)
            if phase.session not in (session, session + 1) or (index == 0 and phase.session != 1):
                raise SettingRefused("session", bound=Bound(session, session + 1), case="order")
            session = phase.session
        if not SESSIONS.holds(session):
            raise SettingRefused("session", bound=SESSIONS)
        if not EVENT_ROUNDS.holds(self.last_round):
            raise SettingRefused("rounds", bound=EVENT_ROUNDS, case="event")

    @property
    def last_round(self) -> int:
        """The event's last round: every phase's rounds added up."""
        return sum(phase.rounds for phase in self.phases)

    @property
    def sessions(self) -> int:
        """How many sessions the event is played in."""
        return self.phases[-1].session

    def place_of(self, round_number: int) -> RoundPlace:
        """The phase, the round within it and the session of round ``round_number`` (from 1); a round past the
        last is refused naming the bound."""
        if not isinstance(round_number, int) or not 1 <= round_number <= self.last_round:
            raise SettingRefused("round", bound=Bound(1, self.last_round))
        before = 0
        for index, phase in enumerate(self.phases):
            if round_number <= before + phase.rounds:
                return RoundPlace(index, phase, round_number - before, phase.session)
            before += phase.rounds
        raise AssertionError("unreachable: the round is within the event")  # pragma: no cover

    def session_rounds(self, session: int) -> range:
        """The rounds played in ``session`` (from 1)."""
        if not 1 <= session <= self.sessions:
            raise SettingRefused("session", bound=Bound(1, self.sessions))
        first = 1 + sum(phase.rounds for phase in self.phases if phase.session < session)
        played = sum(phase.rounds for phase in self.phases if phase.session == session)
        return range(first, first + played)

    def next_round(self, finished: int) -> int | None:
        """The round to draw once round ``finished`` is over: None after the event's last round, and after a
        session's last (a night that ends draws no further round: the next session's first round is drawn
        when that session starts, with the pairs then present)."""
        place = self.place_of(finished)
        if finished == self.last_round or finished == self.session_rounds(place.session)[-1]:
            return None
        return finished + 1


def _check_phase(phase: Phase, index: int, pairs: int) -> None:
    _whole("rounds", phase.rounds, PHASE_ROUNDS)
    _whole("session", phase.session, SESSIONS)
    tables = (pairs + 1) // 2
    if phase.kind is PhaseKind.MITCHELL:
        _whole("mitchell_step", phase.step, MITCHELL_STEP)
        if tables > 1 and gcd(phase.step, tables) != 1:  # the movement would repeat meetings (movements.mitchell)
            raise SettingRefused("mitchell_step", bound=Bound(tables, tables), case="divisor")
        if phase.rounds > tables:  # a Mitchell meets every pair of the other line once in as many rounds as tables
            raise SettingRefused("rounds", bound=Bound(1, tables), case="mitchell")
    if phase.kind is PhaseKind.ROUND_ROBIN and phase.rounds > pairs - 1 + pairs % 2:
        raise SettingRefused("rounds", bound=Bound(1, pairs - 1 + pairs % 2), case="round_robin")
    if phase.kind is PhaseKind.DANISH_IN_GROUPS:
        if index == 0:  # groups are cut by the standings: there are none before the first round
            raise SettingRefused("groups", case="first")
        if not GROUPS.holds(len(phase.groups) + 1):  # none named: one group, the whole field
            raise SettingRefused("groups", bound=GROUPS, case="count")
        for size in phase.groups:
            _whole("groups", size, GROUP_PAIRS)
        if sum(phase.groups) > pairs:
            raise SettingRefused("groups", bound=Bound(2, pairs), case="field")
    elif phase.groups:
        raise SettingRefused("groups", choices=(PhaseKind.DANISH_IN_GROUPS.value,), case="kind")


def _whole(field: str, value: object, bound: Bound, case: str = "") -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not bound.holds(value):
        raise SettingRefused(field, bound=bound, case=case)


def group_sizes(pairs: int, most: int = USUAL_GROUP_PAIRS) -> tuple[int, ...]:
    """Groups for ``pairs`` of at most ``most`` pairs each, as few as may be, in whole tables and as even as may
    be, the best groups the smaller ones (an odd pair goes to the last group), 26 groups at most (A to Z: then
    larger groups); the sizes of all groups but the last, which holds the rest. 50 pairs: 16 and 16, the last 18
    (8, 8 and 9 tables)."""
    if most < 2 or pairs < 2:
        raise SettingRefused("groups", bound=GROUP_PAIRS)
    count = min(math.ceil(pairs / most), pairs // 2, int(GROUPS.most))
    tables = pairs // 2
    each, extra = divmod(tables, count)
    in_tables = [each + (1 if k >= count - extra else 0) for k in range(count)]
    return tuple(2 * t for t in in_tables[:-1])


def national(pairs: int, group_pairs: int = USUAL_GROUP_PAIRS) -> Tournament:
    """The federation's national of 11 rounds (the referee's exam): 6 Mitchell and 2 Danish in one group the first
    session, 3 Danish in groups of at most ``group_pairs`` pairs the second."""
    return Tournament(
        pairs,
        (
            Phase(PhaseKind.MITCHELL, min(6, (pairs + 1) // 2), session=1),
            Phase(PhaseKind.DANISH, 2, session=1),
            Phase(PhaseKind.DANISH_IN_GROUPS, 3, session=2, groups=group_sizes(pairs, group_pairs)),
        ),
    )


def weekend_national(pairs: int) -> Tournament:
    """A weekend national: 4 Mitchell on the first evening, then 4 Danish and 3 more Danish the next day (one
    session: the afternoon and the evening, the break between two phases), one standings (Sanremo 2012)."""
    return Tournament(
        pairs,
        (
            Phase(PhaseKind.MITCHELL, min(4, (pairs + 1) // 2), session=1),
            Phase(PhaseKind.DANISH, 4, session=2),
            Phase(PhaseKind.DANISH, 3, session=2),
        ),
    )


def random_then_danish(pairs: int, rounds: int = 9) -> Tournament:
    """The other federation's championship day: a random first round, every later round Danish (9 rounds in the
    series A to D, 4 in the categories)."""
    phases = [Phase(PhaseKind.RANDOM, 1)]
    if rounds > 1:
        phases.append(Phase(PhaseKind.DANISH, rounds - 1))
    return Tournament(pairs, tuple(phases))


#: The presets by name, each made for a field of pairs.
PRESETS: Mapping[str, Callable[[int], Tournament]] = MappingProxyType(
    {"national": national, "weekend_national": weekend_national, "random_then_danish": random_then_danish}
)


def preset(name: str, pairs: int) -> Tournament:
    """The preset ``name`` made for ``pairs``; a name not offered is refused naming the choices."""
    if name not in PRESETS:
        raise SettingRefused("preset", choices=tuple(PRESETS))
    return PRESETS[name](pairs)
