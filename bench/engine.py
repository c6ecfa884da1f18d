"""Engine benchmark: hands scored per second, valid and refused, and the API's own rate.

Prints figures only (nothing asserts a time). Run with ``make bench``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import contextlib

from scorekeeper import create_app
from scorekeeper.engine import RULESETS, Meld, RuleViolations, SideEntry, configure, score_hand

RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
PARTNERSHIP = ["classic", "es_online_15", "es_tradicional", "us_partnership", "uruguayan"]
TWO_PLAYER = ["classic_2p", "hoyle_2p", "app_2p_11"]


def realistic_side(rng: random.Random, ranks: list[str], spare: str, wilds_left: list[int], out: bool) -> SideEntry:
    """A side as tables record it: a few melds, one or two of them canastas, a few cards left.

    ``wilds_left`` is the jokers and twos still in the packs, shared by both sides.
    """
    melds = []
    for index, rank in enumerate(ranks):
        canasta = index < (2 if out else rng.randint(0, 1))
        naturals = rng.randint(4, 6) if canasta else 3
        wilds = (7 - naturals) if canasta else rng.randint(0, 1)
        jokers = min(wilds, wilds_left[0], 1)
        twos = min(wilds - jokers, wilds_left[1])
        wilds_left[0] -= jokers
        wilds_left[1] -= twos
        melds.append(Meld(rank, naturals + (wilds - jokers - twos), jokers=jokers, twos=twos))
    hand = {} if out else {spare: rng.randint(1, 2), "3B": rng.randint(0, 1)}
    return SideEntry(
        total_before=rng.randrange(0, 4000, 5),
        melds=tuple(melds),
        red_threes=rng.randint(0, 1),
        went_out=out,
        hand=hand,
    )


def realistic_hands(count: int, seed: int = 7) -> list[tuple[str, list[SideEntry]]]:
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        ruleset = rng.choice(PARTNERSHIP + TWO_PLAYER)
        ranks = rng.sample(RANKS, 9)
        wilds_left = [4, 8]
        out = realistic_side(rng, ranks[:4], ranks[8], wilds_left, True)
        hands.append((ruleset, [out, realistic_side(rng, ranks[4:8], ranks[8], wilds_left, False)]))
    return hands


def refused_hands(count: int, seed: int = 11) -> list[tuple[str, list[SideEntry]]]:
    """Entries with typical mistakes: too many wilds, going out short, counts past the deck."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        bad = SideEntry(
            melds=(Meld("Q", 1, 2, 2), Meld("K", 9, 0, 0)), went_out=True, concealed=True, hand={"3R": 1, "JOKER": 5}
        )
        hands.append((rng.choice(PARTNERSHIP), [bad, realistic_side(rng, ["5", "6"], "7", [4, 8], False)]))
    return hands


def rate(label: str, work: Callable[[], int], repeats: int = 5) -> None:
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        done = work()
        runs.append(done / (time.perf_counter() - start))
    print(f"{label:<44} {statistics.median(runs):>10,.0f} /s   (median of {repeats}; best {max(runs):,.0f})")


def main() -> None:
    configured = {rid: configure(RULESETS[rid], sides=2) for rid in PARTNERSHIP + TWO_PLAYER}
    valid = realistic_hands(2000)
    refused = refused_hands(2000)
    scored = 0
    for ruleset_id, entries in valid:
        try:
            score_hand(entries, configured[ruleset_id])
            scored += 1
        except RuleViolations:
            pass
    print(f"mix: {len(valid)} realistic hands over {len(configured)} rule sets, {scored} of them valid")

    def score_valid() -> int:
        for ruleset_id, entries in valid:
            with contextlib.suppress(RuleViolations):
                score_hand(entries, configured[ruleset_id])
        return len(valid)

    def score_refused() -> int:
        for ruleset_id, entries in refused:
            with contextlib.suppress(RuleViolations):
                score_hand(entries, configured[ruleset_id])
        return len(refused)

    rate("engine: realistic hands scored", score_valid)
    rate("engine: refused entries (all violations found)", score_refused)

    tracemalloc.start()
    kept = [score_hand(entries, configured[rid]) for rid, entries in valid if rid in configured]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{'engine: peak memory, 2000 results kept':<44} {peak / 1024:>10,.0f} KiB ({len(kept)} results)")

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    client = app.test_client()
    body = {
        "ruleset": "classic",
        "sides": [
            {
                "total_before": 1400,
                "melds": [{"rank": "8", "naturals": 6, "jokers": 1}, {"rank": "4", "naturals": 3}],
                "red_threes": 2,
                "hand": {"K": 1, "JOKER": 1},
            },
            {
                "total_before": 2900,
                "melds": [{"rank": "A", "naturals": 7}, {"rank": "6", "naturals": 4, "twos": 1}],
                "went_out": True,
            },
        ],
    }

    def api_requests() -> int:
        for _ in range(300):
            client.post("/api/v1/score", json=body)
        return 300

    rate("API: POST /api/v1/score (test client, 1 core)", api_requests, repeats=3)


if __name__ == "__main__":
    main()
