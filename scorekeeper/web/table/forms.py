"""A game's forms beside the hand form: a new game (its players, how it ends, house rules), its note, how its
hands are recorded, a game file to import, a table of friends and its players. Shape checks only; rules are
the engine's.

The new-game form depends on the rule set, so its class is built per rule set; ``NewGameForm`` holds the fixed
fields and the helpers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import Length

from ...engine.errors import OptionError
from ...engine.game import side_of_seat
from ...engine.options import configure, offered_options, option_value
from ...engine.rulesets import MatchMode, RuleSet
from ...reference.options import CHOICE_TEXT, option_choices, option_text
from ...shapes.limits import NOTE, PLAYER_NAME, SIDE_NAME
from ...translation import translate
from ..common.fields import CleanText, WholeNumberField, WordChoiceField, choices

#: Options the new-game form asks for on their own (the table shape and how the game ends).
NOT_HOUSE_RULES = frozenset({"players", "target", "match_mode", "hands_in_match", "wild_meld"})
#: Options whose empty value means "none" (the family's special canastas: an ordinary clean one, or no meld).
OPTIONAL_NUMBERS = frozenset(
    {"max_wilds", "concealed_total", "ace_to_king_bonus", "ace_to_ace_bonus", "wild_canasta_bonus"}
)
#: Tables a rule set may switch off: a tick keeps the rule set's own, no tick sets None (Hand and Foot's
#: minimum by round gives way to its table by score).
OPTIONAL_TABLES = frozenset({"min_by_round"})


#: The ways of recording a game's hands, as the new-game page and the sheet offer them.
RECORDING_CHOICES = choices(
    [
        ("one", lazy_gettext("One phone records every hand, as on a paper sheet")),
        ("halves", lazy_gettext("Each side counts its own cards on its own phone, and the other side agrees")),
    ]
)


# ---- starting a game ----------------------------------------------------------------------


class NewGameForm(FlaskForm):
    """Who plays, how the game ends, who deals first, house rules; seats and options are added per rule set."""

    mode = RadioField(
        lazy_gettext("How the game ends"),
        choices=choices(
            [("target", lazy_gettext("At a target score")), ("round", lazy_gettext("After a number of hands"))]
        ),
        default="target",
    )
    target = WholeNumberField(lazy_gettext("Target score"), default=5000)
    hands = WholeNumberField(lazy_gettext("Number of hands"), default=4)
    first_dealer = SelectField(lazy_gettext("First dealer"), coerce=int, default=0)
    #: "1" once the page's script keeps the boxes a switch changes in step with it (Bolivia's 15000): then
    #: every box is read against the values the switches bring, so a value shown is the value played.
    follows = HiddenField(default="")
    entry_mode = RadioField(
        lazy_gettext("How hands are entered"),
        choices=choices(
            [
                ("detailed", lazy_gettext("Card by card: the app adds up every meld and checks the rules")),
                ("quick", lazy_gettext("Quick, as on a paper sheet: the points of each side's cards")),
            ]
        ),
        default="detailed",
    )
    note = StringField(
        lazy_gettext("Note (optional): where, what is at stake"), [Length(max=NOTE), CleanText()], default=""
    )
    recording = RadioField(lazy_gettext("Who records the hands"), choices=RECORDING_CHOICES, default="one")
    save_key = HiddenField()  # the start's one-time key (services.start_game)

    seat_count = 0
    side_count = 0
    house_options: tuple[str, ...] = ()

    def seat_fields(self) -> list[Field]:
        """The players' names, clockwise from the first seat."""
        return [self[f"seat_{i}"] for i in range(self.seat_count)]

    def team_fields(self) -> list[Field]:
        """The teams' names (partnership games only)."""
        return [self[f"team_{k}"] for k in range(self.side_count) if f"team_{k}" in self]

    def start_fields(self) -> list[Field]:
        """Each side's total carried over from a paper sheet (empty: 0)."""
        return [self[f"start_{k}"] for k in range(self.side_count)]

    def starting_totals(self) -> tuple[int, ...] | None:
        """The totals carried over, or None when the game starts from zero."""
        totals = tuple(field.data or 0 for field in self.start_fields())
        return totals if any(totals) else None

    def option_fields(self) -> list[Field]:
        """The house-rule fields."""
        return [self[f"opt_{name}"] for name in self.house_options]

    def team_of_seat(self, seat: int) -> int:
        """The side of a seat (0 for the first)."""
        return side_of_seat(seat, self.side_count)

    def players_of_side(self, side: int) -> list[str]:
        """The names at a side's seats, first player first."""
        seats = [seat for seat in range(self.seat_count) if side_of_seat(seat, self.side_count) == side]
        names = [(self[f"seat_{seat}"].data or "").strip() for seat in seats]
        return [name or gettext("Player %(number)s", number=seat + 1) for name, seat in zip(names, seats, strict=True)]

    def side_name(self, side: int) -> str:
        """The team's name as typed (empty: the game names it after its players)."""
        field = self._fields.get(f"team_{side}")
        return (field.data or "").strip() if field is not None else ""

    def chosen_options(self, ruleset: RuleSet) -> dict[str, Any]:
        """The house rules that differ from the rule set, plus how the game ends."""
        options, played = self._house_rules(ruleset)
        if self.mode.data == "round":
            options["match_mode"] = "round"
            options["hands_in_match"] = self.hands.data
        else:
            if ruleset.match_mode is not MatchMode.TARGET:  # a game of rounds (Hand and Foot) played to a score instead
                options["match_mode"] = "target"
            if self.target.data != played.target:
                options["target"] = self.target.data
        return options

    def house_rules(self, ruleset: RuleSet) -> dict[str, Any]:
        """The house rules that differ from the rule set (a club night's tables: how a round ends is the
        night's)."""
        return self._house_rules(ruleset)[0]

    def _house_rules(self, ruleset: RuleSet) -> tuple[dict[str, Any], RuleSet]:
        """The house rules that differ from the rule set, and the rule set as its switches make it. A box a
        switch changes (Bolivia: the target) is read against what the switch brings when the page kept it
        in step; without the script an untouched box leaves the switch's value in force."""
        options: dict[str, Any] = {}
        played = ruleset
        if self.follows.data == "1":
            boxes = [self._fields.get(f"opt_{name}") for name in ruleset.option_implies]
            switched = {name: True for name, box in zip(ruleset.option_implies, boxes, strict=True) if box and box.data}
            try:
                played = configure(ruleset, switched)
            except OptionError:
                played = ruleset
        for name in self.house_options:
            value = self[f"opt_{name}"].data
            default = option_value(played if name not in ruleset.option_implies else ruleset, name)
            if name in OPTIONAL_TABLES:
                if not value and default is not None:
                    options[name] = None
                continue
            if isinstance(default, StrEnum):
                default = default.value
            if value != default:
                options[name] = value
        return options, played


