"""Sentences whose verb agrees with the side it names: a team takes the plural, a lone player the
singular ("Ganan Nosotras", "Gana Ana"; "Ana & Luis win", "Ana wins")."""

from __future__ import annotations

from flask_babel import gettext, pgettext

from .services import Sheet


def _is_team(sheet: Sheet) -> bool:
    return not sheet.ruleset.individual


def winner_sentence(sheet: Sheet) -> str:
    """Who won the game, and with what."""
    values = {"name": sheet.winner, "total": sheet.leading_total}
    if _is_team(sheet):
        return str(gettext("%(name)s win with %(total)s.", **values))
    return str(gettext("%(name)s wins with %(total)s.", **values))


def finished_sentence(sheet: Sheet) -> str:
    """A finished game in a list: who won."""
    if _is_team(sheet):
        return str(pgettext("a team", "Finished: %(name)s won", name=sheet.winner))
    return str(gettext("Finished: %(name)s won", name=sheet.winner))


def leader_sentence(sheet: Sheet) -> str:
    """A game in progress in a list: who leads, with what."""
    values = {"name": sheet.leaders[0], "total": sheet.leading_total}
    if _is_team(sheet):
        return str(gettext("In progress: %(name)s lead with %(total)s", **values))
    return str(gettext("In progress: %(name)s leads with %(total)s", **values))


def ends_game_sentence(sheet: Sheet, name: str) -> str:
    """A hand being typed that would end the game: who would win."""
    if _is_team(sheet):
        return str(gettext("This hand ends the game: %(name)s win.", name=name))
    return str(gettext("This hand ends the game: %(name)s wins.", name=name))
