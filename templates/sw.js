// Scorekeeper's service worker, version {{ version }}. It keeps the app's files and the rules reference
// so that the reference reads with no connection, the engine in the phone (its own cache), the pages of a
// game this phone records (its sheet and hand form, under the game's edit link, on this phone only; or a side's
// own page and half form, under the side's own link), so that the game goes on with no connection
// (static/js/offline.js), and the referee tools' pages (every rule set's, kept in the background once the engine is,
// and a game's with its pages), answered with no connection by the engine in the phone (static/js/referee.js);
// elsewhere it says "offline" where a page cannot be reached. A hand, a side's half or its word sent while the
// connection drops on the way is kept on the phone, as typed, and sent again once it is back (offline.js); nothing
// else that records is ever answered here.
"use strict";
const VERSION = {{ version|tojson }};
const CACHE = "scorekeeper-" + VERSION;
const KEPT = {{ kept|tojson }};
const LANGUAGES = {{ languages|tojson }};
const WAIT = 4000;  // a page the network does not bring within this many milliseconds is read from the copy
// The engine in the phone (Pyodide and the app's own Python, 6.4 MB compressed): kept in a cache of its own, filled
// in the background once a page asks (never while the worker installs), each address naming its version.
const ENGINE = {{ engine|tojson }};
const ENGINE_CACHE = "scorekeeper-engine-" + {{ engine_version|tojson }};
// The referee tools (their names) and their pages of every rule set: kept, in the language read in the app, in a cache
// of this version and this engine's (a kept page names the engine that answers it).
const TOOL_NAMES = {{ tools|tojson }};
const TOOL_PAGES = {{ tool_pages|tojson }};
const TOOLS = "scorekeeper-tools-" + VERSION + "-" + {{ engine_version|tojson }};

// The reference is kept in the languages of the phone that the app speaks and in the one read in the app
// (the worker's address names it), not in all of them.
function keptNow() {
  const mine = phoneLanguages();
  return KEPT.filter((address) => {
    const lang = new URL(address, self.location.origin).searchParams.get("lang");
    return lang === null || mine.includes(lang);
  });
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(keptNow())).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("scorekeeper-") && ![CACHE, ENGINE_CACHE, GAMES, TOOLS].includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

// /rules..., /g/<id>/rules...: the reference (under an edit link it is read but never kept).
const REFERENCE = /^\/(?:(g|e)\/[^/]+\/)?rules(\/[a-z-]+)?\/?$/;

// A language as a phone or a page names it ("pt-PT", "de-AT", "pt-BR") as one the app speaks ("pt_BR", "de"):
// the same, else the one of the same primary language; null when the app does not speak it.
function ours(asked) {
  const wanted = (asked || "").toLowerCase().replace("_", "-");
  const exact = LANGUAGES.find((lang) => lang.toLowerCase().replace("_", "-") === wanted);
  return exact || LANGUAGES.find((lang) => lang.slice(0, 2).toLowerCase() === wanted.slice(0, 2)) || null;
}

// The app's languages this phone reads: the phone's own, in its order, then the one read in the app.
function phoneLanguages() {
  const asked = [...(self.navigator.languages || [self.navigator.language]), new URL(self.location.href).searchParams.get("lang")];
  const found = [];
  for (const lang of asked.map(ours)) {
    if (lang && !found.includes(lang)) found.push(lang);
  }
  return found.length ? found : [LANGUAGES[0]];
}

function languageOrder() {
  const mine = phoneLanguages();
  return [...mine, ...LANGUAGES.filter((lang) => !mine.includes(lang))];
}

function fromNetwork(request) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), WAIT);
  return fetch(request, { signal: stop.signal }).finally(() => clearTimeout(timer));
}

async function keptCopy(url, found) {
  const cache = await caches.open(CACHE);
  const exact = found[1] === "e" ? null : await cache.match(url.pathname + url.search);
  if (exact) return exact;
  const general = "/rules" + (found[2] || "");
  const requested = url.searchParams.get("lang");
  for (const lang of requested ? [requested, ...languageOrder()] : languageOrder()) {
    const copy = await cache.match(general + "?lang=" + lang);
    if (copy) return copy;
  }
  return offlinePage();
}

async function offlinePage() {
  const cache = await caches.open(CACHE);
  for (const lang of languageOrder()) {
    const page = await cache.match("/offline?lang=" + lang);
    if (page) return page;
  }
  return new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
}

// A game's pages under its edit link: its sheet, its hand form (new, or a fix), kept as last read. A fix of a
// hand never opened here reads the kept form of a new hand (offline.js fills it from what the phone holds).
const GAME_PAGE = /^\/e\/([^/]+)(?:\/hands\/(new|\d+))?\/?$/;
// A side's own pages under its own link (each side its own half): its page, its half form of a hand; and what
// the side sends from them (its half; its word on a hand, or its half taken back).
const SIDE_PAGE = /^\/s\/([^/]+)(?:\/hands\/(\d+))?\/?$/;
const SIDE_SENDS = /^\/s\/([^/]+)\/hands\/(\d+)(?:\/(agree|dispute|keep|withdraw))?$/;
const GAMES = "scorekeeper-games";

