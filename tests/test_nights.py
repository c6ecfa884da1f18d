"""A club night's use cases: starting it, pairs at the door and late, drawing rounds (one ordinary game a
table), each table's result from its game, the standings as worked out by hand."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper import services
from scorekeeper.engine import OptionError
from scorekeeper.services import night as nights
from scorekeeper.services.night import night_results, round_play
from scorekeeper.store.database import db
from scorekeeper.store.models import Game
from scorekeeper.store.nights import Night, NightLog, NightPair
from scorekeeper.tournament import MOST_PAIRS, VictoryScale, default_decisive

from .helpers import record, side

PAIRS = [("Ana", "Luis"), ("Bea", "Juan"), ("Cris", "Dani"), ("Eva", "Fede"), ("Gala", "Hugo")]


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield


def night_of(**settings) -> Night:
    settings = {"round_length": 1, **settings}
    new = nights.NewNight(name="Martes del club", held_on=date(2026, 11, 24), ruleset_id="classic", **settings)
    return nights.start_night(new)


def with_pairs(night: Night, count: int) -> Night:
    for players in PAIRS[:count]:
        nights.add_pair(night, players)
    return night


def play(table, ours: str, theirs: str) -> None:
    """The table's one hand: north-south melds ``ours``, east-west ``theirs`` (nobody goes out)."""
    game = db.session.get(Game, table.game_id)
    services.record_hand(game, record(side(ours), side(theirs)), 0)


def fresh(night: Night) -> Night:
    db.session.expire_all()
    return db.session.get(Night, night.id)


def test_a_night_is_started_with_its_settings_and_refuses_what_it_cannot_seat(ctx):
    night = night_of()
    assert (night.round_kind, night.round_length, night.options["hands_in_match"]) == ("hands", 1, 1)
    assert night.director_token != night.public_id
    assert nights.find_night(night.director_token, director=True) is night
    assert nights.find_night(night.director_token, director=False) is None
    for bad, field in [
        ({"ruleset_id": "classic_3p"}, "ruleset"),
        ({"name": "  "}, "name"),
        ({"round_length": 0}, "round_length"),
        ({"movements": ("swiss",)}, "movements"),
        ({"scoring": "imps"}, "scoring"),
        ({"tie_breaks": ("points", "points")}, "tie_breaks"),
    ]:
        settings = {"name": "N", "held_on": date(2026, 11, 24), "ruleset_id": "classic", **bad}
        with pytest.raises(services.Refused) as refused:
            nights.start_night(nights.NewNight(**settings))
        assert refused.value.field == field
    with pytest.raises(OptionError):
        nights.start_night(nights.NewNight("N", date(2026, 11, 24), "classic", options={"target": "x"}))


def test_pairs_are_two_named_players_or_one_in_the_two_handed_rule_sets(ctx):
    night = night_of()
    with pytest.raises(services.Refused):
        nights.add_pair(night, ["Ana"])
    assert nights.add_pair(night, [" Ana ", "Luis"]).players == ["Ana", "Luis"]
    solo = nights.start_night(nights.NewNight("Dos", date(2026, 11, 24), "classic_2p"))
    assert nights.add_pair(solo, ["Eva"]).number == 1


def test_a_mitchell_round_seats_every_pair_opens_a_game_a_table_and_gives_the_odd_pair_a_bye(ctx):
    night = with_pairs(night_of(), 5)
    first = nights.draw_round(night)
    assert [(t.number, t.north_south, t.east_west) for t in first.tables] == [(1, 1, 4), (2, 2, 5)]
    assert first.byes == [3]
    game = db.session.get(Game, first.tables[0].game_id)
    assert [s.name for s in game.sides] == ["Ana & Luis", "Eva & Fede"]
    assert game.options["hands_in_match"] == 1


def test_the_next_round_waits_for_every_table_unless_the_director_gives_a_reason(ctx):
    night = with_pairs(night_of(), 4)
    first = nights.draw_round(night)
    play(first.tables[0], "K:7", "Q:3")
    with pytest.raises(nights.NightClosed):
        nights.draw_round(fresh(night))
    second = nights.draw_round(fresh(night), reason="table 2 left early")
    assert second.number == 2
    drawn = db.session.query(NightLog).filter_by(action="draw").order_by(NightLog.id).all()
    assert [log.reason for log in drawn] == ["", "table 2 left early"]


