"""Small builders shared by the app-level tests."""

from __future__ import annotations

import html
import re
from typing import Any

from scorekeeper import services
from scorekeeper.engine.records import SIDE_DEFAULTS
from scorekeeper.store.models import Game


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


#: Two pairs, as most API tests seat them.
API_TABLE = [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]


def page_text(response: Any) -> str:
    """A page's text as a reader sees it: entities decoded, white space folded."""
    return html.unescape(re.sub(r"\s+", " ", response.get_data(as_text=True)))


def start_from_form(client: Any, ruleset: str, data: dict[str, str], players: int = 4, sides: int = 2) -> str:
    """A game started through the new-game page; its edit sheet's address."""
    response = client.post(f"/games/new/{ruleset}?players={players}&sides={sides}", data=data)
    assert response.status_code == 302, page_text(response)
    return str(response.headers["Location"])


def public_id_of(client: Any, sheet: str) -> str:
    """The read-only id of the game whose edit sheet is at ``sheet``."""
    found = re.search(r"/g/([\w-]+)", page_text(client.get(sheet)))
    assert found
    return found.group(1)


def api_game(client: Any, ruleset: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A game of two pairs started through the API (its JSON, with the edit token)."""
    table = {"ruleset": ruleset, "sides": API_TABLE, "options": options or {}}
    return dict(client.post("/api/v1/games", json=table).get_json())


def templates_rendered(monkeypatch: Any, views: Any) -> list[str]:
    """The names of the templates the module ``views`` renders from now on, in order (its ``render_template``
    watched for the test)."""
    rendered: list[str] = []
    real = views.render_template

    def watched(name: str, **context: Any) -> str:
        rendered.append(name)
        return str(real(name, **context))

    monkeypatch.setattr(views, "render_template", watched)
    return rendered


def api_hand(client: Any, game: dict[str, Any], expected: int, sides: list[dict[str, Any]]) -> Any:
    """The answer to recording the next hand through the API."""
    return client.post(
        f"/api/v1/games/{game['id']}/hands",
        json={"expected_hands": expected, "sides": sides},
        headers={"X-Edit-Token": game["edit_token"]},
    )


def free_port() -> int:
    """A TCP port nobody listens on now."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(url: str, seconds: float = 60) -> None:
    """Until the server answers (its workers may take seconds to start on a busy machine)."""
    import time
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=10).close()
            return
        except OSError:  # refused while starting, or a first answer slower than the timeout
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer")


def gunicorn_as_make_run_starts_it(
    database: str, log: Any = None, options: tuple[str, ...] = (), **environment: str
) -> tuple[Any, str]:
    """gunicorn with `make run`'s settings (two workers) on ``database``, and ``options`` on its command line
    (say, log files): the process and its base URL. The caller stops it (``stop_server``)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database, "SCOREKEEPER_SECRET_KEY": "served", **environment}
    command = [str(Path(sys.executable).parent / "gunicorn"), "-c", "python:scorekeeper.gunicorn_conf"]
    command += ["--bind", f"127.0.0.1:{port}", *options, "scorekeeper:create_app()"]
    output = subprocess.PIPE if log is None else log
    server = subprocess.Popen(command, cwd=root, env=env, stdout=output, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    wait_for(base + "/rules")
    return server, base


def stop_server(server: Any) -> str:
    """Stop a server started by ``gunicorn_as_make_run_starts_it``; what it printed."""
    import signal

    server.send_signal(signal.SIGTERM)
    out = server.communicate(timeout=20)[0]
    return out.decode() if out else ""


def reseated_meanwhile(game_id: int, position: int, players: tuple[str, ...] = ("Eva", "Fede")) -> None:
    """Another request, in its own session, seats ``players`` at side ``position`` of the game (a new name and
    a new link), as a club night's director moving a pair does, and commits: what the caller's session read
    of that side is now out of date."""
    from flask import current_app

    from scorekeeper.services.table.games import reseat
    from scorekeeper.services.transaction import lock
    from scorekeeper.store.database import db

    with current_app.app_context():  # a context of its own: a session of its own
        game = lock(db.session.get(Game, game_id))
        reseat(game.sides[position], players)
        game.version += 1
        db.session.commit()


def csrf_secret(token: str) -> str:
    """The phone's own CSRF secret that a form's token signs (the token's payload). The signature names the second
    it was made in, so one phone's answers a second apart carry different tokens of the same secret."""
    return token.split(".", 1)[0]
