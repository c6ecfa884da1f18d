"""The Canasta family's club games (Burraco, Buraco, Burako): a whole hand, every side, and the checks
that span the sides (who went out, what the packs hold).

Each side is scored by ``scoring.score_side`` from its melds read by ``melds.meld_of``; a
side given the paper sheet's way (its card points melded, canastas by kind, the points it holds) is
scored here from those figures by the same parameters (rules/family.md §5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..entries import CanastaCount, CardMeld, SideEntry
from ..errors import RuleViolation, RuleViolations
from ..family_parameters import JOKER, RANKS, TWO, FamilyHand, FamilyMelds, Packet, WentOut
from ..game import Breakdown
from ..i18n import N_
from ..rulesets import RuleSet
from .cards import card_violation, named, parse_card
from .claims import claim_violation
from .melds import FamilyCanasta, FamilyMeld, meld_of, meld_violations
from .quick import quick_score
from .scoring import FamilySideScore, score_side

#: A side's packet, as an entry may give it.
PACKETS: tuple[str, ...] = ("taken", "not_taken", "taken_unplayed")
#: How a side went out, as an entry may give it.
CLOSINGS: tuple[str, ...] = ("discard", "no_discard")
#: Canasta's keys for the cards held by rank, read as the family's ranks (threes are plain threes).
HELD_RANKS: dict[str, str] = {"JOKER": JOKER, "3R": "3", "3B": "3", **{rank: rank for rank in RANKS}}


@dataclass(frozen=True)
class FamilyHandScore:
    """Every side's breakdown and canastas for a hand of the family."""

    breakdowns: tuple[Breakdown, ...]
    canastas: tuple[CanastaCount, ...]


def _at(problem: RuleViolation, side: int, field: str | None = None) -> RuleViolation:
    return replace(problem, side=side, field=field if field is not None else problem.field)


def _broken(rule: str, template: str, side: int | None, where: str | None, **params: object) -> RuleViolation:
    return RuleViolation(rule, template, params, side, where)


def _held_cards(entry: SideEntry) -> tuple[str, ...]:
    """The side's held cards as cards: written ones, and those given by rank with suits in turn."""
    by_rank = []
    for key, count in entry.hand.items():
        rank = HELD_RANKS.get(key, key)
        by_rank += [JOKER if rank == JOKER else f"{rank}{'SHDC'[i % 4]}" for i in range(max(count, 0))]
    return (*entry.held_cards, *by_rank)


def _holds_cards(entry: SideEntry) -> bool:
    if entry.quick is not None:
        return entry.quick.hand_points > 0
    return bool(entry.held_cards) or any(count > 0 for count in entry.hand.values())


def _canasta_count(melds: Sequence[FamilyMeld]) -> CanastaCount:
    kinds = Counter(meld.canasta for meld in melds if meld.canasta is not None)
    return CanastaCount(
        natural=kinds[FamilyCanasta.CLEAN],
        mixed=kinds[FamilyCanasta.DIRTY],
        wild=kinds[FamilyCanasta.WILD],
        semi=kinds[FamilyCanasta.SEMI],
        ace_to_king=kinds[FamilyCanasta.ACE_TO_KING],
        ace_to_ace=kinds[FamilyCanasta.ACE_TO_ACE],
    )


def _read_melds(
    written: Sequence[CardMeld], side: int, rules: FamilyMelds
) -> tuple[list[FamilyMeld], list[RuleViolation]]:
    melds: list[FamilyMeld] = []
    problems: list[RuleViolation] = []
    for position, meld in enumerate(written):
        field = f"melds[{position}]"
        broken = meld_violations(meld.written(), rules)
        if broken:
            problems += [_at(problem, side, field) for problem in broken]
            continue
        read = meld_of(meld.written(), rules)
        if meld.claim:
            wrong = claim_violation(read, meld.claim)
            if wrong is not None:
                problems.append(_at(wrong, side, f"{field}.claim"))
        melds.append(read)
    return melds, problems


