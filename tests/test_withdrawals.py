"""Issue 47: a withdrawal a director can take back. A withdrawn pair is put back while no round has been drawn
since it withdrew: it plays the next round as if it had not left (in a Mitchell, from the seat it left);
once a round is drawn it can no longer be put back."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.services import night as nights
from scorekeeper.services.night import withdrawals
from scorekeeper.store.database import db
from scorekeeper.store.nights import NightLog

from .test_nights import PAIRS, ctx, finish, fresh, night_of, with_pairs  # noqa: F401  (ctx: the fixture)


def seated(played) -> set[int]:
    return {pair for table in played.tables for pair in (table.north_south, table.east_west)} | set(played.byes)


def test_a_withdrawn_pair_put_back_before_the_next_round_plays_in_it_as_if_it_had_not_left(ctx):  # noqa: F811
    night = with_pairs(night_of(rounds=3), 4)
    finish(nights.draw_round(night))  # Mitchell: 1 against 3, 2 against 4
    nights.withdraw_pair(fresh(night), 4, "phone call")
    withdrawals.put_back(fresh(night), 4)
    pair = next(p for p in fresh(night).pairs if p.number == 4)
    assert pair.left_after_round is None
    second = nights.draw_round(fresh(night))
    assert [(t.number, t.north_south, t.east_west) for t in second.tables] == [(1, 1, 4), (2, 2, 3)]
    assert second.byes == []
    logged = db.session.scalars(db.select(NightLog.action).order_by(NightLog.id)).all()
    assert logged[-3:] == ["withdraw", "put_back", "draw"]


def test_in_a_mitchell_a_pair_put_back_takes_again_the_seat_it_left(ctx):  # noqa: F811
    """Two pairs of the moving line leave (4 and 6); the second is put back: it sits where it sat (the third
    seat), not in the first empty one (pair 4's), so the movement goes on as it was drawn."""
    night = with_pairs(night_of(rounds=3), 5)
    nights.add_pair(fresh(night), ["Iris", "Juan"])  # six pairs: 1, 2, 3 stay; 4, 5, 6 move
    finish(nights.draw_round(fresh(night)))
    assert fresh(night).lines == [[1, 2, 3], [4, 5, 6]]
    nights.withdraw_pair(fresh(night), 4)
    nights.withdraw_pair(fresh(night), 6)
    withdrawals.put_back(fresh(night), 6)
    assert fresh(night).lines == [[1, 2, 3], [None, 5, 6]]
    second = nights.draw_round(fresh(night))
    assert [(t.number, t.north_south, t.east_west) for t in second.tables] == [(1, 1, 6), (3, 3, 5)]
    assert second.byes == [2]  # it faces pair 4's empty seat


def test_a_late_pair_withdrawn_while_it_waits_and_put_back_still_waits_for_its_round(ctx):  # noqa: F811
    night = with_pairs(night_of(rounds=3), 4)
    nights.draw_round(night)  # round 1 is played
    late = nights.add_pair(fresh(night), list(PAIRS[4]))
    nights.withdraw_pair(fresh(night), late.number)
    withdrawals.put_back(fresh(night), late.number)
    assert [p.number for p in nights.waiting_pairs(fresh(night))] == [late.number]
    finish(fresh(night).played[-1])
    assert late.number in seated(nights.draw_round(fresh(night)))


def test_once_a_round_is_drawn_a_withdrawn_pair_can_no_longer_be_put_back(ctx):  # noqa: F811
    night = with_pairs(night_of(rounds=3), 5)
    finish(nights.draw_round(night))
    nights.withdraw_pair(fresh(night), 5)
    second = nights.draw_round(fresh(night))
    assert 5 not in seated(second)
    with pytest.raises(services.Refused) as refused:
        withdrawals.put_back(fresh(night), 5)
    assert refused.value.field == "pair"
    assert refused.value.msg.render() == "Pair 5 can no longer be put back: a round has been drawn since it withdrew."
    assert next(p for p in fresh(night).pairs if p.number == 5).left_after_round == 1


def test_only_a_withdrawn_pair_is_put_back(ctx):  # noqa: F811
    night = with_pairs(night_of(), 4)
    for number in (2, 9):
        with pytest.raises(services.Refused) as refused:
            withdrawals.put_back(fresh(night), number)
        assert refused.value.msg.render() == "There is no such pair withdrawn tonight."
    assert db.session.scalar(db.select(db.func.count(NightLog.id)).filter_by(action="put_back")) == 0
