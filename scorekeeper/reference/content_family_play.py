"""The family's reading of play and scoring (Burraco, Buraco, Burako): going out, the end of a hand, the
score, the game, penalties, where the sources differ, and the words the tables use.

Every number is read from ``family_melds`` and ``family_hand`` (engine/family_parameters.py); source keys in
brackets are rules/family.md's §1, the D ids docs/rule-choices.md's.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.family.claims import CANASTA_NAMES
from ..engine.family.melds import FamilyCanasta
from ..engine.family.quick import kind_bonus, least_points
from ..engine.family_parameters import FamilyHand, FamilyMelds
from ..engine.i18n import N_
from ..engine.rulesets import RuleSet
from ..translation import _, pgettext, translate
from .content import Section, Topic, points
from .content_family import card_value_line, family, packet_word
from .content_play import winning as canasta_winning


def _least_points(melds: FamilyMelds) -> str:
    """The fewest points each kind of canasta the game has can hold, in the page's language."""
    return ", ".join(
        f"{CANASTA_NAMES[kind].render(translate)} {least_points(kind, melds)}"
        for kind in FamilyCanasta
        if kind_bonus(kind, melds) is not None
    )


def _needs_canasta(melds: FamilyMelds, hand: FamilyHand) -> str:
    if hand.going_out_needs_canasta == "clean":
        return _(
            "A side goes out only with a clean canasta on the table, one without a wild card (from ace to king or ace to ace counts too); a semi-clean or dirty one is not enough."
        )
    if hand.going_out_needs_canasta == "any":
        text = _("A side goes out only with at least one canasta on the table, of any kind.")
        if melds.wild_canasta_bonus is not None:
            text += " " + _("A canasta of wild cards counts.")
        return text
    return _("In these rules a side may go out without a canasta.")


def _packet_first(hand: FamilyHand, word: str) -> list[str]:
    """What going out asks of the side's packet (D22, D27), as the referee's "may we go out?" answers it (``word``:
    the game's own word for its packet)."""
    if not hand.going_out_needs_packet:
        return [_("In these rules a side may go out without having taken its %(packet)s.", packet=word)]
    if not hand.going_out_with_packet_unplayed:
        return [
            _(
                "A side goes out only after taking its %(packet)s and playing from it: the first time a player runs out of cards, the side takes its %(packet)s and the hand goes on.",
                packet=word,
            )
        ]
    return [
        _(
            "A side goes out only after taking its %(packet)s: the first time a player runs out of cards, the side takes its %(packet)s and the hand goes on.",
            packet=word,
        ),
        _(
            "The partner may go out before the player who took the %(packet)s has played from it: the %(packet)s then counts as taken and not played (see the %(packet)s). A player alone, in a game of two, has always played it.",
            packet=word,
        ),
    ]


def going_out(rs: RuleSet) -> Topic:
    melds, hand = family(rs)
    how = (
        _("The last card must be discarded: a side never goes out by melding every card.")
        if hand.going_out_with_discard == "required"
        else _("A player goes out by melding every card, or by melding all but one and discarding it.")
    )
    discard = (
        _("The card discarded to go out is never a wild card: not a two, not a joker.")
        if not hand.wild_closing_discard
        else _("The card discarded to go out may be any card, a wild card too.")
    )
    return Topic(
        "going-out",
        _("Going out"),
        [
            Section(
                "family_going_out",
                _("Going out"),
                [
                    _(
                        "A side goes out (chiusura in Italy, batida in Brazil, cierre in the River Plate) when one of its players gets rid of every card after the side has taken its %(packet)s, played from it or not.",
                        packet=packet_word(rs),
                    )
                    if hand.going_out_with_packet_unplayed
                    else _(
                        "A side goes out (chiusura in Italy, batida in Brazil, cierre in the River Plate) when one of its players gets rid of every card after the side has played its %(packet)s.",
                        packet=packet_word(rs),
                    ),
                    _("Going out earns %(bonus)s and ends the hand.", bonus=hand.going_out_bonus),
                    _("The partner's cards still held count against the side."),
                ],
            ),
            Section(
                "family_going_out_without_packet",
                _("The %(packet)s first", packet=packet_word(rs)),
                _packet_first(hand, packet_word(rs)),
            ),
            Section(
                "family_going_out_without_canasta",
                _("A canasta first"),
                [_needs_canasta(melds, hand)],
                also=("family_going_out_without_clean_canasta",),
            ),
            Section(
                "family_going_out_without_discard",
                _("With or without a discard"),
                [
                    how,
                    _("The hand form asks which way the side went out."),
                    _("Going out leaves the player with no card: in a game of two, the one who went out holds none."),
                ],
                also=("family_going_out_how", "hand_not_empty_after_going_out"),
            ),
            Section(
                "family_going_out_on_a_wild_discard",
                _("The last discard"),
                [
                    discard,
                    _(
                        "The form may take the card discarded to go out; it is written only for a side that went out by discarding."
                    ),
                ],
                also=("family_closing_discard_without_going_out",),
            ),
            Section(
                "two_sides_out",
                _("One side goes out"),
                [_("A hand ends when one side goes out, so only one side can go out in a hand.")],
            ),
        ],
    )


