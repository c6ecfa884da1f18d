"""Issue 47: a night that ends. After its last round nothing more is drawn (a refusal naming the rounds, never
"round 2 of 1"); once the last round's tables have all finished the night is over; the director adds a round
on purpose (the night's rounds, within the bound of 20, logged) and the next round can be drawn again."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.services import night as nights
from scorekeeper.services.night import night_results, night_rounds
from scorekeeper.store.database import db
from scorekeeper.store.nights import NightLog

from .test_nights import ctx, finish, fresh, night_of, with_pairs  # noqa: F401  (ctx: the fixture)


def test_no_round_is_drawn_past_the_nights_last_and_the_refusal_names_the_rounds(ctx):  # noqa: F811
    night = with_pairs(night_of(rounds=1), 4)
    finish(nights.draw_round(night))
    with pytest.raises(services.Refused) as refused:
        nights.draw_round(fresh(night))
    assert refused.value.field == "rounds"
    assert refused.value.msg.render() == "Round 1 was the night's last: to play another, add a round first."
    assert [played.number for played in fresh(night).played] == [1]


def test_a_reason_does_not_draw_past_the_last_round_while_its_tables_play(ctx):  # noqa: F811
    night = with_pairs(night_of(rounds=1), 4)
    nights.draw_round(night)
    with pytest.raises(services.Refused) as refused:
        nights.draw_round(fresh(night), reason="table 2 is slow")
    assert refused.value.field == "rounds"
    assert len(fresh(night).played) == 1


def test_the_night_is_over_once_its_last_rounds_tables_have_all_finished(ctx):  # noqa: F811
    night = with_pairs(night_of(rounds=2), 4)

    def over() -> bool:
        found = fresh(night)
        return night_rounds.night_over(found, night_results.table_results(found))

    assert not over()  # no round yet
    finish(nights.draw_round(night))
    assert not over()  # round 1 of 2 finished
    second = nights.draw_round(fresh(night))
    assert night_rounds.last_round_drawn(fresh(night))
    assert not over()  # the last round is played
    finish(second)
    assert over()


def test_a_round_added_by_the_director_is_drawn_and_logged(ctx):  # noqa: F811
    night = with_pairs(night_of(rounds=1), 4)
    finish(nights.draw_round(night))
    version = fresh(night).version
    night_rounds.set_rounds(fresh(night), 2)
    assert (fresh(night).rounds, fresh(night).version) == (2, version + 1)  # every board sees it
    log = db.session.scalars(db.select(NightLog).filter_by(action="rounds")).one()
    assert log.detail == {"rounds": 2, "before": 1}
    assert nights.draw_round(fresh(night)).number == 2
    found = fresh(night)
    assert not night_rounds.night_over(found, night_results.table_results(found))


def test_the_rounds_are_never_set_below_those_drawn_nor_past_twenty(ctx):  # noqa: F811
    night = with_pairs(night_of(rounds=3), 4)
    finish(nights.draw_round(night))
    finish(nights.draw_round(fresh(night)))
    for rounds in (0, 1, 21):
        with pytest.raises(services.Refused) as refused:
            night_rounds.set_rounds(fresh(night), rounds)
        assert refused.value.field == "rounds"
        assert refused.value.msg.render() == "Rounds: 2 to 20 a night."
    night_rounds.set_rounds(fresh(night), 2)  # the night ended early: its two rounds drawn are its last
    found = fresh(night)
    assert (found.rounds, night_rounds.night_over(found, night_results.table_results(found))) == (2, True)
    night_rounds.set_rounds(fresh(night), 2)  # the same again: nothing to log
    assert db.session.scalar(db.select(db.func.count(NightLog.id)).filter_by(action="rounds")) == 1
