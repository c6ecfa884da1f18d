"""The display settings' form: a theme and a text size, each one of those offered."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import RadioField
from wtforms.validators import ValidationError

from ..common.fields import choices
from ..display import SIZES, THEME_NAMES, THEMES, Display


class OfferedChoice(RadioField):
    """One of the choices offered; anything else is refused naming the field."""

    def pre_validate(self, form: Any) -> None:
        """Refuse a value that is not among the choices, in the reader's language."""
        if self.data not in [str(choice.value) for choice in self.choices]:
            raise ValidationError(gettext("%(field)s: choose one of those shown.", field=self.label.text))


class DisplayForm(FlaskForm):
    """The settings page: a theme and a text size."""

    theme = OfferedChoice(lazy_gettext("Theme"), choices=choices([(theme, THEME_NAMES[theme]) for theme in THEMES]))
    size = OfferedChoice(lazy_gettext("Text size"), choices=choices([(str(size), f"{size} %") for size in SIZES]))

    def chosen(self) -> Display:
        """The settings chosen (validated: one of the choices each)."""
        return Display(str(self.theme.data), int(str(self.size.data)))

    @classmethod
    def showing(cls, current: Display, **kwargs: Any) -> DisplayForm:
        """The form with the phone's current settings ticked."""
        return cls(data={"theme": current.theme, "size": str(current.size)}, **kwargs)
