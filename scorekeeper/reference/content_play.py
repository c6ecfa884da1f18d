"""Reference topics about play and scoring: the pile, the minimum, going out, the end, scores, penalties."""

from __future__ import annotations

from ..engine.canasta.validation import least_canasta_points
from ..engine.entries import CanastaCount
from ..engine.game import MinimumBand, minimum_bands
from ..engine.i18n import N_
from ..engine.rulesets import MatchMode, MinimumBasis, RedThreeInHand, RuleSet, StockOutRule, TargetRule, TiePolicy
from ..translation import _, ngettext
from .content import Section, Topic, points
from .options import SPECIAL_HAND_NAMES


def discard_pile(rs: RuleSet) -> Topic:
    frozen_by = [_("a wild card or a red three in it (the card is turned sideways to show it)")]
    if rs.black_three_freezes:
        frozen_by.append(_("a black three thrown on it"))
    if rs.pile_always_frozen:
        frozen_by = [_("nothing at all: in this rule set it is always frozen")]
    return Topic(
        "discard-pile",
        _("The discard pile"),
        [
            Section(
                "pile_take",
                _("Taking the pile"),
                [
                    _(
                        "Instead of drawing from the stock, a player may take the whole discard pile, but only to meld its top card at once; the rest of the pile then goes to the hand."
                    )
                ],
            ),
            Section(
                "pile_needs_match",
                _("What the top card needs"),
                [
                    _(
                        "If the pile is not frozen, the top card must go on a meld the side already has, or make a new meld with two cards from the hand: two natural ones, or one natural and one wild."
                    )
                    if not rs.pile_natural_pair_only
                    else _(
                        "The pile is taken with two natural cards from the hand matching the top card (a wild card never helps), or, if it is not frozen, by putting the top card on a meld of the side that is not yet a canasta."
                    )
                ],
            ),
            Section(
                "pile_frozen",
                _("A frozen pile"),
                [
                    _("The pile is frozen by %(what)s.", what="; ".join(frozen_by)),
                    _(
                        "It is also frozen for a side that has not yet made its first meld. A frozen pile is taken only with two natural cards from the hand matching the top card: wild cards do not help, and a meld on the table is not enough."
                    ),
                ],
            ),
            Section(
                "pile_black_three",
                _("A black three on top"),
                [
                    _(
                        "A black three on top freezes the pile until someone takes it; nobody can take it while the black three is on top."
                    )
                    if rs.black_three_freezes
                    else _(
                        "Nobody can take the pile while a black three is on top: the next player must draw from the stock."
                    )
                ],
            ),
            Section(
                "pile_wild_top",
                _("A wild card or red three on top"),
                [_("Nobody can take the pile while a wild card or a red three is on top.")],
            ),
            Section(
                "pile_before_first_meld",
                _("Before the first meld"),
                [
                    _(
                        "A side may take the pile for its first meld, with a natural pair and enough points to reach its minimum."
                    )
                    if rs.pile_before_first_meld
                    else _("In this rule set a side cannot take the pile until it has made its first meld.")
                ],
            ),
        ],
    )


def band_label(band: MinimumBand) -> str:
    """How a row of the minimum table reads: "negative", "0 to 1495", "3000 or more"."""
    if band.low is None:
        return _("negative") if band.high == -5 else _("below %(n)s", n=(band.high or 0) + 5)
    if band.high is None:
        return _("%(n)s or more", n=band.low)
    return _("%(low)s to %(high)s", low=band.low, high=band.high)


def initial_meld(rs: RuleSet) -> Topic:
    rows = [(band_label(band), points(band.minimum)) for band in minimum_bands(rs)]
    set_by = _(
        "Each hand, a side's first meld must add up to at least a minimum, set by the side's total before the hand:"
    )
    if rs.min_by_round:
        rows = [(_("hand %(n)s", n=i + 1), points(m)) for i, m in enumerate(rs.min_by_round)]
        set_by = _(
            "Each hand, a side's first meld must add up to at least a minimum, set by the round, whatever the score:"
        )
    return Topic(
        "initial-meld",
        _("The first meld and its minimum"),
        [
            Section(
                "initial_meld_minimum",
                _("The minimum"),
                [set_by],
                rows=rows,
            ),
            Section(
                "minimum_counts",
                _("What counts toward it"),
                [
                    _("Only the values of the cards melded count; red threes and canasta bonuses do not.")
                    if not rs.canastas_count_for_minimum
                    else _("The cards melded count, and so do canasta bonuses; red threes do not."),
                    _("When the pile is taken, its top card counts; the other cards of the pile do not.")
                    if rs.top_card_counts_for_minimum
                    else _("When the pile is taken, its top card does not count: its value is added to the minimum."),
                    _("One partner's first meld opens the side for both.")
                    if rs.minimum_basis is MinimumBasis.SIDE
                    else _("Each player meets their own minimum."),
                ],
            ),
            Section(
                "minimum_waived",
                _("When no minimum is needed"),
                [_("A player who goes out concealed, melding the whole hand at once, needs no minimum.")],
            ),
        ],
    )


