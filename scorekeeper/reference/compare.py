"""The rule sets side by side: one row per rule, each value with the source that gives it.

Source keys are those of rules/variants.md §1. A rule set's own source gives a value unless
listed here otherwise (a seed that is silent, or a rule set that inherits the classic rules).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import RULESETS, RuleSet, configure
from ..engine.game import minimum_bands
from ..engine.i18n import N_
from ..engine.options import table_shapes
from ..engine.rulesets import MatchMode
from ..translation import _, ngettext
from .content_play import band_label
from .options import CHOICE_TEXT, SPECIAL_HAND_NAMES

#: Rows a rule set's own source decides; its other rows inherit the classic rules [P].
OWN_ROWS: dict[str, set[str]] = {
    "classic_2p": {"table", "deal", "canastas_to_go_out"},
    "classic_3p": {"table", "deal"},
    "classic_6p": {"table", "decks", "deal", "canastas_to_go_out", "red_threes", "minimum", "target"},
    "uruguayan": {"wild_meld", "pile"},
}

#: Values a seed does not give, taken from elsewhere (variants.md §2 and §4).
SOURCE_EXCEPTIONS: dict[tuple[str, str], str] = {
    ("es_online_15", "melds"): "S000 + K2",
    ("es_online_15", "target"): "K19 (S000: no value)",
    ("app_2p_11", "bonuses"): "P (S004: lost)",
    ("app_2p_11", "going_out"): "P (S004: n/s)",
    ("app_2p_11", "black_threes"): "P (S004: n/s)",
    ("app_2p_11", "red_threes"): "P (S004: n/s)",  # red threes add points, but S004 gives no value (#14)
    ("us_partnership", "red_threes"): "P (S003A: 100 each)",
}


def source(ruleset_id: str, row: str) -> str:
    """The source key of a rule set's value for a row."""
    if row == "tie":
        return "K20"  # no Canasta source covers a tie at the top
    if (ruleset_id, row) in SOURCE_EXCEPTIONS:
        return SOURCE_EXCEPTIONS[(ruleset_id, row)]
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
        return _("none")
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
        parts.append(_("four in hand -%(n)s", n=rs.four_black_threes_in_hand_penalty))
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
    return " · ".join(parts) or _("none")


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


ROWS: list[tuple[str, str, Callable[[RuleSet], str]]] = [
    ("table", N_("Players"), _table),
    ("decks", N_("Packs"), lambda rs: str(rs.decks)),
    ("deal", N_("Cards dealt · drawn"), lambda rs: f"{rs.deal}{f' + {rs.foot}' if rs.foot else ''} · {rs.draw_count}"),
    ("melds", N_("Melds"), _melds),
    ("canastas_to_go_out", N_("Canastas to go out"), lambda rs: str(rs.canastas_to_go_out)),
    ("bonuses", N_("Natural · mixed canasta"), lambda rs: f"{rs.natural_bonus} · {rs.mixed_bonus}"),
    ("wild_meld", N_("Wild-card canasta"), _wild_meld),
    (
        "going_out",
        N_("Going out · concealed"),
        lambda rs: (
            f"{rs.go_out_bonus} · " + (str(rs.concealed_total) if rs.concealed_total is not None else _("no extra"))
        ),
    ),
    ("red_threes", N_("Red threes: 1 / 2 / 3 / 4 …"), _red_threes),
    ("red_threes_negative", N_("Red threes are minus when"), lambda rs: _choice(rs.red3_negative_when.value)),
    ("red_three_in_hand", N_("A red three left in hand"), lambda rs: _choice(rs.red_three_in_hand.value)),
    ("black_threes", N_("Black threes"), _black_threes),
    ("special", N_("Special bonuses"), _special),
    ("minimum", N_("First-meld minimum"), _minimum),
    ("target", N_("Game to"), _target),
    ("tie", N_("A tie at the top"), lambda rs: _choice(rs.tie_policy.value)),
    ("pile", N_("The discard pile"), _pile),
]


def comparison() -> tuple[list[RuleSet], list[Row]]:
    """The rule sets (columns) and one row per rule, each cell a value and its source."""
    rulesets = [configure(rs, sides=rs.sides_allowed[0]) for rs in RULESETS.values()]
    rows = [Row(key, str(_(label)), [(value(rs), source(rs.id, key)) for rs in rulesets]) for key, label, value in ROWS]
    return rulesets, rows
