"""Scoring one hand: each side's score, item by item (variants.md §6 conventions).

hand_score = meld_points + canasta_bonus + red_three_bonus + going_out_bonus
             + special_bonus + hand_points + penalties
Every item is signed; hand_points and penalties are never positive.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..entries import CanastaCount, SideEntry
from ..game import Breakdown
from ..rulesets import Red3NegativeWhen, RedThreeInHand, RuleSet
from .melds import CanastaKind, MeldFacts, meld_facts
from .partnership import Unit, member_entry


@dataclass(frozen=True)
class Melded:
    """What a side's melds make under a rule set, worked out once per hand: each meld's canasta
    kind, the canastas by kind, the card points melded and the canasta bonuses."""

    facts: tuple[MeldFacts, ...]
    canastas: CanastaCount
    meld_points: int
    canasta_bonus: int
    #: Some meld holds a count below zero.
    negative: bool = False


def melded(entry: SideEntry, ruleset: RuleSet) -> Melded:
    """The side's melds judged once: canasta kinds, canastas, card points and canasta bonuses."""
    if entry.quick is not None:
        counted = entry.quick.canastas
        wild_bonus = ruleset.wild_meld.bonus if ruleset.wild_meld else 0
        bonus = counted.natural * ruleset.natural_bonus + counted.mixed * ruleset.mixed_bonus
        bonus += counted.samba * ruleset.samba_bonus
        return Melded((), counted, entry.quick.meld_points, bonus + counted.wild * wild_bonus)
    judged = tuple([meld_facts(meld, ruleset, going_out=entry.went_out) for meld in entry.melds])
    natural = mixed = wild = samba = points = bonus = 0
    negative = False
    for facts in judged:
        negative = negative or facts.negative
        points += facts.value
        bonus += facts.bonus
        if facts.kind is CanastaKind.NATURAL:
            natural += 1
        elif facts.kind is CanastaKind.MIXED:
            mixed += 1
        elif facts.kind is CanastaKind.WILD:
            wild += 1
        elif facts.kind is CanastaKind.SAMBA:
            samba += 1
    return Melded(judged, CanastaCount(natural, mixed, wild, samba), points, bonus, negative)


def canasta_count(entry: SideEntry, ruleset: RuleSet) -> CanastaCount:
    """The side's canastas by kind, derived from its melds (or given by a quick entry)."""
    return melded(entry, ruleset).canastas


def canastas_for_going_out(canastas: CanastaCount, ruleset: RuleSet) -> int:
    """Canastas that count toward going out: a wild canasta may not (S001, K25); a samba does [BICS]."""
    wild_counts = ruleset.wild_meld is not None and ruleset.wild_meld.counts_for_going_out
    return canastas.natural + canastas.mixed + canastas.samba + (canastas.wild if wild_counts else 0)


