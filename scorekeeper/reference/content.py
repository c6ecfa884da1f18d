"""The reference as data: topics made of sections, each with an anchor, for a given rule set.

Every number is read from the rule set (with its house rules), so the reference says what
the engine does. Text goes through Babel; topics are built per request, in its language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..translation import _


@dataclass
class Section:
    """One passage of a topic; ``id`` is its anchor (a rule id where a rule is explained)."""

    id: str
    title: str
    paragraphs: list[str]
    rows: list[tuple[str, str]] = field(default_factory=list)
    #: Other rule ids this passage explains (anchors too), where a rule set has no passage of their own.
    also: tuple[str, ...] = ()


@dataclass
class Topic:
    """A page of the reference."""

    slug: str
    title: str
    sections: list[Section]


def points(value: int) -> str:
    """A number of points, in the page's language."""
    return str(_("%(points)s points", points=value))
