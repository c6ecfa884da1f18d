"""The family's reading of the cards (Burraco, Buraco, Burako): the deck, the deal, the packet, melds,
canastas, wild cards and the discard pile.

A game of the family is one whose ``family_melds`` is set; every number is read from it and from
``family_hand`` (engine/family_parameters.py), so a house rule changes what the page says. Facts: rules/family.md
and docs/rule-choices.md D16-D23.
"""

from __future__ import annotations

from ..engine.cards import CARDS_PER_PACK
from ..engine.family.cards import HIGH_ACE_PLACE
from ..engine.family_parameters import JOKER, FamilyHand, FamilyMelds
from ..engine.rulesets import RuleSet
from ..translation import _, ngettext, pgettext, translate
from .content import Section, Topic, points
from .content_cards import table_list

#: Cards a meld starts with, in every game of the family (engine/family/melds.py).
MELD_START = 3


def family(rs: RuleSet) -> tuple[FamilyMelds, FamilyHand]:
    """The rule set's family parameters (only a game of the family is read here)."""
    assert rs.family_melds is not None
    assert rs.family_hand is not None
    return rs.family_melds, rs.family_hand


def packet_word(rs: RuleSet) -> str:
    """The game's own word for the packet (pozzetto, morto, muerto), in the reader's language."""
    _melds, hand = family(rs)
    return translate(hand.packet_name)


def jokers_in_packs(rs: RuleSet) -> int:
    """The jokers in play: the packs' own, or none where the game leaves them out."""
    melds, _hand = family(rs)
    return CARDS_PER_PACK["JOKER"] * rs.decks if melds.jokers else 0


def card_value_line(melds: FamilyMelds) -> str:
    """The card values in a line: joker · two · ace · king to eight · seven to three (a dash for no joker)."""
    v = melds.card_values
    joker = str(v[JOKER]) if melds.jokers else "—"
    return " · ".join([joker, *(str(v[rank]) for rank in ("2", "A", "K", "7"))])


def deck(rs: RuleSet) -> Topic:
    melds, _hand = family(rs)
    v = melds.card_values
    jokers = jokers_in_packs(rs)
    cards = 52 * rs.decks + jokers
    pack = (
        _(
            "This game uses %(decks)s packs of 52 cards with their %(jokers)s jokers: %(cards)s cards in all.",
            decks=rs.decks,
            jokers=jokers,
            cards=cards,
        )
        if jokers
        else _(
            "This game uses %(decks)s packs of 52 cards without jokers: %(cards)s cards in all.",
            decks=rs.decks,
            cards=cards,
        )
    )
    rows = [(_("Joker"), points(v[JOKER]))] if melds.jokers else []
    rows += [
        (_("Two"), points(v["2"])),
        (_("Ace"), points(v["A"])),
        (_("King, queen, jack, ten, nine, eight"), points(v["K"])),
        (_("Seven, six, five, four, three"), points(v["7"])),
    ]
    return Topic(
        "deck",
        _("The deck and card values"),
        [
            Section(
                "deck",
                _("The deck"),
                [
                    pack,
                    _(
                        "Suits matter: a run is made of one suit. Threes are ordinary cards: this game has no red or black threes."
                    ),
                ],
            ),
            Section(
                "family_no_jokers",
                _("Jokers"),
                [
                    _("The jokers are wild cards, each worth %(points)s.", points=v[JOKER])
                    if melds.jokers
                    else _(
                        "This game is played without jokers, so a joker in a meld or in a hand is refused. A table that plays with them chooses so as a house rule; each is then worth %(points)s.",
                        points=v[JOKER],
                    )
                ],
            ),
            Section(
                "card_values",
                _("What each card is worth"),
                [_("Every card melded counts for its side; every card still held at the end counts against it.")],
                rows=rows,
            ),
            Section(
                "family_card_unknown",
                _("How a card is written"),
                [
                    _(
                        "On the hand form a card is its rank followed by its suit: A, 2 to 10, J, Q or K, then S for spades, H for hearts, D for diamonds or C for clubs. So 10H is the ten of hearts and AS the ace of spades; a joker is JK."
                    )
                ],
            ),
            Section(
                "family_cards_exceed_deck",
                _("No more cards than the packs hold"),
                [
                    _(
                        "Counting every side's melds and held cards together, an entry holds at most %(card)s of any one card (such as the queen of hearts), %(rank)s of any rank and %(jokers)s jokers.",
                        card=rs.decks,
                        rank=4 * rs.decks,
                        jokers=jokers,
                    )
                ],
            ),
        ],
    )