def _side_score(
    entry: SideEntry, side: int, ruleset: RuleSet, ended_on_stock: bool
) -> tuple[FamilySideScore | None, CanastaCount, list[RuleViolation]]:
    melds_rules, hand_rules = _family(ruleset)
    problems = _entry_problems(entry, side)
    if ruleset.individual and entry.went_out and _holds_cards(entry):
        where = "hand_points" if entry.quick is not None else "hand"
        problems.append(
            _broken("hand_not_empty_after_going_out", N_("A player who went out holds no cards."), side, where)
        )
    if entry.quick is not None:
        try:
            score = quick_score(
                entry.quick,
                packet=_packet(entry) if entry.packet in PACKETS else "not_taken",
                went_out=_went_out(entry),
                closing_discard=entry.closing_discard or None,
                ended_on_stock=ended_on_stock,
                melds_rules=melds_rules,
                hand_rules=hand_rules,
                alone=ruleset.individual,
            )
        except RuleViolations as refused:
            problems += [_at(problem, side) for problem in refused.violations]
            return None, entry.quick.canastas, problems
        return (None if problems else score), entry.quick.canastas, problems
    melds, meld_problems = _read_melds(entry.card_melds, side, melds_rules)
    problems += meld_problems
    canastas = _canasta_count(melds)
    if problems:
        return None, canastas, problems
    try:
        score = score_side(
            melds,
            _held_cards(entry),
            packet=_packet(entry),
            went_out=_went_out(entry),
            closing_discard=entry.closing_discard or None,
            ended_on_stock=ended_on_stock,
            melds_rules=melds_rules,
            hand_rules=hand_rules,
            alone=ruleset.individual,
        )
    except RuleViolations as refused:
        return None, canastas, [_at(problem, side) for problem in refused.violations]
    return score, canastas, []


def _family(ruleset: RuleSet) -> tuple[FamilyMelds, FamilyHand]:
    assert ruleset.family_melds is not None
    assert ruleset.family_hand is not None
    return ruleset.family_melds, ruleset.family_hand


def _packet(entry: SideEntry) -> Packet:
    packet = entry.packet or "not_taken"
    assert packet in PACKETS
    return packet  # type: ignore[return-value]


def _went_out(entry: SideEntry) -> WentOut:
    if not entry.went_out:
        return False
    return "no_discard" if entry.closing == "no_discard" else "discard"


def _entry_problems(entry: SideEntry, side: int) -> list[RuleViolation]:
    """What a side's entry says that the family's scoring cannot read."""
    problems: list[RuleViolation] = []
    if entry.packet not in PACKETS:
        problems.append(
            _broken(
                "family_packet_unknown",
                N_("Say what became of the side's packet: taken, not taken, or taken and not played."),
                side,
                "packet",
            )
        )
    if entry.went_out and entry.closing not in CLOSINGS:
        problems.append(
            _broken(
                "family_going_out_how",
                N_("Say how the side went out: by discarding its last card, or by melding every card."),
                side,
                "went_out",
            )
        )
    canasta_only = [
        name
        for name, given in (
            ("melds", entry.melds),
            ("red_threes", entry.red_threes),
            ("concealed", entry.concealed),
            ("hand_by_value", entry.hand_by_value),
            ("black_threes", entry.black_threes),
            ("hands", entry.hands),
            ("special_hand", entry.special_hand),
        )
        if given
    ]
    problems += [
        _broken(
            "family_not_in_this_game",
            N_("%(field)s is Canasta's; this game has no such thing."),
            side,
            name,
            field=name,
        )
        for name in canasta_only
    ]
    if any(penalty.points < 0 for penalty in entry.penalties):
        problems.append(
            _broken("negative_count", N_("%(field)s cannot be below zero."), side, "penalties", field="penalties")
        )
    negative = [key for key, count in entry.hand.items() if count < 0]
    for meld in entry.card_melds:
        if min(meld.naturals, meld.jokers, meld.twos) < 0:
            negative.append("melds")
    if negative:
        problems.append(
            _broken(
                "negative_count",
                N_("A count of cards cannot be below zero: %(field)s."),
                side,
                "hand",
                field=", ".join(negative),
            )
        )
    return problems


#: A count past what the packs hold (family_cards_exceed_deck).
TOO_MANY = N_("The packs hold %(limit)s of %(card)s; the entry has %(count)s.")


def _too_many(card: str, count: int, limit: int, side: int | None = None, where: str | None = None) -> RuleViolation:
    return _broken("family_cards_exceed_deck", TOO_MANY, side, where, limit=limit, card=named(card), count=count)


@dataclass
class _InPlay:
    """The cards an entry puts on the table, across every side: by card (those written card by card), by rank,
    and the wild cards that canastas of wild cards given as counts hold."""

    by_card: Counter[str]
    by_rank: Counter[str]
    quick_wilds: int


