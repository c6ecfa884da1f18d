"""A whole hand of Canasta, every side: checked, then scored (cutthroat partners pooled for the hand)."""

from __future__ import annotations

from collections.abc import Sequence

from ..entries import CanastaCount, SideEntry
from ..errors import RuleViolations
from ..game import Breakdown
from ..rulesets import RuleSet
from .partnership import scoring_units
from .scoring import melded, score_units
from .validation import hand_violations


def score_canasta_hand(
    entries: Sequence[SideEntry], ruleset: RuleSet, partners: tuple[int, int] | None = None
) -> tuple[list[Breakdown], list[CanastaCount]]:
    """Every side's breakdown and canastas for a hand of Canasta; raise ``RuleViolations`` with every rule
    the entry breaks. ``partners``: the two cutthroat partners of the hand (two player indices)."""
    units = scoring_units(entries, partners if ruleset.cutthroat else None)
    made = [melded(unit.entry, ruleset) for unit in units]  # each meld judged once for the whole hand
    problems = hand_violations(entries, ruleset, partners, units=units, made=made)
    if problems:
        raise RuleViolations(problems)
    return score_units(entries, ruleset, units, made)
