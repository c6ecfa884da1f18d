"""The hand form's record for the Canasta family's club games (Burraco, Buraco, Burako): a side's runs written as
their cards, its sets, its packet, how it went out and the card it discarded, the stock running out; and the form
filled back from a record. The server's form and the phone's read it alike (form_record.py); the shape checks and
the fields themselves are the server's form's (web/table/hand_form/family.py).

A run is entered as its suit, its lowest and highest card and the rank its wild card stands for; the record holds
its cards low to high (suit H, 3 to 9, a joker for the 6: 3H 4H 5H JK 7H 8H 9H), as the engine takes them."""

from __future__ import annotations

from typing import Any

from ..engine.errors import RuleViolations
from ..engine.family.cards import HIGH_ACE_PLACE, LOW_ACE_PLACE, place_rank
from ..engine.family.melds import FamilyMeldKind, meld_of
from ..engine.family_parameters import JOKER, TWO
from ..engine.records import STOCK_OUT, Record
from ..engine.rulesets import RuleSet
from .layout import HIGH_ACE, SideFields, WildTwos, run_rows

#: The end of an ``out`` value naming a side that went out without a discard ("1n"), as "1c" is concealed.
NO_DISCARD = "n"


def side_record(
    side: SideFields,
    melds: list[dict[str, Any]],
    where: dict[tuple[int, str], str],
    twos: WildTwos,
    *,
    went_out: bool,
    closing: str,
) -> dict[str, Any]:
    """The family's fields of a side's record: its sets (``melds``, by rank) and runs as its card melds, its
    packet, how it went out and the card it discarded."""
    card_melds: list[dict[str, Any]] = []
    for meld in melds:
        naturals = 0 if meld["rank"] == "WILD" else meld["naturals"]
        card_melds.append({"rank": meld["rank"], "naturals": naturals, "jokers": meld["jokers"], "twos": meld["twos"]})
    for run in side.runs:
        cards = run.cards(twos)
        if cards:
            where[(side.index, f"melds[{len(card_melds)}]")] = run.prefix
            where[(side.index, f"melds[{len(card_melds)}].claim")] = run.prefix
            card_melds.append({"cards": cards})
    assert side.packet is not None
    assert side.closing_discard is not None
    where[(side.index, "packet")] = side.packet.name
    where[(side.index, "closing_discard")] = side.closing_discard.name
    return {
        "card_melds": card_melds or None,
        "packet": side.packet.data or "",
        "closing": closing if went_out else "",
        "closing_discard": (side.closing_discard.data or "").strip().upper(),
        "canastas_semi": side.quick["semi"].data or 0,
        "canastas_ace_to_king": side.quick["ace_to_king"].data or 0,
        "canastas_ace_to_ace": side.quick["ace_to_ace"].data or 0,
    }


def wild_twos(sides: list[SideFields]) -> WildTwos:
    """The suits of the runs' wild twos, spread over the twos the runs of every side do not hold naturally."""
    twos = WildTwos()
    for side in sides:
        for run in side.runs:
            twos.used.update(card[len(TWO) :] for card in run.natural_twos())
    return twos


def load_side(form: Any, i: int, side: dict[str, Any], ruleset: RuleSet) -> None:
    """Fill side ``i``'s family fields from its record: sets into their rank rows, runs into run rows."""
    assert ruleset.family_melds is not None
    p = f"s{i}_"
    form[f"{p}packet"].data = side["packet"] or ""
    form[f"{p}discard"].data = side["closing_discard"] or ""
    for card in side["held_cards"] or ():  # cards written one by one (the API's way) count by rank here
        key = "JOKER" if card.upper() == JOKER else card.upper()[:-1]
        if f"{p}h_{key}" in form:
            form[f"{p}h_{key}"].data = (form[f"{p}h_{key}"].data or 0) + 1
    runs = 0
    for kept in side["card_melds"] or ():
        if not kept.get("cards"):
            _load_set(form, p, kept, extra_rows=_count_extra(form, p))
            continue
        try:
            meld = meld_of(kept["cards"], ruleset.family_melds)
        except RuleViolations:
            continue
        if meld.kind is FamilyMeldKind.RUN and runs < run_rows(ruleset):
            _load_run(form, f"{p}r{runs}", meld.cards, meld.places, meld.suit or "")
            runs += 1
        elif meld.kind is not FamilyMeldKind.RUN:
            jokers = sum(card.upper() == JOKER for card in meld.cards)
            twos = sum(card.upper().startswith(TWO) for card in meld.cards)
            by_rank = {
                "rank": meld.rank or "WILD",
                "naturals": len(meld.cards) - jokers - twos,
                "jokers": jokers,
                "twos": twos,
            }
            _load_set(form, p, by_rank, extra_rows=_count_extra(form, p))


def _count_extra(form: Any, p: str) -> int:
    return sum(1 for name in form._fields if name.startswith(f"{p}x") and name.endswith("_rank"))


def _load_set(form: Any, p: str, kept: dict[str, Any], *, extra_rows: int) -> None:
    rank = str(kept.get("rank", "")).upper()
    parts = (("n", "naturals"), ("j", "jokers"), ("t", "twos"))
    name = f"{p}m_{rank}"
    if f"{name}_n" not in form or any(form[f"{name}_{key}"].data for key, _ in parts):
        free = [r for r in range(extra_rows) if not form[f"{p}x{r}_rank"].data]
        if not free:
            return
        name = f"{p}x{free[0]}"
        form[f"{name}_rank"].data = rank
    for key, part in parts:
        if f"{name}_{key}" in form:
            form[f"{name}_{key}"].data = int(kept.get(part, 0) or 0)


def _load_run(form: Any, prefix: str, cards: tuple[str, ...], places: tuple[int, ...], suit: str) -> None:
    form[f"{prefix}_suit"].data = suit
    form[f"{prefix}_low"].data = place_rank(places[0])
    form[f"{prefix}_high"].data = place_rank(places[-1])
    for card, place in zip(cards, places, strict=True):
        rank = place_rank(place)
        if card != f"{rank}{suit}":
            ace_to_ace = place == HIGH_ACE_PLACE and places[0] == LOW_ACE_PLACE
            form[f"{prefix}_at"].data = HIGH_ACE if ace_to_ace else rank
            if f"{prefix}_wild" in form:
                form[f"{prefix}_wild"].data = JOKER if card == JOKER else TWO


def load_hand(form: Any, record: Record) -> None:
    """The hand's own family field from its record: the stock ran out."""
    if "stock_out" in form:
        form["stock_out"].data = record.get("end") == STOCK_OUT


def hand_end(form: Any) -> dict[str, str]:
    """The record's end, when the stock ran out (empty otherwise)."""
    return {"end": STOCK_OUT} if "stock_out" in form and form["stock_out"].data else {}


def half_of(record: Record, side: int) -> dict[str, Any]:
    """Side ``side``'s half of a record as the halves keep it: its side, saying the stock ran out if it did."""
    return {**record["sides"][side], **({"end": record["end"]} if record.get("end") else {})}
