"""JSON bodies of the scoring API turned into engine values, with every shape checked.

Shape problems (wrong types, unknown fields or card keys) raise ``ShapeError`` naming the
field; rule problems are the engine's and come back as rule violations.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import HAND_KEYS, MELD_RANKS, SEQUENCE_ORDER, SEQUENCE_RANK, WILD_RANK
from ..engine.entries import POINT_CLASSES, CanastaCount, Penalty, QuickEntry, SideEntry, pooled_hand
from ..engine.i18n import N_, Msg
from ..engine.melds import Meld
from ..engine.rulesets import RuleSet
from .limits import LARGEST, MAX_ITEMS, MAX_SIDES, PLAYER_NAME, REASON, text_problem

SIDE_FIELDS = frozenset(
    {"name", "total_before", "melds", "red_threes", "went_out", "concealed", "hand", "hand_by_value", "penalties"}
    | {"meld_points", "canastas", "hand_points", "four_black_threes"}
    | {"black_threes", "hands"}  # Modern American
)
#: At most this many players hold cards on one side (six players in two teams of three).
MOST_PLAYERS_A_SIDE = 3
QUICK_FIELDS = frozenset({"meld_points", "canastas", "hand_points", "four_black_threes"})
MELD_FIELDS = frozenset({"rank", "naturals", "jokers", "twos", "cards"})
CANASTA_FIELDS = ("natural", "mixed", "wild", "samba")


class ShapeError(ValueError):
    """A body that is not what the API takes: ``field`` says where, ``msg`` says what."""

    def __init__(self, field: str, msg: Msg) -> None:
        super().__init__(f"{field}: {msg.render()}")
        self.field = field
        self.msg = msg


@dataclass(frozen=True)
class ScoreRequest:
    """A checked ``POST /api/v1/score`` body."""

    ruleset: str
    options: Mapping[str, object]
    hand_number: int | None
    sides: tuple[SideEntry, ...]
    partners: tuple[int, int] | None = None


def _int(value: object, field: str, *, low: int = -LARGEST) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ShapeError(field, Msg(N_("%(field)s must be a whole number."), {"field": field}))
    if not low <= value <= LARGEST:
        raise ShapeError(
            field,
            Msg(N_("%(field)s must be between %(low)s and %(high)s."), {"field": field, "low": low, "high": LARGEST}),
        )
    return value


def text(value: object, field: str, longest: int) -> str:
    """A text of at most ``longest`` characters that can be stored (no control or broken characters)."""
    if not isinstance(value, str) or len(value) > longest:
        raise ShapeError(
            field,
            Msg(N_("%(field)s must be text of at most %(count)s characters."), {"field": field, "count": longest}),
        )
    problem = text_problem(value, field)
    if problem is not None:
        raise ShapeError(field, problem)
    return value


def _bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise ShapeError(field, Msg(N_("%(field)s must be true or false."), {"field": field}))
    return value


def _object(value: object, field: str, allowed: frozenset[str] | None = None) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ShapeError(field, Msg(N_("%(field)s must be an object."), {"field": field}))
    if allowed is not None:
        unknown = sorted(set(value) - allowed)
        if unknown:
            where = f"{field}.{unknown[0]}" if field else unknown[0]
            raise ShapeError(where, Msg(N_("%(field)s is not a field the API knows."), {"field": where}))
    return value


def _list(value: object, field: str, longest: int = MAX_ITEMS) -> list[Any]:
    if not isinstance(value, list):
        raise ShapeError(field, Msg(N_("%(field)s must be a list."), {"field": field}))
    if len(value) > longest:
        raise ShapeError(
            field, Msg(N_("%(field)s may hold at most %(count)s items."), {"field": field, "count": longest})
        )
    return value


def parse_score_request(body: object, default_name: Callable[[int], str] = str) -> ScoreRequest:
    """Check and convert a whole scoring request; unnamed sides get ``default_name(number)``."""
    data = _object(body, "", frozenset({"ruleset", "options", "hand_number", "sides", "partners"}))
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str) or not ruleset:
        raise ShapeError("ruleset", Msg(N_('ruleset must name a rule set, e.g. "classic".')))
    options = _object(data.get("options", {}), "options")
    hand_number = data.get("hand_number")
    if hand_number is not None:
        hand_number = _int(hand_number, "hand_number", low=1)
    if "sides" not in data:
        raise ShapeError("sides", Msg(N_("sides is required: one entry per side, in seat order.")))
    sides = tuple(
        parse_side(side, f"sides[{i}]", "" if isinstance(side, dict) and side.get("name") else default_name(i + 1))
        for i, side in enumerate(_list(data["sides"], "sides", MAX_SIDES))
    )
    return ScoreRequest(
        ruleset=ruleset,
        options=options,
        hand_number=hand_number,
        sides=sides,
        partners=parse_partners(data.get("partners"), sides),
    )


def parse_partners(value: object, sides: tuple[SideEntry, ...]) -> tuple[int, int] | None:
    """Cutthroat partners: two different side indices, recorded the same way (quick or detailed)."""
    if value is None:
        return None
    expected = Msg(N_("partners must be two different side numbers from 0 to %(last)s."), {"last": len(sides) - 1})
    if not isinstance(value, list) or len(value) != 2:
        raise ShapeError("partners", expected)
    first, second = (_int(item, "partners") for item in value)
    if first == second or not (0 <= first < len(sides) and 0 <= second < len(sides)):
        raise ShapeError("partners", expected)
    if (sides[first].quick is None) != (sides[second].quick is None):
        raise ShapeError("partners", Msg(N_("Partners record the same way: both quick entries, or both detailed.")))
    return (first, second)


def parse_side(value: object, field: str, default_name: str = "") -> SideEntry:
    """One side's entry: detailed (melds, hand) or quick (meld_points, canastas, hand_points)."""
    data = _object(value, field, SIDE_FIELDS)
    name = text(data.get("name", ""), f"{field}.name", PLAYER_NAME)
    melds = tuple(
        parse_meld(m, f"{field}.melds[{i}]") for i, m in enumerate(_list(data.get("melds", []), f"{field}.melds"))
    )
    hand = parse_hand(data.get("hand", {}), f"{field}.hand")
    hands: tuple[dict[str, int], ...] = ()
    if "hands" in data:
        if "hand" in data:
            raise ShapeError(
                f"{field}.hands",
                Msg(N_("%(field)s gives hand and hands; give one or the other."), {"field": field}),
            )
        listed = _list(data["hands"], f"{field}.hands", MOST_PLAYERS_A_SIDE)
        hands = tuple(parse_hand(held, f"{field}.hands[{k}]") for k, held in enumerate(listed))
        hand = pooled_hand(hands)
    by_value = parse_hand_by_value(data.get("hand_by_value", {}), f"{field}.hand_by_value")
    quick = None
    if QUICK_FIELDS & set(data):
        if melds or any(hand.values()) or any(by_value.values()):
            raise ShapeError(
                field,
                Msg(
                    N_("%(field)s gives both melds or hand and quick-entry points; give one or the other."),
                    {"field": field},
                ),
            )
        quick = parse_quick(data, field)
    return SideEntry(
        name=name.strip() or default_name,
        total_before=_int(data.get("total_before", 0), f"{field}.total_before"),
        melds=melds,
        red_threes=_int(data.get("red_threes", 0), f"{field}.red_threes"),
        went_out=_bool(data.get("went_out", False), f"{field}.went_out"),
        concealed=_bool(data.get("concealed", False), f"{field}.concealed"),
        hand=hand,
        hand_by_value=by_value,
        penalties=parse_penalties(data.get("penalties", 0), f"{field}.penalties"),
        quick=quick,
        black_threes=_int(data.get("black_threes", 0), f"{field}.black_threes"),
        hands=hands,
    )


