"""A file to save: a game's, a group's, a night's, a club's (CSV or JSON); every CSV the app writes is made here,
each cell safe in a spreadsheet."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from flask import Response

#: How a spreadsheet recognises a formula (or a command, in old ones) at the start of a cell: OWASP's list for
#: CSV injection.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Where a page may break a long word (German's Differenz in a narrow column): never in a spreadsheet's cell.
SOFT_HYPHEN = "\u00ad"


def spreadsheet_cell(value: object) -> object:
    """A cell as a spreadsheet must read it: a number stays a number (a score of -120 too); text that starts
    like a formula (a player called ``=HYPERLINK(...)``) gets a leading ``'``, which shows it as text and never
    runs it; a soft hyphen (where a page may break a long header such as German's Differenz) is left out, an
    invisible character in a spreadsheet. Decided by the value's type, never by how it looks: only text is ever
    changed."""
    if value is None or isinstance(value, int | float):
        return value
    text = str(value).replace(SOFT_HYPHEN, "")  # a page's hint where a long word may break; a cell has none
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_download(rows: Iterable[Sequence[object]], filename: str) -> Response:
    """Rows as a CSV file to save, every cell safe in a spreadsheet (every CSV the app writes is made here).
    Only a club's members' file is read back (``services.membership.members``), which takes the ``'`` off again."""
    out = io.StringIO()
    out.write("\ufeff")  # spreadsheet programs then read the accents right
    csv.writer(out).writerows([spreadsheet_cell(value) for value in row] for row in rows)
    return download(out.getvalue(), "text/csv; charset=utf-8", filename)


def download(body: str, mimetype: str, filename: str) -> Response:
    """A file to save (a game's, a group's, a night's)."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