def dealing(rs: RuleSet) -> Topic:
    return Topic(
        "dealing",
        _("Players, dealing and the turn"),
        [
            Section(
                "side_count",
                _("Who plays"),
                [
                    _("This game is played by: %(tables)s.", tables="; ".join(table_list(rs))),
                    _(
                        "Partners sit opposite each other: they build on the same melds and share one %(packet)s.",
                        packet=packet_word(rs),
                    ),
                ],
            ),
            Section(
                "deal",
                _("The deal"),
                [
                    _(
                        "Each player receives %(deal)s cards. Then one %(packet)s of %(deal)s cards per side is set aside face down (see the %(packet)s).",
                        deal=rs.deal,
                        packet=packet_word(rs),
                    ),
                    _(
                        "The rest is the stock, face down; its top card is turned up to start the discard pile. The deal passes one seat to the left after every hand."
                    ),
                ],
            ),
            Section(
                "turn",
                _("A turn"),
                [
                    _(
                        "Draw the top card of the stock, or take the whole discard pile into the hand; then meld if you wish; then discard one card."
                    ),
                    *(
                        []
                        if rs.meld_minimum
                        else [_("There is no first-meld minimum: a side's first meld may be any legal meld.")]
                    ),
                ],
            ),
        ],
    )


def _packet_rule(hand: FamilyHand, word: str) -> str:
    """What going out asks of the side's packet (D22, D27), as the packet's topic says it (``word``: the game's)."""
    if not hand.going_out_needs_packet:
        return _("In these rules a side may go out without having taken its %(packet)s.", packet=word)
    if hand.going_out_with_packet_unplayed:
        return _(
            "A side goes out only after taking its %(packet)s, but not necessarily after playing from it: a partner may go out while the player who took it still holds it, and it then counts as taken and not played.",
            packet=word,
        )
    return _("A side goes out only after taking its %(packet)s and playing from it.", packet=word)


def packet(rs: RuleSet) -> Topic:
    _melds, hand = family(rs)
    word = packet_word(rs)
    unplayed = (
        _("its cards count against the side like cards held, and nothing more")
        if hand.packet_taken_unplayed == "cards"
        else points(-hand.packet_not_taken_penalty) + " " + _("(as if never taken)")
    )
    return Topic(
        "packet",
        _("The %(packet)s", packet=word),
        [
            Section(
                "packet",
                _("What the %(packet)s is", packet=word),
                [
                    _(
                        "Each side has one %(packet)s of %(deal)s cards, set aside at the deal. The first player of the side to run out of cards picks it up and plays on with it: straight away when the last cards were melded, at the next turn when the last card was discarded.",
                        deal=rs.deal,
                        packet=word,
                    ),
                    _packet_rule(hand, word),
                ],
            ),
            Section(
                "packet_scoring",
                _("What the %(packet)s costs", packet=word),
                [
                    _(
                        "A %(packet)s the side never reached costs it points, however the hand ended: on a going out or on the stock.",
                        packet=word,
                    )
                ],
                rows=[
                    (_("Never taken"), points(-hand.packet_not_taken_penalty)),
                    (_("Taken, and the hand ended before the side played from it"), unplayed),
                ],
            ),
            Section(
                "family_packet_unknown",
                _("Writing down the %(packet)s", packet=word),
                [
                    _(
                        "For each side the hand form asks what became of its %(packet)s: taken and played, never taken, or taken and not played. It cannot score the side without it.",
                        packet=word,
                    )
                ],
            ),
        ],
    )