def parse_meld(value: object, field: str) -> Meld:
    """A meld: rank plus naturals, jokers and twos."""
    data = _object(value, field, MELD_FIELDS)
    rank = data.get("rank")
    rank = rank.upper() if isinstance(rank, str) else rank
    if rank not in MELD_RANKS and rank != SEQUENCE_RANK:
        ranks = " ".join((*MELD_RANKS, SEQUENCE_RANK))
        raise ShapeError(
            f"{field}.rank", Msg(N_("%(field)s must be one of %(ranks)s."), {"field": f"{field}.rank", "ranks": ranks})
        )
    cards = _sequence_cards(data, field) if rank == SEQUENCE_RANK else ()
    if rank != SEQUENCE_RANK and "cards" in data:
        raise ShapeError(
            f"{field}.cards",
            Msg(N_("Only a sequence (rank SEQ) lists its cards: %(field)s."), {"field": f"{field}.cards"}),
        )
    naturals = _int(data.get("naturals", len(cards)), f"{field}.naturals")
    if rank == WILD_RANK and naturals != 0:
        raise ShapeError(
            f"{field}.naturals",
            Msg(N_("A WILD meld holds wild cards only: %(field)s must be 0."), {"field": f"{field}.naturals"}),
        )
    return Meld(
        rank=rank,
        naturals=naturals,
        jokers=_int(data.get("jokers", 0), f"{field}.jokers"),
        twos=_int(data.get("twos", 0), f"{field}.twos"),
        cards=cards,
    )


