"""The API's request bodies, declared once: pydantic checks them and the OpenAPI document is made from them.

Each model says what JSON is well formed and turns it into engine values; whether a hand keeps
the rules of Canasta is the engine's to say (a 422 listing every rule broken).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from ..engine import RULESETS, entries
from ..engine.cards import HAND_KEYS, MELD_RANKS, SEQUENCE_ORDER, SEQUENCE_RANK, SPECIAL_HANDS, WILD_RANK
from ..engine.entries import FAMILY_THREE, POINT_CLASSES, CanastaCount, QuickEntry, pooled_hand
from ..engine.i18n import N_, Msg
from ..engine.option_values import PARAMETERS
from ..engine.rulesets import TiePolicy
from .limits import LARGEST, MAX_ITEMS, MAX_SIDES, NOTE, PLAYER_NAME, REASON, SIDE_NAME
from .problems import FieldProblem, OneOf, Storable

Whole = Annotated[int, Field(ge=-LARGEST, le=LARGEST)]
#: A count of cards or canastas: below zero is well formed JSON that breaks a rule (the engine's 422 negative_count).
Count = Whole
PlayerName = Annotated[str, Field(max_length=PLAYER_NAME), Storable()]
SideName = Annotated[str, Field(max_length=SIDE_NAME), Storable()]
Note = Annotated[
    str,
    Field(max_length=NOTE, description="A short note kept with the game: where, what was at stake."),
    Storable(),
]
#: Cards held by rank: Canasta's keys, and a plain 3 for the family's games (whose threes are ordinary cards).
CardsHeld = dict[Annotated[str, OneOf((*HAND_KEYS, FAMILY_THREE), any_case=True)], Count]
RuleSetId = Annotated[str, Field(min_length=1), WithJsonSchema({"type": "string", "enum": list(RULESETS)})]
Options = Annotated[
    dict[str, Any],
    WithJsonSchema(
        {
            "type": "object",
            "propertyNames": {"enum": sorted(PARAMETERS)},
            "properties": {
                "tie_policy": {
                    "type": "string",
                    "enum": [policy.value for policy in TiePolicy],
                    "description": "A tie at the top when the game would end: play_on (another hand), draw, or"
                    " went_out (the tied side that went out in that hand wins; if none did, another hand).",
                }
            },
            "description": "House rules by parameter name; a value the engine refuses is a 400 naming options.<name>.",
        }
    ),
]
#: At most this many players hold cards on one side (six players in two teams of three).
MOST_PLAYERS_A_SIDE = 3
QUICK_FIELDS = frozenset({"meld_points", "canastas", "hand_points", "four_black_threes"})


def empty(kind: type[list[Any]] | type[dict[str, Any]]) -> Any:
    """An empty list or object as a field's default, made afresh for each body: a default written as ``[]``
    is deep-copied by pydantic for every body that leaves the field out, which cost a third of reading a
    hand. The JSON Schema still shows the default."""
    return Field(default_factory=kind, json_schema_extra={"default": kind()})


class Closed(BaseModel):
    """A JSON object with exactly these fields, of exactly these types (no "2" for 2, no true for 1)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


#: The most cards a meld of the family lists: a run from ace to ace (14), or a set of every card of a rank.
MOST_MELD_CARDS = 16
#: A card in rank-and-suit notation, as the family's melds and held cards are written ("10H", "JK").
CardText = Annotated[
    str,
    Field(max_length=4, description='A card: its rank (A, 2-10, J, Q, K) and suit (S, H, D, C), or "JK" for a joker.'),
]
#: What a table may write beside a meld of the family: the canasta it claims.
CLAIMS = ("clean", "dirty", "semi", "500", "1000", "wild")


