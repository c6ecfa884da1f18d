"""A round's seating as it is printed for the room: by table (each table's North-South and East-West pairs with
their players, then the pairs sitting out) and alphabetically (every player, with the pair, the table and the
line they sit in), the names in the reader's alphabet."""

from __future__ import annotations

from dataclasses import dataclass

from ...store.nights import Night, NightPair, NightRound
from ...translation import collation_key


@dataclass(frozen=True)
class SeatedTable:
    """A table of the round: its number and its two pairs."""

    number: int
    north_south: NightPair
    east_west: NightPair


@dataclass(frozen=True)
class SeatedPlayer:
    """A player of the round: the name, the pair, and the table and line (None: the pair sits out)."""

    name: str
    pair: int
    table: int | None = None
    north_south: bool = True


@dataclass(frozen=True)
class Seating:
    """Round ``number``'s seating, by table and by player."""

    number: int
    tables: list[SeatedTable]
    byes: list[NightPair]
    players: list[SeatedPlayer]


def round_seating(night: Night, number: int) -> Seating | None:
    """The seating of round ``number`` of ``night`` (None: no such round drawn)."""
    played: NightRound | None = next((r for r in night.played if r.number == number), None)
    if played is None:
        return None
    pairs = {pair.number: pair for pair in night.pairs}
    tables = [SeatedTable(t.number, pairs[t.north_south], pairs[t.east_west]) for t in played.tables]
    byes = [pairs[number] for number in played.byes if number in pairs]
    players = [
        SeatedPlayer(name, pair.number, table.number, pair is table.north_south)
        for table in tables
        for pair in (table.north_south, table.east_west)
        for name in pair.players
    ]
    players += [SeatedPlayer(name, pair.number) for pair in byes for name in pair.players]
    players.sort(key=lambda player: (collation_key(player.name), player.pair))
    return Seating(number, tables, byes, players)
