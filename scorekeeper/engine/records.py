"""The hand record: one JSON-ready shape for what a table says about a hand, and the engine's values it stands for.

Forms, the game API, the edit log, conflict pages and the phone's offline sheet all speak it; ``to_entries`` turns
it into engine values. A record is ``{"partners": [i, j] | None, "sides": [side, ...]}`` where each side holds the
fields of ``SIDE_DEFAULTS`` (and ``"end": "stock_out"`` when the stock ran out).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .entries import CanastaCount, CardMeld, Meld, Penalty, QuickEntry, SideEntry

SIDE_DEFAULTS: dict[str, Any] = {
    "quick": False,
    "red_threes": 0,
    "went_out": False,
    "concealed": False,
    "melds": [],
    "cards_held": {},
    "cards_held_by_value": {},
    "penalties": [],
    "meld_points": 0,
    "canastas_natural": 0,
    "canastas_mixed": 0,
    "canastas_wild": 0,
    "canastas_samba": 0,  # quick entry: sambas (Samba)
    "hand_points": 0,
    "four_black_threes": False,  # quick entry: four black threes melded by the side going out
    "black_threes": 0,  # Modern American: black threes laid out as bonus cards
    "cards_held_by_player": None,  # Modern American: each player's cards (cards_held is their sum)
    "special_hand": "",  # Modern American: the special hand the side went out with
    # The Canasta family (Burraco, Buraco, Burako): melds as cards ({"cards": [...], "claim": ...}) or sets by
    # rank ({"rank", "naturals", "jokers", "twos", "claim"}), cards held as cards, the packet, how the side
    # went out and its closing discard, quick entry's further canasta kinds
    "card_melds": None,
    "held_cards": None,
    "packet": "",
    "closing": "",
    "closing_discard": "",
    "canastas_semi": 0,
    "canastas_ace_to_king": 0,
    "canastas_ace_to_ace": 0,
}

#: How a hand ended, where it changes a score (the record's "end"; "" for an ordinary end).
STOCK_OUT = "stock_out"

Record = dict[str, Any]


def to_entries(record: Record, names: Sequence[str], totals_before: Sequence[int]) -> list[SideEntry]:
    """The engine's entries for a record, given each side's name and total before the hand."""
    entries = []
    for side, name, total in zip(record["sides"], names, totals_before, strict=True):
        side = {**SIDE_DEFAULTS, **side}
        penalties = tuple(Penalty(int(p["points"]), str(p.get("reason", ""))) for p in side["penalties"])
        quick = None
        melds: tuple[Meld, ...] = ()
        if side["quick"]:
            quick = QuickEntry(
                meld_points=side["meld_points"],
                canastas=CanastaCount(
                    side["canastas_natural"],
                    side["canastas_mixed"],
                    side["canastas_wild"],
                    side["canastas_samba"],
                    side["canastas_semi"],
                    side["canastas_ace_to_king"],
                    side["canastas_ace_to_ace"],
                ),
                hand_points=side["hand_points"],
                four_black_threes=bool(side["four_black_threes"]),
            )
        else:
            melds = tuple(
                Meld(m["rank"], m["naturals"], m["jokers"], m["twos"], tuple(m.get("cards", ()))) for m in side["melds"]
            )
        entries.append(
            SideEntry(
                name=name,
                total_before=total,
                melds=melds,
                red_threes=side["red_threes"],
                went_out=side["went_out"],
                concealed=side["concealed"],
                hand={} if quick else dict(side["cards_held"]),
                hands=() if quick else tuple(dict(held) for held in side["cards_held_by_player"] or ()),
                black_threes=side["black_threes"],
                special_hand=side["special_hand"] or "",
                hand_by_value={} if quick else {int(k): v for k, v in side["cards_held_by_value"].items()},
                penalties=penalties,
                quick=quick,
                card_melds=() if quick else tuple(card_meld(m) for m in side["card_melds"] or ()),
                held_cards=() if quick else tuple(side["held_cards"] or ()),
                packet=side["packet"],
                closing=side["closing"],
                closing_discard=side["closing_discard"],
            )
        )
    return entries


def card_meld(kept: dict[str, Any]) -> CardMeld:
    """A family meld as a record keeps it: its cards, or a set by rank and counts; and its claim."""
    return CardMeld(
        cards=tuple(kept.get("cards", ())),
        rank=kept.get("rank", ""),
        naturals=kept.get("naturals", 0),
        jokers=kept.get("jokers", 0),
        twos=kept.get("twos", 0),
        claim=kept.get("claim", ""),
    )


def card_meld_record(meld: CardMeld) -> dict[str, Any]:
    """A family meld as a record keeps it (and the API gives it): its cards or its rank and counts, and
    its claim when the table wrote one."""
    kept: dict[str, Any] = (
        {"cards": list(meld.cards)}
        if meld.cards
        else {"rank": meld.rank, "naturals": meld.naturals, "jokers": meld.jokers, "twos": meld.twos}
    )
    if meld.claim:
        kept["claim"] = meld.claim
    return kept


def ended_on_stock(record: Record) -> bool:
    """Whether the record's hand ended because the stock ran out."""
    return record.get("end") == STOCK_OUT


