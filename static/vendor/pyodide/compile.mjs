// Python compiled ahead, by Pyodide's own Python, for the phone: Pyodide starts by importing some two hundred modules
// of its standard library, and compiling their sources was most of a phone's wait (2.5x less CPU at start once
// compiled); the app's own modules likewise. `make install` runs it with Node:
//   node compile.mjs <pyodide folder> <the app's package folder>
// It writes <pyodide folder>/python_stdlib.pyc.zip (every module of the standard library as bytecode alone: the
// worker asks for it instead of python_stdlib.zip) and, under <pyodide folder>/app/, each of the app's modules as
// bytecode that names its source's hash (web/offline_engine.py puts it beside the source in the phone's zip: a
// module changed since is compiled again by the phone, never run stale).
import path from "node:path";
import { pathToFileURL } from "node:url";

const folder = path.resolve(process.argv[2]);
const app = path.resolve(process.argv[3]);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: folder + path.sep });
py.mountNodeFS("/vendor", folder);
py.mountNodeFS("/app", app);
const said = py.runPython(`
import importlib._bootstrap_external as external
import sys
import zipfile

tag = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
compiled = 0


def put(target, name, data):
    entry = zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0))  # the same bytes at every install
    entry.compress_type = zipfile.ZIP_DEFLATED
    target.writestr(entry, data)


with zipfile.ZipFile("/vendor/python_stdlib.zip") as source, \\
        zipfile.ZipFile("/vendor/python_stdlib.pyc.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
    for entry in sorted(source.infolist(), key=lambda info: info.filename):
        data = source.read(entry)
        if entry.filename.endswith(".py"):
            try:
                code = compile(data, tag + entry.filename, "exec", dont_inherit=True)
            except SyntaxError:  # a test's deliberately broken file: kept as it is
                put(target, entry.filename, data)
                continue
            bytecode = external._code_to_hash_pyc(code, b"\\0" * 8, checked=False)
            put(target, entry.filename[:-3] + ".pyc", bytes(bytecode))
            compiled += 1
        else:
            put(target, entry.filename, data)

import importlib.util
import os
import pathlib

cache = sys.implementation.cache_tag
own = 0
for source in sorted(pathlib.Path("/app").rglob("*.py")):
    data = source.read_bytes()
    relative = source.relative_to("/app")
    code = compile(data, "/lib/scorekeeper/" + str(relative), "exec", dont_inherit=True)
    bytecode = external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True)
    target = pathlib.Path("/vendor/app/scorekeeper", relative.parent, "__pycache__", f"{source.stem}.{cache}.pyc")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(bytes(bytecode))
    own += 1
f"{compiled} modules of the standard library and {own} of the app compiled ({cache})"
`);
console.log(said);
