"""Taps to record a hand at the table, card by card and the paper-sheet way, counted in a real browser.

Each journey is a list of steps a person does on the hand form in headless Chromium at 390 x 844:
a tap on a control counts one; typing in a box counts one for the tap on the box and one per key.
Saving is the last tap. Starting the game (the new-game page) is not counted. The app is served as
`make run` serves it (gunicorn, a migrated database). The saved hand's
scores are read back from the game's JSON and checked, so a journey that saves a different hand
fails instead of printing a small number. Issue 14's limits for the typical hand: 25 card by card,
15 the paper-sheet way; a typical Burraco hand is held to the same.

Issue 50: a set of real hands of each family game (bench/family_hands.py: at least twelve each, with their scores
worked out by hand) is recorded both ways, a run as its suit and two taps on its row of cards (one more for its
wild card's place), and the bench prints the median and the 90th percentile (the nearest rank: a hand of the
set) of each game and way. Burraco card by card: a median of at most 20 taps, a 90th percentile of at most 30.
Run with ``make bench`` (or ``python bench/taps.py``; ``--family`` for the real hands only).
"""

from __future__ import annotations

import math
import os
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent
for folder in (ROOT, BENCH):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from family_hands import HANDS, Hand, Run, Set  # noqa: E402

from scorekeeper.engine import RULESETS  # noqa: E402
from scorekeeper.engine.family.cards import run_cards  # noqa: E402
from scorekeeper.engine.family.melds import meld_of  # noqa: E402
from scorekeeper.engine.family.quick import KIND_FIELDS  # noqa: E402
from scorekeeper.engine.family_parameters import FamilyMelds  # noqa: E402

#: A step: ("tap", selector) or ("type", selector, keys).
Step = tuple[str, ...]
SAVE: Step = ("tap", "form.hand-form button[type=submit]")
LIMITS = {"detailed": 25, "quick": 15}


def went_out(side: int) -> Step:
    return ("tap", f"#side-{side} label.chip:has(#out-{side})")


def red_threes(side: int, count: int) -> Step:
    return ("tap", f"#side-{side} label.chip:has(#s{side}_red3-{count})")


def meld(side: int, rank: str) -> Step:
    """The rank chip: a new meld of that rank at 3 naturals."""
    return ("tap", f"#side-{side} [data-rank-chips] button[data-rank='{rank}']")


def more(box: str) -> Step:
    return ("tap", f"{box} + button")


def fewer(box: str) -> Step:
    return ("tap", f".stepper:has({box}) > button:first-child")


def held(side: int, *keys: str) -> list[Step]:
    """Card chips, card by card: one tap per card left in hand."""
    return [("tap", f"#side-{side} button[data-count='s{side}_h_{key}']") for key in keys]


def held_points(side: int, *names: str) -> list[Step]:
    """Card chips, the paper-sheet way: each tap adds the card's points to the points left in hand."""
    return [
        ("tap", f"#side-{side} [data-points-into] button:text-is('{name}')")
        for name in names  # the chip's label, as the player reads it
    ]


def typed(box: str, keys: str) -> Step:
    return ("type", box, keys)


def chosen(box: str, value: str) -> Step:
    """A choice from a list: a tap to open it, a tap to pick."""
    return ("choose", box, value)


#: The family's suit chips, in their order on the form.
SUITS = "SHDC"
PACKETS = ("taken", "not_taken", "taken_unplayed")


def packet(side: int, what: str) -> Step:
    """The side's packet (pozzetto, morto, muerto): taken, not taken, or taken and not played."""
    return ("tap", f"#side-{side} label.chip:has(#s{side}_packet-{PACKETS.index(what)})")


def place(rank: str, *, high: bool) -> int:
    """A rank's place on a run's row of cards: 1 a low ace, 2 to 13 the two to the king, 14 a high ace."""
    if rank == "A":
        return 14 if high else 1
    return ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K").index(rank) + 2


