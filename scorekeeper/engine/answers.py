"""A referee's answer to a table's question: what Canasta's referee tools (``canasta/referee.py``) and
the family's (``family/referee.py``) both give, and the pages show."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .errors import RuleViolation
from .i18n import Msg, untranslated


@dataclass(frozen=True)
class Answer:
    """A referee's answer: yes or no, the deciding rule, the reason, and figures worth showing."""

    allowed: bool
    rule: str
    template: str
    params: Mapping[str, object] = field(default_factory=dict)
    details: tuple[RuleViolation, ...] = ()
    figure: int | None = None  # the number that answers the question, where one does (shown first)

    def render(self, translate: Callable[[str], str] | None = None, number: Callable[[int], str] = str) -> str:
        """The reason, translated by ``translate`` (English when None), its whole numbers written by ``number``."""
        return Msg(self.template, self.params).render(translate or untranslated, number)
