"""Engine benchmark: hands scored per second, valid and refused, the whole path from a scoring request's
JSON to the scores with its split, and the API's own rate.

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
import gc
import json

from scorekeeper import create_app
from scorekeeper.engine import RULESETS, Meld, RuleSet, RuleViolations, SideEntry, configure, configured, score_hand
from scorekeeper.shapes.by_ruleset import require_the_round, side_entries
from scorekeeper.shapes.problems import read
from scorekeeper.shapes.requests import ScoreRequest

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


def naive_side(entry: SideEntry, ruleset: RuleSet, opponent_out: bool) -> int:
    """The yardstick: a side's hand score the shortest way, with no checks at all (not the engine's code)."""
    values = ruleset.card_values
    points = canastas = bonus = 0
    for meld in entry.melds:
        wild = meld.jokers + meld.twos
        points += meld.naturals * values.get(meld.rank, 0) + meld.jokers * values["JOKER"] + meld.twos * values["2"]
        if meld.naturals + wild >= ruleset.canasta_size and meld.naturals >= ruleset.canasta_min_naturals:
            canastas += 1
            bonus += ruleset.mixed_bonus if wild else ruleset.rank_natural_bonus.get(meld.rank, ruleset.natural_bonus)
    threes = entry.red_threes
    red = ruleset.red3_table[threes - 1] if 0 < threes <= len(ruleset.red3_table) else 0
    against = {
        "no_meld": not entry.melds,
        "no_meld_and_opponent_out": not entry.melds and opponent_out,
        "no_canasta": canastas == 0,
        "fewer_than_2_canastas": canastas < 2,
    }.get(ruleset.red3_negative_when.value, False)
    out = ruleset.go_out_bonus if entry.went_out else 0
    held = sum(
        count * (ruleset.black_three_hand_value if key == "3B" else values[key]) for key, count in entry.hand.items()
    )
    extra = max((b for n, b in ruleset.canasta_count_bonus.items() if canastas >= n), default=0)
    return points + bonus + (-red if against else red) + out + extra - held


def naive_hand(entries: list[SideEntry], ruleset: RuleSet) -> list[int]:
    """Every side's hand score by the naive scorer."""
    return [naive_side(e, ruleset, any(o.went_out for o in entries if o is not e)) for e in entries]


def request_json(ruleset_id: str, entries: list[SideEntry]) -> bytes:
    """The hand as a client sends it to ``POST /api/v1/score``: only the fields it gives."""
    sides = []
    for entry in entries:
        side: dict[str, object] = {"total_before": entry.total_before}
        side["melds"] = [
            {"rank": m.rank, "naturals": m.naturals, **({"jokers": m.jokers} if m.jokers else {})}
            | ({"twos": m.twos} if m.twos else {})
            for m in entry.melds
        ]
        if entry.red_threes:
            side["red_threes"] = entry.red_threes
        if entry.went_out:
            side["went_out"] = True
        if entry.hand:
            side["hand"] = dict(entry.hand)
        sides.append(side)
    return json.dumps({"ruleset": ruleset_id, "sides": sides}).encode()


def side_name(number: int) -> str:
    return f"Side {number}"


def read_request(body: bytes) -> ScoreRequest:
    """The path's first part: the body read and checked by the request model."""
    return read(ScoreRequest, json.loads(body))


def engine_values(entry: ScoreRequest) -> tuple[RuleSet, tuple[SideEntry, ...]]:
    """The second: the request turned into the engine's values (its rule set with house rules, each side)."""
    ruleset = configured(entry.ruleset, entry.options, sides=len(entry.sides))
    sides = side_entries(ruleset, entry.sides, side_name)
    require_the_round(ruleset, entry.hand_number)
    return ruleset, sides


def scored(entry: ScoreRequest, ruleset: RuleSet, sides: tuple[SideEntry, ...]) -> None:
    """The third: the engine scores the hand (a refused hand raises ``RuleViolations``)."""
    score_hand(sides, ruleset, entry.hand_number, entry.pair(), ended_on_stock=entry.end == "stock_out")


def score_request(body: bytes) -> None:
    """What ``POST /api/v1/score`` does between the body's bytes and the scores (the API view's steps,
    api/scoring.py, without Flask)."""
    entry = read_request(body)
    scored(entry, *engine_values(entry))


