"""Each side its own half: the use cases (sending, completing, contradicting, agreeing, disputing),
each one transaction, every number from the engine."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.engine import RuleViolations
from scorekeeper.store.database import db
from scorekeeper.store.models import EditLog, Game, HandHalf, HandWord

from .helpers import SPEC_HAND, classic_game, record, reseated_meanwhile, side

US, THEM = SPEC_HAND["sides"]


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield


def by_halves() -> Game:
    return services.set_recording(classic_game(), "halves")


def state(game: Game) -> services.Halves:
    found = services.compute_halves(db.session.get(Game, game.id))
    assert found is not None
    return found


def test_switching_to_halves_gives_each_side_its_own_link_kept_across_switches(ctx):
    game = by_halves()
    tokens = [s.token for s in game.sides]
    assert all(tokens)
    assert len(set(tokens)) == 2
    assert services.find_side(tokens[1]).side == 1
    services.set_recording(game, "one")
    services.set_recording(game, "halves")
    assert [s.token for s in game.sides] == tokens
    assert services.find_side("no-such-side") is None


def test_a_game_with_one_recorder_takes_no_half(ctx):
    game = classic_game()
    assert services.compute_halves(game) is None
    with pytest.raises(services.NotByHalves):
        services.send_half(game, 0, 1, US, None, 0)


def test_a_hand_completes_when_every_half_is_in_and_scores_as_one_recorder_would(ctx):
    game = by_halves()
    assert services.send_half(game, 1, 1, THEM, None, 0) is None
    pending = state(game).pending
    assert pending is not None
    assert pending.done == (False, True)
    assert services.compute_sheet(game).hands == ()
    hand = services.send_half(game, 0, 1, US, None, 0)
    assert hand is not None
    assert hand.by_halves
    sheet = services.compute_sheet(db.session.get(Game, game.id))
    assert sheet.totals == (565, 780)  # the spec's example, as one recorder's hand scores
    after = state(game)
    assert after.pending is not None
    assert after.pending.number == 2
    assert after.pending.done == (False, False)
    assert after.not_agreed == (1,)


def test_a_half_is_checked_on_its_own_when_sent(ctx):
    game = by_halves()
    with pytest.raises(RuleViolations) as refused:  # a meld of two cards
        services.send_half(game, 0, 1, side("8:2"), None, 0)
    assert {v.side for v in refused.value.violations} == {0}
    assert db.session.query(HandHalf).count() == 0


def test_two_sides_that_say_they_went_out_are_shown_the_contradiction_until_one_changes(ctx):
    game = by_halves()
    services.send_half(game, 0, 1, side("K:7 8:6j1", out=True), None, 0)
    services.send_half(game, 1, 1, THEM, None, 0)
    pending = state(game).pending
    assert pending is not None
    assert pending.done == (True, True)
    assert [v.rule for v in pending.problems] == ["two_sides_out"]
    assert services.compute_sheet(db.session.get(Game, game.id)).hands == ()
    hand = services.send_half(game, 0, 1, US, None, 1)
    assert hand is not None
    assert state(game).pending.problems == ()


def test_a_half_may_be_withdrawn_until_the_hand_is_complete(ctx):
    game = by_halves()
    services.send_half(game, 0, 1, US, None, 0)
    services.withdraw_half(game, 0, 1, 1)
    assert state(game).pending.done == (False, False)
    services.send_half(game, 0, 1, US, None, 0)
    services.send_half(game, 1, 1, THEM, None, 0)
    with pytest.raises(services.HalfClosed):
        services.withdraw_half(game, 0, 1, 2)


def test_two_phones_of_one_side_racing_the_second_is_shown_a_conflict_and_nothing_is_overwritten(ctx):
    game = by_halves()
    services.send_half(game, 0, 1, US, None, 0)
    with pytest.raises(services.Conflict) as conflict:
        services.send_half(game, 0, 1, {**US, "red_threes": 1}, None, 0)
    assert conflict.value.saved["sides"][0]["red_threes"] == 2
    assert state(game).half(1, 0).entry["red_threes"] == 2


def test_a_half_keeps_who_of_its_side_sent_it_and_a_conflict_says_who_and_when(ctx):
    game = by_halves()
    services.send_half(game, 0, 1, US, None, 0, sent_by="Luis")
    kept = state(game).half(1, 0)
    assert kept.sent_by == "Luis"
    with pytest.raises(services.Conflict) as conflict:
        services.send_half(game, 0, 1, {**US, "red_threes": 1}, None, 0, sent_by="Ana")
    assert (conflict.value.saved_by, conflict.value.saved_at) == ("Luis", kept.sent_at)
    with pytest.raises(services.Refused) as refused:  # Bea plays for the other side
        services.send_half(game, 0, 1, US, None, 1, sent_by="Bea")
    assert refused.value.field == "sent_by"
    services.send_half(game, 0, 1, US, None, 1)  # sent again without saying who: not said
    assert state(game).half(1, 0).sent_by is None


def test_a_half_sent_twice_is_kept_once(ctx):
    game = by_halves()
    services.send_half(game, 0, 1, US, None, 0, save_key="k1")
    with pytest.raises(services.AlreadySaved):
        services.send_half(game, 0, 1, US, None, 0, save_key="k1")
    assert state(game).half(1, 0).version == 1


def test_the_half_that_completed_its_hand_sent_again_with_its_key_is_taken_once_not_refused_as_closed(ctx):
    """A phone whose half completed the hand, and whose answer was lost on the way (the connection dropped), sends
    it again as it was typed: the server says it has it, and nothing changes."""
    game = by_halves()
    services.send_half(game, 1, 1, THEM, None, 0, save_key="them-1")
    services.send_half(game, 0, 1, US, None, 0, save_key="us-1")
    version = db.session.get(Game, game.id).version
    with pytest.raises(services.AlreadySaved):
        services.send_half(game, 0, 1, US, None, 0, save_key="us-1")
    with pytest.raises(services.AlreadySaved):
        services.send_half(game, 1, 1, THEM, None, 0, save_key="them-1")
    assert db.session.get(Game, game.id).version == version
    assert len(services.compute_sheet(db.session.get(Game, game.id)).hands) == 1
    with pytest.raises(services.HalfClosed):  # a half typed anew, though, meets the complete hand
        services.send_half(game, 0, 1, US, None, 1, save_key="us-2")


def test_a_word_said_twice_on_the_same_version_of_a_hand_is_said_once(ctx):
    """A side's word sent again (its answer lost on the way) changes nothing and logs nothing more."""
    game = by_halves()
    services.send_half(game, 0, 1, US, None, 0)
    services.send_half(game, 1, 1, THEM, None, 0)
    services.agree(game, 1, 1, 1)
    services.agree(game, 0, 1, 1)
    version = db.session.get(Game, game.id).version
    services.agree(game, 0, 1, 1)
    assert db.session.get(Game, game.id).version == version
    services.dispute(game, 0, 1, 1, 1, "their sixes were five")
    version = db.session.get(Game, game.id).version
    services.dispute(game, 0, 1, 1, 1, "their sixes were five")
    assert db.session.get(Game, game.id).version == version
    actions = [(log.action, log.hand_number) for log in db.session.query(EditLog).order_by(EditLog.id)]
    assert actions == [("start", None), ("add", 1), ("agree", 1), ("dispute", 1)]