class Meld(Closed):
    """A meld: its rank and how many naturals, jokers and twos it holds; in Samba a sequence (rank SEQ)
    lists its ranks; in Burraco, Buraco and Burako a meld may be its cards, without a rank."""

    rank: Annotated[str, OneOf((*MELD_RANKS, SEQUENCE_RANK, "3"), any_case=True)] | None = None
    naturals: Count = 0  # a sequence that does not say counts its cards
    jokers: Count = 0
    twos: Count = 0
    cards: Annotated[
        list[CardText],
        Field(
            max_length=MOST_MELD_CARDS,
            description="Samba: a sequence's ranks in order (rank SEQ). Burraco, Buraco, Burako: the meld's cards"
            ' in rank-and-suit notation ("10H", "JK"), a run low to high with its wild card where it stands, and'
            " no rank.",
        ),
    ] = empty(list)
    claim: Annotated[
        str,
        Field(
            max_length=8,
            description="Burraco, Buraco, Burako: the canasta the table wrote beside the meld: clean, dirty, semi,"
            " 500, 1000 or wild (checked against the cards).",
        ),
    ] = ""

    @model_validator(mode="after")
    def _cards_fit_the_rank(self) -> Meld:
        if self.rank is None:
            if not self.cards:
                raise FieldProblem(Msg(N_("%(field)s is required: a meld gives its rank, or its cards.")), ("rank",))
            return self
        sequence = self.rank.upper() == SEQUENCE_RANK
        if sequence and (not self.cards or any(card.upper() not in SEQUENCE_ORDER for card in self.cards)):
            ranks = " ".join(SEQUENCE_ORDER)
            raise FieldProblem(
                Msg(N_("%(field)s must list the sequence's cards, each one of %(ranks)s."), {"ranks": ranks}),
                ("cards",),
            )
        if not sequence and "cards" in self.model_fields_set:
            raise FieldProblem(
                Msg(N_("A meld gives its rank or its cards; only a sequence (rank SEQ) gives both: %(field)s.")),
                ("cards",),
            )
        if self.rank.upper() == WILD_RANK and self.naturals:
            raise FieldProblem(Msg(N_("A WILD meld holds wild cards only: %(field)s must be 0.")), ("naturals",))
        return self

    @property
    def family_only(self) -> str | None:
        """The field only a game of the family reads, when the meld gives one: its cards without a rank,
        its claim, a rank of plain threes."""
        if self.rank is None:
            return "cards"
        if self.claim:
            return "claim"
        return "rank" if self.rank == "3" else None

    def meld(self) -> entries.Meld:
        """The engine's meld (Canasta's)."""
        assert self.rank is not None
        if not self.cards:  # every meld but a sequence
            return entries.Meld(self.rank.upper(), self.naturals, self.jokers, self.twos)
        cards = tuple(card.upper() for card in self.cards)
        naturals = self.naturals if "naturals" in self.model_fields_set else len(cards)
        return entries.Meld(rank=self.rank.upper(), naturals=naturals, jokers=self.jokers, twos=self.twos, cards=cards)

    def card_meld(self) -> entries.CardMeld:
        """The engine's meld of the family: its cards, or a set by rank and counts."""
        if self.rank is None:
            return entries.CardMeld(cards=tuple(card.strip().upper() for card in self.cards), claim=self.claim)
        rank = self.rank.upper()
        return entries.CardMeld(
            rank="3" if rank in ("3B", "3R") else rank,
            naturals=self.naturals,
            jokers=self.jokers,
            twos=self.twos,
            claim=self.claim,
        )


class Penalty(Closed):
    """A table penalty and its reason."""

    points: Whole
    reason: Annotated[str, Field(max_length=REASON), Storable()] = ""


def _penalty_form(value: object) -> str:
    return "(list)" if isinstance(value, list) else "(points)"


#: Points (a number), or a list of {points, reason}; the tags keep the union out of the field's name.
Penalties = Annotated[
    Annotated[Whole, Tag("(points)")] | Annotated[list[Penalty], Field(max_length=MAX_ITEMS), Tag("(list)")],
    Discriminator(_penalty_form),
    Field(description="Points (a number), or a list of {points, reason}."),
]


def _went_out_form(value: object) -> str:
    return "(how)" if isinstance(value, str) else "(yes or no)"


def _hand_form(value: object) -> str:
    return "(cards)" if isinstance(value, list) else "(by rank)"


class QuickCanastas(Closed):
    """Quick entry: the canastas a side made, by kind (Canasta's, or the family's)."""

    natural: Count = 0
    mixed: Count = 0
    wild: Count = 0
    samba: Count = 0
    clean: Annotated[Count, Field(description="Burraco, Buraco, Burako: clean canastas (no wild card).")] = 0
    dirty: Annotated[Count, Field(description="Burraco, Buraco, Burako: dirty canastas (a wild card).")] = 0
    semi: Annotated[Count, Field(description="Burraco: semi-clean burracos.")] = 0
    ace_to_king: Annotated[Count, Field(description="Buraco: clean canastras from ace to king (500).")] = 0
    ace_to_ace: Annotated[Count, Field(description="Buraco: clean canastras from ace to ace (1000).")] = 0

    #: The kinds only Canasta's games have, and those only the family's.
    CANASTA_KINDS: ClassVar[tuple[str, ...]] = ("natural", "mixed", "samba")
    FAMILY_KINDS: ClassVar[tuple[str, ...]] = ("clean", "dirty", "semi", "ace_to_king", "ace_to_ace")


