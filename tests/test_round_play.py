"""A round in play at a club night: the director moving a pair before its table begins, and a round of N
minutes, where a table has finished once the hand in play at the bell is in (or its players say none was)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from scorekeeper import services
from scorekeeper.services import night as nights
from scorekeeper.services.night import night_results, round_play
from scorekeeper.store.database import db
from scorekeeper.store.models import Game, now
from scorekeeper.store.nights import Night, NightLog, NightRound

from .helpers import record, reseated_meanwhile, side

PAIRS = [("Ana", "Luis"), ("Bea", "Juan"), ("Cris", "Dani"), ("Eva", "Fede"), ("Gala", "Hugo")]


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield


def night_with(count: int, **settings) -> Night:
    new = nights.NewNight(
        name="Martes", held_on=date(2026, 11, 24), ruleset_id="classic", **{"round_length": 1, **settings}
    )
    night = nights.start_night(new)
    for players in PAIRS[:count]:
        nights.add_pair(night, players)
    return night


def fresh(night: Night) -> Night:
    db.session.expire_all()
    return db.session.get(Night, night.id)


def seating(played: NightRound) -> tuple[list[tuple[int, int, int]], list[int]]:
    return [(t.number, t.north_south, t.east_west) for t in played.tables], list(played.byes)


def game_at(played: NightRound, number: int) -> Game:
    return db.session.get(Game, next(t.game_id for t in played.tables if t.number == number))


def names(game: Game) -> list[str]:
    return [s.name for s in game.sides]


def finish(night: Night) -> None:
    """Every table of the round in play records its one hand and agrees to it."""
    for table in fresh(night).played[-1].tables:
        game = db.session.get(Game, table.game_id)
        services.record_hand(game, record(side("K:5"), side("Q:4")), 0)
        round_play.agree_table(game)


# ---- moving a pair ------------------------------------------------------------------------------


def test_moving_a_pair_swaps_the_two_seats_and_the_games_players_and_a_mitchell_keeps_it(ctx):
    night = night_with(5)
    first = nights.draw_round(night)
    assert seating(first) == ([(1, 1, 4), (2, 2, 5)], [3])
    round_play.move_pair(fresh(night), 1, 5, "Ana cannot move tables")
    first = fresh(night).played[-1]
    assert seating(first) == ([(1, 5, 4), (2, 2, 1)], [3])
    assert names(game_at(first, 1)) == ["Gala & Hugo", "Eva & Fede"]
    assert names(game_at(first, 2)) == ["Bea & Juan", "Ana & Luis"]
    assert [p.name for p in game_at(first, 2).sides[1].players] == ["Ana", "Luis"]
    log = db.session.query(NightLog).filter_by(action="move").one()
    assert (log.detail, log.reason) == ({"round": 1, "pair": 1, "other": 5}, "Ana cannot move tables")
    finish(night)
    # The Mitchell goes on from the swapped places: 5 stays at table 1 (and now faces the empty seat),
    # 1 moves up with the moving line; without the move, 1 would sit out and 3 would meet 5.
    second = nights.draw_round(fresh(night))
    assert seating(second) == ([(2, 2, 4), (3, 3, 1)], [5])


def test_a_pair_sitting_out_takes_a_seat_and_the_other_sits_out_in_its_place(ctx):
    night = night_with(5)
    nights.draw_round(night)
    round_play.move_pair(fresh(night), 3, 4)
    first = fresh(night).played[-1]
    assert seating(first) == ([(1, 1, 3), (2, 2, 5)], [4])
    assert names(game_at(first, 1)) == ["Ana & Luis", "Cris & Dani"]


def test_a_pair_is_moved_only_before_its_table_begins_and_only_within_the_round(ctx):
    night = night_with(5)
    first = nights.draw_round(night)
    services.record_hand(game_at(first, 1), record(side("K:5"), side("Q:4")), 0)
    with pytest.raises(services.Refused) as refused:
        round_play.move_pair(fresh(night), 1, 5)
    assert refused.value.field == "pair"
    assert "table 1 has begun" in refused.value.msg.render()
    for pair, other in [(2, 2), (2, 9), (9, 2)]:
        with pytest.raises(services.Refused) as refused:
            round_play.move_pair(fresh(night), pair, other)
        assert refused.value.field == "other"
    with pytest.raises(services.Refused) as refused:
        round_play.move_pair(fresh(night), 2, 3, "x" * 201)
    assert refused.value.field == "reason"
    round_play.move_pair(fresh(night), 2, 3)  # table 2 has not begun: its pair and the bye swap
    assert seating(fresh(night).played[-1]) == ([(1, 1, 4), (2, 3, 5)], [2])
    before_round = night_with(4)
    with pytest.raises(services.Refused):
        round_play.move_pair(before_round, 1, 2)


def test_a_half_sent_at_a_table_keeps_its_pairs_in_their_seats(ctx):
    night = night_with(4, recording="halves")
    first = nights.draw_round(night)
    services.send_half(game_at(first, 2), 0, 1, side("K:5"), None, 0)
    assert round_play.movable_pairs(fresh(night)) == [1, 3]  # what the board offers: table 1's pairs
    with pytest.raises(services.Refused):
        round_play.move_pair(fresh(night), 2, 1)


def test_a_moved_pair_recording_its_own_half_gets_a_new_link_and_the_pair_that_stays_keeps_its_own(ctx):
    night = night_with(5, recording="halves")
    first = nights.draw_round(night)
    before = [s.token for s in game_at(first, 1).sides]
    round_play.move_pair(fresh(night), 4, 3)
    after = [s.token for s in game_at(fresh(night).played[-1], 1).sides]
    assert after[0] == before[0]
    assert after[1] != before[1]
    assert services.find_side(before[1]) is None


# ---- a round of minutes -------------------------------------------------------------------------


def minutes_night(**settings) -> tuple[Night, NightRound]:
    night = night_with(4, round_kind="minutes", round_length=40, **settings)
    return night, nights.draw_round(night)


def ring_the_bell(night: Night) -> None:
    """The round's clock runs out now: after every hand recorded so far."""
    fresh(night).played[-1].ends_at = now() - timedelta(microseconds=1)
    db.session.commit()


