"""Default configuration. Nothing is read from the environment at import time."""

from __future__ import annotations

from typing import ClassVar


class Config:
    """Defaults; ``create_app`` layers instance/config.py, the environment and test config on top."""

    SECRET_KEY = "dev-only-change-me"
    SQLALCHEMY_DATABASE_URI: str | None = None  # set by create_app: DATABASE_URL or instance/canasta.sqlite
    SQLALCHEMY_ENGINE_OPTIONS: ClassVar[dict[str, bool]] = {"pool_pre_ping": True}
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_HTTPONLY = True
    WTF_CSRF_TIME_LIMIT = None  # a game evening is long; the token lives as long as the session
    BABEL_DEFAULT_LOCALE = "en"
    LANGUAGES: ClassVar[tuple[str, ...]] = ("en", "es")
    MAX_CONTENT_LENGTH = 256 * 1024  # no honest hand entry comes near this
