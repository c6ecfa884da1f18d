"""Prizes: per group or overall, one prize per pair (the better one, the next pair moving up), a prize for the last
pair, amounts or shares of a pool rounded to whole units with the remainder said, a payout sheet's lines."""

from __future__ import annotations

import pytest

from scorekeeper.tournament.prizes import LAST, PrizeList, Shares, amounts_from_shares, payout
from scorekeeper.tournament.settings import SettingRefused
from scorekeeper.tournament.standings import Standing


def ranking(*pairs: int) -> list[Standing]:
    """Standings of ``pairs``, best first, 100 points for the first and 5 fewer each place."""
    return [Standing(k, pair, 100.0 - 5 * (k - 1), 0, 0, 11, False) for k, pair in enumerate(pairs, 1)]


def test_shares_of_a_pool_are_rounded_half_away_from_zero_and_the_remainder_is_said():
    shares = amounts_from_shares(2_345, (50, 30, 20))
    assert shares.amounts == (1173, 704, 468)  # 1172.5 up, 703.5 up, 469 gives back the unit rounded up
    assert shares.remainder == 0
    assert amounts_from_shares(2_345, (33.3, 33.3)) == Shares((781, 781), 783)  # 780.885 up twice: 783 left


def test_rounding_up_never_pays_more_than_the_pool_the_lowest_prizes_give_a_unit_back():
    shares = amounts_from_shares(10, (50, 25, 25))  # 5, 2.5 and 2.5 would round to 5, 3, 3 = 11
    assert shares.amounts == (5, 3, 2)
    assert shares.remainder == 0
    assert amounts_from_shares(1_000, (40, 25, 15)) == amounts_from_shares(1_000, (40.0, 25.0, 15.0))
    assert amounts_from_shares(1_000, (40, 25, 15)).remainder == 200


@pytest.mark.parametrize(
    ("pool", "percents", "field"),
    [(-1, (50,), "pool"), (100, (60, 50), "shares"), (100, (-5,), "shares"), (True, (50,), "pool")],
)
def test_a_pool_or_shares_out_of_bounds_are_refused_naming_the_field(pool, percents, field):
    with pytest.raises(SettingRefused) as refused:
        amounts_from_shares(pool, percents)
    assert refused.value.field == field


def test_prize_amounts_never_rise_down_a_list():
    with pytest.raises(SettingRefused) as refused:
        PrizeList("overall", (500, 800))
    assert refused.value.key == "amounts.order"
    with pytest.raises(SettingRefused) as refused:
        PrizeList(LAST, (500,))
    assert refused.value.key == "name.taken"


def test_prize_places_per_group_each_group_paid_from_its_own_standings():
    sheet = payout([(PrizeList("A", (300, 200)), ranking(1, 2, 3)), (PrizeList("B", (150, 100)), ranking(4, 5, 6))])
    assert [(line.prize_list, line.prize_place, line.pair, line.amount) for line in sheet.lines] == [
        ("A", 1, 1, 300),
        ("A", 2, 2, 200),
        ("B", 1, 4, 150),
        ("B", 2, 5, 100),
    ]
    assert (sheet.total, sheet.unpaid) == (750, 0)


def test_one_prize_per_pair_the_better_one_and_the_next_pair_moves_up_in_the_other_list():
    overall = (PrizeList("overall", (1000, 600, 300)), ranking(1, 2, 3, 4, 5, 6))
    group_b = (PrizeList("B", (400, 200)), ranking(3, 2, 5))  # pair 3: third overall (300), first of B (400)
    sheet = payout([overall, group_b])
    by_pair = {line.pair: line for line in sheet.lines}
    assert (by_pair[3].prize_list, by_pair[3].amount) == ("B", 400)  # the better prize
    assert (by_pair[4].prize_list, by_pair[4].prize_place, by_pair[4].amount) == ("overall", 3, 300)
    assert by_pair[4].moved_up
    assert by_pair[4].place == 4  # its place in the standings, shown on the sheet
    assert (by_pair[2].prize_list, by_pair[2].amount) == ("overall", 600)  # second of both lists: 600 over 200
    fifth = by_pair[5]  # third of B, moved up to B's second prize
    assert (fifth.prize_list, fifth.prize_place, fifth.amount, fifth.moved_up) == ("B", 2, 200, True)
    assert len(by_pair) == len(sheet.lines)  # nobody paid twice
    assert not by_pair[1].moved_up


def test_equal_prizes_in_two_lists_go_to_the_list_named_first():
    sheet = payout([(PrizeList("overall", (500,)), ranking(1, 2)), (PrizeList("A", (500,)), ranking(1, 3))])
    assert [(line.prize_list, line.pair) for line in sheet.lines] == [("overall", 1), ("A", 3)]


def test_a_prize_for_the_last_pair_if_the_organiser_wants_one():
    sheet = payout([(PrizeList("overall", (500, 300)), ranking(1, 2, 3, 4, 5))], last_prize=50)
    assert (sheet.lines[-1].prize_list, sheet.lines[-1].pair, sheet.lines[-1].amount) == (LAST, 5, 50)
    assert payout([(PrizeList("overall", (500,)), ranking(1, 2))], last_prize=None).total == 500
    quit_ = payout([(PrizeList("overall", (500, 300)), ranking(1, 2, 3, 4, 5))], last_prize=50, withdrawn={5})
    assert (quit_.lines[-1].pair, quit_.lines[-1].amount) == (4, 50)  # pair 5 withdrew: not the last to play on
    tiny = payout([(PrizeList("overall", (500, 300)), ranking(1, 2))], last_prize=50)  # the last has a prize
    assert (tiny.total, tiny.unpaid) == (800, 50)


def test_prizes_past_the_standings_are_left_unpaid_and_said():
    sheet = payout([(PrizeList("C", (100, 80, 60)), ranking(7, 8))])
    assert (sheet.total, sheet.unpaid) == (180, 60)