def may_go_out_with(canastas: CanastaCount, ruleset: RuleSet) -> bool:
    """Whether these canastas meet the rule set's requirement for going out (K3, K25)."""
    return (
        canastas_for_going_out(canastas, ruleset) >= ruleset.canastas_to_go_out
        and canastas.natural >= ruleset.go_out_min_natural
        and canastas.mixed >= ruleset.go_out_min_mixed
        and canastas.samba >= ruleset.go_out_min_samba
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


_RED_THREE = Card.RED_THREE.value
_BLACK_THREE = Card.BLACK_THREE.value


def _hand_value(entry: SideEntry, ruleset: RuleSet) -> int:
    if entry.quick is not None:
        return entry.quick.hand_points
    value = sum([points * count for points, count in entry.hand_by_value.items()]) if entry.hand_by_value else 0
    for key, count in entry.hand.items():
        value += count * held_value(key, ruleset)
    return value


def held_value(key: str, ruleset: RuleSet) -> int:
    """What one card of ``key`` left in hand counts against its side (penalties for holding it apart)."""
    if key == _RED_THREE:
        # A red three has no card value; a rule set may count it as 5 (K11 card5).
        return 5 if ruleset.red_three_in_hand is RedThreeInHand.CARD5 else 0
    if key == _BLACK_THREE:
        return ruleset.black_three_hand_value  # 5, or 100 as a house rule (K12)
    return ruleset.card_values[key]


def mac_threes_value(count: int, ruleset: RuleSet) -> int:
    """Modern American: the threes of one colour by how many a side has, 1 = 100, 2 = 300, 3 = 500,
    4 = 1000 [MACJ][MACC]."""
    table = ruleset.mac_threes_table
    return table[min(count, len(table)) - 1] if count > 0 and table else 0


def mac_threes_sign(canastas: int) -> int:
    """Modern American: threes count plus with two canastas or more, nothing with one, minus with none
    [MACJ][MACC]."""
    return 1 if canastas >= 2 else (0 if canastas == 1 else -1)


def _mac_penalties(entry: SideEntry, ruleset: RuleSet, made: Melded) -> int:
    """Modern American: each unfinished pure meld of aces or sevens and each unfinished meld of wild cards,
    and each rank of aces or sevens that one player still holds three or more of [MACJ][MACC]. Aces melded
    with wild cards are an ordinary meld, charged nothing unfinished (pagat: "a pure ace meld of less than
    seven cards"; the encyclopedia's Modern American article: aces with wild cards "are treated like any
    other meld") [MACD]."""
    points = 0
    for meld, facts in zip(entry.melds, made.facts, strict=True):
        if facts.kind is None and (meld.is_wild_meld or not (meld.jokers or meld.twos)):
            points += ruleset.mac_incomplete_penalty.get(meld.rank, 0)
    for held in entry.hands:
        points += sum(ruleset.mac_hand_triple_penalty for rank in ("A", "7") if held.get(rank, 0) >= 3)
    return points


def _automatic_penalties(entry: SideEntry, ruleset: RuleSet) -> int:
    points = 0
    if ruleset.red_three_in_hand is RedThreeInHand.PENALTY:
        points += entry.held(_RED_THREE) * ruleset.red_three_in_hand_penalty  # [S001][S003A] K11
    if entry.held(_BLACK_THREE) >= 4:
        points += ruleset.four_black_threes_in_hand_penalty  # "los 4 tres negros" in hand [S001] K12
    return points


def _four_black_threes_melded(entry: SideEntry) -> bool:
    if entry.quick is not None:
        return entry.quick.four_black_threes
    return any(meld.is_black_three_meld and meld.naturals >= 4 for meld in entry.melds)


def score_side(
    entry: SideEntry, ruleset: RuleSet, *, opponent_out: bool = False, made: Melded | None = None
) -> Breakdown:
    """One side's hand score, item by item. The entry must already be valid; ``made`` is its melds
    already judged (``melded``), when the caller has them."""
    if made is None:
        made = melded(entry, ruleset)
    canastas = made.canastas
    meld_points = made.meld_points
    red_threes = red_three_value(entry.red_threes, ruleset)
    if red_threes_count_against(entry, canastas, opponent_out, ruleset):
        red_threes = -red_threes
    going_out = ruleset.going_out_bonus(entry.concealed) if entry.went_out else 0
    special = canasta_count_bonus(canastas.total, ruleset) if ruleset.canasta_count_bonus else 0
    if entry.went_out and _four_black_threes_melded(entry):
        special += ruleset.black_three_four_bonus  # [S001] K12
    if entry.special_hand:
        special += ruleset.special_hand_value(entry.special_hand)  # Modern American [MACD] (D10)
    hand_points = -_hand_value(entry, ruleset)
    agreed = sum([p.points for p in entry.penalties]) if entry.penalties else 0
    penalties = -(agreed + _automatic_penalties(entry, ruleset))
    if ruleset.mac_scoring:
        # a special hand stands for the canastas a side needs to go out: its threes count plus (D10)
        sign = 1 if entry.special_hand else mac_threes_sign(canastas.total)
        threes = mac_threes_value(entry.red_threes, ruleset) + mac_threes_value(entry.black_threes, ruleset)
        return Breakdown(
            meld_points=meld_points if canastas.total else -meld_points,  # minus with no canasta [MACJ]
            canasta_bonus=made.canasta_bonus,
            red_three_bonus=sign * threes,
            going_out_bonus=going_out,
            special_bonus=special,
            hand_points=hand_points,
            penalties=penalties - _mac_penalties(entry, ruleset, made),
        )
    if ruleset.canasta_required_for_positive and canastas.total < ruleset.canastas_to_go_out:
        # Hoyle's option: short of the canastas needed, every card on the table and in the
        # hand counts against the side (red threes are cards on the table worth 100) [S003H].
        # A wild canasta is a canasta here, even where it does not count for going out (D3, S001).
        return Breakdown(
            meld_points=-meld_points,
            red_three_bonus=-abs(red_threes),
            hand_points=hand_points,
            penalties=penalties,
        )
    return Breakdown(
        meld_points=meld_points,
        canasta_bonus=made.canasta_bonus,
        red_three_bonus=red_threes,
        going_out_bonus=going_out,
        special_bonus=special,
        hand_points=hand_points,
        penalties=penalties,
    )


def score_units(
    entries: Sequence[SideEntry], ruleset: RuleSet, units: Sequence[Unit], made: Sequence[Melded]
) -> tuple[list[Breakdown], list[CanastaCount]]:
    """Every side's breakdown and canastas for one hand, each knowing whether an opponent went out.

    ``units`` are the hand's scoring units (``scoring_units``) and ``made`` their melds judged.
    Cutthroat partners score the partnership's result, each with their own red threes, and share
    its canastas.
    """
    breakdowns: list[Breakdown | None] = [None] * len(entries)
    canastas: list[CanastaCount] = [CanastaCount()] * len(entries)
    out = [i for i, entry in enumerate(entries) if entry.went_out]
    for unit, judged in zip(units, made, strict=True):
        opponent_out = any(i not in unit.members for i in out)
        for index in unit.members:
            entry = member_entry(unit, entries[index])
            breakdowns[index] = score_side(entry, ruleset, opponent_out=opponent_out, made=judged)
            canastas[index] = judged.canastas
    return [b for b in breakdowns if b is not None], canastas
