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
def test_each_journey_saves_its_hand(page: Page, live_server: str, journey):
    assert taps.record(page, live_server, journey) == journey.scores


@pytest.mark.parametrize(("mode", "limit"), [("detailed", 25), ("quick", 15)])
def test_the_typical_hand_takes_at_most_its_limit_of_taps(mode: str, limit: int):
    (journey,) = [j for j in taps.JOURNEYS if j.hand == taps.TYPICAL and j.mode == mode]
    assert journey.taps <= limit
    assert journey.scores == (800, 90)  # the hand's score as it always was
