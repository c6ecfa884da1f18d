"""A table's phones heard from: each page a phone of a club night's table follows or opens says so, with the count
of changes the phone keeps that the server has not (offline.js sends it with its questions), for the night's board
(services/table/phones_heard.py decides when it is written: never a write per question)."""

from __future__ import annotations

import contextlib

from flask import request

from ... import services
from ...services.table import phones_heard

#: The header a phone's questions carry: how many changes it keeps that the server has not (static/js/app.js).
KEPT_HEADER = "Scorekeeper-Kept"


def heard(game_id: int, public_id: str, link: int, *, says_kept: bool = False) -> None:
    """This request came from a phone on the game's ``link`` (a side's position, or ``EDIT_LINK``; the game by its
    id and its public id); ``says_kept``: a question of a followed page, which says how many changes the phone keeps
    in its header (a page opened, or a question without it: the count noted stays).
    Never fails the page: a database that takes no write now is told the next time."""
    kept = request.headers.get(KEPT_HEADER, type=int) if says_kept else None
    with contextlib.suppress(services.StorageUnavailable):
        phones_heard.note_heard(game_id, public_id, link, kept)