def going_out(rs: RuleSet) -> Topic:
    wm = rs.wild_meld
    need = ngettext(
        "A side needs %(num)s canasta before going out.",
        "A side needs %(num)s canastas before going out.",
        rs.canastas_to_go_out,
    )
    if wm and not wm.counts_for_going_out:
        need += " " + _("A wild-card canasta does not count for this.")
    if rs.go_out_min_natural or rs.go_out_min_mixed:
        need += " " + _(
            "Among them at least %(n)s natural and %(m)s mixed.", n=rs.go_out_min_natural, m=rs.go_out_min_mixed
        )
    concealed = (
        _(
            "Going out concealed earns %(total)s in all instead of %(bonus)s.",
            total=rs.concealed_total,
            bonus=rs.go_out_bonus,
        )
        if rs.concealed_total is not None
        else _(
            "Going out concealed earns nothing extra in this rule set: %(bonus)s, like going out.",
            bonus=rs.go_out_bonus,
        )
    )
    return Topic(
        "going-out",
        _("Going out"),
        [
            Section(
                "going_out",
                _("Going out"),
                [
                    _(
                        "A player goes out by getting rid of every card: melding them all, or all but one, which is the last discard."
                    ),
                    _("Going out earns %(bonus)s and ends the hand.", bonus=rs.go_out_bonus),
                    _("In a partnership, the partner's cards still in hand count against the side."),
                ],
            ),
            Section("go_out_without_canastas", _("Canastas needed"), [need]),
            *_unfinished_wild_meld(rs),
            *_special_hands(rs),
            Section(
                "go_out_cards_left",
                _("The last card"),
                [_("A player who would still hold more than one card after melding cannot go out this turn.")],
            ),
            Section(
                "going_out_concealed",
                _("Going out concealed"),
                [
                    _(
                        "Going out concealed means melding the whole hand in one turn, with no meld on the table before it (red threes aside)."
                    ),
                    concealed,
                ],
            ),
            Section(
                "concealed_without_going_out",
                _("Concealed only when going out"),
                [_("Only the side that went out can have gone out concealed.")],
            ),
            Section(
                "two_sides_out",
                _("One side goes out"),
                [_("A hand ends when one player goes out, so only one side can go out in a hand.")],
            ),
            Section(
                "hand_not_empty_after_going_out",
                _("A lone player holds nothing"),
                [_("When each plays alone, the player who went out has no cards left.")],
            ),
        ],
    )


def end_of_hand(rs: RuleSet) -> Topic:
    stock = {
        StockOutRule.PLAY_ON_WHILE_FITS: _(
            "When the stock runs out, play goes on while each player takes the discard that fits one of their melds (they must); the hand ends when a player cannot or will not."
        ),
        StockOutRule.END_AT_ONCE: _("When the stock runs out the hand ends at once and everyone counts their cards."),
        StockOutRule.TOP_CARD_ONLY: _(
            "When the stock runs out a player must take the top discard alone if it fits one of their melds, may take the pile as usual, or else the hand ends."
        ),
    }[rs.stock_out_rule]
    return Topic(
        "end-of-hand",
        _("The end of a hand"),
        [
            Section(
                "end_of_hand",
                _("How a hand ends"),
                [_("A hand ends when a player goes out, or when the stock is used up."), stock],
            ),
            Section(
                "last_red_three",
                _("A red three as the last card"),
                [
                    _(
                        "If the last card of the stock is a red three, the player lays it down, may meld, does not discard, and the hand ends."
                    )
                    if rs.last_red_three_may_meld
                    else _(
                        "If the last card of the stock is a red three, the player lays it down and the hand ends without melding or discarding."
                    )
                ],
            ),
        ],
    )


