"""Rule violations: what the referee says when an entry breaks a rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .i18n import Msg, untranslated


@dataclass(frozen=True)
class RuleViolation:
    """A broken rule: its id (an anchor in the reference), a sentence, and where.

    ``template`` is an English sentence with ``%(name)s`` placeholders, marked for
    translation; ``params`` fills it in. ``side`` is the side's index (None when the
    problem spans sides) and ``field`` points into that side's entry.
    """

    rule: str
    template: str
    params: Mapping[str, object] = field(default_factory=dict)
    side: int | None = None
    field: str | None = None

    def render(self, translate: Callable[[str], str] | None = None, number: Callable[[int], str] = str) -> str:
        """The sentence, translated by ``translate`` (English when None), its whole numbers written by ``number``."""
        return Msg(self.template, self.params).render(translate or untranslated, number)

    @property
    def message(self) -> str:
        """The sentence in English, values filled in."""
        return self.render()


class RuleViolations(Exception):
    """Raised by the ``verify_*`` functions: every violation found, reported together."""

    def __init__(self, violations: list[RuleViolation]) -> None:
        super().__init__("; ".join(v.message for v in violations))
        self.violations = violations


class OptionError(ValueError):
    """A house-rule option the rule set does not know, or a value of the wrong type."""

    def __init__(self, option: str, template: str, params: Mapping[str, object] | None = None) -> None:
        self.option = option
        self.msg = Msg(template, dict(params or {}))
        super().__init__(self.msg.render())

    def render(self, translate: Callable[[str], str] | None = None, number: Callable[[int], str] = str) -> str:
        """The sentence, translated by ``translate`` (English when None), its whole numbers written by ``number``."""
        return self.msg.render(translate or untranslated, number)
