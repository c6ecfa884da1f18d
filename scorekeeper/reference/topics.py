"""Every topic of the reference, in reading order, built for a rule set: Canasta's reading, or the
family's (Burraco, Buraco, Burako) for a game whose ``family_melds`` is set."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.rulesets import RuleSet
from ..translation import _
from . import TOPICS as ALL_TOPICS
from . import is_family, topics_for
from .content import Section, Topic
from .content_cards import TOPICS as CARD_TOPICS
from .content_family import TOPICS as FAMILY_CARD_TOPICS
from .content_family_play import TOPICS as FAMILY_PLAY_TOPICS
from .content_play import TOPICS as PLAY_TOPICS
from .content_threes import TOPICS as THREE_TOPICS

Builder = Callable[[RuleSet], Topic]

#: Canasta's reading of its topics.
BUILDERS: dict[str, Builder] = {**CARD_TOPICS, **THREE_TOPICS, **PLAY_TOPICS}
#: The family's reading of its topics.
FAMILY_BUILDERS: dict[str, Builder] = {**FAMILY_CARD_TOPICS, **FAMILY_PLAY_TOPICS}


def _builders(ruleset: RuleSet) -> dict[str, Builder]:
    return FAMILY_BUILDERS if is_family(ruleset) else BUILDERS


def not_here(slug: str, ruleset: RuleSet) -> Topic:
    """A topic that does not apply to the rule set (Canasta's threes or minimum in a game of the family,
    the family's packet in Canasta), saying so plainly: a link kept from another rule set lands on it."""
    family = is_family(ruleset)
    three = str(ruleset.family_melds.card_values["3"]) if ruleset.family_melds is not None else ""
    said = {
        "red-threes": (
            _("Red threes"),
            _("This game has no red threes: every three is an ordinary card, worth %(points)s.", points=three),
        ),
        "black-threes": (
            _("Black threes"),
            _("This game has no black threes: every three is an ordinary card, worth %(points)s.", points=three),
        ),
        "initial-meld": (
            _("The first meld and its minimum"),
            _("This game has no first-meld minimum: a side's first meld may be any legal meld."),
        ),
        "packet": (
            _("The packet"),
            _("These rules have no packet set aside for each side: that belongs to Burraco, Buraco and Burako."),
        ),
        "sources": (
            _("Where the sources differ"),
            _("The source of each value of Canasta's rule sets is given on the comparison page."),
        ),
    }
    title, text = said[slug]
    what = _("Not in this game") if family else _("Not in these rules")
    return Topic(slug, title, [Section("not_in_this_game", what, [text])])


def build_topic(slug: str, ruleset: RuleSet) -> Topic | None:
    """A topic for a rule set, or None for an unknown slug; a topic that does not apply says so."""
    if slug not in ALL_TOPICS:
        return None
    if slug not in topics_for(ruleset):
        return not_here(slug, ruleset)
    return _builders(ruleset)[slug](ruleset)


def build_all(ruleset: RuleSet) -> list[Topic]:
    """Every topic that applies to the rule set, in reading order."""
    builders = _builders(ruleset)
    return [builders[slug](ruleset) for slug in topics_for(ruleset)]
