"""The bounds every input meets, the same in the forms and in the API.

Anything outside them is refused with the field named (a form comes back with its values,
the API answers 400), never stored: the database only ever sees text that fits its columns
and numbers a card table can produce.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from datetime import datetime

from ..engine.i18n import N_, Msg

#: No count, score or total at a card table comes near this; bigger numbers are typing mistakes.
LARGEST = 1_000_000
#: Sides in one scoring request (the largest table seats six; twelve leaves room for tests of it).
MAX_SIDES = 12
#: The largest id or number a database integer holds (PostgreSQL's INTEGER): an address past it names nothing.
MAX_ROW_NUMBER = 2**31 - 1
#: The dates a change read from a game file may carry (UTC, the latest excluded): a card game of this app was
#: played in between, and a page shows any of them in any time zone.
EARLIEST_MOMENT = datetime(2000, 1, 1)
LATEST_MOMENT = datetime(2100, 1, 1)
#: Melds of a side, or penalties of a side, in one hand.
MAX_ITEMS = 60
#: Column sizes (models.py).
PLAYER_NAME = 60
SIDE_NAME = 80
REASON = 200
#: A game's note: where, what was at stake.
NOTE = 200
#: Game ids and edit tokens are URL-safe base64 (models.new_token); anything else names no game.
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
ELLIPSIS = "…"
#: A text without control characters (Unicode's Cc: U+0000-U+001F, U+007F-U+009F), as a JSON Schema
#: pattern; ``text_problem`` refuses those, and half a surrogate pair, which no UTF-8 body can hold.
STORABLE_TEXT = r"^[^\u0000-\u001f\u007f-\u009f]*$"
#: Characters that show nothing and are not spaces, beside Unicode's format characters (Cf: the zero-width
#: space and joiners, the soft hyphen, the bidi marks and isolates, the byte-order mark, the word joiner): the
#: rest of Unicode's default-ignorable code points (the combining grapheme joiner, the Hangul fillers, the
#: Khmer inherent vowels, the Mongolian free variation selectors, the variation selectors).
INVISIBLE = frozenset(
    (0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, *range(0x180B, 0x1810), *range(0xFE00, 0xFE10))
) | frozenset(range(0xE0100, 0xE01F0))


def is_token(text: str) -> bool:
    """Whether ``text`` could be a game id or an edit token (so it is worth looking up)."""
    return TOKEN.fullmatch(text) is not None


def text_problem(text: str, field: str) -> Msg | None:
    """Why a text cannot be stored: NUL or other control characters, or half a surrogate pair."""
    for char in text:
        category = unicodedata.category(char)
        if category == "Cs":
            return Msg(N_("%(field)s holds a broken character; type it again."), {"field": field})
        if category == "Cc":
            return Msg(N_("%(field)s holds a control character; type it again."), {"field": field})
    return None


def clean_name(text: str) -> str:
    """A name as it is compared and stored (a pair's players, a club's members, a game's players): the
    characters that show nothing taken out (a zero-width space or a soft hyphen pasted from a message would
    make a second player that looks the same), Unicode NFC (an accent typed apart is the same letter), and
    every run of spaces one space, none at either end. A control character stays, for ``text_problem`` to
    refuse naming the field, as every text box does."""
    shown = "".join(char for char in text if not _invisible(char))
    return " ".join(unicodedata.normalize("NFC", shown).split())


def _invisible(char: str) -> bool:
    return unicodedata.category(char) == "Cf" or ord(char) in INVISIBLE


def shorten(text: str, longest: int) -> str:
    """``text`` cut to ``longest`` characters, with an ellipsis where it was cut."""
    return text if len(text) <= longest else text[: longest - len(ELLIPSIS)].rstrip() + ELLIPSIS


def side_name(typed: str, players: Sequence[str]) -> str:
    """A side's name: the one typed, or its players' names joined, shortened to fit."""
    return shorten(typed.strip() or " & ".join(players), SIDE_NAME)


def short_code(text: str) -> str | None:
    """A short code as typed on another phone (a game's or a night's), read in any case with spaces and
    dashes ignored; None when it cannot be one."""
    cleaned = text.replace(" ", "").replace("-", "").upper()
    return cleaned if cleaned.isalnum() and len(cleaned) <= 8 else None
