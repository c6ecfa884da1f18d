"""The production server's own pieces: an access log that never holds an edit link."""

from __future__ import annotations

import re
from typing import Any

from gunicorn.glogging import Logger

#: An edit link's token, wherever it stands in a logged value (request line, path, Referer).
EDIT_TOKEN_IN_PATH = re.compile(r"/e/[^/?#\s\"]+")
REDACTED = "/e/<redacted>"


def redact(text: str) -> str:
    """``text`` with every edit token replaced (the rest of the path stays, to read the log)."""
    return EDIT_TOKEN_IN_PATH.sub(REDACTED, text)


class RedactingLogger(Logger):  # type: ignore[misc]  # gunicorn ships no types
    """Gunicorn's access log with edit tokens replaced by ``<redacted>``."""

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        """The values a log line is made of, each redacted."""
        atoms: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        return {name: redact(value) if isinstance(value, str) else value for name, value in atoms.items()}