def end_of_hand(rs: RuleSet) -> Topic:
    _melds, hand = family(rs)
    stock = (
        _(
            "A side that goes out as the stock runs out earns no going-out bonus: the hand ended on the stock. It still needs its %(packet)s, its canasta and its discard to go out.",
            packet=packet_word(rs),
        )
        if hand.no_going_out_bonus_on_stock_out
        else _(
            "Going out earns its %(bonus)s even when the stock runs out in the same turn.", bonus=hand.going_out_bonus
        )
    )
    return Topic(
        "end-of-hand",
        _("The end of a hand"),
        [
            Section(
                "end_of_hand",
                _("How a hand ends"),
                [
                    _("A hand ends when a side goes out, or when the stock runs out and nobody can go on."),
                    _("Then every side adds up its melds and takes off the cards its players still hold."),
                ],
            ),
            Section(
                "stock_out",
                _("When the stock runs out"),
                [
                    stock,
                    _(
                        "A %(packet)s never taken costs %(points)s however the hand ended.",
                        packet=packet_word(rs),
                        points=hand.packet_not_taken_penalty,
                    ),
                ],
            ),
        ],
    )


def _bonuses(melds: FamilyMelds) -> str:
    parts = [_("clean %(n)s", n=melds.clean_bonus)]
    if melds.semi_clean:
        parts.append(_("semi-clean %(n)s", n=melds.semi_clean_bonus))
    parts.append(_("dirty %(n)s", n=melds.dirty_bonus))
    if melds.ace_to_king_bonus is not None:
        parts.append(_("ace to king %(n)s", n=melds.ace_to_king_bonus))
    if melds.ace_to_ace_bonus is not None:
        parts.append(_("ace to ace %(n)s", n=melds.ace_to_ace_bonus))
    if melds.wild_canasta_bonus is not None:
        parts.append(_("of wild cards %(n)s", n=melds.wild_canasta_bonus))
    return ", ".join(str(part) for part in parts)


