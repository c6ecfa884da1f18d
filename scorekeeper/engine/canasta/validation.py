"""The referee over a whole hand's entry: every problem found, reported at once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..cards import NATURAL_RANKS, SEQUENCE_ORDER, Card
from ..entries import CanastaCount, SideEntry
from ..errors import RuleViolation
from ..i18n import N_, Msg
from ..rulesets import RedThreeInHand, RuleSet
from .deck import CARD_NAMES, deck_violations
from .partnership import Unit, scoring_units
from .scoring import Melded, canastas_for_going_out, may_go_out_with, melded


def hand_violations(
    entries: Sequence[SideEntry],
    ruleset: RuleSet,
    partners: tuple[int, int] | None = None,
    *,
    units: Sequence[Unit] | None = None,
    made: Sequence[Melded] | None = None,
) -> list[RuleViolation]:
    """Every rule the hand's entry breaks, across all sides; ``partners`` only in cutthroat play.

    ``units`` and ``made`` are the hand's scoring units and their melds judged, when the caller
    has already worked them out (``score_hand`` does, to score with the same).
    """
    problems: list[RuleViolation] = []
    if len(entries) not in ruleset.sides_allowed:
        allowed = " / ".join(str(n) for n in ruleset.sides_allowed)
        problems.append(
            RuleViolation(
                "side_count",
                N_("This rule set is played by %(allowed)s sides; the entry has %(sides)s."),
                {"allowed": allowed, "sides": len(entries)},
                None,
                "sides",
            )
        )
    problems.extend(_partner_problems(entries, ruleset, partners))
    out = [i for i, entry in enumerate(entries) if entry.went_out]
    if len(out) > 1:
        problems.append(RuleViolation("two_sides_out", N_("Only one side can go out in a hand."), {}, None, "went_out"))
    if units is None:
        units = scoring_units(entries, partners if ruleset.cutthroat else None)
    if made is None:
        made = [melded(unit.entry, ruleset) for unit in units]
    negatives = {
        index: _negative_fields(entries[index], melds=judged.negative)
        for unit, judged in zip(units, made, strict=True)
        for index in unit.members
    }
    for unit, judged in zip(units, made, strict=True):
        for index in unit.members:
            problems.extend(entry_violations(entries[index], ruleset, index, negatives[index]))
        problems.extend(unit_violations(unit, ruleset, negatives, judged))
    problems.extend(deck_violations(entries, ruleset))
    return problems


def _partner_problems(
    entries: Sequence[SideEntry], ruleset: RuleSet, partners: tuple[int, int] | None
) -> list[RuleViolation]:
    if partners is not None and not ruleset.cutthroat:
        return [
            RuleViolation(
                "partners_not_allowed",
                N_("Only cutthroat three-handed play has partners for a single hand."),
                {},
                None,
                "partners",
            )
        ]
    if ruleset.cutthroat and partners is None and any(entry.went_out for entry in entries):
        return [
            RuleViolation(
                "partners_required",
                N_("In cutthroat play, say which two players were partners against the lone hand."),
                {},
                None,
                "partners",
            )
        ]
    return []


def entry_violations(entry: SideEntry, ruleset: RuleSet, side: int | None, negatives: list[str]) -> list[RuleViolation]:
    """The rules one player's or side's own record breaks: counts, concealed, red threes, cards held."""
    problems = [
        RuleViolation("negative_count", N_("%(field)s cannot be below zero."), {"field": name}, side, name)
        for name in negatives
    ]
    if entry.concealed and not entry.went_out:
        problems.append(
            RuleViolation(
                "concealed_without_going_out",
                N_("Only the side that went out can have gone out concealed."),
                {},
                side,
                "concealed",
            )
        )
    problems += _special_hand_problems(entry, side)
    if ruleset.red_three_in_hand is RedThreeInHand.INVALID and entry.held(Card.RED_THREE) > 0:
        problems.append(
            RuleViolation(
                "red_three_in_hand",
                N_("Red threes are laid down as soon as they are drawn in this rule set; none can be left in hand."),
                {},
                side,
                "hand.3R",
            )
        )
    if ruleset.individual and entry.went_out and _holds_cards(entry):
        problems.append(
            RuleViolation(
                "hand_not_empty_after_going_out",
                N_("A player who went out holds no cards."),
                {},
                side,
                "hand_points" if entry.quick is not None else "hand",
            )
        )
    if entry.quick is not None:
        problems.extend(_quick_problems(entry, ruleset, side))
    return problems


def _special_hand_problems(entry: SideEntry, side: int | None) -> list[RuleViolation]:
    """A special hand is the whole hand of the player going out, laid down at once by a side that had not
    melded (Modern American, D10)."""
    if not entry.special_hand:
        return []
    problems = []
    if not entry.went_out:
        problems.append(
            RuleViolation(
                "special_hand_without_going_out",
                N_("A special hand is laid down by the player who goes out with it: tick went out."),
                {},
                side,
                "special_hand",
            )
        )
    if entry.has_melded:
        problems.append(
            RuleViolation(
                "special_hand_after_melding",
                N_("A special hand is a side's only meld: a side that has melds on the table cannot go out with one."),
                {},
                side,
                "melds" if entry.quick is None else "meld_points",
            )
        )
    return problems


def unit_violations(
    unit: Unit, ruleset: RuleSet, negatives: dict[int, list[str]], made: Melded | None = None
) -> list[RuleViolation]:
    """The rules the melds on the table break, and going out without the canastas needed."""
    made = made or melded(unit.entry, ruleset)
    problems = _meld_problems(unit, ruleset, negatives, made)
    canastas = made.canastas
    special = unit.entry.special_hand  # going out with a special hand needs no canasta (D10)
    if unit.went_out_by is not None and not special and not may_go_out_with(canastas, ruleset):
        problems.append(go_out_problem(canastas_for_going_out(canastas, ruleset), ruleset, unit.went_out_by))
    if unit.went_out_by is not None and ruleset.go_out_forbids_unfinished_wild_meld:
        for index, (meld, facts) in enumerate(zip(unit.entry.melds, made.facts, strict=True)):
            if meld.is_wild_meld and facts.kind is None:
                problems.append(
                    RuleViolation(
                        "go_out_unfinished_wild_meld",
                        N_("No side goes out while its meld of wild cards is not yet a canasta."),
                        {},
                        unit.went_out_by,
                        f"melds[{index}]" if len(unit.members) == 1 else "went_out",
                    )
                )
    return problems


def _negative_fields(entry: SideEntry, *, melds: bool = True) -> list[str]:
    """The fields of the entry below zero; ``melds`` False when its melds are known to hold none."""
    if not _has_negative(entry, melds=melds):
        return []
    values: list[tuple[str, int]] = [("red_threes", entry.red_threes), ("black_threes", entry.black_threes)]
    for i, meld in enumerate(entry.melds):
        values += [(f"melds[{i}].{name}", getattr(meld, name)) for name in ("naturals", "jokers", "twos")]
    values += [(f"hand.{key}", count) for key, count in entry.hand.items()]
    values += [(f"hands[{k}].{key}", count) for k, held in enumerate(entry.hands) for key, count in held.items()]
    values += [(f"hand_by_value.{points}", count) for points, count in entry.hand_by_value.items()]
    values += [(f"penalties[{i}]", penalty.points) for i, penalty in enumerate(entry.penalties)]
    if entry.quick is not None:
        quick = entry.quick
        values += [("meld_points", quick.meld_points), ("hand_points", quick.hand_points)]
        values += [(f"canastas.{kind}", getattr(quick.canastas, kind)) for kind in ("natural", "mixed", "wild")]
    return [name for name, value in values if value < 0]


def _has_negative(entry: SideEntry, *, melds: bool) -> bool:
    """Whether any count of the entry is below zero (the usual answer, no, found quickly)."""
    if (
        entry.red_threes < 0
        or entry.black_threes < 0
        or (entry.penalties and min(p.points for p in entry.penalties) < 0)
    ):
        return True
    if any(count < 0 for held in entry.hands for count in held.values()):
        return True
    if melds and any(min(m.naturals, m.jokers, m.twos) < 0 for m in entry.melds):
        return True
    if (entry.hand and min(entry.hand.values()) < 0) or (entry.hand_by_value and min(entry.hand_by_value.values()) < 0):
        return True
    quick = entry.quick
    return (
        quick is not None
        and min(
            quick.meld_points,
            quick.hand_points,
            quick.canastas.natural,
            quick.canastas.mixed,
            quick.canastas.wild,
            quick.canastas.samba,
        )
        < 0
    )


def _meld_problems(unit: Unit, ruleset: RuleSet, negatives: dict[int, list[str]], made: Melded) -> list[RuleViolation]:
    problems: list[RuleViolation] = []
    open_ranks: dict[str, int] = {}
    for meld, facts, (side, index) in zip(unit.entry.melds, made.facts, unit.origins, strict=True):
        broken = negatives.get(side)
        if broken and any(name.startswith(f"melds[{index}].") for name in broken):
            continue  # already reported; its size means nothing
        found = facts.problems
        if found:
            problems.extend(replace(problem, side=side, field=f"melds[{index}]") for problem in found)
        if meld.is_sequence:
            continue  # sequences of several suits may stand side by side
        cap = ruleset.wild_meld.max_size if meld.is_wild_meld and ruleset.wild_meld else ruleset.max_meld_size
        if cap is not None and meld.size >= cap:
            continue  # a full meld is closed: a new one of the rank may start beside it
        seen = open_ranks[meld.rank] = open_ranks.get(meld.rank, 0) + 1
        if seen == 2 and not ruleset.allow_duplicate_rank:
            problems.append(
                RuleViolation(
                    "duplicate_rank_meld",
                    N_("Two melds of %(rank)s on one side must be merged into one."),
                    {"rank": CARD_NAMES.get(meld.rank, Msg(N_("wild cards")))},
                    side,
                    f"melds[{index}]",
                )
            )
    return problems


def go_out_problem(counted: int, ruleset: RuleSet, side: int | None) -> RuleViolation:
    """Why a side with ``counted`` canastas (those that count for going out) may not go out (K3, K25)."""
    params: dict[str, object] = {"needed": ruleset.canastas_to_go_out, "canastas": counted}
    if ruleset.go_out_min_natural or ruleset.go_out_min_mixed:
        template = N_("Canastas needed to go out: %(natural)s natural and %(mixed)s mixed.")
        params = {"natural": ruleset.go_out_min_natural, "mixed": ruleset.go_out_min_mixed}
    elif ruleset.go_out_min_samba:
        template = N_(
            "Canastas needed to go out: %(needed)s, and at least %(samba)s of them in sequence (an escalera)."
        )
        params = {"needed": ruleset.canastas_to_go_out, "samba": ruleset.go_out_min_samba}
    elif ruleset.wild_meld is not None and not ruleset.wild_meld.counts_for_going_out:
        template = N_(
            "Canastas needed to go out, not counting a wild-card canasta: %(needed)s; this side has %(canastas)s."
        )
    else:
        template = N_("Canastas needed to go out: %(needed)s; this side has %(canastas)s.")
    return RuleViolation("go_out_without_canastas", template, params, side, "went_out")


def _holds_cards(entry: SideEntry) -> bool:
    if entry.quick is not None:
        return entry.quick.hand_points > 0
    return any(count > 0 for count in (*entry.hand.values(), *entry.hand_by_value.values()))


def _quick_problems(entry: SideEntry, ruleset: RuleSet, side: int | None) -> list[RuleViolation]:
    quick = entry.quick
    assert quick is not None
    problems = [
        RuleViolation(
            "not_multiple_of_five",
            N_("%(field)s must be a multiple of 5: every card is worth 5, 10, 20 or 50."),
            {"field": name},
            side,
            name,
        )
        for name, value in (("meld_points", quick.meld_points), ("hand_points", quick.hand_points))
        if value % 5
    ]
    if quick.canastas.wild and ruleset.wild_meld is None:
        problems.append(
            RuleViolation(
                "wild_meld_not_allowed",
                N_("This rule set has no melds of wild cards only."),
                {},
                side,
                "canastas.wild",
            )
        )
    if quick.canastas.samba and not ruleset.sequences:
        problems.append(
            RuleViolation(
                "sequence_not_allowed",
                N_("This rule set has no melds in sequence; melds are of one rank."),
                {},
                side,
                "canastas.samba",
            )
        )
    if quick.four_black_threes and not ruleset.black_three_four_bonus:
        problems.append(
            RuleViolation(
                "black_three_meld_not_allowed",
                N_("This rule set gives nothing for four black threes melded: leave them in the points melded."),
                {},
                side,
                "four_black_threes",
            )
        )
    elif quick.four_black_threes and not entry.went_out:
        problems.append(
            RuleViolation(
                "black_three_meld_without_going_out",
                N_("Black threes are melded only by the side that goes out."),
                {},
                side,
                "four_black_threes",
            )
        )
    least = least_canasta_points(quick.canastas, ruleset)
    if quick.meld_points >= 0 and least > quick.meld_points:
        problems.append(
            RuleViolation(
                "quick_canastas_exceed_meld_points",
                N_(
                    "These canastas hold cards worth at least %(least)s points, more than the %(points)s points melded."
                ),
                {"least": least, "points": quick.meld_points},
                side,
                "meld_points",
            )
        )
    return problems


def least_canasta_points(canastas: CanastaCount, ruleset: RuleSet) -> int:
    """The smallest card value the canastas can hold: the cheapest cards, the fewest wilds; a samba
    runs through seven ranks in a row, the cheapest from 4 up."""
    values = ruleset.card_values
    cheapest = min(values[rank.value] for rank in NATURAL_RANKS)
    cheapest_wild = min(values[Card.JOKER], values[Card.TWO])
    size = ruleset.canasta_size
    mixed_least = (size - 1) * cheapest + cheapest_wild
    wild_size = max(size, ruleset.wild_meld.min_start) if ruleset.wild_meld else size
    samba_least = min(
        sum(values[card] for card in SEQUENCE_ORDER[start : start + size])
        for start in range(len(SEQUENCE_ORDER) - size + 1)
    )
    return (
        max(0, canastas.natural) * size * cheapest
        + max(0, canastas.mixed) * mixed_least
        + max(0, canastas.wild) * wild_size * cheapest_wild
        + max(0, canastas.samba) * samba_least
    )
