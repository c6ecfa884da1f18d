"""Translatable sentences without Flask-Babel.

The engine marks its sentences with ``N_`` so that ``pybabel extract`` finds them and
keeps them as ``Msg`` values: an English template with ``%(name)s`` placeholders and
the values to fill in (which may be ``Msg`` values themselves). The web layer renders
them with its gettext; tests and the benchmark render them in English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (gettext_noop)."""
    return message


def _same(message: str) -> str:
    return message


@dataclass(frozen=True)
class Msg:
    """A sentence to translate later: template plus values."""

    template: str
    params: Mapping[str, object] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = _same) -> str:
        """The sentence in the language of ``translate`` (English by default)."""
        values = {
            key: value.render(translate) if isinstance(value, Msg) else value for key, value in self.params.items()
        }
        return translate(self.template) % values if values else translate(self.template)
