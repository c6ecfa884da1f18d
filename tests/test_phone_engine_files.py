"""The engine in the phone, as the server sends it: Pyodide's files from the app's own folder (the WebAssembly typed
so that a browser compiles it, the large files compressed for a browser that takes it), the app's pure Python
zipped from the code this server runs, the catalogues, and a worker allowed to compile WebAssembly (only it)."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from scorekeeper.web.offline_engine import PYODIDE_FILES, installed, package_zip, phone_sources

from .helpers import api_game

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def engine_page(client):
    game = api_game(client, "classic")
    return client.get(f"/e/{game['edit_token']}/hands/new").get_data(as_text=True)


def worker_address(page: str) -> str:
    return page.split('data-engine="', 1)[1].split('"', 1)[0]


def test_a_hand_form_names_the_engine_worker_and_its_page_language(app, engine_page):
    with app.app_context():
        assert installed(), "make install copies Pyodide's files (static/vendor/pyodide/<version>/)"
    assert 'data-engine="/engine/' in engine_page
    assert 'data-language="en"' in engine_page


def test_the_worker_alone_may_compile_webassembly_and_is_kept_for_good(client, engine_page):
    worker = client.get(worker_address(engine_page))
    assert worker.status_code == 200
    assert worker.mimetype == "text/javascript"
    assert "script-src 'self' 'wasm-unsafe-eval'" in worker.headers["Content-Security-Policy"]
    assert "immutable" in worker.headers["Cache-Control"]
    assert "wasm-unsafe-eval" not in client.get("/").headers["Content-Security-Policy"]  # pages stay strict
    assert "https://" not in worker.get_data(as_text=True)  # every address is this server's own


def test_an_engine_address_of_another_deployment_is_not_found(client, engine_page):
    digest = worker_address(engine_page).split("/")[2]
    assert client.get(f"/engine/{digest[:-1]}x/worker.js").status_code == 404
    assert client.get(f"/engine/{digest[:-1]}x/scorekeeper.zip").status_code == 404
    assert client.get(f"/engine/{digest}/messages/xx.mo").status_code == 404
    assert client.get("/engine/pyodide/0.0.1/pyodide.mjs").status_code == 404
    assert client.get(f"/engine/pyodide/{pinned(engine_page, client)}/secret.txt").status_code == 404


def pinned(page: str, client) -> str:
    script = client.get(worker_address(page)).get_data(as_text=True)
    return script.split("/engine/pyodide/", 1)[1].split("/", 1)[0]


def test_webassembly_is_typed_for_the_browser_and_sent_compressed_when_it_may_be(client, engine_page):
    version = pinned(engine_page, client)
    plain = client.get(f"/engine/pyodide/{version}/pyodide.asm.wasm")
    packed = client.get(f"/engine/pyodide/{version}/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip, br"})
    assert plain.mimetype == packed.mimetype == "application/wasm"
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Content-Encoding" not in plain.headers
    assert len(packed.get_data()) < len(plain.get_data()) / 2
    assert packed.headers["Vary"] == "Accept-Encoding"
    for name in PYODIDE_FILES:
        assert client.get(f"/engine/pyodide/{version}/{name}").status_code == 200, name


def test_the_phones_python_is_the_servers_engine_portable_package_and_rules_index_and_nothing_else(app):
    with zipfile.ZipFile(io.BytesIO(package_zip(app.root_path))) as archive:
        names = set(archive.namelist())
    expected = {"scorekeeper/__init__.py"} | {
        "scorekeeper/" + path.relative_to(ROOT / "scorekeeper").as_posix()
        for path in phone_sources(ROOT / "scorekeeper")
    }
    assert names == expected
    assert "scorekeeper/engine/canasta/scoring.py" in names
    assert "scorekeeper/engine/family/hand.py" in names
    assert "scorekeeper/reference/__init__.py" in names
    assert not any(name.startswith("scorekeeper/reference/content") for name in names)  # the reference's pages stay
    assert package_zip(app.root_path) == package_zip.__wrapped__(app.root_path)  # the same bytes every time


def test_the_phones_python_imports_nothing_but_the_standard_library(app, tmp_path):
    """Unpacked alone, as the phone has it, the bridge imports and scores with everything else of the app and
    every installed library out of reach."""
    with zipfile.ZipFile(io.BytesIO(package_zip(app.root_path))) as archive:
        archive.extractall(tmp_path)
    script = (
        "import sys; sys.path[:] = [p for p in sys.path if 'site-packages' not in p]; "
        f"sys.path.insert(0, {str(tmp_path)!r}); "
        "import json; from scorekeeper.portable import bridge; "
        "game = json.dumps({'ruleset': 'classic', 'sides': ['A', 'B'], 'hands': []}); "
        "print(json.loads(bridge.sheet(game))['next_hand'])"
    )
    ran = subprocess.run([sys.executable, "-S", "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "1"
