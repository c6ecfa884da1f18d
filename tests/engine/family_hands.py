"""What the family's hand tests (Burraco, Buraco, Burako) share: melds and held cards as a table writes them,
a side's breakdown item by item, and the rules a refused hand breaks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.engine import RuleSet, RuleViolations, SideEntry, score_hand
from scorekeeper.engine.entries import CardMeld


def meld(text: str, claim: str = "") -> CardMeld:
    """A meld as the table writes it, card by card (a run low to high, its wild card in its place)."""
    return CardMeld(cards=tuple(text.split()), claim=claim)


def held(text: str) -> tuple[str, ...]:
    """Cards held, written one by one."""
    return tuple(text.split())


def breakdown(
    *, meld: int = 0, bonus: int = 0, out: int = 0, hand: int = 0, penalties: int = 0, packet: int = 0
) -> dict[str, int]:
    """Every item of a side's breakdown as the engine gives it; Canasta's red threes and special hands are
    always 0 in the family's games."""
    return {
        "meld_points": meld,
        "canasta_bonus": bonus,
        "red_three_bonus": 0,
        "going_out_bonus": out,
        "special_bonus": 0,
        "hand_points": hand,
        "penalties": penalties,
        "packet": packet,
    }


def refused(entries: Sequence[SideEntry], ruleset: RuleSet, **kwargs: Any) -> list[tuple[str, int | None, str | None]]:
    """Every (rule, side, field) the engine refuses the hand with (it must refuse it)."""
    with pytest.raises(RuleViolations) as refusal:
        score_hand(entries, ruleset, **kwargs)
    return [(violation.rule, violation.side, violation.field) for violation in refusal.value.violations]
