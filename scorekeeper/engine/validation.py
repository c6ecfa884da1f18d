"""The referee over a whole hand's entry: every problem found, reported at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from .cards import CARDS_PER_PACK, NATURAL_RANKS, SEQUENCE_ORDER, Card
from .entries import POINT_CLASSES, CanastaCount, SideEntry
from .errors import RuleViolation, RuleViolations
from .i18n import N_, Msg
from .partnership import Unit, scoring_units
from .rulesets import RedThreeInHand, RuleSet
from .scoring import Melded, canasta_count, canastas_for_going_out, may_go_out_with, melded

#: How the referee names each card in a sentence.
CARD_NAMES: dict[str, Msg] = {
    "A": Msg(N_("aces")),
    "K": Msg(N_("kings")),
    "Q": Msg(N_("queens")),
    "J": Msg(N_("jacks")),
    "10": Msg(N_("tens")),
    "9": Msg(N_("nines")),
    "8": Msg(N_("eights")),
    "7": Msg(N_("sevens")),
    "6": Msg(N_("sixes")),
    "5": Msg(N_("fives")),
    "4": Msg(N_("fours")),
    "3B": Msg(N_("black threes")),
    "3R": Msg(N_("red threes")),
    "JOKER": Msg(N_("jokers")),
    "2": Msg(N_("twos")),
}


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


def unit_violations(
    unit: Unit, ruleset: RuleSet, negatives: dict[int, list[str]], made: Melded | None = None
) -> list[RuleViolation]:
    """The rules the melds on the table break, and going out without the canastas needed."""
    made = made or melded(unit.entry, ruleset)
    problems = _meld_problems(unit, ruleset, negatives, made)
    canastas = made.canastas
    if unit.went_out_by is not None and not may_go_out_with(canastas, ruleset):
        problems.append(go_out_problem(canastas_for_going_out(canastas, ruleset), ruleset, unit.went_out_by))
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


def deck_violations(entries: Sequence[SideEntry], ruleset: RuleSet) -> list[RuleViolation]:
    """More cards of a kind, across every side, than the rule set's packs hold."""
    counted: dict[str, int] = {}
    for entry in entries:
        _count_cards(entry, counted)
    decks = ruleset.decks
    problems: list[RuleViolation] = []
    per_side: list[dict[str, int]] = []
    beyond = {key for key, count in counted.items() if count > CARDS_PER_PACK[key] * decks}
    for key, per_pack in CARDS_PER_PACK.items() if beyond else ():
        count = counted.get(key, 0)
        limit = per_pack * decks
        if key not in beyond:
            continue
        per_side = per_side or [_count_cards(entry, {}) for entry in entries]
        holders = [i for i, cards in enumerate(per_side) if cards.get(key, 0) > 0]
        side = holders[0] if len(holders) == 1 else None
        if key == Card.RED_THREE:
            problems.append(
                RuleViolation(
                    "red_threes_exceed_deck",
                    N_("There are only %(limit)s red threes in %(decks)s packs; the entry has %(count)s."),
                    {"limit": limit, "decks": ruleset.decks, "count": count},
                    side,
                    "red_threes",
                )
            )
        else:
            problems.append(
                RuleViolation(
                    "deck_limit",
                    N_("There are only %(limit)s %(card)s in %(decks)s packs; the entry has %(count)s."),
                    {"limit": limit, "card": CARD_NAMES[key], "decks": ruleset.decks, "count": count},
                    side,
                    "melds" if side is None or not entries[side].hand.get(key) else f"hand.{key}",
                )
            )
    if any(entry.hand_by_value for entry in entries):
        per_side = per_side or [_count_cards(entry, {}) for entry in entries]
        problems.extend(_by_value_problems(entries, ruleset, per_side))
    problems.extend(_quick_deck_problems(entries, ruleset))
    return problems


def _by_value_problems(
    entries: Sequence[SideEntry], ruleset: RuleSet, per_side: Sequence[Mapping[str, int]]
) -> list[RuleViolation]:
    """Cards held counted by value, with the cards of that value named elsewhere, against the packs (D6):
    with the usual values only jokers are worth 50, and 20 is an ace or a two."""
    problems: list[RuleViolation] = []
    for points in POINT_CLASSES:
        claimed = [max(0, entry.hand_by_value.get(points, 0)) for entry in entries]
        if not any(claimed):
            continue
        keys = [key for key in CARDS_PER_PACK if key != Card.RED_THREE and ruleset.card_values.get(key) == points]
        limit = sum(CARDS_PER_PACK[key] for key in keys) * ruleset.decks
        count = sum(claimed) + sum(cards.get(key, 0) for cards in per_side for key in keys)
        if count <= limit:
            continue
        claimants = [i for i, held in enumerate(claimed) if held]
        problems.append(
            RuleViolation(
                "deck_limit",
                N_("There are only %(limit)s cards worth %(points)s in %(decks)s packs; the entry has %(count)s."),
                {"limit": limit, "points": points, "decks": ruleset.decks, "count": count},
                claimants[0] if len(claimants) == 1 else None,
                f"hand_by_value.{points}",
            )
        )
    return problems


