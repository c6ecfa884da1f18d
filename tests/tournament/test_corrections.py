"""Corrections by phase (Codice di Gara, art. 19): free where no seating follows the standings; in a Danish phase
the next round re-drawn while its seating is unknown, the result only once it is known, none once the last
round has begun without the director's reason."""

from __future__ import annotations

import pytest

from scorekeeper.tournament.corrections import EventState, Outcome, Rule, correction, event_state, ruling
from scorekeeper.tournament.phases import PhaseKind, national
from scorekeeper.tournament.settings import SettingRefused

MITCHELL, DANISH, GROUPS = PhaseKind.MITCHELL, PhaseKind.DANISH, PhaseKind.DANISH_IN_GROUPS


@pytest.mark.parametrize("kind", [MITCHELL, PhaseKind.ROUND_ROBIN, PhaseKind.RANDOM])
def test_a_result_of_a_phase_independent_of_the_standings_is_corrected_freely(kind):
    for last_begun in (False, True):
        verdict = ruling(kind, EventState(kind, next_published=True, last_begun=last_begun))
        assert verdict.outcome is Outcome.FREE
        assert verdict.allowed


@pytest.mark.parametrize("kind", [DANISH, GROUPS])
def test_in_a_danish_phase_a_correction_redraws_the_next_round_while_its_seating_is_not_published(kind):
    verdict = ruling(kind, EventState(kind, next_published=False, last_begun=False))
    assert (verdict.outcome, verdict.rule) == (Outcome.REDRAW, Rule.NOT_PUBLISHED)


@pytest.mark.parametrize("kind", [DANISH, GROUPS])
def test_in_a_danish_phase_once_the_seating_is_published_only_the_result_is_corrected(kind):
    verdict = ruling(kind, EventState(kind, next_published=True, last_begun=False))
    assert (verdict.outcome, verdict.rule) == (Outcome.RESULT_ONLY, Rule.PUBLISHED)


def test_once_the_last_round_has_begun_a_danish_correction_is_refused_without_the_directors_reason():
    state = EventState(None, next_published=False, last_begun=True)
    refused = ruling(DANISH, state)
    assert (refused.outcome, refused.rule, refused.allowed) == (Outcome.NEEDS_REASON, Rule.LAST_ROUND, False)
    assert ruling(DANISH, state, reason="   ").outcome is Outcome.NEEDS_REASON  # blank is no reason
    ruled = ruling(DANISH, state, reason=" Both pairs agree the sum was wrong ")
    assert (ruled.outcome, ruled.rule) == (Outcome.RESULT_ONLY, Rule.DIRECTOR)
    assert ruled.reason == "Both pairs agree the sum was wrong"


def test_a_mitchell_correction_redraws_a_danish_round_drawn_since_while_unpublished_else_its_seating_stands():
    event = national(50)  # rounds 1-6 Mitchell, 7-8 Danish, 9-11 in groups
    assert correction(event, 6, drawn=7, published=False, last_begun=False).outcome is Outcome.REDRAW
    assert correction(event, 6, drawn=7, published=True, last_begun=False).outcome is Outcome.RESULT_ONLY
    assert correction(event, 3, drawn=5, published=False, last_begun=False).outcome is Outcome.FREE


def test_the_event_state_is_read_from_the_rounds_drawn_and_published():
    event = national(50)
    assert event_state(event, 7, drawn=8, published=True, last_begun=False) == EventState(DANISH, True, False)
    assert event_state(event, 8, drawn=8, published=True, last_begun=False) == EventState(GROUPS, False, False)
    assert event_state(event, 11, drawn=11, published=True, last_begun=True) == EventState(None, False, True)
    assert correction(event, 8, drawn=8, published=True, last_begun=False).outcome is Outcome.REDRAW
    assert correction(event, 9, drawn=11, published=True, last_begun=True).outcome is Outcome.NEEDS_REASON
    mitchell = correction(event, 2, drawn=11, published=True, last_begun=True)
    assert (mitchell.outcome, mitchell.allowed) == (Outcome.RESULT_ONLY, True)  # freely: no reason, seating stands
    with pytest.raises(SettingRefused):
        correction(event, 12, drawn=11, published=True, last_begun=True)