def run(
    side: int, row: int, suit: str, low: str, high: str, wild: str = "", two: bool = False, jokers: bool = True
) -> list[Step]:
    """A run of the family's games: its suit chip, then its lowest and its highest card on its row of cards; the
    place its wild card stands in, if it has one, on the joker's row or the two's (a game without jokers has the
    two's only)."""
    prefix = f"#s{side}_r{row}"
    steps: list[Step] = [
        ("tap", f"#side-{side} label.chip:has({prefix}_suit-{SUITS.index(suit)})"),
        ("tap", f"{prefix} [data-run-ends] button[data-place='{place(low, high=False)}']"),
        ("tap", f"{prefix} [data-run-ends] button[data-place='{place(high, high=True)}']"),
    ]
    if wild:
        kind = "2" if two or not jokers else "JK"
        wild_at = place(wild, high=low != "A")
        steps.append(("tap", f"{prefix} [data-run-wild] [data-kind='{kind}'] button[data-place='{wild_at}']"))
    return steps


def discard(side: int, card: str) -> list[Step]:
    """The card discarded to go out, on its buttons: its suit and its rank, or the joker."""
    buttons = f"#side-{side} [data-discard]"
    if card == "JK":
        return [("tap", f"{buttons} button[data-rank='JK']")]
    return [("tap", f"{buttons} button[data-suit='{card[-1]}']"), ("tap", f"{buttons} button[data-rank='{card[:-1]}']")]


def tally(side: int) -> Step:
    """Open "add them up for me" under the card points melded (the paper-sheet way)."""
    return ("tap", f"#side-{side} details.tally > summary")


def worth(side: int, points: int) -> str:
    """The box of how many melded cards are worth ``points``."""
    return f"#side-{side} [data-tally-into] input[data-worth='{points}']"


def tap_count(step: Step) -> int:
    """A tap is one; a choice from a list two (open, pick); typing one for the box and one a key."""
    if step[0] == "tap":
        return 1
    return 2 if step[0] == "choose" else 1 + len(step[2])


@dataclass(frozen=True)
class Journey:
    """One hand, recorded one way, and the scores it must save."""

    hand: str
    mode: str  # "detailed" (card by card) or "quick" (paper sheet)
    ruleset: str
    shape: tuple[int, int]  # players, sides
    steps: tuple[Step, ...]
    scores: tuple[int, ...]

    @property
    def taps(self) -> int:
        return sum(tap_count(step) for step in self.steps)


TYPICAL = "classic, the typical hand"
SUMMED = "classic, the typical hand, sums by the app"
TWO_HANDED = "classic two-handed"
NEVER_MELDED = "classic, a side that never melded"
BURRACO = "burraco, the typical hand"

