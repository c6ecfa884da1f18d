"""The rule sets side by side: one row per rule, each value with the source that gives it.

Source keys are those of rules/variants.md §1. A rule set's own source gives a value unless
listed here otherwise (a seed that is silent, or a rule set that inherits the classic rules).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import RULESETS, RuleSet, configure
from ..engine.family_parameters import FamilyHand, FamilyMelds
from ..engine.game import minimum_bands
from ..engine.i18n import N_
from ..engine.options import table_shapes
from ..engine.rulesets import MatchMode
from ..translation import _, ngettext, pgettext, translate, whole
from .content_family import card_value_line, jokers_in_packs
from .content_play import band_label
from .options import CHOICE_TEXT, SPECIAL_HAND_NAMES

#: Rows a rule set's own source decides; its other rows inherit the classic rules [P].
OWN_ROWS: dict[str, set[str]] = {
    "classic_2p": {"table", "deal", "canastas_to_go_out"},
    "classic_3p": {"table", "deal"},
    "classic_6p": {"table", "decks", "deal", "canastas_to_go_out", "red_threes", "minimum", "target"},
    "uruguayan": {"wild_meld", "pile"},
}


@dataclass(frozen=True)
class Noted:
    """A value's source keys with a note on what a seed says of it ("K19 (S000: no value)"), the note in the
    reader's language."""

    keys: str
    note: str  # an N_ sentence
    seed: str | None = None
    n: int | None = None

    def said(self) -> str:
        """The keys and the note, translated ("K19 (S000: sin valor)")."""
        note = _(self.note, n=self.n) if self.n is not None else _(self.note)
        return f"{self.keys} ({self.seed}: {note})" if self.seed else f"{self.keys} ({note})"


#: What a seed says where it gives no value of its own.
NO_VALUE = N_("no value")
LOST = N_("lost")
NOT_STATED = N_("not stated")

#: Values a seed does not give, taken from elsewhere (variants.md §2 and §4).
SOURCE_EXCEPTIONS: dict[tuple[str, str], str | Noted] = {
    ("es_online_15", "melds"): "S000 + K2",
    ("es_online_15", "target"): Noted("K19", NO_VALUE, "S000"),
    ("app_2p_11", "bonuses"): Noted("P", LOST, "S004"),
    ("app_2p_11", "going_out"): Noted("P", NOT_STATED, "S004"),
    ("app_2p_11", "black_threes"): Noted("P", NOT_STATED, "S004"),
    ("app_2p_11", "red_threes"): Noted("P", NOT_STATED, "S004"),  # red threes add points, but S004 gives no value (#14)
    ("us_partnership", "red_threes"): Noted("P", N_("%(n)s each"), "S003A", 100),
    # The family's games (rules/family.md §2 rows, §3 contradictions).
    ("burraco", "decks"): "EB1, FB",
    ("burraco", "card_values"): "EB1, EB737",
    ("burraco", "deal"): "CPO, EBCH",
    ("burraco", "packet"): "EB737, EB17 (I-K4)",
    ("burraco", "melds"): "EBM, EB9, EB10",
    ("burraco", "canastas_to_go_out"): "EBCH (I-K3), EB17, CPO (D27)",
    ("burraco", "wild_meld"): "EBM",
    ("burraco", "semi_clean"): "FB, EB737 (I-K1, I-K2)",
    ("burraco", "long_runs"): "EB737 (I-K6)",
    ("burraco", "going_out_discard"): "EB31",
    ("burraco", "stock_out"): "OMS (I-K5)",
    ("burraco", "target"): "EB2781",
    ("buraco", "decks"): "PTW, PJ (B-K1)",
    ("buraco", "card_values"): "GHV, PJ",
    ("buraco", "deal"): "BP, PJ",
    ("buraco", "packet"): "PLP",
    ("buraco", "melds"): "BP, JG, PJ (B-K2)",
    ("buraco", "canastas_to_go_out"): "PTW, JG, PJ (B-K4)",
    ("buraco", "wild_meld"): "PJ",
    ("buraco", "long_runs"): "LC, TM, JDR (B-K5)",
    ("buraco", "going_out_discard"): "PJ",
    ("buraco", "table_minus"): "PTW (B-K3)",
    ("buraco", "target"): "PTW (B-K6)",
    ("burako", "decks"): "BPLAY, MDZ",
    ("burako", "card_values"): "GHK (R-K4)",
    ("burako", "deal"): "BPLAY",
    ("burako", "packet"): "ACA3 (R-K1)",
    ("burako", "melds"): "ACA2, BPLAY",
    ("burako", "canastas_to_go_out"): "ACA3",
    ("burako", "wild_meld"): "ACA3 (R-K3)",
    ("burako", "going_out_discard"): Noted("D23", NOT_STATED),
    ("burako", "target"): "ACA3",
}