def scoring(rs: RuleSet) -> Topic:
    melds, hand = family(rs)
    values = sorted({value for value in melds.card_values.values() if value})
    table_minus = (
        [
            Section(
                "table_minus_without_clean",
                _("No clean canasta: the table counts minus"),
                [
                    _(
                        "A side that ends the hand without a clean canasta counts its melded cards as minus points and loses its canastas' bonuses; its held cards count minus as always. A side that melded nothing has nothing to count minus, and a side that went out always had its clean canasta."
                    )
                ],
            )
        ]
        if hand.table_minus_without_clean
        else []
    )
    packet = (
        _(
            "%(points)s if never taken; if taken and not played, its cards count as held",
            points=-hand.packet_not_taken_penalty,
        )
        if hand.packet_taken_unplayed == "cards"
        else _("%(points)s if never taken, or taken and not played", points=-hand.packet_not_taken_penalty)
    )
    return Topic(
        "scoring",
        _("Scoring a hand"),
        [
            Section(
                "scoring",
                _("The items of a hand's score"),
                [_("Each side's hand score is the sum of these items, each shown with its sign:")],
                rows=[
                    (
                        _("Cards melded"),
                        _("their card values, plus; minus without a clean canasta")
                        if hand.table_minus_without_clean
                        else _("their card values, plus"),
                    ),
                    (_("Canasta bonuses"), _bonuses(melds)),
                    (_("Going out"), points(hand.going_out_bonus)),
                    (_("The %(packet)s", packet=packet_word(rs)), packet),
                    (_("Cards left in hand"), _("their values, as minus points")),
                    (_("Penalties"), _("minus points")),
                ],
            ),
            *table_minus,
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
                        values=", ".join(str(value) for value in values),
                    )
                ],
            ),
            Section(
                "quick_canastas_exceed_meld_points",
                _("The quick entry"),
                [
                    _(
                        "A table may write, as on a paper sheet, only the points of the cards melded, the canastas by kind and the points held. The canastas must fit in the cards melded: each holds %(n)s cards at least, so its cards are worth at least %(least)s.",
                        n=melds.canasta_size,
                        least=_least_points(melds),
                    ),
                    _("Only the kinds of canasta this game has may be written: %(kinds)s.", kinds=_bonuses(melds)),
                ],
                also=("family_quick_canasta_kind",),
            ),
            Section(
                "family_not_in_this_game",
                _("Nothing of Canasta's"),
                [
                    _(
                        "Red and black threes, going out concealed, special hands and melds written by rank belong to Canasta: a hand of this game has none of them, and an entry that gives them is refused."
                    )
                ],
            ),
        ],
    )


def winning(rs: RuleSet) -> Topic:
    topic = canasta_winning(rs)
    topic.sections.append(
        Section(
            "fixed_hands",
            _("Tournaments"),
            [
                _(
                    "Club tournaments often play a fixed number of hands instead, three or four a round in Italy, and add up the hand scores; a house rule sets it."
                )
            ],
        )
    )
    return topic


def penalties(rs: RuleSet) -> Topic:
    return Topic(
        "penalties",
        _("Penalties"),
        [
            Section(
                "penalties",
                _("Penalties the table gives"),
                [
                    _(
                        "A table may enter a penalty it gives, with its reason: it counts as minus points. These rules set no amounts; the table or the tournament's director decides them."
                    )
                ],
            ),
            Section(
                "automatic_penalties",
                _("Penalties the score sheet applies by itself"),
                [_("None beyond the %(packet)s's: see the %(packet)s.", packet=packet_word(rs))],
            ),
        ],
    )


def _yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def _optional(value: int | None) -> str:
    return points(value) if value is not None else pgettext("no value, no number", "none")