JOURNEYS = (
    # Side A went out with 8s (6 naturals + a joker), Ks (3), As (2 + a two), 2 red threes;
    # side B has Qs (4), 5s (3), 1 red three, and holds K, 7 and a joker: 800 / 90.
    Journey(
        TYPICAL,
        "detailed",
        "classic",
        (4, 2),
        (
            went_out(0),
            meld(0, "8"),
            typed("#s0_m_8_n", "6"),
            more("#s0_m_8_j"),
            meld(0, "K"),
            meld(0, "A"),
            fewer("#s0_m_A_n"),
            more("#s0_m_A_t"),
            red_threes(0, 2),
            meld(1, "Q"),
            more("#s1_m_Q_n"),
            meld(1, "5"),
            red_threes(1, 1),
            *held(1, "K", "7", "JOKER"),
            SAVE,
        ),
        (800, 90),
    ),
    Journey(
        TYPICAL,
        "quick",
        "classic",
        (4, 2),
        (
            went_out(0),
            typed("#s0_q_meld_points", "200"),
            more("#s0_q_mixed"),
            red_threes(0, 2),
            typed("#s1_q_meld_points", "55"),
            red_threes(1, 1),
            *held_points(1, "K", "7", "Joker"),
            SAVE,
        ),
        (800, 90),
    ),
    # The same hand the paper-sheet way with no sum done in the head: the melded cards counted by value.
    Journey(
        SUMMED,
        "quick",
        "classic",
        (4, 2),
        (
            went_out(0),
            tally(0),
            more(worth(0, 50)),
            more(worth(0, 20)),
            more(worth(0, 20)),
            more(worth(0, 20)),
            typed(worth(0, 10), "9"),
            more("#s0_q_mixed"),
            red_threes(0, 2),
            tally(1),
            typed(worth(1, 10), "4"),
            typed(worth(1, 5), "3"),
            red_threes(1, 1),
            *held_points(1, "K", "7", "Joker"),
            SAVE,
        ),
        (800, 90),
    ),
    # Eva went out with Ks (7 naturals) and 9s (5 naturals + 2 twos), 1 red three; Tomás has 5s (3)
    # and holds an ace and a joker: 1160 / -55.
    Journey(
        TWO_HANDED,
        "detailed",
        "classic_2p",
        (2, 2),
        (
            went_out(0),
            meld(0, "K"),
            typed("#s0_m_K_n", "7"),
            meld(0, "9"),
            typed("#s0_m_9_n", "5"),
            typed("#s0_m_9_t", "2"),
            red_threes(0, 1),
            meld(1, "5"),
            *held(1, "A", "JOKER"),
            SAVE,
        ),
        (1160, -55),
    ),
    Journey(
        TWO_HANDED,
        "quick",
        "classic_2p",
        (2, 2),
        (
            went_out(0),
            typed("#s0_q_meld_points", "160"),
            more("#s0_q_natural"),
            more("#s0_q_mixed"),
            red_threes(0, 1),
            typed("#s1_q_meld_points", "15"),
            *held_points(1, "A", "Joker"),
            SAVE,
        ),
        (1160, -55),
    ),
    # Side A went out with Ks (7 naturals) and Qs (3); side B never melded: 1 red three counts
    # against it, and it holds two jokers, an ace and a 5: 700 / -225.
    Journey(
        NEVER_MELDED,
        "detailed",
        "classic",
        (4, 2),
        (
            went_out(0),
            meld(0, "K"),
            typed("#s0_m_K_n", "7"),
            meld(0, "Q"),
            red_threes(1, 1),
            *held(1, "JOKER", "JOKER", "A", "5"),
            SAVE,
        ),
        (700, -225),
    ),
    Journey(
        NEVER_MELDED,
        "quick",
        "classic",
        (4, 2),
        (
            went_out(0),
            typed("#s0_q_meld_points", "100"),
            more("#s0_q_natural"),
            red_threes(1, 1),
            *held_points(1, "Joker", "Joker", "A", "5"),
            SAVE,
        ),
        (700, -225),
    ),
    # Burraco: North-South close with a clean run 4H-10H (50, clean 200) and three kings (30), closing 100;
    # East-West took their pozzetto, melded four sevens and a two (40) and hold an ace and a joker (45):
    # 380 / -5. Going out, North-South's pozzetto is taken: the form says so by itself.
    Journey(
        BURRACO,
        "detailed",
        "burraco",
        (4, 2),
        (
            went_out(0),
            *run(0, 0, "H", "4", "10"),
            meld(0, "K"),
            packet(1, "taken"),
            meld(1, "7"),
            more("#s1_m_7_n"),
            more("#s1_m_7_t"),
            *held(1, "A", "JOKER"),
            SAVE,
        ),
        (380, -5),
    ),
    Journey(
        BURRACO,
        "quick",
        "burraco",
        (4, 2),
        (
            went_out(0),
            typed("#s0_q_meld_points", "80"),
            more("#s0_q_natural"),
            packet(1, "taken"),
            typed("#s1_q_meld_points", "40"),
            *held_points(1, "A", "Joker"),
            SAVE,
        ),
        (380, -5),
    ),
)


def family_rules(hand: Hand) -> FamilyMelds:
    """The meld rules of a real hand's game."""
    rules = RULESETS[hand.game].family_melds
    assert rules is not None
    return rules


def cards_of(meld: Run | Set, jokers: bool) -> list[str]:
    """A real hand's meld written card by card, as the engine reads it (a wild two of another suit than its run's;
    in a game without jokers every wild card is a two)."""
    if isinstance(meld, Run):
        first, last = place(meld.low, high=False), place(meld.high, high=True)
        if not meld.wild:
            return run_cards(meld.suit, first, last)
        wild = ("2S" if meld.suit != "S" else "2H") if meld.two or not jokers else "JK"
        return run_cards(meld.suit, first, last, wild=(place(meld.wild, high=meld.low != "A"), wild))
    naturals = [f"{meld.rank}{'SHDC'[n % 4]}" for n in range(meld.naturals)]
    return naturals + ["JK"] * meld.jokers + ["2C"] * meld.twos


def count_in(box: str, count: int) -> list[Step]:
    """A count in a box with a stepper: "+" once or twice, else typed."""
    return [more(box)] * count if count <= 2 else [typed(box, str(count))]


