"""Scoring one hand: each side's score, item by item (variants.md §6 conventions).

hand_score = meld_points + canasta_bonus + red_three_bonus + going_out_bonus
             + special_bonus + hand_points + penalties
Every item is signed; hand_points and penalties are never positive.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

from .cards import Card
from .entries import CanastaCount, SideEntry
from .melds import CanastaKind, canasta_kind, meld_value
from .partnership import member_entry, scoring_units
from .rulesets import Red3NegativeWhen, RedThreeInHand, RuleSet


@dataclass(frozen=True)
class Breakdown:
    """The seven signed items of a side's hand score."""

    meld_points: int = 0
    canasta_bonus: int = 0
    red_three_bonus: int = 0
    going_out_bonus: int = 0
    special_bonus: int = 0
    hand_points: int = 0
    penalties: int = 0

    @property
    def total(self) -> int:
        """The hand score: the sum of the items."""
        return sum(getattr(self, item.name) for item in fields(self))

    def as_dict(self) -> dict[str, int]:
        """The items by name, in the spec's order."""
        return {item.name: getattr(self, item.name) for item in fields(self)}


def canasta_count(entry: SideEntry, ruleset: RuleSet) -> CanastaCount:
    """The side's canastas by kind, derived from its melds (or given by a quick entry)."""
    if entry.quick is not None:
        return entry.quick.canastas
    kinds = [canasta_kind(meld, ruleset) for meld in entry.melds]
    return CanastaCount(
        natural=kinds.count(CanastaKind.NATURAL),
        mixed=kinds.count(CanastaKind.MIXED),
        wild=kinds.count(CanastaKind.WILD),
    )


def canastas_for_going_out(canastas: CanastaCount, ruleset: RuleSet) -> int:
    """Canastas that count toward going out: a wild canasta may not (S001, K25)."""
    wild_counts = ruleset.wild_meld is not None and ruleset.wild_meld.counts_for_going_out
    return canastas.natural + canastas.mixed + (canastas.wild if wild_counts else 0)


def may_go_out_with(canastas: CanastaCount, ruleset: RuleSet) -> bool:
    """Whether these canastas meet the rule set's requirement for going out (K3, K25)."""
    return (
        canastas_for_going_out(canastas, ruleset) >= ruleset.canastas_to_go_out
        and canastas.natural >= ruleset.go_out_min_natural
        and canastas.mixed >= ruleset.go_out_min_mixed
    )


def red_three_value(count: int, ruleset: RuleSet) -> int:
    """The value of ``count`` red threes by the rule set's table (800 for all four in classic)."""
    if count <= 0:
        return 0
    table = ruleset.red3_table
    if count <= len(table):
        return table[count - 1]
    return table[-1] + (count - len(table)) * ruleset.red3_per_extra


def red_threes_count_against(entry: SideEntry, canastas: CanastaCount, opponent_out: bool, ruleset: RuleSet) -> bool:
    """Whether the side's red threes are negative this hand (K7)."""
    when = ruleset.red3_negative_when
    if when is Red3NegativeWhen.NO_MELD:
        return not entry.has_melded
    if when is Red3NegativeWhen.NO_MELD_AND_OPPONENT_OUT:
        return not entry.has_melded and opponent_out
    if when is Red3NegativeWhen.NO_CANASTA:
        return canastas.total == 0
    if when is Red3NegativeWhen.FEWER_THAN_2_CANASTAS:
        return canastas.total < 2
    return False


def canasta_count_bonus(total_canastas: int, ruleset: RuleSet) -> int:
    """Canastón (5 canastas) and canasta de canastas (7): the highest, or all reached (K24)."""
    reached = [bonus for count, bonus in sorted(ruleset.canasta_count_bonus.items()) if total_canastas >= count]
    if not reached:
        return 0
    return sum(reached) if ruleset.canasta_count_cumulative else reached[-1]


def _canasta_bonus(entry: SideEntry, canastas: CanastaCount, ruleset: RuleSet) -> int:
    wild_bonus = canastas.wild * (ruleset.wild_meld.bonus if ruleset.wild_meld else 0)
    if entry.quick is not None:
        return canastas.natural * ruleset.natural_bonus + canastas.mixed * ruleset.mixed_bonus + wild_bonus
    bonus = wild_bonus
    for meld in entry.melds:
        kind = canasta_kind(meld, ruleset)
        if kind is CanastaKind.NATURAL:
            bonus += ruleset.rank_natural_bonus.get(meld.rank, ruleset.natural_bonus)
        elif kind is CanastaKind.MIXED:
            bonus += ruleset.mixed_bonus
    return bonus


