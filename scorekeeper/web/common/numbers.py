"""Numbers as the reader writes them, on every page: grouped as Babel groups them for the reader's language (1,240
in English; 1.240 in Spanish, Italian, Portuguese and German), a negative one with a true minus (−115), two scores
side by side set apart ("975 – −115"). The reader's ``Numerals`` are built from Babel's locale data, and a game's
pages hand them to the phone (``numerals_attribute``), whose offline sheet writes numbers with the same code."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import babel.numbers

from ...portable.numerals import Numerals
from ...tournament import rounded
from ...translation import decimal, minus_sign, reader_language

#: Between two scores of a table ("975 – −115"): a no-break space before the dash (a line never starts with it),
#: an ordinary one after.
BETWEEN_SCORES = "\u00a0– "


@lru_cache(maxsize=32)
def numerals_for(language: str) -> Numerals:
    """How ``language`` writes a whole number, from Babel's locale data: its decimal and group signs, its plus,
    its minus (a true minus where Babel's is the hyphen), and the fewest digits of a first group, as Babel
    groups it (Babel 2.18 has no minimum grouping digits of its own and groups 1.000 in every language)."""
    group = str(babel.numbers.get_group_symbol(language))
    least = next(
        (digits for digits in (1, 2, 3) if group in babel.numbers.format_decimal(10 ** (digits + 2), locale=language)),
        1,
    )
    return Numerals(
        decimal=str(babel.numbers.get_decimal_symbol(language)),
        group=group,
        minus=minus_sign(language),
        plus=str(babel.numbers.get_plus_sign_symbol(language)),
        min_grouping=least,
    )


def numerals() -> Numerals:
    """The reader's numerals (English's outside a request)."""
    return numerals_for(reader_language())


def numerals_attribute() -> str:
    """The reader's numerals as a game's page gives them to the phone's engine (``Numerals.read`` takes them)."""
    return numerals().written()


def number(value: float | None) -> str:
    """A total, a minimum, a count: 1.240 in German, −115; a figure with decimals as ``points`` writes it; nothing
    for no figure."""
    if value is None:
        return ""
    if isinstance(value, float) and not value.is_integer():
        return points(value)
    return numerals().integer(int(value))


def signed(value: int) -> str:
    """A hand score as the sheet writes it: +1.240, −60, 0."""
    return numerals().signed(value)


def score_pair(scores: Sequence[int]) -> str:
    """A table's two scores, set apart so that a minus never touches the dash: "975 – −115"."""
    return BETWEEN_SCORES.join(number(score) for score in scores or ())


def points(value: float) -> str:
    """Victory points, a grade, a share: to two decimals at most, the reader's way (52,36 and 1.240,5 in Spanish;
    52.36 and 1,240.5 in English); a half rounded up, as a person does."""
    return decimal(rounded(value, 2), "#,##0.##")


def one_decimal(value: float) -> str:
    """A grade: always one decimal, the reader's way (57,8 in Spanish); a half rounded up, as a person does."""
    return decimal(rounded(value, 1), "#,##0.0")