def _count_cards(entry: SideEntry, cards: dict[str, int]) -> dict[str, int]:
    """Add every card the side names, by key (melded, held, red threes), to ``cards``; counts below
    zero count as none."""
    jokers = twos = 0
    for meld in entry.melds:
        if meld.is_sequence:
            for card in meld.cards:  # one card of each rank it runs through
                cards[card] = cards.get(card, 0) + 1
        elif meld.naturals > 0 and not meld.is_wild_meld:
            cards[meld.rank] = cards.get(meld.rank, 0) + meld.naturals
        if meld.jokers > 0:
            jokers += meld.jokers
        if meld.twos > 0:
            twos += meld.twos
    for key, count in entry.hand.items():
        if count > 0:
            cards[key] = cards.get(key, 0) + count
    if entry.quick is not None and entry.quick.four_black_threes:
        cards[_BLACK_THREE] = cards.get(_BLACK_THREE, 0) + 4
    if entry.black_threes > 0:  # laid out in front of the side (Modern American)
        cards[_BLACK_THREE] = cards.get(_BLACK_THREE, 0) + entry.black_threes
    cards[_JOKER] = cards.get(_JOKER, 0) + jokers
    cards[_TWO] = cards.get(_TWO, 0) + twos
    cards[_RED_THREE] = cards.get(_RED_THREE, 0) + max(0, entry.red_threes)
    return cards


_JOKER = Card.JOKER.value
_TWO = Card.TWO.value
_RED_THREE = Card.RED_THREE.value
_BLACK_THREE = Card.BLACK_THREE.value


def _quick_deck_problems(entries: Sequence[SideEntry], ruleset: RuleSet) -> list[RuleViolation]:
    """Canastas claimed on quick entries against what the packs can make."""
    if all(entry.quick is None for entry in entries):
        return []
    counts = [canasta_count(entry, ruleset) for entry in entries]
    naturals_per_rank = CARDS_PER_PACK["A"] * ruleset.decks
    wilds = (CARDS_PER_PACK["JOKER"] + CARDS_PER_PACK["2"]) * ruleset.decks
    wild_size = max(ruleset.canasta_size, ruleset.wild_meld.min_start) if ruleset.wild_meld else ruleset.canasta_size
    # One canasta per rank, unless the rule set lets a side meld a rank twice (D6, K28)
    per_rank = naturals_per_rank // max(1, ruleset.canasta_min_naturals) if ruleset.allow_duplicate_rank else 1
    limits = {
        "natural": len(NATURAL_RANKS) * min(per_rank, naturals_per_rank // ruleset.canasta_size),
        "natural+mixed": len(NATURAL_RANKS) * per_rank,
        "wild": wilds // wild_size,
        "samba": naturals_per_rank,  # every run of seven from 4 to ace holds an 8 (and a 9, and a 10)
    }
    per_side = {
        "natural": [c.natural for c in counts],
        "natural+mixed": [c.natural + c.mixed for c in counts],
        "wild": [c.wild for c in counts],
        "samba": [c.samba for c in counts],
    }
    problems = []
    for kind, limit in limits.items():
        claimed = sum(per_side[kind])
        if claimed <= limit:
            continue
        problems.append(
            RuleViolation(
                "deck_limit",
                N_("%(decks)s packs can make at most %(limit)s canastas of this kind; the entry has %(count)s."),
                {"decks": ruleset.decks, "limit": limit, "count": claimed},
                _claimant(per_side[kind]),
                "canastas",
            )
        )
        break  # more natural canastas than ranks is also more canastas than ranks: said once
    # Every mixed canasta holds a wild card, and a wild canasta holds only wild cards (D6).
    needed = [c.mixed + c.wild * wild_size for c in counts]
    if not problems and sum(needed) > wilds:
        problems.append(
            RuleViolation(
                "deck_limit",
                N_(
                    "%(decks)s packs hold %(wilds)s wild cards; each mixed canasta needs at least one and a wild"
                    " canasta %(size)s, so these canastas need %(count)s."
                ),
                {"decks": ruleset.decks, "wilds": wilds, "size": wild_size, "count": sum(needed)},
                _claimant(needed),
                "canastas",
            )
        )
    return problems


def _claimant(counts: Sequence[int]) -> int | None:
    """The one side that claims any (a problem is shown at its side), or None when several do."""
    claimants = [i for i, count in enumerate(counts) if count > 0]
    return claimants[0] if len(claimants) == 1 else None


def verify_hand(entries: Sequence[SideEntry], ruleset: RuleSet, partners: tuple[int, int] | None = None) -> None:
    """Raise ``RuleViolations`` with every problem of the hand's entry."""
    problems = hand_violations(entries, ruleset, partners)
    if problems:
        raise RuleViolations(problems)


def can_score_hand(entries: Sequence[SideEntry], ruleset: RuleSet, partners: tuple[int, int] | None = None) -> bool:
    """Whether the hand's entry breaks no rule."""
    return not hand_violations(entries, ruleset, partners)
