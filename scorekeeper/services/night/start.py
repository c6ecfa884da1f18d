"""A club night started: what it is started with (``NewNight``), its settings checked by the tournament package
and what a refused one is told, in the words of the night's form, and the use case that starts it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ...engine import RULESETS, StepTables, configure
from ...engine.i18n import N_, Msg
from ...engine.options import table_options
from ...shapes.limits import clean_name, text_problem
from ...store.database import db
from ...store.models import RECORDINGS
from ...store.nights import Night, NightLog
from ...tournament import NightSettings, SettingRefused, TieBreak
from ...translation import Number
from ..errors import Refused
from ..transaction import begin_write, writes

#: The longest night's name (the bounds of the other settings are the tournament package's).
NIGHT_NAME = 80


#: What a setting out of its bound says, naming it as the night's form does (one wording for the form and
#: the use case), by ``SettingRefused.key``.
OUT_OF_BOUNDS = {
    "rounds": N_("Rounds: %(least)s to %(most)s a night."),
    "movements.count": N_("Say how each round is seated: %(least)s to %(most)s movements, one a round."),
    "round_length.hands": N_("Hands a round: %(least)s to %(most)s."),
    "round_length.minutes": N_("Minutes a round: %(least)s to %(most)s."),
    "mitchell_step": N_("Tables the moving line moves each round: %(least)s to %(most)s."),
    "decisive": N_("Difference worth 20-0: %(least)s to %(most)s points, or empty."),
    "bye_points.victory": N_("Victory points for sitting a round out: %(least)s to %(most)s."),
    "bye_points.match": N_(
        "Victory points for sitting a round out: with match points, %(least)s to %(most)s (a win is 2)."
    ),
    "bye_difference": N_("Points for sitting a round out: %(least)s to %(most)s."),
    "grade_k": N_("How far a result moves a grade, K: %(least)s to %(most)s."),
    "handicap": N_("Handicaps' weight H: %(least)s to %(most)s, or empty for a night without handicaps."),
    "scoring.hands": N_(
        "This Burraco table is drawn for rounds of %(least)s hands: for rounds of another length, choose the"
        " table drawn for their hands, the continuous scale or match points."
    ),
}


@dataclass(frozen=True)
class NewNight:
    """Everything a night is started with (pairs come afterwards, at the door or from the director)."""

    name: str
    held_on: date
    ruleset_id: str
    options: dict[str, Any] = field(default_factory=dict)
    recording: str = "one"
    round_kind: str = "hands"
    round_length: int | None = 3
    rounds: int = 3
    movements: tuple[str, ...] = ("mitchell",)
    mitchell_step: int = 1
    scoring: str = "scale"
    decisive: int | None = None
    tie_breaks: tuple[str, ...] = tuple(TieBreak)
    bye_points: float = 14.0
    bye_difference: int = 355
    club_id: int | None = None  # the club whose season the night counts in
    handicap: float | None = None  # H: scored with handicaps from the club's grades (None: scratch)


def players_a_pair(ruleset_id: str) -> int:
    """How many players a pair has: two, or one in the two-handed rule sets."""
    return 1 if RULESETS[ruleset_id].players == 2 else 2


@writes
def start_night(new: NewNight) -> Night:
    """A new night, checked whole first (``Refused`` naming the field; ``OptionError`` a house rule)."""
    base = RULESETS.get(new.ruleset_id)
    if base is None or 2 not in base.sides_allowed or base.players not in (2, 4) or base.cutthroat:
        raise Refused("ruleset", Msg(N_("A club night seats two sides at each table: choose such a rule set.")))
    name = clean_name(new.name)
    if not name or len(name) > NIGHT_NAME or text_problem(name, "name") is not None:
        raise Refused("name", Msg(N_("A night's name is 1 to %(most)s characters."), {"most": NIGHT_NAME}))
    check_choice("recording", new.recording, RECORDINGS)
    settings = night_settings(new, step_tables=base.step_tables is not StepTables.UNFIT)
    if settings.handicap is not None and new.club_id is None:
        raise Refused(
            "handicap", Msg(N_("Handicaps come from the club's grades: start the night from its club's page."))
        )
    options = {**table_options(base, base.players), **round_options(settings), **new.options}
    configure(base, options, sides=2)  # raises OptionError naming the house rule
    begin_write()
    night = Night(
        name=name,
        held_on=new.held_on,
        ruleset_id=base.id,
        options=options,
        recording=new.recording,
        round_kind=settings.round_kind,
        round_length=None if settings.round_kind == "game" else settings.round_length,
        rounds=settings.rounds,
        movements=list(settings.movements),
        mitchell_step=settings.mitchell_step,
        scoring=settings.scoring,
        decisive=settings.decisive,
        tie_breaks=list(settings.tie_breaks),
        bye_points=float(settings.bye_points),
        bye_difference=settings.bye_difference,
        club_id=new.club_id,
        handicap=settings.handicap,
    )
    db.session.add(night)
    db.session.flush()
    db.session.add(NightLog(night_id=night.id, action="start"))
    db.session.commit()
    return night


def night_settings(new: NewNight, *, step_tables: bool = True) -> NightSettings:
    """The night's settings, checked by the tournament package (``Refused`` naming the first one out of
    bounds, in the words of the night's form). ``step_tables``: whether the night's rules score on the scale
    the Burraco step tables were drawn for (the rule set's ``step_tables``)."""
    try:
        return NightSettings(
            round_kind=new.round_kind,
            round_length=new.round_length,
            rounds=new.rounds,
            movements=tuple(new.movements),
            mitchell_step=new.mitchell_step,
            scoring=new.scoring,
            decisive=new.decisive,
            tie_breaks=tuple(new.tie_breaks),
            bye_points=new.bye_points,
            bye_difference=new.bye_difference,
            handicap=new.handicap,
            step_tables=step_tables,
        )
    except SettingRefused as refused:
        raise Refused(refused.field, setting_problem(refused)) from None


def setting_problem(refused: SettingRefused) -> Msg:
    """What the reader is told of a setting the tournament package refused."""
    if refused.bound is not None:
        bounds = {"least": Number(refused.bound.least), "most": Number(refused.bound.most)}
        return Msg(OUT_OF_BOUNDS[refused.key], bounds)
    if refused.key == "scoring.unfit":
        return Msg(
            N_(
                "The Burraco tables are drawn for Burraco's scores: a night of these rules is scored by the"
                " continuous scale or by match points."
            )
        )
    if refused.key == "handicap.match":
        return Msg(N_("Handicaps are victory points: a night scored by match points has none."))
    if refused.field == "tie_breaks":
        return Msg(N_("Each tie-break is named once."))
    return Msg(N_("%(field)s is one of: %(choices)s."), {"field": refused.field, "choices": ", ".join(refused.choices)})


def round_options(settings: NightSettings) -> dict[str, Any]:
    """A round of N hands is a game of N hands for the engine: it ends by itself, a table level after them a
    draw (10-10, or a match point each), never a hand more than the round's (unless the night's house rules
    say how a tie is broken)."""
    if settings.round_kind == "hands" and settings.round_length:
        return {"match_mode": "round", "hands_in_match": settings.round_length, "tie_policy": "draw"}
    return {}


def check_choice(name: str, value: str, allowed: Sequence[str]) -> None:
    if value not in allowed:
        raise Refused(
            name, Msg(N_("%(field)s is one of: %(choices)s."), {"field": name, "choices": ", ".join(allowed)})
        )
