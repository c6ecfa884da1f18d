"""The rules reference: its topics and the index of rule ids to the topic that explains each."""

from __future__ import annotations

from ..engine.rulesets import RuleSet

#: The reference's pages, in reading order (slug used in URLs); a rule set reads those that apply to it
#: (``topics_for``).
TOPICS: tuple[str, ...] = (
    "deck",
    "dealing",
    "packet",
    "melds",
    "canastas",
    "wild-cards",
    "red-threes",
    "black-threes",
    "discard-pile",
    "initial-meld",
    "going-out",
    "end-of-hand",
    "scoring",
    "winning",
    "penalties",
    "sources",
    "glossary",
)

#: Canasta's threes: no game of the family has them (a three is an ordinary card there).
THREE_TOPICS = frozenset({"red-threes", "black-threes"})
#: The family's own topics: each side's packet, and where the family's sources part ways.
FAMILY_TOPICS = frozenset({"packet", "sources"})


def is_family(ruleset: RuleSet) -> bool:
    """Whether the rule set is a game of the Canasta family (Burraco, Buraco, Burako): its own reading."""
    return ruleset.family_melds is not None


def topics_for(ruleset: RuleSet) -> tuple[str, ...]:
    """The topics that apply to a rule set, in reading order: a game of the family has no threes and no
    first-meld minimum, and Canasta's rule sets have no packet and no sources of the family to compare."""
    left_out: set[str] = set()
    if is_family(ruleset):
        left_out |= THREE_TOPICS
    else:
        left_out |= FAMILY_TOPICS
    if not ruleset.meld_minimum:
        left_out.add("initial-meld")
    return tuple(slug for slug in TOPICS if slug not in left_out)


#: Every rule id Canasta's engine reports (score-api.md's table and the engine's own), by topic.
CANASTA_RULE_TOPICS: dict[str, str] = {
    "side_count": "dealing",
    "partners_not_allowed": "dealing",
    "partners_required": "dealing",
    "negative_count": "scoring",
    "not_multiple_of_five": "scoring",
    "quick_canastas_exceed_meld_points": "scoring",
    "deck_limit": "deck",
    "red_threes_exceed_deck": "red-threes",
    "red_three_in_hand": "red-threes",
    "meld_too_small": "melds",
    "meld_min_naturals": "melds",
    "meld_max_wilds": "melds",
    "meld_wilds_exceed_naturals": "melds",
    "meld_too_large": "melds",
    "duplicate_rank_meld": "melds",
    "sevens_no_wilds": "melds",
    "sequence_not_allowed": "melds",
    "sequence_with_wilds": "melds",
    "sequence_not_in_order": "melds",
    "sequence_cards": "melds",
    "canasta_min_naturals": "canastas",
    "wild_meld_not_allowed": "wild-cards",
    "wild_meld_too_small": "wild-cards",
    "black_three_meld_without_going_out": "black-threes",
    "black_three_meld_wilds": "black-threes",
    "black_three_meld_size": "black-threes",
    "black_three_meld_not_allowed": "black-threes",
    "two_sides_out": "going-out",
    "concealed_without_going_out": "going-out",
    "go_out_without_canastas": "going-out",
    "go_out_unfinished_wild_meld": "going-out",
    "hand_not_empty_after_going_out": "going-out",
    "special_hand_without_going_out": "going-out",
    "special_hand_after_melding": "going-out",
}

#: The rule ids both Canasta's scoring and the family's report (their topics read either way).
SHARED_RULES = frozenset(
    {
        "side_count",
        "two_sides_out",
        "negative_count",
        "not_multiple_of_five",
        "quick_canastas_exceed_meld_points",
        "hand_not_empty_after_going_out",
    }
)

#: Every rule id the family's engine reports (engine/family_*.py) beyond the shared ones, by topic of the
#: family's reading.
FAMILY_RULE_TOPICS: dict[str, str] = {
    "family_card_unknown": "deck",
    "family_cards_exceed_deck": "deck",
    "family_no_jokers": "deck",
    "family_packet_unknown": "packet",
    "family_meld_too_small": "melds",
    "family_meld_too_many_wilds": "melds",
    "family_wild_meld_not_allowed": "melds",
    "family_sets_not_allowed": "melds",
    "family_set_rank_not_allowed": "melds",
    "family_set_mixed_ranks": "melds",
    "family_run_mixed_suits": "melds",
    "family_run_duplicate_rank": "melds",
    "family_run_gap": "melds",
    "family_run_ace_low_and_high": "melds",
    "family_run_too_long": "melds",
    "family_run_past_the_ace": "melds",
    "family_claim_unknown": "canastas",
    "family_claim_unsupported": "canastas",
    "family_going_out_how": "going-out",
    "family_going_out_without_packet": "going-out",
    "family_going_out_without_canasta": "going-out",
    "family_going_out_without_clean_canasta": "going-out",
    "family_going_out_without_discard": "going-out",
    "family_going_out_on_a_wild_discard": "going-out",
    "family_closing_discard_without_going_out": "going-out",
    "family_quick_canasta_kind": "scoring",
    "family_not_in_this_game": "scoring",
}

#: Every rule id the engine reports, Canasta's and the family's, by topic.
RULE_TOPICS: dict[str, str] = {**CANASTA_RULE_TOPICS, **FAMILY_RULE_TOPICS}

#: The rules the referee tools answer with in a game of the family (Burraco, Buraco, Burako;
#: engine/family/referee.py), by topic; a refusal carries the family's engine's own rule id.
FAMILY_ANSWER_TOPICS: dict[str, str] = {
    "family_going_out": "going-out",
    "family_pile_take": "discard-pile",
    "family_meld_ok": "melds",
    "family_canastas": "canastas",
    "family_no_minimum": "melds",
}

#: The rules the referee tools answer with, by topic.
ANSWER_TOPICS: dict[str, str] = {
    "meld_ok": "melds",
    "canasta_kinds": "canastas",
    "pile_take": "discard-pile",
    "pile_needs_match": "discard-pile",
    "pile_frozen": "discard-pile",
    "pile_black_three": "discard-pile",
    "pile_wild_top": "discard-pile",
    "pile_before_first_meld": "discard-pile",
    "initial_meld_minimum": "initial-meld",
    "go_out_cards_left": "going-out",
    "going_out": "going-out",
    "going_out_concealed": "going-out",
    **FAMILY_ANSWER_TOPICS,
}


#: Every anchor a message or an answer may link to.
ANCHORS: dict[str, str] = {**RULE_TOPICS, **ANSWER_TOPICS}


def anchors_for(ruleset: RuleSet) -> dict[str, str]:
    """The anchors a rule set's pages hold: the rule ids its engine reports (and, for Canasta's rule sets,
    the referee tools' answers), each on its topic."""
    if is_family(ruleset):
        family = {
            rule: slug for rule, slug in RULE_TOPICS.items() if rule in FAMILY_RULE_TOPICS or rule in SHARED_RULES
        }
        return family | FAMILY_ANSWER_TOPICS
    return {
        rule: slug
        for rule, slug in ANCHORS.items()
        if rule not in FAMILY_RULE_TOPICS and rule not in FAMILY_ANSWER_TOPICS
    }


def rule_topic(rule: str) -> str:
    """The topic that explains a rule."""
    return ANCHORS.get(rule, "scoring")


def rule_help_path(rule: str, ruleset_id: str = "classic") -> str:
    """Where the reference explains a rule: /rules/<topic>#<rule id>, read for the rule set."""
    reading = "" if ruleset_id == "classic" else f"?set={ruleset_id}"
    return f"/rules/{rule_topic(rule)}{reading}#{rule}"
