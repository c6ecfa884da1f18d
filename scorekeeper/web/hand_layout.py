"""The hand form's layout under a rule set: which meld, sequence and quick-entry rows a side is offered,
and how the page groups a side's fields."""

from __future__ import annotations

from dataclasses import dataclass

from wtforms import Field

from ..engine.cards import MELD_RANKS, WILD_RANK, sequence_between
from ..engine.rulesets import RuleSet

MELD_PARTS = (("n", "naturals"), ("j", "jokers"), ("t", "twos"))
#: Fields the page fills in itself, not the person.
UNTYPED = frozenset({"csrf_token", "expected_hands", "version", "save_key"})


@dataclass
class MeldRow:
    """One row of the melds grid: a rank (fixed or chosen) and its three counts."""

    prefix: str
    rank: str | None
    rank_field: Field | None
    counts: tuple[Field, Field, Field]


@dataclass
class SequenceRow:
    """A sequence of one suit (Samba), from its lowest card to its highest."""

    prefix: str
    low: Field
    high: Field

    def cards(self) -> list[str]:
        """The ranks it runs through, in order (none until both ends are chosen, or when they are the
        wrong way round: then the engine names the broken rule)."""
        if not self.low.data or not self.high.data:
            return []
        return list(sequence_between(self.low.data, self.high.data))


@dataclass
class SideFields:
    """The fields of one side, grouped the way the page shows them."""

    index: int
    name: str
    #: The values of "who went out" that name this side, each with its label (plain, concealed, special hands).
    out_values: tuple[tuple[str, str], ...]
    mode: Field
    red_threes: Field
    melds: list[MeldRow]
    sequences: list[SequenceRow]
    held: list[tuple[str, Field]]
    #: Modern American: each player's cards held, by name (the side's are then their sum).
    held_by_player: list[tuple[str, list[tuple[str, Field]]]]
    black_threes: Field | None  # Modern American: black threes laid out
    by_value: list[tuple[int, Field]]
    penalties: list[tuple[str, int, Field]]
    custom_points: Field
    custom_reason: Field
    quick: dict[str, Field]
    four_black_threes: Field | None  # quick entry, where the rule set pays for them

    @property
    def holds_cards(self) -> bool:
        """Whether the folded "cards left in hand" block holds anything typed (so it opens)."""
        each = [field for _, fields in self.held_by_player for field in fields]
        return any(field.data or field.errors for _, field in [*self.held, *self.by_value, *each])

    @property
    def has_penalties(self) -> bool:
        """Whether the folded penalties block holds anything typed (so it opens)."""
        fields = [field for _, _, field in self.penalties] + [self.custom_points, self.custom_reason]
        return any(field.data or field.errors for field in fields)


#: Quick-entry field -> the engine's field name (for errors).
QUICK_FIELDS = {
    "meld_points": "meld_points",
    "natural": "canastas.natural",
    "mixed": "canastas.mixed",
    "wild": "canastas.wild",
    "samba": "canastas.samba",
    "hand_points": "hand_points",
}
QUICK_COLUMNS = {
    "meld_points": "meld_points",
    "canastas.natural": "canastas_natural",
    "canastas.mixed": "canastas_mixed",
    "canastas.wild": "canastas_wild",
    "canastas.samba": "canastas_samba",
    "hand_points": "hand_points",
}


def meld_ranks(ruleset: RuleSet) -> list[str]:
    """The meld rows a side is offered under this rule set."""
    ranks = [rank for rank in MELD_RANKS if rank not in ("3B", WILD_RANK)]
    if ruleset.black_three_meld:
        ranks.append("3B")
    if ruleset.wild_meld is not None:
        ranks.append(WILD_RANK)
    return ranks


def extra_meld_rows(ruleset: RuleSet) -> int:
    """Rows for a second meld of a rank, where the rule set allows one (or closes wild melds)."""
    return 2 if ruleset.allow_duplicate_rank or ruleset.wild_meld is not None else 0


def sequence_rows(ruleset: RuleSet) -> int:
    """Rows for sequences of one suit, where the rule set has them (Samba): a side rarely makes more."""
    return 4 if ruleset.sequences else 0