def _sets(melds: FamilyMelds) -> list[str]:
    if not melds.sets_allowed:
        return [
            _(
                "This game has no sets: three kings are not a meld, only runs are. A table that melds sets chooses so as a house rule."
            )
        ]
    text = [
        _(
            "Cards of one rank make a set, such as three kings of any suits, with at most the one wild card; a two in a set is always wild. A set holds one rank only."
        )
    ]
    if melds.sets_only_of is not None:
        text.append(_("In these rules a set is only of %(ranks)s.", ranks=", ".join(sorted(melds.sets_only_of))))
    return text


def _aces(melds: FamilyMelds) -> str:
    if melds.ace_to_ace:
        return _(
            "An ace stands below the two or above the king, and a run may go all the way from ace to ace, the ace low and high at once."
        )
    if melds.ace_low_or_high:
        return _("An ace stands below the two or above the king, never both in one run.")
    return _("An ace stands above the king only.")


def melds_topic(rs: RuleSet) -> Topic:
    melds, _hand = family(rs)
    kinds = (
        _(
            "A meld is at least %(n)s cards laid face up: cards of one rank (a set, such as three kings) or cards of one suit in sequence (a run, such as the five, six and seven of hearts).",
            n=MELD_START,
        )
        if melds.sets_allowed
        else _(
            "A meld is a run: at least %(n)s cards of one suit in sequence, such as the five, six and seven of hearts.",
            n=MELD_START,
        )
    )
    wilds = ngettext(
        "A meld holds at most %(num)s wild card, a joker or a two.",
        "A meld holds at most %(num)s wild cards, jokers or twos.",
        melds.wilds_per_meld,
    )
    natural_two = (
        [
            _(
                "A two of the run's own suit standing in its own place, between the ace and the three, is not wild there: it is a natural card, and the run may still take a wild card besides (AH 2H 3H JK)."
            )
        ]
        if melds.natural_two_in_place
        else []
    )
    wild_meld = (
        _(
            "Jokers and twos may be melded on their own, in any mix, from %(n)s cards; the limit of wild cards does not apply to such a meld. Until it is a canasta it counts its cards only; %(size)s or more make a canasta of wild cards worth %(bonus)s.",
            n=MELD_START,
            size=melds.canasta_size,
            bonus=melds.wild_canasta_bonus,
        )
        if melds.wild_canasta_bonus is not None
        else _("A meld of wild cards only is not allowed: every meld needs natural cards.")
    )
    return Topic(
        "melds",
        _("Melds"),
        [
            Section(
                "meld_kinds",
                _("What a meld is"),
                [
                    kinds,
                    _("Partners build on the same melds; cards on the table stay there until the end of the hand."),
                ],
                also=("family_meld_ok",),
            ),
            Section(
                "family_no_minimum",
                _("No minimum for the first meld"),
                [_("A side's first meld of a hand may be worth any number of points: these games have no minimum.")],
            ),
            Section(
                "family_meld_too_small",
                _("At least three cards"),
                [_("A meld starts with at least %(n)s cards, a wild card among them if it has one.", n=MELD_START)],
            ),
            Section("family_meld_too_many_wilds", _("Wild cards in a meld"), [wilds, *natural_two]),
            Section(
                "family_sets_not_allowed",
                _("Sets"),
                _sets(melds),
                also=("family_set_rank_not_allowed", "family_set_mixed_ranks"),
            ),
            Section(
                "family_run_mixed_suits",
                _("Runs"),
                [
                    _(
                        "A run is of one suit and goes up one card at a time, each rank once; a wild card takes the place of the card it stands for."
                    ),
                    _(
                        "On the hand form a run is written from its lowest card to its highest, its wild card in the place it fills: 4H 5H JK 7H."
                    ),
                ],
                also=("family_run_gap", "family_run_duplicate_rank"),
            ),
            Section("family_run_ace_low_and_high", _("The ace"), [_aces(melds)]),
            Section(
                "family_run_too_long",
                _("How long a run may be"),
                [
                    _(
                        "A run holds at most %(naturals)s natural cards, and %(places)s cards in all.",
                        naturals=melds.max_run_naturals,
                        places=HIGH_ACE_PLACE,
                    ),
                    _(
                        "Nothing comes below a low ace or above a high ace, and a run never turns the corner from king to ace to two."
                    ),
                ],
                also=("family_run_past_the_ace",),
            ),
            Section("family_wild_meld_not_allowed", _("Melds of wild cards only"), [wild_meld]),
        ],
    )


