"""Phones following a game ask every 1.5 s whether their copy is still current. Most of the time it
is, and the answer is an empty 304: this answers it in front of the app, from the request's
If-None-Match, language, time zone and display settings and one small query, before any session, locale or view is
set up. Anything else, including every link that leads to no game, goes on to the app.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask
from werkzeug.wrappers import Request, Response

from ..shapes.limits import is_token
from .conditional import tag_for
from .display import display_of
from .language import locale_of, timezone_of

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: The addresses that follow a game: (pattern, through the edit link?, the view named in the ETag).
FOLLOWED = (
    (re.compile(r"/g/([^/]+)"), False, "read-sheet"),
    (re.compile(r"/g/([^/]+)/table"), False, "read-table"),
    (re.compile(r"/e/([^/]+)"), True, "edit"),
    (re.compile(r"/api/v1/games/([^/]+)"), False, "api"),
)


class Revalidation:
    """WSGI middleware: a 304 for an unchanged followed page, without entering the app."""

    def __init__(self, wsgi_app: WSGIApplication, app: Flask) -> None:
        self.wsgi_app = wsgi_app
        self.app = app
        self.engine: Any = None

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("HTTP_IF_NONE_MATCH") and environ.get("REQUEST_METHOD") in ("GET", "HEAD"):
            answer = self.unchanged(environ)
            if answer is not None:
                return answer(environ, start_response)
        return self.wsgi_app(environ, start_response)

    def unchanged(self, environ: WSGIEnvironment) -> Response | None:
        """The 304 for this request, or None when the app must answer it."""
        if environ.get("QUERY_STRING"):
            return None  # a page asked for with a notice in its address is answered by the app
        path = environ.get("PATH_INFO", "")
        for pattern, editable, view in FOLLOWED:
            found = pattern.fullmatch(path)
            if found is not None and is_token(found.group(1)):
                return self._answer(Request(environ), found.group(1), editable, view)
        return None

    def _answer(self, asked: Request, token: str, editable: bool, view: str) -> Response | None:
        from ..services.table.stamps import stamp_on

        if self.engine is None:
            from ..store.database import db

            with self.app.app_context():
                self.engine = db.engine
        stamp = stamp_on(self.engine, token, editable=editable)
        if stamp is None:
            return None  # no such game: the app answers (and counts the wrong link)
        config = self.app.config
        language = locale_of(asked, config["LANGUAGES"], config["BABEL_DEFAULT_LOCALE"])
        tag = tag_for(
            stamp.version if view == "api" else stamp.shown,
            view,
            language,
            timezone_of(asked),
            display_of(asked).cookie,
        )
        if not asked.if_none_match.contains(tag):
            return None
        from .headers import secure

        response = Response(status=304)
        response.set_etag(tag)
        response.headers["Cache-Control"] = "no-cache"  # under an edit link, ``secure`` makes it no-store
        return secure(response, asked.path)