class SideEntry(Closed):
    """One side's hand: detailed (melds and cards held) or quick (the paper sheet's points)."""

    name: PlayerName = ""
    total_before: Whole = 0
    melds: Annotated[list[Meld], Field(max_length=MAX_ITEMS)] = empty(list)
    red_threes: Count = 0
    went_out: Annotated[
        Annotated[bool, Tag("(yes or no)")] | Annotated[Literal["discard", "no_discard"], Tag("(how)")],
        Discriminator(_went_out_form),
        Field(
            description="Whether the side went out; in Burraco, Buraco and Burako how: false, discard (its last card"
            " discarded) or no_discard (every card melded)."
        ),
    ] = False
    concealed: bool = False
    hand: Annotated[
        Annotated[CardsHeld, Tag("(by rank)")] | Annotated[list[CardText], Field(max_length=MAX_ITEMS), Tag("(cards)")],
        Discriminator(_hand_form),
        Field(
            description="The cards held by rank; in Burraco, Buraco and Burako also a list of cards in rank-and-suit"
            ' notation ("10H", "JK").'
        ),
    ] = empty(dict)
    packet: Annotated[
        Literal["taken", "not_taken", "taken_unplayed"] | None,
        Field(
            description="Burraco, Buraco, Burako (required there): the side's packet (pozzetto, morto, muerto):"
            " taken, not_taken, or taken_unplayed."
        ),
    ] = None
    closing_discard: Annotated[
        CardText,
        Field(description="Burraco, Buraco, Burako: the card the side discarded to go out, if the table wrote it."),
    ] = ""
    hands: Annotated[
        list[CardsHeld],
        Field(
            max_length=MOST_PLAYERS_A_SIDE,
            description="Modern American only: each player's cards held, in place of hand.",
        ),
    ] = empty(list)
    black_threes: Annotated[Count, Field(description="Modern American only: black threes laid out as bonus cards.")] = 0
    special_hand: Annotated[
        str,
        OneOf(SPECIAL_HANDS),
        Field(description="Modern American only: the special hand the side went out with, if any."),
    ] = ""
    hand_by_value: dict[Annotated[str, OneOf(tuple(str(points) for points in POINT_CLASSES))], Count] = empty(dict)
    penalties: Penalties = 0
    meld_points: Whole = 0
    canastas: QuickCanastas = QuickCanastas()
    hand_points: Whole = 0
    four_black_threes: Annotated[
        bool,
        Field(description="Quick entry: the side went out with four black threes melded (a bonus where paid)."),
    ] = False

    @model_validator(mode="after")
    def _one_way_of_counting(self) -> SideEntry:
        given = self.model_fields_set
        if "hands" in given and "hand" in given:
            raise FieldProblem(Msg(N_("Give hand or hands, not both: %(field)s.")), ("hands",))
        held = any(self.hand.values()) if isinstance(self.hand, dict) else bool(self.hand)
        if self.is_quick and (self.melds or held or any(self.hand_by_value.values())):
            raise FieldProblem(
                Msg(N_("%(field)s gives both melds or hand and quick-entry points; give one or the other."))
            )
        return self

    @property
    def is_quick(self) -> bool:
        """Whether the side gives the paper sheet's points (any quick-entry field, even at 0)."""
        return bool(QUICK_FIELDS & self.model_fields_set)

    def family_only(self) -> str | None:
        """The first field given that only a game of the family (Burraco, Buraco, Burako) reads."""
        for position, meld in enumerate(self.melds):
            if (field := meld.family_only) is not None:
                return f"melds[{position}].{field}"
        if self.packet is not None:
            return "packet"
        if self.closing_discard:
            return "closing_discard"
        if isinstance(self.went_out, str):
            return "went_out"
        if isinstance(self.hand, list):
            return "hand"
        if FAMILY_THREE in self.hand:
            return "hand.3"
        return next((f"canastas.{kind}" for kind in QuickCanastas.FAMILY_KINDS if getattr(self.canastas, kind)), None)

    def canasta_only(self) -> str | None:
        """The first field given that only Canasta's games read (a game of the family refuses it)."""
        kinds = [kind for kind in QuickCanastas.CANASTA_KINDS if getattr(self.canastas, kind)]
        given = [
            ("red_threes", bool(self.red_threes)),
            ("concealed", self.concealed),
            ("went_out", self.went_out is True),
            ("hands", bool(self.hands)),
            ("black_threes", bool(self.black_threes)),
            ("special_hand", bool(self.special_hand)),
            ("hand_by_value", bool(self.hand_by_value)),
            ("four_black_threes", self.four_black_threes),
            *((f"canastas.{kind}", True) for kind in kinds),
        ]
        given += [
            (f"melds[{position}].rank", True)
            for position, meld in enumerate(self.melds)
            if meld.rank in (WILD_RANK, SEQUENCE_RANK)
        ]
        return next((name for name, present in given if present), None)

    def family_entry(self, default_name: str = "") -> entries.SideEntry:
        """The engine's side entry for a game of the family; an unnamed side is called ``default_name``."""
        quick = None
        if self.is_quick:
            c = self.canastas
            quick = QuickEntry(
                meld_points=self.meld_points,
                canastas=CanastaCount(
                    natural=c.clean,
                    mixed=c.dirty,
                    wild=c.wild,
                    semi=c.semi,
                    ace_to_king=c.ace_to_king,
                    ace_to_ace=c.ace_to_ace,
                ),
                hand_points=self.hand_points,
            )
        held = self.hand
        return entries.SideEntry(
            name=self.name.strip() or default_name,
            total_before=self.total_before,
            went_out=bool(self.went_out),
            closing=self.went_out if isinstance(self.went_out, str) else "",
            card_melds=tuple(meld.card_meld() for meld in self.melds),
            held_cards=tuple(card.strip().upper() for card in held) if isinstance(held, list) else (),
            hand=_held(held) if isinstance(held, dict) else {},
            packet=self.packet or "",
            closing_discard=self.closing_discard.strip().upper(),
            penalties=_penalties(self.penalties),
            quick=quick,
        )

    def entry(self, default_name: str = "") -> entries.SideEntry:
        """The engine's side entry (Canasta's); an unnamed side is called ``default_name``."""
        assert isinstance(self.hand, dict)
        hands = tuple(_held(held) for held in self.hands) if self.hands else ()
        quick = None
        if self.is_quick:
            canastas = self.canastas
            quick = QuickEntry(
                meld_points=self.meld_points,
                canastas=CanastaCount(canastas.natural, canastas.mixed, canastas.wild, canastas.samba),
                hand_points=self.hand_points,
                four_black_threes=self.four_black_threes,
            )
        return entries.SideEntry(
            name=self.name.strip() or default_name,
            total_before=self.total_before,
            melds=tuple(meld.meld() for meld in self.melds),
            red_threes=self.red_threes,
            went_out=bool(self.went_out),
            concealed=self.concealed,
            hand=pooled_hand(hands) if hands else _held(self.hand),
            hand_by_value=_by_value(self.hand_by_value),
            penalties=_penalties(self.penalties),
            quick=quick,
            black_threes=self.black_threes,
            hands=hands,
            special_hand=self.special_hand,
        )


