"""House rules: overriding a rule set's parameters by name, with every value checked.

The API and the new-game form both come through ``configure``: unknown names and
values of the wrong type or range raise ``OptionError`` naming the option.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

from .cards import HAND_KEYS, MELD_RANKS
from .catalogue import FAMILY_RULESETS, RULESETS
from .errors import OptionError
from .family_parameters import JOKER, FamilyHand, FamilyMelds
from .i18n import N_, Msg
from .rulesets import (
    MatchMode,
    MinimumBasis,
    Red3NegativeWhen,
    RedThreeInHand,
    RuleSet,
    StockOutRule,
    TargetRule,
    TiePolicy,
    WildMeld,
    frozen_map,
)

Converter = Callable[[str, object], object]

#: The game's length and its end: options of every rule set, Canasta's and the family's.
GAME_OPTIONS: tuple[str, ...] = ("target", "target_rule", "tie_policy", "match_mode", "hands_in_match")

#: Options every Canasta rule set offers at the start of a game (variants.md §4).
COMMON_OPTIONS: tuple[str, ...] = (
    *GAME_OPTIONS,
    "canastas_to_go_out",
    "go_out_bonus",
    "concealed_total",
    "min_naturals",
    "max_wilds",
    "wilds_le_naturals",
    "red3_negative_when",
    "red_three_in_hand",
    "black_three_four_bonus",
    "four_black_threes_in_hand_penalty",
    "allow_duplicate_rank",
    "canasta_required_for_positive",
    "black_three_freezes",
)

#: Parameters that describe the rule set itself rather than a rule: never overridden.
IDENTITY_FIELDS = frozenset(
    {
        "id",
        "name",
        "description",
        "sources",
        "extra_options",
        "player_variants",
        "side_variants",
        "option_implies",
        "penalty_list",
        "step_tables",  # a club night's concern, not a rule of play
    }
)


def _wrong(option: str, expected: Msg) -> OptionError:
    return OptionError(option, N_("Option %(option)s must be %(expected)s."), {"option": option, "expected": expected})


def _range(low: int, high: int) -> Msg:
    return Msg(N_("a whole number from %(low)s to %(high)s"), {"low": low, "high": high})


def _as_int(option: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _wrong(option, _range(low, high))
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
        raise _wrong(option, Msg(N_("true or false")))
    return value


def _choice(enum: type[StrEnum]) -> Converter:
    def convert(option: str, value: object) -> StrEnum:
        choices = [member.value for member in enum]
        if not isinstance(value, str) or value not in choices:
            raise _wrong(option, Msg(N_("one of %(choices)s"), {"choices": ", ".join(choices)}))
        return enum(value)

    return convert


def _int_list(low: int, high: int, *, increasing: bool = False) -> Converter:
    def convert(option: str, value: object) -> tuple[int, ...]:
        expected = Msg(N_("a list of whole numbers from %(low)s to %(high)s"), {"low": low, "high": high})
        if not isinstance(value, (list, tuple)) or not value:
            raise _wrong(option, expected)
        items = tuple(_as_int(option, item, low, high) for item in value)
        if increasing and list(items) != sorted(set(items)):
            raise _wrong(option, Msg(N_("a list of different numbers in increasing order")))
        return items

    return convert


def _min_table(option: str, value: object) -> tuple[tuple[int | None, int], ...]:
    expected = Msg(
        N_("a list of [lowest total, minimum] rows in increasing order; the first total may be null (negative)")
    )
    if not isinstance(value, (list, tuple)) or not value:
        raise _wrong(option, expected)
    rows: list[tuple[int | None, int]] = []
    for index, row in enumerate(value):
        if not isinstance(row, (list, tuple)) or len(row) != 2:
            raise _wrong(option, expected)
        low, minimum = row
        if low is None and index != 0:
            raise _wrong(option, expected)
        lowest = None if low is None else _as_int(option, low, -1_000_000, 1_000_000)
        rows.append((lowest, _as_int(option, minimum, 0, 100_000)))
    lows = [low for low, _ in rows if low is not None]
    if lows != sorted(set(lows)):
        raise _wrong(option, expected)
    return tuple(rows)


def _wild_meld(option: str, value: object) -> WildMeld | None:
    expected = Msg(N_("null or an object with min_start, max_size, bonus and counts_for_going_out"))
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != {"min_start", "max_size", "bonus", "counts_for_going_out"}:
        raise _wrong(option, expected)
    min_start = _as_int(option, value["min_start"], 1, 24)
    max_size = _as_int(option, value["max_size"], 1, 24)
    if max_size < min_start:
        raise _wrong(option, Msg(N_("an object whose max_size is at least its min_start")))
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
            raise _wrong(option, expected)
        table: dict[int, int] = {}
        for count, bonus in value.items():
            number = int(count) if isinstance(count, str) and count.isdigit() else count
            table[_as_int(option, number, low, high)] = _as_int(option, bonus, 0, 100_000)
        return frozen_map(table)

    return convert


def _rank_bonus(option: str, value: object) -> Mapping[str, int]:
    expected = Msg(N_('an object from a rank to its natural-canasta bonus, e.g. {"7": 2500}'))
    if not isinstance(value, Mapping) or any(rank not in MELD_RANKS for rank in value):
        raise _wrong(option, expected)
    return frozen_map({str(rank): _as_int(option, bonus, 0, 100_000) for rank, bonus in value.items()})


def _one_of(*choices: str | None) -> Converter:
    """One of a few fixed values (a string, or null where None is one of them)."""

    def convert(option: str, value: object) -> str | None:
        if value not in choices or (value is not None and not isinstance(value, str)):
            written = ", ".join("null" if choice is None else choice for choice in choices)
            raise _wrong(option, Msg(N_("one of %(choices)s"), {"choices": written}))
        return value if value is None else str(value)

    return convert


def _card_values(option: str, value: object) -> Mapping[str, int]:
    expected = Msg(N_('an object from every card key to its value, e.g. {"JOKER": 50, "2": 20, ...}'))
    if not isinstance(value, Mapping) or set(value) != set(HAND_KEYS):
        raise _wrong(option, expected)
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
    "going_out_needs_canasta": _one_of("any", "clean", None),
    "going_out_with_discard": _one_of("required", "either"),
    "wild_closing_discard": _bool,
    "table_minus_without_clean": _bool,
}

#: What a game of the family may override: its length, its players and its own parameters.
FAMILY_OVERRIDABLE = frozenset({*GAME_OPTIONS, "players", *FAMILY_MELD_PARAMETERS, *FAMILY_HAND_PARAMETERS})

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


def offered_options(ruleset: RuleSet) -> tuple[str, ...]:
    """The house-rule options a new game shows for this rule set, in display order."""
    variants = ("players",) if ruleset.player_variants else ()
    common = COMMON_OPTIONS if ruleset.family_melds is None else GAME_OPTIONS
    return variants + common + tuple(o for o in ruleset.extra_options if o not in common)


def option_value(ruleset: RuleSet, option: str) -> object:
    """A house-rule option's value in the rule set: a field of the rule set, or of the family's meld or hand
    parameters (``joker_value`` is the joker's card value there)."""
    melds, hand = ruleset.family_melds, ruleset.family_hand
    if melds is not None and option == "joker_value":
        return melds.card_values[JOKER]
    if melds is not None and option in FAMILY_MELD_PARAMETERS:
        return getattr(melds, option)
    if hand is not None and option in FAMILY_HAND_PARAMETERS:
        return getattr(hand, option)
    return getattr(ruleset, option)


def configure(ruleset: RuleSet, options: Mapping[str, object] | None = None, sides: int | None = None) -> RuleSet:
    """The rule set with its variant for ``players``, for the number of sides, and the house rules.

    Order: the ``players`` variant, then the variant for the number of sides (e.g. three
    teams in six-player Canasta), then what a switched-on option brings with it (cutthroat:
    draw 2, two canastas, 7500), then every explicit option, which wins over all of them.
    """
    options = dict(options or {})
    checked = {name: _convert(name, value) for name, value in options.items()}
    _check_belongs(ruleset, checked)
    players = checked.pop("players", ruleset.players)
    assert isinstance(players, int)
    if players != ruleset.players and players not in ruleset.player_variants:
        allowed = ", ".join(str(n) for n in ruleset.players_allowed)
        raise OptionError(
            "players",
            N_("This rule set is played by %(allowed)s players, not %(players)s."),
            {"allowed": allowed, "players": players},
        )
    result = _apply(ruleset, {**ruleset.player_variants.get(players, {}), "players": players})
    if sides is not None:
        result = _apply(result, result.side_variants.get(sides, {}))
    for option, implied in result.option_implies.items():
        if checked.get(option):
            result = _apply(result, implied)
    result = _apply(result, checked)
    _check_consistent(result)
    return result


#: Rule sets configured so far, by (rule set id, house rules, sides); bounded, since options come from users.
_configured: dict[tuple[str, str, int | None], RuleSet] = {}
KEPT_CONFIGURED = 1024


def configured(ruleset_id: str, options: Mapping[str, object] | None = None, sides: int | None = None) -> RuleSet:
    """``configure`` for a named rule set, kept: a game's rule set with its house rules is worked out
    once per process, not on every hand or request (and what it has judged, ``RuleSet.judged``, is
    kept with it). Raises ``KeyError`` for an unknown id and ``OptionError`` as ``configure`` does."""
    key = (ruleset_id, json.dumps(options or {}, sort_keys=True, default=repr), sides)
    found = _configured.get(key)
    if found is None:
        found = configure(RULESETS.get(ruleset_id) or FAMILY_RULESETS[ruleset_id], options, sides)
        if len(_configured) < KEPT_CONFIGURED:
            _configured[key] = found
    return found


def _convert(name: str, value: object) -> object:
    converter = PARAMETERS.get(name)
    if converter is None:
        raise OptionError(name, N_("There is no house rule called %(option)s."), {"option": name})
    return converter(name, value)


def _check_belongs(ruleset: RuleSet, checked: Mapping[str, object]) -> None:
    """Refuse a house rule the rule set has no use for: the family's on a Canasta rule set, Canasta's on a
    game of the family (a rule that would be taken and then ignored)."""
    family = ruleset.family_melds is not None
    for name in checked:
        if family and name not in FAMILY_OVERRIDABLE:
            raise OptionError(name, N_("%(option)s is a house rule of Canasta, not of this game."), {"option": name})
        if not family and (name in FAMILY_MELD_PARAMETERS or name in FAMILY_HAND_PARAMETERS):
            raise OptionError(
                name, N_("%(option)s is a house rule of Burraco, Buraco and Burako only."), {"option": name}
            )


def _apply(ruleset: RuleSet, overrides: Mapping[str, object]) -> RuleSet:
    values: dict[str, Any] = dict(overrides)  # each value was checked by its converter
    melds = {name: values.pop(name) for name in list(values) if name in FAMILY_MELD_PARAMETERS}
    hand = {name: values.pop(name) for name in list(values) if name in FAMILY_HAND_PARAMETERS}
    if melds and ruleset.family_melds is not None:
        values["family_melds"] = _family_melds(ruleset.family_melds, melds)
    if hand and ruleset.family_hand is not None:
        values["family_hand"] = dataclasses.replace(ruleset.family_hand, **hand)
    return dataclasses.replace(ruleset, **values) if values else ruleset


def _family_melds(melds: FamilyMelds, overrides: dict[str, Any]) -> FamilyMelds:
    """The family's meld parameters with house rules: a joker's value is a card value, and a run from
    ace to ace holds 14 natural cards (13 without it)."""
    joker_value = overrides.pop("joker_value", None)
    if joker_value is not None:
        overrides["card_values"] = frozen_map({**melds.card_values, JOKER: joker_value})
    if "ace_to_ace" in overrides:
        overrides["max_run_naturals"] = 14 if overrides["ace_to_ace"] else 13
    return dataclasses.replace(melds, **overrides)


def _check_consistent(ruleset: RuleSet) -> None:
    if ruleset.match_mode is MatchMode.ROUND and ruleset.hands_in_match is None:
        raise OptionError(
            "hands_in_match", N_("A game of a fixed number of hands needs hands_in_match (how many hands).")
        )
    if ruleset.go_out_min_samba and not ruleset.sequences:
        raise _wrong("go_out_min_samba", Msg(N_("0: this rule set has no sequences")))
    if ruleset.cutthroat and ruleset.sides_allowed != (3,):
        raise _wrong("cutthroat", Msg(N_("false: cutthroat is a game for three players")))
    if ruleset.canasta_min_naturals > ruleset.canasta_size:
        raise _wrong("canasta_min_naturals", Msg(N_("at most canasta_size")))


def parameters(ruleset: RuleSet) -> dict[str, Any]:
    """Every value the engine uses, JSON-ready, under the names of variants.md §6."""
    values: dict[str, Any] = {}
    family = ruleset.family_melds is not None
    for item in dataclasses.fields(ruleset):
        used = item.name in FAMILY_ONLY_FIELDS | FAMILY_SHARED_FIELDS if family else item.name not in FAMILY_ONLY_FIELDS
        if item.name in IDENTITY_FIELDS or not used:
            continue
        values[item.name] = _jsonable(getattr(ruleset, item.name))
    values["penalty_list"] = [{"key": p.key, "points": p.points, "reason": p.reason} for p in ruleset.penalty_list]
    return values


#: The rule set's fields only a game of the family uses, and those it shares with Canasta's (the table and
#: the game's length); every other field is Canasta's, left out of a family game's parameters.
FAMILY_ONLY_FIELDS = frozenset({"family_melds", "family_hand", "meld_minimum"})
FAMILY_SHARED_FIELDS = frozenset({"players", "sides_allowed", "individual", "decks", "deal", *GAME_OPTIONS})


def _jsonable(value: object) -> Any:
    if isinstance(value, WildMeld):
        return dataclasses.asdict(value)
    if isinstance(value, (FamilyMelds, FamilyHand)):
        return {item.name: _jsonable(getattr(value, item.name)) for item in dataclasses.fields(value)}
    if isinstance(value, frozenset):
        return sorted(_jsonable(item) for item in value)
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, Mapping):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_jsonable(item) for item in value]
    return value


def table_shapes(ruleset: RuleSet) -> list[tuple[int, int]]:
    """Every table the rule set seats, as (players, sides): e.g. six players as 2 teams or 3 pairs."""
    shapes = []
    for players in ruleset.players_allowed:
        variant = configure(ruleset, {"players": players})
        shapes += [(players, sides) for sides in variant.sides_allowed if players % sides == 0]
    return shapes


def table_options(ruleset: RuleSet, players: int) -> dict[str, object]:
    """The option that picks the rule set's variant for ``players`` (none for its usual table)."""
    return {} if players == ruleset.players else {"players": players}
