"""Reference topics about the cards: the deck, dealing, melds, canastas, wild cards, threes."""

from __future__ import annotations

from ..engine.canasta_rulesets import CLASSIC_3P
from ..engine.cards import CARDS_PER_PACK
from ..engine.options import configure
from ..engine.rulesets import RuleSet
from ..translation import _, ngettext
from .content import Section, Topic, points

#: What the cutthroat option brings with it, from the three-handed rule set's data.
CUTTHROAT = CLASSIC_3P.option_implies["cutthroat"]


def deck(rs: RuleSet) -> Topic:
    v = rs.card_values
    return Topic(
        "deck",
        _("The deck and card values"),
        [
            Section(
                "deck",
                _("The deck"),
                [
                    _(
                        "This rule set uses %(decks)s packs of 52 cards, each with its two jokers: %(cards)s cards in all.",
                        decks=rs.decks,
                        cards=54 * rs.decks,
                    ),
                    _("Suits never matter, except that threes are red or black and count differently."),
                ],
            ),
            Section(
                "card_values",
                _("What each card is worth"),
                [
                    _("Every card melded counts for its side; every card left in a hand counts against it."),
                    _("Red threes have no card value: they score only as a bonus (or a penalty)."),
                ],
                rows=[
                    (_("Joker"), points(v["JOKER"])),
                    (_("Two"), points(v["2"])),
                    (_("Ace"), points(v["A"])),
                    (_("King, queen, jack, ten, nine, eight"), points(v["K"])),
                    (_("Seven, six, five, four"), points(v["7"])),
                    (
                        _("Black three"),
                        points(v["3B"])
                        + (
                            " · " + _("in hand: %(points)s", points=rs.black_three_hand_value)
                            if rs.black_three_hand_value != v["3B"]
                            else ""
                        ),
                    ),
                ],
            ),
            Section(
                "deck_limit",
                _("No more cards than the packs hold"),
                [
                    _(
                        "A score entry cannot hold more cards of a kind than the packs have. With %(decks)s packs that is %(rank)s of each rank from ace to four, %(jokers)s jokers, %(twos)s twos, %(black)s black threes and %(red)s red threes, counting every side's melds and hands together.",
                        decks=rs.decks,
                        rank=CARDS_PER_PACK["A"] * rs.decks,
                        jokers=CARDS_PER_PACK["JOKER"] * rs.decks,
                        twos=CARDS_PER_PACK["2"] * rs.decks,
                        black=CARDS_PER_PACK["3B"] * rs.decks,
                        red=CARDS_PER_PACK["3R"] * rs.decks,
                    )
                ],
            ),
        ],
    )