def card_by_card(i: int, melds: tuple[Run | Set, ...], held_cards: list[str], jokers: bool) -> list[Step]:
    """A side's melds and held cards card by card: each run on its row of cards (a run beyond the third opens
    "More runs" by itself), each set by its rank chip and its counts, each card held by its chip."""
    steps: list[Step] = []
    runs = 0
    for item in melds:
        if isinstance(item, Run):
            steps += run(i, runs, item.suit, item.low, item.high, item.wild, item.two, jokers)
            runs += 1
            continue
        steps.append(meld(i, item.rank))  # 3 naturals
        naturals = f"#s{i}_m_{item.rank}_n"
        steps += [more(naturals)] * (item.naturals - 3) if item.naturals <= 5 else [typed(naturals, str(item.naturals))]
        steps += count_in(f"#s{i}_m_{item.rank}_j", item.jokers) if item.jokers else []
        steps += count_in(f"#s{i}_m_{item.rank}_t", item.twos) if item.twos else []
    return steps + held(i, *held_cards)


def paper_sheet(i: int, hand: Hand, melds: tuple[Run | Set, ...], held_cards: list[str]) -> list[Step]:
    """A side the paper-sheet way: the points of its melded cards, its canastas by kind, the points it holds
    (typed, or its cards tapped where that is fewer taps)."""
    rules = family_rules(hand)
    read = [meld_of(cards_of(item, rules.jokers), rules) for item in melds]
    steps: list[Step] = []
    points = sum(meld.points for meld in read)
    if points:
        steps.append(typed(f"#s{i}_q_meld_points", str(points)))
    for kind, name in KIND_FIELDS.items():
        count = sum(meld.canasta is kind for meld in read)
        steps += count_in(f"#s{i}_q_{name}", count) if count else []
    values = rules.card_values
    in_hand = sum(values["JK" if card == "JOKER" else card] for card in held_cards)
    names = ["Joker" if card == "JOKER" else card for card in held_cards]
    if in_hand:
        by_chips = held_points(i, *names)
        by_typing = [typed(f"#s{i}_q_hand_points", str(in_hand))]
        steps += by_chips if len(by_chips) <= tap_count(by_typing[0]) else by_typing
    return steps


def real_hand(hand: Hand, mode: str) -> Journey:
    """A real hand of the family, recorded one way. Going out, a side's packet is taken: the form ticks it; the card
    a side discarded to go out, where the table writes it, says the side went out with it."""
    steps: list[Step] = [("tap", "label.stock-out")] if hand.stock_out else []
    for i, side in enumerate(hand.sides):
        assert not side.discard or side.out == "discard", hand.story
        if side.discard:
            steps += discard(i, side.discard)
        elif side.out:
            steps.append(("tap", f"#side-{i} label.chip:has(#out-{i}{'n' if side.out == 'no_discard' else ''})"))
        if not (side.out and side.packet == "taken"):
            steps.append(packet(i, side.packet))
        cards = side.held.split()
        if mode == "detailed":
            steps += card_by_card(i, side.melds, cards, jokers=family_rules(hand).jokers)
        else:
            steps += paper_sheet(i, hand, side.melds, cards)
    return Journey(f"{hand.game}, {hand.story}", mode, hand.game, (4, 2), (*steps, SAVE), hand.scores)


#: The real hands, each card by card and the paper-sheet way.
REAL_HANDS = tuple(real_hand(hand, mode) for hand in HANDS for mode in ("detailed", "quick"))
#: Issue 50's bounds: Burraco card by card, a median of 20 taps at most and a 90th percentile of 30.
TARGETS = {("burraco", "detailed"): (20, 30)}


def percentile_90(taps: list[int]) -> int:
    """The 90th percentile by the nearest rank: the taps of a hand of the set."""
    return sorted(taps)[math.ceil(0.9 * len(taps)) - 1]


NAMES = ("Ana", "Bea", "Luis", "Juan")


def start(page: Page, base: str, journey: Journey) -> str:
    """A new game at the journey's table whose hands start in its mode; returns the edit sheet's address."""
    players, sides = journey.shape
    page.goto(f"{base}/games/new/{journey.ruleset}?players={players}&sides={sides}")
    for seat in range(players):
        page.fill(f"#seat_{seat}", NAMES[seat])
    page.check(f"input[name=entry_mode][value={journey.mode}]")
    page.locator("form button[type=submit].primary").click()
    page.wait_for_selector(".sheet")
    return str(page.url)


