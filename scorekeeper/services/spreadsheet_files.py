"""A CSV file a spreadsheet saved, read into its lines: UTF-8 with or without the byte-order mark spreadsheets
write, within a bound, cells split at the separator its first line holds most of (a comma, a semicolon as
Spanish, Italian or German spreadsheets write them, or a tab). The club's members and a night's field are read
so; what the lines mean is each import's own."""

from __future__ import annotations

import csv
import io

from ..engine.i18n import N_, Msg

#: The largest file an import reads.
MOST_IMPORT_BYTES = 200 * 1024
#: The separators a line's cells may stand between.
SEPARATORS = (",", ";", "\t")

#: A file's numbered lines that hold something: (line number, cells).
Lines = list[tuple[int, list[str]]]


def read_lines(data: bytes | str, most_lines: int, not_csv: Msg) -> tuple[Lines, Msg | None]:
    """The file's lines that hold something, each with its line number (at most ``most_lines`` and one more, so
    that a file past its bound is seen), or why the file cannot be read (``not_csv`` when it is no CSV)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > MOST_IMPORT_BYTES:
        return [], Msg(N_("The file is at most %(most)s KB."), {"most": MOST_IMPORT_BYTES // 1024})
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return [], Msg(N_('The file is not UTF-8 text: save it from the spreadsheet as "CSV UTF-8".'))
    first = next((line for line in text.splitlines() if line.strip()), "")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=max(SEPARATORS, key=first.count))
    lines: Lines = []
    try:
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                continue
            if len(lines) > most_lines:  # past the bound: stop reading
                break
            lines.append((reader.line_num, cells))
    except csv.Error:
        return [], not_csv
    return lines, None
