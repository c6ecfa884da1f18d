"""What a table of the round in play waits for, decided from its result, its halves and its phones (no database):
the sentences the director reads on the board, most pressing first, each pair named by its players, nothing for a
table whose result counts; a table waiting for its phones is not said to be late."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from scorekeeper.engine import RuleViolation
from scorekeeper.services.night.night_results import TableResult
from scorekeeper.services.night.table_waits import table_waits
from scorekeeper.services.table.halves_state import Agreement, Half, Halves, Pending, Word
from scorekeeper.services.table.phones_heard import QUIET, Heard, phones_wait
from scorekeeper.store.models import EDIT_LINK

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


# ---- a table waiting for its phones (no connection at the table, or a change waiting for a player's choice) ----


def test_a_table_waiting_for_its_phones_is_said_so_instead_of_late():
    pending = Pending(3, (None, HALF))  # what looks missing may be on a phone with no connection
    waits = table_waits(1, PAIRS, TIME_UP, 3, halves(pending=pending), "kept")
    found = [wait.sentence(NAMES).render() for wait in waits]
    assert found == ["Table 1: waiting for its phones"]
    finished = [wait.sentence(NAMES).render() for wait in table_waits(4, PAIRS, FINISHED, 4, None, "quiet")]
    assert finished == ["Table 4: waiting for its phones"]


def test_a_dispute_and_halves_that_do_not_fit_are_still_said_beside_the_phones():
    words = (Word(0, agreed=False, disputed_side=1, remark="the 3 of hearts"), Word(1, agreed=True))
    misfit = Pending(5, (HALF, HALF), (RuleViolation("going_out", "Both sides went out", {}, None, None),))
    waits = table_waits(3, PAIRS, PLAYING, 5, halves(hands={4: words}, pending=misfit), "kept")
    assert [wait.sentence(NAMES).render() for wait in waits] == [
        "Table 3: hand 4 disputed by Ana & Luis — “the 3 of hearts”",
        "Table 3: waiting for its phones",
        "Table 3: the halves of hand 5 do not fit together",
    ]


def test_a_table_whose_phones_wait_but_whose_result_counts_waits_for_nothing():
    assert table_waits(1, PAIRS, COUNTS, 4, None, "kept") == ()


NOW = datetime(2026, 11, 28, 21, 0)


def test_a_table_whose_phones_only_went_quiet_while_it_is_not_late_waits_for_nothing_more():
    # its players are playing, their screens off: nothing to say, as for a table whose phones are heard
    assert table_waits(1, PAIRS, PLAYING, 2, halves(), "quiet") == table_waits(1, PAIRS, PLAYING, 2, halves()) == ()
    words = (Word(0, agreed=False, disputed_side=1, remark="the 3 of hearts"), Word(1, agreed=True))
    disputed = table_waits(3, PAIRS, PLAYING, 5, halves(hands={4: words}), "quiet")
    assert [wait.kind for wait in disputed] == ["disputed"]
    kept = [wait.sentence(NAMES).render() for wait in table_waits(2, PAIRS, PLAYING, 2, halves(), "kept")]
    assert kept == ["Table 2: waiting for its phones"]  # a phone keeps what the server has not: said even so


@pytest.mark.parametrize(
    ("links", "said"),
    [
        ({}, None),  # no phone opened the table's links yet: its players have not begun
        ({0: Heard(NOW - timedelta(seconds=30), 0), 1: Heard(NOW - timedelta(seconds=5), 0)}, None),
        ({0: Heard(NOW - timedelta(seconds=30), 0), 1: Heard(NOW - QUIET - timedelta(seconds=1), 0)}, "quiet"),
        ({EDIT_LINK: Heard(NOW - timedelta(seconds=2), 1)}, "kept"),  # it said it keeps a change the server has not
        ({0: Heard(NOW - QUIET * 3, 2), 1: Heard(NOW - QUIET * 4, 0)}, "kept"),  # its last word, however long ago
    ],
)
def test_a_tables_phones_say_they_keep_changes_or_went_quiet(links, said):
    assert phones_wait(links, NOW) == said
