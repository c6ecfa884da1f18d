"""A table's lines on a round's score sheet, as a federation's sheet has them: each line's points over the
round, the difference, and the victory (or match) points the difference is worth (rules/family.md §5)."""

from __future__ import annotations

from scorekeeper.tournament import BURRACO_3_HANDS, MatchPoints, SheetLine, VictoryScale, sheet_lines


def test_each_line_has_its_points_the_difference_and_what_the_table_is_worth_to_it():
    """A 3-hand Burraco round ending 805 to 450: a difference of 355, in the band 355-500, 14-6."""
    assert sheet_lines(805, 450, BURRACO_3_HANDS) == (SheetLine(805, 355, 14.0), SheetLine(450, -355, 6.0))
    assert sheet_lines(450, 805, BURRACO_3_HANDS) == (SheetLine(450, -355, 6.0), SheetLine(805, 355, 14.0))


def test_the_lines_share_the_tables_points_whatever_scores_them():
    for worth, total in ((BURRACO_3_HANDS, 20.0), (VictoryScale(1800), 20.0), (MatchPoints(), 2.0)):
        first, second = sheet_lines(-115, 1390, worth)
        assert first.difference == -second.difference == -1505
        assert round(first.points + second.points, 2) == total
    assert [line.points for line in sheet_lines(445, 445, MatchPoints())] == [1.0, 1.0]
