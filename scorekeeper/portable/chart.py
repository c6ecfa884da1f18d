"""The score as a chart: each side's running total hand by hand, worked out from the engine's sheet (points, levels,
the target line and the bands of the initial-meld minimum). No chart library: the sheet's page draws it as SVG, on
the server (templates/games/_sheet_main.html) and, with no connection, in the phone (static/js/offline.js)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.game import minimum_bands
from ..engine.rulesets import MatchMode
from ..engine.sheet import Sheet

WIDTH, HEIGHT = 360, 210
LEFT, RIGHT, TOP, BOTTOM = 44, 34, 10, 24  # room for the totals, the minimums, the hand numbers
BASELINE = 3  # half the height of the 10 px labels: a label's baseline sits this far below its line
STEPS = (100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000)  # grid spacing, the first giving <= 6 lines


@dataclass(frozen=True)
class Line:
    """One side: its totals from before hand 1 to the last counted hand, and where they fall."""

    name: str
    totals: tuple[float, ...]
    points: str  # "x,y x,y ..." for an SVG polyline
    last: tuple[float, float]  # where the line ends (a dot and the total beside it)


@dataclass(frozen=True)
class Level:
    """A horizontal grid line and its total."""

    y: float
    total: int
    baseline: float = BASELINE  # half its label's height

    @property
    def label_y(self) -> float:
        """Where its total is written (centred on the line, by the text's baseline)."""
        return self.y + self.baseline


@dataclass(frozen=True)
class Band:
    """A band of totals that asks the same initial-meld minimum (shaded every other one)."""

    y: float
    height: float
    minimum: int
    shaded: bool

    @property
    def label_y(self) -> float:
        """Where its minimum is written (the middle of the band)."""
        return round(self.y + self.height / 2 + BASELINE, 1)


@dataclass(frozen=True)
class Chart:
    """Everything the sheet needs to draw the score."""

    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    lines: tuple[Line, ...]
    levels: tuple[Level, ...]
    bands: tuple[Band, ...]
    hands: tuple[tuple[float, int | str], ...]  # (x, label) along the bottom: a hand's number, or a night's date
    target: int | None
    target_y: float | None

    @property
    def plot_width(self) -> float:
        return self.right - self.left

    @property
    def total_x(self) -> float:
        """Where the totals of the grid end (right-aligned, left of the plot)."""
        return self.left - 4

    @property
    def minimum_x(self) -> float:
        """Where the bands' minimums start (right of the plot)."""
        return self.right + 3

    @property
    def hand_y(self) -> float:
        """The baseline of the hand numbers along the bottom."""
        return self.height - 8


def chart_of(sheet: Sheet) -> Chart | None:
    """The chart of a sheet with at least one counted hand (None before the first hand)."""
    counted = [hand for hand in sheet.hands if hand.counted]
    if not counted:
        return None
    opening = sheet.opening or tuple(0 for _ in sheet.side_names)
    series = [(opening[i], *(hand.totals[i] for hand in counted)) for i in range(len(sheet.side_names))]
    target = sheet.ruleset.target if sheet.ruleset.match_mode is not MatchMode.ROUND else None
    everything = [total for line in series for total in line] + ([target] if target else [])
    smallest, largest = min(0, *everything), max(everything)
    step = next((s for s in STEPS if (largest - smallest) / s <= 6), STEPS[-1])
    low = (smallest // step) * step  # down to a grid line (below zero too)
    high = max(step, -(-largest // step) * step)  # up to one
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def y_of(total: float) -> float:
        return round(bottom - (total - low) / (high - low) * (bottom - TOP), 1)

    last_hand = len(counted)

    def x_of(index: int) -> float:
        return round(LEFT + index / last_hand * (right - LEFT), 1)

    lines = tuple(
        Line(
            name,
            totals,
            " ".join(f"{x_of(i)},{y_of(total)}" for i, total in enumerate(totals)),
            (x_of(len(totals) - 1), y_of(totals[-1])),
        )
        for name, totals in zip(sheet.side_names, series, strict=True)
    )
    levels = tuple(Level(y_of(total), total) for total in range(int(low), int(high) + 1, step))
    bands = []
    # where the minimum goes by round (Hand and Foot) the totals set no minimum, and the family's games
    # (Burraco, Buraco, Burako) have none: no bands to draw
    banded = sheet.ruleset.min_by_round is None and sheet.ruleset.meld_minimum
    by_score = minimum_bands(sheet.ruleset) if banded else []
    for index, band in enumerate(by_score):
        start = max(low, band.low if band.low is not None else low)
        end = min(high, band.high + 5 if band.high is not None else high)
        if start < end:
            bands.append(Band(y_of(end), round(y_of(start) - y_of(end), 1), band.minimum, index % 2 == 1))
    every = max(1, -(-last_hand // 10))  # at most about ten hand numbers along the bottom
    hands = tuple((x_of(n), n) for n in range(1, last_hand + 1) if n % every == 0 or n == last_hand)
    return Chart(
        WIDTH,
        HEIGHT,
        LEFT,
        right,
        TOP,
        bottom,
        lines,
        levels,
        tuple(bands),
        hands,
        target,
        y_of(target) if target else None,
    )
