"""The pages, one blueprint per area; the games' blueprint gathers the pages of a game from several
modules (games, hands, halves, expired, export, groups, share, nights, night_changes, night_roster, clubs,
members), which ``blueprints`` imports so that their routes register."""

from __future__ import annotations

from flask import Blueprint


def blueprints() -> list[Blueprint]:
    """Every blueprint of the pages, with all its routes registered."""
    from . import (  # noqa: F401  (their routes register on games.bp)
        clubs,
        expired,
        export,
        groups,
        halves,
        hands,
        members,
        night_changes,
        night_roster,
        night_tables,
        nights,
        share,
    )
    from .games import bp as games
    from .rules import bp as rules
    from .site import bp as site
    from .tools import bp as tools

    return [games, rules, tools, site]
