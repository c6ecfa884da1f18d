"""Each hand scored once: what is kept is derived, can be dropped, and is made again identical;
reading an unchanged game scores nothing, and a save scores only the hand saved."""

from __future__ import annotations

import pytest

from scorekeeper import engine, services
from scorekeeper.engine import sheet as engine_sheet
from scorekeeper.engine.hands import score_hand
from scorekeeper.engine.records import partners_of, to_entries
from scorekeeper.services.table import sheet as sheet_service
from scorekeeper.store.kept import Kept
from scorekeeper.store.records import record_of

from .helpers import classic_game, record, side

#: Ten different hands, none ending a game to 50,000.
HANDS = [
    record(side("8:6j1 4:3", "K JOKER", red3=2), side("A:7 6:4t1", out=True)),
    record(side("K:7 5:3t1", out=True), side("Q:4", "7 JOKER", red3=1)),
    record(side("9:3", "A A 4"), side("J:5j1t1 10:7", red3=2, out=True, concealed=True)),
    record(side("A:4t1", "K", red3=1), side("6:3", "8 8 2")),
    record(side("Q:7 J:3", out=True), side("5:3", "K Q")),
    record(side("7:4", "A"), side("K:6j1 8:3", out=True)),
    record(side("4:7 6:3t1", out=True, red3=1), side("9:3 10:3", "JOKER")),
    record(side("", "K Q J", red3=1), side("A:7 Q:3", out=True)),
    record(side("8:5t2 K:3", out=True), side("J:4", "4 5")),
    record(side("10:3", "2"), side("Q:7 9:4j1", out=True, red3=1)),
]


@pytest.fixture
def ctx(app):
    with app.app_context():
        services.forget_scores()
        yield


@pytest.fixture
def scorings(monkeypatch):
    """How many hands the engine scores from here on (the sheet's calls of ``score_hand``, for the sheet service)."""
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return score_hand(*args, **kwargs)

    monkeypatch.setattr(engine_sheet, "score_hand", counted)
    return calls


def ten_hand_game_with_an_edit():
    game = classic_game({"target": 50_000})
    for number, hand in enumerate(HANDS):
        services.record_hand(game, hand, expected_hands=number)
    fixed = services.find_game(game.public_id, editable=False)
    services.edit_hand(fixed, 4, record(side("Q:7 J:4", out=True), side("5:3", "K")), expected_version=1)
    return services.find_game(game.public_id, editable=False)


def scored_from_scratch(game):
    """Every hand scored by the engine with its real totals before it, nothing kept: the reference."""
    ruleset = services.game_ruleset(game)
    names = [s.name for s in game.sides]
    totals = [0, 0]
    results = []
    for hand in sorted(game.hands, key=lambda h: h.number):
        entries = to_entries(record_of(hand), names, totals)
        result = score_hand(entries, ruleset, hand.number, partners_of(record_of(hand)))
        totals = [s.total_after for s in result.sides]
        results.append(result)
    return results


def test_kept_sheet_and_rebuilt_sheet_are_identical(ctx):
    game = ten_hand_game_with_an_edit()
    kept, kept_log = services.compute_sheet(game), services.describe_edits(game)
    services.forget_scores()
    rebuilt, rebuilt_log = services.compute_sheet(game), services.describe_edits(game)
    assert rebuilt is not kept
    assert rebuilt == kept
    assert rebuilt_log == kept_log
    assert (kept.totals, kept.next_minimums, kept.winner) == (rebuilt.totals, rebuilt.next_minimums, rebuilt.winner)


def test_each_kept_hand_is_the_hand_scored_with_its_real_totals(ctx):
    game = ten_hand_game_with_an_edit()
    sheet = services.compute_sheet(game)
    assert [row.result for row in sheet.hands] == scored_from_scratch(game)
    # Worked by hand: Ana & Luis 565 + 705 - 15 + 710 (hand 4 as fixed) + 700 + 0 + 770 - 130 + 520 + 10;
    # Bea & Juan 780 + 85 + 1390 + 5 - 5 + 540 + 10 + 770 + 30 + 860.
    assert sheet.totals == (3835, 4465)
    assert sheet.hands[3].result.sides[0].breakdown.meld_points == 110  # hand 4 as fixed: Q:7 J:4 = 70 + 40


