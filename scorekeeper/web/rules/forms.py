"""The referee tools' questions: shape checks only, in the sentences the phone says with no connection
(``portable/tools.py`` reads the same boxes the same way; the engine answers)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, ValidationError

from ...engine.canasta.referee import TOP_CARDS
from ...engine.cards import MELD_RANKS, SEQUENCE_ORDER
from ...portable.tools import AT_LEAST, AT_MOST_CHARACTERS, CARDS_LONGEST, CARDS_REQUIRED, CHOOSE
from ..common.fields import WholeNumberField, WordChoiceField, choices

#: A score, not a count: a wide box without steppers.
POINTS = {"class": "points"}


class OneShown:
    """Refuses a choice that is not among those shown, naming its box (as ``WordChoiceField`` does, and the
    phone)."""

    def __call__(self, form: Any, field: Any) -> None:
        if not any(choice.value == field.data for choice in field.choices or ()):
            raise ValidationError(gettext(CHOOSE, field=field.label.text))


def pick(label: Any, **kwargs: Any) -> SelectField:
    """A select beside its label, refused by name (``OneShown``) rather than in WTForms' own words."""
    return SelectField(label, [OneShown()], validate_choice=False, **kwargs)


#: A round is 1 or more.
ROUND = [NumberRange(min=1, message=lazy_gettext(AT_LEAST))]


class QuestionForm(FlaskForm):
    """A question asked by GET: it changes nothing, so it carries no CSRF token."""

    class Meta:
        csrf = False


def _card_label(key: str) -> object:
    labels = {
        "3B": lazy_gettext("Black 3"),
        "3R": lazy_gettext("Red 3"),
        "JOKER": lazy_gettext("Joker"),
        "2": lazy_gettext("Two"),
        "WILD": lazy_gettext("Wild cards"),
    }
    return labels.get(key, key)


class PileForm(QuestionForm):
    """May I take the discard pile?"""

    top_card = pick(lazy_gettext("Top card of the pile"), choices=choices([(k, _card_label(k)) for k in TOP_CARDS]))
    pile_frozen = BooleanField(lazy_gettext("A wild card or red three is in the pile (it is frozen)"))
    #: Asked only where a black three freezes the pile (us_partnership): covered, it keeps it frozen.
    black_three_in_pile = BooleanField(
        lazy_gettext("A black three was discarded into the pile since it was last taken")
    )
    side_has_melded = BooleanField(lazy_gettext("My side has already melded this hand"))
    naturals_in_hand = WholeNumberField(lazy_gettext("Natural cards of that rank in my hand"))
    wilds_in_hand = WholeNumberField(lazy_gettext("Wild cards in my hand"))
    meld_on_table = BooleanField(lazy_gettext("My side has a meld of that rank on the table"))
    #: Asked only where the top card may not join a finished canasta (Samba).
    meld_on_table_is_canasta = BooleanField(lazy_gettext("That meld is a canasta already"))
    total = WholeNumberField(lazy_gettext("My side's score before this hand"), render_kw=POINTS)
    meld_points = WholeNumberField(
        lazy_gettext("Points of everything I would meld now, top card included"), render_kw=POINTS
    )
    #: Asked only where canasta bonuses count toward the first meld's minimum (Hoyle's option).
    natural_canastas = WholeNumberField(lazy_gettext("Natural canastas that meld makes"))
    mixed_canastas = WholeNumberField(lazy_gettext("Mixed canastas that meld makes"))
    #: Asked only where the minimum goes by round (Hand and Foot), in place of the score.
    hand_number = WholeNumberField(lazy_gettext("Round (hand number)"), ROUND, default=1)


#: A sequence's ends, four low and ace high; "—" for none.
SEQUENCE_ENDS = choices([("", "—")] + [(card, card) for card in SEQUENCE_ORDER])