def test_not_right_reopens_the_half_and_the_fix_needs_every_side_again_with_both_versions_logged(ctx):
    game = by_halves()
    services.send_half(game, 0, 1, US, None, 0)
    services.send_half(game, 1, 1, THEM, None, 0)
    services.agree(game, 0, 1, 1)
    services.dispute(game, 1, 1, 1, 0, "  two red threes,   not three ")
    hand = state(game).hands[1]
    assert hand.reopened(0) is not None
    assert hand.reopened(0).remark == "two red threes, not three"
    assert not hand.agreed
    assert hand.agreed_by(0)
    with pytest.raises(services.HalfClosed):  # only the disputed half opens again
        services.send_half(game, 1, 1, THEM, None, 1)
    services.send_half(game, 0, 1, {**US, "red_threes": 1}, None, 1)
    sheet = services.compute_sheet(db.session.get(Game, game.id))
    assert sheet.totals == (565 - 100, 780)  # two red threes (200) became one (100)
    fixed = state(game).hands[1]
    assert fixed.version == 2
    assert fixed.reopened(0) is None
    assert fixed.words == (None, None)
    services.agree(game, 1, 1, 2)
    services.agree(game, 0, 1, 2)
    assert state(game).not_agreed == ()
    actions = [(log.action, log.hand_number) for log in db.session.query(EditLog).order_by(EditLog.id)]
    assert actions == [("start", None), ("add", 1), ("dispute", 1), ("edit", 1), ("agree", 1)]
    edit = db.session.query(EditLog).filter_by(action="edit").one()
    assert (edit.before["sides"][0]["red_threes"], edit.after["sides"][0]["red_threes"]) == (2, 1)