def _kinds(melds: FamilyMelds) -> list[tuple[str, str]]:
    """The canastas' kinds and bonuses, each named agreeing with the game's word (a burraco pulito, a canasta
    limpia)."""
    if melds.canasta_word == "burraco":
        clean = pgettext("a burraco", "Clean (no wild card)")
        semi = pgettext("a burraco", "Semi-clean (one wild card beside the natural cards)")
        dirty = pgettext("a burraco", "Dirty (with a wild card)")
        ace_to_king = pgettext("a burraco", "Clean, from ace to king")
        ace_to_ace = pgettext("a burraco", "Clean, from ace to ace")
    else:
        clean = _("Clean (no wild card)")
        semi = _("Semi-clean (one wild card beside the natural cards)")
        dirty = _("Dirty (with a wild card)")
        ace_to_king = _("Clean, from ace to king")
        ace_to_ace = _("Clean, from ace to ace")
    rows = [(clean, points(melds.clean_bonus))]
    if melds.semi_clean:
        rows.append((semi, points(melds.semi_clean_bonus)))
    rows.append((dirty, points(melds.dirty_bonus)))
    if melds.ace_to_king_bonus is not None:
        rows.append((ace_to_king, points(melds.ace_to_king_bonus)))
    if melds.ace_to_ace_bonus is not None:
        rows.append((ace_to_ace, points(melds.ace_to_ace_bonus)))
    if melds.wild_canasta_bonus is not None:
        rows.append((_("Of wild cards only"), points(melds.wild_canasta_bonus)))
    return rows


def canastas(rs: RuleSet) -> Topic:
    melds, _hand = family(rs)
    burraco = melds.canasta_word == "burraco"
    rows = _kinds(melds)
    sections = [
        Section(
            "family_canastas",
            _("Burracos and their bonuses") if burraco else _("Canastas and their bonuses"),
            [
                _(
                    "A meld of %(n)s cards or more is a canasta: a burraco in Italy, a canastra in Brazil. Its cards still count their points; the bonus comes on top.",
                    n=melds.canasta_size,
                ),
                _("A two of the run's suit in its own place is a natural card, so it leaves a canasta clean.")
                if melds.natural_two_in_place
                else _("Any two is a wild card, so it makes a canasta dirty."),
                *(
                    []
                    if melds.semi_clean
                    else [_("A canasta with a wild card is dirty however long it is: there is no semi-clean one here.")]
                ),
            ],
            rows=rows,
        )
    ]
    if melds.semi_clean:
        where = (
            _("In these rules the wild card must stand at one end of the run.")
            if melds.semi_clean_wild_at_end
            else _(
                "In a run the wild card may stand anywhere, as long as %(n)s natural cards follow one another on one side of it.",
                n=melds.canasta_size,
            )
        )
        sections.append(
            Section(
                "semi_clean",
                _("The semi-clean burraco") if burraco else _("The semi-clean canasta"),
                [
                    _(
                        "A semi-clean canasta (burraco semipulito) holds one wild card beside at least %(n)s natural cards: a run with its wild card before or after %(n)s natural cards in an unbroken sequence, or a set of %(more)s or more cards with its one wild card. It earns %(bonus)s.",
                        n=melds.canasta_size,
                        more=melds.canasta_size + 1,
                        bonus=melds.semi_clean_bonus,
                    ),
                    where,
                ],
            )
        )
    sections.append(Section("long_runs", _("A run of the whole suit"), _long_runs(melds)))
    sections.append(
        Section(
            "family_claim_unsupported",
            _("Writing a canasta's kind"),
            [
                _(
                    "Beside a meld the table may write the kind of canasta it makes: %(kinds)s. What is written must be exactly what the cards make, or the entry is refused.",
                    kinds=", ".join(_claims(melds)),
                ),
                *(
                    [_("A clean run from ace to king written as clean is refused too: it earns more.")]
                    if melds.ace_to_king_bonus is not None
                    else []
                ),
            ],
            also=("family_claim_unknown",),
        )
    )
    return Topic("canastas", _("Burracos") if burraco else _("Canastas"), sections)


