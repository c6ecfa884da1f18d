"""Conditional answers for pages that change only with the game: an ETag from the game's version and
what the reader sees it in (language, time zone, display settings), and 304 Not Modified while nothing changed, found
without loading a single hand."""

from __future__ import annotations

from flask import request
from flask_babel import get_locale
from werkzeug.wrappers import Response

from .display import current_display
from .language import select_timezone


def version_tag(version: int, view: str) -> str:
    """The ETag of ``view`` of a game at ``version``, as the requesting phone reads it."""
    return tag_for(version, view, str(get_locale()), select_timezone(), current_display().cookie)


def tag_for(version: int, view: str, language: str, zone: str, display: str) -> str:
    """The ETag of ``view`` of a game at ``version`` in ``language``, time ``zone`` and ``display`` settings."""
    return f"{view}-{version}-{language}-{zone}-{display}"


def unchanged(tag: str) -> Response | None:
    """304 Not Modified when the phone already holds this version of the page."""
    if not request.if_none_match.contains(tag):
        return None
    response = Response(status=304)
    response.set_etag(tag)
    return response
