"""/api/v1: JSON in, JSON out. Scoring (scoring.py) and whole games (games.py)."""

from __future__ import annotations

from flask import Blueprint, Response

from .bodies import Refusal

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@bp.errorhandler(Refusal)
def refused(exc: Refusal) -> tuple[Response, int]:
    """Answer a refusal with its JSON."""
    return exc.reply


from . import games, scoring  # noqa: E402,F401  (the routes register on bp)