def test_a_word_on_an_old_version_of_a_hand_is_refused(ctx):
    game = by_halves()
    services.send_half(game, 0, 1, US, None, 0)
    services.send_half(game, 1, 1, THEM, None, 0)
    with pytest.raises(services.HandChanged):
        services.agree(game, 1, 1, 7)
    with pytest.raises(services.Refused):
        services.dispute(game, 1, 1, 1, 1, "my own half")


def test_a_fix_by_the_edit_link_asks_every_side_again_and_the_halves_follow_it(ctx):
    game = by_halves()
    services.send_half(game, 0, 1, US, None, 0)
    services.send_half(game, 1, 1, THEM, None, 0)
    services.agree(game, 0, 1, 1)
    services.agree(game, 1, 1, 1)
    assert state(game).not_agreed == ()
    services.edit_hand(game, 1, record({**US, "red_threes": 1}, THEM), expected_version=1)
    assert state(game).not_agreed == (1,)
    assert state(game).half(1, 0).entry["red_threes"] == 1


def test_undo_by_the_edit_link_takes_the_halves_with_the_hand(ctx):
    game = by_halves()
    services.send_half(game, 0, 1, US, None, 0)
    services.send_half(game, 1, 1, THEM, None, 0)
    services.undo_last_hand(game, 1, 1)
    found = state(game)
    assert found.pending.number == 1
    assert found.pending.done == (False, False)
    assert found.hands == {}


def test_a_game_with_one_recorder_is_unchanged_and_asks_no_agreement(ctx):
    game = classic_game()
    services.record_hand(game, SPEC_HAND, 0)
    assert not game.hands[0].by_halves
    assert db.session.query(HandHalf).count() == 0


def cutthroat() -> Game:
    game = services.start_game(
        services.NewGame(
            "classic_3p",
            (services.NewSide("Ana", ("Ana",)), services.NewSide("Bea", ("Bea",)), services.NewSide("Cris", ("Cris",))),
            options={"cutthroat": True},
            recording="halves",
        )
    )
    assert all(side.token for side in game.sides)  # each side its own link from the start
    return game


def test_three_sides_each_send_a_half_and_the_partners_come_from_the_halves_that_name_them(ctx):
    game = cutthroat()
    services.send_half(game, 0, 1, side("K:7 Q:7", out=True), [1, 2], 0)
    services.send_half(game, 1, 1, side("8:3", red3=1), None, 0)
    assert state(game).pending.done == (True, True, False)
    services.send_half(game, 2, 1, side("9:3", "A"), [1, 2], 0)
    sheet = services.compute_sheet(db.session.get(Game, game.id))
    assert [s.hand_score for s in sheet.hands[0].result.sides] == [1240, 140, 40]  # as one recorder's
    assert sheet.hands[0].record["partners"] == [1, 2]