// ``fallback``: the kept page that stands in for one never kept (a game's new hand form, for a fix).
async function gamePage(request, url, fallback) {
  const cache = await caches.open(GAMES);
  try {
    const response = await fromNetwork(request);
    if (response.ok && !response.redirected && new URL(response.url).pathname === url.pathname) {
      await cache.put(url.pathname, response.clone());
    }
    return response;
  } catch (error) {
    return (await cache.match(url.pathname)) || (fallback && (await cache.match(fallback))) || offlinePage();
  }
}

// A referee tool's page (/tools/<name>?set=..., or a game's: /g/<id>/tools/<name>, /e/<token>/tools/<name>), kept as
// last read for its rules (a game's, or the rule set its address names) and its language, a page that asks nothing
// kept rather than one that asked. With no connection the copy stands in for any question: referee.js answers what
// the address asks.
const TOOL_PAGE = /^\/(?:(?:g|e)\/[^/]+\/)?tools\/[a-z-]+\/?$/;

// The language read in the app (the worker's address names it), else the phone's.
function readingLanguage() {
  return ours(new URL(self.location.href).searchParams.get("lang")) || phoneLanguages()[0];
}

function toolKey(url, lang) {
  const set = url.pathname.startsWith("/tools/") ? "set=" + (url.searchParams.get("set") || "classic") + "&" : "";
  return url.pathname + "?" + set + "lang=" + lang;
}

async function toolPage(request, url) {
  const cache = await caches.open(TOOLS);
  try {
    const response = await fromNetwork(request);
    const key = toolKey(url, readingLanguage());
    const asking = url.searchParams.has("ask");
    if (response.ok && !response.redirected && (!asking || !(await cache.match(key)))) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    for (const lang of [readingLanguage(), ...languageOrder()]) {
      const copy = await cache.match(toolKey(url, lang));
      if (copy) return copy;
    }
    return offlinePage();
  }
}

// The tools' pages at ``addresses`` not kept yet, fetched one after the other in the language read in the app (after
// any keeping already under way: two pages that ask at once fetch each page once).
let keepingTools = Promise.resolve();

function keepTools(addresses) {
  keepingTools = keepingTools.catch(() => {}).then(() => keepToolPages(addresses));
  return keepingTools;
}

async function keepToolPages(addresses) {
  const cache = await caches.open(TOOLS);
  const lang = readingLanguage();
  for (const address of addresses) {
    const url = new URL(address, self.location.origin);
    const key = toolKey(url, lang);
    if (await cache.match(key)) continue;
    url.searchParams.set("lang", lang);
    const response = await fetch(url.href);
    if (response.ok && !response.redirected) await cache.put(key, response);
  }
}

// A game's tools, kept with its sheet: the phone that records the game has them with no connection.
function gameTools(token) {
  return TOOL_NAMES.map((name) => "/e/" + token + "/tools/" + name);
}

// A page asks for pages of its game to be kept (a side's page, for the half forms it links to, and for itself once
// it changed live): each fetched and kept (``fresh``: again, even if kept already; the others only if not kept).
async function keepPages(paths, fresh) {
  const cache = await caches.open(GAMES);
  for (const path of paths) {
    if (typeof path !== "string" || !(GAME_PAGE.test(path) || SIDE_PAGE.test(path))) continue;
    if (!fresh.includes(path) && (await cache.match(path))) continue;
    const response = await fetch(path, { credentials: "same-origin" });
    if (response.ok && !response.redirected) await cache.put(path, response);
  }
}

// A hand's form sent when the connection drops on the way (or a side's half, or its word): kept on the phone as
// typed (the game's copy, or the side's, in the same store offline.js keeps), and the sheet (or the side's page)
// shown, which says it is only on this phone.
async function sendOrKeep(request, sheet, kind, number) {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch (error) {
    const fields = [];
    for (const [name, value] of (await copy.formData()).entries()) if (typeof value === "string") fields.push([name, value]);
    const change = { kind, number, fields, at: Date.now() };
    return (await keepChange(sheet, change)) ? Response.redirect(new URL(sheet, self.location.origin).href, 303) : offlinePage();
  }
}