def _sequence_cards(data: Mapping[str, Any], field: str) -> tuple[str, ...]:
    """A sequence's cards: a list of ranks from 4 to ace, in order (the engine checks the order)."""
    listed = _list(data.get("cards", []), f"{field}.cards", len(SEQUENCE_ORDER))
    cards = tuple(card.upper() if isinstance(card, str) else card for card in listed)
    if not cards or not all(card in SEQUENCE_ORDER for card in cards):
        raise ShapeError(
            f"{field}.cards",
            Msg(
                N_("%(field)s must list the sequence's cards, each one of %(ranks)s."),
                {"field": f"{field}.cards", "ranks": " ".join(SEQUENCE_ORDER)},
            ),
        )
    return cards


def require_the_round(ruleset: RuleSet, hand_number: int | None) -> None:
    """Where the first-meld minimum goes by round (Hand and Foot), a scoring request names the hand:
    without it the minimums would be guessed from the score (score-api.md: hand_number)."""
    if ruleset.min_by_round is not None and hand_number is None:
        raise ShapeError("hand_number", Msg(ROUND_NEEDED))


#: The sentence of a scoring request that needs its hand's number.
ROUND_NEEDED = N_(
    "Under these rules the minimum goes by round: give the hand's number in hand_number (1 for the first)."
)


def refuse_unused_fields(ruleset: RuleSet, sides: Sequence[SideEntry], field: str = "sides") -> None:
    """The fields only Samba uses (a SEQ meld, canastas.samba) or only Modern American (black_threes,
    hands), refused elsewhere: a 400 naming the field."""
    if not ruleset.mac_scoring:
        for index, side in enumerate(sides):
            if side.black_threes:
                raise ShapeError(
                    f"{field}[{index}].black_threes",
                    Msg(N_("Only Modern American lays black threes out as bonus cards.")),
                )
            if side.hands:
                raise ShapeError(
                    f"{field}[{index}].hands",
                    Msg(N_("Only Modern American counts each player's cards apart: give hand.")),
                )
    if ruleset.sequences:
        return
    for index, side in enumerate(sides):
        for position, meld in enumerate(side.melds):
            if meld.is_sequence:
                raise ShapeError(
                    f"{field}[{index}].melds[{position}].rank",
                    Msg(N_("This rule set has no melds in sequence; melds are of one rank.")),
                )
        if side.quick is not None and side.quick.canastas.samba:
            raise ShapeError(
                f"{field}[{index}].canastas.samba",
                Msg(N_("This rule set has no sambas (canastas in sequence).")),
            )


def parse_hand(value: object, field: str) -> dict[str, int]:
    """Cards still held: card key to count."""
    data = _object(value, field)
    hand: dict[str, int] = {}
    for key, count in data.items():
        card = key.upper() if isinstance(key, str) else key
        if card not in HAND_KEYS:
            raise ShapeError(
                f"{field}.{key}",
                Msg(N_("%(field)s: card keys are %(keys)s."), {"field": f"{field}.{key}", "keys": " ".join(HAND_KEYS)}),
            )
        hand[card] = hand.get(card, 0) + _int(count, f"{field}.{key}")
    return hand


def parse_hand_by_value(value: object, field: str) -> dict[int, int]:
    """Cards still held counted by value (an optional extension): value ("5", "10", "20", "50") to count."""
    data = _object(value, field)
    counts: dict[int, int] = {}
    for key, count in data.items():
        points = int(key) if isinstance(key, str) and key.isdigit() else None
        if points not in POINT_CLASSES:
            raise ShapeError(
                f"{field}.{key}",
                Msg(
                    N_("%(field)s: values are %(values)s."),
                    {"field": f"{field}.{key}", "values": " ".join(str(v) for v in POINT_CLASSES)},
                ),
            )
        counts[points] = _int(count, f"{field}.{key}")
    return counts


def parse_penalties(value: object, field: str) -> tuple[Penalty, ...]:
    """Table penalties: a number of points, or a list of {points, reason}."""
    if isinstance(value, list):
        items = _list(value, field)
        penalties = []
        for i, item in enumerate(items):
            data = _object(item, f"{field}[{i}]", frozenset({"points", "reason"}))
            reason = text(data.get("reason", ""), f"{field}[{i}].reason", REASON)
            penalties.append(Penalty(_int(data.get("points"), f"{field}[{i}].points"), reason))
        return tuple(penalties)
    points = _int(value, field)
    return (Penalty(points),) if points else ()


def parse_quick(data: Mapping[str, Any], field: str) -> QuickEntry:
    """The paper-sheet fields of a side."""
    canastas = _object(data.get("canastas", {}), f"{field}.canastas", frozenset(CANASTA_FIELDS))
    return QuickEntry(
        meld_points=_int(data.get("meld_points", 0), f"{field}.meld_points"),
        canastas=CanastaCount(
            **{kind: _int(canastas.get(kind, 0), f"{field}.canastas.{kind}") for kind in CANASTA_FIELDS}
        ),
        hand_points=_int(data.get("hand_points", 0), f"{field}.hand_points"),
        four_black_threes=_bool(data.get("four_black_threes", False), f"{field}.four_black_threes"),
    )
