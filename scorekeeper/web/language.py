"""Language choice: the switch's cookie, else the browser's; the phone's time zone; templates translated
through the request's catalogue."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from zoneinfo import available_timezones

from babel import Locale
from flask import Flask, current_app, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Request

from ..translation import catalogue

LANGUAGE_COOKIE = "lang"

#: Each language as the header's chooser names it: a short code, and its name in its own language.
LANGUAGE_NAMES: dict[str, tuple[str, str]] = {
    "en": ("EN", "English"),
    "es": ("ES", "Español"),
    "pt_BR": ("PT", "Português"),
    "it": ("IT", "Italiano"),
    "de": ("DE", "Deutsch"),
}


def html_language(code: str) -> str:
    """A language as HTML and HTTP write it: ``pt-BR`` for Babel's ``pt_BR``."""
    return code.replace("_", "-")


def language_choices(languages: Sequence[str]) -> list[tuple[str, str, str, str]]:
    """The header's chooser: each language's code, how HTML names it, its short code and its own name."""
    return [(code, html_language(code), *LANGUAGE_NAMES[code]) for code in languages]


def select_locale() -> Locale:
    """The language: the switch's cookie, else the browser's Accept-Language, else English."""
    config = current_app.config
    return _locale(locale_of(request, config["LANGUAGES"], config["BABEL_DEFAULT_LOCALE"]))


@cache
def _locale(code: str) -> Locale:
    return Locale.parse(code)  # parsed once per language (Flask-Babel would parse it on every request)


def locale_of(asked: Request, languages: Sequence[str], default: str) -> str:
    """The language of a request (``select_locale``, for any request, inside the app or not): ``?lang=``
    in its address (the service worker keeps the reference in both), the switch's cookie, the browser's."""
    named = asked.args.get("lang")
    if named is not None and named in languages:
        return named
    chosen = asked.cookies.get(LANGUAGE_COOKIE)
    if chosen is not None and chosen in languages:
        return chosen
    return _best_language(asked.headers.get("Accept-Language", ""), tuple(languages), default)


@lru_cache(maxsize=256)
def _best_language(accepted: str, languages: tuple[str, ...], default: str) -> str:
    """The language best matching an Accept-Language header (phones send a handful of different ones): the
    language itself, else its region's neighbour by the primary language (``pt-PT`` reads Portuguese,
    ``de-AT`` German, ``es-AR`` Spanish), in the order of the phone's preference."""
    if not accepted:
        return default
    exact = {html_language(code).lower(): code for code in languages}
    primary = {code.split("_")[0].lower(): code for code in languages}
    for asked, _quality in parse_accept_header(accepted, LanguageAccept):  # the phone's preference, best first
        wanted = asked.replace("_", "-").lower()
        found = exact.get(wanted) or primary.get(wanted.split("-")[0])
        if found is not None:
            return found
    return default


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


def install_translations(app: Flask) -> None:
    """Templates translate through ``catalogue`` (after Flask-Babel's own set-up, which this replaces)."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: catalogue().ugettext(s),
        ngettext=lambda s, p, n: catalogue().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: catalogue().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalogue().unpgettext(c, s, p, n),
    )
