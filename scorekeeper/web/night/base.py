"""What every page of a club night stands on: the night behind a link (404 when there is none), what every page
of it shows (its rule set, pairs, the round in play and its tables, the standings), a pair's name as the pages
write it, and a pair added from its form (at the door or on the board).

The director's link changes the night; the public link and its short code only follow it. Each table is an
ordinary game: the board links to it as the sheet links to a hand.
"""

from __future__ import annotations

from typing import Any

from flask import abort
from flask_babel import gettext

from ... import services
from ...engine import RULESETS
from ...services import night as nights
from ...services.club import grades
from ...services.night import night_rounds
from ...services.night.night_results import night_standings, round_sheet, table_results
from ...store.nights import Night, NightPair, NightRound
from ...translation import render, translate
from ..limiting import token_found
from .forms import PairForm


def night_or_404(token: str, *, director: bool) -> Night:
    """The night behind a public link or (``director``) the director's; 404 when there is none."""
    night = nights.find_night(token, director=director)
    if night is None:
        abort(404)
    if director:
        token_found("night", night.id)  # a change on the board counts for the night
    return night


def night_id(token: str, *, director: bool = False) -> int:
    """The id of the night behind a link, in one small query (404 when there is none)."""
    found = nights.night_id(token, director=director)
    if found is None:
        abort(404)
    return found


def pair_names(night: Night) -> dict[int, str]:
    """Each pair's name as the night's pages write it ("Ana & Luis"), by the pair's number."""
    return {pair.number: " & ".join(pair.players) for pair in night.pairs}


def night_view(night: Night) -> dict[str, Any]:
    """What every page of the night shows: its rule set, pairs, the round in play and its tables, standings."""
    current: NightRound | None = night.played[-1] if night.played else None
    results = table_results(night)
    tables = []
    lines = round_sheet(night, current, results) if current is not None else []
    for table, table_lines in zip(current.tables if current is not None else [], lines, strict=True):
        sheet = services.compute_sheet(table.game) if table.game is not None else None
        tables.append((table, results[table.id], sheet, table_lines))
    names = pair_names(night)
    graded = grades.night_grades(night, results)
    return {
        "night": night,
        "ruleset_name": translate(RULESETS[night.ruleset_id].name),
        "current": current,
        "tables": tables,
        "names": names,
        "results": results,
        "standings": night_standings(night, results),
        "graded": graded,
        "handicapped": night_standings(night, results, graded.handicaps) if graded and night.handicap else None,
        "pair_size": nights.players_a_pair(night.ruleset_id),
        "waiting": nights.waiting_pairs(night),
        "between_rounds": all(result.counts for _, result, _, _ in tables),
        "last_drawn": night_rounds.last_round_drawn(night),  # no round past it is offered
        "over": night_rounds.night_over(night, results),  # the standings are final
    }


def pair_added(night: Night, form: PairForm) -> NightPair | str:
    """Add the form's pair (while a round is played too: it waits for the next; the form sent again: the pair it
    added); else the problem to show."""
    if not form.validate_on_submit():
        return str(gettext("Check the names: at most 60 characters each."))
    players = [form.first.data or ""]
    if nights.players_a_pair(night.ruleset_id) == 2:
        players.append(form.second.data or "")
    try:
        return nights.add_pair(night, players, form.key())
    except services.Refused as refused:
        return render(refused.msg)
