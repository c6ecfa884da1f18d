"""The use cases: each one transaction, scores from the engine, conflicts never silent."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.engine import OptionError, RuleViolations
from scorekeeper.store.database import db
from scorekeeper.store.models import EditLog, Game, Hand

from .helpers import SPEC_HAND, classic_game, record, side


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield


def test_partners_sit_across_from_each_other(ctx):
    game = classic_game()
    seats = [(p.seat, p.name, p.side.name) for p in services.seats(game)]
    assert seats == [
        (0, "Ana", "Ana & Luis"),
        (1, "Bea", "Bea & Juan"),
        (2, "Luis", "Ana & Luis"),
        (3, "Juan", "Bea & Juan"),
    ]


def test_a_new_game_has_an_empty_sheet_with_first_minimums(ctx):
    sheet = services.compute_sheet(classic_game())
    assert (sheet.totals, sheet.next_minimums, sheet.to_target) == ((0, 0), (50, 50), (5000, 5000))
    assert (sheet.next_hand, sheet.next_dealer, sheet.game_over) == (1, "Ana", False)


def test_unknown_option_is_refused_before_anything_is_saved(ctx):
    with pytest.raises(OptionError):
        classic_game({"canastas_to_go": 2})
    assert db.session.scalar(db.select(db.func.count()).select_from(Game)) == 0


def test_recording_a_hand_scores_it_with_the_engine(ctx):
    game = classic_game()
    services.record_hand(game, SPEC_HAND, expected_hands=0)
    sheet = services.compute_sheet(game)
    assert [s.hand_score for s in sheet.hands[0].result.sides] == [565, 780]
    assert sheet.totals == (565, 780)
    assert sheet.next_minimums == (50, 50)
    assert sheet.next_dealer == "Bea"


def test_a_refused_hand_saves_nothing(ctx):
    game = classic_game()
    with pytest.raises(RuleViolations) as caught:
        services.record_hand(game, record(side("8:1j4"), side()), expected_hands=0)
    assert [v.rule for v in caught.value.violations] == ["meld_min_naturals", "meld_max_wilds"]
    assert db.session.scalar(db.select(db.func.count()).select_from(Hand)) == 0
    assert [log.action for log in game.edits] == ["start"]


def test_two_phones_adding_the_same_hand_the_second_gets_a_conflict(ctx):
    game = classic_game()
    services.record_hand(game, SPEC_HAND, expected_hands=0)
    mine = record(side("Q:7", out=True), side("5:3"))
    with pytest.raises(services.Conflict) as caught:
        services.record_hand(game, mine, expected_hands=0)
    assert caught.value.mine == mine
    assert caught.value.saved["sides"][0]["red_threes"] == 2
    assert len(game.hands) == 1


def test_editing_an_earlier_hand_recomputes_everything_after_it(ctx):
    game = classic_game()
    services.record_hand(game, SPEC_HAND, expected_hands=0)
    services.record_hand(game, record(side("Q:7", out=True), side("5:3")), expected_hands=1)
    assert services.compute_sheet(game).totals == (565 + 670, 780 + 15)
    # Hand 1 really had three red threes for Ana & Luis: +100.
    services.edit_hand(game, 1, record(side("8:6j1 4:3", "K JOKER", red3=3), side("A:7 6:4t1", out=True)), 1)
    sheet = services.compute_sheet(game)
    assert [h.totals for h in sheet.hands] == [(665, 780), (1335, 795)]
    assert sheet.hands[0].version == 2


def test_editing_a_hand_someone_changed_meanwhile_is_a_conflict(ctx):
    game = classic_game()
    services.record_hand(game, SPEC_HAND, expected_hands=0)
    services.edit_hand(game, 1, record(side("8:3"), side("K:3")), expected_version=1)
    with pytest.raises(services.Conflict) as caught:
        services.edit_hand(game, 1, record(side("9:3"), side("K:3")), expected_version=1)
    assert caught.value.saved["sides"][0]["melds"][0]["rank"] == "8"
    assert services.compute_sheet(game).totals == (30, 30)


def test_an_edit_that_breaks_a_rule_changes_nothing(ctx):
    game = classic_game()
    services.record_hand(game, SPEC_HAND, expected_hands=0)
    with pytest.raises(RuleViolations):
        services.edit_hand(game, 1, record(side("8:2"), side()), expected_version=1)
    assert services.compute_sheet(game).totals == (565, 780)
    assert game.hands[0].version == 1


def test_undo_removes_the_last_hand(ctx):
    game = classic_game()
    services.record_hand(game, SPEC_HAND, expected_hands=0)
    services.undo_last_hand(game, expected_number=1, expected_version=1)
    assert services.compute_sheet(game).hands == ()


def test_undo_of_a_hand_that_is_no_longer_last_is_refused(ctx):
    game = classic_game()
    services.record_hand(game, SPEC_HAND, expected_hands=0)
    services.record_hand(game, record(side("Q:3"), side("5:3")), expected_hands=1)
    with pytest.raises(services.Conflict):
        services.undo_last_hand(game, expected_number=1, expected_version=1)
    assert len(game.hands) == 2


def test_every_change_is_in_the_edit_log_with_before_and_after(ctx):
    game = classic_game()
    services.record_hand(game, SPEC_HAND, expected_hands=0)
    services.edit_hand(game, 1, record(side("8:3"), side("K:3")), expected_version=1)
    services.undo_last_hand(game, expected_number=1, expected_version=2)
    lines = services.describe_edits(game)
    assert [(line.action, line.hand_number) for line in lines] == [
        ("undo", 1),
        ("edit", 1),
        ("add", 1),
        ("start", None),
    ]
    assert (lines[1].before, lines[1].after) == ((565, 780), (30, 30))
    assert lines[0].after is None
    assert db.session.scalar(db.select(db.func.count()).select_from(EditLog)) == 4


def test_the_game_ends_and_no_more_hands_are_taken(ctx):
    game = classic_game({"target": 1000})
    services.record_hand(game, record(side("K:7 Q:7", out=True), side("5:3")), expected_hands=0)
    sheet = services.compute_sheet(game)
    assert (sheet.game_over, sheet.winner) == (True, "Ana & Luis")
    with pytest.raises(services.GameOver):
        services.record_hand(game, record(side("5:3"), side("6:3")), expected_hands=1)


def test_a_tie_at_the_top_plays_on(ctx):
    game = classic_game({"target": 500})
    services.record_hand(game, record(side("K:7"), side("Q:7")), expected_hands=0)
    sheet = services.compute_sheet(game)
    assert (sheet.totals, sheet.game_over, sheet.leaders) == ((570, 570), False, ("Ana & Luis", "Bea & Juan"))
    assert sheet.outcome.playing_on


def test_a_fixed_number_of_hands(ctx):
    game = classic_game({"match_mode": "round", "hands_in_match": 2})
    services.record_hand(game, record(side("K:3"), side("Q:3")), expected_hands=0)
    services.record_hand(game, record(side("8:3"), side("5:3")), expected_hands=1)
    sheet = services.compute_sheet(game)
    assert (sheet.totals, sheet.game_over, sheet.winner) == ((60, 45), True, "Ana & Luis")
    assert sheet.to_target == (None, None)


def test_rematch_keeps_players_and_rules_and_passes_the_deal(ctx):
    game = classic_game({"canastas_to_go_out": 2})
    again = services.rematch(game)
    assert again.id != game.id
    assert again.rematch_of_id == game.id
    assert [s.name for s in again.sides] == ["Ana & Luis", "Bea & Juan"]
    assert again.options == {"canastas_to_go_out": 2}
    assert services.compute_sheet(again).next_dealer == "Bea"


def test_links_are_unguessable_and_distinct(ctx):
    game = classic_game()
    assert len(game.public_id) >= 22
    assert len(game.edit_token) >= 22
    assert game.public_id != game.edit_token
    assert services.find_game(game.public_id, editable=True) is None
    assert services.find_game(game.edit_token, editable=False) is None


def test_cutthroat_partners_are_stored_with_the_hand(ctx):
    game = services.start_game(
        services.NewGame(
            "classic_3p",
            (services.NewSide("Ana", ("Ana",)), services.NewSide("Bea", ("Bea",)), services.NewSide("Cris", ("Cris",))),
            options={"cutthroat": True},
        )
    )
    hand = record(side("K:7 Q:7", out=True), side("8:3", red3=1), side("9:3", "A"), partners=[1, 2])
    services.record_hand(game, hand, expected_hands=0)
    assert [s.hand_score for s in services.compute_sheet(game).hands[0].result.sides] == [1240, 140, 40]
