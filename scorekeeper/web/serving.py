"""The production server's own pieces: logs that never hold a bearer secret (an edit link, a group's,
a club's, a director's or a side's link, the door's key, a table card's token, the API's token headers),
whether in the access log, an error's line or its traceback.

What is secret is read from the routes themselves (bearer.py): every route's text up to its last
``<secret:...>`` variable becomes one alternative of a single pattern, matched against whatever a log
line holds (a request line, a path, a Referer, a query string with a link percent-encoded in it)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, current_app, has_app_context, has_request_context, request
from gunicorn.glogging import Logger, SafeAtoms
from werkzeug.routing import Map

from .bearer import SECRET, SECRET_HEADERS, route_parts, secret_arguments

HIDDEN = "<redacted>"
#: A slash in a logged value: as typed, or percent-encoded in a query string (once or twice).
SLASH = r"(?:/|%(?:25)?2[Ff])"
#: One path segment in a logged value: up to a slash, query, fragment, "&", space or quote, as typed or
#: percent-encoded (any other percent-encoded character belongs to the segment).
SEGMENT = r"(?:[^/?#&\s\"'\\%]|%(?!(?:25)?(?:2[Ff]|3[Ff]|23|26|20|22))[0-9A-Fa-f]{2})+"
#: A secret shorter than this is only hidden where it stands in an address (not everywhere in a traceback).
SHORTEST_LOOSE_SECRET = 8


class Redactor:
    """Hides the secret variables of ``url_map``'s routes wherever an address of one stands in a text."""

    def __init__(self, url_map: Map) -> None:
        prefixes: set[tuple[tuple[str, str | None], ...]] = set()
        self.secrets_of: dict[str, tuple[str, ...]] = {}
        for rule in url_map.iter_rules():
            parts = route_parts(rule.rule)
            secret = [index for index, (_text, converter) in enumerate(parts) if converter == SECRET]
            if secret:
                prefixes.add(tuple(parts[: secret[-1] + 1]))
                self.secrets_of[rule.rule] = secret_arguments(rule.rule)
        # Every route begins with a slash: matched once, in front (a text is scanned for it alone, fast).
        alternatives = sorted((_pattern(prefix).removeprefix(SLASH) for prefix in prefixes), key=lambda t: (-len(t), t))
        self.pattern = re.compile(f"{SLASH}(?:{'|'.join(alternatives)})") if alternatives else None

    def redact(self, text: str) -> str:
        """``text`` with every secret of an address in it replaced (the rest stays, to read the log)."""
        if self.pattern is None or ("/" not in text and "%" not in text):  # most values: no address at all
            return text
        return self.pattern.sub(_hide_groups, text)

    def secrets_in(self, text: str) -> list[str]:
        """The secrets of every address in ``text``."""
        if self.pattern is None or not text:
            return []
        return [value for found in self.pattern.finditer(text) for value in found.groups() if value]

    def hide(self, text: str, secrets: Iterable[str]) -> str:
        """``text`` redacted, and each of ``secrets`` (a request's own tokens) hidden wherever it stands."""
        for secret in secrets:
            if len(secret) >= SHORTEST_LOOSE_SECRET:
                text = text.replace(secret, HIDDEN)
        return self.redact(text)


def _pattern(prefix: tuple[tuple[str, str | None], ...]) -> str:
    """A route's text up to its last secret as a pattern of a logged value: its secrets captured."""
    pieces = []
    for text, converter in prefix:
        if converter is None:
            pieces.append(SLASH.join(re.escape(piece) for piece in text.split("/")))
        else:
            pieces.append(f"({SEGMENT})" if converter == SECRET else SEGMENT)
    return "".join(pieces)


def _hide_groups(found: re.Match[str]) -> str:
    start = found.start()
    text, kept, position = found.group(), [], 0
    for index in range(1, len(found.groups()) + 1):
        if found.start(index) >= 0:
            kept += [text[position : found.start(index) - start], HIDDEN]
            position = found.end(index) - start
    return "".join(kept) + text[position:]


