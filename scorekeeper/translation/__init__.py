"""Translation: the request's catalogue, looked up once per request, gettext typed, engine sentences in
the reader's language, moments written in the reader's language and time zone, and numbers as Babel writes
them in the reader's language, with a true minus."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from functools import lru_cache
from typing import Any

import babel.dates
import babel.numbers
import babel.units
import flask_babel
from babel.support import NullTranslations
from flask import has_request_context, request

from ..engine.i18n import Msg
from ..tournament import rounded

CATALOGUE = "scorekeeper.catalogue"
#: The minus sign (U+2212), written where Babel's data for a language gives the hyphen-minus (every language
#: here): as wide as the plus, and never read as a dash between two scores ("975 – −115").
TRUE_MINUS = "\u2212"


def catalogue() -> NullTranslations:
    """The request's translations, looked up once per request: Flask-Babel looks them up again on
    every call (about 20 µs), and a sheet of 40 hands asks for some 500 sentences."""
    if not has_request_context():
        return flask_babel.get_translations()  # type: ignore[no-any-return]
    found = request.environ.get(CATALOGUE)
    if found is None:
        found = request.environ[CATALOGUE] = flask_babel.get_translations()
    return found  # type: ignore[no-any-return]


@contextmanager
def in_language(language: str) -> Iterator[None]:
    """Translate into ``language`` for a while (Flask-Babel's ``force_locale``, and this request's
    catalogue forgotten before and after)."""
    if has_request_context():
        request.environ.pop(CATALOGUE, None)
    try:
        with flask_babel.force_locale(language):
            yield
    finally:
        if has_request_context():
            request.environ.pop(CATALOGUE, None)


def short_time(moment: datetime) -> str:
    """A stored moment (UTC) written short, in the reader's language and time zone ("23/11/26, 21:05")."""
    return _written(moment, str(flask_babel.get_locale()), str(flask_babel.get_timezone()))


@lru_cache(maxsize=20_000)  # an edit log repeats the same moments on every version
def _written(moment: datetime, _language: str, _zone: str) -> str:
    """``moment`` in the current language and zone (which the cache key names)."""
    return str(flask_babel.format_datetime(moment, "short"))


def clock_time(moment: datetime) -> str:
    """A stored moment (UTC) as a time of day, in the reader's language and time zone ("21:05", "9:05 PM")."""
    return _clock(moment, str(flask_babel.get_locale()), str(flask_babel.get_timezone()))


@lru_cache(maxsize=2_000)
def _clock(moment: datetime, _language: str, _zone: str) -> str:
    """``moment``'s time of day in the current language and zone (which the cache key names)."""
    return str(flask_babel.format_time(moment, "short"))


def day_and_month(day: date) -> str:
    """A day of the year, short, the reader's way, as Babel writes it ("Mar 3", "3 mar", "3. März")."""
    return str(babel.dates.format_skeleton("MMMd", day, locale=flask_babel.get_locale()))


def collation_key(name: str) -> tuple[str, str]:
    """A name's place in a list, in the reader's language: letters compared without their accents and case
    (Ä with A, ç with c, ß as ss), Spanish's ñ a letter of its own after n; names alike by how they are
    written."""
    language = str(flask_babel.get_locale() or "en") if has_request_context() else "en"
    return _primary(name, language.split("_")[0]), name


@lru_cache(maxsize=8_192)
def _primary(name: str, language: str) -> str:
    letters = []
    for letter in name.casefold():
        if language == "es" and letter == "ñ":
            letters.append("n\uffff")  # after every n, before o
            continue
        letters.append("".join(c for c in unicodedata.normalize("NFD", letter) if not unicodedata.combining(c)))
    return "".join(letters)


def duration(minutes: int) -> str:
    """A length of time in hours and minutes, written by Babel in the reader's language ("2 hr 35 min",
    "2 Std. 35 Min.", "35 min"), never spelt by hand."""
    language = str(flask_babel.get_locale() or "en")
    return _duration(minutes, language)


@lru_cache(maxsize=2_000)
def _duration(minutes: int, language: str) -> str:
    hours, rest = divmod(max(minutes, 0), 60)
    parts = [babel.units.format_unit(hours, "duration-hour", length="short", locale=language)] if hours else []
    if rest or not hours:
        parts.append(babel.units.format_unit(rest, "duration-minute", length="short", locale=language))
    return " ".join(parts)


def reader_language() -> str:
    """The request's language ("pt_BR"); English outside a request (a script, a test)."""
    return str(flask_babel.get_locale() or "en") if has_request_context() else "en"


def minus_sign(language: str) -> str:
    """The minus a number is written with in ``language``: Babel's, or the true minus where Babel's is the
    hyphen-minus."""
    symbol = str(babel.numbers.get_minus_sign_symbol(language))
    return TRUE_MINUS if symbol == "-" else symbol


def decimal(value: float, pattern: str) -> str:
    """A number in the reader's language as Babel writes it with ``pattern`` ("#,##0.##": 1.240,5 in Spanish,
    1,240.5 in English), with a true minus."""
    return _decimal(value, pattern, reader_language())


@lru_cache(maxsize=4_096)
def _decimal(value: float, pattern: str, language: str) -> str:
    if value == 0:
        value = 0  # never "−0"
    written = str(babel.numbers.format_decimal(value, format=pattern, locale=language))
    return written.replace(str(babel.numbers.get_minus_sign_symbol(language)), minus_sign(language))


class Number:
    """A number a sentence names, written the reader's way when the sentence is (0,1 and 1.240 in Spanish, 0.1
    and 1,240 in English; to two decimals at most)."""

    def __init__(self, value: float) -> None:
        self.value = value

    def __str__(self) -> str:
        return decimal(rounded(self.value, 2), "#,##0.##")


def _(message: str, **values: Any) -> str:
    """gettext, typed: the message in the request's language with its values filled in."""
    found = str(catalogue().ugettext(message))
    return found % _numbers_written(values) if values else found


def _numbers_written(values: dict[str, Any]) -> dict[str, Any]:
    """A sentence's values with its whole numbers as the reader writes them (3.000 in German, a true minus)."""
    return {key: whole(value) if type(value) is int else value for key, value in values.items()}


def ngettext(singular: str, plural: str, num: int, **values: Any) -> str:
    """ngettext, typed: the singular or plural of the request's language, with ``%(num)s`` filled in."""
    return str(catalogue().ungettext(singular, plural, num)) % _numbers_written({"num": num, **values})


def pgettext(context: str, message: str, **values: Any) -> str:
    """pgettext, typed: the message as the request's language says it in ``context`` (one English word that
    needs two genders or meanings, "none" of the house rules or of a canasta), with its values filled in."""
    found = str(catalogue().upgettext(context, message))
    return found % _numbers_written(values) if values else found


def translate(template: str) -> str:
    """Translate one engine template into the request's language."""
    return str(catalogue().ugettext(template))


def whole(value: int) -> str:
    """A whole number an engine sentence names, as the reader writes it (1.500 in German, a true minus)."""
    return decimal(value, "#,##0")


def render(msg: Msg) -> str:
    """An engine sentence in the request's language, its numbers the reader's way (a page's)."""
    return msg.render(translate, whole)


def render_plain(msg: Msg) -> str:
    """An engine sentence in the request's language, its numbers plain (the API's, as its figures are)."""
    return msg.render(translate)