function keepChange(sheet, change) {
  return new Promise((resolve) => {
    const opening = indexedDB.open("scorekeeper", 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("games", { keyPath: "id" });
    opening.onerror = () => resolve(false);
    opening.onsuccess = () => {
      const transaction = opening.result.transaction("games", "readwrite");
      const games = transaction.objectStore("games");
      let kept = false;
      games.openCursor().onsuccess = (event) => {
        const cursor = event.target.result;
        if (!cursor) return;
        if (cursor.value.sheet === sheet) {
          const game = cursor.value;
          game.pending = (game.pending || []).concat([change]);
          game.view = null;
          cursor.update(game);
          kept = true;
          return;
        }
        cursor.continue();
      };
      transaction.oncomplete = () => resolve(kept);
      transaction.onerror = () => resolve(false);
    };
  });
}

// A page asks for the engine to be kept (it sends "keep-engine" once it is usable): each file not kept yet is
// fetched, one after the other, so that a phone that opened the app once scores with no connection; then the referee
// tools' pages of every rule set (keepTools), which the engine answers with no connection.
async function keepEngine() {
  const cache = await caches.open(ENGINE_CACHE);
  for (const address of ENGINE) {
    if (await cache.match(address, { ignoreVary: true })) continue;
    const response = await fetch(address);
    if (response.ok) await cache.put(address, await asKept(response));
  }
}

// A file as kept: its body as it arrived (already uncompressed by the browser), without the headers that described
// the compressed one (a copy served with "Content-Encoding: gzip" and the compressed length fails as a script).
async function asKept(response) {
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("message", (event) => {
  // the referee tools' pages and the new-game pages after the engine that answers them
  if (event.data === "keep-engine") event.waitUntil(keepEngine().then(() => keepTools(TOOL_PAGES)).then(keepNewGames).catch(() => { /* the next page asks again */ }));
  else if (event.data && Array.isArray(event.data.keep)) {
    event.waitUntil(keepPages(event.data.keep, event.data.fresh || []).catch(() => { /* kept next time */ }));
  }
});

// A game started with no connection (static/js/new-offline.js): the new-game pages and, for each rule set and table
// shape, a blank game's sheet and hand form, kept once the engine is (in the language the app is read in). A game
// started on this phone lives under /o/<rule set>/<players>/<sides>/<its id>: its pages are the blank ones.
const NEW_GAMES = {{ new_games|tojson }};
const STARTED_HERE = /^(\/o\/[^/]+\/\d+\/\d+\/)[^/]+(\/hands\/(?:new|\d+))?\/?$/;

let keepingNewGames = null;  // two pages asking at once fetch each page once
function keepNewGames() {
  keepingNewGames = keepingNewGames || fetchNewGames().finally(() => { keepingNewGames = null; });
  return keepingNewGames;
}

async function fetchNewGames() {
  const cache = await caches.open(CACHE);
  for (const address of NEW_GAMES) {
    if (await cache.match(address)) continue;
    const response = await fetch(address);
    if (response.ok && !response.redirected) await cache.put(address, response);
  }
}

function keptAs(url) {
  const started = STARTED_HERE.exec(url.pathname);
  return started ? started[1] + "-" + (started[2] ? "/hands/new" : "") : url.pathname + url.search;
}

async function newGamePage(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fromNetwork(request);
    if (response.ok && !response.redirected && NEW_GAMES.includes(keptAs(url))) await cache.put(keptAs(url), response.clone());
    return response;
  } catch (error) {
    return (await cache.match(keptAs(url))) || offlinePage();
  }
}

async function engineFile(request) {
  const kept = await caches.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && ENGINE.includes(new URL(request.url).pathname)) {
    const copy = response.clone();
    caches.open(ENGINE_CACHE).then(async (cache) => cache.put(request, await asKept(copy)));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const game = GAME_PAGE.exec(url.pathname);
  const sends = SIDE_SENDS.exec(url.pathname);
  if (request.method === "POST" && request.mode === "navigate" && game && game[2]) {
    const adding = game[2] === "new";
    event.respondWith(sendOrKeep(request, "/e/" + game[1], adding ? "add" : "edit", adding ? null : Number(game[2])));
    return;
  }
  if (request.method === "POST" && request.mode === "navigate" && sends) {
    event.respondWith(sendOrKeep(request, "/s/" + sends[1], sends[3] || "half", Number(sends[2])));
    return;
  }
  if (request.method !== "GET") return;
  if (game && request.mode === "navigate") {
    event.respondWith(gamePage(request, url, game[2] ? "/e/" + game[1] + "/hands/new" : null));
    if (!game[2] && ENGINE.length) event.waitUntil(keepTools(gameTools(game[1])).catch(() => { /* the next visit keeps them */ }));
    return;
  }
  if (SIDE_PAGE.test(url.pathname) && request.mode === "navigate") {
    event.respondWith(gamePage(request, url, null));
    return;
  }
  if (request.mode === "navigate" && TOOL_PAGE.test(url.pathname)) {
    event.respondWith(toolPage(request, url));
    return;
  }
  if (request.mode === "navigate" && (url.pathname.startsWith("/games/new") || STARTED_HERE.test(url.pathname))) {
    event.respondWith(newGamePage(request, url));
    return;
  }
  if (url.pathname.startsWith("/engine/")) {
    event.respondWith(engineFile(request));
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    // a kept page of an earlier version names its files' earlier versions: this version's stand in for them
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request).catch(() => caches.match(request, { ignoreSearch: true }))));
    return;
  }
  const found = REFERENCE.exec(url.pathname);
  if (found && !url.searchParams.has("q")) {
    event.respondWith(
      fromNetwork(request)
        .then((response) => {
          if (response.ok && found[1] !== "e") {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(url.pathname + url.search, copy));
          }
          return response;
        })
        .catch(() => keptCopy(url, found))
    );
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offlinePage()));
  }
});