def new_game_form(ruleset: RuleSet, players: int, sides: int, formdata: Any = None) -> NewGameForm:
    """The new-game form for a rule set and a table of ``players`` in ``sides`` sides."""

    class Form(NewGameForm):
        pass

    Form.seat_count, Form.side_count = players, sides
    for k in range(sides):
        label = (
            lazy_gettext("Player %(number)s", number=k + 1)
            if players == sides
            else lazy_gettext("Team %(number)s", number=k + 1)
        )
        setattr(Form, f"start_{k}", WholeNumberField(label, blank_zero=True))
    for i in range(players):
        setattr(
            Form,
            f"seat_{i}",
            StringField(lazy_gettext("Seat %(number)s", number=i + 1), [Length(max=PLAYER_NAME), CleanText()]),
        )
    if players != sides:
        for k in range(sides):
            setattr(
                Form,
                f"team_{k}",
                StringField(lazy_gettext("Team %(number)s", number=k + 1), [Length(max=SIDE_NAME), CleanText()]),
            )
    house = tuple(name for name in offered_options(ruleset) if name not in NOT_HOUSE_RULES)
    Form.house_options = house
    for name in house:
        setattr(Form, f"opt_{name}", _option_field(name, option_value(ruleset, name), ruleset))
    form = Form(formdata=formdata)
    for name, implied in ruleset.option_implies.items():
        if name in house:
            form[f"opt_{name}"].render_kw = {"data-implies": json.dumps(_boxes(form, ruleset, implied))}
    form.first_dealer.choices = choices([(i, gettext("Seat %(number)s", number=i + 1)) for i in range(players)])
    if formdata is None:
        form.mode.data = ruleset.match_mode.value
        form.target.data = ruleset.target
        form.hands.data = ruleset.hands_in_match or 4
    return form


