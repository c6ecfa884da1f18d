"""How the pages name each house-rule option and its choices (both languages via Babel)."""

from __future__ import annotations

from ..engine.i18n import N_
from ..engine.rulesets import RuleSet

#: Option name -> (label, one-line help).
OPTION_TEXT: dict[str, tuple[str, str]] = {
    "target": (N_("Game to"), N_("Points that end the game.")),
    "target_rule": (N_("Ending the game"), N_("Whether reaching the target is enough, or it must be passed.")),
    "tie_policy": (N_("A tie at the top"), N_("When the game would end with two sides level.")),
    "special_garbage": (
        N_("Garbage (a special hand) scores"),
        N_("2000 in one rule text, 3000 in the Canasta League of America's."),
    ),
    "go_out_forbids_unfinished_wild_meld": (
        N_("No going out with an unfinished meld of wild cards"),
        N_(
            "A side may not go out while its meld of wild cards is not yet a canasta (otherwise it is charged"
            " its penalty)."
        ),
    ),
    "canastas_to_go_out": (N_("Canastas to go out"), N_("How many canastas a side needs before going out.")),
    "go_out_bonus": (N_("Going-out bonus"), N_("Points for going out.")),
    "concealed_total": (
        N_("Going out concealed, in all"),
        N_("Points for going out in one turn, instead of the going-out bonus. Empty: no extra."),
    ),
    "min_naturals": (N_("Natural cards in a meld, at least"), N_("Natural cards every meld needs.")),
    "max_wilds": (N_("Wild cards in a meld, at most"), N_("Empty: no fixed limit.")),
    "wilds_le_naturals": (
        N_("Wild cards never outnumber naturals"),
        N_("A meld may not hold more wild cards than natural cards."),
    ),
    "red3_negative_when": (N_("Red threes count against a side when"), N_("When red threes are minus points.")),
    "red_three_in_hand": (N_("A red three left in hand"), N_("What a red three still held at the end does.")),
    "black_three_four_bonus": (
        N_("Four black threes melded going out"),
        N_("Bonus for a meld of all four black threes when going out (0: none)."),
    ),
    "four_black_threes_in_hand_penalty": (
        N_("Four black threes left in hand"),
        N_("Penalty for holding all four black threes at the end (0: none)."),
    ),
    "allow_duplicate_rank": (
        N_("Two melds of one rank"),
        N_("Allow a side two separate melds of the same rank."),
    ),
    "canasta_required_for_positive": (
        N_("Canastas required for a positive score"),
        N_("Without the canastas needed to go out, every card counts against the side."),
    ),
    "black_three_freezes": (N_("A black three freezes the pile"), N_("Instead of stopping the next player only.")),
    "canasta_count_cumulative": (
        N_("Canastón and canasta de canastas add up"),
        N_("Seven canastas earn both bonuses instead of the larger one."),
    ),
    "cutthroat": (
        N_("Cutthroat"),
        N_("The first to take the pile plays alone against the other two; draw 2, two canastas, game to 7500."),
    ),
    "top_card_counts_for_minimum": (
        N_("The pile's top card counts toward the minimum"),
        N_("Off: its value is added to the minimum instead."),
    ),
    "canastas_count_for_minimum": (
        N_("Canasta bonuses count toward the minimum"),
        N_("Hoyle's option for the first meld."),
    ),
    "min_150_from_7000": (
        N_("First meld of 150 from 7000"),
        N_("Instead of 160, as some descriptions of Samba give it."),
    ),
    "bolivia": (
        N_("Bolivia"),
        N_(
            "Melds of three to seven wild cards (seven make a bolivia, 2500); one of the two canastas to go out "
            "must be an escalera; game to 15000; 150 from 7000; a black three left in hand costs 100."
        ),
    ),
    "min_by_round": (
        N_("First-meld minimum by round"),
        N_(
            "60, 90, 120 and 150 in rounds 1 to 4. "
            "Off: by the side's score, 50, 90, 120 and 150 from 0, 2500, 5000 and 7500."
        ),
    ),
    "red_three_in_hand_penalty": (
        N_("A red three caught in hand costs"),
        N_("Points against the side for each red three still held at the end."),
    ),
    # The family's (Burraco, Buraco, Burako; rules/family.md §3): each house rule its sources disagree on.
    "semi_clean": (
        N_("Semi-clean canastas"),
        N_("A canasta whose one wild card stands beside seven natural cards scores 150, not 100."),
    ),
    "semi_clean_wild_at_end": (
        N_("Semi-clean only with the wild card at one end"),
        N_("Off: the wild card may stand anywhere, with seven natural cards in a row beside it."),
    ),
    "ace_to_king_bonus": (
        N_("A clean canasta from ace to king scores"),
        N_("In place of the clean canasta's bonus. Empty: it is an ordinary clean canasta."),
    ),
    "ace_to_ace_bonus": (
        N_("A clean canasta from ace to ace scores"),
        N_("In place of the clean canasta's bonus. Empty: it is an ordinary clean canasta."),
    ),
    "wild_canasta_bonus": (
        N_("A canasta of wild cards scores"),
        N_("Seven jokers and twos melded together. Empty: no meld of wild cards only."),
    ),
    "table_minus_without_clean": (
        N_("Without a clean canasta, the table counts against the side"),
        N_("The cards it melded count minus and its canastas earn no bonus."),
    ),
    "going_out_needs_canasta": (
        N_("To go out, a side needs"),
        N_("Besides taking its %(packet)s."),
    ),
    "going_out_with_packet_unplayed": (
        N_("Going out with the %(packet)s taken but not yet played"),
        N_(
            "The partner who took it still holds it, and it counts against the side as a %(packet)s not played."
            " Off: the %(packet)s must be played first."
        ),
    ),
    "going_out_with_discard": (N_("How a side goes out"), N_("How the last card leaves the hand.")),
    "wild_closing_discard": (
        N_("Going out by discarding a wild card is allowed"),
        N_("Off: the last discard may not be a joker or a two."),
    ),
    "no_going_out_bonus_on_stock_out": (
        N_("No going-out bonus when the stock runs out"),
        N_("A side that goes out on the last cards of the stock scores nothing for it."),
    ),
    "jokers": (N_("Play with jokers"), N_("Four jokers join the two packs: 108 cards instead of 104.")),
    "joker_value": (N_("A joker counts"), N_("Its points, melded or left in hand.")),
    "sets_allowed": (N_("Melds of one rank (sets)"), N_("Off: runs of one suit only.")),
    "ace_to_ace": (
        N_("Runs from ace to ace"),
        N_("An ace may stand below the two and above the king in one run of 14 cards."),
    ),
}