def _hand_value(entry: SideEntry, ruleset: RuleSet) -> int:
    if entry.quick is not None:
        return entry.quick.hand_points
    value = sum(points * count for points, count in entry.hand_by_value.items())
    for key, count in entry.hand.items():
        if key == Card.RED_THREE:
            # A red three has no card value; a rule set may count it as 5 (K11 card5).
            value += count * (5 if ruleset.red_three_in_hand is RedThreeInHand.CARD5 else 0)
        elif key == Card.BLACK_THREE:
            value += count * ruleset.black_three_hand_value  # 5, or 100 as a house rule (K12)
        else:
            value += count * ruleset.card_values[key]
    return value


def _automatic_penalties(entry: SideEntry, ruleset: RuleSet) -> int:
    points = 0
    if ruleset.red_three_in_hand is RedThreeInHand.PENALTY:
        points += entry.held(Card.RED_THREE) * ruleset.red_three_in_hand_penalty  # [S001][S003A] K11
    if entry.held(Card.BLACK_THREE) >= 4:
        points += ruleset.four_black_threes_in_hand_penalty  # "los 4 tres negros" in hand [S001] K12
    return points


def _four_black_threes_melded(entry: SideEntry) -> bool:
    return any(meld.is_black_three_meld and meld.naturals >= 4 for meld in entry.melds)


def score_side(entry: SideEntry, ruleset: RuleSet, *, opponent_out: bool = False) -> Breakdown:
    """One side's hand score, item by item. The entry must already be valid."""
    canastas = canasta_count(entry, ruleset)
    if entry.quick is not None:
        meld_points = entry.quick.meld_points
    else:
        meld_points = sum(meld_value(meld, ruleset) for meld in entry.melds)
    red_threes = red_three_value(entry.red_threes, ruleset)
    if red_threes_count_against(entry, canastas, opponent_out, ruleset):
        red_threes = -red_threes
    going_out = ruleset.go_out_bonus if entry.went_out else 0
    if entry.went_out and entry.concealed and ruleset.concealed_total is not None:
        going_out = ruleset.concealed_total  # the total for going out concealed (K5)
    special = canasta_count_bonus(canastas.total, ruleset)
    if entry.went_out and _four_black_threes_melded(entry):
        special += ruleset.black_three_four_bonus  # [S001] K12
    hand_points = -_hand_value(entry, ruleset)
    penalties = -(sum(p.points for p in entry.penalties) + _automatic_penalties(entry, ruleset))
    if ruleset.canasta_required_for_positive and canastas_for_going_out(canastas, ruleset) < ruleset.canastas_to_go_out:
        # Hoyle's option: short of the canastas needed, every card on the table and in the
        # hand counts against the side (red threes are cards on the table worth 100) [S003H].
        return Breakdown(
            meld_points=-meld_points,
            red_three_bonus=-abs(red_threes),
            hand_points=hand_points,
            penalties=penalties,
        )
    return Breakdown(
        meld_points=meld_points,
        canasta_bonus=_canasta_bonus(entry, canastas, ruleset),
        red_three_bonus=red_threes,
        going_out_bonus=going_out,
        special_bonus=special,
        hand_points=hand_points,
        penalties=penalties,
    )


def score_sides(
    entries: Sequence[SideEntry], ruleset: RuleSet, partners: tuple[int, int] | None = None
) -> list[Breakdown]:
    """Every side's breakdown for one hand, each knowing whether an opponent went out.

    Cutthroat partners score the partnership's result, each with their own red threes.
    """
    results: dict[int, Breakdown] = {}
    for unit in scoring_units(entries, partners if ruleset.cutthroat else None):
        opponent_out = any(entry.went_out for i, entry in enumerate(entries) if i not in unit.members)
        for index in unit.members:
            results[index] = score_side(member_entry(unit, entries[index]), ruleset, opponent_out=opponent_out)
    return [results[index] for index in range(len(entries))]


def unit_canastas(
    entries: Sequence[SideEntry], ruleset: RuleSet, partners: tuple[int, int] | None = None
) -> list[CanastaCount]:
    """Each side's canastas; cutthroat partners share theirs."""
    counts: dict[int, CanastaCount] = {}
    for unit in scoring_units(entries, partners if ruleset.cutthroat else None):
        for index in unit.members:
            counts[index] = canasta_count(unit.entry, ruleset)
    return [counts[index] for index in range(len(entries))]