def test_reading_an_unchanged_game_scores_nothing(ctx, client, scorings):
    game = ten_hand_game_with_an_edit()
    services.compute_sheet(game)
    scorings.clear()
    for path in (f"/g/{game.public_id}", f"/e/{game.edit_token}", f"/api/v1/games/{game.public_id}"):
        assert client.get(path).status_code == 200
    assert client.get(f"/e/{game.edit_token}/hands/new").status_code == 200
    assert scorings == []


def test_a_save_scores_only_the_hand_saved(ctx, client, scorings):
    game = ten_hand_game_with_an_edit()
    client.get(f"/api/v1/games/{game.public_id}")
    scorings.clear()
    body = {
        "expected_hands": 10,
        "sides": [{"melds": [{"rank": "K", "naturals": 3}]}, {"melds": [{"rank": "Q", "naturals": 3}]}],
    }
    answer = client.post(f"/api/v1/games/{game.public_id}/hands", json=body, headers={"X-Edit-Token": game.edit_token})
    assert answer.status_code == 201
    assert answer.get_json()["totals"] == [3865, 4495]  # 30 each: a meld of three kings, of three queens
    client.get(f"/g/{game.public_id}")
    client.get(f"/e/{game.edit_token}")
    assert len(scorings) == 1


def test_fixing_an_early_hand_scores_that_hand_and_every_later_total_follows(ctx, scorings):
    game = ten_hand_game_with_an_edit()
    before = services.compute_sheet(game)
    scorings.clear()
    services.edit_hand(game, 2, record(side("K:7 5:3t1", out=True), side("Q:4", "7", red3=1)), expected_version=1)
    after = services.compute_sheet(services.find_game(game.public_id, editable=False))
    assert len(scorings) == 1
    assert after.hands[1].result.sides[1].hand_score == before.hands[1].result.sides[1].hand_score + 50  # no joker
    assert [row.totals[1] - old.totals[1] for row, old in zip(after.hands, before.hands, strict=True)][1:] == [50] * 9
    assert [row.result for row in after.hands] == scored_from_scratch(game)


def test_undo_scores_nothing_and_the_totals_go_back(ctx, scorings):
    game = ten_hand_game_with_an_edit()
    nine = services.compute_sheet(game).hands[8].totals
    scorings.clear()
    services.undo_last_hand(game, 10, 1)
    assert services.compute_sheet(services.find_game(game.public_id, editable=False)).totals == nine
    assert scorings == []


def test_kept_scores_are_keyed_by_the_engine_revision(ctx, monkeypatch, scorings):
    game = ten_hand_game_with_an_edit()
    services.compute_sheet(game)
    scorings.clear()
    monkeypatch.setattr(sheet_service, "REVISION", engine.REVISION + 1)
    services.compute_sheet(game)
    assert len(scorings) == 10  # a new engine scores every hand again


def test_the_same_hand_in_two_games_is_scored_once_and_named_by_each(ctx, scorings):
    first, second = classic_game(), classic_game()
    services.record_hand(first, HANDS[0], expected_hands=0)
    services.record_hand(second, HANDS[0], expected_hands=0)
    assert len(scorings) == 1
    assert services.compute_sheet(second).hands[0].result.sides[0].name == "Ana & Luis"


def test_kept_values_are_bounded_least_recently_used_first_out():
    kept: Kept[int] = Kept(limit=2)
    kept.keep("a", 1)
    kept.keep("b", 2)
    assert kept.get("a") == 1
    kept.keep("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c"), len(kept)) == (1, None, 3, 2)
    kept.clear()
    assert kept.get_or_make("a", lambda: 9) == 9


def test_the_sheet_kept_when_a_hand_is_saved_is_the_sheet_read_from_the_database(ctx, scorings):
    game = classic_game({"target": 50_000})
    for number, hand in enumerate(HANDS):
        services.record_hand(game, hand, expected_hands=number)
    assert len(scorings) == 10  # each hand once, when saved
    kept = services.compute_sheet(services.find_game(game.public_id, editable=False))
    services.forget_scores()
    assert services.compute_sheet(services.find_game(game.public_id, editable=False)) == kept
