// A game that goes on with no connection. On a game's own pages (its sheet and its hand form, under its edit link)
// this phone keeps a copy of the game; with no connection the hand form scores what is typed with the engine in
// the phone (app.js's window.scorekeeperEngine: the server's own Python), saves the hand on the phone, and the
// sheet shows it with everything else the phone holds, saying plainly what is only on this phone. Once the
// connection is back, each change goes to the server in order, as the very form it was typed in, with its one-time
// key: a change the server already has is not made twice, one the server refuses or that another phone made
// first is shown as a choice on that hand, never applied silently. The service worker keeps the pages and, when
// a save is sent and the connection drops on the way, keeps the form it could not send (templates/sw.js).
(function () {
  "use strict";
  var body = document.body;
  var copyAddress = body && body.getAttribute("data-offline");
  if (!copyAddress || !window.indexedDB) return;
  var engine = window.scorekeeperEngine;
  var gameId = body.getAttribute("data-game-id");
  var sheetPath = body.getAttribute("data-sheet");
  var rulesPath = body.getAttribute("data-rules");
  var pageVersion = parseInt(body.getAttribute("data-version") || "0", 10);
  var said = document.getElementById("offline-words");
  var words = JSON.parse((said && said.getAttribute("data-words")) || "{}");
  var numerals = JSON.parse(body.getAttribute("data-numerals") || "{}");  // how the page writes numbers
  var plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(document.documentElement.lang) : null;
  var form = document.querySelector("form.hand-form");
  var sheet = document.querySelector(".sheet[data-game]");
  var offline = navigator.onLine === false;

  function say(key, n) {
    var forms = words[key] || {};
    var text = forms[plural && plural.select(n) === "one" ? "one" : "other"] || forms.other || "";
    return text.replace("%(n)s", String(n));
  }
  function fill(text, values) {
    return (text || "").replace(/%\((\w+)\)s/g, function (all, name) { return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all; });
  }
  // A hand score as the server's pages and the phone's engine write it (portable/numerals.py): +1.240, −60.
  function signed(n) {
    var digits = String(Math.abs(n));
    if (digits.length >= 3 + (numerals.min_grouping || 1)) digits = digits.replace(/\B(?=(\d{3})+(?!\d))/g, numerals.group || ",");
    return (n > 0 ? numerals.plus || "+" : n < 0 ? numerals.minus || "\u2212" : "") + digits;
  }
  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined && text !== null) made.textContent = text;
    return made;
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // ---- what this phone keeps of the game (IndexedDB: the service worker reads and writes it too) ----
  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open("scorekeeper", 1);
      request.onupgradeneeded = function () { request.result.createObjectStore("games", { keyPath: "id" }); };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  function read() {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var request = db.transaction("games").objectStore("games").get(gameId);
        request.onsuccess = function () { resolve(request.result || { id: gameId, pending: [] }); };
        request.onerror = function () { reject(request.error); };
      });
    });
  }
  // Change the kept game in one transaction: ``how`` gets what is kept and changes it in place.
  function change(how) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction("games", "readwrite");
        var games = transaction.objectStore("games");
        var request = games.get(gameId);
        var kept = null;
        request.onsuccess = function () {
          kept = request.result || { id: gameId, pending: [] };
          kept.pending = kept.pending || [];
          how(kept);
          games.put(kept);
        };
        transaction.oncomplete = function () { resolve(kept); };
        transaction.onerror = function () { reject(transaction.error); };
      });
    });
  }

  // The game as the server has it, fetched when the page says it changed (its version): the phone's copy.
  function refreshCopy(kept) {
    if (offline || (kept.game && kept.version === pageVersion)) return Promise.resolve(kept);
    return fetch(copyAddress, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (copy) {
        return change(function (game) {
          game.game = copy.game;
          game.version = copy.version;
          game.sheet = sheetPath;
        });
      })
      .catch(function () { return kept; });
  }

  // ---- the engine's answers for what this phone holds: the server's copy, then each change kept here ----
  function local(kept) { return JSON.stringify({ game: kept.game, changes: kept.pending }); }
  function scored(kept) {
    if (!engine || !kept.game) return Promise.reject(new Error("no engine"));
    return engine.call("sheet_page", [local(kept)]);
  }

  // ---- a banner: what is only on this phone ----
  function banner(kept) {
    var note = document.getElementById("kept-on-phone");
    var waiting = kept.pending.filter(function (change) { return !change.problem; }).length;
    var stuck = kept.pending.filter(function (change) { return change.problem; }).length;
    if (!note) {
      note = element("div", "notice kept-on-phone");
      note.id = "kept-on-phone";
      note.setAttribute("role", "status");
      var main = document.querySelector("main");
      main.insertBefore(note, main.firstChild);
    }
    note.textContent = "";
    note.hidden = !waiting && !stuck;
    if (waiting) note.appendChild(element("p", null, say(offline ? "kept" : "sending", waiting)));
    kept.pending.forEach(function (change, index) {
      if (change.problem) note.appendChild(dispute(change, index));
    });
  }

  // A change the server did not take: why, and what to do (keep mine, keep theirs), never applied silently.
  function dispute(change, index) {
    var box = element("section", "dispute");
    box.appendChild(element("h2", null, change.problem.title));
    box.appendChild(element("p", null, change.problem.text));
    var actions = element("p", "actions");
    change.problem.choices.forEach(function (choice) {
      var button = element("button", choice.primary ? "primary" : "", choice.label);
      button.type = "button";
      button.addEventListener("click", function () {
        if (choice.kind === "open") reopen(index); else settle(index, choice.kind);
      });
      actions.appendChild(button);
    });
    box.appendChild(actions);
    return box;
  }

  // ---- the sheet: what the phone holds, when it holds changes the server has not ----
  // The sheet as the phone now holds the game, worked out here while the engine runs and kept with what it was
  // worked out from: the sheet's page shows it at once, without starting the engine again.
  function remembered(kept) {
    return scored(kept).then(function (view) {
      return change(function (game) { game.view = view; game.viewOf = local(kept); });
    }, function () { return kept; });
  }

  function showSheet(kept) {
    banner(kept);
    if (!kept.pending.length || !sheet) return Promise.resolve();
    var shown = kept.view && kept.viewOf === local(kept) ? Promise.resolve(kept.view) : scored(kept).then(function (view) {
      return change(function (game) { game.view = view; game.viewOf = local(kept); }).then(function () { return view; });
    });
    return shown.then(drawSheet, function () { /* no engine here: the banner says what is kept */ });
  }

  function breakdown(rows) {
    var list = element("dl", "breakdown");
    rows.forEach(function (row, i) {
      var line = element("div", i === rows.length - 1 ? "sum" : "");
      line.appendChild(element("dt", null, row[0]));
      line.appendChild(element("dd", null, row[1]));
      list.appendChild(line);
    });
    return list;
  }

  function drawSheet(view) {
    var head = sheet.querySelector(".sheet-row.head");
    var opening = sheet.querySelector(".sheet-row.opening");
    var foot = sheet.querySelector(".sheet-row.foot");
    Array.prototype.forEach.call(sheet.querySelectorAll("details.hand, .empty"), function (row) { row.remove(); });
    var after = opening || head;
    view.hands.forEach(function (hand) {
      var row = element("details", "hand" + (hand.counted ? "" : " not-counted") + (hand.local ? " kept-here" : ""));
      row.id = "hand-" + hand.number;
      var summary = element("summary", "sheet-row");
      summary.appendChild(element("span", "num", String(hand.number) + (hand.local ? " •" : "")));
      hand.cells.forEach(function (cell) {
        var each = element("span", "cell");
        each.appendChild(element("span", "score", cell.score));
        each.appendChild(element("span", "total", cell.total));
        summary.appendChild(each);
      });
      row.appendChild(summary);
      var detail = element("div", "hand-detail");
      if (hand.local) detail.appendChild(element("p", "notice small", hand.local));
      if (hand.not_counted) detail.appendChild(element("p", "notice", hand.not_counted));
      detail.appendChild(element("p", "muted small", hand.dealt));
      if (hand.minimums) detail.appendChild(element("p", "muted small minimums-after", hand.minimums));
      var columns = element("div", "columns");
      hand.sides.forEach(function (side) {
        var section = element("section");
        section.appendChild(element("h3", null, side.name));
        section.appendChild(breakdown(side.rows));
        columns.appendChild(section);
      });
      detail.appendChild(columns);
      var fix = element("a", "button", hand.fix);
      fix.href = sheetPath + "/hands/" + hand.number;
      var actions = element("p", "actions");
      actions.appendChild(fix);
      detail.appendChild(actions);
      if (hand.undo) detail.appendChild(undoing(hand));
      row.appendChild(detail);
      after.insertAdjacentElement("afterend", row);
      after = row;
    });
    if (!view.hands.length) after.insertAdjacentElement("afterend", element("p", "muted empty", view.empty));
    Array.prototype.forEach.call(foot.querySelectorAll(".cell strong"), function (total, i) { total.textContent = view.totals[i]; });
    sheet.setAttribute("data-hands", String(view.hands.length));
    drawState(view);
    drawNext(view.next);
    drawChart(view.chart);
  }

  // The chart of the totals, as the server's sheet draws it (templates/games/_sheet_main.html), from the figures
  // the engine in the phone worked out (portable/chart.py).
  var SVG = "http://www.w3.org/2000/svg";
  function shape(tag, attributes, text) {
    var made = document.createElementNS(SVG, tag);
    Object.keys(attributes).forEach(function (name) { made.setAttribute(name, String(attributes[name])); });
    if (text !== undefined) made.textContent = String(text);
    return made;
  }
  function drawChart(chart) {
    var figure = document.querySelector("figure.chart");
    if (!chart) {
      if (figure) figure.hidden = true;
      return;
    }
    if (!figure) {
      figure = element("figure", "chart");
      sheet.insertAdjacentElement("afterend", figure);
    }
    figure.hidden = false;
    figure.textContent = "";
    figure.appendChild(element("figcaption", null, chart.caption));
    var svg = shape("svg", { viewBox: "0 0 " + chart.width + " " + chart.height, role: "img", "aria-labelledby": "chart-desc" });
    svg.appendChild(shape("desc", { id: "chart-desc" }, chart.description));
    chart.bands.forEach(function (band) {
      svg.appendChild(shape("rect", { "class": "band" + (band.shaded ? " shaded" : ""), x: chart.left, y: band.y, width: chart.plot_width, height: band.height }));
      svg.appendChild(shape("text", { "class": "band-label", x: chart.minimum_x, y: band.label_y }, band.minimum));
    });
    chart.levels.forEach(function (level) {
      svg.appendChild(shape("line", { "class": "level", x1: chart.left, x2: chart.right, y1: level.y, y2: level.y }));
      svg.appendChild(shape("text", { "class": "level-label", x: chart.total_x, y: level.label_y, "text-anchor": "end" }, level.total));
    });
    if (chart.target_y !== null) {
      svg.appendChild(shape("line", { "class": "target", x1: chart.left, x2: chart.right, y1: chart.target_y, y2: chart.target_y }));
    }
    chart.hands.forEach(function (hand) {
      svg.appendChild(shape("text", { "class": "hand-label", x: hand[0], y: chart.hand_y, "text-anchor": "middle" }, hand[1]));
    });
    chart.lines.forEach(function (line, i) {
      svg.appendChild(shape("polyline", { "class": "side side-" + i, points: line.points }));
      svg.appendChild(shape("circle", { "class": "end side-" + i, cx: line.last[0], cy: line.last[1], r: 3.5 }));
    });
    figure.appendChild(svg);
    var legend = element("ul", "legend");
    chart.lines.forEach(function (line, i) {
      var item = element("li");
      var swatch = element("span", "swatch side-" + i);
      swatch.setAttribute("aria-hidden", "true");
      item.appendChild(swatch);
      item.appendChild(document.createTextNode(line.name + " "));
      item.appendChild(element("strong", null, String(line.total)));
      legend.appendChild(item);
    });
    if (chart.target) {
      var target = element("li");
      var mark = element("span", "swatch target");
      mark.setAttribute("aria-hidden", "true");
      target.appendChild(mark);
      target.appendChild(document.createTextNode(chart.target));
      legend.appendChild(target);
    }
    figure.appendChild(legend);
    figure.appendChild(element("p", "hint", chart.hint));
  }

  // The last hand's undo, as the server's sheet has it (asked first); with no connection offline.js keeps it.
  function undoing(hand) {
    var box = element("details", "undo");
    box.appendChild(element("summary", null, hand.undo.summary));
    var undo = element("form");
    undo.method = "post";
    undo.action = sheetPath + "/undo";
    var token = document.querySelector("input[name=csrf_token]");
    [["csrf_token", token ? token.value : ""], ["number", String(hand.number)], ["version", String(hand.undo.version)]].forEach(function (pair) {
      var hidden = element("input");
      hidden.type = "hidden";
      hidden.name = pair[0];
      hidden.value = pair[1];
      undo.appendChild(hidden);
    });
    var yes = element("button", "danger", hand.undo.confirm);
    yes.type = "submit";
    undo.appendChild(yes);
    box.appendChild(undo);
    return box;
  }

  function drawState(view) {
    var main = document.querySelector("main");
    Array.prototype.forEach.call(main.querySelectorAll("p.winner, p.playing-on, p.ended-with"), function (old) { old.remove(); });
    var at = document.getElementById("kept-on-phone");
    if (view.state) {
      var state = element("p", view.state.kind === "winner" ? "winner" : "notice playing-on", view.state.text);
      state.setAttribute("role", "status");
      at.insertAdjacentElement("afterend", state);
    }
    if (view.ended) sheet.insertAdjacentElement("beforebegin", element("p", "notice ended-with", view.ended));
  }

  function drawNext(next) {
    var section = document.querySelector("section.next");
    var record = document.querySelector(".save-bar a.button");
    if (!next) {
      if (section) section.hidden = true;
      if (record) record.hidden = true;
      return;
    }
    if (!section) return;
    section.hidden = false;
    section.querySelector("h2").textContent = next.heading;
    var deals = section.querySelector("h2 + p");
    if (deals) deals.textContent = next.deals;
    var rows = section.querySelectorAll("table.minimums tbody tr");
    next.rows.forEach(function (row, i) {
      if (!rows[i]) return;
      Array.prototype.forEach.call(rows[i].querySelectorAll("td"), function (cell, j) { cell.textContent = row.values[j]; });
    });
    if (record) {
      record.hidden = false;
      record.textContent = next.record;
    }
  }

  // ---- the hand form with no connection: the phone's engine scores it, the phone keeps it ----
  var number = null, fixing = false;
  if (form) {
    var drafted = (form.getAttribute("data-draft") || "").split(":");  // draft:<game>:<new|fix>:<number>
    number = parseInt(drafted[3], 10);
    var asked = /\/hands\/(\d+)$/.exec(location.pathname);  // a fix opened with no connection: the kept form
    fixing = drafted[2] === "fix" || Boolean(asked);
    if (asked) number = parseInt(asked[1], 10);
  }

  function fields() {
    var values = [];
    Array.prototype.forEach.call(form.elements, function (box) {
      if (!box.name || box.type === "submit" || box.type === "button") return;
      if ((box.type === "radio" || box.type === "checkbox") && !box.checked) return;
      values.push([box.name, box.value]);
    });
    return values;
  }

  function typed(kept) {
    var change = { kind: fixing ? "edit" : "add", number: number, fields: fields() };
    return engine.call("hand_page", [local(kept), JSON.stringify(change), rulesPath]);
  }

  function drawHand(answer) {
    var target = document.getElementById("preview");
    var bar = document.getElementById("live-total");
    target.textContent = "";
    if (bar) bar.textContent = "";
    if (answer.hand) {
      var hand = answer.hand;
      target.appendChild(element("h2", null, hand.heading));
      var columns = element("div", "columns");
      hand.sides.forEach(function (side) {
        var section = element("section");
        section.appendChild(element("h3", null, side.name));
        section.appendChild(breakdown(side.rows));
        section.appendChild(element("p", "muted small", side.total));
        columns.appendChild(section);
      });
      target.appendChild(columns);
      if (hand.ends) target.appendChild(element("p", "winner", hand.ends));
      if (bar) bar.textContent = hand.summary;
    } else if (answer.refused) {
      target.appendChild(element("h2", null, answer.refused.heading));
      var list = element("ul", "problems-list");
      answer.refused.problems.forEach(function (problem) {
        var item = element("li");
        if (problem.side) {
          item.appendChild(element("strong", null, problem.side + ":"));
          item.appendChild(document.createTextNode(" "));
        }
        item.appendChild(document.createTextNode(problem.message + " "));
        var link = element("a", null, answer.refused.link);
        link.href = problem.help;
        item.appendChild(link);
        list.appendChild(item);
      });
      target.appendChild(list);
    } else if (answer.shape) {
      var wrong = element("ul", "problems-list shape");
      answer.shape.forEach(function (message) { wrong.appendChild(element("li", null, message)); });
      target.appendChild(wrong);
    }
  }

  // The form's words for the hand it is now (a kept form opened for the next hand, or for a fix).
  function label(answer) {
    if (!answer.labels) return;
    var heading = document.querySelector("main h1");
    if (heading) heading.textContent = answer.labels.heading;
    var minimums = document.querySelector(".hand-minimums");
    if (minimums && answer.labels.minimums) minimums.textContent = answer.labels.minimums;
    var save = form.querySelector(".save-bar button[type=submit]");
    if (save) save.textContent = answer.labels.save;
  }

  // The hand this form is for, as the phone holds the game: a new hand follows the hands it holds (a kept form
  // of hand 3 opened after hand 3 was kept here is hand 4's), a fix is of the hand in the address.
  function numbered(kept) {
    if (!fixing && kept.game) number = kept.game.hands.length + added(kept) + 1;
    return number;
  }
  function added(kept) {
    return kept.pending.reduce(function (n, change) {
      if (change.problem) return n;
      return n + (change.kind === "add" ? 1 : change.kind === "undo" ? -1 : 0);
    }, 0);
  }

  function preview() {
    if (!engine) return Promise.resolve(null);
    return read().then(function (kept) {
      if (!kept.game) return null;
      numbered(kept);
      return typed(kept).then(function (answer) { drawHand(answer); label(answer); return answer; });
    }).catch(function () { return null; });
  }

  // A fix opened with no connection: the boxes hold the hand as the phone holds it (its own change, if it made one).
  function fillFix() {
    if (!fixing || !engine || !window.scorekeeperForm) return Promise.resolve();
    return read().then(function (kept) {
      if (!kept.game) return null;
      return engine.call("fill", [local(kept), number]).then(function (answer) {
        if (answer.values.length) window.scorekeeperForm.putBack(answer.values);
      });
    });
  }

  // Saved on this phone: the change as the form holds it, with a new one-time key (the server takes it once), the
  // count of hands it follows (a new hand) or the version of the hand it fixes, as the phone holds them.
  function keep(event) {
    event.preventDefault();
    return read().then(function (kept) {
      if (!kept.game || !engine) {
        var note = document.getElementById("offline-note");
        if (note) note.hidden = false;
        return null;
      }
      numbered(kept);
      return typed(kept).then(function (answer) {
        drawHand(answer);
        label(answer);
        if (!answer.hand) return null;
        var values = fields().filter(function (pair) {
          return ["save_key", "expected_hands", "version"].indexOf(pair[0]) === -1;
        });
        values.push(["save_key", newKey()]);
        var server = kept.game.hands.filter(function (hand) { return hand[0] === number; })[0];
        if (fixing && server) values.push(["version", String(server[1])]);
        else values.push(["expected_hands", String(number - 1)]);
        var change = {
          kind: fixing && server ? "edit" : "add",
          number: number,
          fields: values,
          shown: answer.hand.summary,
          scores: answer.hand.scores,
          at: Date.now()
        };
        return window.scorekeeperOffline.change(function (game) {
          // a fix of a hand this phone added and has not sent: that hand, as fixed
          var own = fixing && !server ? game.pending.filter(function (each) {
            return each.kind === "add" && !each.problem && each.number === number;
          })[0] : null;
          if (own) { own.fields = values; own.shown = change.shown; own.scores = change.scores; } else game.pending.push(change);
          game.view = null;
        }).then(remembered).then(function () {
          try { localStorage.removeItem(form.getAttribute("data-draft")); } catch (e) { /* storage off */ }
          location.assign(sheetPath + "#hand-" + number);
        });
      });
    });
  }

  // Undone with no connection: the last hand (one this phone added and has not sent simply goes).
  document.addEventListener("submit", function (event) {
    var undo = event.target;
    if (!offline || !engine || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    if (!undo.matches || !undo.matches("form[action$='/undo']")) return;
    event.preventDefault();
    var values = [];
    Array.prototype.forEach.call(undo.elements, function (box) { if (box.name) values.push([box.name, box.value]); });
    window.scorekeeperOffline.change(function (game) {
      var last = game.pending[game.pending.length - 1];
      if (last && last.kind === "add" && !last.problem) game.pending.pop();
      else game.pending.push({ kind: "undo", number: null, fields: values, at: Date.now() });
      game.view = null;
    }).then(remembered).then(function () { location.assign(sheetPath); });
  }, true);

  // ---- back online: each change to the server in order, as the form it was typed in ----
  var sending = null;
  function send() {
    if (sending || offline || body.hasAttribute("data-local")) return sending;  // started here: new-offline.js first
    sending = read().then(function next(kept) {
      var change = kept.pending.filter(function (each) { return !each.problem; })[0];
      if (!change) return kept;
      return post(change).then(function (outcome) {
        if (outcome === "later") return kept;
        return change_(kept, change, outcome).then(next);
      });
    }).then(function (kept) {
      sending = null;
      banner(kept);
      if (kept.sent && !kept.pending.length) {
        return compared(kept).then(function (notes) {
          try { sessionStorage.setItem("synced:" + gameId, JSON.stringify(notes)); } catch (e) { /* storage off */ }
          return change(function (game) { game.sent = false; game.view = null; game.shown = []; });
        }).then(function () { location.replace(sheetPath); });
      }
      return null;
    }, function () { sending = null; });
    return sending;
  }
  // Each hand sent, as the server scores it, against what the phone showed: where they differ, the server's
  // stands and the phone says which hand and what changed.
  function compared(kept) {
    var sent = kept.shown || [];
    if (!sent.length) return Promise.resolve([]);
    return fetch("/api/v1/games/" + gameId, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (server) {
        return sent.map(function (each) {
          var hand = server.hands.filter(function (found) { return found.number === each.number; })[0];
          if (!hand) return null;
          var theirs = hand.sides.map(function (side) { return side.name + " " + signed(side.hand_score); }).join(" · ");
          var same = each.scores
            ? hand.sides.every(function (side, i) { return side.hand_score === each.scores[i]; })
            : theirs === each.shown;
          return same ? null : fill(words.differs, { n: each.number, theirs: theirs, mine: each.shown });
        }).filter(Boolean);
      }, function () { return []; });
  }
  // What the last sending found, said once on the sheet that follows it.
  function sentNotes() {
    var notes = [];
    try {
      notes = JSON.parse(sessionStorage.getItem("synced:" + gameId) || "[]");
      sessionStorage.removeItem("synced:" + gameId);
    } catch (e) { notes = []; }
    if (!notes.length) return;
    var box = element("div", "notice differs");
    box.setAttribute("role", "status");
    notes.forEach(function (note) { box.appendChild(element("p", null, note)); });
    var main = document.querySelector("main");
    main.insertBefore(box, main.firstChild);
  }

  function change_(kept, sent, outcome) {
    return change(function (game) {
      var at = game.pending.findIndex(function (each) { return each.at === sent.at; });
      if (at === -1) return;
      if (outcome.problem) game.pending[at].problem = outcome.problem;
      else {
        game.pending.splice(at, 1);
        game.sent = true;
        game.view = null;
        if (sent.shown && sent.kind !== "undo") game.shown = (game.shown || []).concat([{ number: sent.number, shown: sent.shown, scores: sent.scores }]);
      }
    });
  }
  function target(change) {
    if (change.kind === "add") return sheetPath + "/hands/new";
    if (change.kind === "edit") return sheetPath + "/hands/" + change.number;
    return sheetPath + "/undo";
  }
  function post(change) {
    var data = new FormData();
    change.fields.forEach(function (pair) { data.append(pair[0], pair[1]); });
    return fetch(target(change), { method: "POST", body: data, credentials: "same-origin" }).then(function (response) {
      var path = new URL(response.url).pathname;
      if (response.status === 409) return { problem: problemOf(change, "conflict") };
      if (response.ok && path === sheetPath) return "sent";
      if (response.ok && /refused=1/.test(response.url)) return { problem: problemOf(change, "refused") };
      if (response.status === 400 || response.status === 422) return { problem: problemOf(change, "refused") };
      return "later";  // 429, 503, a server restarting: sent again in a moment
    }, function () {
      offline = true;
      return "later";
    });
  }
  function problemOf(change, kind) {
    var n = change.number;
    var title = (words[kind + "_title"] || "").replace("%(n)s", n);
    var text = words[kind + "_text"] || "";
    var choices = kind === "conflict"
      ? [{ kind: "mine", label: words.keep_mine, primary: true }, { kind: "theirs", label: words.keep_theirs }]
      : [{ kind: "open", label: (words.open_it || "").replace("%(n)s", n), primary: true }, { kind: "theirs", label: words.drop_it }];
    return { title: title, text: text, choices: choices };
  }
  // The player's choice on a change the server did not take.
  function settle(index, choice) {
    return change(function (game) {
      var settled = game.pending[index];
      if (!settled) return;
      if (choice === "theirs") { game.pending.splice(index, 1); game.view = null; return; }
      if (choice === "mine") {  // sent again as a fix of the hand as the server holds it now
        settled.problem = null;
        settled.kind = "edit";
        settled.replace = true;
        settled.fields = settled.fields.filter(function (pair) { return pair[0] !== "save_key" && pair[0] !== "version"; });
        settled.fields.push(["save_key", newKey()]);
      }
    }).then(function (kept) {
      banner(kept);
      if (choice === "mine") return refreshVersion(kept, index).then(send);
      return showSheet(kept);
    });
  }
  // A hand the server refused, opened on its form: what was typed is offered back there (the form's own draft),
  // and the change leaves this phone's list (saving the form sends it again, with the rule's answer).
  function reopen(index) {
    return read().then(function (kept) {
      var refused = kept.pending[index];
      if (!refused) return null;
      var adding = refused.kind === "add";
      var typedValues = refused.fields.filter(function (pair) {
        return ["csrf_token", "save_key", "expected_hands", "version"].indexOf(pair[0]) === -1;
      });
      try {
        localStorage.setItem("draft:" + gameId + ":" + (adding ? "new" : "fix") + ":" + refused.number,
          JSON.stringify({ at: refused.at, fields: typedValues }));
      } catch (e) { /* storage off: the form opens empty */ }
      return change(function (game) { game.pending.splice(index, 1); game.view = null; }).then(function () {
        location.assign(adding ? sheetPath + "/hands/new" : sheetPath + "/hands/" + refused.number);
      });
    });
  }
  // A fix sent again names the hand's version as the server holds it now (else it would meet the same conflict).
  function refreshVersion(kept, index) {
    return fetch(copyAddress, { cache: "no-store", credentials: "same-origin" }).then(function (response) { return response.json(); })
      .then(function (copy) {
        var number_ = kept.pending[index].number;
        var hand = copy.game.hands.filter(function (each) { return each[0] === number_; })[0];
        return change(function (game) {
          var mine = game.pending[index];
          if (!hand) { mine.kind = "add"; mine.fields.push(["expected_hands", String(copy.game.hands.length)]); return; }
          mine.fields = mine.fields.filter(function (pair) { return pair[0] !== "expected_hands"; });
          mine.fields.push(["version", String(hand[1])]);
        });
      });
  }

  function goneOffline() {
    offline = true;
    if (engine) engine.start();
    read().then(banner);
  }
  function backOnline() {
    offline = false;
    send();
  }
  window.addEventListener("offline", goneOffline);
  window.addEventListener("online", backOnline);
  document.addEventListener("scorekeeper:unreachable", function () { if (!offline) goneOffline(); });
  document.addEventListener("scorekeeper:swapped", function () {
    sheet = document.querySelector(".sheet[data-game]");
    read().then(showSheet);
  });

  window.scorekeeperOffline = {
    active: function () { return offline && Boolean(engine); },
    preview: preview,
    save: function (event) {
      // Kept on the phone only where the service worker keeps the game's pages (https, or this machine): there the
      // sheet opens with no connection. Elsewhere the form keeps what was typed and says so (app.js), as before.
      if (!offline || !engine || !navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
      keep(event);
      return true;
    },
    change: change,
    read: read,
    send: send
  };

  sentNotes();
  read().then(refreshCopy).then(function (kept) {
    if (offline && engine) engine.start();
    return showSheet(kept).then(function () {
      if (form && offline) return fillFix().then(preview);
      if (!offline && kept.pending.length) send();
    });
  });
  setInterval(function () { if (!offline) read().then(function (kept) { if (kept.pending.some(function (c) { return !c.problem; })) send(); }); }, 10000);
})();
