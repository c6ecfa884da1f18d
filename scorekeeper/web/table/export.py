"""A game taken out (the sheet as CSV, the whole game as JSON) and brought back from such a file."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response as BaseResponse

from ... import services
from ...portable.words import BREAKDOWN_LABELS
from ...services.table import history
from ...services.table.export import game_export, group_export, import_game, sheet_rows
from ...translation import _, render, short_time, translate
from ..common.blueprint import bp
from ..common.downloads import csv_download, download
from ..common.memory import remember
from ..limiting import new_games
from .forms import ImportForm
from .games import find_or_404
from .groups import group_or_404


@bp.get("/g/<public_id>/export.csv")
def export_csv(public_id: str) -> Response:
    """One row per hand and side: every breakdown item, the hand score, the running total and the next
    minimum; the header in the reader's language."""
    game = find_or_404(public_id, editable=False)
    rows = sheet_rows(services.compute_sheet(game), _sheet_header(), _item_name)
    return csv_download(rows, f"canasta-{game.public_id}.csv")


@bp.get("/g/<public_id>/export.json")
def export_json(public_id: str) -> Response:
    """The whole game as entered, with its change log: a file this app can bring back."""
    game = find_or_404(public_id, editable=False)
    body = json.dumps(game_export(game), ensure_ascii=False, indent=1)
    return download(body, "application/json; charset=utf-8", f"canasta-{game.public_id}.json")


@bp.get("/t/<secret:token>/export.json")
def export_group_json(token: str) -> Response:
    """Every game of a group, each as its own export (a file per game can be cut out of it)."""
    group = group_or_404(token)
    games = [game for game, _ in history.group_games(group)]
    body = json.dumps(group_export(group.name, [p.name for p in group.players], games), ensure_ascii=False, indent=1)
    return download(body, "application/json; charset=utf-8", "canasta-group.json")


@bp.get("/t/<secret:token>/export.csv")
def export_group_csv(token: str) -> Response:
    """Every hand of every game of a group: the game (when it started, who played) before each sheet row."""
    group = group_or_404(token)
    header = _sheet_header()
    games = list(reversed(history.group_games(group)))  # oldest first, numbered
    rows: list[list[object]] = []
    if not games:
        rows.append([_("Game"), _("Started"), *header])
    for index, (game, sheet) in enumerate(games):
        sheet_lines = sheet_rows(sheet, header, _item_name)
        if index == 0:
            rows.append([_("Game"), _("Started"), *sheet_lines[0]])
        rows.extend([index + 1, short_time(game.created_at), *row] for row in sheet_lines[1:])
    return csv_download(rows, "canasta-group.csv")


def _sheet_header() -> list[str]:
    return [_("Hand"), _("Dealer"), _("Side"), _("Hand score"), _("Total"), _("First meld next hand, at least")]


def _item_name(item: str) -> str:
    return translate(BREAKDOWN_LABELS[item])


@bp.route("/games/import", methods=["GET", "POST"])
@new_games
def import_page() -> str | tuple[str, int] | BaseResponse:
    """Upload a game exported by this app: it becomes a new game with its own links."""
    form = ImportForm()
    if request.method == "GET":
        return render_template("games/import.html", form=form, problem=None)
    if not form.validate_on_submit():
        return render_template("games/import.html", form=form, problem=None), 400
    upload = form.game_file.data
    if upload is None or not getattr(upload, "filename", ""):
        problem = gettext("Choose a file exported by this app (a .json file) first.")
        return render_template("games/import.html", form=form, problem=problem), 400
    try:
        data: Any = json.loads(upload.read().decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # nested past the parser's depth: not a game either
        problem = gettext("This file is not a game exported by this app: it is not JSON.")
        return render_template("games/import.html", form=form, problem=problem), 400
    try:
        game = import_game(data)
    except services.Refused as refused:
        problem = gettext("Not imported: %(field)s: %(message)s", field=refused.field, message=render(refused.msg))
        return render_template("games/import.html", form=form, problem=problem), 400
    except services.StorageUnavailable:
        problem = gettext(
            "The game could not be started: the scores cannot be written right now. Try again in a moment."
        )
        return render_template("games/import.html", form=form, problem=problem), 503
    remember(game, editable=True)
    return redirect(url_for("games.edit_sheet", edit_token=game.edit_token))
