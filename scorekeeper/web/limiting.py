"""Rate limits. A write under a token found good (a game's edit token, a side's, a night's director's) is
counted per game, side or night; a write that names no good token, game creation and wrong links or tokens
are counted per client address; pairs joining a club night at its door per night.

The numbers live in the config (RATE_LIMIT_*): a real table, or a whole club behind one address (its
router, or the proxy in front of a hosted server), never meets them; a script creating games, guessing
links, hammering one game or filling a night's door does, and gets 429.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

from flask import Blueprint, Flask, abort, current_app, g, request
from flask_limiter import RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse_many
from werkzeug.exceptions import TooManyRequests
from werkzeug.wrappers import Response

from .errors import http_error
from .extensions import limiter

F = TypeVar("F", bound=Callable[..., Any])

#: Answers that mean "no game behind this link or token": each counts as a guess.
GUESS_STATUSES = frozenset({403, 404})
WRONG_LINKS = "wrong-links"
#: The counts of writes: under a token found good (by game, side or night), and with none (by address).
TOKEN_WRITES = "token-writes"
UNKNOWN_WRITES = "unknown-token-writes"
#: What ``g`` says of a limited write: no token found good yet, or its token counted.
OPEN, COUNTED = "open", "counted"
#: The count of a night's door: by night (its address carries the night and the door's key).
DOOR_NIGHT = "night-door-night"


def _config(name: str) -> Callable[[], str]:
    return lambda: str(current_app.config[name])


def new_games(view: F) -> F:
    """Starting a game (form, rematch, API) counts against RATE_LIMIT_NEW_GAMES."""
    return cast(
        F,
        limiter.shared_limit(
            _config("RATE_LIMIT_NEW_GAMES"), scope="new-games", methods=["POST"], override_defaults=False
        )(view),
    )


def token_writes(view: F) -> F:
    """A write (POST, PUT, DELETE) by the holder of a token: a hand saved, fixed or undone, a half or a word sent,
    a table agreed, a change on a director's board (form or API). Its view looks its token up and calls
    ``token_found`` with what the token names: the write counts against RATE_LIMIT_TOKEN_WRITES for that game,
    side or night, never for the address (a club's every phone shares one). A write whose token is not found
    good (a guess, a wrong link, none sent) counts against RATE_LIMIT_HAND_SAVES for its address once answered
    (``_count_unknown_writes``). Reads are never counted."""

    @functools.wraps(view)
    def limited(*args: Any, **kwargs: Any) -> Any:
        if request.method not in READS and limiter.enabled:
            g.token_write = OPEN
        return view(*args, **kwargs)

    return cast(F, limited)


def token_found(kind: str, *ids: int) -> None:
    """In a write of ``token_writes``, its token was found good and names a ``kind`` ("game", "side", "night")
    by ``ids`` (a side: its game's id and its place): count the write against RATE_LIMIT_TOKEN_WRITES for it,
    once a request, and answer 429 (nothing written) past it. Elsewhere (a read, a preview, limits off) nothing
    is counted."""
    if g.get("token_write") != OPEN:
        return
    g.token_write = COUNTED
    items = parse_many(str(current_app.config["RATE_LIMIT_TOKEN_WRITES"]))
    key = (TOKEN_WRITES, "-".join([kind, *map(str, ids)]))
    if not _spend(items, key):
        abort(too_many(items, key))


def _count_unknown_writes(response: Response) -> Response:
    """A write of ``token_writes`` that found no good token (it changed nothing) counts against
    RATE_LIMIT_HAND_SAVES for the client's address; past it, its answer becomes 429."""
    if g.pop("token_write", None) != OPEN:
        return response
    items = parse_many(str(current_app.config["RATE_LIMIT_HAND_SAVES"]))
    key = (UNKNOWN_WRITES, get_remote_address())
    return response if _spend(items, key) else too_many(items, key)


#: The methods no limit of the limiter's own counts: every one of them counts a write (``new_games``,
#: ``token_writes``); wrong links are counted after the answer (``guard_links``), the door in its view.
READS = frozenset({"GET", "HEAD", "OPTIONS"})


@limiter.request_filter
def _a_read_meets_no_limit() -> bool:
    """A read is let through before the limiter works out which limits the address would meet (most of
    what a followed page or a 304 costs the limiter, on every request)."""
    return request.method in READS


def guard_links(blueprint: Blueprint) -> None:
    """Every answer of ``blueprint`` that says "no such game" (403, 404) counts against
    RATE_LIMIT_WRONG_TOKENS for the client's address; past it, such answers become 429. Only wrong
    links are ever refused: the home page, a game's own pages, saves and the scoring API go on for
    everyone behind the same address (a club's Wi-Fi shares one)."""

    @blueprint.after_request
    def count_wrong_links(response: Response) -> Response:
        if response.status_code in GUESS_STATUSES and not _wrong_link_counted():
            return too_many()
        return response


def codes_guessed_too_often() -> bool:
    """Whether this address has spent its wrong links: then even a right short code is not looked up
    until the minute is over (six characters can be guessed; a link's 22 cannot)."""
    return not _within_budget(count=False)


def _wrong_link_counted() -> bool:
    """Count one wrong link for this address; False once it is past its budget."""
    return _within_budget(count=True)


def _within_budget(*, count: bool) -> bool:
    """Whether this address is within RATE_LIMIT_WRONG_TOKENS, counting one more wrong link when ``count``."""
    return _spend(_limits(), _key(), count=count)


def _spend(items: list[RateLimitItem], key: tuple[str, str], *, count: bool = True) -> bool:
    """Whether ``key`` is within every window of ``items``, counting one more in each when ``count``. Limits
    turned off, or a store that cannot answer, never lock anyone out."""
    if not limiter.enabled:
        return True
    check = limiter.limiter.hit if count else limiter.limiter.test
    try:
        return all([check(item, *key) for item in items])  # noqa: C419  (every window counts it)
    except Exception:
        current_app.logger.warning("the rate-limit store did not answer", exc_info=True)
        return True


def _limits() -> list[RateLimitItem]:
    return parse_many(str(current_app.config["RATE_LIMIT_WRONG_TOKENS"]))


def _key() -> tuple[str, str]:
    return (WRONG_LINKS, get_remote_address())


def door_wait(night_id: int) -> int | None:
    """Count one pair's form sent at night ``night_id``'s door against RATE_LIMIT_DOOR_NIGHT, from every address
    (a club arriving at once comes from one): the seconds to wait when past it, else None. The door's address
    carries the night and its key, found good before this is counted: a wrong key is a wrong link
    (``guard_links``). Limits turned off, or a store that cannot answer, never shut it."""
    items = parse_many(str(current_app.config["RATE_LIMIT_DOOR_NIGHT"]))
    key = (DOOR_NIGHT, str(night_id))
    return None if _spend(items, key) else _retry_after(items, key)


def too_many(items: list[RateLimitItem] | None = None, key: tuple[str, str] | None = None) -> Response:
    """A 429 as the app answers it (a page, or JSON under /api), with when to try again: when ``key`` is within
    ``items`` again (by default, when this address may send a wrong link again)."""
    response = http_error(TooManyRequests())
    response.headers["Retry-After"] = str(_retry_after(items or _limits(), key or _key()))
    return response


def register(app: Flask) -> None:
    """A limit met answers the app's 429 (JSON under /api), always with a Retry-After (whatever
    RATELIMIT_HEADERS_ENABLED says): the API's document promises it on every limited operation."""

    @app.errorhandler(RateLimitExceeded)
    def limit_met(_exc: RateLimitExceeded) -> Response:
        response = http_error(TooManyRequests())
        response.headers["Retry-After"] = str(_seconds_until_reset())
        return response

    app.after_request(_count_unknown_writes)


def _seconds_until_reset() -> int:
    """Seconds until the limit this request met lets the address in again (60 when it cannot be told)."""
    try:
        met = limiter.current_limit
        return 60 if met is None else max(1, met.reset_at - int(time.time()))
    except Exception:
        return 60


def _retry_after(items: list[RateLimitItem], key: tuple[str, str]) -> int:
    """Seconds until the spent window (the longest, when several are) of ``items`` lets ``key`` try again."""
    try:
        stats = [limiter.limiter.get_window_stats(item, *key) for item in items]
    except Exception:
        return 60
    spent = [stat.reset_time for stat in stats if stat.remaining == 0] or [stat.reset_time for stat in stats]
    return max(1, int(max(spent) - time.time()) + 1)


#: The count of the members' names a night's door offers as a name is typed.
DOOR_NAMES = "night-door-names"


def door_names_wait(night_id: int) -> int | None:
    """Count one completion of a name asked at night ``night_id``'s door against RATE_LIMIT_DOOR_NAMES (the
    night, from every address, as the door's forms are counted): the seconds to wait when past it, else None.
    Limits turned off, or a store that cannot answer, never refuse it."""
    if not limiter.enabled:
        return None
    items = parse_many(str(current_app.config["RATE_LIMIT_DOOR_NAMES"]))
    key = (DOOR_NAMES, str(night_id))
    try:
        within = all([limiter.limiter.hit(item, *key) for item in items])  # noqa: C419  (every window counts it)
    except Exception:
        current_app.logger.warning("the rate-limit store did not answer", exc_info=True)
        return None
    return None if within else _retry_after(items, key)
