"""Default configuration. Nothing is read from the environment at import time."""

from __future__ import annotations

from typing import ClassVar


class Config:
    """Defaults; ``create_app`` layers instance/config.py, the environment and test config on top."""

    SECRET_KEY = "dev-only-change-me"
    SQLALCHEMY_DATABASE_URI: str | None = None  # set by create_app: DATABASE_URL or instance/canasta.sqlite
    # hide_parameters: a database error in the log never shows the values of its query (an edit token).
    SQLALCHEMY_ENGINE_OPTIONS: ClassVar[dict[str, bool]] = {"pool_pre_ping": True, "hide_parameters": True}
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_HTTPONLY = True
    WTF_CSRF_TIME_LIMIT = None  # a game evening is long; the token lives as long as the session
    # Over https Flask-WTF would also ask for a Referer from this site, but every page says "no-referrer"
    # (an edit link is a secret in the address): the token and the SameSite cookie are the check.
    WTF_CSRF_SSL_STRICT = False
    PERMANENT_SESSION_LIFETIME = 365 * 24 * 3600  # the session (and so the token) outlives closing the browser
    SESSION_REFRESH_EACH_REQUEST = False
    BABEL_DEFAULT_LOCALE = "en"
    #: The languages the app speaks, each with a complete catalogue (tests/test_catalogues.py).
    LANGUAGES: ClassVar[tuple[str, ...]] = ("en", "es", "pt_BR", "it", "de")
    MAX_CONTENT_LENGTH = 256 * 1024  # no honest hand entry comes near this
    # Rate limits (web/limiting.py), far above what a table, or a whole club behind one address, ever does.
    RATELIMIT_ENABLED = True
    # None: counts every worker and server shares, in SQL (rate_store.py); "memory://" keeps them per process.
    RATELIMIT_STORAGE_URI: str | None = None
    RATELIMIT_SWALLOW_ERRORS = True  # a count that cannot be kept never turns a page into an error
    RATELIMIT_HEADERS_ENABLED = True
    # Per client address: new games (form, rematch, API); writes whose token names nothing (a guess, none sent);
    # links and tokens that name no game.
    RATE_LIMIT_NEW_GAMES = "30 per minute;300 per day"
    RATE_LIMIT_HAND_SAVES = "120 per minute"
    RATE_LIMIT_WRONG_TOKENS = "30 per minute"
    # Writes under a good token, per game (its edit token), side (a side's half) or night (its director's board),
    # whatever address they come from: a table saves a hand every few minutes, a board changes a few times a
    # minute; a script hammering one game meets it. A night's 40 tables from one router never do.
    RATE_LIMIT_TOKEN_WRITES = "60 per minute;600 per hour"
    # Pairs joining a club night at its door, per night from every address (a club's Wi-Fi is one): 80 pairs
    # arriving in the same minute all get in; a script filling the door waits, and the night's 1,000 pairs stop it.
    RATE_LIMIT_DOOR_NIGHT = "120 per minute"
    # A night's door offering members' names as a pair types (a few, after three letters): per night. A room
    # typing its names never meets it; a script reading the roster off the door does, within minutes.
    RATE_LIMIT_DOOR_NAMES = "120 per minute;1000 per hour"
    # The address other phones use, e.g. "http://192.168.1.20:8000" (empty: found from the page and the network).
    PUBLIC_URL = ""
    # Behind a reverse proxy: how many proxies set X-Forwarded-For/-Proto/-Host (0: none, trust nothing).
    PROXY_HOPS = 0
