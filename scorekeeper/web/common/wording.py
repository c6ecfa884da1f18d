"""The pages' words for games: a hand's items and the sentences saying who won or leads (said by
portable/words.py, which the phone's offline sheet says too, here with the request's catalogue and numerals),
per cent figures, house rules as lines, when a game started and ended."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from ...engine.game import SideScore
from ...engine.rulesets import RuleSet
from ...portable import words
from ...reference.options import CHOICE_TEXT, option_choices, option_text
from ...services import LogLine, Sheet
from ...translation import _, catalogue, clock_time, duration, pgettext, short_time, translate
from .numbers import number, numerals

#: Options the sheet already shows (the table, how the game ends), not repeated among the house rules.
SHOWN_ELSEWHERE = frozenset({"players", "target", "match_mode", "hands_in_match"})


def percent(number: object) -> str:
    """A number as already written and its per cent sign, kept together at the end of a line (a no-break space
    between them): "57,8 %", never "57,8" on one line and "%" alone on the next."""
    return f"{number}\u00a0%"


def breakdown_rows(side: SideScore, ruleset: RuleSet | None = None) -> list[tuple[str, str]]:
    """A side's hand score as the sheet lists it, in the request's language (portable/words.py's, which the
    phone's offline sheet says too)."""
    return words.breakdown_rows(catalogue(), numerals(), side, ruleset)


def winner_sentence(sheet: Sheet) -> str:
    """Who won the game, and with what."""
    return words.winner_sentence(catalogue(), numerals(), sheet)


def finished_sentence(sheet: Sheet) -> str:
    """A finished game in a list: who won."""
    return words.finished_sentence(catalogue(), sheet)


def leader_sentence(sheet: Sheet) -> str:
    """A game in progress in a list: who leads, with what."""
    return words.leader_sentence(catalogue(), numerals(), sheet)


def ends_game_sentence(sheet: Sheet, name: str) -> str:
    """A hand being typed that would end the game: who would win."""
    return words.ends_game_sentence(catalogue(), sheet, name)


def house_rule_lines(options: Mapping[str, object], ruleset: RuleSet) -> list[str]:
    """The house rules a game was started with, one "rule: value" line each, in the request's language and the
    game's words (a burraco in Burraco), as the printed sheet lists them."""
    lines = []
    for name, value in sorted(options.items()):
        if name in SHOWN_ELSEWHERE:
            continue
        named = {"packet": translate(ruleset.family_hand.packet_name)} if ruleset.family_hand is not None else {}
        label = translate(option_text(name, ruleset)[0]) % named  # a house rule may name the game's packet
        fixed = dict(option_choices(name, ruleset) or ())
        if isinstance(value, bool):
            shown = _("yes") if value else _("no")
        elif (value is None or isinstance(value, str)) and value in fixed:
            shown = translate(fixed[value])
        elif value is None:
            shown = pgettext("no value, no number", "none")
        elif isinstance(value, str):
            shown = translate(CHOICE_TEXT.get(value, value))
        elif isinstance(value, int | float):
            shown = number(value)
        else:
            shown = str(value)
        lines.append(f"{label}: {shown}")
    return lines


def game_times(started: datetime, sheet: Sheet, log: Sequence[LogLine]) -> str:
    """When the game started, and, once over, when it ended and how long it took: "Started 24/11/26, 21:05
    · ended 23:40 · 2 h 35 min". The end is when the hand that ended the game was recorded."""
    began = _("Started %(when)s", when=short_time(started))
    if not sheet.game_over or sheet.ended_with_hand is None:
        return began
    recorded = [line.at for line in log if line.action == "add" and line.hand_number == sheet.ended_with_hand]
    if not recorded:
        return began
    ended = min(recorded)
    minutes = max(0, int((ended - started).total_seconds() // 60))
    return " · ".join([began, _("ended %(when)s", when=short_time(ended)), duration(minutes)])


def half_sent(sent_by: str | None, at: datetime) -> str:
    """A side's half named by who of the side sent it and when ("The half Carmen sent at 21:04"); a half
    that does not say who sent it, by when only."""
    if sent_by:
        return _("The half %(name)s sent at %(time)s", name=sent_by, time=clock_time(at))
    return _("The half sent at %(time)s", time=clock_time(at))