def scoring(rs: RuleSet) -> Topic:
    return Topic(
        "scoring",
        _("Scoring a hand"),
        [
            Section(
                "scoring",
                _("The items of a hand's score"),
                [_("Each side's hand score is the sum of these items, each shown with its sign:")],
                rows=[
                    (_("Cards melded"), _("their card values, canastas included")),
                    (_("Canasta bonuses"), _("natural %(n)s, mixed %(m)s", n=rs.natural_bonus, m=rs.mixed_bonus)),
                    (_("Red threes"), _("plus, or minus when they count against the side")),
                    (_("Going out"), points(rs.go_out_bonus)),
                    (_("Special bonuses"), _("canastón, canasta de canastas, four black threes…")),
                    (_("Cards left in hand"), _("their values, as minus points")),
                    (_("Penalties"), _("minus points")),
                ],
            ),
            Section(
                "negative_count",
                _("Counts are never negative"),
                [_("Numbers of cards, canastas and points are never below zero; a side's score can be.")],
            ),
            Section(
                "not_multiple_of_five",
                _("Multiples of five"),
                [
                    _(
                        "Cards are worth %(values)s, so points of cards always end in 0 or 5.",
                        values=", ".join(str(v) for v in sorted({v for v in rs.card_values.values() if v})),
                    )
                ],
            ),
            Section(
                "quick_canastas_exceed_meld_points",
                _("The quick entry"),
                [
                    _(
                        "A table may write only the points of the cards melded, the canastas by kind and the points left in hand. The canastas must fit in the cards: a natural canasta holds at least %(n)s points of cards, a mixed one %(m)s.",
                        n=least_canasta_points(CanastaCount(natural=1), rs),
                        m=least_canasta_points(CanastaCount(mixed=1), rs),
                    )
                ],
            ),
        ],
    )


def winning(rs: RuleSet) -> Topic:
    if rs.match_mode is MatchMode.ROUND:
        end = ngettext(
            "The game lasts %(num)s hand; the highest total then wins.",
            "The game lasts %(num)s hands; the highest total then wins.",
            rs.hands_in_match or 0,
        )
    elif rs.target_rule is TargetRule.EXCEED:
        end = _("The game ends when a side passes %(target)s.", target=rs.target)
    else:
        end = _("The game ends when a side reaches %(target)s.", target=rs.target)
    ties = {
        TiePolicy.DRAW: _("If the top is tied when the game would end, the game is a draw."),
        TiePolicy.PLAY_ON: _("If the top is tied when the game would end, another hand is played."),
        TiePolicy.WENT_OUT: _(
            "If the top is tied when the game would end, the tied side that went out in that hand wins; if none"
            " of them went out, another hand is played."
        ),
    }
    tie = ties[rs.tie_policy]
    return Topic(
        "winning",
        _("Winning the game"),
        [
            Section("target", _("The end of the game"), [end]),
            Section(
                "several_past_target",
                _("Several sides past the target"),
                [_("If more than one side gets there in the same hand, the highest total wins.")],
            ),
            Section("tie", _("A tie at the top"), [tie]),
        ],
    )


def _special_hands(rs: RuleSet) -> list[Section]:
    """Modern American's special hands (D10): what they score and when a side may go out with one."""
    if not rs.special_hands:
        none = _("These rules have no special hands: a side goes out with melds and canastas.")
        return [
            Section("special_hand_without_going_out", _("Special hands"), [none]),
            Section("special_hand_after_melding", _("A special hand is the only meld"), [none]),
        ]
    values = " · ".join(
        _("%(hand)s %(points)s", hand=_(SPECIAL_HAND_NAMES[kind]), points=rs.special_hand_value(kind))
        for kind in rs.special_hands
    )
    return [
        Section(
            "special_hand_without_going_out",
            _("Special hands"),
            [
                _(
                    "A player may go out by laying the whole hand down at once in one of the patterns these rules"
                    " call special hands. The side scores the special hand and the going-out bonus; it needs no"
                    " canasta, and its threes count as if it had the canastas needed. The partner's cards still"
                    " held count against the side as usual."
                ),
                _("What each special hand scores: %(values)s.", values=values),
                _(
                    "The rule texts differ on Garbage: 2000 in one, 3000 in the Canasta League of America's; the"
                    " house rule sets it."
                ),
                _(
                    "On the hand form, tap the special hand under the side that went out. The cards themselves are"
                    " not checked: the table sees them laid down."
                ),
            ],
        ),
        Section(
            "special_hand_after_melding",
            _("A special hand is the only meld"),
            [
                _(
                    "A special hand is laid down by a side that has nothing melded yet: a side with melds on the"
                    " table cannot go out with one."
                )
            ],
        ),
    ]


def _unfinished_wild_meld(rs: RuleSet) -> list[Section]:
    """Going out with a meld of wild cards that is not yet a canasta (D9: a house rule of Modern American)."""
    if rs.go_out_forbids_unfinished_wild_meld:
        text = _("No side may go out while its meld of wild cards is not yet a canasta.")
    elif rs.wild_meld is None:
        text = _("These rules have no melds of wild cards, so none can be left unfinished.")
    elif "WILD" in rs.mac_incomplete_penalty:
        text = _(
            "A side may go out with a meld of wild cards that is not yet a canasta: the meld is charged its"
            " penalty. As a house rule, going out so is not allowed at all."
        )
    else:
        text = _("A side may go out with a meld of wild cards that is not yet a canasta.")
    return [Section("go_out_unfinished_wild_meld", _("An unfinished meld of wild cards"), [text])]