def _in_play(entries: Sequence[SideEntry], canasta_size: int) -> _InPlay:
    by_card: Counter[str] = Counter()
    by_rank: Counter[str] = Counter()
    quick_wilds = 0
    for entry in entries:
        if entry.closing_discard and card_violation(entry.closing_discard) is None:
            discard = parse_card(entry.closing_discard)
            by_rank[discard.rank] += 1
            if not discard.is_joker:
                by_card[str(discard)] += 1
        if entry.quick is not None:
            quick_wilds += entry.quick.canastas.wild * canasta_size
            continue
        for meld in entry.card_melds:
            cards = meld.written()
            if any(card_violation(card) for card in cards):
                continue
            read = [parse_card(card) for card in cards]
            by_rank.update(card.rank for card in read)
            if not meld.by_rank:
                by_card.update(str(card) for card in read if not card.is_joker)
        held = [parse_card(text) for text in entry.held_cards if card_violation(text) is None]
        by_card.update(str(card) for card in held if not card.is_joker)
        by_rank.update(card.rank for card in held)
        by_rank.update({HELD_RANKS.get(key, key): count for key, count in entry.hand.items() if count > 0})
    return _InPlay(by_card, by_rank, quick_wilds)


def _deck_problems(entries: Sequence[SideEntry], ruleset: RuleSet) -> list[RuleViolation]:
    """More cards than the packs hold, across every side: of one card (written card by card), of one rank,
    or jokers (none where the game has none)."""
    melds_rules, _ = _family(ruleset)
    decks = ruleset.decks
    cards = _in_play(entries, melds_rules.canasta_size)
    by_rank = cards.by_rank
    problems: list[RuleViolation] = []
    jokers = 2 * decks if melds_rules.jokers else 0
    if by_rank[JOKER] > jokers:
        problems.append(_too_many(JOKER, by_rank[JOKER], jokers))
    wild_cards = by_rank[JOKER] + by_rank[TWO] + cards.quick_wilds
    if cards.quick_wilds and wild_cards > jokers + 4 * decks:
        wild_sides = [i for i, entry in enumerate(entries) if entry.quick is not None and entry.quick.canastas.wild]
        side = wild_sides[0] if len(wild_sides) == 1 else None  # the one side that said it, else the hand's
        problems.append(_too_many(f"{JOKER} + 2", wild_cards, jokers + 4 * decks, side, "canastas.wild"))
    problems += [_too_many(rank, by_rank[rank], 4 * decks) for rank in RANKS if by_rank[rank] > 4 * decks]
    problems += [
        _too_many(card, count, decks)
        for card, count in sorted(cards.by_card.items())
        if count > decks and by_rank[card[:-1]] <= 4 * decks  # a rank already past the packs is said once
    ]
    return problems


def score_family_hand(
    entries: Sequence[SideEntry], ruleset: RuleSet, *, ended_on_stock: bool = False
) -> FamilyHandScore:
    """Every side's score for a hand of the family; raise ``RuleViolations`` with every rule broken, on
    every side. ``ended_on_stock``: the hand ended because the stock ran out."""
    problems: list[RuleViolation] = []
    if len(entries) not in ruleset.sides_allowed:
        allowed = " / ".join(str(n) for n in ruleset.sides_allowed)
        problems.append(
            _broken(
                "side_count",
                N_("This rule set is played by %(allowed)s sides; the entry has %(sides)s."),
                None,
                "sides",
                allowed=allowed,
                sides=len(entries),
            )
        )
    if sum(1 for entry in entries if entry.went_out) > 1:
        problems.append(_broken("two_sides_out", N_("Only one side can go out in a hand."), None, "went_out"))
    scores: list[FamilySideScore | None] = []
    canastas: list[CanastaCount] = []
    for side, entry in enumerate(entries):
        score, made, side_problems = _side_score(entry, side, ruleset, ended_on_stock)
        scores.append(score)
        canastas.append(made)
        problems += side_problems
    problems += _deck_problems(entries, ruleset)
    if problems:
        raise RuleViolations(problems)
    breakdowns = []
    for entry, score in zip(entries, scores, strict=True):
        assert score is not None
        penalties = -sum(penalty.points for penalty in entry.penalties)
        breakdowns.append(
            Breakdown(
                meld_points=score.melded,
                canasta_bonus=score.canasta_bonuses,
                going_out_bonus=score.going_out,
                hand_points=score.hand,
                penalties=penalties,
                packet=score.packet,
            )
        )
    return FamilyHandScore(tuple(breakdowns), tuple(canastas))


def family_hand_violations(entries: Sequence[SideEntry], ruleset: RuleSet) -> list[RuleViolation]:
    """Every rule a hand of the family breaks, on every side (none: it scores)."""
    try:
        score_family_hand(entries, ruleset)
    except RuleViolations as refused:
        return list(refused.violations)
    return []
