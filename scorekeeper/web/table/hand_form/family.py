"""The hand form's fields for the Canasta family's club games (Burraco, Buraco, Burako): a side's runs, its
packet, the card it discarded to go out, the stock running out, and their shape checks (the engine judges the
melds and the hand). What a filled form records is portable/family_record.py's, the phone's as well as the
server's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext, lazy_gettext
from wtforms import BooleanField, RadioField, SelectField, StringField
from wtforms.validators import Length

from ....engine.family.melds import FamilyCanasta
from ....engine.family.quick import KIND_FIELDS, kind_bonus
from ....engine.family_parameters import JOKER, RANKS, SUITS, TWO
from ....engine.rulesets import RuleSet
from ....portable.family_record import NO_DISCARD
from ....portable.layout import FAMILY_KIND_ORDER, HIGH_ACE, RUN_HIGHS, RUN_LOWS, RunRow, SideFields, run_rows
from ....translation import translate
from ...common.fields import CleanText, choices

#: The longest card a closing discard is written as ("10H"), with room for spaces.
DISCARD_LENGTH = 6
SUIT_SYMBOLS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))
#: A run's boxes holding what their lists do not offer, each named.
NOT_A_SUIT = lazy_gettext("A run's suit is one of ♠ ♥ ♦ ♣.")
NOT_A_LOW = lazy_gettext("A run's lowest card is a rank from its list: A, 2 to 10, J, Q or K.")
NOT_A_HIGH = lazy_gettext("A run's highest card is a rank from its list: 2 to 10, J, Q, K or A.")
NOT_A_PLACE = lazy_gettext("A run's wild card stands for a rank from its list: A, 2 to 10, J, Q or K.")
NOT_A_WILD = lazy_gettext("A run's wild card is a joker or a two.")
#: The suits by name, as a reader hears them (a card button shows the symbol).
SUIT_NAMES = {
    "S": lazy_gettext("Spades"),
    "H": lazy_gettext("Hearts"),
    "D": lazy_gettext("Diamonds"),
    "C": lazy_gettext("Clubs"),
}


@dataclass(frozen=True)
class FamilyCards:
    """The cards the family's hand form shows as buttons: a run's row of places, low ace to high ace (each with
    its rank and, for an ace, the name saying which end), the suits (code, symbol, name), and every card a
    side may discard to go out (its code and how the reader sees it)."""

    run_places: tuple[tuple[int, str, str], ...]
    suits: tuple[tuple[str, str, str], ...]
    ranks: tuple[str, ...]
    discards: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    joker: tuple[str, str] | None

    @property
    def discard_codes(self) -> frozenset[str]:
        """Every card the discard's list offers, as the record writes it ("7H", "JK")."""
        codes = {code for _, cards in self.discards for code, _ in cards}
        return frozenset(codes | ({self.joker[0]} if self.joker else set()))


def family_cards(ruleset: RuleSet) -> FamilyCards:
    """The game's card buttons, in the reader's language (the suits' and aces' names, the joker's)."""
    assert ruleset.family_melds is not None
    places = tuple(
        (place, rank, gettext("A (low)") if place == 1 else gettext("A (high)") if place == len(RANKS) + 1 else "")
        for place, rank in enumerate((*RANKS, RANKS[0]), start=1)
    )
    suits = tuple((suit, symbol, str(SUIT_NAMES[suit])) for suit, symbol in SUIT_SYMBOLS)
    discards = tuple(
        (name, tuple((f"{rank}{suit}", f"{rank}{symbol}") for rank in RANKS)) for suit, symbol, name in suits
    )
    joker = (JOKER, gettext("Joker")) if ruleset.family_melds.jokers else None
    return FamilyCards(places, suits, RANKS, discards, joker)


def packet_choices() -> list[Any]:
    """What became of a side's packet."""
    return choices(
        [
            ("taken", lazy_gettext("Taken")),
            ("not_taken", lazy_gettext("Not taken")),
            ("taken_unplayed", lazy_gettext("Taken, not played")),
        ]
    )


