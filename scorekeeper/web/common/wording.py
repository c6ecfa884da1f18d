"""Sentences whose verb agrees with the side it names: a team takes the plural, a lone player the
singular ("Ganan Nosotras", "Gana Ana"; "Ana & Luis win", "Ana wins")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from flask_babel import format_decimal, gettext, pgettext

from ...engine.entries import CanastaCount
from ...engine.game import SideScore
from ...engine.i18n import N_
from ...engine.rulesets import RuleSet
from ...reference.options import CHOICE_TEXT, OPTION_TEXT
from ...services import LogLine, Sheet
from ...tournament import rounded
from ...translation import _, clock_time, duration, ngettext, short_time, translate

#: Options the sheet already shows (the table, how the game ends), not repeated among the house rules.
SHOWN_ELSEWHERE = frozenset({"players", "target", "match_mode", "hands_in_match"})

#: The items of a hand score, as the sheet names them.
BREAKDOWN_LABELS = {
    "meld_points": N_("Cards melded"),
    "canasta_bonus": N_("Canasta bonuses"),
    "red_three_bonus": N_("Red threes"),
    "going_out_bonus": N_("Going out"),
    "special_bonus": N_("Special bonuses"),
    "hand_points": N_("Cards left in hand"),
    "penalties": N_("Penalties"),
    "packet": N_("Packet"),
}
#: The going-out bonus as the family's tables name it (chiusura, batida, cierre).
FAMILY_CLOSING = N_("Closing")


def points(value: float) -> str:
    """Victory points, a grade, a share: to two decimals at most, in the reader's way (52,36 in Spanish, 52.36
    in English); no grouping, as a score sheet writes its numbers; a half rounded up, as a person does."""
    return str(format_decimal(rounded(value, 2), format="0.##"))


def one_decimal(value: float) -> str:
    """A grade: always one decimal, the reader's way (57,8 in Spanish); a half rounded up, as a person does."""
    return str(format_decimal(rounded(value, 1), format="0.0"))


def percent(number: object) -> str:
    """A number as already written and its per cent sign, kept together at the end of a line (a no-break space
    between them): "57,8 %", never "57,8" on one line and "%" alone on the next."""
    return f"{number}\u00a0%"


def signed(value: int) -> str:
    """A hand score as the sheet writes it: +565, -60, 0."""
    return f"+{value}" if value > 0 else str(value)


def breakdown_rows(side: SideScore, ruleset: RuleSet | None = None) -> list[tuple[str, str]]:
    """A side's hand score as the sheet lists it, in the request's language: each item that is not 0,
    the canastas by kind (by the family's names in its games: clean, dirty, semi-clean...), and last the
    hand score."""
    family = ruleset.family_hand if ruleset is not None else None
    labels = {item: translate(label) for item, label in BREAKDOWN_LABELS.items()}
    if family is not None:  # the family's tables close a hand, and name their packet
        labels |= {"going_out_bonus": translate(FAMILY_CLOSING), "packet": translate(family.packet_name).capitalize()}
    rows = [(labels[item], signed(value)) for item, value in side.breakdown.as_dict(packet=True).items() if value]
    counted = _family_canastas(side.canastas) if family is not None else _canastas(side.canastas)
    if counted:
        rows.append((_("Canastas"), " ".join(counted)))
    rows.append((_("Hand"), signed(side.hand_score)))
    return rows


def _family_canastas(kinds: CanastaCount) -> list[str]:
    """The family's canastas by its own names (natural is a clean one, mixed a dirty one)."""
    return [
        text
        for count, text in (
            (kinds.natural, ngettext("%(num)s clean", "%(num)s clean", kinds.natural)),
            (kinds.semi, ngettext("%(num)s semi-clean", "%(num)s semi-clean", kinds.semi)),
            (kinds.mixed, ngettext("%(num)s dirty", "%(num)s dirty", kinds.mixed)),
            (kinds.ace_to_king, ngettext("%(num)s ace to king", "%(num)s ace to king", kinds.ace_to_king)),
            (kinds.ace_to_ace, ngettext("%(num)s ace to ace", "%(num)s ace to ace", kinds.ace_to_ace)),
            (kinds.wild, ngettext("%(num)s of wild cards", "%(num)s of wild cards", kinds.wild)),
        )
        if count
    ]


def _canastas(kinds: CanastaCount) -> list[str]:
    """Canasta's canastas by kind."""
    # each ngettext with its literal strings, so that they are extracted for translation
    return [
        text
        for count, text in (
            (kinds.natural, ngettext("%(num)s natural", "%(num)s natural", kinds.natural)),
            (kinds.mixed, ngettext("%(num)s mixed", "%(num)s mixed", kinds.mixed)),
            (kinds.wild, ngettext("%(num)s wild", "%(num)s wild", kinds.wild)),
            (kinds.samba, ngettext("%(num)s samba", "%(num)s sambas", kinds.samba)),
        )
        if count
    ]


def _is_team(sheet: Sheet) -> bool:
    return not sheet.ruleset.individual


def winner_sentence(sheet: Sheet) -> str:
    """Who won the game, and with what."""
    values = {"name": sheet.winner, "total": sheet.leading_total}
    if _is_team(sheet):
        return str(gettext("%(name)s win with %(total)s.", **values))
    return str(gettext("%(name)s wins with %(total)s.", **values))


def finished_sentence(sheet: Sheet) -> str:
    """A finished game in a list: who won."""
    if _is_team(sheet):
        return str(pgettext("a team", "Finished: %(name)s won", name=sheet.winner))
    return str(gettext("Finished: %(name)s won", name=sheet.winner))


def leader_sentence(sheet: Sheet) -> str:
    """A game in progress in a list: who leads, with what."""
    values = {"name": sheet.leaders[0], "total": sheet.leading_total}
    if _is_team(sheet):
        return str(gettext("In progress: %(name)s lead with %(total)s", **values))
    return str(gettext("In progress: %(name)s leads with %(total)s", **values))


def ends_game_sentence(sheet: Sheet, name: str) -> str:
    """A hand being typed that would end the game: who would win."""
    if _is_team(sheet):
        return str(gettext("This hand ends the game: %(name)s win.", name=name))
    return str(gettext("This hand ends the game: %(name)s wins.", name=name))


def house_rule_lines(options: Mapping[str, object]) -> list[str]:
    """The house rules a game was started with, one "rule: value" line each, in the request's language
    (what the printed sheet lists)."""
    lines = []
    for name, value in sorted(options.items()):
        if name in SHOWN_ELSEWHERE:
            continue
        label = translate(OPTION_TEXT[name][0]) if name in OPTION_TEXT else name
        if isinstance(value, bool):
            shown = _("yes") if value else _("no")
        elif value is None:
            shown = _("none")
        elif isinstance(value, str):
            shown = translate(CHOICE_TEXT.get(value, value))
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
