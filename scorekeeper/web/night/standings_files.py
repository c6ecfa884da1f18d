"""A club night's standings to keep: as CSV (the header in the reader's language) or JSON (every figure, each
round's tables with their scores and score-sheet lines), from the night's public link."""

from __future__ import annotations

import json
from typing import Any

from flask import Response
from flask_babel import gettext

from ...services.club import grades
from ...services.night.night_results import TableSheet, round_sheet
from ...tournament import rounded
from ..common.blueprint import bp
from ..common.downloads import csv_download, download
from .base import night_or_404, night_view


@bp.get("/night/<public_id>/standings.<any(csv, json):kind>")
def night_results(public_id: str, kind: str) -> Response:
    """The standings to keep: as CSV (the header in the reader's language) or JSON (every figure, each
    round's tables with their scores)."""
    night = night_or_404(public_id, director=False)
    shown = night_view(night)
    names, graded, results = shown["names"], shown["graded"], shown["results"]
    if kind == "json":
        body = {
            "night": night.name,
            "date": night.held_on.isoformat(),
            "ruleset": night.ruleset_id,
            "scoring": night.scoring,
            "standings": [
                {
                    "place": line.place,
                    "shared": line.shared,
                    "pair": line.pair,
                    "players": next(p.players for p in night.pairs if p.number == line.pair),
                    "points": line.points,
                    "difference": line.difference,
                    "total": line.total,
                    "played": line.played,
                    **_graded(graded, line.pair),
                }
                for line in shown["standings"]
            ],
            "handicap": night.handicap,
            "standings_with_handicaps": [
                {"place": line.place, "shared": line.shared, "pair": line.pair, "points": line.points}
                for line in shown["handicapped"] or []
            ],
            "rounds": [
                {
                    "number": played.number,
                    "byes": played.byes,
                    "tables": [
                        {
                            "number": table.number,
                            "pairs": [table.north_south, table.east_west],
                            "scores": list(results[table.id].scores),
                            "counts": results[table.id].counts,
                            **_sheet_json(lines),
                        }
                        for table, lines in zip(played.tables, round_sheet(night, played, results), strict=True)
                    ],
                }
                for played in night.played
            ],
        }
        return download(
            json.dumps(body, ensure_ascii=False, indent=1), "application/json", f"night-{night.public_id}.json"
        )
    handicapped = shown["handicapped"]
    rows: list[list[object]] = [
        [gettext("Place"), gettext("Pair"), gettext("Points"), gettext("Difference"), gettext("Total")]
        + ([gettext("Handicap a round")] if handicapped is not None else [])
    ]
    rows += [
        [
            f"{line.place}{'=' if line.shared else ''}",
            names[line.pair],
            _number(line.points),
            line.difference,
            line.total,
        ]
        + ([rounded(graded.handicaps.get(line.pair, 0.0), 2)] if handicapped is not None and graded else [])
        for line in (handicapped if handicapped is not None else shown["standings"])
    ]
    return csv_download(rows, f"night-{night.public_id}.csv")


def _sheet_json(sheet: TableSheet) -> dict[str, Any]:
    """A table's score-sheet lines for the JSON: each pair's hands, its points over the round (the hands
    summed), the difference and what the table is worth to it (null until its hands are in), and who signed
    it ("halves", "other_pair", "director"; null: nobody yet)."""
    return {
        "lines": [
            {
                "pair": line.pair,
                "hands": list(line.hands),
                "score": line.line.score,
                "difference": line.line.difference,
                "points": line.line.points if sheet.finished else None,
            }
            for line in sheet.lines
        ],
        "signed": sheet.signed or None,
    }


def _graded(graded: grades.NightGrades | None, pair: int) -> dict[str, float | None]:
    """A pair's expected and made share of the night (a club's night) and its handicap a round (handicapped)."""
    if graded is None:
        return {}
    expected, made = graded.shares.get(pair, (None, None))
    return {
        "expected": None if expected is None else rounded(expected, 1),
        "made": None if made is None else rounded(made, 1),
        "handicap": rounded(graded.handicaps[pair], 2) if pair in graded.handicaps else None,
    }


def _number(points: float) -> int | float:
    """Victory points as a spreadsheet's number: whole ones without a decimal point (14, not 14.0)."""
    return int(points) if points == int(points) else points
