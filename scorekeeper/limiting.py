"""Rate limits per client address: game creation, hand saves, and wrong links or tokens.

The numbers live in the config (RATE_LIMIT_*): a real table, or a club behind one address,
never meets them; a script creating games or guessing links does, and gets 429.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from flask import Blueprint, current_app
from werkzeug.wrappers import Response

from .extensions import limiter

F = TypeVar("F", bound=Callable[..., Any])

#: Answers that mean "no game behind this link or token": each counts as a guess.
GUESS_STATUSES = frozenset({403, 404})


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


def hand_saves(view: F) -> F:
    """Saving, fixing or undoing a hand (form or API) counts against RATE_LIMIT_HAND_SAVES."""
    return cast(
        F,
        limiter.shared_limit(
            _config("RATE_LIMIT_HAND_SAVES"),
            scope="hand-saves",
            methods=["POST", "PUT", "DELETE"],
            override_defaults=False,
        )(view),
    )


def _a_guess(response: Response) -> bool:
    return response.status_code in GUESS_STATUSES


def guard_links(blueprint: Blueprint) -> None:
    """Every address of ``blueprint`` that answers "no such game" counts against RATE_LIMIT_WRONG_TOKENS."""
    limiter.shared_limit(_config("RATE_LIMIT_WRONG_TOKENS"), scope="wrong-links", deduct_when=_a_guess)(blueprint)
