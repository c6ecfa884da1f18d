"""A game file: the whole game as ``GET /g/{public_id}/export.json`` writes it and an import reads it back
(``POST /api/v1/games/import``, or the upload page): the table as for a new game, each hand as the API
takes one, the change log.

A file is first recognised (this app's format, a version it reads, a rule set it knows), then read
whole, each fault told naming its field; what it does not read (``started_at``, a key of its own) may be
there. Whether the house rules, the table and each hand keep the rules of the game played is the
engine's to say once the file fits (services/export.py), before anything is stored.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from ...engine import RULESETS
from ...engine.i18n import N_, Msg
from ..limits import EARLIEST_MOMENT, LARGEST, LATEST_MOMENT, NOTE
from ..problems import FieldProblem, OneOf, Storable, Told
from .fields import Note, Options, RuleSetId, empty
from .hands import HandBody
from .new_game import EntryMode, NewSide, StartingTotals
from .sides import SideEntry

FORMAT = "scorekeeper-game"
FORMAT_VERSION = 1
#: What the change log may say (services/table/hands.py, games.py and halves.py write these).
ACTIONS = ("add", "agree", "dispute", "edit", "new_link", "restore", "start", "undo")
#: The changes that keep a side's word (``said``); any other change's is not read.
WORDS = ("agree", "dispute")
#: A side's number in a game, as the most sides a game has (six) allow.
SIDE_NUMBER: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 5}


class FileObject(BaseModel):
    """An object of a game file: strict types, keys it does not read ignored, and a field it needs left out
    read as null (as a file was always read: the fault told is the field's own, "sides must be a list")."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _left_out_is_null(cls, data: object) -> object:
        if not isinstance(data, dict):
            return data
        needed = [name for name, field in cls.model_fields.items() if field.is_required() and name not in data]
        return {**data, **dict.fromkeys(needed)} if needed else data


class ExportedHand(HandBody, FileObject):
    """A hand as the file keeps it, as the API takes one (``before`` and ``after`` of a change, each hand of
    the game); its entries are read by the rule set played."""

    model_config = ConfigDict(extra="ignore")

    sides: Annotated[
        list[SideEntry],
        Field(
            description="One entry per side of the game, in its order.",
            json_schema_extra={"minItems": 2, "maxItems": 6},  # as many as the game's sides, checked there
        ),
    ]


class NumberedHand(ExportedHand):
    """A hand of the game, with its number."""

    number: Annotated[
        Any, WithJsonSchema({"type": "integer", "minimum": 1, "description": "1 for the first hand, in order."})
    ] = None


def moment_of(value: object) -> datetime | None:
    """A change's date and time as the file gives it (ISO 8601, UTC unless it says otherwise), within the years
    a game can have been played in: a year far off would break the pages that show it in a phone's time zone."""
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(str(value).removesuffix("Z"))
    except ValueError:
        raise FieldProblem(Msg(N_("at must be a date and time, e.g. 2026-11-23T20:15:00Z."))) from None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    moment = moment.replace(tzinfo=None)
    if not EARLIEST_MOMENT <= moment < LATEST_MOMENT:
        years = {"first": str(EARLIEST_MOMENT.year), "last": str(LATEST_MOMENT.year - 1)}  # never grouped: 2,000
        raise FieldProblem(Msg(N_("at must be a date and time from %(first)s to %(last)s."), years))
    return moment


class SideWord(FileObject):
    """A side's word kept with a change (each side its own half): its number, whose half it said is not right,
    its remark. The side numbers are checked against the game's sides."""

    by: Annotated[Any, WithJsonSchema(SIDE_NUMBER)]
    half_of: Annotated[Any, WithJsonSchema({"anyOf": [SIDE_NUMBER, {"type": "null"}]})] = None
    remark: Annotated[
        str,
        Field(max_length=NOTE),
        Storable(),
        Told(Msg(N_("The remark may hold at most %(most)s characters."), {"most": NOTE})),
    ] = ""

    def side_numbers(self, sides: int) -> tuple[int, int | None] | None:
        """The side that spoke and the side whose half it spoke of, when each is a side of ``sides``."""
        by, half_of = self.by, self.half_of
        if not _side_number(by, sides) or (half_of is not None and not _side_number(half_of, sides)):
            return None
        return by, half_of


def _side_number(value: object, sides: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < sides


class ExportedChange(FileObject):
    """A line of the change log: what changed, in which hand, when, the hand before and after, a side's word."""

    action: Annotated[
        str, OneOf(ACTIONS), Told(Msg(N_("A change is one of: %(actions)s."), {"actions": ", ".join(ACTIONS)}))
    ]
    hand_number: Annotated[
        Annotated[int, Field(ge=1, le=LARGEST)] | None,
        Told(Msg(N_("hand_number must be a hand's number, from 1 to %(most)s."), {"most": LARGEST})),
    ] = None
    at: Annotated[
        datetime | None,
        PlainValidator(moment_of),
        WithJsonSchema({"type": ["string", "null"], "format": "date-time"}),
    ] = None
    before: ExportedHand | None = None
    after: ExportedHand | None = None
    said: Annotated[
        SideWord | None,
        Field(description="A side's word (agree, dispute): its number, whose half, its remark."),
    ] = None

    @field_validator("said", mode="wrap")
    @classmethod
    def _only_with_a_word(
        cls, value: object, handler: ValidatorFunctionWrapHandler, info: ValidationInfo
    ) -> SideWord | None:
        if info.data.get("action") not in WORDS:
            return None
        word: SideWord | None = handler(value)
        return word


class ExportedGame(FileObject):
    """``POST /api/v1/games/import``: a game as ``GET /g/{public_id}/export.json`` writes it, the table as for a
    new game, each hand as the API takes one (by the rule set played), the change log."""

    format: Literal["scorekeeper-game"]
    version: Literal[1]
    ruleset: RuleSetId
    sides: Annotated[
        list[NewSide],
        Field(min_length=2, max_length=6),
        Told(Msg(N_("A game has at least two sides.")), only=("too_short",)),
        Told(Msg(N_("This rule set does not seat that table.")), only=("too_long",)),
    ]
    options: Options = empty(dict)
    first_dealer: Annotated[int, Field(ge=0, le=5)] = 0
    entry_mode: Annotated[EntryMode, Told(Msg(N_("entry_mode must be detailed or quick.")))] = "detailed"
    starting_totals: StartingTotals = None
    note: Annotated[
        Note,
        Told(Msg(N_("note must be a text.")), only=("string_type",)),
        Told(Msg(N_("The note may hold at most %(most)s characters."), {"most": NOTE}), only=("string_too_long",)),
    ] = ""
    started_at: Annotated[
        Any, WithJsonSchema({"type": "string", "description": "When the game started; not read (the copy starts now)."})
    ] = ""
    hands: list[NumberedHand] = empty(list)
    log: list[ExportedChange] = empty(list)

    @model_validator(mode="before")
    @classmethod
    def _a_game_of_this_app(cls, data: object) -> object:
        """This app's format, a version it reads and a rule set it knows, before anything else in the file."""
        if not isinstance(data, dict):
            return data
        if data.get("format") != FORMAT:
            refused = Msg(N_("This is not a game exported by this app (format: %(format)s)."), {"format": FORMAT})
            raise FieldProblem(refused, ("format",))
        if data.get("version") != FORMAT_VERSION:
            refused = Msg(
                N_("This file's version is not one this app reads: %(version)s."), {"version": FORMAT_VERSION}
            )
            raise FieldProblem(refused, ("version",))
        if str(data.get("ruleset")) not in RULESETS:
            raise FieldProblem(
                Msg(N_("There is no rule set called %(id)s."), {"id": data.get("ruleset")}), ("ruleset",)
            )
        return data

    @field_validator("first_dealer", mode="wrap")
    @classmethod
    def _a_seat_at_this_table(cls, value: object, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> int:
        sides: list[NewSide] = info.data.get("sides", [])
        players = sum(len(side.players) for side in sides)
        refused = FieldProblem(Msg(N_("first_dealer must be a seat number from 0 to %(last)s."), {"last": players - 1}))
        try:
            seat: int = handler(value)
        except ValidationError:
            raise refused from None
        if seat >= players:
            raise refused
        return seat

    @field_validator("hands")
    @classmethod
    def _numbered_in_order_one_entry_a_side(cls, hands: list[NumberedHand], info: ValidationInfo) -> list[NumberedHand]:
        sides = len(info.data.get("sides", []))
        for index, hand in enumerate(hands):
            if "number" in hand.model_fields_set and hand.number != index + 1:
                refused = Msg(N_("Hands are numbered from 1 in order: this one should be %(n)s."), {"n": index + 1})
                raise FieldProblem(refused, (index, "number"))
            _one_entry_a_side(hand, sides, (index,))
        return hands

    @field_validator("log")
    @classmethod
    def _changes_of_this_table(cls, log: list[ExportedChange], info: ValidationInfo) -> list[ExportedChange]:
        sides = len(info.data.get("sides", []))
        for index, change in enumerate(log):
            for key, hand in (("before", change.before), ("after", change.after)):
                if hand is not None:
                    _one_entry_a_side(hand, sides, (index, key))
            if change.said is not None and change.said.side_numbers(sides) is None:
                refused = Msg(N_("said names sides by their number, from 0 to %(last)s."), {"last": sides - 1})
                raise FieldProblem(refused, (index, "said"))
        return log


def _one_entry_a_side(hand: ExportedHand, sides: int, at: tuple[int | str, ...]) -> None:
    if len(hand.sides) != sides:
        raise FieldProblem(Msg(N_("sides must hold one entry per side: %(count)s."), {"count": sides}), (*at, "sides"))
