"""The hand form: per side, detailed or quick; who went out; cutthroat partners. Shape checks only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import Length

from ....engine.canasta.scoring import held_value
from ....engine.cards import CARDS_PER_PACK, SEQUENCE_ORDER, Card
from ....engine.entries import POINT_CLASSES
from ....engine.family_parameters import JOKER
from ....engine.records import Record
from ....engine.rulesets import RuleSet
from ....portable.form_record import Where, fill_form, form_record
from ....portable.layout import (
    MELD_PARTS,
    QUICK_FIELDS,
    UNTYPED,
    SideFields,
    extra_meld_rows,
    held_keys,
    is_family,
    meld_ranks,
    sequence_rows,
    side_fields,
)
from ....reference.options import SPECIAL_HAND_NAMES
from ....shapes.limits import MAX_ITEMS, REASON
from ....store.models import ENTRY_MODES
from ....translation import translate
from ...common.fields import CleanText, CountChoiceField, WholeNumberField, choices
from . import family as family_form


class HandForm(FlaskForm):
    """A hand's record: per side, detailed or quick; who went out; cutthroat partners."""

    out = RadioField(lazy_gettext("Who went out"), default="")
    expected_hands = HiddenField()
    version = HiddenField()
    #: A one-time key for this rendering of the form: the same form sent twice saves once.
    save_key = HiddenField()

    side_names: tuple[str, ...] = ()
    players: tuple[tuple[str, ...], ...] = ()  # each side's players, in seat order
    ruleset: RuleSet
    #: The sides whose fields the page shows (a side's half: its own); None: every side.
    only_side: int | None = None

    def sides(self) -> list[SideFields]:
        """Every side's fields, for the template."""
        return [self._side(i, name) for i, name in enumerate(self.side_names)]

    @property
    def point_classes(self) -> tuple[int, ...]:
        """The card values a count by value uses (50, 20, 10, 5; the family's game: its own values)."""
        return family_form.point_classes(self.ruleset) if self.family else POINT_CLASSES

    def card_points(self) -> list[tuple[str, int]]:
        """Each card a side may hold and what it counts against the side under this rule set
        (the card chips of the paper-sheet entry add these up)."""
        family = self.ruleset.family_melds
        if family is not None:
            return [(key, family.card_values[JOKER if key == "JOKER" else key]) for key in held_keys(self.ruleset)]
        return [(key, held_value(key, self.ruleset)) for key in held_keys(self.ruleset)]

    @property
    def family(self) -> bool:
        """Whether the game is one of the Canasta family's club games (Burraco, Buraco, Burako)."""
        return is_family(self.ruleset)

    def packet_name(self) -> str:
        """The game's name for the packet (pozzetto, morto, muerto), translated."""
        return family_form.packet_name(self.ruleset)

    def quick_kinds(self) -> list[tuple[str, str]]:
        """The family's game: the paper sheet's canasta boxes of the kinds it has (their ``QUICK_FIELDS`` name
        and label)."""
        return family_form.quick_kinds(self.ruleset) if self.family else []

    def family_cards(self) -> family_form.FamilyCards:
        """The family's game: the card buttons of its runs and of the card discarded to go out."""
        return family_form.family_cards(self.ruleset)

    def meld_parts(self) -> list[int]:
        """The columns of the meld rows shown (naturals, jokers, twos; no jokers where the game has none)."""
        family = self.ruleset.family_melds
        return [0, 2] if family is not None and not family.jokers else [0, 1, 2]

    def validate(self, extra_validators: Any = None) -> bool:
        """Shape checks: something typed at all, and no more penalties a side than the API takes in one list."""
        valid = bool(super().validate(extra_validators))
        if valid and self.is_blank():
            self.form_errors.append(gettext("Nothing has been typed for this hand yet, so nothing was saved."))
            valid = False
        for side in self.sides():
            if self.family and self.only_side in (None, side.index) and not family_form.check_side(side, self.ruleset):
                valid = False
            counts = [abs(field.data or 0) for _, _, field in side.penalties]
            if sum(counts) + (1 if side.custom_points.data else 0) > MAX_ITEMS and side.penalties:
                field = side.penalties[0][2]
                field.errors = [
                    *field.errors,
                    gettext("At most %(count)s penalties a side in one hand.", count=MAX_ITEMS),
                ]
                valid = False
        return valid

    def _side(self, i: int, name: str) -> SideFields:
        return side_fields(
            self._fields,
            self.ruleset,
            i,
            name,
            self.players[i],
            out_values=family_form.out_values(i, self.ruleset) if self.family else self._out_values(i),
            penalty_labels=[translate(kind.reason) for kind in self.ruleset.penalty_list],
        )

    def _out_values(self, i: int) -> tuple[tuple[str, str], ...]:
        """Canasta's values of "who went out" naming side ``i``: plain, concealed, with a special hand."""
        return (
            (str(i), gettext("Went out")),
            (f"{i}c", gettext("Went out concealed")),
            *(
                (f"{i}:{kind}", gettext("Went out: %(hand)s", hand=gettext(SPECIAL_HAND_NAMES[kind])))
                for kind in self.ruleset.special_hands
            ),
        )

    def is_blank(self) -> bool:
        """Whether nothing at all was typed (a form brought back by the browser's Back, saved as it is)."""
        return not any(
            field.data for name, field in self._fields.items() if name not in UNTYPED and not name.endswith("mode")
        )

    def to_record(self) -> tuple[Record, Where]:
        """The record the form describes, and where each record field's input is (for errors)."""
        return form_record(self, translate)

    def load_record(self, record: Record) -> None:
        """Fill the form from a stored record (to edit a hand, or to show one back)."""
        fill_form(self, record)


