"""The rules of Canasta and of the Canasta family's club games: pure Python, standard library only, fully typed.

Nothing here knows about Flask, SQLAlchemy or WTForms; the web layer turns requests
into these values and these values into pages.

The engine is a shared core and two branches:

- the core, at this level: the cards (``cards``), what a side records for a hand (``entries``), rule
  sets as data (``rulesets``, with the family's parameters in ``family_parameters``), the named rule sets
  (``catalogue``: Canasta's in ``canasta_rulesets``, the family's in ``family_rulesets``), house rules
  (``options``; the values each may take, ``option_values``), rule violations and a referee's answers
  (``errors``, ``answers``), sentences to translate (``i18n``), and the game: totals, minimums, the
  winner (``game``);
- ``canasta/``: Canasta's rules, melds by rank (classic, Spanish, Uruguayan, Modern American, Samba, ...);
- ``family/``: the family's rules, melds as cards (Burraco, Buraco, Burako);
- ``hands``, the front door: a hand scored or refused by the branch its rule set names
  (``family_melds`` set: the family's; else Canasta's).

The branches import only the core, never each other; the core imports neither (``make lint`` checks
both with import-linter's contracts in pyproject.toml).
"""

from .canasta.melds import CanastaKind, can_meld, canasta_kind, meld_value, verify_meld
from .canasta.scoring import score_side
from .catalogue import RULESETS, get_ruleset
from .entries import CanastaCount, Meld, Penalty, QuickEntry, SideEntry
from .errors import OptionError, RuleViolation, RuleViolations
from .game import Breakdown, HandResult, Outcome, SideScore, game_outcome, initial_meld_minimum, running_totals
from .hands import can_score_hand, hand_violations, score_hand, verify_hand
from .options import configure, configured, offered_options, parameters
from .rulesets import RuleSet, StepTables

#: The engine's revision: raised with every change that can change a score, a minimum or a
#: refusal. Whatever keeps engine results (services/sheet.py) keys them by it.
REVISION = 4

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