def path_split(bodies: list[bytes], rounds: int = 5) -> tuple[float, float, float]:
    """Microseconds a hand spends in each part of the path (median of ``rounds``): reading the request,
    turning it into the engine's values, and the engine. Each hand goes through the three in turn, as in a
    request, each part timed on its own clock."""
    clock = time.perf_counter
    parts: list[tuple[float, float, float]] = []
    for _ in range(rounds):
        gc.collect()
        request = conversion = engine = 0.0
        for body in bodies:
            start = clock()
            entry = read_request(body)
            read_at = clock()
            ruleset, sides = engine_values(entry)
            converted_at = clock()
            with contextlib.suppress(RuleViolations):
                scored(entry, ruleset, sides)
            scored_at = clock()
            request += read_at - start
            conversion += converted_at - read_at
            engine += scored_at - converted_at
        each = 1e6 / len(bodies)
        parts.append((request * each, conversion * each, engine * each))
    median_request, median_conversion, median_engine = (statistics.median(part) for part in zip(*parts, strict=True))
    return median_request, median_conversion, median_engine


#: The whole path's rate over the naive scorer's before issue 37 (this benchmark run on the commit before it).
PATH_BEFORE = 0.039
#: Issue 37's target for the whole path.
PATH_TARGET = 0.6

#: The engine's rate over the naive scorer's before issue 13 (median of 3 runs of this benchmark, paired as below).
BEFORE = 0.043


def paired(
    engine: Callable[[], int], naive: Callable[[], int], rounds: int = 9, *, collect: bool = False
) -> tuple[float, float, float]:
    """Both scorers in alternating rounds, so that a slow moment of a shared machine slows both:
    each one's median rate and the median of the rounds' ratios. ``collect``: the garbage collector runs
    before each side's round, so that one side's garbage is not collected in the other's time (the whole
    path leaves much; issue 13's figure is kept as it was measured, without)."""
    engine_rates, naive_rates, ratios = [], [], []
    for _ in range(rounds):
        if collect:
            gc.collect()
        start = time.perf_counter()
        engine_rates.append(engine() / (time.perf_counter() - start))
        if collect:
            gc.collect()
        start = time.perf_counter()
        naive_rates.append(naive() / (time.perf_counter() - start))
        ratios.append(engine_rates[-1] / naive_rates[-1])
    return statistics.median(engine_rates), statistics.median(naive_rates), statistics.median(ratios)


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

    def score_naive() -> int:
        for ruleset_id, entries in valid:
            naive_hand(entries, configured[ruleset_id])
        return len(valid)

    agree = sum(
        naive_hand(entries, configured[rid]) == [s.hand_score for s in score_hand(entries, configured[rid]).sides]
        for rid, entries in valid
    )
    print(f"the naive scorer agrees with the engine on {agree} of {len(valid)} hands")
    engine_rate, naive_rate, ratio = paired(score_valid, score_naive)
    print(f"{'engine: realistic hands scored':<44} {engine_rate:>10,.0f} /s")
    print(f"{'naive scorer, no checks (yardstick)':<44} {naive_rate:>10,.0f} /s")
    verdict = "met" if ratio >= 3 * BEFORE else "NOT MET"
    print(
        f"{'engine / naive scorer':<44} {ratio:>10.3f}   (before issue 13: {BEFORE:.3f};"
        f" target 3 x: >= {3 * BEFORE:.3f}, {verdict})"
    )
    rate("engine: refused entries (all violations found)", score_refused)

    bodies = [request_json(ruleset_id, entries) for ruleset_id, entries in valid]

    def whole_path() -> int:
        for body in bodies:
            with contextlib.suppress(RuleViolations):
                score_request(body)
        return len(bodies)

    path_rate, naive_rate, path_ratio = paired(whole_path, score_naive, collect=True)
    print(f"{'whole path: request JSON to scores':<44} {path_rate:>10,.0f} /s")
    print(f"{'naive scorer, no checks (yardstick)':<44} {naive_rate:>10,.0f} /s")
    verdict = "met" if path_ratio >= PATH_TARGET else "NOT MET"
    print(
        f"{'whole path / naive scorer':<44} {path_ratio:>10.3f}   (before issue 37: {PATH_BEFORE:.3f};"
        f" target >= {PATH_TARGET}, {verdict})"
    )

    def parsed_naive() -> int:  # the least any path from the request's JSON can do: parse it, add the numbers
        for body, (ruleset_id, entries) in zip(bodies, valid, strict=True):
            json.loads(body)
            naive_hand(entries, configured[ruleset_id])
        return len(bodies)

    _, _, ceiling = paired(parsed_naive, score_naive, collect=True)
    print(
        f"{'ceiling: JSON parsed, then the naive scorer':<44} {ceiling:>10.3f}   (no checks at all: the most any path"
        " from the request's JSON can reach)"
    )
    request, conversion, engine = path_split(bodies)
    whole = request + conversion + engine
    print(
        f"{'whole path split, microseconds a hand':<44} request {request:.1f} ({request / whole:.0%}),"
        f" conversion {conversion:.1f} ({conversion / whole:.0%}), engine {engine:.1f} ({engine / whole:.0%})"
    )

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