def test_halves_that_name_different_partners_wait_until_they_say_the_same(ctx):
    game = cutthroat()
    services.send_half(game, 0, 1, side("K:7 Q:7", out=True), [1, 2], 0)
    services.send_half(game, 1, 1, side("8:3", red3=1), [0, 1], 0)
    services.send_half(game, 2, 1, side("9:3", "A"), None, 0)
    pending = state(game).pending
    assert [v.rule for v in pending.problems] == ["partners_required"]
    assert services.compute_sheet(db.session.get(Game, game.id)).hands == ()
    services.send_half(game, 1, 1, side("8:3", red3=1), [1, 2], 1)
    assert len(services.compute_sheet(db.session.get(Game, game.id)).hands) == 1


def test_with_three_sides_every_side_agrees_and_not_right_names_whose_half(ctx):
    game = cutthroat()
    services.send_half(game, 0, 1, side("K:7 Q:7", out=True), [1, 2], 0)
    services.send_half(game, 1, 1, side("8:3", red3=1), None, 0)
    services.send_half(game, 2, 1, side("9:3", "A"), None, 0)
    services.agree(game, 0, 1, 1)
    services.agree(game, 1, 1, 1)
    assert state(game).not_agreed == (1,)
    services.dispute(game, 2, 1, 1, 1, "no red three")
    assert state(game).hands[1].reopened(1) is not None
    assert state(game).hands[1].reopened(0) is None


# ---- a side's link checked under the game's lock -------------------------------------------------

#: Each use case a side's link drives, from a game where it would go through: what was sent before, then the
#: use case as side 0 (by its link ``token``).
BY_THE_LINK = {
    "send a half": ([], lambda link, token: services.send_half(link.game, 0, 1, US, None, 0, token=token)),
    "withdraw a half": (
        [(0, US)],
        lambda link, token: services.withdraw_half(link.game, 0, 1, 1, token=token),
    ),
    "agree": ([(0, US), (1, THEM)], lambda link, token: services.agree(link.game, 0, 1, 1, token=token)),
    "say not right": (
        [(0, US), (1, THEM)],
        lambda link, token: services.dispute(link.game, 0, 1, 1, 1, "", token=token),
    ),
}


@pytest.mark.parametrize("use_case", BY_THE_LINK)
def test_a_sides_link_replaced_while_its_request_waits_for_the_lock_writes_nothing(ctx, use_case):
    """A director's move gives a moved pair's side a new link between the request finding its side and taking
    the game's lock: the old link is refused under the lock, and nothing is written."""
    sent, act = BY_THE_LINK[use_case]
    game = by_halves()
    for position, entry in sent:
        services.send_half(game, position, 1, entry, None, 0)
    token = game.sides[0].token
    db.session.remove()
    link = services.find_side(token)  # this request's side, read before its lock
    reseated_meanwhile(link.game.id, 0)
    with pytest.raises(services.SideMoved):
        act(link, token)
    db.session.remove()
    after = db.session.get(Game, game.id)
    halves = db.session.query(HandHalf).order_by(HandHalf.side_position).all()
    assert [(h.side_position, h.version) for h in halves] == [(position, 1) for position, _ in sent]
    assert db.session.query(HandWord).count() == 0
    assert after.version == 2 + len(sent) + 1  # started, by halves, each half, the reseat: nothing since
    assert [s.name for s in after.sides] == ["Eva & Fede", "Bea & Juan"]


def test_the_side_that_stays_sends_while_the_other_is_reseated_and_its_answer_names_the_new_players(ctx):
    game = by_halves()
    token = game.sides[1].token
    db.session.remove()
    link = services.find_side(token)  # read with the old names
    reseated_meanwhile(link.game.id, 0)
    services.send_half(link.game, 1, 1, THEM, None, 0, token=token)
    assert services.compute_sheet(link.game).side_names == ("Eva & Fede", "Bea & Juan")
