"""What the phone shows of a game with no connection, worded: a hand as it is typed (its score item by item, each
side's total and next first-meld minimum, whether it ends the game, or the rules it breaks) and the sheet (each
hand, the totals, the winner, the next hand's minimums). Every number comes from the engine's sheet; every word
from the reader's catalogue, as the server's pages say it (the phone's page puts them where the server's page has
them), and every number in the reader's ``Numerals``."""

from __future__ import annotations

from typing import Any

from ..engine.errors import RuleViolation
from ..engine.game import HandResult
from ..engine.sheet import Sheet
from ..reference import rule_topic
from .chart import chart_of
from .numerals import Numerals
from .words import Catalogue, breakdown_rows, ends_game_sentence, filled, total_line, winner_sentence


def hand_view(words: Catalogue, numerals: Numerals, sheet: Sheet, result: HandResult) -> dict[str, Any]:
    """A hand as typed: the bar's summary ("Ana +120 · Luis −30"), each side's items and total, and who wins if
    it ends the game; and each side's hand score as a number (what the server is later compared with)."""
    ends = None
    if result.outcome.game_over:
        winner = result.outcome.winner
        ends = (
            ends_game_sentence(words, sheet, result.sides[winner].name)
            if winner is not None
            else words.gettext("This hand ends the game in a draw.")
        )
    return {
        "summary": " · ".join(f"{side.name} {numerals.signed(side.hand_score)}" for side in result.sides),
        "scores": [side.hand_score for side in result.sides],
        "heading": words.gettext("This hand"),
        "sides": [
            {
                "name": side.name,
                "rows": breakdown_rows(words, numerals, side, sheet.ruleset),
                "total": total_line(words, numerals, side),
            }
            for side in result.sides
        ],
        "ends": ends,
    }


def refusal_view(
    words: Catalogue, numerals: Numerals, sheet: Sheet, violations: list[RuleViolation], rules: str
) -> dict[str, Any]:
    """The rules a hand as typed breaks, each with its side, its sentence and its rule's page under ``rules`` (the
    game's reference, as the page links it)."""
    return {
        "heading": words.gettext("Not valid yet"),
        "link": words.gettext("The rule"),
        "problems": [
            {
                "side": sheet.side_names[violation.side] if violation.side is not None else None,
                "message": violation.render(words.gettext, numerals.integer),
                "rule": violation.rule,
                "help": f"{rules}/{rule_topic(violation.rule)}#{violation.rule}",
            }
            for violation in violations
        ],
    }


def sheet_view(words: Catalogue, numerals: Numerals, sheet: Sheet) -> dict[str, Any]:
    """The sheet: each hand (its scores and totals, who dealt, the minimums after it, each side's items), the
    totals, how the game stands, and the next hand."""
    hands = []
    last = sheet.hands[-1].number if sheet.hands else None
    for hand in sheet.hands:
        sides = hand.result.sides
        minimums = None
        if hand.counted and sides[0].next_minimum is not None:
            listed = " · ".join(f"{side.name} {numerals.integer(side.next_minimum)}" for side in sides)
            minimums = f"{words.gettext('First meld next hand, at least:')} {listed}"
        hands.append(
            {
                "number": hand.number,
                "counted": hand.counted,
                "cells": [
                    {
                        "score": numerals.signed(side.hand_score),
                        "total": numerals.integer(side.total_after) if hand.counted else words.gettext("not counted"),
                    }
                    for side in sides
                ],
                "not_counted": None
                if hand.counted
                else filled(
                    words.gettext(
                        "Played after the game ended with hand %(n)s: this hand is not counted in the totals. "
                        "Fixing an earlier hand can make it count again."
                    ),
                    n=sheet.ended_with_hand,
                ),
                "dealt": filled(words.gettext("Dealt by %(name)s"), name=hand.dealer),
                "minimums": minimums,
                "sides": [
                    {"name": side.name, "rows": breakdown_rows(words, numerals, side, sheet.ruleset)} for side in sides
                ],
                "fix": filled(words.gettext("Fix hand %(n)s"), n=hand.number),
                "undo": None
                if hand.number != last
                else {
                    "summary": filled(words.gettext("Undo hand %(n)s"), n=hand.number),
                    "confirm": filled(words.gettext("Yes, undo hand %(n)s"), n=hand.number),
                    "version": hand.version,
                },
            }
        )
    return {
        "hands": hands,
        "empty": words.gettext("No hands yet."),
        "totals": [numerals.integer(total) for total in sheet.totals],
        "state": _state(words, numerals, sheet),
        "ended": filled(
            words.gettext("The game ended with hand %(n)s; the hands after it do not count."), n=sheet.ended_with_hand
        )
        if sheet.ended_with_hand and sheet.ended_with_hand < len(sheet.hands)
        else None,
        "next": None if sheet.game_over else _next(words, numerals, sheet),
        "chart": chart_view(words, numerals, sheet),
    }