def penalties(rs: RuleSet) -> Topic:
    listed = [(_(kind.reason), points(-kind.points)) for kind in rs.penalty_list]
    automatic = []
    if rs.red_three_in_hand is RedThreeInHand.PENALTY:
        automatic.append((_("A red three left in hand"), points(-rs.red_three_in_hand_penalty)))
    if rs.four_black_threes_in_hand_penalty:
        automatic.append((_("All four black threes left in a hand"), points(-rs.four_black_threes_in_hand_penalty)))
    unfinished = {
        "A": _("An unfinished meld of aces without wild cards"),
        "7": _("An unfinished meld of sevens"),
        "WILD": _("An unfinished meld of wild cards"),
    }
    automatic += [(unfinished.get(rank, rank), points(-penalty)) for rank, penalty in rs.mac_incomplete_penalty.items()]
    if rs.mac_hand_triple_penalty:
        automatic.append(
            (_("Three or more aces, or sevens, left in one player's hand"), points(-rs.mac_hand_triple_penalty))
        )
    return Topic(
        "penalties",
        _("Penalties"),
        [
            Section(
                "penalties",
                _("Penalties the table gives"),
                [
                    _("This rule set lists these penalties for mistakes in play:")
                    if listed
                    else _("This rule set lists no penalties; a table may still agree on its own, with a reason.")
                ],
                rows=listed,
            ),
            Section(
                "automatic_penalties",
                _("Penalties the score sheet applies by itself"),
                [_("These follow from the cards recorded:") if automatic else _("None in this rule set.")],
                rows=automatic,
            ),
        ],
    )


#: Spanish term, English term, and what it means (translated).
#: Spanish tables' words, the English term (translated: the reader's own term stands between them) and what it
#: means.
GLOSSARY_TERMS = [
    ("pozo", N_("discard pile"), N_("The face-up pile of discards.")),
    ("mazo", N_("stock"), N_("The face-down cards players draw from.")),
    ("canasta limpia", N_("natural canasta"), N_("A canasta without wild cards.")),
    ("canasta sucia", N_("mixed canasta"), N_("A canasta with one or more wild cards.")),
    ("canasta de comodines", N_("wild-card canasta"), N_("A canasta made only of wild cards, where allowed.")),
    ("comodín", N_("wild card"), N_("A joker or a two.")),
    ("combinación", N_("meld"), N_("Cards of one rank laid on the table.")),
    ("bajar, ligar", N_("to meld"), N_("To lay cards down on the table.")),
    (
        "salida, combinación inicial",
        N_("initial meld"),
        N_("A side's first meld of the hand, which needs a minimum."),
    ),
    ("irse, cerrar", N_("to go out"), N_("To get rid of every card and end the hand.")),
    ("abatir, cerrar ocultamente", N_("to go out concealed"), N_("To meld the whole hand in one turn.")),
    ("pozo congelado, pozo premiado", N_("frozen pile"), N_("A pile that only a natural pair can take.")),
    ("tres rojo", N_("red three"), N_("A bonus card, laid down at once.")),
    ("tres negro", N_("black three"), N_("A stopper: it blocks the pile for one turn.")),
    ("canastón", "canastón", N_("Five canastas in one hand (Spanish rules).")),
    ("canasta de canastas", "canasta de canastas", N_("Seven canastas in one hand (Spanish rules).")),
    ("mano", N_("hand"), N_("One deal, from the deal to going out.")),
    ("honores", N_("honours"), N_("Red threes and bonuses, apart from card points.")),
]

#: The Spanish names kept as they are in every language (glossed, never translated).
SPANISH_NAMES = frozenset({"canastón", "canasta de canastas"})


def glossary_words(spanish: str, english: str) -> str:
    """A term as Spanish tables say it, as the reader says it and in English, each said once ("pozo · Ablagestapel
    · discard pile", "pozo · discard pile" to an English or a Spanish reader)."""
    said = [spanish, english if english in SPANISH_NAMES else _(english), english]
    kept: list[str] = []
    for word in said:
        if word.casefold() not in {seen.casefold() for seen in kept}:
            kept.append(word)
    return " · ".join(kept)


def glossary(rs: RuleSet) -> Topic:
    return Topic(
        "glossary",
        _("Glossary: the tables' words"),
        [
            Section(
                "glossary",
                _("Terms"),
                [_("Each term as Spanish tables say it, then in your language and in English.")],
                rows=[(glossary_words(spanish, english), _(meaning)) for spanish, english, meaning in GLOSSARY_TERMS],
            )
        ],
    )


TOPICS = {
    "discard-pile": discard_pile,
    "initial-meld": initial_meld,
    "going-out": going_out,
    "end-of-hand": end_of_hand,
    "scoring": scoring,
    "winning": winning,
    "penalties": penalties,
    "glossary": glossary,
}
