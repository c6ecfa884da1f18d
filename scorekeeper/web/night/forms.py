"""A club night's forms: the night's settings (the director starts it), a pair (at the door or from the
director), a withdrawal (asked first), a round drawn early, the night's rounds, a table's result set, two pairs
swapped, the table cards to print, the field from a file. Shape checks only: the night's use cases check the
rest. A club's forms are club/forms.py's."""

from __future__ import annotations

from datetime import date
from typing import Any

from babel.lists import format_list
from flask_babel import get_locale, gettext, lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import DateField, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, ValidationError

from ...engine import RULESETS, StepTables
from ...services.night.start import NIGHT_NAME, NewNight
from ...shapes.limits import PLAYER_NAME, REASON, is_token
from ...tournament import (
    BYE_DIFFERENCE,
    DECISIVE_DIFFERENCE,
    HANDICAP,
    MITCHELL_STEP,
    MOST_PAIRS,
    MOST_TABLES,
    ROUNDS,
    STEP_TABLE_HANDS,
    Bound,
    bye_points_bound,
    round_length_bound,
    step_table_for,
    usual_bye_points,
)
from ...translation import translate
from ..common.fields import Bounded, CleanText, DecimalNumberField, WholeNumberField, choices
from ..table.forms import RECORDING_CHOICES

#: How the rounds are seated, as the night's form offers it: each preset is the movement of each round in
#: order (rounds past the list repeat its last; "last" puts standings on the last round).
MOVEMENT_PRESETS = {
    "mitchell": lazy_gettext("Mitchell: one line stays, the other moves every round"),
    "mitchell_last": lazy_gettext("Mitchell, and the last round by the standings (1st against 2nd...)"),
    "danish": lazy_gettext("First round Mitchell, then by the standings (never last round's opponents)"),
    "danish_new": lazy_gettext("First round Mitchell, then by the standings with no meeting repeated"),
    "round_robin": lazy_gettext("All against all (few pairs)"),
}


def movements_of(preset: str, rounds: int) -> tuple[str, ...]:
    """Each round's movement for a preset of the form."""
    if preset == "mitchell_last":
        return ("mitchell",) * max(rounds - 1, 1) + ("standings",) if rounds > 1 else ("mitchell",)
    if preset == "danish":
        return ("mitchell", "standings")
    if preset == "danish_new":
        return ("mitchell", "standings_new")
    return (preset,)


def night_rulesets() -> list[tuple[str, str]]:
    """The rule sets a night seats in two sides, by their names in the reader's language."""
    return [
        (ruleset.id, translate(ruleset.name))
        for ruleset in RULESETS.values()
        if 2 in ruleset.sides_allowed and ruleset.players in (2, 4) and not ruleset.cutthroat
    ]


def _limits(bound: Bound) -> dict[str, float]:
    """The number box's own bounds, for the phone's keyboard and the browser (the check is ``Bounded``)."""
    return {"min": bound.least, "max": bound.most}


def _round_length_bound(form: Any) -> tuple[Bound | None, str]:
    kind = str(form.round_kind.data or "")
    return round_length_bound(kind), kind


def _bye_points_bound(form: Any) -> tuple[Bound | None, str]:
    scoring = str(form.scoring.data or "")
    return bye_points_bound(scoring), "match" if scoring == "match" else "victory"


def _whole(field: WholeNumberField) -> int:
    """A checked box's number (``Bounded`` refused an empty or unreadable one)."""
    if field.data is None:
        raise ValueError(f"{field.name} was not checked")
    return int(field.data)


