"""Figures rounded as a person rounds them: to the places shown, a half away from zero (46.85 to one decimal is
46.9, 0.125 to two is 0.13, -2.5 to none is -3), on the number as it is written, not on the binary float
under it: the 46.849999999999994 that 9.37 / 20 x 100 gives is the 46.85 it stands for. Python's round() and
Babel both take a half to its even neighbour, and on the binary value: a share of 46.85 showed 46.8.

Every figure shown rounded (grades, shares, handicaps, victory points), on a page, in JSON or in CSV, is
rounded here; Babel then only writes it the reader's way."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Context, Decimal

#: The significant digits a figure is read to before it is rounded: the float's last digits of noise go.
SIGNIFICANT = 12
_AS_WRITTEN = Context(prec=SIGNIFICANT)


def rounded(value: float, places: int = 0) -> float:
    """``value`` to ``places`` decimals as a person rounds it: a half away from zero, on the number as written."""
    if not math.isfinite(value) or abs(value) >= 10**SIGNIFICANT:
        return value  # nothing left past the point to round
    written = _AS_WRITTEN.create_decimal(repr(value))
    return float(written.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)) + 0.0  # no -0.0