def test_a_result_counts_once_finished_and_agreed_and_the_standings_are_as_worked_out_by_hand(ctx):
    night = with_pairs(night_of(), 4)
    first = nights.draw_round(night)
    play(first.tables[0], "K:7", "Q:3")  # 1 against 3: natural canasta 500 + 70 = 570 against 30
    play(first.tables[1], "9:3", "A:3")  # 2 against 4: 30 against 60
    assert night_results.night_standings(fresh(night))[0].points == 0  # nothing agreed yet
    for table in first.tables:
        round_play.agree_table(db.session.get(Game, table.game_id))
    b = default_decisive("classic", 1)
    scale = VictoryScale(b)
    table = {
        1: scale.points(570, 30)[0],
        3: scale.points(570, 30)[1],
        2: scale.points(30, 60)[0],
        4: scale.points(30, 60)[1],
    }
    found = night_results.night_standings(fresh(night))
    assert [(s.pair, s.points, s.difference) for s in found] == [
        (1, table[1], 540),
        (4, table[4], 30),
        (2, table[2], -30),
        (3, table[3], -540),
    ]


def test_a_table_level_after_the_rounds_hands_is_a_draw_not_a_hand_more(ctx):
    """A round of 1 hand ending 40 to 40 is over: the night scores it 10-10 (a match point each), where the
    rule set's own tie rule (play on) would have kept the table waiting for a second hand."""
    night = with_pairs(night_of(scoring="match", bye_points=1.0), 2)
    first = nights.draw_round(night)
    play(first.tables[0], "K:4", "Q:4")  # four kings and four queens: 40 each
    table = fresh(night).played[0].tables[0]
    assert (night_results.table_result(table).scores, night_results.table_result(table).finished) == ((40, 40), True)
    round_play.agree_table(db.session.get(Game, table.game_id))
    assert [(s.pair, s.points) for s in night_results.night_standings(fresh(night))] == [(1, 1.0), (2, 1.0)]


def test_an_unfinished_game_cannot_be_agreed(ctx):
    night = with_pairs(night_of(), 2)
    first = nights.draw_round(night)
    with pytest.raises(nights.NightClosed):
        round_play.agree_table(db.session.get(Game, first.tables[0].game_id))


def test_a_late_pair_takes_the_empty_seat_and_a_pair_that_leaves_leaves_its_seat(ctx):
    night = with_pairs(night_of(movements=("mitchell",)), 3)
    first = nights.draw_round(night)
    assert first.byes == [2]  # 1 and 3 play; 2 faces the empty seat
    play(first.tables[0], "K:4", "Q:3")
    round_play.agree_table(db.session.get(Game, first.tables[0].game_id))
    nights.add_pair(fresh(night), ["Late", "Pair"])
    nights.withdraw_pair(fresh(night), 1, "went home")
    second = nights.draw_round(fresh(night))
    seated = {p for t in second.tables for p in (t.north_south, t.east_west)} | set(second.byes)
    assert seated == {2, 3, 4}
    assert 1 not in seated


def finish(played) -> None:
    """Every table of the round plays its hand and agrees."""
    for table in played.tables:
        if not night_results.table_result(table).finished:
            play(table, "K:5", "Q:4")
        round_play.agree_table(db.session.get(Game, table.game_id))


# Issue 34: a pair that comes while a round is played is taken, waits, and is seated at the next round.


