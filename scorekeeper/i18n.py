"""Language choice and the translation of engine sentences."""

from __future__ import annotations

from functools import cache
from typing import Any
from zoneinfo import available_timezones

import flask_babel
from flask import current_app, request
from flask_babel import gettext

from .engine.i18n import Msg

LANGUAGE_COOKIE = "lang"


def select_locale() -> str:
    """The language: the switch's cookie, else the browser's Accept-Language, else English."""
    languages = list(current_app.config["LANGUAGES"])
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen is not None and chosen in languages:
        return chosen
    return str(request.accept_languages.best_match(languages) or current_app.config["BABEL_DEFAULT_LOCALE"])


TIMEZONE_COOKIE = "tz"


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def select_timezone() -> str:
    """The phone's time zone (its script keeps it in a cookie), else UTC: dates show in the phone's time."""
    chosen = request.cookies.get(TIMEZONE_COOKIE, "")
    if 0 < len(chosen) <= 64 and chosen in _zones():
        return chosen
    return "UTC"


def _(message: str, **values: Any) -> str:
    """gettext, typed: the message in the request's language with its values filled in."""
    return str(gettext(message, **values))


def ngettext(singular: str, plural: str, num: int, **values: Any) -> str:
    """ngettext, typed: the singular or plural of the request's language, with ``%(num)s`` filled in."""
    return str(flask_babel.ngettext(singular, plural, num, **values))


def translate(template: str) -> str:
    """Translate one engine template into the request's language."""
    return str(gettext(template))


def render(msg: Msg) -> str:
    """An engine sentence in the request's language."""
    return msg.render(translate)
