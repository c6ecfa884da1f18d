"""/api/v1: JSON in, JSON out. Scoring (scoring.py) and whole games (games.py)."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

from . import games, scoring  # noqa: E402,F401  (the routes register on bp)