#: Where the family's sources part ways (rules/family.md §3): a title, what they say, and what these rules
#: do now (read from the rule set, so a house rule shows).
DIFFERENCES: list[tuple[str, str, str, Callable[[FamilyMelds, FamilyHand, RuleSet], str]]] = [
    (
        "source_jokers",
        N_("Jokers"),
        N_(
            "Italian and River Plate tables play with the four jokers [EB1][BPLAY]; Brazil's open game has none"
            " [PJ][IU], and tables that add them count one 20 [GHV] or 50 [IU]."
        ),
        lambda m, h, rs: _yes_no(m.jokers) + (" · " + points(m.card_values["JK"]) if m.jokers else ""),
    ),
    (
        "source_sets",
        N_("Sets"),
        N_(
            "Italy and the River Plate meld sets and runs [FPDF][ACA2][BPLAY]; Brazil's open game melds runs only"
            " [BP][JG][PJ], its closed game sets too [JG], and one site sets of aces, kings and threes only [CO]."
        ),
        lambda m, h, rs: _yes_no(m.sets_allowed),
    ),
    (
        "source_ace_to_ace",
        N_("A run from ace to ace"),
        N_(
            "Brazilian tables let a run go from ace to ace [PJ][BP]; the Italian code puts the ace low or high,"
            " never both [EB9]; the River Plate texts are silent."
        ),
        lambda m, h, rs: _yes_no(m.ace_to_ace),
    ),
    (
        "source_semi_clean",
        N_("The semi-clean canasta"),
        N_(
            "The Italian code counts a semi-clean burraco, 150 [FB][FIAB][EB737], since 2008 [STAR]; its wording"
            " lets the wild card stand before or after seven natural cards, one app only at an end [OMS]. Brazil and"
            " the River Plate have none."
        ),
        lambda m, h, rs: _optional(m.semi_clean_bonus if m.semi_clean else None),
    ),
    (
        "source_long_runs",
        N_("A clean run of the whole suit"),
        N_(
            "Brazilian tables pay 500 for a clean canastra from ace to king and 1000 from ace to ace, in place of"
            " the 200 [LC][TM][JDR][BP]; the Italian code pays its run from ace to king as any clean burraco"
            " [EB737], some sites 300 [BOL]."
        ),
        lambda m, h, rs: _(
            "ace to king %(king)s, ace to ace %(ace)s",
            king=_optional(m.ace_to_king_bonus),
            ace=_optional(m.ace_to_ace_bonus),
        ),
    ),
    (
        "source_wild_canasta",
        N_("A canasta of wild cards"),
        N_(
            "The River Plate game pays 1000 for a canasta of jokers and twos [ACA3]; in Italy and Brazil a meld of"
            " wild cards only is not allowed [EBM][PJ]."
        ),
        lambda m, h, rs: _optional(m.wild_canasta_bonus),
    ),
    (
        "source_going_out_canasta",
        N_("The canasta needed to go out"),
        N_(
            "Italy: a burraco of any kind [EBCH], a clean one in the international code [EB31]; Brazil: a clean"
            " canastra [PTW][JG][PJ], any in the closed game [JG]; River Plate: any canasta [ACA3]."
        ),
        lambda m, h, rs: {"any": _("any"), "clean": _("clean"), None: pgettext("no canasta of this kind", "none")}[
            h.going_out_needs_canasta
        ],
    ),
    (
        "source_going_out_discard",
        N_("Going out with a discard"),
        N_(
            "Italy goes out only with a discard, never a wild card [EB31]; Brazil with or without a discard [PJ]."
            " The River Plate texts are silent, and the app goes with Brazil."
        ),
        lambda m, h, rs: (
            (_("required") if h.going_out_with_discard == "required" else _("either way"))
            + " · "
            + (_("a wild card may be the last discard") if h.wild_closing_discard else _("never a wild card"))
        ),
    ),
    (
        "source_stock_out",
        N_("Going out as the stock runs out"),
        N_("One Italian app pays no going-out bonus when the stock runs out [OMS]; the other sources are silent."),
        lambda m, h, rs: _("no bonus") if h.no_going_out_bonus_on_stock_out else points(h.going_out_bonus),
    ),
    (
        "source_packet_unplayed",
        N_("A packet taken and not played"),
        N_(
            "The Italian code counts the pozzetto's cards as held [EB17]; Brazil and the River Plate charge 100,"
            " as for a packet never taken [PLP][ACA3]."
        ),
        lambda m, h, rs: (
            _("its cards count as held") if h.packet_taken_unplayed == "cards" else points(-h.packet_not_taken_penalty)
        ),
    ),
    (
        "source_packet_unplayed_going_out",
        N_("Going out before the packet is played"),
        N_(
            "The Italian sources ask only that the pozzetto be taken to close [EBCH], and charge one taken and not"
            " played by its cards, not as one never taken [EB17][CPO]: a partner may close while the other still"
            " holds it. Brazil and the River Plate charge an unplayed packet as one never taken [PLP][ACA3], so"
            " going out needs it played."
        ),
        lambda m, h, rs: _yes_no(h.going_out_with_packet_unplayed),
    ),
    (
        "source_table_minus",
        N_("A side without a clean canasta"),
        N_(
            "The newer Brazilian text counts such a pair's table minus [PTW]; the other sources do not mention it"
            " [PJ][JG][PLP]."
        ),
        lambda m, h, rs: _("the table counts minus") if h.table_minus_without_clean else _("melds count as usual"),
    ),
    (
        "source_target",
        N_("The game's length"),
        N_(
            "Italian home games go to 2005 [EB2781] and tournaments play three or four hands [EBSC][SPEC]; Brazil"
            " to 3000 or 5000 [PTW], some portals 1500 [MJ]; the River Plate to 2000 [ACA3]."
        ),
        lambda m, h, rs: str(rs.target),
    ),
    (
        "source_card_values",
        N_("Card values"),
        N_(
            "The Italian values are the code's [EB1][EB737]; Brazil's come from a rules document [GHV] and a"
            " portal [PJ], the River Plate's from a scoring app [GHK]: no rule text of theirs gives them."
        ),
        lambda m, h, rs: card_value_line(m),
    ),
]


