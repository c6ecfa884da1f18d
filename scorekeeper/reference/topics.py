"""Every topic of the reference, in reading order, built for a rule set."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.rulesets import RuleSet
from .content import Topic
from .content_cards import TOPICS as CARD_TOPICS
from .content_play import TOPICS as PLAY_TOPICS
from .content_threes import TOPICS as THREE_TOPICS

BUILDERS: dict[str, Callable[[RuleSet], Topic]] = {**CARD_TOPICS, **THREE_TOPICS, **PLAY_TOPICS}


def build_topic(slug: str, ruleset: RuleSet) -> Topic | None:
    """A topic for a rule set, or None for an unknown slug."""
    builder = BUILDERS.get(slug)
    return builder(ruleset) if builder else None


def build_all(ruleset: RuleSet) -> list[Topic]:
    """Every topic, in reading order."""
    return [builder(ruleset) for builder in BUILDERS.values()]