def _boxes(form: NewGameForm, ruleset: RuleSet, implied: Mapping[str, Any]) -> dict[str, list[Any]]:
    """The boxes of the page a switch changes, each with its value without and with the switch (the
    page's script keeps them in step): the target and any house rule shown."""
    boxes: dict[str, list[Any]] = {}
    for name, value in implied.items():
        box = "target" if name == "target" else f"opt_{name}"
        if box in form and isinstance(value, int | StrEnum):
            plain = getattr(ruleset, name)
            boxes[form[box].id] = [_shown(plain), _shown(value)]
    return boxes


def _shown(value: Any) -> Any:
    """A parameter's value as its box holds it."""
    return value.value if isinstance(value, StrEnum) else value


def _option_field(name: str, default: Any, ruleset: RuleSet) -> Field:
    """A house rule's box, named as the game's pages name it (a burraco in Burraco; the game's packet)."""
    label, description = option_text(name, ruleset)
    named = {"packet": translate(ruleset.family_hand.packet_name)} if ruleset.family_hand is not None else {}
    label, description = lazy_gettext(label, **named), lazy_gettext(description, **named) if description else ""
    if name in OPTIONAL_TABLES:
        return BooleanField(label, default=default is not None, description=description)
    fixed = option_choices(name, ruleset)
    if fixed is not None:  # a few words, none of them a StrEnum (the family's going out)
        words = [("" if value is None else value, lazy_gettext(text)) for value, text in fixed]
        return WordChoiceField(label, choices=choices(words), default=default, description=description)
    if isinstance(default, bool):
        return BooleanField(label, default=default, description=description)
    if isinstance(default, StrEnum):
        values = [(m.value, lazy_gettext(CHOICE_TEXT.get(m.value, m.value))) for m in type(default)]
        return SelectField(label, choices=choices(values), default=default.value, description=description)
    empty = None if name in OPTIONAL_NUMBERS else default
    return WholeNumberField(label, default=default, empty=empty, description=description)


# ---- groups and files -----------------------------------------------------------------------

#: Name boxes on the new-group page (more players are added on the group's page).
NEW_ROSTER = 8


class NewGroupForm(FlaskForm):
    """A group's name and its first players."""

    name = StringField(lazy_gettext("Name of the group"), [Length(max=SIDE_NAME), CleanText()])


for _seat in range(NEW_ROSTER):
    setattr(
        NewGroupForm,
        f"player_{_seat}",
        StringField(lazy_gettext("Player %(number)s", number=_seat + 1), [Length(max=PLAYER_NAME), CleanText()]),
    )


class RecordingForm(FlaskForm):
    """How a game's hands are recorded, changed from its sheet by the edit link's holder."""

    recording = RadioField(lazy_gettext("Who records the hands"), choices=RECORDING_CHOICES, default="one")


class NoteForm(FlaskForm):
    """A game's note, changed from its sheet."""

    note = StringField(lazy_gettext("Note: where, what is at stake"), [Length(max=NOTE), CleanText()])


class PlayerForm(FlaskForm):
    """One more player for the roster."""

    name = StringField(lazy_gettext("Name"), [Length(max=PLAYER_NAME), CleanText()])


class ImportForm(FlaskForm):
    """A game file exported by this app."""

    game_file = FileField()
