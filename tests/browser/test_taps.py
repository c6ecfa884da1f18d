"""Issue 14: a hand in few taps. The journeys of bench/taps.py, each recorded in the browser: the typical
hand within 25 taps card by card and 15 the paper-sheet way, every journey saving the scores it should."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page

_spec = importlib.util.spec_from_file_location("taps", Path(__file__).resolve().parents[2] / "bench" / "taps.py")
assert _spec is not None
assert _spec.loader is not None
taps = sys.modules.setdefault("taps", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(taps)


@pytest.mark.parametrize("journey", taps.JOURNEYS, ids=lambda j: f"{j.hand} · {j.mode}")
def test_each_journey_saves_its_hand_within_its_limit(page: Page, live_server: str, journey):
    """The steps are really what it takes: played in the browser they save the hand's scores (the typical
    hand 800 / 90, as before the chips), and the typical hand stays within 25 and 15 taps."""
    assert taps.record(page, live_server, journey) == journey.scores
    limit = taps.limit_of(journey)
    assert limit is None or journey.taps <= limit


#: Issue 50's real hands (bench/family_hands.py, all of them played by ``make bench``): the first of each game and
#: each game's packet taken and not played, both ways.
SAMPLE = [
    j
    for j in taps.REAL_HANDS
    if j.hand.endswith(
        ("quick close with one burraco", "without a discard", "cierre with one canasta", "taken and not played")
    )
]


@pytest.mark.parametrize("journey", SAMPLE, ids=lambda j: f"{j.hand} · {j.mode}")
def test_a_real_hand_of_the_family_saves_its_worked_out_scores(page: Page, live_server: str, journey):
    """A run is its suit and two taps on its row of cards (one more for its wild card), the closing discard two
    taps, a side's packet taken when it goes out: played in the browser the steps save the hand as worked out."""
    assert taps.record(page, live_server, journey) == journey.scores
