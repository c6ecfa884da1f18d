"""Page weights and render times at the table: bytes sent (raw and gzip) and requests per second.

Prints figures only. Run with ``make bench``.
"""

from __future__ import annotations

import gzip
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper import create_app, services
from scorekeeper.store.database import db
from scorekeeper.web.common import page_cache

HAND = {
    "out": "1",
    "s0_m_8_n": "6",
    "s0_m_8_j": "1",
    "s0_m_4_n": "3",
    "s0_red3": "2",
    "s0_h_K": "1",
    "s1_m_A_n": "7",
    "s1_m_6_n": "4",
    "s1_m_6_t": "1",
}
PLAYERS = {"seat_0": "Ana", "seat_1": "Bea", "seat_2": "Luis", "seat_3": "Juan", "mode": "target", "target": "5000"}


def main() -> None:
    folder = tempfile.mkdtemp()
    app = create_app(
        {
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/b.sqlite",
        }
    )
    with app.app_context():
        db.create_all()
    client = app.test_client()
    game = client.post("/games/new/classic?players=4&sides=2", data=PLAYERS).headers["Location"]
    for number in range(12):
        client.post(game + "/hands/new", data={**HAND, "expected_hands": str(number)})
    sheet_html = client.get(game).get_data(as_text=True)
    public = re.search(r'/g/([\w-]+)/table"', sheet_html).group(1)  # the read-only link itself
    side = halves_game(client)
    pages = {
        "home (one game listed)": "/",
        "choose rules": "/games/new",
        "new game (classic)": "/games/new/classic?players=4&sides=2",
        "new game (es_tradicional)": "/games/new/es_tradicional?players=4&sides=2",
        "hand form (classic)": game + "/hands/new",
        "sheet, 12 hands (edit link)": game,
        "sheet, 12 hands (read-only)": "/g/" + public,
        "static/css/app.css": "/static/css/app.css",
        "static/js/app.js": "/static/js/app.js",
        "static/css/dark.css": "/static/css/dark.css",
        "service worker (/sw.js)": "/sw.js",
        "manifest (es)": "/manifest.webmanifest?lang=es",
        "a side's page (by halves, 12 hands)": side,
        "a side's half form": side + "/hands/13",
    }
    print(f"{'page':<32} {'bytes':>8} {'gzip':>7} {'req/s':>8}")
    for label, url in pages.items():
        body = client.get(url).get_data()
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            for _ in range(20):
                client.get(url)
            runs.append(20 / (time.perf_counter() - start))
        print(f"{label:<32} {len(body):>8,} {len(gzip.compress(body, 6)):>7,} {statistics.median(runs):>8,.0f}")
    start = time.perf_counter()
    for _ in range(20):
        client.post(game + "/preview", data=HAND)
    print(f"{'live preview (POST)':<32} {'':>8} {'':>7} {20 / (time.perf_counter() - start):>8,.0f}")
    full_renders(client, game)
    flood_refusal(client)


def halves_game(client) -> str:
    """A game kept by halves with 12 hands (to 20000), each side's half sent and every hand agreed but the
    last: the first side's page."""
    table = {**PLAYERS, "recording": "halves", "target": "20000"}
    shared = client.post("/games/new/classic?players=4&sides=2", data=table)
    edit = shared.headers["Location"].split("/share")[0]
    us, them = dict.fromkeys(re.findall(r"/s/[\w-]+", client.get(edit + "/share").get_data(as_text=True)))
    for number in range(1, 13):
        for token, prefix in ((us, "s0_"), (them, "s1_")):
            half = {name: value for name, value in HAND.items() if name.startswith(prefix)}
            half["out"] = HAND["out"] if prefix == "s1_" else ""
            client.post(f"{token}/hands/{number}", data={**half, "version": "0"})
        if number < 12:
            for token in (us, them):
                client.post(f"{token}/hands/{number}/agree", data={"version": "1"})
    return us


def full_renders(client, game: str) -> None:
    """A 40-hand sheet rendered in full (nothing kept: what the first phone to ask after a save pays),
    and rebuilt from nothing at all (every hand scored again: a restart, a new engine revision)."""
    for number in range(12, 40):
        client.post(game + "/hands/new", data={**HAND, "expected_hands": str(number)})
    public = "/g/" + re.search(r'/g/([\w-]+)/table"', client.get(game).get_data(as_text=True)).group(1)
    for label, forget in (("page", page_cache.pages.clear), ("page and scores", _forget_all)):
        times = []
        for _ in range(30):
            forget()
            start = time.perf_counter()
            client.get(public)
            times.append((time.perf_counter() - start) * 1000)
        print(f"sheet of 40 hands rendered, nothing kept ({label}): {statistics.median(times):.1f} ms (median of 30)")


def _forget_all() -> None:
    page_cache.pages.clear()
    services.forget_scores()


def flood_refusal(client) -> None:
    """The audit's 834-byte post (every penalty box at 100000): how fast it is refused (the post and the
    refused form shown by its own address, as the phone follows the redirect), and that nothing is stored."""
    game = client.post("/games/new/es_tradicional?players=4&sides=2", data=PLAYERS).headers["Location"]
    boxes = set(re.findall(r'name="(s[01]_p_[a-z_0-9]+)"', client.get(game + "/hands/new").get_data(as_text=True)))
    flood = {"expected_hands": "0", **dict.fromkeys(boxes, "100000")}
    times = []
    for _ in range(10):
        start = time.perf_counter()
        status = client.post(game + "/hands/new", data=flood, follow_redirects=True).status_code
        times.append((time.perf_counter() - start) * 1000)
    hands = client.get(game).get_data(as_text=True).count('class="hand"')
    refused_in = statistics.median(times)
    print(
        f"penalty flood ({len(boxes)} boxes at 100000): {status}, refused in {refused_in:.1f} ms, hands stored: {hands}"
    )


if __name__ == "__main__":
    main()
