"""docs/tournaments.md's worked example, replayed: eight pairs, 3 Mitchell rounds on Friday, 1 Danish and 2 Danish in
groups of four on Saturday, a withdrawal, four corrections and the prizes. Every figure the page states is
asserted here, so the page and the rules cannot drift apart."""

from __future__ import annotations

from scorekeeper.tournament.corrections import Outcome, correction
from scorekeeper.tournament.draws import draw_round
from scorekeeper.tournament.groups import cut_groups, group_standings
from scorekeeper.tournament.movements import Round
from scorekeeper.tournament.phases import Phase, PhaseKind, Tournament
from scorekeeper.tournament.points import BURRACO_3_HANDS
from scorekeeper.tournament.prizes import PrizeList, amounts_from_shares, payout
from scorekeeper.tournament.standings import Result, standings
from scorekeeper.tournament.withdrawal_points import (
    Reason,
    WithdrawalRules,
    abandoned_rounds,
    left_alone,
    quitting,
    without_gain,
)

EVENT = Tournament(
    8,
    (
        Phase(PhaseKind.MITCHELL, 3, session=1),
        Phase(PhaseKind.DANISH, 1, session=2),
        Phase(PhaseKind.DANISH_IN_GROUPS, 2, session=2, groups=(4,)),
    ),
)
PAIRS = list(range(1, 9))
#: The scores of the page's tables, by round and meeting (north-south's first).
SCORES = {
    (1, 1, 5): (905, 1140), (1, 2, 6): (1300, 815), (1, 3, 7): (795, 1390), (1, 4, 8): (1190, 1065),
    (2, 1, 8): (940, 995), (2, 2, 5): (1370, 1140), (2, 3, 6): (725, 850), (2, 4, 7): (1155, 1460),
    (3, 1, 7): (975, 1355), (3, 2, 8): (1265, 1100), (3, 3, 5): (830, 1140), (3, 4, 6): (1120, 885),
    (4, 7, 2): (1425, 1335), (4, 5, 4): (1140, 1085), (4, 8, 6): (1030, 920), (4, 1, 3): (1010, 760),
    (5, 7, 5): (1320, 1140), (5, 2, 4): (1230, 1050), (5, 8, 3): (960, 690), (5, 1, 6): (870, 780),
    (6, 7, 2): (1390, 1300), (6, 5, 4): (1140, 1190), (6, 8, 1): (1065, 905),
}  # fmt: skip


def play(number: int, seated: Round, results: list[Result], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    for table in seated.tables:
        a, b = table.north_south, table.east_west
        met.add(table.meeting)
        if (number, a, b) not in SCORES:
            continue  # the table pair 6 left
        ours, theirs = SCORES[number, a, b]
        mine, yours = BURRACO_3_HANDS.points(ours, theirs)
        results += [Result(number, a, b, ours, theirs, mine), Result(number, b, a, theirs, ours, yours)]
    return [(t.north_south, t.east_west) for t in seated.tables]


def ranked(results: list[Result]) -> list[tuple[int, float]]:
    return [(line.pair, line.points) for line in standings(PAIRS, results)]


def test_the_worked_example_of_docs_tournaments_md():
    results: list[Result] = []
    met: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        play(number, draw_round(EVENT, number, PAIRS), results, met)
    assert ranked(results) == [(7, 42), (2, 38), (5, 33), (4, 30), (8, 28), (6, 25), (1, 23), (3, 21)]
    assert EVENT.next_round(3) is None  # Friday's last round: nothing drawn until Saturday

    order = [pair for pair, _ in ranked(results)]
    assert play(4, draw_round(EVENT, 4, order, met=met), results, met) == [(7, 2), (5, 4), (8, 6), (1, 3)]
    assert ranked(results) == [(7, 53), (2, 47), (5, 44), (4, 39), (8, 39), (1, 35), (6, 34), (3, 29)]

    groups = cut_groups([pair for pair, _ in ranked(results)], EVENT.phases[2].groups)
    assert [(g.name, g.pairs) for g in groups] == [("A", (7, 2, 5, 4)), ("B", (8, 1, 6, 3))]

    def by_group() -> list[list[int]]:
        return [[line.pair for line in group_standings(g, results, 5)] for g in groups]

    seated = draw_round(EVENT, 5, order, met=met, ranked_groups=by_group())
    assert play(5, seated, results, met) == [(7, 5), (2, 4), (8, 3), (1, 6)]

    rules = WithdrawalRules(bye_points=14.0)
    alone, gone = left_alone(rules, 3, 6), quitting(rules, 6, abandoned_rounds(EVENT, 6), hands=3)
    assert (alone.total, alone.reason, gone.total, gone.reason) == (14, Reason.BYE, 6, Reason.ABANDONED)
    seated = draw_round(EVENT, 6, order, met=met, ranked_groups=by_group())
    assert play(6, seated, results, met) == [(7, 2), (5, 4), (8, 1), (6, 3)]
    results.append(Result(6, 3, None, 0, 0, alone.each))
    before = sum(r.points for r in results if r.pair == 6)  # checked when the points are counted: at the end
    others = [sum(r.points for r in results if r.pair == p) for p in (8, 1, 3)]
    assert (before + gone.total, others) == (49, [64, 54, 50])
    assert without_gain(gone, before, others, advantaged_places=2) == gone  # no prize won: kept
    assert without_gain(gone, before, [64, 48, 47], advantaged_places=2).total == 0  # had it lifted pair 6 to 2nd
    results.append(Result(6, 6, None, 0, 0, gone.each))

    corrections = [
        correction(EVENT, 2, drawn=4, published=False, last_begun=False),
        correction(EVENT, 4, drawn=5, published=False, last_begun=False),
        correction(EVENT, 4, drawn=5, published=True, last_begun=False),
        correction(EVENT, 5, drawn=6, published=True, last_begun=True),
        correction(EVENT, 5, drawn=6, published=True, last_begun=True, reason="the sum was wrong, both pairs agree"),
        correction(EVENT, 2, drawn=6, published=True, last_begun=True),
    ]
    assert [c.outcome for c in corrections] == [
        Outcome.REDRAW,
        Outcome.REDRAW,
        Outcome.RESULT_ONLY,
        Outcome.NEEDS_REASON,
        Outcome.RESULT_ONLY,
        Outcome.RESULT_ONLY,  # a Mitchell sheet in the last round: no reason needed
    ]
    assert corrections[-1].allowed

    finals = {g.name: group_standings(g, results, 5) for g in groups}
    assert [(line.pair, line.points) for line in finals["A"]] == [(7, 76), (2, 68), (5, 62), (4, 57)]
    assert [(line.pair, line.points) for line in finals["B"]] == [(8, 64), (1, 54), (3, 50), (6, 49)]

    shares = amounts_from_shares(1_234, (40, 25, 20, 10))
    assert (shares.amounts, shares.remainder) == ((494, 309, 247, 123), 61)
    sheet = payout(
        [(PrizeList("A", shares.amounts[:2]), finals["A"]), (PrizeList("B", shares.amounts[2:]), finals["B"])],
        last_prize=20,
        last_of=standings(PAIRS, results),
        withdrawn={6},
    )
    assert [
        (line.prize_list, line.prize_place, line.pair, line.place, line.points, line.amount) for line in sheet.lines
    ] == [
        ("A", 1, 7, 1, 76, 494),
        ("A", 2, 2, 2, 68, 309),
        ("B", 1, 8, 1, 64, 247),
        ("B", 2, 1, 2, 54, 123),
        ("last", 1, 3, 7, 50, 20),
    ]
