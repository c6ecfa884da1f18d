"""The hand form as the phone reads it with no connection: the values its page holds, by name, typed as the
server's form types them (a count a whole number, a box left empty nothing, a ticked box true), so that the same
``form_record`` makes the same record of them and ``fill_form`` fills them back for a fix.

Its fields are the server's form's, name for name (``hand_form`` in web/table/hand_form/form.py makes them with
their labels and checks; a test holds both to the same names for every rule set and table)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.entries import POINT_CLASSES
from ..engine.records import Record
from ..engine.rulesets import RuleSet
from .form_record import Where, fill_form, form_record
from .layout import (
    MELD_PARTS,
    QUICK_FIELDS,
    SideFields,
    extra_meld_rows,
    held_keys,
    is_family,
    meld_ranks,
    run_rows,
    sequence_rows,
    side_fields,
)

#: The largest number a count box takes (the server's form says so with a sentence: ``shapes.limits.LARGEST``).
LARGEST = 1_000_000
#: What the server's form says of a count box holding no whole number, or too large a one.
WHOLE_NUMBER = "Type a whole number."
TOO_LARGE = "At most %(largest)s here: no card table needs more."
#: A field's kind: how its value is typed.
COUNT, CHOICE, TICK = "count", "choice", "tick"


@dataclass
class PlainField:
    """One box of the form: its name, its value typed, and what is wrong with it (the key of a sentence)."""

    name: str
    data: Any = None
    errors: list[str] = field(default_factory=list)  # the sentences of the server's form, in English


def field_kinds(ruleset: RuleSet, sides: int, players: Sequence[Sequence[str]]) -> list[tuple[str, str]]:
    """Every field of the hand form for ``ruleset`` and ``sides`` (``players``: each side's, where each one's
    cards are counted apart), with its kind."""
    kinds: list[tuple[str, str]] = [("out", CHOICE)]
    family = is_family(ruleset)
    for i in range(sides):
        p = f"s{i}_"
        kinds.append((f"{p}mode", CHOICE))
        if family:
            assert ruleset.family_melds is not None
            for r in range(run_rows(ruleset)):
                kinds += [(f"{p}r{r}_{part}", CHOICE) for part in ("suit", "low", "high", "at")]
                if ruleset.family_melds.jokers:
                    kinds.append((f"{p}r{r}_wild", CHOICE))
            kinds += [(f"{p}packet", CHOICE), (f"{p}discard", CHOICE)]
        else:
            kinds.append((f"{p}red3", COUNT))
        kinds += [(f"{p}m_{rank}_{key}", COUNT) for rank in meld_ranks(ruleset) for key, _ in MELD_PARTS]
        for r in range(extra_meld_rows(ruleset)):
            kinds.append((f"{p}x{r}_rank", CHOICE))
            kinds += [(f"{p}x{r}_{key}", COUNT) for key, _ in MELD_PARTS]
        for r in range(sequence_rows(ruleset)):
            kinds += [(f"{p}sq{r}_low", CHOICE), (f"{p}sq{r}_high", CHOICE)]
        kinds += [(f"{p}h_{key}", COUNT) for key in held_keys(ruleset)]
        if ruleset.mac_scoring:
            seated = players[i] if i < len(players) else ()
            kinds += [(f"{p}h{k}_{key}", COUNT) for k, _ in enumerate(seated) for key in held_keys(ruleset)]
            kinds.append((f"{p}black3", COUNT))
        kinds += [(f"{p}v_{points}", COUNT) for points in (() if family else POINT_CLASSES)]
        kinds += [(f"{p}p_{kind.key}", COUNT) for kind in ruleset.penalty_list]
        kinds += [(f"{p}pc_points", COUNT), (f"{p}pc_reason", CHOICE)]
        kinds += [(f"{p}q_{name}", COUNT) for name in QUICK_FIELDS]
        if ruleset.black_three_four_bonus:
            kinds.append((f"{p}q_black3", TICK))
    if ruleset.cutthroat:
        kinds.append(("partners", CHOICE))
    if family:
        kinds.append(("stock_out", TICK))
    return kinds


class PlainForm:
    """The hand form's values as a page holds them (name and text, as a form sends them), read as the server's
    form reads them."""

    def __init__(
        self,
        ruleset: RuleSet,
        side_names: Sequence[str],
        players: Sequence[Sequence[str]] = (),
        values: Iterable[tuple[str, str]] = (),
    ) -> None:
        self.ruleset = ruleset
        self.side_names = tuple(side_names)
        self.players = tuple(tuple(seated) for seated in players) or tuple((name,) for name in side_names)
        sent: dict[str, str] = {}
        for name, value in values:
            sent.setdefault(name, value)
        self._fields: dict[str, PlainField] = {}
        for name, kind in field_kinds(ruleset, len(self.side_names), self.players):
            self._fields[name] = _typed(name, kind, sent.get(name))
        self.out = self._fields["out"]

    def __getitem__(self, name: str) -> PlainField:
        return self._fields[name]

    def __contains__(self, name: object) -> bool:
        return name in self._fields

    @property
    def family(self) -> bool:
        """Whether the game is one of the Canasta family's club games."""
        return is_family(self.ruleset)

    def sides(self) -> list[SideFields]:
        """Every side's fields, grouped as the record reads them."""
        return [
            side_fields(self._fields, self.ruleset, i, name, self.players[i]) for i, name in enumerate(self.side_names)
        ]

    def problems(self) -> list[tuple[str, str]]:
        """Each box whose value is not what its kind takes (a count that is no whole number), with the sentence
        the server's form says of it (English, to translate)."""
        return [(name, error) for name, box in self._fields.items() for error in box.errors]

    def is_blank(self) -> bool:
        """Whether nothing at all was typed (the server's form saves nothing then)."""
        return not any(box.data for name, box in self._fields.items() if not name.endswith("mode"))

    def to_record(self, translate: Any) -> tuple[Record, Where]:
        """The record the values describe (``translate``: the reader's words for a penalty's reason)."""
        return form_record(self, translate)

    def load_record(self, record: Record) -> None:
        """Fill the values from a stored record (a hand fixed with no connection)."""
        fill_form(self, record)

    def values(self) -> list[tuple[str, str]]:
        """The values as a page holds them (what a form sends), for the phone to put in its boxes."""
        shown: list[tuple[str, str]] = []
        for name, box in self._fields.items():
            if box.data is None or box.data is False or box.data == "" or box.data == 0:
                continue
            shown.append((name, "y" if box.data is True else str(box.data)))
        return shown


def _typed(name: str, kind: str, text: str | None) -> PlainField:
    """A box's value as the server's form types it."""
    if kind == TICK:
        return PlainField(name, text is not None and text not in ("", "false", "off"))
    if kind == CHOICE:
        return PlainField(name, text or "")
    typed = (text or "").strip()
    if not typed:
        return PlainField(name, 0)
    try:
        number = int(typed)
    except ValueError:
        return PlainField(name, None, [WHOLE_NUMBER])
    if abs(number) > LARGEST:
        return PlainField(name, None, [TOO_LARGE])
    return PlainField(name, number)