def result_at(night: Night, number: int) -> night_results.TableResult:
    table = next(t for t in fresh(night).played[-1].tables if t.number == number)
    return night_results.table_result(table)


def test_before_the_bell_a_table_of_a_round_of_minutes_is_playing(ctx):
    night, first = minutes_night()
    services.record_hand(game_at(first, 1), record(side("K:5"), side("Q:4")), 0)
    found = result_at(night, 1)
    assert (found.finished, found.time_up, found.may_agree) == (False, False, False)
    with pytest.raises(nights.NightClosed):
        round_play.agree_table(game_at(first, 1))


def test_at_the_bell_the_hand_in_play_is_finished_a_hand_recorded_after_it_finishes_the_table(ctx):
    night, first = minutes_night()
    services.record_hand(game_at(first, 1), record(side("K:5"), side("Q:4")), 0)
    ring_the_bell(night)
    found = result_at(night, 1)
    assert (found.finished, found.time_up, found.may_agree) == (False, True, True)
    services.record_hand(game_at(first, 1), record(side("K:6"), side("Q:4")), 1)  # the hand in play at the bell
    found = result_at(night, 1)
    assert (found.finished, found.time_up, found.agreed) == (True, False, False)
    round_play.agree_table(game_at(first, 1))
    assert result_at(night, 1).counts


