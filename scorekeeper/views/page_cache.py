"""Rendered read-only sheets, kept per game version and reader (language, time zone) in this process.

When a hand is saved, every phone following the game asks for the new sheet within two seconds;
rendered once, it is served to all of them. Only pages with nothing per session in them are kept
(the read-only sheet's body: no form, no token). Bounded, least recently used first out; a new
version is a new key, so nothing kept can disagree with the game.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

LIMIT = 512
_pages: OrderedDict[str, tuple[str, str]] = OrderedDict()
_lock = threading.Lock()


def get(key: str) -> tuple[str, str] | None:
    """The (title, body) rendered for ``key``, if kept."""
    with _lock:
        page = _pages.get(key)
        if page is not None:
            _pages.move_to_end(key)
        return page


def keep(key: str, page: tuple[str, str]) -> None:
    """Keep a rendered (title, body), dropping the least recently used past the limit."""
    with _lock:
        _pages[key] = page
        _pages.move_to_end(key)
        while len(_pages) > LIMIT:
            _pages.popitem(last=False)