def _out_choices(form: HandForm) -> list[tuple[str, str]]:
    """Every value of Canasta's "who went out": nobody, or a side, concealed, or with a special hand."""
    out = [("", gettext("Nobody (the stock ran out)"))]
    for i, name in enumerate(form.side_names):
        out += [(str(i), name), (f"{i}c", gettext("%(name)s, concealed", name=name))]
        out += [
            (f"{i}:{kind}", gettext("%(name)s, %(hand)s", name=name, hand=gettext(SPECIAL_HAND_NAMES[kind])))
            for kind in form.ruleset.special_hands
        ]
    return out


def _three(form: HandForm, prefix: str) -> tuple[Field, Field, Field]:
    return (form[f"{prefix}_n"], form[f"{prefix}_j"], form[f"{prefix}_t"])


def hand_form(
    ruleset: RuleSet,
    side_names: Sequence[str],
    formdata: Any = None,
    modes: Sequence[str] = (),
    players: Sequence[Sequence[str]] = (),
    only_side: int | None = None,
) -> HandForm:
    """The hand form for a game's rule set and sides; ``modes`` is each side's way of entry to start
    with (card by card where not given); ``players`` names each side's players, where each one's cards
    are counted apart (Modern American); ``only_side``: the one side whose half the page shows."""

    class Form(HandForm):
        pass

    family = is_family(ruleset)
    Form.only_side = only_side
    Form.side_names = tuple(side_names)
    Form.players = tuple(tuple(names) for names in players) or tuple((name,) for name in side_names)
    Form.ruleset = ruleset
    for i, _ in enumerate(side_names):
        p = f"s{i}_"
        setattr(
            Form,
            f"{p}mode",
            RadioField(
                lazy_gettext("Entry"),
                choices=choices(
                    [("detailed", lazy_gettext("Card by card")), ("quick", lazy_gettext("Quick (paper sheet)"))]
                ),
                default=modes[i] if i < len(modes) and modes[i] in ENTRY_MODES else "detailed",
            ),
        )
        if family:
            family_form.add_side_fields(Form, ruleset, p)
        else:
            red_threes = CARDS_PER_PACK[Card.RED_THREE] * ruleset.decks  # as many as the packs hold
            setattr(Form, f"{p}red3", CountChoiceField(lazy_gettext("Red threes laid down"), most=red_threes))
        for rank in meld_ranks(ruleset):
            for key, _ in MELD_PARTS:
                setattr(Form, f"{p}m_{rank}_{key}", WholeNumberField(blank_zero=True))
        for r in range(extra_meld_rows(ruleset)):
            setattr(
                Form,
                f"{p}x{r}_rank",
                SelectField(choices=choices([("", "—")] + [(x, x) for x in meld_ranks(ruleset)]), default=""),
            )
            for key, _ in MELD_PARTS:
                setattr(Form, f"{p}x{r}_{key}", WholeNumberField(blank_zero=True))
        ends = choices([("", "—")] + [(card, card) for card in SEQUENCE_ORDER])
        for r in range(sequence_rows(ruleset)):
            setattr(Form, f"{p}sq{r}_low", SelectField(lazy_gettext("From"), choices=ends, default=""))
            setattr(Form, f"{p}sq{r}_high", SelectField(lazy_gettext("To"), choices=ends, default=""))
        for key in held_keys(ruleset):
            setattr(Form, f"{p}h_{key}", WholeNumberField(blank_zero=True))
        if ruleset.mac_scoring:
            for k, _ in enumerate(Form.players[i]):
                for key in held_keys(ruleset):
                    setattr(Form, f"{p}h{k}_{key}", WholeNumberField(blank_zero=True))
            black_threes = CARDS_PER_PACK[Card.BLACK_THREE] * ruleset.decks
            setattr(Form, f"{p}black3", CountChoiceField(lazy_gettext("Black threes laid out"), most=black_threes))
        for points in () if family else POINT_CLASSES:
            setattr(Form, f"{p}v_{points}", WholeNumberField(blank_zero=True))
        for kind in ruleset.penalty_list:
            setattr(Form, f"{p}p_{kind.key}", WholeNumberField(largest=MAX_ITEMS, blank_zero=True))
        setattr(Form, f"{p}pc_points", WholeNumberField(lazy_gettext("Other penalty, points"), blank_zero=True))
        setattr(Form, f"{p}pc_reason", StringField(lazy_gettext("Reason"), [Length(max=REASON), CleanText()]))
        for name in QUICK_FIELDS:
            setattr(Form, f"{p}q_{name}", WholeNumberField(blank_zero=True))
        if ruleset.black_three_four_bonus:
            setattr(
                Form,
                f"{p}q_black3",
                BooleanField(
                    lazy_gettext(
                        "Went out with four black threes melded (+%(points)s)", points=ruleset.black_three_four_bonus
                    )
                ),
            )
    if ruleset.cutthroat:
        Form.partners = SelectField(lazy_gettext("Partners against the lone hand"), default="")
    if family:
        family_form.add_hand_fields(Form)
    form = Form(formdata=formdata)
    form.out.choices = choices(family_form.out_choices(ruleset, side_names) if family else _out_choices(form))

    if ruleset.cutthroat:
        pairs = [(a, b) for a in range(len(side_names)) for b in range(a + 1, len(side_names))]
        form["partners"].choices = choices(
            [("", gettext("Nobody took the pile: each alone"))]
            + [(f"{a}-{b}", f"{side_names[a]} & {side_names[b]}") for a, b in pairs]
        )
    return form
