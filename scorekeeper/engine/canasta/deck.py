"""Counts no deck holds: every card a hand's entry names, across every side, against the rule set's packs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..cards import CARDS_PER_PACK, NATURAL_RANKS, Card
from ..entries import POINT_CLASSES, SideEntry
from ..errors import RuleViolation
from ..i18n import N_, Msg
from ..rulesets import RuleSet
from .scoring import canasta_count

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