def test_a_pair_that_comes_while_a_round_is_played_waits_and_the_next_draw_seats_it(ctx):
    night = with_pairs(night_of(movements=("mitchell",)), 4)
    first = nights.draw_round(night)  # 1 against 3, 2 against 4
    play(first.tables[0], "K:7", "Q:3")  # table 2 still plays
    late = nights.add_pair(fresh(night), ["Gala", "Hugo"])
    assert (late.number, late.joined_before_round) == (5, 2)
    now = fresh(night)
    in_play = now.played[-1]
    assert 5 not in {p for t in in_play.tables for p in (t.north_south, t.east_west)} | set(in_play.byes)
    assert [p.number for p in nights.waiting_pairs(now)] == [5]
    seat = nights.find_pair_seat(now.public_id, 5)
    assert (seat.waiting, seat.round, seat.table) == (True, 2, None)
    assert nights.find_pair_seat(now.public_id, 1).table.number == 1
    assert nights.find_pair_seat(now.public_id, 6) is None
    finish(fresh(night).played[-1])
    late_line = next(s for s in night_results.night_standings(fresh(night)) if s.pair == 5)
    assert (late_line.points, late_line.played) == (0, 0)  # as any late pair: no result for a round not played
    second = nights.draw_round(fresh(night))
    assert [(t.number, t.north_south, t.east_west) for t in second.tables] == [(2, 2, 3), (3, 5, 4)]
    assert second.byes == [1]  # five pairs: one sits out, as always
    seat = nights.find_pair_seat(fresh(night).public_id, 5)
    assert (seat.waiting, seat.round, seat.table.number, seat.against.players) == (False, 2, 3, ["Eva", "Fede"])
    assert nights.waiting_pairs(fresh(night)) == []
    assert nights.find_pair_seat(fresh(night).public_id, 1).sitting_out


def test_a_waiting_pair_withdraws_while_the_round_is_played_and_a_seated_one_still_waits_for_the_round(ctx):
    night = with_pairs(night_of(movements=("mitchell",)), 4)
    nights.draw_round(night)
    nights.add_pair(fresh(night), ["Gala", "Hugo"])
    with pytest.raises(nights.NightClosed):
        nights.withdraw_pair(fresh(night), 1)
    nights.withdraw_pair(fresh(night), 5, "went home")
    assert nights.waiting_pairs(fresh(night)) == []
    assert nights.find_pair_seat(fresh(night).public_id, 5).withdrawn
    with pytest.raises(services.Refused):
        nights.withdraw_pair(fresh(night), 5)
    finish(fresh(night).played[-1])
    second = nights.draw_round(fresh(night))
    seated = {p for t in second.tables for p in (t.north_south, t.east_west)} | set(second.byes)
    assert seated == {1, 2, 3, 4}


def test_a_full_night_refuses_a_pair_that_comes_while_a_round_is_played(ctx):
    night = with_pairs(night_of(), 2)
    nights.draw_round(night)
    db.session.add_all(NightPair(night_id=night.id, number=k, players=["X", "Y"]) for k in range(3, MOST_PAIRS + 1))
    db.session.commit()
    with pytest.raises(services.Refused) as refused:
        nights.add_pair(fresh(night), ["Late", "Pair"])
    assert refused.value.field == "pairs"


def test_a_round_by_standings_seats_first_against_second_and_avoids_last_rounds_meeting(ctx):
    night = with_pairs(night_of(movements=("mitchell", "standings")), 4)
    first = nights.draw_round(night)
    play(first.tables[0], "K:7", "Q:3")  # 1 beats 3
    play(first.tables[1], "A:7", "9:3")  # 2 beats 4, by more
    for table in first.tables:
        round_play.agree_table(db.session.get(Game, table.game_id))
    second = nights.draw_round(fresh(night))
    assert second.movement == "standings"
    meetings = {frozenset((t.north_south, t.east_west)) for t in second.tables}
    assert meetings == {frozenset((2, 1)), frozenset((4, 3))}  # 1st-2nd, 3rd-4th: nobody meets again


def test_all_against_all_with_a_late_pair_seats_pairs_that_have_not_met(ctx):
    night = with_pairs(night_of(movements=("round_robin",), rounds=4), 4)
    met: list[frozenset[int]] = []
    for number in range(1, 5):
        if number == 2:
            nights.add_pair(fresh(night), ["Late", "Pair"])
        drawn = nights.draw_round(fresh(night), reason="" if number == 1 else "next")
        met += [frozenset((t.north_south, t.east_west)) for t in drawn.tables]
        for table in drawn.tables:
            play(table, "K:5", "Q:4")
            round_play.agree_table(db.session.get(Game, table.game_id))
    assert len(met) == len(set(met))  # the circle drawn again for five pairs would repeat a meeting


# Issue 33: a night holds at most MOST_PAIRS pairs; its settings out of bounds are refused, never bent.


