"""Rendered sheets, a night's pages and board, blank hand forms, a side's half forms and the rules reference,
kept per link, version and reader (language, time zone, display) in this process.

When a hand is saved, every phone following the game asks for the new sheet within two seconds;
rendered once, it is served to all of them. What is kept is the whole page, the same for every
phone: where its forms carry the phone's own CSRF token, the page holds ``SESSION_TOKEN``, and
each answer puts the phone's token in its place. A new version is a new key, so nothing kept can
disagree with the game.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import make_response, request
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

from ...store.kept import Kept
from ...store.models import new_token
from ..conditional import unchanged
from ..display import current_display
from ..installable import worker_version

#: Stands for the reader's CSRF token in a kept body (a NUL: never in anything typed, refused there).
SESSION_TOKEN = "\x00csrf\x00"


def session_token() -> str:
    """What a kept page's template writes for the CSRF token (``csrf_token=session_token``)."""
    return SESSION_TOKEN


#: Stands for a blank hand form's one-time save key (each answer gets a new one).
SAVE_KEY = "\x00save-key\x00"

#: Stands for a kept page's part of its reader's alone (a pair's own place on the night's page, and what the
#: page follows), worked out for each answer.
OWN_PART = "\x00own\x00"

#: Pages by "<link>:<etag>".
pages: Kept[str] = Kept(limit=512)

#: Blank forms of the next hand by "<edit link>:<etag>": the hand's number and the page.
forms: Kept[tuple[int, str]] = Kept(limit=256)

#: A side's half forms by "<side's link>:<etag of the hand and sender>".
halves: Kept[str] = Kept(limit=256)


#: The rules reference's pages by "<address>:<etag>" (the address with its query: ``?set=`` picks the rules).
reference_pages: Kept[str] = Kept(limit=256)


def for_everyone(body: str) -> str:
    """A page rendered for this phone made the same for every phone: its CSRF token (as the forms' own
    fields write it) replaced by ``SESSION_TOKEN``."""
    return body.replace(generate_csrf(), SESSION_TOKEN)


def for_this_phone(page: str) -> str:
    """A kept page as this phone gets it: its own CSRF token, and a new one-time save key where the page
    has one."""
    return page.replace(SESSION_TOKEN, generate_csrf()).replace(SAVE_KEY, new_token())


def reference(rules: str, render: Callable[[], str]) -> Response:
    """A page of the rules reference: the same for every reader of one language and display, and the same
    until the app changes (``worker_version`` digests the reference, the engine, the catalogues and the
    templates). Rendered once, served to every reader with its own CSRF token, 304 to a reader who has it.
    ``rules``: which rules the page explains (``Reading.reading_key``)."""
    tag = f"rules-{worker_version()}-{rules}-{get_locale()}-{current_display().cookie}"
    return _kept(reference_pages, request.full_path, tag, render)


def followed(
    key: str, tag: str, render: Callable[[], str], own: tuple[str, Callable[[], str]] | None = None
) -> Response:
    """A page that phones follow (a sheet, a night's standings): 304 when the phone's copy is ``tag``;
    else the page of ``tag``, rendered once (``render``, with ``SESSION_TOKEN`` for the CSRF token) and
    served to every phone that asks, each with its own token. ``key``: the link it was asked by.

    ``own``: a page of its reader's own on the kept one, and its ETag (instead of ``tag``, which then only
    names the kept page): the kept page holds ``OWN_PART`` where the reader's part goes (what it renders)."""
    cacheable = not request.query_string  # a notice asked for in the address is this answer's alone
    return _kept(pages if cacheable else None, key, tag, render, own)


def _kept(
    store: Kept[str] | None,
    key: str,
    tag: str,
    render: Callable[[], str],
    own: tuple[str, Callable[[], str]] | None = None,
) -> Response:
    """304, or the page of ``tag`` from ``store`` (rendered and kept there when missing; ``None``: rendered
    for this answer alone), with this phone's token and its own part."""
    etag, own_part = own if own is not None else (tag, None)
    same = unchanged(etag)
    if same is not None:
        return same
    page = store.get(f"{key}:{tag}") if store is not None else None
    if page is None:
        page = render()
        if store is not None:
            store.keep(f"{key}:{tag}", page)
    page = for_this_phone(page)
    if own_part is not None:
        page = page.replace(OWN_PART, own_part(), 1)
    response = make_response(page)
    response.set_etag(etag)
    return response