def source(ruleset_id: str, row: str) -> str:
    """The source key of a rule set's value for a row."""
    if row == "tie":
        return "K20"  # no Canasta source covers a tie at the top
    if (ruleset_id, row) in SOURCE_EXCEPTIONS:
        given = SOURCE_EXCEPTIONS[(ruleset_id, row)]
        return given.said() if isinstance(given, Noted) else given
    if ruleset_id in OWN_ROWS and row not in OWN_ROWS[ruleset_id]:
        return "P"
    return ", ".join(RULESETS[ruleset_id].sources[:2])


@dataclass(frozen=True)
class Row:
    """One rule compared across every rule set."""

    key: str
    label: str
    cells: list[tuple[str, str]]  # (value, source) per rule set


def _choice(value: object) -> str:
    return str(_(CHOICE_TEXT.get(str(value), str(value))))


def _table(rs: RuleSet) -> str:
    shapes = table_shapes(rs)
    return "; ".join(_("%(n)s alone", n=p) if p == s else _("%(n)s in %(k)s sides", n=p, k=s) for p, s in shapes)


def _melds(rs: RuleSet) -> str:
    wilds = (
        ngettext("max %(num)s wild", "max %(num)s wild", rs.max_wilds) if rs.max_wilds is not None else _("no wild cap")
    )
    extra = " · " + _("wild ≤ natural") if rs.wilds_le_naturals else ""
    if rs.sequences:
        extra += " · " + _("sequences (samba %(bonus)s)", bonus=rs.samba_bonus)
    return str(ngettext("min %(num)s natural", "min %(num)s natural", rs.min_naturals) + " · " + wilds + extra)


def _wild_meld(rs: RuleSet) -> str:
    wm = rs.wild_meld
    if wm is None:
        return pgettext("no canasta of this kind", "none")
    counts = _("counts to go out") if wm.counts_for_going_out else _("does not count to go out")
    described = _(
        "%(a)s-%(b)s wild cards, %(bonus)s, %(counts)s", a=wm.min_start, b=wm.max_size, bonus=wm.bonus, counts=counts
    )
    by_jokers = [
        str(_("with %(jokers)s jokers %(bonus)s", jokers=jokers, bonus=bonus))
        for jokers, bonus in sorted(rs.wild_canasta_bonus_by_jokers.items())
    ]
    return " · ".join([str(described), *by_jokers])


def _red_threes(rs: RuleSet) -> str:
    if rs.mac_scoring:
        by_colour = " / ".join(str(v) for v in rs.mac_threes_table)
        return str(_("by colour, red and black: %(values)s; by canastas", values=by_colour))
    table = rs.red3_table
    if len(table) == 1 and table[0] == rs.red3_per_extra:
        return str(_("%(n)s each", n=table[0]))
    return " / ".join(str(v) for v in table)


def _black_threes(rs: RuleSet) -> str:
    parts = [_("melded going out") if rs.black_three_meld else _("never melded")]
    if rs.black_three_four_bonus:
        parts.append(_("four melded +%(n)s", n=rs.black_three_four_bonus))
    if rs.four_black_threes_in_hand_penalty:
        parts.append(_("four in hand %(n)s", n=-rs.four_black_threes_in_hand_penalty))
    return " · ".join(parts)


def _special(rs: RuleSet) -> str:
    parts = [f"{n}: {bonus}" for n, bonus in sorted(rs.canasta_count_bonus.items())]
    parts += [_("%(rank)s canasta %(bonus)s", rank=rank, bonus=bonus) for rank, bonus in rs.rank_natural_bonus.items()]
    if rs.canasta_required_for_positive:
        parts.append(_("canastas required for a positive score"))
    parts += [
        _("%(hand)s %(points)s", hand=_(SPECIAL_HAND_NAMES[kind]), points=rs.special_hand_value(kind))
        for kind in rs.special_hands
    ]
    return " · ".join(parts) or pgettext("no value, no number", "none")


def _minimum(rs: RuleSet) -> str:
    if rs.min_by_round:
        return str(_("by hand: %(minimums)s", minimums=" / ".join(str(m) for m in rs.min_by_round)))
    return "; ".join(f"{band_label(band)}: {band.minimum}" for band in minimum_bands(rs))