def _penalties(given: int | list[Penalty]) -> tuple[entries.Penalty, ...]:
    """The engine's penalties: a list of them, or points (none when 0)."""
    if isinstance(given, list):
        return tuple(entries.Penalty(p.points, p.reason) for p in given)
    return (entries.Penalty(given),) if given else ()


def _by_value(counted: dict[str, int]) -> dict[int, int]:
    """Cards held counted by value, the values as numbers."""
    return {int(points): count for points, count in counted.items()} if counted else {}


def _held(cards: dict[str, int]) -> dict[str, int]:
    """Cards held by key, keys in capitals (``k`` and ``K`` count together)."""
    held: dict[str, int] = {}
    for key, count in cards.items():
        upper = key.upper()
        held[upper] = held.get(upper, 0) + count
    return held


Partners = Annotated[
    Annotated[list[Annotated[int, Field(ge=0, le=MAX_SIDES - 1)]], Field(min_length=2, max_length=2)] | None,
    Field(description="Cutthroat: the two sides that played as partners this hand."),
]


class HandBody(Closed):
    """A hand's sides, in seat order, and its cutthroat partners if any."""

    sides: Annotated[list[SideEntry], Field(max_length=MAX_SIDES)]
    partners: Partners = None
    end: Annotated[
        Literal["stock_out"] | None,
        Field(description="Burraco, Buraco, Burako: stock_out when the hand ended because the stock ran out."),
    ] = None

    @field_validator("partners", mode="wrap")
    @classmethod
    def _two_sides_of_this_hand(
        cls, value: object, handler: ValidatorFunctionWrapHandler, info: ValidationInfo
    ) -> list[int] | None:
        sides: list[SideEntry] = info.data.get("sides", [])
        expected = FieldProblem(
            Msg(N_("partners must be two different side numbers from 0 to %(last)s."), {"last": len(sides) - 1})
        )
        try:
            pair: list[int] | None = handler(value)
        except ValidationError:
            raise expected from None
        if pair is None:
            return None
        first, second = pair
        if first == second or first >= len(sides) or second >= len(sides):
            raise expected
        if sides[first].is_quick != sides[second].is_quick:
            raise FieldProblem(Msg(N_("Partners record the same way: both quick entries, or both detailed.")))
        return pair

    def pair(self) -> tuple[int, int] | None:
        """The partners as the engine takes them."""
        return (self.partners[0], self.partners[1]) if self.partners else None


