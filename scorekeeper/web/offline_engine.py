"""The engine in the phone: Pyodide's files (pinned in package.json, copied under static/vendor/pyodide/ by
``make install``), the app's own pure Python (the engine and the portable package, zipped in memory from the
code this server runs, so the phone never scores with another engine than the server's), the compiled
catalogues, and the Web Worker that runs them.

Every address names its version (Pyodide's, or a digest of what the phone runs), so the browser and the service
worker keep each file for good and a deployment that changes any of it gives new addresses. The two large files
of Pyodide are sent gzip-compressed to a browser that takes it (13.6 MB become 6.4 MB)."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from functools import cache
from pathlib import Path

from flask import Blueprint, abort, current_app, render_template, request, send_file, url_for
from werkzeug.wrappers import Response

from .headers import CONTENT_SECURITY_POLICY

bp = Blueprint("engine", __name__, url_prefix="/engine")

#: What a browser needs of Pyodide to run a package of the standard library only.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The standard library compiled ahead by Pyodide's Python (static/vendor/pyodide/compile.mjs, run by ``make
#: install``): the worker asks for it in place of ``python_stdlib.zip`` where it is there.
COMPILED_STDLIB = "python_stdlib.pyc.zip"
#: Those sent compressed (a ``.gz`` twin lies beside each): the others are small, or zips already.
COMPRESSED = frozenset({"pyodide.asm.mjs", "pyodide.asm.wasm"})
#: What the phone runs of the app: pure, standard library only (import-linter's contracts keep it so): the engine,
#: the portable package, and the reference's index of rules (where a refusal links) and its house rules' names.
PHONE_SOURCES = ("engine", "portable", "reference/__init__.py", "reference/options.py")
#: The worker compiles Pyodide's WebAssembly: its own script (only) may (``wasm-unsafe-eval`` runs no JavaScript).
WORKER_POLICY = CONTENT_SECURITY_POLICY + "; script-src 'self' 'wasm-unsafe-eval'"
#: A year: every address here names its version.
FOR_GOOD = "public, max-age=31536000, immutable"


def pyodide_version(root: str) -> str:
    """The Pyodide version package.json pins (beside the ``scorekeeper`` package in ``root``'s parent)."""
    return _pinned(str(Path(root).parent / "package.json"))


@cache
def _pinned(path: str) -> str:
    try:
        return str(json.loads(Path(path).read_text())["dependencies"]["pyodide"])
    except (OSError, ValueError, KeyError):
        return ""


def pyodide_folder() -> Path:
    """Where ``make install`` copied Pyodide's files."""
    return Path(str(current_app.static_folder), "vendor", "pyodide", pyodide_version(current_app.root_path))


def installed() -> bool:
    """Whether Pyodide's files are there (``make install`` copies them): else no page starts the worker."""
    folder = pyodide_folder()
    return all((folder / name).is_file() for name in PYODIDE_FILES)


@cache
def package_zip(package_root: str, compiled: str = "") -> bytes:
    """The app's pure Python as the phone runs it: an empty ``scorekeeper/__init__.py`` (the real one makes the
    Flask app) and every module of ``PHONE_SOURCES``, zipped the same way every time (names sorted, one date); with
    each module's bytecode where ``make install`` compiled it (under the folder ``compiled``): it names its source's
    hash, so a phone compiles a module changed since instead of running it stale."""
    root = Path(package_root)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        _add(archive, "scorekeeper/__init__.py", b'"""The app\'s pure packages, as the phone runs them."""\n')
        for source in phone_sources(root):
            relative = source.relative_to(root)
            _add(archive, "scorekeeper/" + relative.as_posix(), source.read_bytes())
            if compiled:
                cached = Path(compiled, "scorekeeper", relative.parent, "__pycache__")
                for bytecode in sorted(cached.glob(f"{source.stem}.*.pyc")):
                    name = bytecode.relative_to(Path(compiled)).as_posix()
                    _add(archive, name, bytecode.read_bytes())
    return buffer.getvalue()


def phone_zip() -> bytes:
    """The app's Python the phone runs, with the bytecode ``make install`` compiled for it."""
    return package_zip(current_app.root_path, str(pyodide_folder() / "app") if installed() else "")


def stdlib_name() -> str:
    """The standard library the worker asks for: compiled ahead where ``make install`` did it."""
    return COMPILED_STDLIB if (pyodide_folder() / COMPILED_STDLIB).is_file() else "python_stdlib.zip"


def phone_sources(root: Path) -> list[Path]:
    """The modules of ``PHONE_SOURCES`` under the package folder ``root``, in order."""
    found: list[Path] = []
    for source in PHONE_SOURCES:
        path = root / source
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def catalogue_path(language: str) -> Path:
    """A language's compiled catalogue (``make install`` compiles them)."""
    return Path(current_app.root_path, "translations", language, "LC_MESSAGES", "messages.mo")


def version() -> str:
    """A digest of everything the phone runs (Pyodide's version, the app's pure Python, the catalogues, the
    worker's script): the addresses' version. Worked out once an app."""
    known: str | None = current_app.extensions.get("engine_version")
    if known is None:
        digest = hashlib.sha256(pyodide_version(current_app.root_path).encode())
        digest.update(phone_zip())
        digest.update(stdlib_name().encode())
        for language in current_app.config["LANGUAGES"]:
            path = catalogue_path(language)
            digest.update(path.read_bytes() if path.is_file() else b"")
        digest.update(Path(current_app.root_path, str(current_app.template_folder), "engine-worker.js").read_bytes())
        known = current_app.extensions["engine_version"] = digest.hexdigest()[:12]
    return known


def worker_address() -> str | None:
    """The worker's address, for a page that runs the engine on the phone (None: Pyodide not installed)."""
    return url_for("engine.worker", digest=version()) if installed() else None


def engine_addresses() -> list[str]:
    """Everything the worker fetches, for the service worker to keep for a phone with no connection: the worker,
    Pyodide's files, the app's Python and each language's catalogue."""
    if not installed():
        return []
    digest, pinned = version(), pyodide_version(current_app.root_path)
    return [
        url_for("engine.worker", digest=digest),
        url_for("engine.python", digest=digest),
        *(url_for("engine.catalogue", digest=digest, language=lang) for lang in current_app.config["LANGUAGES"]),
        *(url_for("engine.pyodide", pinned=pinned, name=name) for name in _fetched()),
    ]


def _fetched() -> list[str]:
    """Pyodide's files the worker fetches: the standard library it asks for in place of the plain one."""
    return [stdlib_name() if name == "python_stdlib.zip" else name for name in PYODIDE_FILES]


def _current(digest: str) -> None:
    if digest != version():
        abort(404)  # an address of another deployment: the page that named it is old


@bp.get("/<digest>/worker.js")
def worker(digest: str) -> Response:
    """The Web Worker: it starts Pyodide from this server's files (never a CDN), unpacks the app's Python, reads
    the page's language, and answers the page's calls."""
    _current(digest)
    pinned = pyodide_version(current_app.root_path)
    script = render_template(
        "engine-worker.js",
        pyodide=url_for("engine.pyodide", pinned=pinned, name="x")[: -len("x")],
        python=url_for("engine.python", digest=digest),
        stdlib=stdlib_name(),
        catalogue=url_for("engine.catalogue", digest=digest, language="LANG"),
        languages=list(current_app.config["LANGUAGES"]),
    )
    response = Response(script, mimetype="text/javascript")
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    response.headers["Cache-Control"] = FOR_GOOD
    return response


@bp.get("/<digest>/scorekeeper.zip")
def python(digest: str) -> Response:
    """The app's pure Python (``package_zip``)."""
    _current(digest)
    response = send_file(io.BytesIO(phone_zip()), mimetype="application/zip", etag=digest)
    response.headers["Cache-Control"] = FOR_GOOD
    return response


@bp.get("/<digest>/messages/<language>.mo")
def catalogue(digest: str, language: str) -> Response:
    """A language's compiled catalogue: the phone's words are the server's."""
    _current(digest)
    if language not in current_app.config["LANGUAGES"] or not catalogue_path(language).is_file():
        abort(404)
    response = send_file(catalogue_path(language), mimetype="application/octet-stream", etag=f"{digest}-{language}")
    response.headers["Cache-Control"] = FOR_GOOD
    return response


@bp.get("/pyodide/<pinned>/<name>")
def pyodide(pinned: str, name: str) -> Response:
    """One of Pyodide's files, compressed where the browser takes it (``Content-Encoding: gzip``)."""
    if pinned != pyodide_version(current_app.root_path) or name not in (*PYODIDE_FILES, COMPILED_STDLIB):
        abort(404)
    if not installed() or not (pyodide_folder() / name).is_file():
        abort(404)
    path = pyodide_folder() / name
    mimetype = "application/wasm" if name.endswith(".wasm") else None  # .mjs, .json, .zip: by their names
    twin = path.with_name(name + ".gz")
    if name in COMPRESSED and twin.is_file() and "gzip" in request.headers.get("Accept-Encoding", ""):
        response = send_file(twin, mimetype=mimetype or _type(name), etag=f"{pinned}-{name}-gz")
        response.headers["Content-Encoding"] = "gzip"
    else:
        response = send_file(path, mimetype=mimetype or _type(name), etag=f"{pinned}-{name}")
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = FOR_GOOD
    return response


def _type(name: str) -> str:
    return {".mjs": "text/javascript", ".json": "application/json", ".zip": "application/zip"}[Path(name).suffix]
