"""House rules: a rule set with its parameters overridden by name, the options a new game offers, and
the values the engine uses, as the API shows them.

The API and the new-game form both come through ``configure``: unknown names and values of the
wrong type or range (``option_values``) raise ``OptionError`` naming the option.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from .catalogue import FAMILY_RULESETS, RULESETS
from .errors import OptionError
from .family_parameters import JOKER, FamilyHand, FamilyMelds
from .i18n import N_, Msg
from .option_values import FAMILY_HAND_PARAMETERS, FAMILY_MELD_PARAMETERS, PARAMETERS, must_be
from .rulesets import MatchMode, RuleSet, WildMeld, frozen_map

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


#: What a game of the family may override: its length, its players and its own parameters.
FAMILY_OVERRIDABLE = frozenset({*GAME_OPTIONS, "players", *FAMILY_MELD_PARAMETERS, *FAMILY_HAND_PARAMETERS})


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
        raise must_be("go_out_min_samba", Msg(N_("0: this rule set has no sequences")))
    if ruleset.cutthroat and ruleset.sides_allowed != (3,):
        raise must_be("cutthroat", Msg(N_("false: cutthroat is a game for three players")))
    if ruleset.canasta_min_naturals > ruleset.canasta_size:
        raise must_be("canasta_min_naturals", Msg(N_("at most canasta_size")))


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
