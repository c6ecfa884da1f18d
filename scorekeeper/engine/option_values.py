"""The values each house rule may take: every parameter a game may override, with the check that turns
a value sent as JSON (or typed in the new-game form) into the rule set's own, or refuses it with an
``OptionError`` naming the option and what it must be.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum

from .cards import HAND_KEYS, MELD_RANKS
from .errors import OptionError
from .i18n import N_, Msg
from .rulesets import (
    MatchMode,
    MinimumBasis,
    Red3NegativeWhen,
    RedThreeInHand,
    StockOutRule,
    TargetRule,
    TiePolicy,
    WildMeld,
    frozen_map,
)

Converter = Callable[[str, object], object]


def must_be(option: str, expected: Msg) -> OptionError:
    """The refusal of a value for ``option``: what it must be instead."""
    return OptionError(option, N_("Option %(option)s must be %(expected)s."), {"option": option, "expected": expected})


def _range(low: int, high: int) -> Msg:
    return Msg(N_("a whole number from %(low)s to %(high)s"), {"low": low, "high": high})


def _as_int(option: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise must_be(option, _range(low, high))
    return value


def _int(low: int, high: int) -> Converter:
    def convert(option: str, value: object) -> int:
        return _as_int(option, value, low, high)

    return convert


def _optional(inner: Converter) -> Converter:
    def convert(option: str, value: object) -> object:
        return None if value is None else inner(option, value)

    return convert


def _bool(option: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise must_be(option, Msg(N_("true or false")))
    return value


def _choice(enum: type[StrEnum]) -> Converter:
    def convert(option: str, value: object) -> StrEnum:
        choices = [member.value for member in enum]
        if not isinstance(value, str) or value not in choices:
            raise must_be(option, Msg(N_("one of %(choices)s"), {"choices": ", ".join(choices)}))
        return enum(value)

    return convert


def _int_list(low: int, high: int, *, increasing: bool = False) -> Converter:
    def convert(option: str, value: object) -> tuple[int, ...]:
        expected = Msg(N_("a list of whole numbers from %(low)s to %(high)s"), {"low": low, "high": high})
        if not isinstance(value, (list, tuple)) or not value:
            raise must_be(option, expected)
        items = tuple(_as_int(option, item, low, high) for item in value)
        if increasing and list(items) != sorted(set(items)):
            raise must_be(option, Msg(N_("a list of different numbers in increasing order")))
        return items

    return convert


def _min_table(option: str, value: object) -> tuple[tuple[int | None, int], ...]:
    expected = Msg(
        N_("a list of [lowest total, minimum] rows in increasing order; the first total may be null (negative)")
    )
    if not isinstance(value, (list, tuple)) or not value:
        raise must_be(option, expected)
    rows: list[tuple[int | None, int]] = []
    for index, row in enumerate(value):
        if not isinstance(row, (list, tuple)) or len(row) != 2:
            raise must_be(option, expected)
        low, minimum = row
        if low is None and index != 0:
            raise must_be(option, expected)
        lowest = None if low is None else _as_int(option, low, -1_000_000, 1_000_000)
        rows.append((lowest, _as_int(option, minimum, 0, 100_000)))
    lows = [low for low, _ in rows if low is not None]
    if lows != sorted(set(lows)):
        raise must_be(option, expected)
    return tuple(rows)


def _wild_meld(option: str, value: object) -> WildMeld | None:
    expected = Msg(N_("null or an object with min_start, max_size, bonus and counts_for_going_out"))
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != {"min_start", "max_size", "bonus", "counts_for_going_out"}:
        raise must_be(option, expected)
    min_start = _as_int(option, value["min_start"], 1, 24)
    max_size = _as_int(option, value["max_size"], 1, 24)
    if max_size < min_start:
        raise must_be(option, Msg(N_("an object whose max_size is at least its min_start")))
    return WildMeld(
        min_start=min_start,
        max_size=max_size,
        bonus=_as_int(option, value["bonus"], 0, 100_000),
        counts_for_going_out=_bool(option, value["counts_for_going_out"]),
    )


def _by_count(low: int, high: int, expected: Msg) -> Converter:
    """An object from a number (``low`` to ``high``, as a JSON key) to points."""

    def convert(option: str, value: object) -> Mapping[int, int]:
        if not isinstance(value, Mapping):
            raise must_be(option, expected)
        table: dict[int, int] = {}
        for count, bonus in value.items():
            number = int(count) if isinstance(count, str) and count.isdigit() else count
            table[_as_int(option, number, low, high)] = _as_int(option, bonus, 0, 100_000)
        return frozen_map(table)

    return convert


def _rank_bonus(option: str, value: object) -> Mapping[str, int]:
    expected = Msg(N_('an object from a rank to its natural-canasta bonus, e.g. {"7": 2500}'))
    if not isinstance(value, Mapping) or any(rank not in MELD_RANKS for rank in value):
        raise must_be(option, expected)
    return frozen_map({str(rank): _as_int(option, bonus, 0, 100_000) for rank, bonus in value.items()})


def _one_of(*choices: str | None) -> Converter:
    """One of a few fixed values (a string, or null where None is one of them)."""

    def convert(option: str, value: object) -> str | None:
        if value not in choices or (value is not None and not isinstance(value, str)):
            written = ", ".join("null" if choice is None else choice for choice in choices)
            raise must_be(option, Msg(N_("one of %(choices)s"), {"choices": written}))
        return value if value is None else str(value)

    return convert


def _card_values(option: str, value: object) -> Mapping[str, int]:
    expected = Msg(N_('an object from every card key to its value, e.g. {"JOKER": 50, "2": 20, ...}'))
    if not isinstance(value, Mapping) or set(value) != set(HAND_KEYS):
        raise must_be(option, expected)
    return frozen_map({str(key): _as_int(option, points, 0, 1000) for key, points in value.items()})


MONEY = _int(0, 100_000)

#: The family's meld parameters a house rule may set (rules/family.md §3), each a field of ``FamilyMelds``;
#: ``joker_value`` sets the joker's card value.
FAMILY_MELD_PARAMETERS: dict[str, Converter] = {
    "jokers": _bool,
    "joker_value": _int(0, 1000),
    "sets_allowed": _bool,
    "ace_to_ace": _bool,
    "semi_clean": _bool,
    "semi_clean_wild_at_end": _bool,
    "clean_bonus": MONEY,
    "semi_clean_bonus": MONEY,
    "dirty_bonus": MONEY,
    "ace_to_king_bonus": _optional(MONEY),
    "ace_to_ace_bonus": _optional(MONEY),
    "wild_canasta_bonus": _optional(MONEY),
}

#: The family's hand parameters a house rule may set, each a field of ``FamilyHand``.
FAMILY_HAND_PARAMETERS: dict[str, Converter] = {
    "going_out_bonus": MONEY,
    "no_going_out_bonus_on_stock_out": _bool,
    "packet_not_taken_penalty": MONEY,
    "going_out_with_packet_unplayed": _bool,
    "going_out_needs_canasta": _one_of("any", "clean", None),
    "going_out_with_discard": _one_of("required", "either"),
    "wild_closing_discard": _bool,
    "table_minus_without_clean": _bool,
}

#: Every overridable parameter and how its value is checked.
PARAMETERS: dict[str, Converter] = {
    "players": _int(2, 6),
    "sides_allowed": _int_list(2, 6, increasing=True),
    "individual": _bool,
    "decks": _int(1, 6),
    "min_meld_size": _int(2, 7),
    "min_naturals": _int(1, 7),
    "max_wilds": _optional(_int(0, 24)),
    "wilds_le_naturals": _bool,
    "max_meld_size": _optional(_int(3, 100)),
    "allow_duplicate_rank": _bool,
    "sevens_no_wilds": _bool,
    "go_out_forbids_unfinished_wild_meld": _bool,
    "canasta_size": _int(3, 20),
    "canasta_min_naturals": _int(1, 20),
    "wild_meld": _wild_meld,
    "natural_bonus": MONEY,
    "mixed_bonus": MONEY,
    "rank_natural_bonus": _rank_bonus,
    "go_out_bonus": MONEY,
    "concealed_total": _optional(MONEY),
    "canastas_to_go_out": _int(0, 10),
    "go_out_min_natural": _int(0, 10),
    "go_out_min_mixed": _int(0, 10),
    "red3_table": _int_list(0, 100_000),
    "red3_per_extra": MONEY,
    "red3_negative_when": _choice(Red3NegativeWhen),
    "red_three_in_hand": _choice(RedThreeInHand),
    "red_three_in_hand_penalty": MONEY,
    "black_three_meld": _bool,
    "black_three_meld_sizes": _int_list(1, 12, increasing=True),
    "black_three_four_bonus": MONEY,
    "four_black_threes_in_hand_penalty": MONEY,
    "black_three_hand_value": MONEY,
    "card_values": _card_values,
    "cutthroat": _bool,
    "bolivia": _bool,
    "min_150_from_7000": _bool,
    "go_out_min_samba": _int(0, 10),
    "canasta_count_bonus": _by_count(
        1, 100, Msg(N_('an object from a number of canastas to its bonus, e.g. {"5": 500, "7": 2000}'))
    ),
    "wild_canasta_bonus_by_jokers": _by_count(
        0, 8, Msg(N_('an object from the jokers in a wild canasta to its bonus, e.g. {"4": 2500, "0": 3000}'))
    ),
    "sequences": _bool,
    "samba_bonus": MONEY,
    "mac_scoring": _bool,
    "mac_threes_table": _int_list(0, 100_000),
    "mac_incomplete_penalty": _rank_bonus,
    "mac_hand_triple_penalty": MONEY,
    "special_straight": MONEY,
    "special_pairs": MONEY,
    "special_pairs_wild": MONEY,
    "special_garbage": MONEY,
    "canasta_count_cumulative": _bool,
    "canasta_required_for_positive": _bool,
    "min_table": _min_table,
    "min_by_round": _optional(_int_list(0, 100_000)),
    "minimum_basis": _choice(MinimumBasis),
    "target": _int(1, 1_000_000),
    "target_rule": _choice(TargetRule),
    "tie_policy": _choice(TiePolicy),
    "match_mode": _choice(MatchMode),
    "hands_in_match": _optional(_int(1, 100)),
    "deal": _int(1, 30),
    "foot": _int(0, 30),
    "draw_count": _int(1, 3),
    "black_three_freezes": _bool,
    "pile_before_first_meld": _bool,
    "pile_always_frozen": _bool,
    "pile_natural_pair_only": _bool,
    "pile_onto_canasta": _bool,
    "wild_anywhere_freezes": _bool,
    "stock_out_rule": _choice(StockOutRule),
    "last_red_three_may_meld": _bool,
    "top_card_counts_for_minimum": _bool,
    "canastas_count_for_minimum": _bool,
    **FAMILY_MELD_PARAMETERS,
    **FAMILY_HAND_PARAMETERS,
}