def _target(rs: RuleSet) -> str:
    if rs.match_mode is MatchMode.ROUND:
        return str(ngettext("%(num)s hand", "%(num)s hands", rs.hands_in_match or 0))
    rule = _choice(rs.target_rule.value)
    variants = [f"{rs.target} ({rule})"]
    for sides, overrides in rs.side_variants.items():
        if "target" in overrides:
            variants.append(_("%(target)s with %(n)s sides", target=overrides["target"], n=sides))
    return "; ".join(variants)


def _pile(rs: RuleSet) -> str:
    parts = []
    if rs.pile_always_frozen:
        parts.append(_("always frozen"))
    if rs.black_three_freezes:
        parts.append(_("a black three freezes it"))
    if not rs.pile_before_first_meld:
        parts.append(_("not before the first meld"))
    return " · ".join(parts) or _("classic")


def _fm(rs: RuleSet) -> FamilyMelds:
    assert rs.family_melds is not None
    return rs.family_melds


def _fh(rs: RuleSet) -> FamilyHand:
    assert rs.family_hand is not None
    return rs.family_hand


def _maybe(value: int | None) -> str:
    return str(value) if value is not None else pgettext("no value, no number", "none")


def _family_wild_canasta(rs: RuleSet) -> str:
    bonus = _fm(rs).wild_canasta_bonus
    return str(bonus) if bonus is not None else pgettext("no canasta of this kind", "none")


def _card_values(rs: RuleSet) -> str:
    v = rs.card_values
    return " · ".join(str(v[key]) for key in ("JOKER", "2", "A", "K", "7"))


def _family_decks(rs: RuleSet) -> str:
    jokers = jokers_in_packs(rs)
    cards = 52 * rs.decks + jokers
    if jokers:
        return str(_("%(decks)s · %(cards)s cards with %(jokers)s jokers", decks=rs.decks, cards=cards, jokers=jokers))
    return str(_("%(decks)s · %(cards)s cards, no jokers", decks=rs.decks, cards=cards))


def _packet(rs: RuleSet) -> str:
    hand = _fh(rs)
    unplayed = (
        _("unplayed: its cards held")
        if hand.packet_taken_unplayed == "cards"
        else _("unplayed %(n)s", n=-hand.packet_not_taken_penalty)
    )
    return " · ".join(
        [
            translate(hand.packet_name),
            str(_("%(n)s cards", n=rs.deal)),
            str(_("not taken %(n)s", n=-hand.packet_not_taken_penalty)),
            str(unplayed),
        ]
    )


def _family_melds(rs: RuleSet) -> str:
    melds = _fm(rs)
    kinds = _("sets and runs") if melds.sets_allowed else _("runs only")
    wilds = ngettext("max %(num)s wild", "max %(num)s wild", melds.wilds_per_meld)
    parts = [str(kinds), str(wilds)]
    if melds.natural_two_in_place:
        parts.append(str(_("a two in its place is natural")))
    if melds.ace_to_ace:
        parts.append(str(_("ace to ace")))
    return " · ".join(parts)


def _family_going_out(rs: RuleSet) -> str:
    hand = _fh(rs)
    canasta = {"any": _("1, any kind"), "clean": _("1 clean"), None: "0"}[hand.going_out_needs_canasta]
    if not hand.going_out_needs_packet:
        return str(canasta)
    packet = _("with the packet, played or not") if hand.going_out_with_packet_unplayed else _("with the packet")
    return f"{canasta} · {packet}"


def _semi_clean(rs: RuleSet) -> str:
    melds = _fm(rs)
    if not melds.semi_clean:
        return pgettext("no canasta of this kind", "none")
    at_end = " · " + _("wild card at an end") if melds.semi_clean_wild_at_end else ""
    return f"{melds.semi_clean_bonus}{at_end}"


def _long_runs(rs: RuleSet) -> str:
    melds = _fm(rs)
    if melds.ace_to_king_bonus is None and melds.ace_to_ace_bonus is None:
        return str(_("as any clean canasta"))
    return f"{_maybe(melds.ace_to_king_bonus)} · {_maybe(melds.ace_to_ace_bonus)}"


def _going_out_discard(rs: RuleSet) -> str:
    hand = _fh(rs)
    how = _("required") if hand.going_out_with_discard == "required" else _("with or without")
    wild = "" if hand.wild_closing_discard else " · " + _("never a wild card")
    return f"{how}{wild}"


def _stock_out(rs: RuleSet) -> str:
    return pgettext("no value, no number", "none") if _fh(rs).no_going_out_bonus_on_stock_out else _("kept")