def crowd(night: Night, count: int) -> Night:
    """``count`` pairs entered at once (as the door would have added them, without its hundreds of posts)."""
    db.session.add_all(NightPair(night_id=night.id, number=k, players=[f"A{k}", f"B{k}"]) for k in range(1, count + 1))
    db.session.commit()
    return fresh(night)


def test_a_night_takes_its_last_pair_and_refuses_the_next_naming_the_limit(ctx):
    night = crowd(night_of(), MOST_PAIRS - 1)
    assert nights.add_pair(night, ["Ana", "Luis"]).number == MOST_PAIRS
    with pytest.raises(services.Refused) as refused:
        nights.add_pair(fresh(night), ["Bea", "Juan"])
    assert refused.value.field == "pairs"
    assert refused.value.msg.render() == "This night is full: a night holds at most 1000 pairs."
    assert len(fresh(night).pairs) == MOST_PAIRS


def test_a_full_night_refuses_a_late_pair_even_after_one_has_left(ctx):
    night = with_pairs(night_of(), 4)
    nights.draw_round(night)
    for table in fresh(night).played[-1].tables:
        play(table, "K:5", "Q:4")
        round_play.agree_table(db.session.get(Game, table.game_id))
    nights.withdraw_pair(fresh(night), 4)
    db.session.add_all(NightPair(night_id=night.id, number=k, players=["X", "Y"]) for k in range(5, MOST_PAIRS + 1))
    db.session.commit()
    with pytest.raises(services.Refused) as refused:
        nights.add_pair(fresh(night), ["Late", "Pair"])
    assert refused.value.field == "pairs"


def test_the_settings_issue_33_saw_bent_are_refused_naming_the_field(ctx):
    for bad, field, said in [
        ({"rounds": 0}, "rounds", "Rounds: 1 to 20 a night."),
        ({"mitchell_step": 0}, "mitchell_step", "Tables the moving line moves each round: 1 to 9."),
        ({"bye_points": -20.0}, "bye_points", "Victory points for sitting a round out: 0 to 20."),
        ({"bye_difference": -10_000}, "bye_difference", "Points for sitting a round out: 0 to 10,000."),
        ({"round_length": 13}, "round_length", "Hands a round: 1 to 12."),
        ({"round_kind": "minutes", "round_length": 4}, "round_length", "Minutes a round: 5 to 240."),
        ({"decisive": 49}, "decisive", "Difference worth 20-0: 50 to 100,000 points, or empty."),
        ({"scoring": "match", "bye_points": 3.0}, "bye_points", "with match points, 0 to 2 (a win is 2)"),
    ]:
        with pytest.raises(services.Refused) as refused:
            night_of(**bad)
        assert refused.value.field == field
        assert said in refused.value.msg.render()
    assert db.session.scalar(db.select(db.func.count(Night.id))) == 0


def test_a_mitchell_step_sharing_a_divisor_with_the_tables_is_refused_at_the_draw_not_a_crash(ctx):
    night = with_pairs(night_of(mitchell_step=2), 4)  # 2 tables
    with pytest.raises(services.Refused) as refused:
        nights.draw_round(night)
    assert refused.value.field == "mitchell_step"
    assert "at 2 tables" in refused.value.msg.render()
    assert fresh(night).played == []
    assert fresh(night).lines is None
    nights.add_pair(fresh(night), ["Late", "Pair"])  # 5 pairs, 3 tables: a step of 2 seats them
    assert len(nights.draw_round(fresh(night)).tables) == 2


def test_a_nights_page_loads_of_each_tables_log_only_what_names_its_hands(ctx):
    """Issue 37: a followed night's page loads every table's game; of each game's log it needs only what
    names the hands as they stand (an agreement is to those), not every change's hands before and after."""
    night = with_pairs(night_of(), 4)
    first = nights.draw_round(night)
    play(first.tables[0], "K:7", "Q:3")
    round_play.agree_table(db.session.get(Game, first.tables[0].game_id))
    db.session.expire_all()
    found = nights.find_night(night.public_id, director=False)
    logs = [edit for played in found.played for table in played.tables for edit in table.game.edits]
    assert "add" in {edit.action for edit in logs}
    assert all(set(db.inspect(edit).unloaded) >= {"before", "after", "note"} for edit in logs)
    assert night_results.table_result(found.played[0].tables[0]).agreed  # still told from what is loaded