def table_list(rs: RuleSet) -> list[str]:
    """Every table the rule set seats, in words ("4 players in 2 sides of 2")."""
    tables = []
    for players in rs.players_allowed:
        variant = configure(rs, {"players": players})
        for sides in variant.sides_allowed:
            if players % sides:
                continue
            if players == sides:
                tables.append(_("%(n)s players, each for themselves", n=players))
            else:
                tables.append(_("%(n)s players in %(k)s sides of %(m)s", n=players, k=sides, m=players // sides))
    return tables


def dealing(rs: RuleSet) -> Topic:
    tables = table_list(rs)
    cutthroat = [
        _(
            "Cutthroat three-handed play: the first player to take the discard pile plays alone for the rest of the hand; the other two become partners, pool their melds, and each receives the partnership's score plus or minus their own red threes. If someone goes out before the pile was ever taken, that player is the lone hand."
        ),
        _(
            "With cutthroat each player draws %(draw)s cards, needs %(canastas)s canastas to go out, and the game is to %(target)s.",
            draw=CUTTHROAT["draw_count"],
            canastas=CUTTHROAT["canastas_to_go_out"],
            target=CUTTHROAT["target"],
        ),
    ]
    return Topic(
        "dealing",
        _("Players, dealing and the turn"),
        [
            Section(
                "side_count",
                _("Who plays"),
                [
                    _("This rule set is played by: %(tables)s.", tables="; ".join(tables)),
                    _("Partners sit opposite each other and score together; their melds are shared."),
                ],
            ),
            Section(
                "deal",
                _("The deal"),
                [
                    _(
                        "Each player receives %(deal)s cards. The rest is the stock, face down; its top card is turned up to start the discard pile.",
                        deal=rs.deal,
                    ),
                    *(
                        [
                            _(
                                "Each player also receives a second packet of %(foot)s cards face down, the foot, and picks it up once the hand is played out. Cards still held in the hand or the foot at the end count against the side.",
                                foot=rs.foot,
                            )
                        ]
                        if rs.foot
                        else []
                    ),
                    _("The deal passes one seat to the left after every hand."),
                ],
            ),
            Section(
                "turn",
                _("A turn"),
                [
                    _(
                        "Draw %(draw)s from the stock, or take the whole discard pile; then meld if you wish; then discard one card.",
                        draw=rs.draw_count,
                    )
                ],
            ),
            Section(
                "partners_not_allowed",
                _("Partners for one hand"),
                [
                    *cutthroat,
                    _("In this rule set cutthroat play is on.")
                    if rs.cutthroat
                    else _("In this rule set cutthroat play is off, so no hand has partners of its own."),
                ],
            ),
            Section(
                "partners_required",
                _("Naming the partners"),
                [
                    _(
                        "When a player goes out in cutthroat play, the score sheet needs to know which two players were partners against the lone hand."
                    )
                ],
            ),
        ],
    )


def melds(rs: RuleSet) -> Topic:
    wild_rule = (
        _("Wild cards may never outnumber the natural cards of a meld.")
        if rs.wilds_le_naturals
        else _("Nothing stops wild cards from equalling the natural cards, within the limit above.")
    )
    max_wilds = (
        ngettext(
            "A meld may hold at most %(num)s wild card.", "A meld may hold at most %(num)s wild cards.", rs.max_wilds
        )
        if rs.max_wilds is not None
        else _("There is no fixed limit on wild cards in a meld.")
    )
    return Topic(
        "melds",
        _("Melds"),
        [
            Section(
                "meld_ok",
                _("What a meld is"),
                [
                    _(
                        "A meld is a group of cards of one rank laid face up on the table, for example three kings. Runs such as 4-5-6 do not count."
                    ),
                    _("Partners build on the same melds; cards on the table stay there until the end of the hand."),
                ],
            ),
            Section(
                "meld_too_small",
                _("At least three cards"),
                [_("A meld starts with at least %(n)s cards.", n=rs.min_meld_size)],
            ),
            Section(
                "meld_min_naturals",
                _("Natural cards"),
                [
                    ngettext(
                        "Every meld needs at least %(num)s natural card (a card that is not wild).",
                        "Every meld needs at least %(num)s natural cards (cards that are not wild).",
                        rs.min_naturals,
                    )
                ],
            ),
            Section("meld_max_wilds", _("Wild cards in a meld"), [max_wilds]),
            Section("meld_wilds_exceed_naturals", _("Never more wild than natural"), [wild_rule]),
            Section(
                "meld_too_large",
                _("How big a meld may grow"),
                [
                    _("A meld may hold at most %(n)s cards.", n=rs.max_meld_size)
                    if rs.max_meld_size is not None
                    else _("A meld may keep growing after it becomes a canasta; extra cards add their points only.")
                ],
            ),
            Section(
                "duplicate_rank_meld",
                _("One meld per rank"),
                [
                    _("A side may keep two separate melds of the same rank.")
                    if rs.allow_duplicate_rank
                    else _("A side has one meld of each rank: new cards of that rank join it.")
                ],
            ),
            Section(
                "sevens_no_wilds",
                _("Sevens"),
                [
                    _("A meld of sevens may hold no wild cards.")
                    if rs.sevens_no_wilds
                    else _("Sevens are melded like any other rank.")
                ],
            ),
            *_sequences(rs),
        ],
    )


def _sequences(rs: RuleSet) -> list[Section]:
    """Melds in sequence (Samba): what makes one, and the rules the engine names when one is wrong."""
    if not rs.sequences:
        return [
            Section(
                "sequence_not_allowed",
                _("Sequences"),
                [_("Melds are of one rank: cards of one suit in sequence do not make a meld here.")],
                also=("sequence_with_wilds", "sequence_not_in_order", "sequence_cards"),
            )
        ]
    return [
        Section(
            "sequence_not_allowed",
            _("Sequences"),
            [
                _(
                    "Besides melds of one rank, a side may meld three or more cards of one suit in sequence, four low and ace high (threes never take part)."
                ),
                _("A sequence may grow to seven cards: then it is a samba, a canasta of its own."),
            ],
        ),
        Section("sequence_with_wilds", _("No wild cards in a sequence"), [_("A sequence may hold no wild cards.")]),
        Section(
            "sequence_not_in_order",
            _("In order, with no gap"),
            [_("Its cards follow each other with no gap: 8, 9, 10, jack is a sequence; 8, 9, jack is not.")],
        ),
        Section(
            "sequence_cards",
            _("Writing a sequence down"),
            [
                _(
                    "On the hand form a sequence is written from its lowest card to its highest; the app counts the cards between."
                )
            ],
        ),
    ]


def canastas(rs: RuleSet) -> Topic:
    count_bonus = sorted(rs.canasta_count_bonus.items())
    sections = [
        Section(
            "canasta_kinds",
            _("Canastas and their bonuses"),
            [
                _("A meld of %(n)s or more cards is a canasta.", n=rs.canasta_size),
                _("Its cards still count their points; the bonus comes on top."),
            ],
            rows=[
                (_("Natural canasta (no wild card)"), points(rs.natural_bonus)),
                (_("Mixed canasta (with wild cards)"), points(rs.mixed_bonus)),
                (
                    _("Wild-card canasta"),
                    points(rs.wild_meld.bonus) if rs.wild_meld else _("not in this rule set"),
                ),
                *([(_("Samba (seven cards of one suit in sequence)"), points(rs.samba_bonus))] if rs.sequences else []),
                *[
                    (_("Natural canasta of %(rank)s", rank=rank), points(bonus))
                    for rank, bonus in rs.rank_natural_bonus.items()
                ],
                *[
                    (_("Wild-card canasta with %(jokers)s jokers", jokers=jokers), points(bonus))
                    for jokers, bonus in sorted(rs.wild_canasta_bonus_by_jokers.items())
                ],
            ],
        ),
        Section(
            "canasta_min_naturals",
            _("Natural cards in a canasta"),
            [
                ngettext(
                    "A canasta needs at least %(num)s natural card.",
                    "A canasta needs at least %(num)s natural cards.",
                    rs.canasta_min_naturals,
                )
            ],
        ),
        Section(
            "canasta_count_bonus",
            _("Canastón and canasta de canastas"),
            [
                _("Bonuses for the number of canastas a side makes in one hand:")
                if count_bonus
                else _("This rule set gives no bonus for the number of canastas."),
            ]
            + (
                [
                    _("Only the largest bonus reached counts.")
                    if not rs.canasta_count_cumulative
                    else _("Every bonus reached counts.")
                ]
                if count_bonus
                else []
            ),
            rows=[
                (ngettext("%(num)s canasta", "%(num)s canastas", count), points(bonus)) for count, bonus in count_bonus
            ],
        ),
        Section(
            "canasta_required_for_positive",
            _("Canastas required for a positive score"),
            [
                _(
                    "A side short of the canastas needed to go out scores every card it melded or holds as minus points, red threes included."
                )
                if rs.canasta_required_for_positive
                else _("A side without canastas still scores its melds normally.")
            ],
        ),
    ]
    return Topic("canastas", _("Canastas"), sections)


def wild_cards(rs: RuleSet) -> Topic:
    wm = rs.wild_meld
    return Topic(
        "wild-cards",
        _("Wild cards"),
        [
            Section(
                "wild_cards",
                _("Jokers and twos"),
                [
                    _(
                        "Jokers (%(joker)s points) and twos (%(two)s points) are wild: they stand for any rank in a meld, keeping their own value.",
                        joker=rs.card_values["JOKER"],
                        two=rs.card_values["2"],
                    ),
                    _("A wild card thrown on the discard pile freezes it (see the discard pile)."),
                ],
            ),
            Section(
                "wild_meld_not_allowed",
                _("Melds of wild cards only"),
                [
                    _(
                        "A side may meld wild cards on their own: %(min)s to %(max)s cards; %(size)s make a wild-card canasta worth %(bonus)s.",
                        min=wm.min_start,
                        max=wm.max_size,
                        size=max(rs.canasta_size, wm.min_start),
                        bonus=wm.bonus,
                    )
                    if wm
                    else _("This rule set does not allow melds made only of wild cards.")
                ],
            ),
            Section(
                "wild_meld_too_small",
                _("Starting a wild-card meld"),
                [
                    (
                        _("A wild-card meld starts with at least %(n)s cards.", n=wm.min_start)
                        + " "
                        + (
                            _("A wild-card canasta counts toward going out.")
                            if wm.counts_for_going_out
                            else _("A wild-card canasta does not count toward going out: another canasta is needed.")
                        )
                    )
                    if wm
                    else _("Not in this rule set.")
                ],
            ),
        ],
    )


TOPICS = {
    "deck": deck,
    "dealing": dealing,
    "melds": melds,
    "canastas": canastas,
    "wild-cards": wild_cards,
}