class MeldForm(QuestionForm):
    """Is this meld legal (and a canasta)?"""

    rank = pick(lazy_gettext("Rank"), choices=choices([(k, _card_label(k)) for k in MELD_RANKS]), default="K")
    naturals = WholeNumberField(lazy_gettext("Natural cards"), default=3)
    jokers = WholeNumberField(lazy_gettext("Jokers"))
    twos = WholeNumberField(lazy_gettext("Twos"))
    going_out = BooleanField(lazy_gettext("Melded while going out"))
    #: Asked only where melds in sequence are played (Samba): a sequence instead of the rank above.
    sequence_low = pick(lazy_gettext("Or a sequence of one suit, from"), choices=SEQUENCE_ENDS, default="")
    sequence_high = pick(lazy_gettext("to"), choices=SEQUENCE_ENDS, default="")


class GoOutForm(QuestionForm):
    """May we go out?"""

    natural = WholeNumberField(lazy_gettext("Natural canastas"))
    mixed = WholeNumberField(lazy_gettext("Mixed canastas"))
    wild = WholeNumberField(lazy_gettext("Wild-card canastas"))
    #: Asked only where melds in sequence are played (Samba).
    samba = WholeNumberField(lazy_gettext("Sambas"))
    cards_left = WholeNumberField(lazy_gettext("Cards I would still hold after melding"))
    concealed = BooleanField(lazy_gettext("Nothing melded before this turn (concealed)"))
    #: Asked only where the rule set has special hands (Modern American); its choices are the rule set's.
    special_hand = pick(lazy_gettext("Going out with a special hand"), default="")


class MinimumForm(QuestionForm):
    """What is our minimum?"""

    total = WholeNumberField(lazy_gettext("Our score before this hand"), render_kw=POINTS)
    #: Asked only where the minimum goes by round (Hand and Foot), in place of the score.
    hand_number = WholeNumberField(lazy_gettext("Round (hand number)"), ROUND, default=1)


# ---- the Canasta family (Burraco, Buraco, Burako) ----------------------------------------------

#: A canasta count: none, one, or more (only whether there is one matters).
COUNT = [NumberRange(min=0, message=lazy_gettext(AT_LEAST))]


class FamilyGoOutForm(QuestionForm):
    """May we go out? (a game of the family)"""

    #: Named by the game's own word for the packet (pozzetto, morto, muerto) when the question is asked.
    packet = WordChoiceField(
        lazy_gettext("Packet"),
        choices=choices(
            [
                ("taken", lazy_gettext("taken, and we are playing it")),
                ("taken_unplayed", lazy_gettext("taken, not played yet")),
                ("not_taken", lazy_gettext("not taken")),
            ]
        ),
        default="taken",
    )
    clean = WholeNumberField(lazy_gettext("Clean canastas (no wild card)"), COUNT, default=0)
    other = WholeNumberField(
        lazy_gettext("Canastas with a wild card (dirty, semi-clean, of wild cards)"), COUNT, default=0
    )
    how = WordChoiceField(
        lazy_gettext("The last card"),
        choices=choices(
            [("discard", lazy_gettext("I discard it")), ("no_discard", lazy_gettext("I meld it, with no discard"))]
        ),
        default="discard",
    )
    #: Asked only where the closing discard may not be a wild card (Burraco).
    wild_discard = BooleanField(lazy_gettext("The card I would discard is a joker or a two"))


class FamilyMeldForm(QuestionForm):
    """Is this meld legal (and a canasta)? (a game of the family)"""

    cards = StringField(
        lazy_gettext("The meld's cards"),
        [
            InputRequired(lazy_gettext(CARDS_REQUIRED)),
            Length(max=CARDS_LONGEST, message=lazy_gettext(AT_MOST_CHARACTERS)),
        ],
        description=lazy_gettext(
            "Rank and suit, JK for a joker; a run low to high, its wild card in the place it takes:"
            " 3H 4H JK 6H, or 7S 7D 2C."
        ),
    )


class NoQuestionForm(QuestionForm):
    """A question the game answers without asking anything (the family's pile and minimum)."""