def _table_minus(rs: RuleSet) -> str:
    return str(_("the table counts minus") if _fh(rs).table_minus_without_clean else _("melds count as usual"))


#: A rule with no place in a rule set: Canasta's threes or minimum in a game of the family, the family's
#: packet or semi-clean canasta in Canasta (the page's note says so).
NONE = "—"

Reading = Callable[[RuleSet], str] | None

#: One row per rule: its key, its label, Canasta's value and the family's (None: the rule has no place there).
ROWS: list[tuple[str, str, Reading, Reading]] = [
    ("table", N_("Players"), _table, _table),
    ("decks", N_("Packs"), lambda rs: str(rs.decks), _family_decks),
    ("card_values", N_("Card values: joker · 2 · A · K-8 · 7-3"), _card_values, lambda rs: card_value_line(_fm(rs))),
    (
        "deal",
        N_("Cards dealt · drawn"),
        lambda rs: f"{rs.deal}{f' + {rs.foot}' if rs.foot else ''} · {rs.draw_count}",
        lambda rs: f"{rs.deal} · 1",
    ),
    ("packet", N_("The packet"), None, _packet),
    ("melds", N_("Melds"), _melds, _family_melds),
    ("canastas_to_go_out", N_("Canastas to go out"), lambda rs: str(rs.canastas_to_go_out), _family_going_out),
    (
        "bonuses",
        N_("Natural · mixed canasta"),
        lambda rs: f"{rs.natural_bonus} · {rs.mixed_bonus}",
        lambda rs: f"{_fm(rs).clean_bonus} · {_fm(rs).dirty_bonus}",
    ),
    ("semi_clean", N_("Semi-clean canasta"), None, _semi_clean),
    ("long_runs", N_("Clean run ace to king · ace to ace"), None, _long_runs),
    ("wild_meld", N_("Wild-card canasta"), _wild_meld, lambda rs: _family_wild_canasta(rs)),
    (
        "going_out",
        N_("Going out · concealed"),
        lambda rs: (
            f"{rs.go_out_bonus} · " + (str(rs.concealed_total) if rs.concealed_total is not None else _("no extra"))
        ),
        lambda rs: f"{_fh(rs).going_out_bonus} · {NONE}",
    ),
    ("going_out_discard", N_("Going out with a discard"), None, _going_out_discard),
    ("stock_out", N_("Going-out bonus when the stock runs out"), None, _stock_out),
    ("table_minus", N_("A side without a clean canasta"), None, _table_minus),
    ("red_threes", N_("Red threes: 1 / 2 / 3 / 4 …"), _red_threes, None),
    ("red_threes_negative", N_("Red threes are minus when"), lambda rs: _choice(rs.red3_negative_when.value), None),
    ("red_three_in_hand", N_("A red three left in hand"), lambda rs: _choice(rs.red_three_in_hand.value), None),
    ("black_threes", N_("Black threes"), _black_threes, None),
    ("special", N_("Special bonuses"), _special, None),
    (
        "minimum",
        N_("First-meld minimum"),
        _minimum,
        lambda rs: _minimum(rs) if rs.meld_minimum else pgettext("no value, no number", "none"),
    ),
    ("target", N_("Game to"), _target, _target),
    ("tie", N_("A tie at the top"), lambda rs: _choice(rs.tie_policy.value), lambda rs: _choice(rs.tie_policy.value)),
    ("pile", N_("The discard pile"), _pile, lambda rs: _("taken whole, never frozen")),
]


#: A whole number standing alone in a cell ("5000", "-100"), not part of a word, a decimal or a grouped number.
ALONE = re.compile(r"(?<![\w.,\u2212-])(-?\d+)(?![\w.,])")


def _written(value: str) -> str:
    """A cell's numbers as the reader writes them (5.000 in German, −100 with a true minus)."""
    return ALONE.sub(lambda found: whole(int(found.group(1))), value)


def _cell(rs: RuleSet, key: str, canasta: Reading, family: Reading) -> tuple[str, str]:
    reading = family if rs.family_melds is not None else canasta
    if reading is None:
        return NONE, ""
    return _written(str(reading(rs))), source(rs.id, key)


def comparison() -> tuple[list[RuleSet], list[Row]]:
    """The rule sets (columns) and one row per rule, each cell a value and its source (a dash and no
    source where the rule has no place in the rule set)."""
    rulesets = [configure(rs, sides=rs.sides_allowed[0]) for rs in RULESETS.values()]
    rows = [
        Row(key, str(_(label)), [_cell(rs, key, canasta, family) for rs in rulesets])
        for key, label, canasta, family in ROWS
    ]
    return rulesets, rows
