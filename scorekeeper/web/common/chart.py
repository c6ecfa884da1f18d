"""The charts the pages draw as SVG: a game's score (portable/chart.py's, which the phone draws too) and a club
member's grade night by night, with the nights' dates along the bottom."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...portable.chart import BASELINE, HEIGHT, LEFT, RIGHT, TOP, WIDTH, Chart, Level, Line, chart_of
from ...tournament import rounded

__all__ = ["BASELINE", "Chart", "chart_of", "chart_of_grades"]

#: A grade chart's grid spacing, in percentage points (the first giving at most six lines).
GRADE_STEPS = (1, 2, 5, 10, 20)
#: A grade chart's labels (its grades and the nights' dates), at most this size in the chart's units, as large as
#: the page's text at 150 % when the chart is as wide as the phone (static/css/app.css, .grade-chart text); a
#: character of them about GLYPH of their size wide, and GAP between two dates.
LABEL_SIZE, GLYPH, GAP = 20, 0.58, 10
GRADE_BOTTOM = 32  # room for the dates under the plot


def chart_of_grades(name: str, start: float, after_each_night: Sequence[float], dates: Sequence[str]) -> Chart | None:
    """A member's grade drawn like a game's totals: from the start, then after each night they were graded
    (None before the first). Along the bottom, the nights' ``dates`` (as the reader writes them): as many as
    fit without touching, the last night's always."""
    if not after_each_night:
        return None
    values = tuple(rounded(value, 1) for value in (start, *after_each_night))
    smallest, largest = min(values), max(values)

    def span(step: int) -> tuple[int, int]:
        low = math.floor(smallest / step) * step
        return low, max(low + step, math.ceil(largest / step) * step)

    step = next((s for s in GRADE_STEPS if (span(s)[1] - span(s)[0]) / s <= 6), GRADE_STEPS[-1])
    low, high = span(step)
    widest = max(len(date) for date in dates) * GLYPH * LABEL_SIZE
    right, bottom = WIDTH - max(RIGHT, round(widest / 2) + 2), HEIGHT - GRADE_BOTTOM  # the last date inside
    last = len(values) - 1

    def x_of(index: int) -> float:
        return round(LEFT + index / last * (right - LEFT), 1)

    def y_of(value: float) -> float:
        return round(bottom - (value - low) / (high - low) * (bottom - TOP), 1)

    points = " ".join(f"{x_of(i)},{y_of(value)}" for i, value in enumerate(values))
    line = Line(name, values, points, (x_of(last), y_of(values[-1])))
    every = math.ceil((widest + GAP) / (x_of(1) - x_of(0)))  # nights from one date to the next
    nights = tuple((x_of(n), dates[n - 1]) for n in range(last, 0, -every))[::-1]
    levels = tuple(Level(y_of(value), value, LABEL_SIZE * 0.35) for value in range(low, high + 1, step))
    return Chart(WIDTH, HEIGHT, LEFT, right, TOP, bottom, (line,), levels, (), nights, None, None)
