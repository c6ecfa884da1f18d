"""Bearer secrets: whoever holds one may act (an edit link, a director's board, a side's half, the door's
key...). Each is declared once, where it is taken: a route writes ``<secret:edit_token>`` for a token in its
address, and the API's token headers are named here. The logs (serving.py) hide whatever is declared so,
whatever route adds one later."""

from __future__ import annotations

import re

from flask import Flask
from werkzeug.routing import BaseConverter

#: The converter of a bearer token in an address: ``/n/<secret:director_token>``.
SECRET = "secret"

#: The API's token headers.
EDIT_TOKEN_HEADER = "X-Edit-Token"
SIDE_TOKEN_HEADER = "X-Side-Token"
#: Headers a log never shows: the API's tokens, and the cookies that stand for a phone (its list of links).
SECRET_HEADERS = (EDIT_TOKEN_HEADER, SIDE_TOKEN_HEADER, "Authorization", "Cookie", "Set-Cookie")

#: A variable of a route as Werkzeug writes it: ``<name>``, ``<converter:name>``, ``<converter(args):name>``.
VARIABLE = re.compile(r"<(?:(?P<converter>[a-zA-Z_]\w*)(?:\((?P<args>.*?)\))?:)?(?P<name>[a-zA-Z_]\w*)>", re.ASCII)


class SecretConverter(BaseConverter):
    """One path segment, matched and built (``url_for``) as Werkzeug's default; declared secret, so that
    no log shows it."""


def register(app: Flask) -> None:
    """Routes may declare ``<secret:...>`` (before any blueprint registers its routes)."""
    app.url_map.converters[SECRET] = SecretConverter


def route_parts(rule: str) -> list[tuple[str, str | None]]:
    """A route's text in order, as (static text, None) and (variable, its converter or "default")."""
    parts: list[tuple[str, str | None]] = []
    position = 0
    for found in VARIABLE.finditer(rule):
        if found.start() > position:
            parts.append((rule[position : found.start()], None))
        parts.append((found["name"], found["converter"] or "default"))
        position = found.end()
    if position < len(rule):
        parts.append((rule[position:], None))
    return parts


def secret_arguments(rule: str) -> tuple[str, ...]:
    """The variables of a route declared secret, in order."""
    return tuple(name for name, converter in route_parts(rule) if converter == SECRET)