def sources(rs: RuleSet) -> Topic:
    melds, hand = family(rs)
    return Topic(
        "sources",
        _("Where the sources differ"),
        [
            Section(
                "sources",
                _("The sources of these rules"),
                [
                    _(
                        "Burraco, Buraco and Burako are one family: the same deal, packet and melds, told apart by a few numbers. Where the sources disagree these rules follow one of them, and a house rule picks another. Source keys in brackets name the research's texts (see the comparison page)."
                    ),
                    _("These rules follow: %(keys)s.", keys=", ".join(rs.sources)),
                ],
            ),
            *[
                Section(anchor, _(title), [_(said), _("These rules: %(value)s.", value=value(melds, hand, rs))])
                for anchor, title, said, value in DIFFERENCES
            ],
        ],
    )


#: The tables' words (Italian, Portuguese, Spanish), the English term, and what it means (both translated).
GLOSSARY_TERMS = [
    (
        "pozzetto · morto · muerto",
        N_("packet"),
        N_("The packet each side picks up once one of its players runs out of cards."),
    ),
    ("pinella · jolly · matta", N_("wild card"), N_("In Italy a two is a pinella, a joker a jolly; both are matte.")),
    ("burraco · canastra · canasta", N_("canasta"), N_("A meld long enough to earn a canasta's bonus.")),
    ("pulito · limpa · real", N_("clean"), N_("A canasta without a wild card (a natural two in its place is fine).")),
    ("sporco · suja · simple", N_("dirty"), N_("A canasta with a wild card.")),
    ("semipulito", N_("semi-clean"), N_("Italy's canasta with one wild card beside a clean run or set.")),
    ("canastra de 500 · de mil", N_("ace to king · ace to ace"), N_("Brazil's clean runs of the whole suit.")),
    ("scala · sequência · escalera", N_("run"), N_("Cards of one suit in sequence.")),
    ("tris · trinca · pierna", N_("set"), N_("Cards of one rank.")),
    ("chiusura · batida · cierre", N_("going out"), N_("Getting rid of every card once the packet is played.")),
    (
        "al volo · batida direta",
        N_("straight on"),
        N_("Taking the packet by melding every card, and playing on at once."),
    ),
    ("tallone · monte · mazo", N_("stock"), N_("The face-down cards players draw from.")),
    ("scarti · lixo · pozo", N_("discard pile"), N_("The face-up pile of discards, taken whole.")),
]


def glossary(rs: RuleSet) -> Topic:
    return Topic(
        "glossary",
        _("Glossary: the tables' words"),
        [
            Section(
                "glossary",
                _("Terms"),
                [_("The words players use at the tables of Italy, Brazil and the River Plate.")],
                rows=[(f"{words} ({_(term)})", _(meaning)) for words, term, meaning in GLOSSARY_TERMS],
            )
        ],
    )


TOPICS = {
    "going-out": going_out,
    "end-of-hand": end_of_hand,
    "scoring": scoring,
    "winning": winning,
    "penalties": penalties,
    "sources": sources,
    "glossary": glossary,
}
