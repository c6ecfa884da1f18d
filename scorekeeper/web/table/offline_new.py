"""A game started with no connection (static/js/new-offline.js). The service worker keeps, for each rule set and
table shape, the new-game page and a blank game's two pages, its sheet and its hand form, rendered here for a game
of that table whose names are marks (``⟦S0⟧`` for the first side, ``⟦P0⟧`` for the first seat, ``⟦D⟧`` for the
first dealer) that the script puts the players' names in. A game started offline lives on the phone under
``/o/<rule set>/<players>/<sides>/<its own random id>`` (the same pages for every id), scored by the engine in the
phone like a known game offline (offline.js), until the server first sees it: then the new-game form, as typed, is
sent with its one-time key (``services.start_game`` makes one game of it however often it comes), and the phone
moves to the game's links.

Nothing here reads or writes the database: the pages are the same for every phone of a language."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from flask import abort, render_template, url_for
from flask_babel import gettext

from ...engine import RULESETS, RuleSet, configure
from ...engine.game import side_of_seat
from ...engine.options import table_options, table_shapes
from ...engine.sheet import Sheet, Table, sum_up
from ...shapes.limits import is_token
from ..common.blueprint import bp
from .forms import NewGameForm
from .hand_form.form import hand_form

#: The blank pages' stand-in for a game's edit token and id (the script points its links at the game's own).
STAND_IN = "local"
#: The mark that stands for the first dealer's name (the phone's game names its seat).
DEALER_MARK = "⟦D⟧"
#: The id in the addresses the service worker keeps a blank page under (any game's id reads it).
ANY = "-"


def side_mark(side: int) -> str:
    """The mark that stands for a side's name on a blank page."""
    return f"⟦S{side}⟧"


def seat_mark(seat: int) -> str:
    """The mark that stands for a seat's player on a blank page."""
    return f"⟦P{seat}⟧"


def blank_sheet(ruleset: RuleSet, players: int, sides: int) -> Sheet:
    """The sheet of a game of this table before its first hand, its names marks."""
    seats = tuple(seat_mark(seat) for seat in range(players))
    table = Table(
        ruleset=ruleset,
        side_names=tuple(side_mark(side) for side in range(sides)),
        seat_names=seats,
        first_dealer=0,
        opening=(0,) * sides,
    )
    return sum_up(table, [])


def side_players(players: int, sides: int) -> list[list[str]]:
    """Each side's seats' marks, first player first (partners sit opposite)."""
    return [[seat_mark(seat) for seat in range(players) if side_of_seat(seat, sides) == side] for side in range(sides)]


def _table(ruleset_id: str, players: int, sides: int) -> RuleSet:
    """The rule set of a table it seats, with that table's rules (404 for any other)."""
    base = RULESETS.get(ruleset_id)
    if base is None or (players, sides) not in table_shapes(base):
        abort(404)
    return configure(base, table_options(base, players), sides=sides)


def _address(ruleset_id: str, players: int, sides: int, local: str) -> str:
    if local != ANY and not is_token(local):
        abort(404)
    return url_for("games.offline_sheet", ruleset_id=ruleset_id, players=players, sides=sides, local=local)


def _engine(address: str) -> dict[str, Any]:
    """What the pages tell offline.js (the script puts the game's own id and addresses in)."""
    return {
        "offline": address + "/phone.json",
        "game_id": f"local:{address.rsplit('/', 1)[-1]}",
        "sheet": address,
        "rules": url_for("rules.index"),
    }


@bp.get("/o/<ruleset_id>/<int:players>/<int:sides>/<local>")
def offline_sheet(ruleset_id: str, players: int, sides: int, local: str) -> str:
    """The sheet of a game started on a phone with no connection, before the phone fills it in."""
    ruleset = _table(ruleset_id, players, sides)
    address = _address(ruleset_id, players, sides, local)
    sheet = blank_sheet(ruleset, players, sides)
    return render_template(
        "games/offline_sheet.html", sheet=sheet, address=address, engine=_engine(address), dealer_mark=DEALER_MARK
    )


@bp.get("/o/<ruleset_id>/<int:players>/<int:sides>/<local>/hands/new")
@bp.get("/o/<ruleset_id>/<int:players>/<int:sides>/<local>/hands/<int:number>")
def offline_hand(ruleset_id: str, players: int, sides: int, local: str, number: int = 0) -> str:
    """The blank hand form of that game (a fix reads the same: offline.js fills it from what the phone holds)."""
    ruleset = _table(ruleset_id, players, sides)
    address = _address(ruleset_id, players, sides, local)
    sheet = blank_sheet(ruleset, players, sides)
    form = hand_form(ruleset, sheet.side_names, players=side_players(players, sides))
    return render_template(
        "games/offline_hand.html",
        game=SimpleNamespace(edit_token=STAND_IN, public_id=STAND_IN, version=0),
        sheet=sheet,
        form=form,
        number=1,
        minimums=sheet.minimums_in(1),
        problems=[],
        by_field={},
        conflict=None,
        action=None,
        editable=True,
        elsewhere=None,
        engine=_engine(address),
    )


def offline_start(base: RuleSet, ruleset: RuleSet, form: NewGameForm, players: int, sides: int) -> str:
    """What the new-game page's script needs to start the game on the phone (JSON): where its pages are, its rule
    set and house rules as the form now chooses them, each seat's side and its name when left empty."""
    return json.dumps(
        {
            "pages": url_for("games.offline_sheet", ruleset_id=base.id, players=players, sides=sides, local=ANY)[
                : -len(ANY)
            ],
            "ruleset": base.id,
            "options": {**table_options(base, players), **form.chosen_options(ruleset)},
            "seat_sides": [side_of_seat(seat, sides) for seat in range(players)],
            "unnamed": [gettext("Player %(number)s", number=seat + 1) for seat in range(players)],
        },
        ensure_ascii=False,
    )
