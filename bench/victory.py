"""What a round's point difference looks like, for choosing the continuous victory-point scale's
decisive difference B: rounds of 2, 3 and 4 hands made of bench/engine.py's realistic hands, scored by
the engine; and how far the continuous scale lies from the Burraco 3-hand table at B = 1500.

Prints figures only. Run with ``python bench/victory.py``. The realistic hands model classic-like play
only (two canastas to go out, no sequences, no special hands), so every rule set they cover gives the
same figures: a per-rule-set model comes before per-rule-set defaults.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import PARTNERSHIP, RANKS, TWO_PLAYER, realistic_side  # bench/engine.py

from scorekeeper.engine import RULESETS, configure, score_hand
from scorekeeper.tournament import BURRACO_3_HANDS, VictoryScale

ROUNDS = 2000


def round_differences(ruleset_id: str, hands: int, seed: int = 5) -> list[int]:
    """The absolute point difference of ``ROUNDS`` rounds of ``hands`` hands, either side going out."""
    ruleset = configure(RULESETS[ruleset_id], {}, sides=2)
    rng = random.Random(seed)
    differences = []
    for _ in range(ROUNDS):
        difference = 0
        for _ in range(hands):
            ranks = rng.sample(RANKS, 9)
            wilds_left = [4, 8]
            out = realistic_side(rng, ranks[:4], ranks[8], wilds_left, True)
            other = realistic_side(rng, ranks[4:8], ranks[8], wilds_left, False)
            entries = [out, other] if rng.random() < 0.5 else [other, out]
            sides = score_hand(entries, ruleset).sides
            difference += sides[0].hand_score - sides[1].hand_score
        differences.append(abs(difference))
    return sorted(differences)


def main() -> None:
    print(f"{'rule set':<16} {'hands':>5} {'median':>7} {'p75':>6} {'p90':>6}   (|difference| of {ROUNDS} rounds)")
    for ruleset_id in PARTNERSHIP + TWO_PLAYER:
        for hands in (2, 3, 4):
            found = round_differences(ruleset_id, hands)
            at = [found[int(len(found) * share)] for share in (0.5, 0.75, 0.9)]
            print(f"{ruleset_id:<16} {hands:>5} {at[0]:>7} {at[1]:>6} {at[2]:>6}")
    scale = VictoryScale(1500)
    gap = max(abs(scale.points(d, 0)[0] - BURRACO_3_HANDS.points(d, 0)[0]) for d in range(0, 2001, 5))
    print(
        f"continuous scale at B = 1500 against the Burraco 3-hand table, differences 0-2000: {gap:.2f} VP apart at most"
    )


if __name__ == "__main__":
    main()