def packet_name(ruleset: RuleSet) -> str:
    """The game's name for the packet (pozzetto, morto, muerto), in the reader's language."""
    assert ruleset.family_hand is not None
    return translate(ruleset.family_hand.packet_name)


def add_side_fields(form_class: type, ruleset: RuleSet, p: str) -> None:
    """A side's fields only the family's games have: its runs, its packet, its closing discard."""
    assert ruleset.family_melds is not None
    blank = [("", "—")]
    suits = choices(list(SUIT_SYMBOLS))
    lows = choices(blank + [(rank, rank) for rank in RUN_LOWS])
    highs = choices(blank + [(rank, rank) for rank in RUN_HIGHS])
    wild_places = blank + [(rank, rank) for rank in RANKS]
    if ruleset.family_melds.ace_to_ace:  # a run from ace to ace: its wild card may be either ace
        wild_places.append((HIGH_ACE, lazy_gettext("A (high)")))
    places = choices(wild_places)
    for r in range(run_rows(ruleset)):
        # one tap a suit; a suit alone, without the run's ends, is no run (a chip tapped by mistake)
        suit = RadioField(lazy_gettext("Suit"), choices=suits, default="", validate_choice=False)
        setattr(form_class, f"{p}r{r}_suit", suit)
        # a value the list does not offer (a page tampered with) is refused at its box, naming it
        low = SelectField(lazy_gettext("From"), choices=lows, default="", invalid_choice_message=NOT_A_LOW)
        setattr(form_class, f"{p}r{r}_low", low)
        high = SelectField(lazy_gettext("To"), choices=highs, default="", invalid_choice_message=NOT_A_HIGH)
        setattr(form_class, f"{p}r{r}_high", high)
        at = SelectField(lazy_gettext("Wild two as"), choices=places, default="", invalid_choice_message=NOT_A_PLACE)
        setattr(form_class, f"{p}r{r}_at", at)
        if ruleset.family_melds.jokers:
            wilds = choices([(JOKER, lazy_gettext("Joker")), (TWO, lazy_gettext("Two"))])
            wild = SelectField(
                lazy_gettext("Wild card"), choices=wilds, default=JOKER, invalid_choice_message=NOT_A_WILD
            )
            setattr(form_class, f"{p}r{r}_wild", wild)
    # required, but checked by the form itself: a half leaves the other sides' packets unsaid
    setattr(
        form_class,
        f"{p}packet",
        RadioField(lazy_gettext("Packet"), choices=packet_choices(), default="", validate_choice=False),
    )
    setattr(
        form_class,
        f"{p}discard",
        StringField(
            lazy_gettext("Card discarded to go out (optional)"), [Length(max=DISCARD_LENGTH), CleanText()], default=""
        ),
    )


def add_hand_fields(form_class: Any) -> None:
    """The hand's own field in the family's games: the stock ran out."""
    form_class.stock_out = BooleanField(lazy_gettext("The stock ran out"))


def out_values(i: int, ruleset: RuleSet) -> tuple[tuple[str, str], ...]:
    """The values of "who went out" naming side ``i``: with a discard, and without one where the game allows it."""
    assert ruleset.family_hand is not None
    values = [(str(i), gettext("Went out with a discard"))]
    if ruleset.family_hand.going_out_with_discard == "either":
        values.append((f"{i}{NO_DISCARD}", gettext("Went out without a discard")))
    return tuple(values)


def out_choices(ruleset: RuleSet, side_names: Sequence[str]) -> list[tuple[str, str]]:
    """Every value of the hand's "who went out" (nobody, or a side and how)."""
    assert ruleset.family_hand is not None
    out = [("", gettext("Nobody went out"))]
    for i, name in enumerate(side_names):
        out.append((str(i), gettext("%(name)s, with a discard", name=name)))
        if ruleset.family_hand.going_out_with_discard == "either":
            out.append((f"{i}{NO_DISCARD}", gettext("%(name)s, without a discard", name=name)))
    return out


