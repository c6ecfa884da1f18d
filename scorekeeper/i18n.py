"""Language choice and the translation of engine sentences."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from functools import cache, lru_cache
from typing import Any
from zoneinfo import available_timezones

import flask_babel
from babel import Locale
from babel.support import NullTranslations
from flask import Flask, current_app, has_request_context, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Request

from .engine.i18n import Msg
from .kept import Kept

LANGUAGE_COOKIE = "lang"


def select_locale() -> Locale:
    """The language: the switch's cookie, else the browser's Accept-Language, else English."""
    config = current_app.config
    return _locale(locale_of(request, config["LANGUAGES"], config["BABEL_DEFAULT_LOCALE"]))


@cache
def _locale(code: str) -> Locale:
    return Locale.parse(code)  # parsed once per language (Flask-Babel would parse it on every request)


def locale_of(asked: Request, languages: Sequence[str], default: str) -> str:
    """The language of a request (``select_locale``, for any request, inside the app or not)."""
    chosen = asked.cookies.get(LANGUAGE_COOKIE)
    if chosen is not None and chosen in languages:
        return chosen
    return _best_language(asked.headers.get("Accept-Language", ""), tuple(languages), default)


@lru_cache(maxsize=256)
def _best_language(accepted: str, languages: tuple[str, ...], default: str) -> str:
    """The language best matching an Accept-Language header (phones send a handful of different ones)."""
    best = parse_accept_header(accepted, LanguageAccept).best_match(list(languages)) if accepted else None
    return str(best or default)


TIMEZONE_COOKIE = "tz"


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def select_timezone() -> str:
    """The phone's time zone (its script keeps it in a cookie), else UTC: dates show in the phone's time."""
    return timezone_of(request)


def timezone_of(asked: Request) -> str:
    """The time zone of a request (``select_timezone``, for any request)."""
    chosen = asked.cookies.get(TIMEZONE_COOKIE, "")
    if 0 < len(chosen) <= 64 and chosen in _zones():
        return chosen
    return "UTC"


CATALOGUE = "scorekeeper.catalogue"


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


def install_translations(app: Flask) -> None:
    """Templates translate through ``catalogue`` (after Flask-Babel's own set-up, which this replaces)."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: catalogue().ugettext(s),
        ngettext=lambda s, p, n: catalogue().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: catalogue().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalogue().unpgettext(c, s, p, n),
    )


#: Moments already written out, by (moment, language, time zone): an edit log repeats them on every version.
_moments: Kept[str] = Kept(limit=20_000)


def short_time(moment: datetime) -> str:
    """A stored moment (UTC) written short, in the reader's language and time zone ("23/11/26, 21:05")."""
    key = (moment, str(flask_babel.get_locale()), select_timezone())
    return _moments.get_or_make(key, lambda: str(flask_babel.format_datetime(moment, "short")))


def _(message: str, **values: Any) -> str:
    """gettext, typed: the message in the request's language with its values filled in."""
    found = str(catalogue().ugettext(message))
    return found % values if values else found


def ngettext(singular: str, plural: str, num: int, **values: Any) -> str:
    """ngettext, typed: the singular or plural of the request's language, with ``%(num)s`` filled in."""
    return str(catalogue().ungettext(singular, plural, num)) % {"num": num, **values}


def translate(template: str) -> str:
    """Translate one engine template into the request's language."""
    return str(catalogue().ugettext(template))


def render(msg: Msg) -> str:
    """An engine sentence in the request's language."""
    return msg.render(translate)