class NightForm(FlaskForm):
    """A club night's settings."""

    name = StringField(
        lazy_gettext("Name of the night"), [InputRequired(), Length(max=NIGHT_NAME), CleanText()], default=""
    )
    held_on = DateField(lazy_gettext("Date"), [InputRequired()], default=date.today)
    ruleset = SelectField(lazy_gettext("Rules at every table"), default="classic")
    round_kind = RadioField(
        lazy_gettext("A round is"),
        choices=choices(
            [
                ("hands", lazy_gettext("A number of hands")),
                ("minutes", lazy_gettext("A number of minutes, then the hand in play is finished")),
                ("game", lazy_gettext("A whole game, to the rule set's target")),
            ]
        ),
        default="hands",
    )
    round_length = WholeNumberField(
        lazy_gettext("Hands or minutes a round"), [Bounded(_round_length_bound)], default=3, render_kw={"min": 1}
    )
    rounds = WholeNumberField(lazy_gettext("Rounds"), [Bounded(ROUNDS)], default=3, render_kw=_limits(ROUNDS))
    movement = RadioField(
        lazy_gettext("How the pairs are seated"), choices=choices(list(MOVEMENT_PRESETS.items())), default="mitchell"
    )
    mitchell_step = WholeNumberField(
        lazy_gettext("Tables the moving line moves each round"),
        [Bounded(MITCHELL_STEP)],
        default=1,
        render_kw=_limits(MITCHELL_STEP),
    )
    scoring = RadioField(
        lazy_gettext("What a table's result is worth"),
        choices=choices(
            [
                ("scale", lazy_gettext("Victory points 0-20, continuous scale")),
                ("burraco_3", lazy_gettext("Victory points 0-20, Burraco table for three hands")),
                ("burraco_4", lazy_gettext("Victory points 0-20, Burraco table for four hands")),
                ("match", lazy_gettext("Match points: 2 a win, 1 a draw")),
            ]
        ),
        default="scale",
    )
    decisive = WholeNumberField(
        lazy_gettext("Difference worth 20-0 (empty: measured for these rules)"),
        [Bounded(DECISIVE_DIFFERENCE)],
        empty=None,
        render_kw=_limits(DECISIVE_DIFFERENCE),
    )
    recording = RadioField(lazy_gettext("Who records the hands"), choices=RECORDING_CHOICES, default="one")
    bye_points = WholeNumberField(
        lazy_gettext("Sitting a round out is worth (empty: 14 victory points, or 1 with match points)"),
        [Bounded(_bye_points_bound)],
        empty=None,
        render_kw={"min": 0},
    )
    bye_difference = WholeNumberField(
        lazy_gettext("Points for sitting a round out"),
        [Bounded(BYE_DIFFERENCE)],
        default=355,
        render_kw=_limits(BYE_DIFFERENCE),
    )
    handicap = DecimalNumberField(
        lazy_gettext("Handicaps from the members' grades: their weight H, 0.1 to 5 (1 is usual; empty: none)"),
        [Bounded(HANDICAP)],
    )
    club = HiddenField(default="")  # the club's link, when the night is started from the club's page

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset.choices = choices(night_rulesets())
        self.step_tables = StepTables.CHOSEN

    def suit_rules(self, step_tables: StepTables, *, propose: bool) -> None:
        """Fit the ways to score to the rule set's ``step_tables``: the Burraco tables are offered only to
        rules whose scores they were drawn for; and, ``propose`` (a new form, or another rule set shown),
        where they are the game's own, the table drawn for the rounds' hands is proposed (the continuous
        scale where none was drawn: two hands, minutes, a whole game)."""
        self.step_tables = step_tables
        if not propose or step_tables is StepTables.CHOSEN:
            return
        hands = self.round_length.data if self.round_kind.data == "hands" else None
        proposed = step_table_for(hands) if step_tables is StepTables.OWN else None
        if proposed is not None:
            self.scoring.data = proposed
        elif self.scoring.data in STEP_TABLE_HANDS:
            self.scoring.data = "scale"

    @staticmethod
    def step_table_lengths() -> str:
        """The rounds' lengths the step tables were drawn for, as the reader lists them ("3 and 4")."""
        return str(format_list([str(hands) for hands in STEP_TABLE_HANDS.values()], locale=get_locale()))

    def offered_scorings(self) -> list[Any]:
        """The scoring choices the form shows: the step tables only to rules whose scores they fit."""
        unfit = self.step_tables is StepTables.UNFIT
        return [choice for choice in self.scoring if not (unfit and choice.data in STEP_TABLE_HANDS)]

    def new_night(self) -> NewNight:
        """The night the form describes (checked by ``validate``: every number within its bound, none bent)."""
        rounds = _whole(self.rounds)
        return NewNight(
            name=self.name.data or "",
            held_on=self.held_on.data or date.today(),
            ruleset_id=self.ruleset.data or "classic",
            recording=self.recording.data or "one",
            round_kind=self.round_kind.data or "hands",
            round_length=self.round_length.data if self.round_kind.data != "game" else None,
            rounds=rounds,
            movements=movements_of(self.movement.data or "mitchell", rounds),
            mitchell_step=_whole(self.mitchell_step),
            scoring=self.scoring.data or "scale",
            decisive=self.decisive.data,
            bye_points=float(self.bye_points.data)
            if self.bye_points.data is not None
            else usual_bye_points(self.scoring.data or "scale"),
            bye_difference=_whole(self.bye_difference),
            handicap=self.handicap.data,
        )


