"""Rendered sheets and blank hand forms, kept per link, game version and reader (language, time zone)
in this process.

When a hand is saved, every phone following the game asks for the new sheet within two seconds;
rendered once, it is served to all of them. What is kept is the whole page, the same for every
phone: where its forms carry the phone's own CSRF token, the page holds ``SESSION_TOKEN``, and
each answer puts the phone's token in its place. A new version is a new key, so nothing kept can
disagree with the game.
"""

from __future__ import annotations

from ...store.kept import Kept

#: Stands for the reader's CSRF token in a kept body (a NUL: never in anything typed, refused there).
SESSION_TOKEN = "\x00csrf\x00"

#: Stands for a blank hand form's one-time save key (each answer gets a new one).
SAVE_KEY = "\x00save-key\x00"

#: Pages by "<link>:<etag>".
pages: Kept[str] = Kept(limit=512)

#: Blank forms of the next hand by "<edit link>:<etag>": the hand's number and the page.
forms: Kept[tuple[int, str]] = Kept(limit=256)
