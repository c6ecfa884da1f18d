"""Small builders shared by the app-level tests."""

from __future__ import annotations

import re
from typing import Any

from scorekeeper import services
from scorekeeper.models import Game
from scorekeeper.records import SIDE_DEFAULTS


def side(melds: str = "", held: str = "", red3: int = 0, out: bool = False, concealed: bool = False) -> dict[str, Any]:
    """A record side from the engine tests' notation: melds ``"8:6j1 4:3"``, cards held ``"K JOKER"``."""
    from tests.engine.notation import hand, meld

    parsed = [meld(m) for m in melds.split()]
    return {
        **SIDE_DEFAULTS,
        "melds": [{"rank": m.rank, "naturals": m.naturals, "jokers": m.jokers, "twos": m.twos} for m in parsed],
        "cards_held": hand(held),
        "red_threes": red3,
        "went_out": out,
        "concealed": concealed,
    }


def record(*sides: dict[str, Any], partners: list[int] | None = None) -> dict[str, Any]:
    """A hand record."""
    return {"partners": partners, "sides": list(sides)}


def classic_game(options: dict[str, Any] | None = None) -> Game:
    """A classic game: Ana & Luis against Bea & Juan, Ana deals first."""
    return services.start_game(
        services.NewGame(
            "classic",
            (services.NewSide("Ana & Luis", ("Ana", "Luis")), services.NewSide("Bea & Juan", ("Bea", "Juan"))),
            options=options or {},
        )
    )


#: The spec's example hand, without the totals: 565 and 780.
SPEC_HAND = record(side("8:6j1 4:3", "K JOKER", red3=2), side("A:7 6:4t1", out=True))


def read_only_path(client, sheet: str) -> str:
    """The read-only address of the game whose edit sheet is at ``sheet``."""
    import re

    return "/g/" + re.search(r'data-game="([\w-]+)"', client.get(sheet).get_data(as_text=True)).group(1)


def picked(page: str, name: str, value: str) -> bool:
    """Whether a form page comes back with the one-tap choice ``name`` (a radio chip) set to ``value``."""
    return re.search(f'<input checked id="[^"]*" name="{name}" type="radio" value="{value}">', page) is not None
