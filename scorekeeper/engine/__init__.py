"""The Canasta rules: pure Python, standard library only, fully typed.

Nothing here knows about Flask, SQLAlchemy or WTForms; the web layer turns requests
into these values and these values into pages.
"""

from .catalogue import RULESETS, get_ruleset
from .entries import CanastaCount, Meld, Penalty, QuickEntry, SideEntry
from .errors import OptionError, RuleViolation, RuleViolations
from .game import Breakdown, HandResult, Outcome, SideScore, game_outcome, initial_meld_minimum, running_totals
from .hands import can_score_hand, hand_violations, score_hand, verify_hand
from .melds import CanastaKind, can_meld, canasta_kind, meld_value, verify_meld
from .options import configure, configured, offered_options, parameters
from .rulesets import RuleSet, StepTables
from .scoring import score_side

#: The engine's revision: raised with every change that can change a score, a minimum or a
#: refusal. Whatever keeps engine results (services/sheet.py) keys them by it.
REVISION = 3

__all__ = [
    "REVISION",
    "RULESETS",
    "Breakdown",
    "CanastaCount",
    "CanastaKind",
    "HandResult",
    "Meld",
    "OptionError",
    "Outcome",
    "Penalty",
    "QuickEntry",
    "RuleSet",
    "RuleViolation",
    "RuleViolations",
    "SideEntry",
    "SideScore",
    "StepTables",
    "can_meld",
    "can_score_hand",
    "canasta_kind",
    "configure",
    "configured",
    "game_outcome",
    "get_ruleset",
    "hand_violations",
    "initial_meld_minimum",
    "meld_value",
    "offered_options",
    "parameters",
    "running_totals",
    "score_hand",
    "score_side",
    "verify_hand",
    "verify_meld",
]
