"""What a club night's tables have come to: each table's result as its game stands (finished? agreed?),
the standings from the results that count, and the stamp the night's followed pages are kept by.

Every score is the engine's, read from the tables' games; what a result is worth is the tournament
package's. Nothing here writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Select, bindparam, func, select

from ...shapes.limits import is_token
from ...store.database import db
from ...store.models import Game, now
from ...store.nights import Night, NightRound, NightTable
from ...tournament import (
    BURRACO_3_HANDS,
    BURRACO_4_HANDS,
    MatchPoints,
    Result,
    SheetLine,
    Standing,
    StepTable,
    TieBreak,
    VictoryScale,
    Worth,
    default_decisive,
    sheet_lines,
    standings,
)
from ..table.halves_state import compute_halves
from ..table.sheet import compute_sheet


@dataclass(frozen=True)
class TableResult:
    """A table's result as it stands: each pair's score (north-south first), whether the table has finished
    and whether the other pair has agreed (only a finished, agreed result counts). ``time_up``: a round
    of minutes whose clock is over at a table that has played, but that has not yet said it has finished
    the hand that was in play (no hand recorded since the clock ran out, no "we have finished").
    ``signed``: who countersigned it, as a federation's sheet is signed by the other line: "halves" (each
    pair agreed the other's halves), "other_pair" (a player of the pair that did not record tapped "we
    agree"), "director" (the director set it); empty while nobody has."""

    scores: tuple[int, int]
    finished: bool
    agreed: bool
    time_up: bool = False
    signed: str = ""

    @property
    def counts(self) -> bool:
        return self.finished and self.agreed

    @property
    def may_agree(self) -> bool:
        """Whether the "we agree" tap is offered: the game is over (or its time is, and the hand that was in
        play is in) and nobody agreed yet."""
        return (self.finished or self.time_up) and not self.agreed


def table_result(table: NightTable) -> TableResult:
    """A table's result as its game stands (or as the director fixed it)."""
    if table.fixed_scores is not None:
        scores = (table.fixed_scores[0], table.fixed_scores[1])
        return TableResult(scores, finished=True, agreed=True, signed="director")
    game = table.game
    if game is None:
        return TableResult((0, 0), finished=False, agreed=False)
    sheet = compute_sheet(game)
    totals = (sheet.totals[0], sheet.totals[1])
    night_round = table.round
    time_up = False
    if night_round.night.round_kind == "minutes":
        # N minutes, then the hand in play is finished: a hand recorded after the clock ran out is that hand;
        # with none, the players' tap says no hand was in play (or that it is in).
        ends = night_round.ends_at
        over = ends is not None and now() >= ends and bool(sheet.hands)
        after_bell = ends is not None and any(hand.created_at >= ends for hand in game.hands)
        finished = over and (after_bell or table.agreed_at is not None)
        time_up = over and not finished
    else:
        finished = sheet.game_over
    halves = compute_halves(game)
    tapped = table.agreed_at is not None and table.agreed_hands == last_hand_change(game)
    by_halves = halves is not None and bool(sheet.hands) and not halves.not_agreed
    agreed = tapped or by_halves
    if time_up and agreed and not tapped:
        agreed = False  # every hand agreed by halves, but the table has not said it has finished
    signed = ("halves" if by_halves else "other_pair") if agreed else ""
    return TableResult(totals, finished, agreed, time_up, signed)


#: The changes of a game's log that change its hands.
HAND_CHANGES = ("add", "edit", "undo", "restore")


def last_hand_change(game: Game) -> str:
    """The game's hands as they stand, named by the last change of its log that changed a hand (a log
    only grows, so a hand undone and played again is another change): what a "we agree" tap agrees to."""
    return str(max((edit.id for edit in game.edits if edit.action in HAND_CHANGES), default=0))


def table_results(night: Night) -> dict[int, TableResult]:
    """Every table's result, by the table's id (worked out once for a page: the standings and the board
    both read them)."""
    return {table.id: table_result(table) for played in night.played for table in played.tables}


