"""The production server's own pieces: logs that never hold a bearer link (an edit link, a group's link),
whether in the access log, an error's line or its traceback."""

from __future__ import annotations

import logging
import re
from typing import Any

from gunicorn.glogging import Logger

#: A bearer link's token (an edit link /e/..., a group's link /t/...), wherever it stands in a logged
#: value (request line, path, Referer), also percent-encoded in a query string (%2Fe%2F...).
BEARER_TOKEN_IN_PATH = re.compile(r"(/|%2F)([et])(/|%2F)[^/?#&\s\"%]+", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with every bearer token replaced (the rest of the path stays, to read the log)."""
    return BEARER_TOKEN_IN_PATH.sub(lambda found: f"{found[1]}{found[2]}{found[3]}<redacted>", text)


class RedactingFilter(logging.Filter):
    """Bearer tokens out of the app's own log records: Flask's "Exception on /e/<token>/..." line, its
    traceback, and the request's own tokens wherever they stand (a database error's parameters)."""

    def filter(self, record: logging.LogRecord) -> bool:
        secrets = _request_secrets()
        message = _hide(record.getMessage(), secrets)
        record.msg, record.args = message, None
        if record.exc_info:
            formatted = logging.Formatter().formatException(record.exc_info)
            record.exc_text = _hide(formatted, secrets)
        return True


def _hide(text: str, secrets: list[str]) -> str:
    for secret in secrets:
        text = text.replace(secret, "<redacted>")
    return redact(text)


def _request_secrets() -> list[str]:
    """The bearer tokens of the request being answered: in its address and its X-Edit-Token header."""
    from flask import has_request_context, request

    if not has_request_context():
        return []
    found = [str(value) for name, value in (request.view_args or {}).items() if name in ("edit_token", "token")]
    header = request.headers.get("X-Edit-Token", "")
    return [secret for secret in [*found, header] if len(secret) >= 8]


class RedactingLogger(Logger):  # type: ignore[misc]  # gunicorn ships no types
    """Gunicorn's access log with edit tokens replaced by ``<redacted>``."""

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        """The values a log line is made of, each redacted."""
        atoms: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        return {name: redact(value) if isinstance(value, str) else value for name, value in atoms.items()}
