"""The victory-point scale's decisive difference B, by rule set and round length (bench/victory.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scorekeeper.engine import RULESETS
from scorekeeper.tournament import DECISIVE, VictoryScale, default_decisive

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from victory import TWO_SIDED, decisive, round_differences


def test_every_rule_set_a_night_seats_in_two_sides_has_a_b_for_every_round_length():
    assert set(DECISIVE) == set(TWO_SIDED)
    assert all(set(by_length) == {1, 2, 3, 4, None} for by_length in DECISIVE.values())
    assert all(ruleset_id in RULESETS for ruleset_id in DECISIVE)


@pytest.mark.parametrize("ruleset_id", sorted(DECISIVE))
def test_b_grows_with_the_rounds_length(ruleset_id):
    by_length = DECISIVE[ruleset_id]
    assert [by_length[n] for n in (1, 2, 3, 4)] == sorted(by_length[n] for n in (1, 2, 3, 4))
    assert by_length[4] < default_decisive(ruleset_id, 6) < by_length[None] * 2


@pytest.mark.parametrize(("ruleset_id", "hands"), [("classic", 3), ("samba", 2), ("modern_american", 1)])
def test_the_table_agrees_with_the_engine_on_fresh_rounds(ruleset_id, hands):
    """Rounds other than the bench's (another seed, fewer): B within a fifth of the table's."""
    fresh = decisive(round_differences(ruleset_id, hands, rounds=400, seed=99))
    assert abs(fresh - DECISIVE[ruleset_id][hands]) <= DECISIVE[ruleset_id][hands] / 5


def test_minutes_are_read_as_hands_of_fifty_thirds_of_a_minute_and_a_game_takes_its_own():
    assert default_decisive("classic", minutes=50) == DECISIVE["classic"][3]
    assert default_decisive("classic", minutes=5) == DECISIVE["classic"][1]
    assert default_decisive("classic") == DECISIVE["classic"][None]
    assert default_decisive("classic_3p", 2) == DECISIVE["classic"][2]  # not seated in pairs: the classic's
    with pytest.raises(ValueError, match="at least one hand"):
        default_decisive("classic", 0)


def test_at_b_the_difference_is_worth_twenty_to_nothing():
    b = default_decisive("samba", 3)
    assert VictoryScale(b).points(b, 0) == (20.0, 0.0)
    assert VictoryScale(b).points(0, b - 50)[1] < 20.0