def test_with_no_hand_in_play_at_the_bell_the_players_tap_says_the_table_has_finished(ctx):
    night, first = minutes_night()
    services.record_hand(game_at(first, 2), record(side("K:5"), side("Q:4")), 0)
    ring_the_bell(night)
    found = result_at(night, 2)
    assert (found.time_up, found.counts) == (True, False)
    round_play.agree_table(game_at(first, 2))
    found = result_at(night, 2)
    assert (found.finished, found.agreed, found.counts) == (True, True, True)
    assert not result_at(night, 1).time_up  # no hand at all: still playing (or not started)


def test_by_halves_every_hand_agreed_is_not_yet_finished_at_the_bell_until_a_pair_says_so(ctx):
    night, first = minutes_night(recording="halves")
    game = game_at(first, 1)
    services.send_half(game, 0, 1, side("K:5"), None, 0)
    hand = services.send_half(game, 1, 1, side("Q:4"), None, 0)
    assert hand is not None
    services.agree(game, 0, 1, hand.version)
    services.agree(game, 1, 1, hand.version)
    ring_the_bell(night)
    found = result_at(night, 1)
    assert (found.time_up, found.agreed, found.may_agree) == (True, False, True)
    round_play.agree_table(game_at(first, 1))
    assert result_at(night, 1).counts


def test_by_halves_a_table_with_a_hand_not_yet_agreed_cannot_say_it_has_finished(ctx):
    night, first = minutes_night(recording="halves")
    game = game_at(first, 1)
    services.send_half(game, 0, 1, side("K:5"), None, 0)
    services.send_half(game, 1, 1, side("Q:4"), None, 0)
    ring_the_bell(night)
    with pytest.raises(nights.NightClosed):
        round_play.agree_table(game_at(first, 1))
    assert not result_at(night, 1).counts


# ---- an agreement holds for the hands it agreed to ----------------------------------------------


def test_a_hand_fixed_after_the_tap_voids_the_agreement_and_the_other_pair_is_asked_again(ctx):
    night = night_with(4)
    first = nights.draw_round(night)
    game = game_at(first, 1)
    services.record_hand(game, record(side("K:5"), side("Q:4")), 0)
    round_play.agree_table(game)
    assert result_at(night, 1).counts
    services.edit_hand(game_at(first, 1), 1, record(side("K:5"), side("Q:7")), 1)
    found = result_at(night, 1)
    assert (found.finished, found.agreed, found.may_agree, found.counts) == (True, False, True, False)
    round_play.agree_table(game_at(first, 1))
    assert result_at(night, 1).counts


def test_a_hand_undone_after_the_tap_and_played_again_needs_a_new_agreement(ctx):
    night = night_with(4)
    first = nights.draw_round(night)
    services.record_hand(game_at(first, 1), record(side("K:5"), side("Q:4")), 0)
    round_play.agree_table(game_at(first, 1))
    services.undo_last_hand(game_at(first, 1), 1, 1)
    assert not result_at(night, 1).finished
    services.record_hand(game_at(first, 1), record(side("Q:4"), side("K:5")), 0)
    found = result_at(night, 1)
    assert (found.finished, found.agreed) == (True, False)


def test_we_have_finished_from_a_link_replaced_while_it_waits_for_the_locks_is_refused(ctx):
    night, first = minutes_night(recording="halves")
    game = game_at(first, 1)
    services.send_half(game, 0, 1, side("K:5"), None, 0)
    hand = services.send_half(game, 1, 1, side("Q:4"), None, 0)
    assert hand is not None
    services.agree(game, 0, 1, hand.version)
    services.agree(game, 1, 1, hand.version)
    ring_the_bell(night)
    token = game.sides[0].token
    db.session.remove()
    link = services.find_side(token)
    reseated_meanwhile(link.game.id, 0)
    with pytest.raises(services.SideMoved):
        round_play.agree_table(link.game, link.side, token)
    assert not result_at(night, 1).agreed
    round_play.agree_table(link.game, 1, link.game.sides[1].token)  # the pair that still sits there may
    assert result_at(night, 1).counts