def night_standings(
    night: Night, found_results: dict[int, TableResult] | None = None, handicaps: dict[int, float] | None = None
) -> list[Standing]:
    """The standings from every table whose result counts, and every bye of a round whose tables all count
    (a pair sitting out does not lead while the others still play), ranked by the night's tie-breaks;
    ``handicaps``: each pair's points every round it has a result, on a handicapped night."""
    scale = night_scale(night)
    known = found_results if found_results is not None else table_results(night)
    results: list[Result] = []
    for played in night.played:
        for table in played.tables:
            found = known[table.id]
            if not found.counts:
                continue
            ns, ew = found.scores
            ours, theirs = scale.points(ns, ew)
            results.append(Result(played.number, table.north_south, table.east_west, ns, ew, ours))
            results.append(Result(played.number, table.east_west, table.north_south, ew, ns, theirs))
        if all(known[table.id].counts for table in played.tables):  # a bye's points once its round has finished
            for pair in played.byes:
                results.append(Result(played.number, pair, None, night.bye_difference, 0, night.bye_points))
    order = [TieBreak(t) for t in night.tie_breaks]
    return standings([pair.number for pair in night.pairs], results, order, handicaps)


@dataclass(frozen=True)
class PairLine:
    """A pair's line of a table on the round's score sheet: the pair, each hand's score (none when the
    director set the result), and the line's points, difference and victory (or match) points."""

    pair: int
    hands: tuple[int, ...]
    line: SheetLine


@dataclass(frozen=True)
class TableSheet:
    """A table of a round on the score sheet, as a federation's sheet has it: its two lines (north-south
    first), whether the round's hands are in (the points are then the table's) and who signed it
    (``TableResult.signed``)."""

    number: int
    lines: tuple[PairLine, PairLine]
    finished: bool
    signed: str


def table_sheet(table: NightTable, result: TableResult, worth: Worth) -> TableSheet:
    """A table's lines on the round's score sheet, from its result (the game's, or the director's)."""
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    if table.fixed_scores is None and table.game is not None:
        counted = [hand.result.sides for hand in compute_sheet(table.game).hands if hand.counted]
        hands = (tuple(sides[0].hand_score for sides in counted), tuple(sides[1].hand_score for sides in counted))
    first, second = sheet_lines(result.scores[0], result.scores[1], worth)
    lines = (PairLine(table.north_south, hands[0], first), PairLine(table.east_west, hands[1], second))
    return TableSheet(table.number, lines, result.finished, result.signed)


def round_sheet(night: Night, played: NightRound, found_results: dict[int, TableResult]) -> list[TableSheet]:
    """Every table of a round on its score sheet, by table number (``found_results``: by the table's id)."""
    worth = night_scale(night)
    return [table_sheet(table, found_results[table.id], worth) for table in played.tables]


def night_scale(night: Night) -> VictoryScale | StepTable | MatchPoints:
    """What a table's result is worth at this night: its scale, step table or match points."""
    if night.scoring == "burraco_3":
        return BURRACO_3_HANDS
    if night.scoring == "burraco_4":
        return BURRACO_4_HANDS
    if night.scoring == "match":
        return MatchPoints()
    hands = night.round_length if night.round_kind == "hands" else None
    minutes = night.round_length if night.round_kind == "minutes" else None
    return VictoryScale(night.decisive or default_decisive(night.ruleset_id, hands, minutes))


def night_stamp(token: str, *, director: bool = False) -> int | None:
    """A number that grows with every change to the night or to any of its tables' games, and once more
    when the round's clock runs out (for the pages that follow the night: their ETag, found in one query
    without loading the night). ``token``: the public id, or the director's. None: no such night."""
    if not is_token(token):
        return None
    found = db.session.execute(_STAMPS[director], {"token": token}).first()
    if found is None:
        return None
    version, games, ends = found
    over = 1 if ends is not None and now() >= ends else 0
    return 2 * (int(version) + int(games or 0)) + over


def _stamp_query(director: bool) -> Select[int, int, datetime | None]:
    """The night's version, the sum of its tables' games' versions and the last round's end, in one query."""
    games = (
        select(func.coalesce(func.sum(Game.version), 0))
        .join(NightTable, NightTable.game_id == Game.id)
        .join(NightRound, NightRound.id == NightTable.round_id)
        .where(NightRound.night_id == Night.id)
        .scalar_subquery()
    )
    ends = (
        select(NightRound.ends_at)
        .where(NightRound.night_id == Night.id)
        .order_by(NightRound.number.desc())
        .limit(1)
        .scalar_subquery()
    )
    column = Night.director_token if director else Night.public_id
    return select(Night.version, games, ends).where(column == bindparam("token"))


#: The night's stamp by public id (False) and by the director's token (True), built once.
_STAMPS = {director: _stamp_query(director) for director in (False, True)}
