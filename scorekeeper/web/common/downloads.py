"""A file to save: a game's, a group's, a night's, a club's (CSV or JSON); every CSV the app writes is made here,
each cell safe in a spreadsheet, in plain numbers (a comma between cells, a decimal point) or, asked with
``?spreadsheet=<language>``, as a spreadsheet set to that language reads a CSV (in Spanish, Italian, Portuguese and
German a semicolon between cells and a decimal comma: 52,36)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from babel import Locale
from flask import Response, current_app, request

from ...translation import _, reader_language
from .numbers import numerals_for

#: How a spreadsheet recognises a formula (or a command, in old ones) at the start of a cell: OWASP's list for
#: CSV injection.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Where a page may break a long word (German's Differenz in a narrow column): never in a spreadsheet's cell.
SOFT_HYPHEN = "\u00ad"
#: The query that asks for a CSV in a language's spreadsheet convention: ``?spreadsheet=de``.
SPREADSHEET = "spreadsheet"


@dataclass(frozen=True)
class Convention:
    """How a spreadsheet reads a CSV: the sign between cells and the decimal mark of its numbers."""

    separator: str = ","
    decimal: str = "."


#: Plain numbers, as every file of the app keeps them.
PLAIN = Convention()


def convention_of(language: str) -> Convention:
    """How a spreadsheet set to ``language`` reads a CSV: where a decimal comma is the language's (Babel's decimal
    sign), the cells are set apart by a semicolon, as spreadsheet programs then expect."""
    decimal = numerals_for(language).decimal
    return Convention(";" if decimal == "," else ",", decimal)


def reader_spreadsheet() -> dict[str, str] | None:
    """The CSV in the reader's spreadsheet convention, to offer beside the plain one: its language (for the link)
    and its name ("CSV for a spreadsheet in Deutsch (;)"); None where the reader's convention is the plain one."""
    language = reader_language()
    convention = convention_of(language)
    if convention == PLAIN:
        return None
    name = Locale.parse(language).get_language_name(language) or language
    label = _("CSV for a spreadsheet in %(language)s (%(separator)s)", language=name, separator=convention.separator)
    return {"language": language, "label": label}


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


def _in_convention(value: object, convention: Convention) -> object:
    """A cell's number with the convention's decimal mark (52,36); whole numbers and text as they are."""
    if isinstance(value, float) and not isinstance(value, bool) and convention.decimal != ".":
        return repr(value).replace(".", convention.decimal)
    return value


def csv_download(rows: Iterable[Sequence[object]], filename: str) -> Response:
    """Rows as a CSV file to save, every cell safe in a spreadsheet (every CSV the app writes is made here), in
    plain numbers or in the convention ``?spreadsheet=<language>`` asks for (its name then ends in the language).
    Only a club's members' file is read back (``services.membership.members``), which takes the ``'`` off again and
    reads either convention."""
    asked = request.args.get(SPREADSHEET, "")
    language = asked if asked in current_app.config["LANGUAGES"] else None
    convention = convention_of(language) if language else PLAIN
    out = io.StringIO()
    out.write("\ufeff")  # spreadsheet programs then read the accents right
    csv.writer(out, delimiter=convention.separator).writerows(
        [_in_convention(spreadsheet_cell(value), convention) for value in row] for row in rows
    )
    if language:
        filename = filename.removesuffix(".csv") + f"-{language}.csv"
    return download(out.getvalue(), "text/csv; charset=utf-8", filename)


def download(body: str, mimetype: str, filename: str) -> Response:
    """A file to save (a game's, a group's, a night's)."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
