"""The named rule sets, by id: Canasta's (``canasta_rulesets``) and the Canasta family's
(``family_rulesets``), in the order the app lists them.
"""

from __future__ import annotations

from .canasta_rulesets import (
    APP_2P_11,
    CLASSIC,
    CLASSIC_2P,
    CLASSIC_3P,
    CLASSIC_6P,
    ES_ONLINE_15,
    ES_TRADICIONAL,
    HAND_AND_FOOT,
    HOYLE_2P,
    MODERN_AMERICAN,
    SAMBA,
    URUGUAYAN,
    US_PARTNERSHIP,
)
from .family_rulesets import BURACO, BURAKO, BURRACO
from .rulesets import RuleSet

RULESETS: dict[str, RuleSet] = {
    ruleset.id: ruleset
    for ruleset in (
        CLASSIC,
        CLASSIC_2P,
        CLASSIC_3P,
        CLASSIC_6P,
        ES_ONLINE_15,
        ES_TRADICIONAL,
        HOYLE_2P,
        US_PARTNERSHIP,
        APP_2P_11,
        URUGUAYAN,
        MODERN_AMERICAN,
        SAMBA,
        HAND_AND_FOOT,
        BURRACO,
        BURACO,
        BURAKO,
    )
}

#: The family's club games (Burraco, Buraco, Burako): the rule sets of ``RULESETS`` whose melds are the family's.
FAMILY_RULESETS: dict[str, RuleSet] = {
    ruleset_id: ruleset for ruleset_id, ruleset in RULESETS.items() if ruleset.family_melds is not None
}


def get_ruleset(ruleset_id: str) -> RuleSet | None:
    """The named rule set, or None when there is no such id."""
    return RULESETS.get(ruleset_id)
