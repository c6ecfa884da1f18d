"""Reference topics about the threes: red threes (bonus cards) and black threes (stoppers)."""

from __future__ import annotations

from ..engine.cards import CARDS_PER_PACK
from ..engine.rulesets import Red3NegativeWhen, RedThreeInHand, RuleSet
from ..translation import _, ngettext
from .content import Section, Topic, points


def red_threes(rs: RuleSet) -> Topic:
    when = {
        Red3NegativeWhen.NO_MELD: _("the side has melded nothing by the end of the hand"),
        Red3NegativeWhen.NO_MELD_AND_OPPONENT_OUT: _("the side has melded nothing and another player went out"),
        Red3NegativeWhen.NO_CANASTA: _("the side has no canasta"),
        Red3NegativeWhen.FEWER_THAN_2_CANASTAS: _("the side has fewer than two canastas"),
        Red3NegativeWhen.NEVER: _("never"),
    }[rs.red3_negative_when]
    in_hand = {
        RedThreeInHand.PENALTY: _(
            "A red three still in a hand at the end costs %(points)s points.", points=rs.red_three_in_hand_penalty
        ),
        RedThreeInHand.INVALID: _("A red three is laid down as soon as it is drawn, so none can be left in a hand."),
        RedThreeInHand.CARD5: _("A red three left in a hand counts 5 against the side, like a low card."),
    }[rs.red_three_in_hand]
    table = rs.red3_table
    if rs.mac_scoring:
        return _mac_threes(rs, in_hand)
    return Topic(
        "red-threes",
        _("Red threes"),
        [
            Section(
                "red_threes",
                _("Laid down at once"),
                [
                    _(
                        "A red three is put face up on the table as soon as a player gets it, and replaced from the stock (not when it comes with the discard pile). It is never part of a meld."
                    )
                ],
                rows=[
                    (ngettext("%(num)s red three", "%(num)s red threes", i + 1), points(value))
                    for i, value in enumerate(table)
                ],
            ),
            *(
                [
                    Section(
                        "red3_per_extra",
                        _("More red threes"),
                        [_("Each red three beyond these adds %(points)s.", points=rs.red3_per_extra)],
                    )
                ]
                if CARDS_PER_PACK["3R"] * rs.decks > len(table)
                else []
            ),
            Section(
                "red_threes_negative",
                _("When red threes count against you"),
                [_("The red-three bonus becomes minus points when %(when)s.", when=when)],
            ),
            Section("red_three_in_hand", _("A red three left in hand"), [in_hand]),
            _how_many(rs),
        ],
    )


def _how_many(rs: RuleSet) -> Section:
    return Section(
        "red_threes_exceed_deck",
        _("How many there are"),
        [_("There are %(n)s red threes in the packs.", n=CARDS_PER_PACK["3R"] * rs.decks)],
    )


def _mac_threes(rs: RuleSet, in_hand: str) -> Topic:
    """Modern American: every three is a bonus card, red and black counted apart, signed by the canastas."""
    return Topic(
        "red-threes",
        _("Red threes"),
        [
            Section(
                "red_threes",
                _("Threes are bonus cards"),
                [
                    _(
                        "Every three, red or black, is laid out in front of the side as soon as it is drawn, and replaced from the stock. Each colour counts apart, by how many the side has:"
                    )
                ],
                rows=[
                    (ngettext("%(num)s three of one colour", "%(num)s threes of one colour", i + 1), points(value))
                    for i, value in enumerate(rs.mac_threes_table)
                ],
            ),
            Section(
                "red_threes_negative",
                _("When the threes count against you"),
                [
                    _(
                        "The threes count plus for a side with two canastas or more, nothing with one, and minus with none; a side with no canasta also counts its melded cards as minus points."
                    )
                ],
            ),
            Section("red_three_in_hand", _("A three left in hand"), [in_hand]),
            _how_many(rs),
        ],
    )


def black_threes(rs: RuleSet) -> Topic:
    sizes = " / ".join(str(n) for n in rs.black_three_meld_sizes)
    extras = []
    if rs.black_three_four_bonus:
        extras.append((_("All four melded when going out"), points(rs.black_three_four_bonus)))
    if rs.four_black_threes_in_hand_penalty:
        extras.append((_("All four left in a hand"), points(-rs.four_black_threes_in_hand_penalty)))
    return Topic(
        "black-threes",
        _("Black threes"),
        [
            Section(
                "black_threes",
                _("A stopper"),
                [
                    _("A black three thrown on the discard pile freezes it until someone takes the pile.")
                    if rs.black_three_freezes
                    else _(
                        "A black three on top of the discard pile stops the next player from taking it; once covered it has no effect."
                    ),
                    _(
                        "A black three left in a hand counts %(points)s against the side.",
                        points=rs.black_three_hand_value,
                    ),
                    *(
                        [_("Black threes are laid out in front of the side like red ones, and scored with them.")]
                        if rs.mac_scoring
                        else []
                    ),
                ],
                rows=extras,
            ),
            Section(
                "black_three_meld_without_going_out",
                _("Melding black threes"),
                [_("Black threes can be melded only by the player who goes out, in that last turn.")],
            ),
            Section(
                "black_three_meld_wilds",
                _("No wild cards with black threes"),
                [_("A meld of black threes holds no wild cards.")],
            ),
            Section(
                "black_three_meld_size",
                _("Three or four of them"),
                [_("A meld of black threes has %(sizes)s cards.", sizes=sizes)],
            ),
            Section(
                "black_three_meld_not_allowed",
                _("Where they are never melded"),
                [
                    _("In this rule set black threes can be melded when going out.")
                    if rs.black_three_meld
                    else _("In this rule set black threes are never melded.")
                ],
            ),
        ],
    )


TOPICS = {
    "red-threes": red_threes,
    "black-threes": black_threes,
}