def record(page: Page, base: str, journey: Journey) -> tuple[int, ...]:
    """Record the journey's hand step by step; the hand's scores as saved (from the game's JSON)."""
    sheet = start(page, base, journey)
    page.goto(sheet + "/hands/new")
    for step in journey.steps:
        target = page.locator(step[1])
        if step[0] == "choose":
            target.select_option(step[2])
            continue
        target.tap()
        if step[0] == "type":
            page.keyboard.type(step[2])
    page.wait_for_selector(".sheet")
    link = page.locator("a[href$='/table']").first.get_attribute("href")
    public_id = str(link).split("/")[2]
    game = page.request.get(f"{base}/api/v1/games/{public_id}").json()
    return tuple(game["totals"])


def limit_of(journey: Journey) -> int | None:
    """The issue's limit for a journey: the typical hand's, for Canasta's typical hand and Burraco's (issue 35:
    no more taps than a typical Canasta hand)."""
    return LIMITS[journey.mode] if journey.hand in (TYPICAL, BURRACO) else None


def played(browser: Browser, base: str, journey: Journey) -> tuple[bool, str]:
    """Record a journey in a phone-sized page; whether it saved its scores (and kept within its limit), and a line
    saying what was saved."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    scores = record(context.new_page(), base, journey)
    context.close()
    limit = limit_of(journey)
    ok = scores == journey.scores and (limit is None or journey.taps <= limit)
    shown = " / ".join(str(s) for s in scores)
    return ok, shown + ("" if ok else f"  WRONG (expected {' / '.join(str(s) for s in journey.scores)})")


def summary(journeys: tuple[Journey, ...]) -> tuple[list[str], int]:
    """Each game's and way's median and 90th percentile of taps, against issue 50's bounds; the lines and how many
    bounds were missed."""
    lines, over = [], 0
    for game in dict.fromkeys(journey.ruleset for journey in journeys):
        for mode, way in (("detailed", "card by card"), ("quick", "paper sheet")):
            taps = [journey.taps for journey in journeys if (journey.ruleset, journey.mode) == (game, mode)]
            median, p90 = statistics.median(taps), percentile_90(taps)
            bound = TARGETS.get((game, mode))
            missed = bound is not None and (median > bound[0] or p90 > bound[1])
            over += missed
            lines.append(
                f"{game:<8} {way:<13} {len(taps):>5} {median:>6g} {p90:>4} {min(taps):>4}-{max(taps):<4}"
                + (
                    f"  issue 50: median at most {bound[0]}, p90 at most {bound[1]}: {'FAIL' if missed else 'PASS'}"
                    if bound
                    else ""
                )
            )
    return lines, over


def main() -> int:
    from common import database_env, migrate, serve

    only_family = "--family" in sys.argv[1:]
    env = database_env()
    migrate(env)
    failures = 0
    with serve("scorekeeper:create_app()", env) as base, sync_playwright() as playwright:
        chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        if not only_family:
            print(f"{'hand':<44} {'entry':<14} {'taps':>4} {'limit':>5}  saved")
            for journey in JOURNEYS:
                ok, shown = played(browser, base, journey)
                failures += not ok
                mode = "card by card" if journey.mode == "detailed" else "paper sheet"
                print(f"{journey.hand:<44} {mode:<14} {journey.taps:>4} {limit_of(journey) or '':>5}  {shown}")
            print()
        print("Real hands of the family's games (bench/family_hands.py)")
        print(f"{'hand':<66} {'card by card':>12} {'paper sheet':>11}  saved")
        for detailed, quick in zip(REAL_HANDS[::2], REAL_HANDS[1::2], strict=True):
            saved = [played(browser, base, journey) for journey in (detailed, quick)]
            failures += sum(not ok for ok, _ in saved)
            shown = saved[0][1] if saved[0][1] == saved[1][1] else f"{saved[0][1]} | {saved[1][1]}"
            print(f"{detailed.hand[:66]:<66} {detailed.taps:>12} {quick.taps:>11}  {shown}")
        browser.close()
    lines, over = summary(REAL_HANDS)
    print()
    print(f"{'game':<8} {'entry':<13} {'hands':>5} {'median':>6} {'p90':>4} {'range':<9}")
    print("\n".join(lines))
    return 1 if failures or over else 0


if __name__ == "__main__":
    sys.exit(main())
