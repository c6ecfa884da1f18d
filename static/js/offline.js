// A game that goes on with no connection. On a game's own pages (its sheet and its hand form, under its edit link)
// this phone keeps a copy of the game; with no connection the hand form scores what is typed with the engine in
// the phone (app.js's window.scorekeeperEngine: the server's own Python), saves the hand on the phone, and the
// sheet shows it with everything else the phone holds, saying plainly what is only on this phone. Once the
// connection is back, each change goes to the server in order, as the very form it was typed in, with its one-time
// key: a change the server already has is not made twice, one the server refuses or that another phone made
// first is shown as a choice on that hand, never applied silently. The service worker keeps the pages and, when
// a save is sent and the connection drops on the way, keeps the form it could not send (templates/sw.js).
// A side's own pages (each side its own half, under the side's own link: its page and its half form) go on the
// same way: the half form scores the half with the engine in the phone as the server's half form does, and the
// half, or the side's word on a hand, is kept on the phone and sent once the connection is back, as typed.
(function () {
  "use strict";
  var body = document.body;
  var copyAddress = body && body.getAttribute("data-offline");
  if (!copyAddress || !window.indexedDB) return;
  var engine = window.scorekeeperEngine;
  var gameId = body.getAttribute("data-game-id");
  var sideAttribute = body.getAttribute("data-side");
  var side = sideAttribute === null ? null : parseInt(sideAttribute, 10);  // a side's own pages: which side
  var keptId = side === null ? gameId : gameId + "/s" + side;  // what this phone keeps: the game, or a side's
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
        var request = db.transaction("games").objectStore("games").get(keptId);
        request.onsuccess = function () { resolve(request.result || { id: keptId, pending: [] }); };
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
        var request = games.get(keptId);
        var kept = null;
        request.onsuccess = function () {
          kept = request.result || { id: keptId, pending: [] };
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
  function refreshCopy(kept, changed) {
    if (offline || (kept.game && kept.version === pageVersion && !changed)) return Promise.resolve(kept);
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
          game.side = copy.side || null;  // a side's copy: the hand in play, its halves' versions
        });
      })
      .catch(function () { return kept; });
  }

  // ---- the engine's answers for what this phone holds: the server's copy, then each change kept here ----
  // (a side's changes change no hand: a hand is made of every side's half, on the server)
  function local(kept) { return JSON.stringify({ game: kept.game, changes: side === null ? kept.pending : [] }); }
  function scored(kept) {
    if (!engine || !kept.game) return Promise.reject(new Error("no engine"));
    return engine.call("sheet_page", [local(kept)]);
  }

  // ---- a banner: what is only on this phone ----
  function banner(kept) {
    var note = document.getElementById("kept-on-phone");
    var waiting = kept.pending.filter(function (change) { return !change.problem; }).length;
    var stuck = kept.pending.filter(function (change) { return change.problem; }).length;
    keptCount = kept.pending.length;
    if (!note) {
      note = element("div", "notice kept-on-phone");
      note.id = "kept-on-phone";
      note.setAttribute("role", "status");
      var main = document.querySelector("main");
      main.insertBefore(note, main.firstChild);
    }
    note.textContent = "";
    note.hidden = !waiting && !stuck;
    if (waiting && side !== null && offline) {  // a side's page names each: "your half of hand 3, to send"
      kept.pending.forEach(function (change) {
        if (!change.problem) note.appendChild(element("p", null, fill(words[sideWord(change)], { n: change.number })));
      });
    } else if (waiting) note.appendChild(element("p", null, say(offline ? "kept" : "sending", waiting)));
    kept.pending.forEach(function (change, index) {
      if (change.problem) note.appendChild(dispute(change, index));
    });
  }

  var keptCount = null;  // the changes this phone holds that the server has not (its pages' questions say so; null: not read yet)
  function sideWord(change) {
    if (change.kind === "half") return "half_kept";
    return change.kind === "withdraw" ? "withdraw_kept" : "word_kept";
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
    if (!kept.pending.length || !sheet || side !== null) return Promise.resolve();
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
    fixing = side === null && (drafted[2] === "fix" || Boolean(asked));  // a side's half form is of its hand
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
    if (side !== null) {  // a side's half, scored on its own as the server's half form scores it
      return engine.call("half_page", [local(kept), JSON.stringify({ number: number, fields: fields() }), rulesPath, side]);
    }
    var change = { kind: fixing ? "edit" : "add", number: number, fields: fields() };
    return engine.call("hand_page", [local(kept), JSON.stringify(change), rulesPath]);
  }

  function drawHand(answer) {
    var target = document.getElementById("preview");
    var bar = document.getElementById("live-total");
    target.textContent = "";
    if (bar) bar.textContent = "";
    if (answer.half) {  // a side's half: "Your half", item by item, and its score on the send bar
      target.appendChild(element("h2", null, answer.half.heading));
      target.appendChild(breakdown(answer.half.rows));
      if (bar) bar.textContent = answer.half.summary;
    } else if (answer.hand) {
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
    if (!fixing && side === null && kept.game) number = kept.game.hands.length + added(kept) + 1;
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
    if (side !== null) return fillHalf();
    if (!fixing || !engine || !window.scorekeeperForm) return Promise.resolve();
    return read().then(function (kept) {
      if (!kept.game) return null;
      return engine.call("fill", [local(kept), number]).then(function (answer) {
        if (answer.values.length) window.scorekeeperForm.putBack(answer.values);
      });
    });
  }

  // A side's half form opened again with no connection: the boxes hold the half this phone keeps of that hand.
  function fillHalf() {
    if (!window.scorekeeperForm) return Promise.resolve();
    return read().then(function (kept) {
      var mine = keptHalf(kept, number);
      if (mine) window.scorekeeperForm.putBack(mine.fields);
    });
  }
  function keptHalf(kept, n) {
    return kept.pending.filter(function (each) { return each.kind === "half" && !each.problem && each.number === n; })[0];
  }

  // A side's half kept on this phone: the half form as typed, with a new one-time key (the server takes it once)
  // and the version of the side's half it was typed over, as the server last said; one a hand (typed again, the
  // half kept is that one, as typed now). Then the side's page, which says what this phone keeps.
  function keepHalf(event) {
    event.preventDefault();
    return read().then(function (kept) {
      if (!kept.game || !engine) {
        var note = document.getElementById("offline-note");
        if (note) note.hidden = false;
        return null;
      }
      return typed(kept).then(function (answer) {
        drawHand(answer);
        if (!answer.half) return null;
        var own = form.querySelector("input[name=version]");
        var versions = (kept.side && kept.side.versions) || {};
        var version = Object.prototype.hasOwnProperty.call(versions, String(number)) ? versions[String(number)] : (own ? own.value : "0");
        var values = fields().filter(function (pair) { return pair[0] !== "save_key" && pair[0] !== "version"; });
        values.push(["save_key", newKey()], ["version", String(version)]);
        return change(function (game) {
          var mine = keptHalf(game, number);
          if (mine) { mine.fields = values; mine.shown = answer.half.summary; }
          else game.pending.push({ kind: "half", number: number, fields: values, shown: answer.half.summary, at: Date.now() });
        }).then(function () {
          try { localStorage.removeItem(form.getAttribute("data-draft")); } catch (e) { /* storage off */ }
          location.assign(sheetPath + "#kept-on-phone");
        });
      });
    });
  }

  // A side's word on a hand (agreed, not right, right as it is) or its half taken back, with no connection: kept
  // on this phone as the form holds it, one word a hand (said again, the last stands); a half taken back that
  // this phone has not sent yet simply goes.
  var WORD = /\/hands\/(\d+)\/(agree|dispute|keep|withdraw)$/;
  document.addEventListener("submit", function (event) {
    if (side === null || !offline || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    var said = event.target;
    var found = said.action ? WORD.exec(new URL(said.action, location.href).pathname) : null;
    if (!found) return;
    event.preventDefault();
    var n = parseInt(found[1], 10), kind = found[2];
    var values = [];
    Array.prototype.forEach.call(said.elements, function (box) { if (box.name) values.push([box.name, box.value]); });
    change(function (game) {
      var mine = keptHalf(game, n);
      if (kind === "withdraw" && mine) { game.pending.splice(game.pending.indexOf(mine), 1); return; }
      var words_ = kind === "agree" || kind === "dispute" ? ["agree", "dispute"] : [kind];
      game.pending = game.pending.filter(function (each) {
        return each.problem || each.number !== n || words_.indexOf(each.kind) === -1;
      });
      game.pending.push({ kind: kind, number: n, fields: values, at: Date.now() });
    }).then(function (kept) {
      banner(kept);
      window.scrollTo(0, 0);
    });
  }, true);

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
        if (side !== null) {  // a side's page as the server has it now
          return change(function (game) { game.sent = false; }).then(function () { location.replace(sheetPath); });
        }
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
    if (change.kind === "half") return sheetPath + "/hands/" + change.number;
    if (side !== null) return sheetPath + "/hands/" + change.number + "/" + change.kind;  // a side's word
    if (change.kind === "add") return sheetPath + "/hands/new";
    if (change.kind === "edit") return sheetPath + "/hands/" + change.number;
    return sheetPath + "/undo";
  }
  function post(change) {
    var data = new FormData();
    change.fields.forEach(function (pair) { data.append(pair[0], pair[1]); });
    return fetch(target(change), { method: "POST", body: data, credentials: "same-origin" }).then(function (response) {
      var path = new URL(response.url).pathname;
      if (side !== null) return sideOutcome(change, response, path);
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
  // What the server made of a side's half or word: taken (the side's page), or a choice to offer. A half another
  // phone of the side sent first is a conflict (its form shows both); a word on a hand that changed meanwhile comes
  // back to the side's page saying so ("stale").
  function sideOutcome(change, response, path) {
    if (response.ok && path === sheetPath) {
      return /[?&]stale=1/.test(response.url) ? { problem: problemOf(change, "changed") } : "sent";
    }
    if (change.kind === "half" && response.status === 409) {
      return response.text().then(function (html) {
        return { problem: problemOf(change, /class="conflict"/.test(html) ? "half_conflict" : "half_refused") };
      });
    }
    if ((response.ok && /refused=1/.test(response.url)) || [400, 404, 409, 422].indexOf(response.status) !== -1) {
      return { problem: problemOf(change, change.kind === "half" ? "half_refused" : "changed") };
    }
    return "later";
  }
  var SIDE_CHOICES = {
    half_conflict: [{ kind: "mine", label: "keep_mine", primary: true }, { kind: "theirs", label: "keep_theirs" }],
    half_refused: [{ kind: "open", label: "open_it", primary: true }, { kind: "theirs", label: "drop_half" }],
    changed: [{ kind: "page", label: "open_page", primary: true }, { kind: "theirs", label: "drop_word" }]
  };
  function problemOf(change, kind) {
    if (SIDE_CHOICES[kind]) {
      return {
        title: fill(words[kind + "_title"], { n: change.number }),
        text: words[kind + "_text"] || "",
        choices: SIDE_CHOICES[kind].map(function (choice) {
          return { kind: choice.kind, label: fill(words[choice.label], { n: change.number }), primary: choice.primary };
        })
      };
    }
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
      // (a side's word on a hand that changed goes: the side's page asks it again on the hand as it stands)
      if (choice === "theirs" || choice === "page") { game.pending.splice(index, 1); game.view = null; return; }
      if (choice === "mine") {  // sent again as a fix of the hand (or over the side's half) as the server holds it now
        settled.problem = null;
        if (side === null) {
          settled.kind = "edit";
          settled.replace = true;
        }
        settled.fields = settled.fields.filter(function (pair) { return pair[0] !== "save_key" && pair[0] !== "version"; });
        settled.fields.push(["save_key", newKey()]);
      }
    }).then(function (kept) {
      banner(kept);
      if (choice === "mine") return refreshVersion(kept, index).then(send);
      if (choice === "page") return location.replace(sheetPath);
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
      var draft = side !== null ? "half" + side : adding ? "new" : "fix";
      var typedValues = refused.fields.filter(function (pair) {
        return ["csrf_token", "save_key", "expected_hands", "version"].indexOf(pair[0]) === -1;
      });
      try {
        localStorage.setItem("draft:" + gameId + ":" + draft + ":" + refused.number,
          JSON.stringify({ at: refused.at, fields: typedValues }));
      } catch (e) { /* storage off: the form opens empty */ }
      return change(function (game) { game.pending.splice(index, 1); game.view = null; }).then(function () {
        location.assign(adding && side === null ? sheetPath + "/hands/new" : sheetPath + "/hands/" + refused.number);
      });
    });
  }
  // A fix sent again names the hand's version as the server holds it now (else it would meet the same conflict).
  function refreshVersion(kept, index) {
    return fetch(copyAddress, { cache: "no-store", credentials: "same-origin" }).then(function (response) { return response.json(); })
      .then(function (copy) {
        var number_ = kept.pending[index].number;
        if (side !== null) {  // a side's half: over the version of it the server holds now
          var versions = (copy.side && copy.side.versions) || {};
          return change(function (game) {
            var half = game.pending[index];
            half.fields = half.fields.filter(function (pair) { return pair[0] !== "version"; });
            half.fields.push(["version", String(versions[String(number_)] || 0)]);
            game.side = copy.side || game.side;
          });
        }
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
    keepPages(true);
    read().then(function (kept) {
      return showSheet(kept).then(function () {
        // the game moved on while this page was open: the phone's copy follows (once nothing kept waits to go:
        // sending ends with the page opened again, and the copy with it)
        if (!offline && !kept.pending.length) return refreshCopy(kept, true);
        return null;
      });
    });
  });

  // The pages this phone needs with no connection, kept by the service worker: the page itself once it changed
  // live (``changed``: the kept copy is the page as last opened), and on a side's page the half forms it links to.
  function keepPages(changed) {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (offline || !worker) return;
    var pages = changed ? [location.pathname] : [];
    if (side !== null) {
      Array.prototype.forEach.call(document.querySelectorAll("main a[href]"), function (link) {
        var path = new URL(link.href, location.href).pathname;
        if (path.indexOf(sheetPath + "/hands/") === 0 && /\/hands\/\d+$/.test(path) && pages.indexOf(path) === -1) pages.push(path);
      });
    }
    if (pages.length) worker.postMessage({ keep: pages, fresh: changed ? [location.pathname] : [] });
  }

  window.scorekeeperOffline = {
    active: function () { return offline && Boolean(engine); },
    preview: preview,
    save: function (event) {
      // Kept on the phone only where the service worker keeps the game's pages (https, or this machine): there the
      // sheet opens with no connection. Elsewhere the form keeps what was typed and says so (app.js), as before.
      if (!offline || !engine || !navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
      if (side !== null) keepHalf(event); else keep(event);
      return true;
    },
    // how many changes this phone holds that the server has not: its pages' questions tell the server (a club
    // night's board then says the table waits for its phones, not that it is late)
    kept: function () { return keptCount; },
    change: change,
    read: read,
    send: send
  };

  sentNotes();
  keepPages(false);
  read().then(function (kept) { return refreshCopy(kept); }).then(function (kept) {
    if (offline && engine && (side === null || form)) engine.start();
    return showSheet(kept).then(function () {
      if (form && offline) return fillFix().then(preview);
      if (!offline && kept.pending.length) send();
    });
  });
  setInterval(function () { if (!offline) read().then(function (kept) { if (kept.pending.some(function (c) { return !c.problem; })) send(); }); }, 10000);
})();
