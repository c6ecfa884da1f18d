"""The pages, grouped by who uses them, each folder holding its views and the forms only it uses:

- ``site/``: the home page and the site's own pages (language, display settings, the installable app, health);
- ``rules/``: the rules reference and the referee tools;
- ``table/``: a game's pages, for the players at its table (its sheet, hands, the hand form, each side's half,
  sharing, files, a table of friends);
- ``night/``: a club night's pages, for its director, its door and its pairs (the board, the door, the standings,
  a pair's page, the TV, the tables' cards);
- ``club/``: a club's pages, for whoever keeps it (its season, its members and their grades);
- ``common/``: what every audience's pages are built with (the games blueprint, kept pages, the phone's memory,
  form fields, downloads, wording, sharing, charts).

This package itself holds what every request goes through: secret links (bearer.py) and the log that hides them
(serving.py), conditional answers (conditional.py) and the 304s in front of the app (revalidation.py), headers,
error pages, rate limits, language choice, display settings, the installable app's files (installable.py) and
the Flask extensions."""

from __future__ import annotations

from flask import Blueprint


def blueprints() -> list[Blueprint]:
    """Every blueprint of the pages, with all its routes registered: the games blueprint gathers the pages of a
    game, a table of friends, a night and a club from the modules imported here."""
    from .club import clubs, members  # noqa: F401
    from .common.blueprint import bp as games_blueprint
    from .night import board, changes, door, field, public, roster, standings_files, tables  # noqa: F401
    from .rules.rules import bp as rules
    from .rules.tools import bp as tools
    from .site import home  # noqa: F401  (home, table/, night/ and club/: their routes register on the games blueprint)
    from .site.site import bp as site
    from .table import expired, export, games, groups, halves, hands, offline_new, phone_copy, share, side  # noqa: F401

    return [games_blueprint, rules, tools, site]
