"""A tournament's round seated by its phase: the Mitchell's round within its phase, all against all, a random
draw, Danish over the whole field (no meeting repeated while another seating exists) or Danish in groups. The
movements themselves are movements.py's and groups.py's; this module only says which one a round uses."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from .groups import danish_in_groups
from .movements import Line, Round, by_standings, mitchell, mitchell_lines, round_robin
from .phases import PhaseKind, Tournament


def random_round(pairs: Sequence[int], seed: int) -> Round:
    """A random draw of ``pairs``: shuffled by ``seed`` (kept by the caller, so the draw can be shown and made
    again), then seated two by two, the last drawn sitting out with an odd number."""
    drawn = list(pairs)
    random.Random(seed).shuffle(drawn)
    return by_standings(drawn)


def draw_round(
    tournament: Tournament,
    round_number: int,
    ranked: Sequence[int],
    *,
    met: Collection[frozenset[int]] = (),
    had_bye: Collection[int] = (),
    lines: tuple[Line, Line] | None = None,
    ranked_groups: Sequence[Sequence[int]] = (),
    seed: int = 0,
) -> Round:
    """Round ``round_number`` of ``tournament`` for the pairs still playing, ``ranked`` by the event's standings
    (best first; a first round: as entered). ``met``: every meeting so far (Danish repeats none while another
    seating exists); ``lines``: the Mitchell's lines as the phase began (or as late pairs and withdrawals left
    them), else made from the pairs in number order, as all against all is (a movement that does not follow the
    standings keeps one order all phase); ``ranked_groups``: in a grouped phase, each group's pairs ranked by its own
    standings (groups.cut_groups at the phase's first round, then groups.group_standings)."""
    place = tournament.place_of(round_number)
    phase = place.phase
    if phase.kind is PhaseKind.MITCHELL:
        return mitchell(lines or mitchell_lines(sorted(ranked)), place.in_phase, phase.step)
    if phase.kind is PhaseKind.ROUND_ROBIN:
        return round_robin(sorted(ranked), place.in_phase)
    if phase.kind is PhaseKind.RANDOM:
        return random_round(ranked, seed)
    if phase.kind is PhaseKind.DANISH:
        return by_standings(ranked, avoid=met, had_bye=had_bye)
    if not ranked_groups:
        raise ValueError("a round of Danish in groups needs each group's pairs, ranked")
    return danish_in_groups(ranked_groups, met, had_bye)
