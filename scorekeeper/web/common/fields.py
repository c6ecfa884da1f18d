"""The fields and checks every audience's forms are made of: shape checks only (text that can be kept, a whole
number, a number with decimals as the reader writes it, a count picked with one tap, one of a few words, a
night's or a club's setting within its bound), each refusal naming its field in the reader's language. Rules are
the engine's and the tournament package's."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from flask_babel import format_decimal, gettext
from wtforms import Field, RadioField, SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError
from wtforms.widgets import NumberInput, TextInput

from ...services.night.start import setting_problem
from ...shapes.limits import LARGEST, text_problem
from ...tournament import Bound, SettingRefused, rounded
from ...translation import render


def choices(pairs: Sequence[tuple[Any, Any]]) -> list[SelectChoice]:
    """Choices for a select or radio field, as WTForms 3.3 wants them."""
    return [SelectChoice(value, label) for value, label in pairs]


class CleanText:
    """Refuses text that cannot be stored: control characters, NUL, broken characters."""

    def __call__(self, form: Any, field: Field) -> None:
        problem = text_problem(field.data or "", str(field.label.text))
        if problem is not None:
            raise ValidationError(render(problem))


class WholeNumberField(Field):
    """A whole number typed in a box; empty means the default (0, or None where allowed)."""

    widget = NumberInput(step=1)

    def __init__(
        self,
        label: Any = None,
        validators: Any = None,
        *,
        empty: int | None = 0,
        largest: int = LARGEST,
        blank_zero: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(label, validators, **kwargs)
        self.empty = empty
        self.largest = largest
        self.blank_zero = blank_zero

    def process_formdata(self, valuelist: list[str]) -> None:
        if not valuelist:
            return  # not sent at all: keep the default (an emptied box is sent as "")
        text = valuelist[0].strip()
        if text == "":
            self.data = self.empty
            return
        try:
            value = int(text)
        except ValueError:
            self.data = None
            raise ValueError(gettext("Type a whole number.")) from None
        if abs(value) > self.largest:
            self.data = None
            raise ValueError(gettext("At most %(largest)s here: no card table needs more.", largest=self.largest))
        self.data = value

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])  # exactly what was typed: an empty box stays empty
        if self.data is None or (self.blank_zero and self.data == 0):
            return ""  # a count box shows nothing rather than a 0 to delete
        return str(self.data)


class DecimalNumberField(Field):
    """A number with decimals typed in a box, with a comma or a point (1,5 or 1.5, as the reader writes
    it); empty means ``empty``. Its bounds are a validator's (the setting's own)."""

    widget = TextInput()

    def __init__(self, label: Any = None, validators: Any = None, *, empty: float | None = None, **kwargs: Any) -> None:
        super().__init__(label, validators, render_kw={"inputmode": "decimal", "autocomplete": "off"}, **kwargs)
        self.empty = empty
        self.data = kwargs.get("default", empty)

    def process_formdata(self, valuelist: list[str]) -> None:
        if not valuelist:
            return
        text = valuelist[0].strip()
        if text == "":
            self.data = self.empty
            return
        try:
            value = float(text.replace(",", "."))
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            self.data = None
            raise ValueError(gettext("Type a number, such as 1 or 0,5."))
        self.data = value

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])  # exactly what was typed
        return "" if self.data is None else str(format_decimal(rounded(self.data, 2), format="0.##"))


class CountChoiceField(RadioField):
    """A small count picked with one tap, 0 to ``most`` (red threes); anything else is refused by name."""

    def __init__(self, label: Any, most: int, **kwargs: Any) -> None:
        super().__init__(
            label, choices=choices([(n, str(n)) for n in range(most + 1)]), coerce=int, default=0, **kwargs
        )
        self.most = most

    def process_formdata(self, valuelist: list[str]) -> None:
        if not valuelist:
            return
        try:
            number: int | None = int(valuelist[0])
        except ValueError:
            number = None
        self.data = number
        if number is None:
            raise ValueError(self._refusal())

    def pre_validate(self, form: Any) -> None:
        if not self.process_errors and not (isinstance(self.data, int) and 0 <= self.data <= self.most):
            raise ValidationError(self._refusal())

    def _refusal(self) -> str:
        return str(gettext("%(field)s: pick a number from 0 to %(most)s.", field=self.label.text, most=self.most))


def _word_or_none(value: Any) -> str | None:
    """A choice's value as the engine takes it: the empty choice is None (the family's "no canasta")."""
    return None if value in ("", None) else str(value)


class WordChoiceField(SelectField):
    """One of a few words (a house rule's, a question's), the empty choice standing for None; anything else is
    refused by name."""

    def __init__(self, label: Any = None, validators: Any = None, **kwargs: Any) -> None:
        super().__init__(label, validators, coerce=_word_or_none, **kwargs)

    def pre_validate(self, form: Any) -> None:
        """Refuse a value that is not among the choices, naming the field in the reader's language."""
        if not any(_word_or_none(choice.value) == self.data for choice in self.choices):
            raise ValidationError(gettext("%(field)s: choose one of those shown.", field=self.label.text))


class Bounded:
    """Refuses a night's setting outside its bound, in the use case's words naming the setting: the bounds
    are the tournament package's, the ones ``NightSettings`` checks, so the form and the use case never
    drift. ``bound_of`` finds the bound and its case from the form (a round's length in hands or in
    minutes, a bye's points in match or victory points); None: the setting does not count (a whole game's
    length). An empty box where empty is allowed, or a box already refused as no number, is let be."""

    def __init__(self, bound_of: Bound | Callable[[Any], tuple[Bound | None, str]]) -> None:
        self.bound_of = bound_of

    def __call__(self, form: Any, field: Field) -> None:
        bound, case = (self.bound_of, "") if isinstance(self.bound_of, Bound) else self.bound_of(form)
        if bound is None or field.data is None or bound.holds(field.data):
            return
        raise ValidationError(render(setting_problem(SettingRefused(field.name, bound=bound, case=case))))
