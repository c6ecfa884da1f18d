"""The hand form: per side, detailed or quick; who went out; cutthroat partners. Shape checks only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import Length

from ..engine.cards import (
    CARDS_PER_PACK,
    SEQUENCE_ORDER,
    SEQUENCE_RANK,
    Card,
)
from ..engine.entries import FAMILY_THREE, POINT_CLASSES, pooled_hand
from ..engine.family_cards import JOKER
from ..engine.rulesets import RuleSet
from ..engine.scoring import held_value
from ..reference.options import SPECIAL_HAND_NAMES
from ..shapes.limits import MAX_ITEMS, REASON
from ..store.models import ENTRY_MODES
from ..store.records import SIDE_DEFAULTS, Record
from ..translation import translate
from . import family_form
from .forms import CleanText, CountChoiceField, WholeNumberField, choices
from .hand_layout import (
    MELD_PARTS,
    QUICK_COLUMNS,
    QUICK_FIELDS,
    UNTYPED,
    MeldRow,
    SequenceRow,
    SideFields,
    extra_meld_rows,
    held_keys,
    is_family,
    meld_ranks,
    run_rows,
    sequence_rows,
)


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
        p = f"s{i}_"
        rows = [MeldRow(f"{p}m_{rank}", rank, None, _three(self, f"{p}m_{rank}")) for rank in meld_ranks(self.ruleset)]
        rows += [
            MeldRow(f"{p}x{r}", None, self[f"{p}x{r}_rank"], _three(self, f"{p}x{r}"))
            for r in range(extra_meld_rows(self.ruleset))
        ]
        family = self.family
        return SideFields(
            index=i,
            name=name,
            out_values=family_form.out_values(i, self.ruleset)
            if family
            else (
                (str(i), gettext("Went out")),
                (f"{i}c", gettext("Went out concealed")),
                *(
                    (f"{i}:{kind}", gettext("Went out: %(hand)s", hand=gettext(SPECIAL_HAND_NAMES[kind])))
                    for kind in self.ruleset.special_hands
                ),
            ),
            mode=self[f"{p}mode"],
            red_threes=None if family else self[f"{p}red3"],
            melds=rows,
            sequences=[
                SequenceRow(f"{p}sq{r}", self[f"{p}sq{r}_low"], self[f"{p}sq{r}_high"])
                for r in range(sequence_rows(self.ruleset))
            ],
            held=[(key, self[f"{p}h_{key}"]) for key in held_keys(self.ruleset)],
            held_by_player=[
                (player, [(key, self[f"{p}h{k}_{key}"]) for key in held_keys(self.ruleset)])
                for k, player in enumerate(self.players[i] if self.ruleset.mac_scoring else ())
            ],
            black_threes=self._fields.get(f"{p}black3"),
            by_value=[] if family else [(points, self[f"{p}v_{points}"]) for points in POINT_CLASSES],
            penalties=[
                (translate(kind.reason), kind.points, self[f"{p}p_{kind.key}"]) for kind in self.ruleset.penalty_list
            ],
            custom_points=self[f"{p}pc_points"],
            custom_reason=self[f"{p}pc_reason"],
            quick={name: self[f"{p}q_{name}"] for name in QUICK_FIELDS},
            four_black_threes=self._fields.get(f"{p}q_black3"),
            runs=[family_form.run_row(self, p, r) for r in range(run_rows(self.ruleset))],
            packet=self._fields.get(f"{p}packet"),
            closing_discard=self._fields.get(f"{p}discard"),
        )

    def is_blank(self) -> bool:
        """Whether nothing at all was typed (a form brought back by the browser's Back, saved as it is)."""
        return not any(
            field.data for name, field in self._fields.items() if name not in UNTYPED and not name.endswith("mode")
        )

    def to_record(self) -> tuple[Record, dict[tuple[int, str], str]]:
        """The record the form describes, and where each record field's input is (for errors)."""
        record: Record = {"partners": None, "sides": []}
        where: dict[tuple[int, str], str] = {}
        out_side, how, special = _parse_out(self.out.data)
        concealed = how == "c"
        sides = self.sides()
        twos = family_form.wild_twos(sides)
        for side in sides:
            p = f"s{side.index}_"
            melds: list[dict[str, Any]] = []
            for row in side.melds:
                counts = [field.data or 0 for field in row.counts]
                rank = row.rank or (row.rank_field.data if row.rank_field is not None else None)
                if any(counts) and rank:
                    where[(side.index, f"melds[{len(melds)}]")] = row.prefix
                    for (_, part), field in zip(MELD_PARTS, row.counts, strict=True):
                        where[(side.index, f"melds[{len(melds)}].{part}")] = field.name
                    melds.append({"rank": rank, "naturals": counts[0], "jokers": counts[1], "twos": counts[2]})
            for sequence in side.sequences:
                cards = sequence.cards()
                if cards:
                    where[(side.index, f"melds[{len(melds)}]")] = sequence.prefix
                    melds.append(
                        {"rank": SEQUENCE_RANK, "naturals": len(cards), "jokers": 0, "twos": 0, "cards": cards}
                    )
            penalties: list[dict[str, Any]] = []
            for kind, field in zip(self.ruleset.penalty_list, (f for _, _, f in side.penalties), strict=True):
                times = field.data or 0
                entry = {"points": kind.points, "reason": translate(kind.reason), "key": kind.key}
                if times > 0:
                    penalties.extend([entry] * times)
                elif times < 0:  # passed on as a negative penalty so the engine names it (negative_count)
                    penalties.append({**entry, "points": -kind.points})
            if side.custom_points.data:
                penalties.append({"points": side.custom_points.data, "reason": (side.custom_reason.data or "").strip()})
            for j, _ in enumerate(penalties):
                where[(side.index, f"penalties[{j}]")] = f"{p}penalties"
            for key, field in side.held:
                where[(side.index, f"hand.{key}")] = field.name
            for k, (_, fields) in enumerate(side.held_by_player):
                for key, field in fields:
                    where[(side.index, f"hands[{k}].{key}")] = field.name
            by_player = [{key: field.data for key, field in fields if field.data} for _, fields in side.held_by_player]
            held = pooled_hand([{key: field.data for key, field in side.held if field.data}, *by_player])
            if side.black_threes is not None:
                where[(side.index, "black_threes")] = side.black_threes.name
            for points, field in side.by_value:
                where[(side.index, f"hand_by_value.{points}")] = field.name
            where[(side.index, "hand")] = f"{p}held"
            if side.red_threes is not None:
                where[(side.index, "red_threes")] = side.red_threes.name
            for name, field in side.quick.items():
                where[(side.index, QUICK_FIELDS[name])] = field.name
            where[(side.index, "canastas")] = f"{p}q_natural"
            where[(side.index, "four_black_threes")] = f"{p}q_black3"
            family = (
                family_form.side_record(
                    side,
                    melds,
                    where,
                    twos,
                    went_out=out_side == side.index,
                    closing="no_discard" if how == family_form.NO_DISCARD else "discard",
                )
                if self.family
                else {}
            )
            record["sides"].append(
                {
                    **SIDE_DEFAULTS,
                    "quick": side.mode.data == "quick",
                    "red_threes": (side.red_threes.data or 0) if side.red_threes is not None else 0,
                    "went_out": out_side == side.index,
                    "concealed": out_side == side.index and concealed,
                    "special_hand": special if out_side == side.index else "",
                    "melds": [] if self.family else melds,
                    "cards_held": held,
                    "cards_held_by_player": by_player or None,
                    "black_threes": (side.black_threes.data or 0) if side.black_threes is not None else 0,
                    "cards_held_by_value": {str(points): field.data for points, field in side.by_value if field.data},
                    "penalties": penalties,
                    "meld_points": side.quick["meld_points"].data or 0,
                    "canastas_natural": side.quick["natural"].data or 0,
                    "canastas_mixed": side.quick["mixed"].data or 0,
                    "canastas_wild": side.quick["wild"].data or 0,
                    "canastas_samba": side.quick["samba"].data or 0,
                    "hand_points": side.quick["hand_points"].data or 0,
                    "four_black_threes": side.mode.data == "quick"
                    and bool(side.four_black_threes and side.four_black_threes.data),
                    **family,
                }
            )
        if "partners" in self and self["partners"].data:
            first, second = (int(x) for x in self["partners"].data.split("-"))
            record["partners"] = [first, second]
        record.update(family_form.hand_end(self))
        return record, where

    def load_record(self, record: Record) -> None:
        """Fill the form from a stored record (to edit a hand, or to show one back)."""
        for i, side in enumerate(record["sides"]):
            p = f"s{i}_"
            side = {**SIDE_DEFAULTS, **side}
            self[f"{p}mode"].data = "quick" if side["quick"] else "detailed"
            if self.family:
                family_form.load_side(self, i, side, self.ruleset)
            else:
                self[f"{p}red3"].data = side["red_threes"]
            extra = sequences = 0
            for meld in side["melds"]:
                if meld["rank"] == SEQUENCE_RANK:
                    if sequences < sequence_rows(self.ruleset) and meld.get("cards"):
                        self[f"{p}sq{sequences}_low"].data = meld["cards"][0]
                        self[f"{p}sq{sequences}_high"].data = meld["cards"][-1]
                        sequences += 1
                    continue
                name = f"{p}m_{meld['rank']}"
                if f"{name}_n" not in self or any(self[f"{name}_{k}"].data for k, _ in MELD_PARTS):
                    if extra >= extra_meld_rows(self.ruleset):
                        continue
                    name = f"{p}x{extra}"
                    self[f"{name}_rank"].data = meld["rank"]
                    extra += 1
                for key, part in MELD_PARTS:
                    self[f"{name}_{key}"].data = meld[part]
            if side["cards_held_by_player"] and f"{p}h0_A" in self:
                for k, cards in enumerate(side["cards_held_by_player"]):
                    for key, count in cards.items():
                        if f"{p}h{k}_{key}" in self:
                            self[f"{p}h{k}_{key}"].data = count
            else:
                for key, count in side["cards_held"].items():
                    name = f"{p}h_{FAMILY_THREE if self.family and key in ('3R', '3B') else key}"
                    if name in self:  # the family's threes are plain threes; its cards written one by one add in
                        self[name].data = (self[name].data or 0) + count
            if f"{p}black3" in self:
                self[f"{p}black3"].data = side["black_threes"]
            for points, count in side["cards_held_by_value"].items():
                self[f"{p}v_{points}"].data = count
            listed = {kind.key: kind for kind in self.ruleset.penalty_list}
            for penalty in side["penalties"]:
                kind = listed.get(penalty.get("key", ""))
                if kind is not None and kind.points == penalty["points"]:
                    field = self[f"{p}p_{kind.key}"]
                    field.data = (field.data or 0) + 1
                else:
                    self[f"{p}pc_points"].data = (self[f"{p}pc_points"].data or 0) + penalty["points"]
                    self[f"{p}pc_reason"].data = penalty.get("reason", "")
            for name, column in QUICK_FIELDS.items():
                self[f"{p}q_{name}"].data = side[QUICK_COLUMNS[column]]
            if f"{p}q_black3" in self:
                self[f"{p}q_black3"].data = bool(side["four_black_threes"])
            if side["went_out"]:
                special = side.get("special_hand") or ""
                no_discard = family_form.NO_DISCARD if side.get("closing") == "no_discard" else ""
                self.out.data = f"{i}:{special}" if special else (f"{i}c" if side["concealed"] else f"{i}{no_discard}")
        if record.get("partners") and "partners" in self:
            self["partners"].data = "-".join(str(x) for x in sorted(record["partners"]))
        family_form.load_hand(self, record)


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


def _parse_out(value: str | None) -> tuple[int | None, str, str]:
    """Who went out: the side, how ("c" concealed; "n" without a discard, in the family's games; "" plain),
    and the special hand if any ("2", "2c", "2n", "2:pairs")."""
    if not value:
        return None, "", ""
    side, _, special = value.partition(":")
    digits = side.rstrip("cn")
    return int(digits), side[len(digits) :], special


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
