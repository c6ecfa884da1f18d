"""What a table of the round in play waits for, decided from its result and its halves (no database): the
sentences the director reads on the board, most pressing first, each pair named by its players, nothing for a
table whose result counts."""

from __future__ import annotations

import pytest

from scorekeeper.engine import RuleViolation
from scorekeeper.services.night.night_results import TableResult
from scorekeeper.services.night.table_waits import table_waits
from scorekeeper.services.table.halves_state import Agreement, Half, Halves, Pending, Word

PAIRS = (5, 2)  # north-south is pair 5, east-west pair 2
NAMES = {5: "Ana & Luis", 2: "Bea & Juan"}  # each pair's players, as the night's pages write them
PLAYING = TableResult((120, 90), finished=False, agreed=False)
FINISHED = TableResult((1200, 900), finished=True, agreed=False)
COUNTS = TableResult((1200, 900), finished=True, agreed=True)
TIME_UP = TableResult((120, 90), finished=False, agreed=False, time_up=True)
HALF = Half({}, None, 1)


def halves(
    *, hands: dict[int, tuple[Word | None, Word | None]] | None = None, pending: Pending | None = None
) -> Halves:
    made = {number: Agreement(number, 1, words) for number, words in (hands or {}).items()}
    return Halves(pending, made, {})


def sentences(*args) -> list[str]:
    return [wait.sentence(NAMES).render() for wait in table_waits(*args)]


def test_a_disputed_hand_names_the_players_of_the_pair_that_says_not_right_and_quotes_its_remark():
    words = (Word(0, agreed=False, disputed_side=1, remark="the 3 of hearts was not ours"), Word(1, agreed=True))
    found = sentences(3, PAIRS, FINISHED, 5, halves(hands={4: words}))
    assert found == ["Table 3: hand 4 disputed by Ana & Luis — “the 3 of hearts was not ours”"]


def test_a_dispute_without_a_remark_says_only_who_disputes_which_hand():
    words = (Word(0, agreed=True), Word(1, agreed=False, disputed_side=0))
    assert sentences(1, PAIRS, PLAYING, 3, halves(hands={2: words})) == ["Table 1: hand 2 disputed by Bea & Juan"]


def test_a_half_missing_names_the_players_of_the_pair_still_counting_and_the_hand():
    pending = Pending(2, (HALF, None))
    found = sentences(2, PAIRS, PLAYING, 2, halves(pending=pending))
    assert found == ["Table 2: waiting for Bea & Juan's half of hand 2"]


def test_a_hand_being_played_with_no_half_in_yet_waits_for_nothing():
    assert sentences(2, PAIRS, PLAYING, 2, halves(pending=Pending(2, (None, None)))) == []


def test_halves_that_contradict_each_other_are_said_once_for_the_hand():
    pending = Pending(3, (HALF, HALF), (RuleViolation("going_out", "Both sides went out", {}, None, None),))
    assert sentences(6, PAIRS, PLAYING, 3, halves(pending=pending)) == [
        "Table 6: the halves of hand 3 do not fit together"
    ]


def test_all_hands_in_and_nobody_agreed_is_said_for_one_recorder_and_for_halves():
    assert sentences(4, PAIRS, FINISHED, 4, None) == ["Table 4: all hands in, not agreed yet"]
    unsaid = halves(hands={3: (Word(0, agreed=True), None)})
    assert sentences(4, PAIRS, FINISHED, 4, unsaid) == ["Table 4: all hands in, not agreed yet"]


def test_time_up_names_the_hand_in_play_and_a_half_still_to_come():
    assert sentences(1, PAIRS, TIME_UP, 3, None) == ["Table 1: time is up, hand 3 in play"]
    pending = Pending(3, (None, HALF))
    assert sentences(1, PAIRS, TIME_UP, 3, halves(pending=pending)) == [
        "Table 1: time is up, hand 3 in play",
        "Table 1: waiting for Ana & Luis's half of hand 3",
    ]


@pytest.mark.parametrize("result", [COUNTS, TableResult((500, 0), finished=True, agreed=True)])
def test_a_table_whose_result_counts_waits_for_nothing(result):
    words = (Word(0, agreed=False, disputed_side=1, remark="old"), None)
    assert table_waits(1, PAIRS, result, 4, halves(hands={2: words}, pending=Pending(4, (HALF, None)))) == ()


def test_a_table_playing_its_hands_by_one_recorder_waits_for_nothing():
    assert table_waits(1, PAIRS, PLAYING, 2, None) == ()
