"""The rules reference: its topics and the index of rule ids to the topic that explains each."""

from __future__ import annotations

#: The reference's pages, in reading order (slug used in URLs).
TOPICS: tuple[str, ...] = (
    "deck",
    "dealing",
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
    "glossary",
)

#: Every rule id the engine reports (score-api.md's table and the engine's own), by topic.
RULE_TOPICS: dict[str, str] = {
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
}


#: Every anchor a message or an answer may link to.
ANCHORS: dict[str, str] = {**RULE_TOPICS, **ANSWER_TOPICS}


def rule_topic(rule: str) -> str:
    """The topic that explains a rule."""
    return ANCHORS.get(rule, "scoring")


def rule_help_path(rule: str, ruleset_id: str = "classic") -> str:
    """Where the reference explains a rule: /rules/<topic>#<rule id>, read for the rule set."""
    reading = "" if ruleset_id == "classic" else f"?set={ruleset_id}"
    return f"/rules/{rule_topic(rule)}{reading}#{rule}"
