"""A night's field brought in from a spreadsheet on the director's board (a CSV file of pairs, all added or none,
every line refused named), and a round's seating printed by table and alphabetically."""

from __future__ import annotations

from flask import abort, redirect, render_template, url_for
from flask_babel import gettext

from ... import services
from ...services.night import field_import
from ...services.night.seating import round_seating
from ...services.spreadsheet_files import MOST_IMPORT_BYTES
from ...translation import render
from ..common.blueprint import Page, bp
from ..limiting import token_writes
from .base import night_or_404, pair_names
from .board import board_refusing
from .forms import FieldFileForm


@bp.post("/n/<secret:director_token>/field")
@token_writes
def import_field(director_token: str) -> Page:
    """The director brings the night's pairs in from a CSV file: all of them, or none and the board saying
    every line refused with its rule."""
    night = night_or_404(director_token, director=True)
    form = FieldFileForm()
    if not form.validate_on_submit():
        return board_refusing(night, gettext("Choose a CSV file of pairs first."), 400)
    upload = form.field_file.data
    if upload is None or not getattr(upload, "filename", ""):
        return board_refusing(night, gettext("Choose a CSV file of pairs first."), 400)
    try:
        field_import.import_field(night, upload.read(MOST_IMPORT_BYTES + 1))
    except field_import.FieldRefused as refused:
        lines = [gettext("Line %(n)s: %(rule)s", n=line.line, rule=render(line.msg)) for line in refused.lines]
        return board_refusing(night, render(refused.msg), 400, field_lines=lines)
    except services.StorageUnavailable:
        problem = gettext("Nothing was brought in: the scores cannot be written right now. Try again in a moment.")
        return board_refusing(night, problem, 503)
    return redirect(url_for("games.night_board", director_token=director_token) + "#pairs")


@bp.get("/n/<secret:director_token>/rounds/<int(max=99):number>/seating")
def round_seating_page(director_token: str, number: int) -> Page:
    """Round ``number``'s seating to print or read on a phone: by table, then every player alphabetically."""
    night = night_or_404(director_token, director=True)
    seating = round_seating(night, number)
    if seating is None:
        abort(404)
    return render_template("nights/seating.html", night=night, seating=seating, names=pair_names(night))
