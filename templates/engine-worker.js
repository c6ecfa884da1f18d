// Scorekeeper's engine in the phone: a module Web Worker that starts Pyodide from this server's own files (never
// a CDN: the table may have no internet), unpacks the app's pure Python (the engine the server runs, and the
// portable package), and answers the page's calls, JSON text in and out. The page never waits for it: it is
// started once the page is usable, and asked only when the server cannot answer.
"use strict";
const PYODIDE = {{ pyodide|tojson }};
const PYTHON = {{ python|tojson }};
const CATALOGUE = {{ catalogue|tojson }};
const LANGUAGES = {{ languages|tojson }};
const STDLIB = {{ stdlib|tojson }};  // compiled ahead by make install where it could: a start 2.5x lighter

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(url + ": " + response.status);
  return new Uint8Array(await response.arrayBuffer());
}

const started = performance.now();
const ready = (async () => {
  const { loadPyodide } = await import(PYODIDE + "pyodide.mjs");
  const py = await loadPyodide({ indexURL: PYODIDE, stdLibURL: PYODIDE + STDLIB });
  const site = py.runPython("import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
  py.unpackArchive(await fetched(PYTHON), "zip", { extractDir: site });
  py.runPython("import sys; sys.dont_write_bytecode = True");
  const bridge = py.pyimport("scorekeeper.portable.bridge");
  return { py, bridge, language: null, numerals: null };
})();

// The page's language, read once: its catalogue fetched (and kept by the service worker), English otherwise; and
// how the page writes numbers in it (the server's numerals, from Babel: 1.240 in German).
async function speak(engine, language, numerals) {
  if (engine.language === language && engine.numerals === numerals) return;
  const known = LANGUAGES.includes(language) && language !== "en";
  const catalogue = known ? await fetched(CATALOGUE.replace("LANG", language)) : null;
  engine.bridge.language(language, catalogue, numerals);
  engine.language = language;
  engine.numerals = numerals;
}

ready.then(
  () => postMessage({ ready: true, ms: Math.round(performance.now() - started) }),
  (error) => postMessage({ ready: false, error: String(error) })
);

self.onmessage = async (event) => {
  const { id, call, args, language, numerals } = event.data;
  try {
    const engine = await ready;
    await speak(engine, language || "en", numerals || "");
    const answer = engine.bridge[call](...args);
    postMessage({ id, answer });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
};
