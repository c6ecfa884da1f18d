"""A body that does not fit its model, told as one field and one sentence in the user's language.

Pydantic finds every fault; the API answers the first, as a 400 naming the field the way a client
wrote it (``sides[0].melds[1].naturals``), with a sentence of our own catalogue, never pydantic's
English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import (
    BaseModel,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    ValidationError,
    ValidatorFunctionWrapHandler,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, ErrorDetails, core_schema

from ..engine.i18n import N_, Msg
from .limits import STORABLE_TEXT, text_problem

Model = TypeVar("Model", bound=BaseModel)
Place = str | int


class ShapeError(ValueError):
    """A body that is not what the API takes: ``field`` says where, ``msg`` says what."""

    def __init__(self, field: str, msg: Msg) -> None:
        super().__init__(f"{field}: {msg.render()}")
        self.field = field
        self.msg = msg


class FieldProblem(ValueError):
    """Raised by a model's own check: ``msg`` (its ``%(field)s`` is filled in with the place), ``at``
    the field inside the model at fault (nothing: the model itself)."""

    def __init__(self, msg: Msg, at: tuple[Place, ...] = ()) -> None:
        super().__init__(msg.template)
        self.msg = msg
        self.at = at


#: Union members are tagged "(...)" (see requests.sides.Penalties) and dict keys "[key]": neither is a field a
#: client wrote.
def _written(place: Place) -> bool:
    return not (isinstance(place, str) and (place.startswith("(") or place == "[key]"))


def field_name(location: Sequence[Place], prefix: str = "") -> str:
    """A location as a client writes it: ``sides[0].hand.K``."""
    name = prefix
    for place in location:
        if isinstance(place, int):
            name += f"[{place}]"
        elif _written(place):
            name += f".{place}" if name else place
    return name


#: A required field's own sentence, where one says more than "is required".
REQUIRED = {
    "ruleset": N_('ruleset must name a rule set, e.g. "classic".'),
    "sides": N_("sides is required: one entry per side, in seat order."),
    "expected_hands": N_("expected_hands (how many hands you know of) is required."),
    "version": N_("version (the hand's version you saw) is required."),
}
#: Pydantic's error types, in our words; ``ctx`` fills the other values.
SENTENCES = {
    "missing": N_("%(field)s is required."),
    "int_type": N_("%(field)s must be a whole number."),
    "greater_than_equal": N_("%(field)s must be at least %(ge)s."),
    "less_than_equal": N_("%(field)s must be at most %(le)s."),
    "string_type": N_("%(field)s must be text."),
    "string_too_short": N_("%(field)s must not be empty."),
    "string_too_long": N_("%(field)s must be text of at most %(max_length)s characters."),
    "bool_type": N_("%(field)s must be true or false."),
    "model_type": N_("%(field)s must be an object."),
    "dict_type": N_("%(field)s must be an object."),
    "extra_forbidden": N_("%(field)s is not a field the API knows."),
    "list_type": N_("%(field)s must be a list."),
    "too_long": N_("%(field)s may list at most %(max_length)s."),
    "too_short": N_("%(field)s must list at least %(min_length)s."),
}
ANYTHING_ELSE = N_("%(field)s is not valid here.")


def problem(error: ErrorDetails, prefix: str = "") -> ShapeError:
    """One of pydantic's errors as a ``ShapeError``."""
    context: Mapping[str, Any] = error.get("ctx") or {}
    raised = context.get("error")
    if isinstance(raised, FieldProblem):
        field = field_name((*error["loc"], *raised.at), prefix)
        return ShapeError(field, Msg(raised.msg.template, {**raised.msg.params, "field": field}))
    field = field_name(error["loc"], prefix)
    kind = error["type"]
    if kind == "missing" and field in REQUIRED:
        return ShapeError(field, Msg(REQUIRED[field]))
    values = {key: value for key, value in context.items() if isinstance(value, int | str)}
    return ShapeError(field, Msg(SENTENCES.get(kind, ANYTHING_ELSE), {**values, "field": field}))


def read(model: type[Model], body: object, prefix: str = "") -> Model:
    """``body`` checked against ``model``; the first fault raises ``ShapeError`` naming its field
    (``prefix`` is where the body sits in a larger one, e.g. ``hands[2]``)."""
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        raise problem(exc.errors(include_url=False)[0], prefix) from None


def storable(value: str) -> str:
    """A text the database can keep: no control or broken characters."""
    found = text_problem(value, "")
    if found is not None:
        raise FieldProblem(found)
    return value


@dataclass(frozen=True)
class Storable:
    """A text the database can keep (``storable``), its JSON Schema saying so: a pattern without
    control characters, so that a client (or a fuzzer) knows them refused before sending them."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_after_validator_function(storable, handler(source))

    def __get_pydantic_json_schema__(self, schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return {**handler(schema), "pattern": STORABLE_TEXT}


@dataclass(frozen=True)
class OneOf:
    """A text that is one of ``values`` (with ``any_case``, in any case; kept as written), listed in the
    JSON Schema as an enum and refused with the values named."""

    values: tuple[str, ...]
    any_case: bool = False

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_after_validator_function(self.check, handler(source))

    def __get_pydantic_json_schema__(self, schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        return {**handler(schema), "enum": list(self.values)}

    def check(self, value: str) -> str:
        """``value`` if it is one of the values."""
        if (value.upper() if self.any_case else value) not in self.values:
            raise FieldProblem(Msg(N_("%(field)s must be one of %(values)s."), {"values": " ".join(self.values)}))
        return value


@dataclass(frozen=True)
class Told:
    """A field's faults told in a sentence of its own (``msg``, its ``%(field)s`` the field's place): every
    fault of the field and of what it holds, or with ``only`` just those of pydantic's error types found at
    the field itself (``too_short``), a fault of an item keeping its own sentence."""

    msg: Msg
    only: tuple[str, ...] = ()

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_wrap_validator_function(self.check, handler(source))

    def check(self, value: object, handler: ValidatorFunctionWrapHandler) -> object:
        """``value`` as the field takes it, or its fault told in ``msg``."""
        try:
            return handler(value)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            if self.only and (first["loc"] or first["type"] not in self.only):
                raise
            raise FieldProblem(self.msg) from None
