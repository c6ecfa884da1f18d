"""A group's records: per player and per pair, and pairs head to head, from the games' sheets.

Nothing here is stored: every figure is counted again from the hands each game's sheet holds (the
engine's scores and the entries as recorded). Games count once finished (played, won); every counted
hand of every game counts for the hand figures, finished or not. A player is known by name (accents and
case aside); a pair by its two or three names, whatever the order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import CanastaCount
from ...engine.sheet import Sheet
from ...reference.search import normalize
from ...store.models import Game


@dataclass
class Record:
    """What a player, or a pair, did across the group's games."""

    name: str
    played: int = 0  # finished games
    won: int = 0
    hands: int = 0  # counted hands, of every game
    points: int = 0  # the sum of those hands' scores
    highest: int | None = None
    natural: int = 0
    mixed: int = 0
    wild: int = 0
    samba: int = 0
    red_threes: int = 0
    out: int = 0
    concealed: int = 0

    @property
    def win_rate(self) -> int | None:
        """Games won in a hundred finished, rounded half up (None before any finished game)."""
        return (200 * self.won + self.played) // (2 * self.played) if self.played else None

    @property
    def average(self) -> int | None:
        """The average hand score, rounded half up (None before any hand)."""
        return (2 * self.points + self.hands) // (2 * self.hands) if self.hands else None


@dataclass
class Meeting:
    """Two pairs that played each other: finished games and the wins of each."""

    first: str
    second: str
    games: int = 0
    first_won: int = 0
    second_won: int = 0


@dataclass
class Records:
    """The group's records, best first."""

    players: list[Record] = field(default_factory=list)
    pairs: list[Record] = field(default_factory=list)
    meetings: list[Meeting] = field(default_factory=list)


def group_records(
    games: Sequence[tuple[Game, Sheet]],
    decided: Mapping[int, int | None] | None = None,
    who: Callable[[str], tuple[str, str]] | None = None,
) -> Records:
    """Every player's and pair's record over ``games``, and each meeting of two pairs. ``decided``: the
    games that count as played, by id, with the winning side (None: a draw), when something other than
    the game's own end decides them (a club night's table, whose result counts once agreed). ``who``: the
    key a player's name counts under and the name to show (a club's roster); else the name, accents and
    case aside."""
    who = who or _by_name
    players: dict[str, Record] = {}
    pairs: dict[frozenset[str], Record] = {}
    meetings: dict[tuple[frozenset[str], frozenset[str]], Meeting] = {}
    for game, sheet in games:
        members = [[player.name for player in side.players] for side in game.sides]
        keyed_players = [[who(name) for name in names] for names in members]
        pair_keys = [frozenset(key for key, _ in names) if len(names) > 1 else None for names in keyed_players]
        records_of = []
        for index, names in enumerate(keyed_players):
            side_records = [players.setdefault(key, Record(name)) for key, name in names]
            pair = pair_keys[index]
            if pair is not None:
                side_records.append(pairs.setdefault(pair, Record(" & ".join(name for _, name in names))))
            records_of.append(side_records)
        over = sheet.game_over if decided is None else game.id in decided
        if over:
            winner = sheet.outcome.winner if decided is None else decided[game.id]
            for index, side_records in enumerate(records_of):
                for record in side_records:
                    record.played += 1
                    record.won += winner == index
            _meet(meetings, pairs, pair_keys, winner)
        for hand in sheet.hands:
            if not hand.counted:
                continue
            for index, side_records in enumerate(records_of):
                scored, entered = hand.result.sides[index], hand.record["sides"][index]
                for record in side_records:
                    _count_hand(record, scored.hand_score, scored.canastas, entered)
    return Records(
        sorted(players.values(), key=_best_first),
        sorted(pairs.values(), key=_best_first),
        sorted(meetings.values(), key=lambda m: (-m.games, normalize(m.first), normalize(m.second))),
    )


def _by_name(name: str) -> tuple[str, str]:
    return normalize(name), name


def _count_hand(record: Record, score: int, canastas: CanastaCount, entered: Mapping[str, Any]) -> None:
    record.hands += 1
    record.points += score
    record.highest = score if record.highest is None else max(record.highest, score)
    record.natural += canastas.natural
    record.mixed += canastas.mixed
    record.wild += canastas.wild
    record.samba += canastas.samba
    record.red_threes += int(entered.get("red_threes", 0) or 0)
    record.out += bool(entered.get("went_out"))
    record.concealed += bool(entered.get("went_out") and entered.get("concealed"))


def _best_first(record: Record) -> tuple[int, int, int, str]:
    return (-record.won, -(record.win_rate or 0), -(record.average or 0), normalize(record.name))


def _meet(
    meetings: dict[tuple[frozenset[str], frozenset[str]], Meeting],
    pairs: dict[frozenset[str], Record],
    pair_keys: Sequence[frozenset[str] | None],
    winner: int | None,
) -> None:
    """Count a finished game between two pairs (games of two sides of two or three players each)."""
    if len(pair_keys) != 2 or pair_keys[0] is None or pair_keys[1] is None:
        return
    first, second = sorted((pair_keys[0], pair_keys[1]), key=lambda key: normalize(pairs[key].name))
    meeting = meetings.setdefault((first, second), Meeting(pairs[first].name, pairs[second].name))
    meeting.games += 1
    if winner is not None:
        won = pair_keys[winner]
        meeting.first_won += won == first
        meeting.second_won += won == second