class ScoreRequest(HandBody):
    """``POST /api/v1/score``: one hand to score, nothing stored."""

    ruleset: RuleSetId
    options: Options = empty(dict)
    hand_number: Annotated[int, Field(ge=1, le=LARGEST)] | None = None


class NewHand(HandBody):
    """``POST /api/v1/games/{id}/hands``: the next hand; ``expected_hands`` is how many the client knows of."""

    expected_hands: Annotated[int, Field(ge=0, le=LARGEST)]
    sides: Annotated[list[SideEntry], Field(min_length=2, max_length=MAX_SIDES)]


class FixedHand(HandBody):
    """``PUT /api/v1/games/{id}/hands/{number}``: a hand replaced; ``version`` is the hand's version the client saw."""

    version: Annotated[int, Field(ge=0, le=LARGEST)]
    sides: Annotated[list[SideEntry], Field(min_length=2, max_length=MAX_SIDES)]


Recording = Annotated[
    str,
    OneOf(("one", "halves")),
    Field(
        description="Who records the hands: one recorder (one), or each side its own half from its own link (halves)."
    ),
]


class NewSide(Closed):
    """A side of a new game: its players clockwise, and a name if not theirs joined."""

    name: SideName = ""
    players: Annotated[list[PlayerName], Field(min_length=1, max_length=MOST_PLAYERS_A_SIDE)]


class NewGame(Closed):
    """``POST /api/v1/games``: the rule set, the sides, the house rules, who deals first."""

    ruleset: RuleSetId
    sides: Annotated[list[NewSide], Field(min_length=2, max_length=6)]
    options: Options = empty(dict)
    first_dealer: Annotated[int, Field(ge=0, le=5)] = 0
    entry_mode: Annotated[
        str,
        OneOf(("detailed", "quick")),
        Field(
            description="How the hand form starts the first hand: card by card (detailed) or the paper sheet's totals."
        ),
    ] = "detailed"
    starting_totals: Annotated[
        list[Annotated[int, Field(json_schema_extra={"multipleOf": 5, "minimum": -LARGEST, "maximum": LARGEST})]]
        | None,
        Field(
            description="Each side's total carried over from a paper sheet; the first hand's minimums follow from it."
        ),
    ] = None
    note: Note = ""
    recording: Recording = "one"

    @field_validator("starting_totals", mode="wrap")
    @classmethod
    def _whole_numbers(cls, value: object, handler: ValidatorFunctionWrapHandler) -> list[int] | None:
        try:
            totals: list[int] | None = handler(value)
        except ValidationError:
            raise FieldProblem(Msg(N_("starting_totals must be a list of whole numbers, one per side."))) from None
        return totals


class RecordingChoice(Closed):
    """``PUT /api/v1/games/{id}/recording``: how the game's hands are recorded from now on."""

    recording: Recording


class HalfBody(Closed):
    """``PUT /api/v1/games/{id}/hands/{number}/halves/{side}``: a side's half of a hand, sent with that side's
    token; ``version`` is the half's version the client saw (0: none yet)."""

    entry: SideEntry
    partners: Partners = None
    version: Annotated[int, Field(ge=0, le=LARGEST)]
    end: Annotated[
        Literal["stock_out"] | None,
        Field(description="Burraco, Buraco, Burako: stock_out when the hand ended because the stock ran out."),
    ] = None


class WordBody(Closed):
    """``POST /api/v1/games/{id}/hands/{number}/words/{side}``: a side's word on a hand made of halves, sent
    with that side's token: agreed, or not right about one other side's half (``half_of``), with a remark."""

    agreed: bool
    version: Annotated[int, Field(ge=0, le=LARGEST, description="The hand's version the side was shown.")]
    half_of: Annotated[int, Field(ge=0, le=MAX_SIDES - 1)] | None = None
    remark: Annotated[str, Field(max_length=NOTE), Storable()] = ""

    @model_validator(mode="after")
    def _whose_half(self) -> WordBody:
        if not self.agreed and self.half_of is None:
            raise FieldProblem(Msg(N_("%(field)s must say which other side's half is not right.")), ("half_of",))
        return self
