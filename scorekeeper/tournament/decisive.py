"""The continuous scale's decisive difference B (the difference worth 20-0), by rule set and round length.

Derived by ``bench/victory.py`` from hands made for each rule set's own rules and scored by the engine
(2,000 rounds of each length): B is the 90th percentile of a round's point difference, rounded to 50,
so that one round in ten ends 20-0 and a median round about 16-4. docs/victory-points.md says how, and
tests/tournament/test_decisive.py checks the table still agrees with the engine. A night may choose
any other B.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

#: B by rule set, for rounds of 1 to 4 hands and (None) a whole game to the rule set's target.
DECISIVE: Mapping[str, Mapping[int | None, int]] = {
    "classic": {1: 1000, 2: 1400, 3: 1800, 4: 2000, None: 2700},
    "classic_2p": {1: 1350, 2: 2100, 3: 2500, 4: 2900, None: 3150},
    "es_online_15": {1: 1350, 2: 2100, 3: 2500, 4: 2900, None: 3150},
    "es_tradicional": {1: 1000, 2: 1400, 3: 1800, 4: 2000, None: 2700},
    "hoyle_2p": {1: 1000, 2: 1400, 3: 1800, 4: 2000, None: 2700},
    "us_partnership": {1: 1000, 2: 1400, 3: 1800, 4: 2000, None: 2700},
    "app_2p_11": {1: 1350, 2: 2100, 3: 2500, 4: 2900, None: 3150},
    "uruguayan": {1: 1000, 2: 1400, 3: 1800, 4: 2000, None: 2700},
    "modern_american": {1: 3750, 2: 5100, 3: 6400, 4: 7600, None: 12500},
    "samba": {1: 1550, 2: 2500, 3: 3050, 4: 3450, None: 5400},
    "hand_and_foot": {1: 2250, 2: 3400, 3: 4200, 4: 4850, None: 5500},
}
#: A hand's length at a club table: the documented evening plays three hands in fifty minutes.
MINUTES_A_HAND = 50 / 3
#: Rule sets the table does not hold (three-handed, six players; the family's club games, whose hands the bench
#: does not model) take the classic game's values.
FALLBACK = "classic"


def default_decisive(ruleset_id: str, hands: int | None = None, minutes: int | None = None) -> int:
    """B for rounds of ``hands`` hands, or of ``minutes`` minutes (a hand every 50/3 minutes), or (neither)
    a whole game to the target. Past four hands, B grows with the square root of the hands, as a sum of
    independent hands' differences does."""
    by_length = DECISIVE.get(ruleset_id, DECISIVE[FALLBACK])
    if hands is None and minutes is not None:
        hands = max(1, round(minutes / MINUTES_A_HAND))
    if hands is None:
        return by_length[None]
    if hands < 1:
        raise ValueError("a round has at least one hand")
    if hands in by_length:
        return by_length[hands]
    return round(by_length[4] * math.sqrt(hands / 4) / 50) * 50
