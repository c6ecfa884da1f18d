"""What a club-night round's point difference looks like, per rule set: where the continuous victory-point
scale's decisive difference B (the difference worth 20-0) comes from.

Each rule set played by two sides gets hands made for its own rules: as many canastas to go out as it
asks (natural ones where it asks for them), melds as large as its packs allow, its wild cards counted
against its decks, a few cards left in the hand of the side that did not go out (more in Hand and Foot,
which holds a foot too). A hand the engine refuses is drawn again, so every hand counted is one the
rules allow, and every number is the engine's. A round is 1 to 4 such hands, or a whole game to the
rule set's target (hands until a side reaches it). B is the 90th percentile of the rounds' absolute
differences, rounded to 50: one round in ten is a 20-0, a median round about 16-4.

Prints figures, and the table of defaults that ``scorekeeper/tournament/decisive.py`` keeps (copied from
here when the model or the engine's scoring changes; tests/tournament/test_decisive.py checks they
still agree). Run with ``python bench/victory.py`` (``make bench`` runs it).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.engine import RULESETS, Meld, RuleSet, RuleViolations, SideEntry, configure, score_hand
from scorekeeper.tournament import BURRACO_3_HANDS, VictoryScale

#: Rule sets a club night seats two sides at (pairs, or one player a side in the two-handed ones) whose hands
#: the model makes: Canasta's (the family's melds of cards are not modelled; their nights take the classic
#: game's B, or the director's, and Burraco's its federation's step tables).
TWO_SIDED = tuple(
    ruleset_id
    for ruleset_id, ruleset in RULESETS.items()
    if 2 in ruleset.sides_allowed
    and not ruleset.cutthroat
    and ruleset.players in (2, 4)
    and ruleset.family_melds is None
)
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
ROUNDS = 2000
LENGTHS: tuple[int | None, ...] = (1, 2, 3, 4, None)  # None: a game to the target
TRIES = 200


def modelled_side(rng: random.Random, ruleset: RuleSet, ranks: Sequence[str], wilds: list[int], out: bool) -> SideEntry:
    """One side's half as a table records it under ``ruleset``; ``wilds`` is the jokers and twos left."""
    needed = max(1, ruleset.canastas_to_go_out)
    canastas = needed + (rng.random() < 0.3) if out else rng.randint(0, needed)
    naturals_needed = max(ruleset.go_out_min_natural, 0)
    melds = []
    for index, rank in enumerate(ranks[: canastas + rng.randint(1, 2)]):
        if index < canastas:
            natural = index < naturals_needed or rng.random() < 0.35
            size = rng.randint(ruleset.canasta_size, ruleset.canasta_size + 1)
            wild = 0 if natural else rng.randint(1, min(3, size - ruleset.canasta_min_naturals))
        else:
            size = rng.randint(ruleset.min_meld_size, ruleset.canasta_size - 1)
            wild = 0 if rng.random() < 0.6 else 1
        jokers = min(wild, wilds[0], 1)
        twos = min(wild - jokers, wilds[1])
        wilds[0] -= jokers
        wilds[1] -= twos
        melds.append(Meld(rank, size - jokers - twos, jokers=jokers, twos=twos))
    held = {} if out else {rng.choice(RANKS): rng.randint(1, 3), "3B": rng.randint(0, 1)}
    if not out and ruleset.foot:
        held[rng.choice(RANKS)] = held.get("K", 0) + rng.randint(3, 8)
    return SideEntry(melds=tuple(melds), red_threes=rng.randint(0, 1), went_out=out, hand=held)


def modelled_hand(rng: random.Random, ruleset: RuleSet) -> tuple[int, int]:
    """Each side's hand score for a hand the rules allow (either side going out)."""
    for _ in range(TRIES):
        ranks = rng.sample(RANKS, len(RANKS))
        wilds = [2 * ruleset.decks, 4 * ruleset.decks]
        out = modelled_side(rng, ruleset, ranks[:5], wilds, True)
        other = modelled_side(rng, ruleset, ranks[5:], wilds, False)
        entries = [out, other] if rng.random() < 0.5 else [other, out]
        try:
            sides = score_hand(entries, ruleset).sides
        except RuleViolations:
            continue
        return sides[0].hand_score, sides[1].hand_score
    raise RuntimeError(f"no hand the rules of {ruleset.id} allow in {TRIES} tries")


def round_differences(ruleset_id: str, hands: int | None, rounds: int = ROUNDS, seed: int = 5) -> list[int]:
    """The absolute point difference of ``rounds`` rounds of ``hands`` hands (None: a game to the target)."""
    ruleset = configure(RULESETS[ruleset_id], {}, sides=2)
    rng = random.Random(seed)
    differences = []
    for _ in range(rounds):
        totals = [0, 0]
        played = 0
        while (hands is not None and played < hands) or (hands is None and max(totals) < ruleset.target):
            scores = modelled_hand(rng, ruleset)
            totals = [totals[0] + scores[0], totals[1] + scores[1]]
            played += 1
        differences.append(abs(totals[0] - totals[1]))
    return sorted(differences)


def decisive(differences: Sequence[int]) -> int:
    """B from a sorted list of round differences: its 90th percentile, rounded to 50 (at least 50)."""
    return max(50, round(differences[int(len(differences) * 0.9)] / 50) * 50)


def main() -> None:
    print(f"{'rule set':<16} {'round':>6} {'median':>7} {'p75':>6} {'p90':>6} {'B':>6}   (|difference| of {ROUNDS})")
    table: dict[str, dict[int | None, int]] = {}
    for ruleset_id in TWO_SIDED:
        for hands in LENGTHS:
            found = round_differences(ruleset_id, hands)
            at = [found[int(len(found) * share)] for share in (0.5, 0.75, 0.9)]
            table.setdefault(ruleset_id, {})[hands] = decisive(found)
            print(
                f"{ruleset_id:<16} {hands or 'game':>6} {at[0]:>7} {at[1]:>6} {at[2]:>6} {table[ruleset_id][hands]:>6}"
            )
    classic = table["classic"][3]
    scale, burraco = VictoryScale(classic), BURRACO_3_HANDS
    gap = max(abs(scale.points(d, 0)[0] - burraco.points(d, 0)[0]) for d in range(0, 2001, 5))
    print(f"classic 3 hands, B = {classic}, against the Burraco 3-hand table (0-2000): {gap:.2f} VP apart at most")
    print("DECISIVE = {")
    for ruleset_id, by_length in table.items():
        print(f"    {ruleset_id!r}: {{{', '.join(f'{hands}: {b}' for hands, b in by_length.items())}}},")
    print("}")


if __name__ == "__main__":
    main()