def _claims(melds: FamilyMelds) -> list[str]:
    """What a table may write beside a canasta in this game (engine/family/claims.py): its kind, or the
    bonus of a special one."""
    claims = ["clean", *(["semi"] if melds.semi_clean else []), "dirty"]
    specials = (melds.ace_to_king_bonus, melds.ace_to_ace_bonus, melds.wild_canasta_bonus)
    claims += sorted({str(bonus) for bonus in specials if bonus is not None}, key=int)
    if melds.wild_canasta_bonus is not None:
        claims.append("wild")
    return claims


def _long_runs(melds: FamilyMelds) -> list[str]:
    special = [
        _("from ace to king (13 cards): %(points)s", points=melds.ace_to_king_bonus)
        if melds.ace_to_king_bonus is not None
        else None,
        _("from ace to ace (14 cards): %(points)s", points=melds.ace_to_ace_bonus)
        if melds.ace_to_ace_bonus is not None
        else None,
    ]
    paid = [str(text) for text in special if text is not None]
    if not paid:
        return [
            _(
                "A clean run from ace to king earns no more than any clean canasta: %(points)s.",
                points=melds.clean_bonus,
            )
        ]
    return [
        _(
            "A clean run of the whole suit earns more, in place of the clean bonus: %(bonuses)s.",
            bonuses="; ".join(paid),
        ),
        _(
            "A run from a natural two to a high ace is an ordinary clean canasta; a run of the whole suit with a wild card is an ordinary dirty one."
        ),
    ]


def wild_cards(rs: RuleSet) -> Topic:
    melds, hand = family(rs)
    v = melds.card_values
    which = (
        _(
            "Jokers (%(joker)s points) and twos (%(two)s points) are wild: they stand for any card a meld needs, keeping their own value.",
            joker=v[JOKER],
            two=v["2"],
        )
        if melds.jokers
        else _(
            "Twos (%(two)s points) are the wild cards, since this game has no jokers: they stand for any card a meld needs, keeping their own value.",
            two=v["2"],
        )
    )
    return Topic(
        "wild-cards",
        _("Wild cards"),
        [
            Section(
                "wild_cards",
                _("Jokers and twos"),
                [
                    which,
                    ngettext(
                        "A meld holds at most %(num)s of them (see melds); a two of a run's suit in its own place is a natural card.",
                        "A meld holds at most %(num)s of them (see melds); a two of a run's suit in its own place is a natural card.",
                        melds.wilds_per_meld,
                    ),
                    _("A wild card is never the card discarded to go out.")
                    if not hand.wild_closing_discard
                    else _("A wild card may be the card discarded to go out."),
                ],
            )
        ],
    )


def discard_pile(rs: RuleSet) -> Topic:
    return Topic(
        "discard-pile",
        _("The discard pile"),
        [
            Section(
                "pile_take",
                _("Taking the pile"),
                [
                    _(
                        "Instead of drawing from the stock, a player may take the whole discard pile into the hand, however many cards it holds. Nothing freezes it and no meld is needed to take it."
                    )
                ],
                also=("family_pile_take",),
            )
        ],
    )


TOPICS = {
    "deck": deck,
    "dealing": dealing,
    "packet": packet,
    "melds": melds_topic,
    "canastas": canastas,
    "wild-cards": wild_cards,
    "discard-pile": discard_pile,
}
