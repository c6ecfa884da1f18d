"""One side's hand as a request writes it: detailed (melds, red threes, cards held, how it went out) or
quick (the paper sheet's points), with its penalties, turned into the engine's entry for either game."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from ...engine import entries
from ...engine.cards import SEQUENCE_RANK, SPECIAL_HANDS, WILD_RANK
from ...engine.entries import FAMILY_THREE, POINT_CLASSES, CanastaCount, QuickEntry, pooled_hand
from ...engine.i18n import N_, Msg
from ..limits import MAX_ITEMS, REASON
from ..problems import FieldProblem, OneOf, Storable
from .fields import MOST_PLAYERS_A_SIDE, CardsHeld, CardText, Closed, Count, PlayerName, Whole, empty
from .melds import Meld

#: The paper sheet's fields: a side that gives any of them (even at 0) is a quick entry.
QUICK_FIELDS = frozenset({"meld_points", "canastas", "hand_points", "four_black_threes"})


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
