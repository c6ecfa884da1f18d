"""A hand form and the record it stands for: the record a filled form describes, with where each of the record's
fields was typed (so that the engine's refusals go under their boxes), and a form filled from a stored record
to be fixed. The form is the server's ``HandForm`` (web/table/hand_form/form.py) or the phone's ``PlainForm``
(plain_form.py), taken as its fields by name, as family_record.py does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.cards import SEQUENCE_RANK
from ..engine.entries import FAMILY_THREE, pooled_hand
from ..engine.records import SIDE_DEFAULTS, Record
from . import family_record as family_form
from .layout import MELD_PARTS, QUICK_COLUMNS, QUICK_FIELDS, SideFields, extra_meld_rows, sequence_rows

#: Where each field of the record was typed: (side, the record's field as the engine names it) to the input's name.
Where = dict[tuple[int, str], str]


def parse_out(value: str | None) -> tuple[int | None, str, str]:
    """Who went out: the side, how ("c" concealed; "n" without a discard, in the family's games; "" plain),
    and the special hand if any ("2", "2c", "2n", "2:pairs")."""
    if not value:
        return None, "", ""
    side, _, special = value.partition(":")
    digits = side.rstrip("cn")
    return int(digits), side[len(digits) :], special


def form_record(form: Any, translate: Callable[[str], str]) -> tuple[Record, Where]:
    """The record the form describes, and where each record field's input is (for errors); ``translate`` writes a
    listed penalty's reason in the reader's language, as the record keeps it."""
    record: Record = {"partners": None, "sides": []}
    where: Where = {}
    out_side, how, special = parse_out(form.out.data)
    sides = form.sides()
    twos = family_form.wild_twos(sides)
    for side in sides:
        p = f"s{side.index}_"
        went_out = out_side == side.index
        melds = _melds(side, where)
        penalties = _penalties(form, side, where, translate)
        by_player = [{key: field.data for key, field in fields if field.data} for _, fields in side.held_by_player]
        held = pooled_hand([{key: field.data for key, field in side.held if field.data}, *by_player])
        _note_held_and_quick(side, where)
        family = (
            family_form.side_record(
                side,
                melds,
                where,
                twos,
                went_out=went_out,
                closing="no_discard" if how == family_form.NO_DISCARD else "discard",
            )
            if form.family
            else {}
        )
        record["sides"].append(
            {
                **SIDE_DEFAULTS,
                "quick": side.mode.data == "quick",
                "red_threes": (side.red_threes.data or 0) if side.red_threes is not None else 0,
                "went_out": went_out,
                "concealed": went_out and how == "c",
                "special_hand": special if went_out else "",
                "melds": [] if form.family else melds,
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
        where[(side.index, "hand")] = f"{p}held"
    if "partners" in form and form["partners"].data:
        first, second = (int(x) for x in form["partners"].data.split("-"))
        record["partners"] = [first, second]
    record.update(family_form.hand_end(form))
    return record, where


def _melds(side: SideFields, where: Where) -> list[dict[str, Any]]:
    """A side's melds by rank (each row with counts and a rank), then its sequences (Samba) as their cards."""
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
            melds.append({"rank": SEQUENCE_RANK, "naturals": len(cards), "jokers": 0, "twos": 0, "cards": cards})
    return melds


def _penalties(form: Any, side: SideFields, where: Where, translate: Callable[[str], str]) -> list[dict[str, Any]]:
    """A side's penalties: each of the rule set's listed ones as many times as typed, then its own."""
    penalties: list[dict[str, Any]] = []
    for kind, field in zip(form.ruleset.penalty_list, (f for _, _, f in side.penalties), strict=True):
        times = field.data or 0
        entry = {"points": kind.points, "reason": translate(kind.reason), "key": kind.key}
        if times > 0:
            penalties.extend([entry] * times)
        elif times < 0:  # passed on as a negative penalty so the engine names it (negative_count)
            penalties.append({**entry, "points": -kind.points})
    if side.custom_points.data:
        penalties.append({"points": side.custom_points.data, "reason": (side.custom_reason.data or "").strip()})
    for j, _ in enumerate(penalties):
        where[(side.index, f"penalties[{j}]")] = f"s{side.index}_penalties"
    return penalties


def _note_held_and_quick(side: SideFields, where: Where) -> None:
    """Where a side's cards held, red and black threes and paper-sheet totals were typed."""
    p = f"s{side.index}_"
    for key, field in side.held:
        where[(side.index, f"hand.{key}")] = field.name
    for k, (_, fields) in enumerate(side.held_by_player):
        for key, field in fields:
            where[(side.index, f"hands[{k}].{key}")] = field.name
    if side.black_threes is not None:
        where[(side.index, "black_threes")] = side.black_threes.name
    for points, field in side.by_value:
        where[(side.index, f"hand_by_value.{points}")] = field.name
    if side.red_threes is not None:
        where[(side.index, "red_threes")] = side.red_threes.name
    for name, field in side.quick.items():
        where[(side.index, QUICK_FIELDS[name])] = field.name
    where[(side.index, "canastas")] = f"{p}q_natural"
    where[(side.index, "four_black_threes")] = f"{p}q_black3"


def fill_form(form: Any, record: Record) -> None:
    """Fill the form from a stored record (to edit a hand, or to show one back)."""
    for i, side in enumerate(record["sides"]):
        p = f"s{i}_"
        side = {**SIDE_DEFAULTS, **side}
        form[f"{p}mode"].data = "quick" if side["quick"] else "detailed"
        if form.family:
            family_form.load_side(form, i, side, form.ruleset)
        else:
            form[f"{p}red3"].data = side["red_threes"]
        _fill_melds(form, p, side["melds"])
        _fill_held(form, p, side)
        _fill_penalties(form, p, side["penalties"])
        for name, column in QUICK_FIELDS.items():
            form[f"{p}q_{name}"].data = side[QUICK_COLUMNS[column]]
        if f"{p}q_black3" in form:
            form[f"{p}q_black3"].data = bool(side["four_black_threes"])
        if side["went_out"]:
            special = side.get("special_hand") or ""
            no_discard = family_form.NO_DISCARD if side.get("closing") == "no_discard" else ""
            form.out.data = f"{i}:{special}" if special else (f"{i}c" if side["concealed"] else f"{i}{no_discard}")
    if record.get("partners") and "partners" in form:
        form["partners"].data = "-".join(str(x) for x in sorted(record["partners"]))
    family_form.load_hand(form, record)


def _fill_melds(form: Any, p: str, melds: list[dict[str, Any]]) -> None:
    """Melds into their rank's row (a second meld of a rank, or a rank without a row, into an extra row), and
    sequences into sequence rows, as far as the form has rows."""
    extra = sequences = 0
    for meld in melds:
        if meld["rank"] == SEQUENCE_RANK:
            if sequences < sequence_rows(form.ruleset) and meld.get("cards"):
                form[f"{p}sq{sequences}_low"].data = meld["cards"][0]
                form[f"{p}sq{sequences}_high"].data = meld["cards"][-1]
                sequences += 1
            continue
        name = f"{p}m_{meld['rank']}"
        if f"{name}_n" not in form or any(form[f"{name}_{k}"].data for k, _ in MELD_PARTS):
            if extra >= extra_meld_rows(form.ruleset):
                continue
            name = f"{p}x{extra}"
            form[f"{name}_rank"].data = meld["rank"]
            extra += 1
        for key, part in MELD_PARTS:
            form[f"{name}_{key}"].data = meld[part]


def _fill_held(form: Any, p: str, side: dict[str, Any]) -> None:
    """Cards held by rank (each player's apart where the form counts them so), black threes, cards by value."""
    if side["cards_held_by_player"] and f"{p}h0_A" in form:
        for k, cards in enumerate(side["cards_held_by_player"]):
            for key, count in cards.items():
                if f"{p}h{k}_{key}" in form:
                    form[f"{p}h{k}_{key}"].data = count
    else:
        for key, count in side["cards_held"].items():
            name = f"{p}h_{FAMILY_THREE if form.family and key in ('3R', '3B') else key}"
            if name in form:  # the family's threes are plain threes; its cards written one by one add in
                form[name].data = (form[name].data or 0) + count
    if f"{p}black3" in form:
        form[f"{p}black3"].data = side["black_threes"]
    for points, count in side["cards_held_by_value"].items():
        form[f"{p}v_{points}"].data = count


def _fill_penalties(form: Any, p: str, penalties: list[dict[str, Any]]) -> None:
    """The rule set's listed penalties counted in their boxes; any other into the side's own penalty."""
    listed = {kind.key: kind for kind in form.ruleset.penalty_list}
    for penalty in penalties:
        kind = listed.get(penalty.get("key", ""))
        if kind is not None and kind.points == penalty["points"]:
            field = form[f"{p}p_{kind.key}"]
            field.data = (field.data or 0) + 1
        else:
            form[f"{p}pc_points"].data = (form[f"{p}pc_points"].data or 0) + penalty["points"]
            form[f"{p}pc_reason"].data = penalty.get("reason", "")
