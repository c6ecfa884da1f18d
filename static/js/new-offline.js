// A game started with no connection (web/table/offline_new.py says how). On the new-game page, kept by the service
// worker: with no connection, "Start the game" keeps the game on this phone (its table as the form names it, the form
// itself with a one-time key) and opens its sheet, a blank game's page that this script fills with the players'
// names; offline.js then records its hands as for any game offline, scored by the engine in the phone. Once the
// connection is back, the form goes to the server as it was typed, with its key (a start sent twice makes one game),
// the phone's copy moves to the game the server made, and its sheet opens there: offline.js sends the hands, in order.
(function () {
  "use strict";
  var body = document.body;
  if (!window.indexedDB || !body) return;

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  // The phone's store of games, as offline.js and the service worker keep it: ``how`` changes it in one transaction.
  function store(how) {
    return new Promise(function (resolve, reject) {
      var opening = indexedDB.open("scorekeeper", 1);
      opening.onupgradeneeded = function () { opening.result.createObjectStore("games", { keyPath: "id" }); };
      opening.onerror = function () { reject(opening.error); };
      opening.onsuccess = function () {
        var transaction = opening.result.transaction("games", "readwrite");
        var answer = null;
        how(transaction.objectStore("games"), function (value) { answer = value; });
        transaction.oncomplete = function () { resolve(answer); };
        transaction.onerror = function () { reject(transaction.error); };
      };
    });
  }
  function find(id) {
    return store(function (games, answer) { games.get(id).onsuccess = function (event) { answer(event.target.result || null); }; });
  }

  // ---- the offline page: the games this phone keeps, each of which opens with no connection ----
  var listed = document.getElementById("kept-games");
  if (listed) {
    store(function (games, answer) { games.getAll().onsuccess = function (event) { answer(event.target.result); }; }).then(function (kept) {
      var list = listed.querySelector("ul");
      (kept || []).filter(function (game) { return game.sheet && game.game; }).forEach(function (game) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = game.sheet;
        link.textContent = game.game.sides.join(" · ");
        item.appendChild(link);
        list.appendChild(item);
      });
      list.hidden = listed.querySelector("h2").hidden = !list.children.length;
      listed.hidden = !navigator.serviceWorker || !navigator.serviceWorker.controller;
    });
    return;
  }

  // ---- the new-game page: started on this phone when there is no connection ----
  var start = document.querySelector("form[data-offline-start]");
  if (start) {
    var plan = JSON.parse(start.getAttribute("data-offline-start"));
    var FREE = /^(seat_\d+|team_\d+|first_dealer|note|entry_mode|csrf_token|save_key|follows)$/;
    var asFirst = values(false);
    var tapped = false;
    start.addEventListener("submit", function (event) {
      if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return;  // no kept pages: as before
      event.preventDefault();
      if (tapped) return;  // a second tap starts no second game
      tapped = true;
      if (navigator.onLine === false) { here(false); return; }
      // The server asked first; one out of reach (a laptop asleep, a router without internet) is no offline page:
      // the game starts here with the page's own key (had the start arrived, sending it again finds that game).
      var stop = new AbortController();
      var timer = setTimeout(function () { stop.abort(); }, 8000);
      fetch(start.action || location.href, { method: "POST", body: new FormData(start), credentials: "same-origin", signal: stop.signal })
        .then(function (response) {
          clearTimeout(timer);
          if (response.redirected && /^\/e\//.test(new URL(response.url).pathname)) location.assign(response.url);
          else HTMLFormElement.prototype.submit.call(start);  // the form's answer, as a page: its key makes one game
        }, function () { here(true); });
    });
    // Started on this phone, when the form holds nothing the server alone reads (else the page says so).
    function here(sameKey) {
      var note = document.getElementById("offline-start-note");
      tapped = false;
      if (values(false) !== asFirst) {  // house rules, a target, totals carried over: the server's to read
        note.hidden = false;
        note.scrollIntoView({ block: "center" });
        return;
      }
      note.hidden = true;
      tapped = true;
      startHere(sameKey);
    }
    return;
  }
  // The form's values, all of them (``all``) or those a game started offline keeps as the rule set has them.
  function values(all) {
    var pairs = [];
    Array.prototype.forEach.call(start.elements, function (box) {
      if (!box.name || box.type === "submit" || box.type === "button") return;
      if ((box.type === "radio" || box.type === "checkbox") && !box.checked) return;
      if (all || !FREE.test(box.name)) pairs.push([box.name, box.value]);
    });
    return all ? pairs : JSON.stringify(pairs);
  }
  function startHere(sameKey) {
    var named = function (name) { var box = start.elements[name]; return box ? box.value.trim() : ""; };
    var seats = plan.seat_sides.map(function (side, seat) { return named("seat_" + seat) || plan.unnamed[seat]; });
    var sides = [];
    plan.seat_sides.forEach(function (side, seat) { (sides[side] = sides[side] || []).push(seats[seat]); });
    // a kept page's key may start other games offline: each its own, unless the server may have this start
    var fields = values(true).filter(function (pair) { return sameKey || pair[0] !== "save_key"; });
    if (!sameKey) fields.push(["save_key", newKey()]);
    var id = newKey();
    var game = {
      id: "local:" + id,
      sheet: plan.pages + id,
      version: 0,
      pending: [],
      game: {
        ruleset: plan.ruleset,
        options: plan.options,
        sides: sides.map(function (players, side) { return named("team_" + side) || players.join(" & "); }),
        players: sides,
        seats: seats,
        first_dealer: parseInt(named("first_dealer") || "0", 10),
        opening: sides.map(function () { return 0; }),
        hands: []
      },
      started: { address: start.getAttribute("action") || location.pathname + location.search, fields: fields }
    };
    store(function (games) { games.put(game); }).then(function () { location.assign(game.sheet); });
  }

  // ---- a game started here: its own pages ----
  if (!body.hasAttribute("data-local")) return;
  var at = /^(\/o\/[^/]+\/\d+\/\d+\/)([A-Za-z0-9_-]+)/.exec(location.pathname);
  if (!at) return;
  var sheetPath = at[1] + at[2];
  var gameId = "local:" + at[2];
  body.setAttribute("data-game-id", gameId);
  body.setAttribute("data-sheet", sheetPath);
  body.setAttribute("data-offline", sheetPath + "/phone.json");
  // Its links: the blank page's (kept under the id "-", its stand-in for an edit link "local") lead to its own.
  var blank = at[1] + "-";
  Array.prototype.forEach.call(document.querySelectorAll("a[href]"), function (link) {
    var href = link.getAttribute("href");
    if (href === blank || href.indexOf(blank + "/") === 0) link.setAttribute("href", sheetPath + href.slice(blank.length));
    else if (/^\/e\/local(\/|$)/.test(href)) {
      var rest = href.slice("/e/local".length);
      link.setAttribute("href", /^\/rules/.test(rest) ? rest : sheetPath + rest);
    }
  });

  // The players' names where the blank page has its marks (⟦S0⟧ a side, ⟦P0⟧ a seat, ⟦D⟧ the first dealer).
  function named(kept) {
    var names = {};
    kept.game.sides.forEach(function (name, side) { names["S" + side] = name; });
    kept.game.seats.forEach(function (name, seat) { names["P" + seat] = name; });
    names.D = kept.game.seats[kept.game.first_dealer] || kept.game.seats[0];
    var put = function (text) { return text.replace(/⟦(D|[SP]\d+)⟧/g, function (mark, key) { return names[key] || mark; }); };
    var walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeValue.indexOf("⟦") !== -1) node.nodeValue = put(node.nodeValue);
    }
    Array.prototype.forEach.call(body.querySelectorAll("*"), function (element) {
      Array.prototype.forEach.call(element.attributes, function (attribute) {
        if (attribute.value.indexOf("⟦") !== -1) attribute.value = put(attribute.value);
      });
    });
    document.title = put(document.title);
  }

  // The server sees the game: its new-game form as typed, with its one-time key, then the phone's copy moves to the
  // game it made (its id, its edit link), with every hand kept here still to send, and the game's sheet opens.
  var starting = null;
  function startThere() {
    if (starting || navigator.onLine === false) return starting;
    starting = find(gameId).then(function (kept) {
      if (!kept || !kept.started || kept.refused) return null;
      return token(kept.started.address).then(function (fresh) {
        var data = new FormData();
        kept.started.fields.forEach(function (pair) { data.append(pair[0], pair[0] === "csrf_token" && fresh ? fresh : pair[1]); });
        return fetch(kept.started.address, { method: "POST", body: data, credentials: "same-origin" });
      }).then(function (response) {
        var made = /^\/e\/([^/]+)/.exec(new URL(response.url).pathname);
        if (made) return moved(kept, "/e/" + made[1]);
        if (response.status === 400 || (response.ok && response.redirected === false)) {  // the form did not pass
          return store(function (games) { kept.refused = true; games.put(kept); }).then(function () {
            document.getElementById("not-started").hidden = false;
          });
        }
        return null;  // 429, 503, a server restarting: sent again in a moment, with the same key
      });
    }).catch(function () { return null; }).then(function () { starting = null; });
    return starting;
  }
  // The new-game page's security token as the server gives it now (the kept page's may be older than this session).
  function token(address) {
    return fetch(address, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (page) {
        var box = new DOMParser().parseFromString(page, "text/html").querySelector("input[name=csrf_token]");
        return box ? box.value : null;
      });
  }
  function moved(kept, sheet) {
    return fetch(sheet + "/phone.json", { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (copy) {
        return store(function (games) {
          games.delete(gameId);
          games.put({ id: copy.id, game: copy.game, version: copy.version, sheet: sheet, pending: kept.pending, shown: kept.shown || [] });
        });
      })
      .then(function () { location.replace(sheet); });
  }

  find(gameId).then(function (kept) {
    if (!kept) return;
    named(kept);
    if (kept.refused) document.getElementById("not-started").hidden = false;
    startThere();
  });
  window.addEventListener("online", startThere);
  setInterval(startThere, 10000);
})();