def chart_view(words: Catalogue, numerals: Numerals, sheet: Sheet) -> dict[str, Any] | None:
    """The sheet's chart as the page draws it (portable/chart.py's figures), with its words (None before a hand)."""
    chart = chart_of(sheet)
    if chart is None:
        return None
    lines = "".join(
        f" {line.name}: {'; '.join(numerals.integer(int(total)) for total in line.totals)}." for line in chart.lines
    )
    target = (
        f" {filled(words.gettext('Target: %(target)s.'), target=numerals.integer(chart.target))}"
        if chart.target
        else ""
    )
    return {
        "width": chart.width,
        "height": chart.height,
        "left": chart.left,
        "right": chart.right,
        "plot_width": chart.plot_width,
        "total_x": chart.total_x,
        "minimum_x": chart.minimum_x,
        "hand_y": chart.hand_y,
        "bands": [
            {
                "y": band.y,
                "height": band.height,
                "minimum": numerals.integer(band.minimum),
                "shaded": band.shaded,
                "label_y": band.label_y,
            }
            for band in chart.bands
        ],
        "levels": [
            {"y": level.y, "total": numerals.integer(level.total), "label_y": level.label_y} for level in chart.levels
        ],
        "target_y": chart.target_y,
        "hands": [[x, n] for x, n in chart.hands],
        "lines": [
            {
                "name": line.name,
                "points": line.points,
                "last": list(line.last),
                "total": numerals.integer(int(line.totals[-1])),
            }
            for line in chart.lines
        ],
        "caption": words.gettext("How the game went"),
        "description": words.gettext("Running totals, from the start and after each hand.") + lines + target,
        "target": filled(words.gettext("Target %(target)s"), target=numerals.integer(chart.target))
        if chart.target
        else None,
        "hint": words.gettext(
            "Along the bottom, the hands; on the right, the first-meld minimum of each band of totals."
        )
        if chart.bands
        else words.gettext("Along the bottom, the hands."),
    }


def _state(words: Catalogue, numerals: Numerals, sheet: Sheet) -> dict[str, str] | None:
    """How the game stands, when there is something to say: its winner or its draw, or play on past the target."""
    if sheet.game_over:
        if sheet.winner:
            return {"kind": "winner", "text": "🏆 " + winner_sentence(words, numerals, sheet)}
        return {
            "kind": "winner",
            "text": filled(
                words.gettext("The game ends in a draw at %(total)s."), total=numerals.integer(sheet.leading_total)
            ),
        }
    if sheet.outcome.playing_on:
        return {"kind": "notice", "text": words.gettext("Level at the top past the target: play another hand.")}
    return None


def _next(words: Catalogue, numerals: Numerals, sheet: Sheet) -> dict[str, Any]:
    """The next hand: its number, its dealer, each side's first-meld minimum and distance to the target."""
    minimum = bool(sheet.ruleset.meld_minimum)
    to_target = sheet.ruleset.match_mode != "round"
    return {
        "number": sheet.next_hand,
        "heading": filled(words.gettext("Hand %(n)s"), n=sheet.next_hand),
        "deals": filled(words.gettext("%(name)s deals."), name=sheet.next_dealer),
        "columns": ([words.gettext("First meld, at least")] if minimum else [])
        + ([words.gettext("To the target")] if to_target else []),
        "rows": [
            {
                "name": name,
                "values": ([numerals.integer(sheet.next_minimums[i])] if minimum else [])
                + ([numerals.integer(sheet.to_target[i])] if to_target else []),
            }
            for i, name in enumerate(sheet.side_names)
        ],
        "record": filled(words.gettext("Record hand %(n)s"), n=sheet.next_hand),
    }
