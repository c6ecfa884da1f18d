"""What the load benchmarks share: serving an app the way `make run` does, and measuring it with wrk.

Loopback only; every run is bounded in time. Needs Debian's `wrk` (apt-get install wrk).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = ROOT / ".venv" / "bin"
BENCH = Path(__file__).resolve().parent

#: A classic hand: 780 points to one side, -75 to the other.
HAND = {
    "sides": [
        {"melds": [{"rank": "8", "naturals": 6, "jokers": 1}, {"rank": "4", "naturals": 3}], "red_threes": 2},
        {"melds": [{"rank": "A", "naturals": 7}, {"rank": "6", "naturals": 4, "twos": 1}], "went_out": True},
    ],
}
TABLE = {"ruleset": "classic", "sides": [{"players": ["Ana", "Luis"]}, {"players": ["Bea", "Juan"]}]}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post(url: str, body: object, token: str | None = None) -> dict[str, object]:
    """POST JSON, the answer as a dict."""
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    if token:
        request.add_header("X-Edit-Token", token)
    with urllib.request.urlopen(request, timeout=30) as response:
        return dict(json.loads(response.read()))


def database_env() -> dict[str, str]:
    """The environment for the app: DATABASE_URL as given, else a new SQLite file; no rate limits (one address)."""
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite"
    return {**os.environ, "DATABASE_URL": url, "SCOREKEEPER_RATELIMIT_ENABLED": "false"}


def prepared() -> dict[str, str] | None:
    """The app's environment with its database migrated; None (and why) when wrk is missing."""
    if shutil.which("wrk") is None:
        print("wrk is not installed: apt-get install wrk")
        return None
    env = database_env()
    migrate(env)
    return env


def database_name(env: dict[str, str]) -> str:
    return "PostgreSQL" if env["DATABASE_URL"].startswith("postgres") else "SQLite"


@contextmanager
def serve(app: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> Iterator[str]:
    """Serve a WSGI app with gunicorn as `make run` does (2 workers), access log off; yields the base URL."""
    with served(app, env, cwd) as (base, _):
        yield base


@contextmanager
def served(app: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> Iterator[tuple[str, int]]:
    """As ``serve``, yielding the base URL and gunicorn's process id (its workers are its children)."""
    port = free_port()
    command = [str(VENV_BIN / "gunicorn"), "-c", "python:scorekeeper.gunicorn_conf", "--access-logfile", "/dev/null"]
    command += ["--bind", f"127.0.0.1:{port}", app]
    environment = {**(env or os.environ), "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(command, env=environment, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/", timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        yield base, server.pid
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(15)


def cpu_seconds(root: int) -> float:
    """The CPU time (user and system) a process and every process under it have spent so far, from /proc
    (Linux); 0 where it cannot be read. Counted in clock ticks (10 ms): sum many answers, never time one."""
    parents: dict[int, int] = {}
    spent: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        spent[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    tree, total = [root], 0.0
    while tree:
        pid = tree.pop()
        total += spent.get(pid, 0.0)
        tree += [child for child, parent in parents.items() if parent == pid]
    return total


def postgres_pid(env: dict[str, str]) -> int | None:
    """The process id of the PostgreSQL server listening on DATABASE_URL's port (its backends are its
    children), when it runs on this machine; None otherwise."""
    port = re.search(r"@[\w.]+:(\d+)/", env.get("DATABASE_URL", ""))
    if not port:
        return None
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0") if entry.name.isdigit() else []
        except OSError:
            continue
        if command and command[0].endswith(b"postgres") and f"-p {port.group(1)}".encode() in b" ".join(command):
            return int(entry.name)
    return None


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [str(VENV_BIN / "flask"), "--app", "scorekeeper", "db", "upgrade"],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


@dataclass(frozen=True)
class Figures:
    """What one wrk run measured."""

    rate: float
    p50_ms: float
    p99_ms: float
    requests: int
    errors: int  # non-2xx/3xx answers and socket errors


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()  # type: ignore[union-attr]
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}[unit]


def wrk(url: str, *, connections: int = 16, seconds: int = 5, threads: int = 2, script: str | None = None) -> Figures:
    """Run wrk against ``url``; ``script`` is Lua (a request body, headers, or a request function)."""
    command = ["wrk", f"-t{min(threads, connections)}", f"-c{connections}", f"-d{seconds}s", "--latency"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as lua:
        lua.write(script or "")
    command += ["-s", lua.name, url]
    out = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60).stdout
    os.unlink(lua.name)
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p50 = re.search(r"50%\s+([\d.]+\w+)", out)
    p99 = re.search(r"99%\s+([\d.]+\w+)", out)
    total = re.search(r"(\d+) requests in", out)
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    errors = (int(bad.group(1)) if bad else 0) + (sum(int(n) for n in sockets.groups()) if sockets else 0)
    return Figures(
        rate=float(rate.group(1)) if rate else 0.0,
        p50_ms=_ms(p50.group(1)) if p50 else float("nan"),
        p99_ms=_ms(p99.group(1)) if p99 else float("nan"),
        requests=int(total.group(1)) if total else 0,
        errors=errors,
    )


def lua_string(text: str) -> str:
    """A Lua string literal."""
    return json.dumps(text)
