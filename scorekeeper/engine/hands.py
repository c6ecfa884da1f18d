"""The engine's front door: a hand scored, or refused, by the branch its rule set names.

A rule set with the family's parameters (``family_melds``) is a game of the Canasta family, Burraco,
Buraco or Burako, and goes to the family's branch (``family/``); every other rule set is Canasta's
(``canasta/``). The parameter decides, never a rule set's id. Both branches answer in the core's values
(``Breakdown``, ``CanastaCount``, ``RuleViolation``), which ``game`` places in the game. Only this module
and the package's ``__init__`` import both branches.
"""

from __future__ import annotations

from collections.abc import Sequence

from .canasta.hand import score_canasta_hand
from .canasta.validation import hand_violations as canasta_hand_violations
from .entries import SideEntry
from .errors import RuleViolation, RuleViolations
from .family.hand import family_hand_violations, score_family_hand
from .game import HandResult, place_scores
from .rulesets import RuleSet


def score_hand(
    entries: Sequence[SideEntry],
    ruleset: RuleSet,
    hand_number: int | None = None,
    partners: tuple[int, int] | None = None,
    *,
    ended_on_stock: bool = False,
) -> HandResult:
    """Score one hand for every side; raises ``RuleViolations`` for an entry that breaks a rule.

    ``partners`` names the two cutthroat partners of the hand (two player indices). ``ended_on_stock``:
    the hand ended because the stock ran out (the family's games may then pay no going-out bonus).
    """
    if ruleset.family_melds is not None:
        family = score_family_hand(entries, ruleset, ended_on_stock=ended_on_stock)
        breakdowns, canastas = list(family.breakdowns), list(family.canastas)
    else:
        breakdowns, canastas = score_canasta_hand(entries, ruleset, partners)
    names = [entry.name for entry in entries]
    totals = [entry.total_before for entry in entries]
    out = next((index for index, entry in enumerate(entries) if entry.went_out), None)
    return place_scores(names, breakdowns, canastas, totals, ruleset, hand_number, out)


def hand_violations(
    entries: Sequence[SideEntry], ruleset: RuleSet, partners: tuple[int, int] | None = None
) -> list[RuleViolation]:
    """Every rule the hand's entry breaks, across all sides; ``partners`` only in cutthroat play."""
    if ruleset.family_melds is not None:
        return family_hand_violations(entries, ruleset)
    return canasta_hand_violations(entries, ruleset, partners)


def verify_hand(entries: Sequence[SideEntry], ruleset: RuleSet, partners: tuple[int, int] | None = None) -> None:
    """Raise ``RuleViolations`` with every problem of the hand's entry."""
    problems = hand_violations(entries, ruleset, partners)
    if problems:
        raise RuleViolations(problems)


def can_score_hand(entries: Sequence[SideEntry], ruleset: RuleSet, partners: tuple[int, int] | None = None) -> bool:
    """Whether the hand's entry breaks no rule."""
    return not hand_violations(entries, ruleset, partners)