#: The family's house rules where the game's tables call a canasta a burraco (``FamilyMelds.canasta_word``):
#: burraco pulito, semipulito, sporco [FB][EBCH].
BURRACO_OPTION_TEXT: dict[str, tuple[str, str]] = {
    "semi_clean": (
        N_("Semi-clean burracos"),
        N_("A burraco whose one wild card stands beside seven natural cards scores 150, not 100."),
    ),
    "semi_clean_wild_at_end": (
        N_("A semi-clean burraco only with the wild card at one end"),
        N_("Off: the wild card may stand anywhere, with seven natural cards in a row beside it."),
    ),
    "ace_to_king_bonus": (
        N_("A clean burraco from ace to king scores"),
        N_("In place of the clean burraco's bonus. Empty: it is an ordinary clean burraco."),
    ),
    "ace_to_ace_bonus": (
        N_("A clean burraco from ace to ace scores"),
        N_("In place of the clean burraco's bonus. Empty: it is an ordinary clean burraco."),
    ),
    "wild_canasta_bonus": (
        N_("A burraco of wild cards scores"),
        N_("Seven jokers and twos melded together. Empty: no meld of wild cards only."),
    ),
    "table_minus_without_clean": (
        N_("Without a clean burraco, the table counts against the side"),
        N_("The cards it melded count minus and its burracos earn no bonus."),
    ),
}

#: Options of the family whose values are a few fixed words (None among them): value -> label, in order.
OPTION_CHOICES: dict[str, tuple[tuple[str | None, str], ...]] = {
    "going_out_needs_canasta": (
        ("any", N_("a canasta of any kind")),
        ("clean", N_("a clean canasta (no wild card)")),
        (None, N_("no canasta")),
    ),
    "going_out_with_discard": (
        ("required", N_("only by discarding the last card")),
        ("either", N_("by discarding the last card or by melding it")),
    ),
}

#: The same, where the game's tables call a canasta a burraco.
BURRACO_OPTION_CHOICES: dict[str, tuple[tuple[str | None, str], ...]] = {
    **OPTION_CHOICES,
    "going_out_needs_canasta": (
        ("any", N_("a burraco of any kind")),
        ("clean", N_("a clean burraco (no wild card)")),
        (None, N_("no burraco")),
    ),
}


def option_text(name: str, ruleset: RuleSet) -> tuple[str, str]:
    """An option's label and one-line help as the game's pages name them (untranslated; a help may name the
    game's packet, ``%(packet)s``): a burraco where the game's tables say so."""
    if ruleset.family_melds is not None and ruleset.family_melds.canasta_word == "burraco":
        return BURRACO_OPTION_TEXT.get(name) or OPTION_TEXT.get(name, (name, ""))
    return OPTION_TEXT.get(name, (name, ""))


def option_choices(name: str, ruleset: RuleSet) -> tuple[tuple[str | None, str], ...] | None:
    """An option's few fixed values and their words (untranslated) as the game's pages name them, or None."""
    burraco = ruleset.family_melds is not None and ruleset.family_melds.canasta_word == "burraco"
    return (BURRACO_OPTION_CHOICES if burraco else OPTION_CHOICES).get(name)


#: Choice value -> label, for options with a fixed set of values.
#: Modern American's special hands, as the pages name them (engine.cards.SPECIAL_HANDS).
SPECIAL_HAND_NAMES: dict[str, str] = {
    "straight": N_("Straight"),
    "pairs": N_("Pairs, without wild cards"),
    "pairs_wild": N_("Pairs, with wild cards"),
    "garbage": N_("Garbage"),
}

CHOICE_TEXT: dict[str, str] = {
    "reach": N_("reaching it is enough"),
    "exceed": N_("it must be passed"),
    "play_on": N_("play another hand"),
    "draw": N_("the game is a draw"),
    "went_out": N_("the side that went out wins"),
    "no_meld": N_("the side has melded nothing"),
    "no_meld_and_opponent_out": N_("the side melded nothing and another went out"),
    "no_canasta": N_("the side has no canasta"),
    "fewer_than_2_canastas": N_("the side has fewer than two canastas"),
    "never": N_("never"),
    "penalty": N_("costs a penalty"),
    "invalid": N_("cannot happen (laid down at once)"),
    "card5": N_("counts 5 like a card"),
}