class PairForm(FlaskForm):
    """A pair's players (one in the two-handed rule sets), and the form's one-time key (sent twice, one pair)."""

    first = StringField(lazy_gettext("Player"), [Length(max=PLAYER_NAME), CleanText()])
    second = StringField(lazy_gettext("Partner"), [Length(max=PLAYER_NAME), CleanText()])
    save_key = HiddenField()

    def key(self) -> str | None:
        """The form's one-time key, when it is one."""
        key = self.save_key.data or ""
        return key if is_token(key) else None


class FieldFileForm(FlaskForm):
    """The night's field from a spreadsheet: a CSV file of pairs (services.night.field_import reads it)."""

    field_file = FileField(lazy_gettext("A CSV file of pairs"))


class ReasonForm(FlaskForm):
    """A director's reason (a round started early, a pair withdrawn): kept in the night's log."""

    reason = StringField(lazy_gettext("Reason"), [Length(max=REASON), CleanText()])


class WithdrawForm(ReasonForm):
    """A pair withdrawn, once the director has answered the question (``confirmed``: "yes"); and why."""

    confirmed = HiddenField(default="")

    @property
    def answered(self) -> bool:
        """Whether the director said yes to the question (a form without it asks it first)."""
        return bool(self.confirmed.data == "yes")


class RoundsForm(FlaskForm):
    """How many rounds the night plays, changed by the director from the board (a round added, or fewer)."""

    rounds = WholeNumberField(lazy_gettext("Rounds"), [Bounded(ROUNDS)], render_kw=_limits(ROUNDS))  # empty: 0, refused


class FixForm(FlaskForm):
    """A table's result set by the director (north-south's score, east-west's), with the reason."""

    north_south = WholeNumberField(lazy_gettext("First pair's score"), [InputRequired()], largest=100_000)
    east_west = WholeNumberField(lazy_gettext("Second pair's score"), [InputRequired()], largest=100_000)
    reason = StringField(lazy_gettext("Reason"), [InputRequired(), Length(max=REASON), CleanText()])


class MoveForm(FlaskForm):
    """Two pairs of the round just drawn that swap seats, and why (kept in the night's log)."""

    pair = WholeNumberField(lazy_gettext("Pair"), [InputRequired()], largest=MOST_PAIRS)
    other = WholeNumberField(lazy_gettext("Takes the seat of"), [InputRequired()], largest=MOST_PAIRS)
    reason = StringField(lazy_gettext("Reason"), [Length(max=REASON), CleanText()])


class CardsForm(FlaskForm):
    """How many table cards to print (asked by GET: it changes nothing, so it carries no CSRF token): as many
    as the director wants, before a pair has come, up to the most tables a night seats."""

    class Meta:
        csrf = False

    tables = WholeNumberField(lazy_gettext("Cards to print"), empty=None, render_kw={"min": 1, "max": MOST_TABLES})

    def validate_tables(self, field: WholeNumberField) -> None:
        if field.data is None or not 1 <= field.data <= MOST_TABLES:
            raise ValidationError(cards_problem())


def cards_problem() -> str:
    """What a number of cards out of bounds (or no number) is told, naming the box."""
    return str(gettext("Cards to print: a whole number from %(least)s to %(most)s.", least=1, most=MOST_TABLES))
