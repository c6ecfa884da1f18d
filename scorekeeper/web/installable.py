"""Installable where the browser allows it: the web app manifest in the reader's language, the service
worker that keeps the app's files and the rules reference for reading with no connection (never a page
that records, never a page under an edit link), the addresses of the app's files with their version,
and the page the service worker shows when a game's page cannot be reached.

The service worker's version is a digest of everything it keeps; a deployment that changes any of it
changes the worker's script, so every phone's browser installs the new one at its next visit and the
old copies go."""

from __future__ import annotations

import hashlib
import os
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from flask import current_app, url_for
from flask_babel import gettext

from ..engine import RULESETS
from ..engine.options import table_shapes
from ..portable.tools import TOOLS
from ..reference import TOPICS
from .display import LIGHT_BAR

#: The app's own files a page needs: kept by the service worker.
KEPT_FILES = (
    "css/app.css",
    "css/dark.css",
    "js/app.js",
    "js/cards.js",
    "js/offline.js",
    "js/new-offline.js",
    "js/referee.js",
    "img/icon.svg",
    "img/icon-192.png",
    "img/icon-512.png",
    "img/icon-maskable-512.png",
)
#: The page's background while the installed app opens.
BACKGROUND = "#fbfaf7"


def asset(filename: str) -> str:
    """The address of one of the app's files with its content's digest: a new version is a new address,
    so no browser or service worker keeps an old one past a deployment."""
    path = os.path.join(str(current_app.static_folder), filename)
    try:
        changed = os.stat(path).st_mtime_ns
    except OSError:
        return url_for("static", filename=filename)
    return url_for("static", filename=filename, v=_digest(path, changed))


@lru_cache(maxsize=64)
def _digest(path: str, _changed: int) -> str:
    """The first ten hex digits of the file's SHA-256 (worked out again when the file changes)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:10]


def kept_addresses(languages: list[str]) -> list[str]:
    """What the service worker keeps when it installs: the app's files, and the rules reference (its
    index and every topic) and the offline page in every language."""
    pages = ["/rules", *(f"/rules/{slug}" for slug in TOPICS), "/offline"]
    return [asset(name) for name in KEPT_FILES] + [f"{page}?lang={lang}" for lang in languages for page in pages]


def new_game_addresses() -> list[str]:
    """What the service worker keeps in the background (once the engine is kept) so that a game can start with no
    connection (web/table/offline_new.py): the page that picks a rule set, and for each rule set and table shape
    its new-game page and a blank game's sheet and hand form; in the language the phone reads the app in."""
    addresses = [url_for("games.choose_ruleset")]
    for ruleset in RULESETS.values():
        for players, sides in table_shapes(ruleset):
            blank = url_for("games.offline_sheet", ruleset_id=ruleset.id, players=players, sides=sides, local="-")
            new = url_for("games.new_game", ruleset_id=ruleset.id, players=players, sides=sides)
            addresses += [new, blank, blank + "/hands/new"]
    return addresses


def tool_addresses() -> list[str]:
    """The referee tools' pages of every rule set, which the service worker keeps in the background once the engine
    in the phone is kept (in the language read in the app): with no connection the engine answers them."""
    return [url_for(f"tools.{name.replace('-', '_')}", set=ruleset_id) for name in TOOLS for ruleset_id in RULESETS]


def worker_version() -> str:
    """A digest of everything the service worker keeps and shows (the app's files, the catalogues, the
    reference and the templates): a deployment that changes any of it changes the worker. Worked out once
    an app (every page of the reference names it in its ETag)."""
    known: str | None = current_app.extensions.get("worker_version")
    if known is None:
        root = Path(current_app.root_path)
        templates = root / str(current_app.template_folder)  # relative to the package
        known = current_app.extensions["worker_version"] = _version(
            str(root), str(current_app.static_folder), str(templates.resolve())
        )
    return known


@cache
def _version(package: str, static: str, templates: str) -> str:
    digest = hashlib.sha256()
    sources = [Path(static) / name for name in KEPT_FILES]
    sources += sorted(Path(package, "translations").glob("*/LC_MESSAGES/messages.mo"))
    sources += sorted(Path(package, "reference").glob("*.py"))
    sources += sorted(Path(package, "engine").rglob("*.py"))  # the reference's numbers come from the rule sets
    sources += sorted(Path(templates, "rules").glob("*.html"))
    sources += sorted(Path(templates, "games").glob("*.html"))  # a game started offline: its kept pages
    sources += sorted(Path(templates, "tools").glob("*.html"))  # the referee tools' pages, kept too
    sources += sorted(Path(package, "web", "rules").glob("forms.py"))  # their questions' boxes
    sources += [Path(templates, name) for name in ("base.html", "offline.html", "sw.js", "_macros.html")]
    for source in sources:
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:12]


def manifest(language: str) -> dict[str, Any]:
    """The web app manifest in ``language``: names, icons (one maskable), colours, standalone, from home."""
    return {
        "name": f"{gettext('Scorekeeper')} · {gettext('Canasta')}",
        "short_name": gettext("Scorekeeper"),
        "description": gettext("The score of your Canasta game, hand by hand, with the rules at hand."),
        "lang": language,
        "dir": "ltr",
        "start_url": "/",
        "scope": "/",
        "id": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": LIGHT_BAR,
        "icons": [
            {"src": asset("img/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": asset("img/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": asset("img/icon-maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": asset("img/icon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        ],
    }