def partners_of(record: Record) -> tuple[int, int] | None:
    """The cutthroat partners of a record, as the engine takes them."""
    partners = record.get("partners")
    return (int(partners[0]), int(partners[1])) if partners else None


def side_from_entry(entry: SideEntry) -> dict[str, Any]:
    """A record side from an entry in the scoring API's format (as the game API takes hands)."""
    side = dict(SIDE_DEFAULTS)
    side.update(
        red_threes=entry.red_threes,
        went_out=entry.went_out,
        concealed=entry.concealed,
        penalties=[{"points": p.points, "reason": p.reason} for p in entry.penalties],
        black_threes=entry.black_threes,
        special_hand=entry.special_hand,
        cards_held_by_player=[dict(held) for held in entry.hands] or None,
        packet=entry.packet,
        closing=entry.closing,
        closing_discard=entry.closing_discard,
    )
    if entry.quick is not None:
        side.update(
            quick=True,
            meld_points=entry.quick.meld_points,
            canastas_natural=entry.quick.canastas.natural,
            canastas_mixed=entry.quick.canastas.mixed,
            canastas_wild=entry.quick.canastas.wild,
            canastas_samba=entry.quick.canastas.samba,
            hand_points=entry.quick.hand_points,
            four_black_threes=entry.quick.four_black_threes,
            canastas_semi=entry.quick.canastas.semi,
            canastas_ace_to_king=entry.quick.canastas.ace_to_king,
            canastas_ace_to_ace=entry.quick.canastas.ace_to_ace,
        )
    else:
        side.update(
            melds=[meld_record(m) for m in entry.melds],
            cards_held=dict(entry.hand),
            cards_held_by_value={str(points): count for points, count in entry.hand_by_value.items()},
            card_melds=[card_meld_record(m) for m in entry.card_melds] or None,
            held_cards=list(entry.held_cards) or None,
        )
    return side


def meld_record(meld: Meld) -> dict[str, Any]:
    """A meld as a record keeps it (and the API gives it): a sequence also lists its cards."""
    kept: dict[str, Any] = {"rank": meld.rank, "naturals": meld.naturals, "jokers": meld.jokers, "twos": meld.twos}
    if meld.is_sequence:
        kept["cards"] = list(meld.cards)
    return kept


def entry_json(side: dict[str, Any]) -> dict[str, Any]:
    """A record side in the scoring API's format (what the game API returns)."""
    side = {**SIDE_DEFAULTS, **side}
    if side["packet"]:
        return family_entry_json(side)
    common = (
        ({"black_threes": side["black_threes"]} if side["black_threes"] else {})
        | ({"special_hand": side["special_hand"]} if side["special_hand"] else {})
    ) | {
        "red_threes": side["red_threes"],
        "went_out": side["went_out"],
        "concealed": side["concealed"],
        "penalties": [{"points": p["points"], "reason": p.get("reason", "")} for p in side["penalties"]],
    }
    if side["quick"]:
        return (
            common
            | {
                "meld_points": side["meld_points"],
                "canastas": {
                    "natural": side["canastas_natural"],
                    "mixed": side["canastas_mixed"],
                    "wild": side["canastas_wild"],
                }
                | ({"samba": side["canastas_samba"]} if side["canastas_samba"] else {}),
                "hand_points": side["hand_points"],
            }
            | ({"four_black_threes": True} if side["four_black_threes"] else {})
        )
    by_player = side["cards_held_by_player"]
    held: dict[str, Any] = (
        {"hands": [dict(cards) for cards in by_player]} if by_player else {"hand": dict(side["cards_held"])}
    )
    detailed = common | {"melds": list(side["melds"])} | held
    if side["cards_held_by_value"]:
        detailed["hand_by_value"] = dict(side["cards_held_by_value"])
    return detailed


def family_entry_json(side: dict[str, Any]) -> dict[str, Any]:
    """A record side of the family's games (Burraco, Buraco, Burako) in the scoring API's format: the melds as
    kept (cards, or a set by rank), how the side went out, its packet, its closing discard when written."""
    kept: dict[str, Any] = {
        "went_out": (side["closing"] or "discard") if side["went_out"] else False,
        "packet": side["packet"],
        "penalties": [{"points": p["points"], "reason": p.get("reason", "")} for p in side["penalties"]],
    }
    if side["closing_discard"]:
        kept["closing_discard"] = side["closing_discard"]
    if side["quick"]:
        return kept | {
            "meld_points": side["meld_points"],
            "canastas": {
                "clean": side["canastas_natural"],
                "dirty": side["canastas_mixed"],
                "semi": side["canastas_semi"],
                "ace_to_king": side["canastas_ace_to_king"],
                "ace_to_ace": side["canastas_ace_to_ace"],
                "wild": side["canastas_wild"],
            },
            "hand_points": side["hand_points"],
        }
    held: list[str] | dict[str, int] = list(side["held_cards"] or ()) or dict(side["cards_held"])
    return kept | {"melds": list(side["card_melds"] or ()), "hand": held}