#: The paper sheet's canasta boxes, by kind, as the game's tables name them (its ``canasta_word``).
QUICK_LABELS: dict[str, dict[FamilyCanasta, Any]] = {
    "canasta": {
        FamilyCanasta.CLEAN: lazy_gettext("Clean canastas (%(points)s)"),
        FamilyCanasta.SEMI: lazy_gettext("Semi-clean canastas (%(points)s)"),
        FamilyCanasta.DIRTY: lazy_gettext("Dirty canastas (%(points)s)"),
        FamilyCanasta.ACE_TO_KING: lazy_gettext("Clean, ace to king (%(points)s)"),
        FamilyCanasta.ACE_TO_ACE: lazy_gettext("Clean, ace to ace (%(points)s)"),
        FamilyCanasta.WILD: lazy_gettext("Canastas of wild cards (%(points)s)"),
    },
    "burraco": {  # burraco pulito, semipulito, sporco [FB][EBCH]
        FamilyCanasta.CLEAN: lazy_gettext("Clean burracos (%(points)s)"),
        FamilyCanasta.SEMI: lazy_gettext("Semi-clean burracos (%(points)s)"),
        FamilyCanasta.DIRTY: lazy_gettext("Dirty burracos (%(points)s)"),
        FamilyCanasta.ACE_TO_KING: lazy_gettext("Clean burracos, ace to king (%(points)s)"),
        FamilyCanasta.ACE_TO_ACE: lazy_gettext("Clean burracos, ace to ace (%(points)s)"),
        FamilyCanasta.WILD: lazy_gettext("Burracos of wild cards (%(points)s)"),
    },
}


def quick_kinds(ruleset: RuleSet) -> list[tuple[str, str]]:
    """The paper sheet's canasta boxes of the game, each with its label and bonus (clean 200, dirty 100...), named
    as the game's tables name them (burraco pulito, semipulito, sporco in Burraco)."""
    assert ruleset.family_melds is not None
    rules = ruleset.family_melds
    labels = QUICK_LABELS[rules.canasta_word]
    return [
        (KIND_FIELDS[kind], str(labels[kind]) % {"points": bonus})
        for kind in FAMILY_KIND_ORDER
        if (bonus := kind_bonus(kind, rules)) is not None
    ]


def point_classes(ruleset: RuleSet) -> tuple[int, ...]:
    """The values the game's cards have, highest first (the paper sheet's "add them up" counts by them)."""
    assert ruleset.family_melds is not None
    values = ruleset.family_melds.card_values
    return tuple(sorted({v for k, v in values.items() if k != JOKER or ruleset.family_melds.jokers}, reverse=True))


def check_side(side: SideFields, ruleset: RuleSet) -> bool:
    """A side's shape checks: its packet said, and each run with its suit and both ends, low to high, its wild
    card inside it. Each problem goes to its box; what was typed stays."""
    valid = True
    if side.packet is not None and side.packet.data not in ("taken", "not_taken", "taken_unplayed"):
        side.packet.errors = [
            *side.packet.errors,
            gettext(
                "Say what became of the %(packet)s: taken, not taken, or taken and not played.",
                packet=packet_name(ruleset),
            ),
        ]
        valid = False
    for run in side.runs:
        problem = run_problem(run)
        if problem is not None:
            run.suit.errors = [*run.suit.errors, problem]
            valid = False
    return valid


def run_problem(run: RunRow) -> str | None:
    """What keeps a run row from being written as cards, in the reader's language (None: nothing; nor when a
    box of it holds what its list does not offer: that box says so)."""
    if not run.typed or any(box.errors for box in (run.low, run.high, run.at, run.wild) if box is not None):
        return None
    if run.suit.data and run.suit.data not in SUITS:
        return str(NOT_A_SUIT)
    span = run.span()
    if span is None:
        return str(gettext("A run needs its suit, its lowest card and its highest card."))
    if span[0] > span[1]:
        return str(
            gettext(
                "A run goes up from its lowest card to its highest: %(low)s to %(high)s does not.",
                low=run.low.data,
                high=run.high.data,
            )
        )
    wild = run.wild_place()
    if wild is not None and not span[0] <= wild <= span[1]:
        return str(gettext("The wild card stands for a card of the run, from its lowest to its highest."))
    return None