#: The redactor of the last app built in this process (every app the factory builds has the same routes):
#: for the logs written outside any app (gunicorn's, Werkzeug's development server's).
_installed: Redactor | None = None


def installed() -> Redactor | None:
    """The redactor of this process's app (None before one is built)."""
    return _installed


def install(app: Flask) -> Redactor:
    """Hide ``app``'s secrets from its own log and from Werkzeug's (once its routes are all registered)."""
    global _installed
    redactor = Redactor(app.url_map)
    app.extensions["redactor"] = redactor
    _installed = redactor
    # One filter each, added once (every app's logger is the same "scorekeeper" logger).
    app.logger.addFilter(_APP_FILTER)
    logging.getLogger("werkzeug").addFilter(_WERKZEUG_FILTER)
    return redactor


def _app_redactor() -> Redactor | None:
    """The redactor of the app answering (the process's outside one)."""
    if has_app_context():
        found = current_app.extensions.get("redactor")
        if isinstance(found, Redactor):
            return found
    return _installed


class RedactingFilter(logging.Filter):
    """Secrets out of a log record: its line, its traceback, and (``within_request``) the request's own
    secrets wherever they stand (a database error's parameters)."""

    def __init__(self, redactor: Callable[[], Redactor | None], *, within_request: bool = False) -> None:
        super().__init__()
        self.redactor = redactor
        self.within_request = within_request

    def filter(self, record: logging.LogRecord) -> bool:
        redactor = self.redactor()
        if redactor is None:
            return True
        message = record.getMessage()
        secrets = [*redactor.secrets_in(message), *(_request_secrets(redactor) if self.within_request else [])]
        record.msg, record.args = redactor.hide(message, secrets), None
        if record.exc_info:
            record.exc_text = redactor.hide(logging.Formatter().formatException(record.exc_info), secrets)
        elif record.exc_text:
            record.exc_text = redactor.hide(record.exc_text, secrets)
        if record.stack_info:
            record.stack_info = redactor.hide(record.stack_info, secrets)
        return True


_APP_FILTER = RedactingFilter(_app_redactor, within_request=True)
_WERKZEUG_FILTER = RedactingFilter(installed)


def _request_secrets(redactor: Redactor) -> list[str]:
    """The secrets of the request being answered: its route's secret variables, those of any address in
    its own address or Referer, its token headers and its cookies."""
    if not has_request_context():
        return []
    rule = request.url_rule
    names = redactor.secrets_of.get(rule.rule, ()) if rule is not None else ()
    found = [str((request.view_args or {}).get(name, "")) for name in names]
    found += redactor.secrets_in(request.full_path) + redactor.secrets_in(request.referrer or "")
    found += [request.headers.get(name, "") for name in SECRET_HEADERS]
    found += list(request.cookies.values())
    return found


#: The access log's atoms that name a secret header (request, response, environ).
HIDDEN_ATOMS = frozenset(
    atom
    for name in SECRET_HEADERS
    for atom in (f"{{{name.lower()}}}i", f"{{{name.lower()}}}o", f"{{http_{name.lower().replace('-', '_')}}}e")
)


class RedactedAtoms(SafeAtoms):  # type: ignore[misc]  # gunicorn ships no types
    """The values an access log line is made of, each redacted as the line asks for it (only the few
    the format names: the request's other headers are never looked at)."""

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        if not isinstance(value, str) or _installed is None:
            return value
        if key[0] == "{" and key.lower() in HIDDEN_ATOMS and value != "-":
            return HIDDEN
        return _installed.redact(value)


class RedactingLogger(Logger):  # type: ignore[misc]  # gunicorn ships no types
    """Gunicorn's logs without secrets: the access log's values redacted (RedactedAtoms), and its error
    log's lines and tracebacks ("Error handling request /e/..." when the app fails outside Flask)."""

    atoms_wrapper_class = RedactedAtoms
    error_filter = RedactingFilter(installed)

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        self.error_log.addFilter(self.error_filter)
