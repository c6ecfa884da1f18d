"""Load at a club's table: gunicorn (2 workers) on loopback, wrk for a few seconds per address.

Prints requests per second and latency for the sheet, the hand form and the scoring API.
Bounded: 127.0.0.1 only, 5 seconds per address. Needs Debian's `wrk` (apt-get install wrk).
Run with ``make bench-load``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = ROOT / ".venv" / "bin"
HAND = {
    "expected_hands": 0,
    "sides": [
        {"melds": [{"rank": "8", "naturals": 6, "jokers": 1}, {"rank": "4", "naturals": 3}], "red_threes": 2},
        {"melds": [{"rank": "A", "naturals": 7}, {"rank": "6", "naturals": 4, "twos": 1}], "went_out": True},
    ],
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post(url: str, body: dict[str, object], token: str | None = None) -> dict[str, object]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    if token:
        request.add_header("X-Edit-Token", token)
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.loads(response.read()))


def wrk(url: str, script: Path | None = None) -> str:
    command = ["wrk", "-t2", "-c16", "-d5s", "--latency", url]
    if script:
        command[1:1] = ["-s", str(script)]
    out = subprocess.run(command, capture_output=True, text=True, timeout=30).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p50 = re.search(r"50%\s+([\d.]+\w+)", out)
    p99 = re.search(r"99%\s+([\d.]+\w+)", out)
    per_second = float(rate.group(1)) if rate else 0.0
    median, slowest = (p50.group(1) if p50 else "?"), (p99.group(1) if p99 else "?")
    return f"{per_second:>8,.0f} req/s   p50 {median:>8}   p99 {slowest:>8}"


def main() -> None:
    if shutil.which("wrk") is None:
        print("wrk is not installed: apt-get install wrk")
        return
    folder = Path(tempfile.mkdtemp())
    env = {
        **os.environ,
        "DATABASE_URL": os.environ.get("DATABASE_URL", f"sqlite:///{folder}/load.sqlite"),
        "SCOREKEEPER_RATELIMIT_ENABLED": "false",  # the load comes from one address on purpose
    }
    subprocess.run(
        [str(VENV_BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    port = free_port()
    server = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "-w", "2", "-b", f"127.0.0.1:{port}", "scorekeeper:create_app()"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(50):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        game = post(
            base + "/api/v1/games", {"ruleset": "classic", "sides": [{"players": ["A", "C"]}, {"players": ["B", "D"]}]}
        )
        token = str(game["edit_token"])
        for number in range(5):  # 780 a hand: the sixth would end the game
            post(f"{base}/api/v1/games/{game['id']}/hands", {**HAND, "expected_hands": number}, token)
        score = folder / "score.lua"
        score.write_text(
            'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
            f"wrk.body = {json.dumps(json.dumps({'ruleset': 'classic', 'sides': HAND['sides']}))}\n"
        )
        database = env["DATABASE_URL"].split(":")[0]
        print(f"gunicorn 2 workers, wrk 2 threads 16 connections 5 s each, {database}")
        targets = [
            ("read-only sheet, 5 hands", base + "/g/" + str(game["id"]), None),
            ("hand form", base + "/e/" + token + "/hands/new", None),
            ("rules topic (melds)", base + "/rules/melds", None),
            ("POST /api/v1/score", base + "/api/v1/score", score),
        ]
        for label, url, script in targets:
            print(f"{label:<32} {wrk(url, script)}")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(10)


if __name__ == "__main__":
    sys.exit(main())
