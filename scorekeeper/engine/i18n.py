"""Translatable sentences without Flask-Babel.

The engine marks its sentences with ``N_`` so that ``pybabel extract`` finds them and
keeps them as ``Msg`` values: an English template with ``%(name)s`` placeholders and
the values to fill in (which may be ``Msg`` values themselves, or any value ``Said`` in the reader's words,
such as cards named in a sentence). The web layer renders them with its gettext; tests and the benchmark
render them in English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (gettext_noop)."""
    return message


def untranslated(message: str) -> str:
    """A sentence as written, in English (the translation of a page that has none)."""
    return message


@runtime_checkable
class Said(Protocol):
    """A value a sentence names that is said in the reader's words (a ``Msg``, cards by their names)."""

    def render(self, translate: Callable[[str], str] = untranslated) -> str:
        """The value in the language of ``translate``."""
        ...


@dataclass(frozen=True)
class Msg:
    """A sentence to translate later: template plus values."""

    template: str
    params: Mapping[str, object] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = untranslated, number: Callable[[int], str] = str) -> str:
        """The sentence in the language of ``translate`` (English by default), each whole number it names written
        by ``number`` (as the reader writes it: 1.240 in German, a true minus; as Python writes it by default)."""
        values = {key: _value(value, translate, number) for key, value in self.params.items()}
        return translate(self.template) % values if values else translate(self.template)


def _value(value: object, translate: Callable[[str], str], number: Callable[[int], str]) -> object:
    if isinstance(value, Msg):
        return value.render(translate, number)
    if isinstance(value, Said):
        return value.render(translate)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value
