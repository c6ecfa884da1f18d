// Progressive enhancement for the hand form: steppers, one way of entry at a time,
// only the melds in use, and the live preview. Everything works without it.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // The phone's time zone, so that the server writes dates and times as the phone shows them.
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && document.cookie.indexOf("tz=" + zone) === -1) {
      document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax";
    }
  } catch (e) { /* no Intl: dates stay in UTC */ }

  // New game: the first-dealer list follows the names typed for each seat.
  var dealer = document.getElementById("first_dealer");
  if (dealer) {
    Array.prototype.forEach.call(dealer.options, function (option, seat) {
      var input = document.getElementById("seat_" + seat);
      if (!input) return;
      var fallback = option.textContent;
      var follow = function () { option.textContent = input.value.trim() || fallback; };
      input.addEventListener("input", follow);
      follow();
    });
  }

  // New game: a house rule that brings other values with it (Samba's Bolivia: game to 15000) moves the
  // boxes it changes, while they still hold the value before; the server then reads every box as shown.
  var switches = document.querySelectorAll("input[data-implies]");
  if (switches.length) {
    var follows = document.querySelector("input[name=follows]");
    if (follows) follows.value = "1";
    var same = function (box, value) {
      return box.type === "checkbox" ? box.checked === Boolean(value) : String(box.value) === String(value);
    };
    var put = function (box, value) {
      if (box.type === "checkbox") box.checked = Boolean(value); else box.value = String(value);
    };
    Array.prototype.forEach.call(switches, function (toggle) {
      var boxes = JSON.parse(toggle.getAttribute("data-implies"));
      var step = function () {
        Object.keys(boxes).forEach(function (id) {
          var box = document.getElementById(id);
          var before = boxes[id][toggle.checked ? 0 : 1], after = boxes[id][toggle.checked ? 1 : 0];
          if (box && same(box, before)) put(box, after);
        });
      };
      toggle.addEventListener("change", step);
      if (toggle.checked) step();  // a form brought back with the switch on
    });
  }

  // A choice that shows another page at once (the rule set read in the reference).
  Array.prototype.forEach.call(document.querySelectorAll("select[data-submit-on-change]"), function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });

  // Share panels: copy a link or a text, or hand it to the phone's own share sheet where there is one.
  function enhanceShare(root) {
  Array.prototype.forEach.call(root.querySelectorAll("[data-share-actions]"), function (actions) {
    actions.hidden = false;
    Array.prototype.forEach.call(actions.querySelectorAll("[data-copy]"), function (button) {
      var label = button.textContent;
      button.addEventListener("click", function () {
        var field = document.getElementById(button.getAttribute("data-copy"));
        var done = function () {
          button.textContent = button.getAttribute("data-copied");
          setTimeout(function () { button.textContent = label; }, 2000);
        };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(field.value).then(done, function () {});
        } else {  // plain http on a home network: the old way still works
          field.focus();
          field.select();
          try { if (document.execCommand("copy")) done(); } catch (e) { /* the text stays selected */ }
        }
      });
    });
    Array.prototype.forEach.call(actions.querySelectorAll("[data-share]"), function (button) {
      if (!navigator.share) { button.hidden = true; return; }
      button.addEventListener("click", function () {
        var field = document.getElementById(button.getAttribute("data-share"));
        var isLink = /^https?:/.test(field.value);
        navigator.share(isLink ? { title: button.getAttribute("data-share-title"), url: field.value }
                               : { title: button.getAttribute("data-share-title"), text: field.value })
          .catch(function () { /* closed without sending */ });
      });
    });
  });
  Array.prototype.forEach.call(root.querySelectorAll("[data-print]"), function (block) {
    if (!window.print) return;
    block.hidden = false;
    block.querySelector("button").addEventListener("click", function () { window.print(); });
  });
  }
  enhanceShare(document);

  // A page that keeps changes on this phone (offline.js) says with each question how many it holds that the server
  // has not: a club night's board then says its table waits for its phones rather than that it is late.
  function asking(headers) {
    var phone = window.scorekeeperOffline;
    var kept = phone && phone.kept ? phone.kept() : null;
    if (kept !== null) headers["Scorekeeper-Kept"] = String(kept);
    return headers;
  }

  // The sheet follows the game: every 1.5 s while the page is in view it asks whether the game changed
  // (an empty 304 while it did not); a change swaps the page's content, keeping what was open and
  // where the reader was. A phone that lost the connection catches up once it is back.
  var live = document.querySelector("[data-live]");
  // Opened in a browser: the game joins this phone's list (once a visit; reading the page itself writes
  // nothing for a phone the server does not know yet).
  var token = document.querySelector("input[name=csrf_token]");
  if (live && token && live.getAttribute("data-remember")) {
    try {
      var mark = "remembered:" + live.getAttribute("data-remember");
      if (!sessionStorage.getItem(mark)) {
        var body = new FormData();
        body.append("csrf_token", token.value);
        fetch(live.getAttribute("data-remember"), { method: "POST", body: body, credentials: "same-origin" })
          .then(function (response) { if (response.ok) sessionStorage.setItem(mark, "1"); })
          .catch(function () { /* offline: the next visit tries again */ });
      }
    } catch (e) { /* no storage: the next page view remembers it */ }
  }
  if (live) {
    var etag = live.getAttribute("data-etag");
    var waiting = null;
    var EVERY = 1500;  // so that a hand shows within 2 s
    var quiet = EVERY;
    var follow = function (delay) {
      clearTimeout(waiting);
      waiting = setTimeout(check, delay);
    };
    var check = function () {
      if (document.visibilityState === "hidden") return;  // visibilitychange starts it again
      fetch(live.getAttribute("data-live"), { headers: asking({ "If-None-Match": etag }), cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          if (response.status === 304) return null;
          if (!response.ok) throw new Error(String(response.status));
          if (response.redirected) {  // a table card's page, once its round is drawn: the table's game
            window.location.assign(response.url);
            return null;
          }
          var fresh = response.headers.get("ETag") || etag;
          return response.text().then(function (html) { return { html: html, tag: fresh }; });
        })
        .then(function (answer) {
          // What is being typed is not swapped away (a remark, a pair's names, a reason): the page catches
          // up once it is sent, left or emptied.
          var typing = (document.activeElement && document.activeElement.closest && document.activeElement.closest("[data-keep-typing]")) ||
            Array.prototype.some.call(document.querySelectorAll("input[type=text][data-keep-typing]"), function (box) { return box.value; });
          if (answer && !typing) {
            etag = answer.tag;
            swap(answer.html);
          }
          quiet = EVERY;
          follow(quiet);
        })
        .catch(function () {
          quiet = Math.min(quiet * 2, 15000);  // offline or the server is away: try again, less often
          follow(quiet);
        });
    };
    var swap = function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
      var main = document.querySelector("main");
      if (!fresh || !main) return;
      var open = {};
      Array.prototype.forEach.call(main.querySelectorAll("details"), function (d, i) {
        open[d.id || d.className + ":" + i] = d.open;
      });
      var scrolled = window.scrollY;
      main.innerHTML = fresh.innerHTML;
      Array.prototype.forEach.call(main.querySelectorAll("details"), function (d, i) {
        var key = d.id || d.className + ":" + i;
        if (Object.prototype.hasOwnProperty.call(open, key)) d.open = open[key];
      });
      window.scrollTo(0, scrolled);
      enhanceShare(main);
      live = document.querySelector("[data-live]") || live;
      document.dispatchEvent(new CustomEvent("scorekeeper:swapped"));  // offline.js shows again what the phone keeps
    };
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") follow(0);
    });
    window.addEventListener("online", function () { follow(0); });
    follow(quiet);
  }

  function drafts() {
    var keys = [];
    try {
      for (var n = 0; n < localStorage.length; n++) {
        var name = localStorage.key(n);
        if (name && name.indexOf("draft:") === 0) keys.push(name);
      }
    } catch (e) { /* storage off */ }
    return keys;
  }
  function forgetDraft(name) {
    try { localStorage.removeItem(name); } catch (e) { /* storage off */ }
  }

  function stepper(input) {
    var wrap = document.createElement("span");
    wrap.className = "stepper";
    var minus = document.createElement("button");
    var plus = document.createElement("button");
    minus.type = plus.type = "button";
    minus.textContent = "−";
    plus.textContent = "+";
    minus.tabIndex = plus.tabIndex = -1;
    minus.setAttribute("aria-hidden", "true");
    plus.setAttribute("aria-hidden", "true");
    var typing = document.activeElement === input;  // tapped before this script ran (a slow connection)
    input.parentNode.insertBefore(wrap, input);
    wrap.appendChild(minus);
    wrap.appendChild(input);  // moved: the browser takes the focus away from it
    wrap.appendChild(plus);
    if (typing) {
      input.focus();  // what is typed next still goes into it, over what it held
      try { input.select(); } catch (e) { /* a browser that cannot select a number box */ }
    }
    function bump(by) {
      var value = parseInt(input.value || "0", 10);
      if (isNaN(value)) value = 0;
      value = Math.max(0, value + by);
      input.value = value === 0 ? "" : String(value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    minus.addEventListener("click", function () { bump(-1); });
    plus.addEventListener("click", function () { bump(1); });
  }
  Array.prototype.forEach.call(document.querySelectorAll("form input.count"), stepper);
  // A number box is typed over, not added to: focusing it selects what it holds.
  // (The tap's own mouseup would put a caret in place of the selection: that one is held back.)
  document.addEventListener("focusin", function (event) {
    var box = event.target;
    if (!box || box.tagName !== "INPUT" || box.type !== "number") return;
    try { box.select(); } catch (e) { return; }
    var hold = function (up) { up.preventDefault(); box.removeEventListener("mouseup", hold); };
    box.addEventListener("mouseup", hold);
    setTimeout(function () { box.removeEventListener("mouseup", hold); }, 600);
  });

  // A saved hand's draft is no longer needed: the sheet says which hands exist (and which was just fixed).
  var sheetBox = document.querySelector(".sheet[data-game]");
  if (sheetBox) {
    var game = sheetBox.getAttribute("data-game");
    var saved = parseInt(sheetBox.getAttribute("data-hands") || "0", 10);
    var fixed = new URLSearchParams(window.location.search).get("fixed");
    drafts().forEach(function (key) {
      var parts = key.split(":");  // draft:<game>:<new|fix>:<number>
      if (parts[1] !== game) return;
      var number = parseInt(parts[3], 10);
      if ((parts[2] === "new" && number <= saved) || (parts[2] === "fix" && String(number) === fixed)) {
        forgetDraft(key);
      }
    });
  }

  // A side's page lists the halves it has sent: their drafts are no longer needed.
  var sentDrafts = document.querySelector("[data-forget-drafts]");
  if (sentDrafts) {
    sentDrafts.getAttribute("data-forget-drafts").split(" ").forEach(function (name) { if (name) forgetDraft(name); });
  }

  // A side's half form shows, live, which sides are still counting the hand.
  var status = document.querySelector("[data-status]");
  if (status) {
    var statusTag = null;
    var lookAgain = function () {
      if (document.visibilityState === "hidden") { setTimeout(lookAgain, 1500); return; }
      var headers = asking(statusTag ? { "If-None-Match": statusTag } : {});
      fetch(status.getAttribute("data-status"), { headers: headers, cache: "no-store", credentials: "same-origin" })
        .then(function (response) {
          if (response.status === 304 || !response.ok) return null;
          statusTag = response.headers.get("ETag");
          return response.text();
        })
        .then(function (html) { if (html) status.innerHTML = html; })
        .catch(function () { /* offline: try again */ })
        .then(function () { setTimeout(lookAgain, 1500); });
    };
    setTimeout(lookAgain, 1500);
  }

  var form = document.querySelector("form.hand-form");
  if (!form) return;

  // What the server sent, never values the browser brought back from an earlier visit (Back, Forward);
  // only then, so that nothing tapped before this script ran is wiped.
  var visit = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  if (visit && visit.type === "back_forward") form.reset();
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) window.location.reload();
  });

  var sides = [];
  // One way of entry per side: card by card, or quick.
  Array.prototype.forEach.call(form.querySelectorAll(".side-entry"), function (side) {
    var radios = side.querySelectorAll(".mode input[type=radio]");
    function show() {
      var mode = "detailed";
      Array.prototype.forEach.call(radios, function (r) { if (r.checked) mode = r.value; });
      Array.prototype.forEach.call(side.querySelectorAll("[data-mode]"), function (block) {
        block.hidden = block.getAttribute("data-mode") !== mode;
      });
    }
    Array.prototype.forEach.call(radios, function (r) { r.addEventListener("change", show); });

    // Only the melds in use are shown; a rank chip adds one at 3 naturals (a wild meld: empty), one tap.
    var table = side.querySelector("table.melds");
    var rows = table ? Array.prototype.slice.call(table.querySelectorAll("tr.meld-row")) : [];
    var rankChips = side.querySelector("[data-rank-chips]");
    function used(row) {
      return Array.prototype.some.call(row.querySelectorAll("input[type=number]"), function (i) {
        return i.value && i.value !== "0";
      }) || (row.querySelector("select") && row.querySelector("select").value);
    }
    function shown(row) { return !row.classList.contains("unused"); }
    // The row a chip fills: the rank's own row, or (a second meld of a rank) a free row with a rank box.
    function rowFor(rank) {
      var own = rows.filter(function (row) { return row.getAttribute("data-rank") === rank; })[0];
      if (own && !shown(own)) return own;
      return rows.filter(function (row) { return row.querySelector("select") && !shown(row); })[0] || null;
    }
    function refreshChips() {
      if (!rankChips) return;
      Array.prototype.forEach.call(rankChips.querySelectorAll("button[data-rank]"), function (chip) {
        chip.hidden = !rowFor(chip.getAttribute("data-rank"));
      });
      rankChips.hidden = false;
    }
    rows.forEach(function (row) {
      var cell = document.createElement("td");
      cell.className = "remove-cell";
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "remove";
      remove.textContent = "×";
      remove.setAttribute("aria-label", form.getAttribute("data-remove-label") || "×");
      remove.addEventListener("click", function () {
        Array.prototype.forEach.call(row.querySelectorAll("input[type=number]"), function (i) { i.value = ""; });
        var rankBox = row.querySelector("select");
        if (rankBox) rankBox.value = "";
        row.classList.add("unused");
        refreshChips();
        form.dispatchEvent(new Event("input", { bubbles: true }));
      });
      cell.appendChild(remove);
      row.appendChild(cell);
    });
    if (rankChips) {
      Array.prototype.forEach.call(rankChips.querySelectorAll("button[data-rank]"), function (chip) {
        chip.addEventListener("click", function () {
          var rank = chip.getAttribute("data-rank");
          var row = rowFor(rank);
          if (!row) return;
          var rankBox = row.querySelector("select");
          if (rankBox) rankBox.value = rank;
          var boxes = row.querySelectorAll("input[type=number]");
          if (rank !== "WILD" && boxes[0] && !boxes[0].value) boxes[0].value = "3";
          row.classList.remove("unused");
          refreshChips();
          form.dispatchEvent(new Event("input", { bubbles: true }));
        });
      });
    }

    // Card chips: each tap is one card left in hand (card by card: its count; quick: its points added).
    function tallies() {
      Array.prototype.forEach.call(side.querySelectorAll("button[data-count]"), function (chip) {
        var box = document.getElementById(chip.getAttribute("data-count"));
        var count = box ? parseInt(box.value || "0", 10) : 0;
        chip.querySelector(".tally").textContent = count > 0 ? " ×" + count : "";
        chip.classList.toggle("held", count > 0);
      });
    }
    Array.prototype.forEach.call(side.querySelectorAll("[data-card-chips]"), function (chips) {
      var into = chips.getAttribute("data-points-into");
      Array.prototype.forEach.call(chips.querySelectorAll("button"), function (chip) {
        chip.addEventListener("click", function () {
          var box = document.getElementById(into || chip.getAttribute("data-count"));
          if (!box) return;
          var by = into ? parseInt(chip.getAttribute("data-points"), 10) : 1;
          var value = parseInt(box.value || "0", 10);
          box.value = String((isNaN(value) ? 0 : value) + by);
          tallies();
          form.dispatchEvent(new Event("input", { bubbles: true }));
        });
      });
      chips.hidden = false;
    });
    side.addEventListener("input", tallies);

    // The paper sheet's card points melded, added up from how many cards of each value were melded.
    Array.prototype.forEach.call(side.querySelectorAll("[data-tally-into]"), function (tally) {
      var into = document.getElementById(tally.getAttribute("data-tally-into"));
      tally.addEventListener("input", function () {
        var sum = 0;
        Array.prototype.forEach.call(tally.querySelectorAll("input[data-worth]"), function (box) {
          var count = parseInt(box.value || "0", 10);
          if (!isNaN(count)) sum += count * parseInt(box.getAttribute("data-worth"), 10);
        });
        if (into) into.value = sum ? String(sum) : "";
      });
      tally.hidden = false;
    });

    // After the values change under the page (a draft put back): show what holds something.
    function fit() {
      show();
      rows.forEach(function (row) { row.classList.toggle("unused", !used(row)); });
      refreshChips();
      tallies();
      Array.prototype.forEach.call(side.querySelectorAll("details"), function (block) {
        // a box typed in, a choice ticked, a list moved from where the page set it (a run's ends)
        var holds = Array.prototype.some.call(block.querySelectorAll("input, select"), function (i) {
          if (i.type === "radio" || i.type === "checkbox") return i.checked;
          if (i.tagName === "SELECT") {
            var set = Array.prototype.filter.call(i.options, function (o) { return o.defaultSelected; })[0] || i.options[0];
            return !!set && i.value !== set.value;
          }
          return i.value && i.value !== "0";
        });
        if (holds) block.open = true;
      });
    }
    sides.push(fit);
    fit();
  });

  // Live preview: the server scores the form as typed (the engine decides every number).
  var target = document.getElementById("preview");
  var bar = document.getElementById("live-total");
  var url = form.getAttribute("data-preview");
  var timer = null;
  var pending = null;
  function refreshPreview() {
    if (pending) pending.abort();
    var phone = window.scorekeeperOffline;
    if (phone && phone.active()) {  // no connection: the engine in the phone scores it (offline.js)
      phone.preview();
      return;
    }
    pending = new AbortController();
    fetch(url, { method: "POST", body: new FormData(form), signal: pending.signal, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        target.innerHTML = html;
        var typing = target.querySelector(".typing");
        var typingNote = document.getElementById("typing-note");
        if (typingNote) {
          typingNote.hidden = !typing;
          if (typing) typingNote.textContent = typing.textContent;
        }
        var summary = target.querySelector(".summary");
        if (bar) bar.textContent = summary ? summary.textContent.trim() : "";
      })
      .catch(function (error) {
        if (error && error.name === "AbortError") return;
        // the server is out of reach: the phone scores it, if it can (offline.js), else the last preview stays
        document.dispatchEvent(new CustomEvent("scorekeeper:unreachable"));
        if (window.scorekeeperOffline && window.scorekeeperOffline.active()) window.scorekeeperOffline.preview();
      });
  }

  // The draft: everything typed, kept on this phone per game and hand until the hand is saved.
  var key = form.getAttribute("data-draft");
  var UNTYPED = { csrf_token: 1, expected_hands: 1, version: 1, save_key: 1 };
  function fields() {
    var values = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || UNTYPED[el.name] || el.type === "submit" || el.type === "button") return;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) return;
      values.push([el.name, el.value]);
    });
    return values;
  }
  function typed(values) {
    return values.some(function (pair) { return pair[1] && pair[1] !== "0" && !/mode$/.test(pair[0]); });
  }
  function keepDraft() {
    var values = fields();
    try {
      if (typed(values)) localStorage.setItem(key, JSON.stringify({ at: Date.now(), fields: values }));
    } catch (e) { /* storage full or off: the form still works */ }
  }
  function putBack(values) {
    var byName = {};
    values.forEach(function (pair) { byName[pair[0]] = pair[1]; });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || UNTYPED[el.name] || el.type === "submit" || el.type === "button") return;
      var value = Object.prototype.hasOwnProperty.call(byName, el.name) ? byName[el.name] : "";
      if (el.type === "radio" || el.type === "checkbox") el.checked = el.value === value;
      else el.value = value;
    });
    sides.forEach(function (fit) { fit(); });
    form.dispatchEvent(new Event("scorekeeper:filled"));  // the card buttons show the values too (cards.js)
    refreshPreview();
  }
  // The values of another hand put in the boxes (a fix opened with no connection: offline.js).
  window.scorekeeperForm = { putBack: putBack };
  var stored = null;
  try { stored = JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { stored = null; }
  var offer = document.getElementById("draft-offer");
  var switching = false;
  try { switching = sessionStorage.getItem("restore-draft") === key; sessionStorage.removeItem("restore-draft"); } catch (e) {}
  if (stored && stored.fields && typed(stored.fields) && JSON.stringify(stored.fields) !== JSON.stringify(fields())) {
    if (switching) {
      putBack(stored.fields);  // the language switch brought the same form back: carry on typing
    } else if (offer) {
      var when = new Date(stored.at);
      var time = offer.querySelector("[data-draft-time]");
      if (time) time.textContent = when.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
      offer.hidden = false;
      offer.querySelector("[data-draft-restore]").addEventListener("click", function () {
        putBack(stored.fields);
        offer.hidden = true;
      });
      offer.querySelector("[data-draft-discard]").addEventListener("click", function () {
        forgetDraft(key);
        offer.hidden = true;
      });
    }
  }
  Array.prototype.forEach.call(document.querySelectorAll("form.lang"), function (lang) {
    lang.addEventListener("submit", function () {
      keepDraft();
      try { sessionStorage.setItem("restore-draft", key); } catch (e) {}
    });
  });

  // Saving with no connection would land on the browser's offline page: say so here instead.
  var offline = document.getElementById("offline-note");
  form.addEventListener("submit", function (event) {
    keepDraft();
    if (window.scorekeeperOffline && window.scorekeeperOffline.save(event)) return;  // kept on the phone
    if (navigator.onLine === false && offline) {
      event.preventDefault();
      offline.hidden = false;
      offline.scrollIntoView({ block: "center" });
    }
  });
  window.addEventListener("online", function () { if (offline) offline.hidden = true; });

  // The server is asked once typing pauses (a quarter of a second); the engine in the phone at once, on the next
  // frame (it answers in milliseconds, and a tap's score shows as the player lifts the finger).
  function soon(pause) {
    clearTimeout(timer);
    var phone = window.scorekeeperOffline;
    timer = setTimeout(function () { keepDraft(); refreshPreview(); }, phone && phone.active() ? 0 : pause);
  }
  form.addEventListener("input", function () { soon(250); });
  form.addEventListener("change", function () { soon(100); });
  if (typed(fields())) refreshPreview();  // a refused or restored form shows its score at once
})();

// The screen stays on while a game's page is open (Screen Wake Lock), where the browser allows it: in a
// secure context (https, or this machine). The switch turns it off (kept on this phone). Elsewhere the
// page says once why the screen may dim and how to keep it on with the phone's own setting.
(function () {
  var awake = document.querySelector("[data-awake]");
  if (!awake) return;
  var choice = awake.querySelector("[data-awake-choice]");
  var toggle = awake.querySelector("[data-awake-switch]");
  var failed = awake.querySelector("[data-awake-failed]");
  var store = function (key, value) { try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch (e) {} };
  var stored = function (key) { try { return localStorage.getItem(key); } catch (e) { return null; } };
  var root = document.documentElement;

  if (!("wakeLock" in navigator) || !window.isSecureContext) {
    if (stored("awake-note") === "seen") return;
    var note = awake.querySelector("[data-awake-cannot]");
    awake.hidden = false;
    note.hidden = false;
    root.setAttribute("data-awake", "unavailable");
    awake.querySelector("[data-awake-dismiss]").addEventListener("click", function () {
      store("awake-note", "seen");
      awake.hidden = true;
    });
    return;
  }

  var sentinel = null;
  var wanted = function () { return stored("awake") !== "off"; };
  var take = function () {
    if (sentinel || !wanted() || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (lock) {
      sentinel = lock;
      failed.hidden = true;
      root.setAttribute("data-awake", "on");
      lock.addEventListener("release", function () {
        sentinel = null;
        root.setAttribute("data-awake", "off");
      });
    }, function () {
      failed.hidden = false;
      root.setAttribute("data-awake", "refused");
    });
  };
  awake.hidden = false;
  choice.hidden = false;
  toggle.checked = wanted();
  toggle.addEventListener("change", function () {
    store("awake", toggle.checked ? null : "off");
    if (toggle.checked) take();
    else if (sentinel) sentinel.release();
  });
  document.addEventListener("visibilitychange", take);  // the browser lets it go when the page is hidden
  take();
})();

// Installable, and the rules reference readable offline, where the browser allows a service worker
// (a secure context: https, or this machine).
if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", function () {
    // The language read here travels with the worker's address: it keeps the reference in that language too.
    var reading = encodeURIComponent(document.documentElement.lang || "en");
    navigator.serviceWorker.register("/sw.js?lang=" + reading).catch(function () { /* the app works without it */ });
    // Then the engine in the phone is kept (in the background: 6.4 MB the first time, nothing after).
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage("keep-engine");
    });
  });
}

// A club night's round clock: the time left, counted down on every page that shows it (board, standings,
// a table's game); a warning from ten minutes, and "finish the hand" at the end. Pages swapped by the live
// sheet bring their clock with them: it is looked up each second.
(function () {
  var tick = function () {
    Array.prototype.forEach.call(document.querySelectorAll("[data-ends]"), function (clock) {
      var left = Math.max(0, Math.round((Date.parse(clock.getAttribute("data-ends")) - Date.now()) / 1000));
      var shown = clock.querySelector("[data-left]");
      var minutes = Math.floor(left / 60), seconds = left % 60;
      if (shown) shown.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
      clock.classList.toggle("warning", left > 0 && left <= 600);
      clock.classList.toggle("over", left === 0);
      clock.querySelector("[data-warning]").hidden = !(left > 0 && left <= 600);
      clock.querySelector("[data-over]").hidden = left !== 0;
      clock.querySelector("[data-running]").hidden = left === 0;
    });
  };
  if (document.querySelector("[data-ends]") || document.querySelector("[data-live]")) {
    tick();
    setInterval(tick, 1000);
  }
})();

// The night on a TV: when the standings do not fit the screen, they page by themselves (every 8 s).
(function () {
  var page = 0;
  var turn = function () {
    var box = document.querySelector("[data-pages]");
    if (!box) return;
    var rows = Array.prototype.slice.call(box.querySelectorAll("[data-row]"));
    rows.forEach(function (row) { row.hidden = false; });
    var room = window.innerHeight - box.getBoundingClientRect().top - 80;
    var tall = rows.length ? rows[0].getBoundingClientRect().height : 1;
    var each = Math.max(3, Math.floor(room / Math.max(tall, 1)));
    var pages = Math.max(1, Math.ceil(rows.length / each));
    page = page % pages;
    rows.forEach(function (row, i) { row.hidden = Math.floor(i / each) !== page; });
    var count = box.querySelector("[data-page-count]");
    if (count) {
      count.hidden = pages < 2;
      count.textContent = (page + 1) + " / " + pages;
    }
    page += 1;
  };
  if (document.querySelector("[data-pages]")) {
    turn();
    setInterval(turn, 8000);
  }
})();

// A club night's door: under each name box, a few members whose name has a word starting with what is typed
// (three letters at least, accents and case aside), asked of the server, which never gives the roster; a tap
// puts the name in the box. An answer that held every match answers the longer names typed after it here.
(function () {
  var fold = function (text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, " ").trim();
  };
  var holds = function (name, typed) { return (" " + fold(name)).indexOf(" " + typed) !== -1; };
  var answers = {};
  Array.prototype.forEach.call(document.querySelectorAll("input[data-names]"), function (input) {
    var url = input.getAttribute("data-names");
    var list = document.createElement("div");
    list.className = "suggestions";
    list.setAttribute("aria-live", "polite");
    input.parentNode.insertAdjacentElement("afterend", list);
    var timer = null;
    var show = function (typed, names) {
      if (fold(input.value) !== typed) return;  // typed on since
      list.textContent = "";
      names.forEach(function (name) {
        if (fold(name) === typed) return;
        var button = document.createElement("button");
        button.type = "button";
        button.className = "suggestion";
        button.textContent = name;
        button.addEventListener("click", function () {
          input.value = name;
          list.textContent = "";
          input.focus();
        });
        list.appendChild(button);
      });
    };
    var known = function (typed) {
      for (var earlier in answers) {
        if (typed.indexOf(earlier) === 0 && answers[earlier].all) {
          return answers[earlier].names.filter(function (name) { return holds(name, typed); });
        }
      }
      return null;
    };
    var ask = function () {
      var typed = fold(input.value);
      if (typed.replace(/ /g, "").length < 3) { list.textContent = ""; return; }
      var found = known(typed);
      if (found) { show(typed, found); return; }
      fetch(url + "?q=" + encodeURIComponent(typed), { cache: "no-store", credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : { names: [], all: false }; })
        .then(function (answer) {
          if (answer.all) answers[typed] = answer;
          show(typed, answer.names || []);
        })
        .catch(function () { /* no suggestion: the name is typed whole */ });
    };
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(ask, 250);
    });
  });
})();

// The engine in the phone: the app's own scoring engine, the server's Python, run by Pyodide in a Web Worker on a
// page that may have to score with no connection (its body names the worker: data-engine); its files are kept by
// the service worker in the background. The page never waits for it. window.scorekeeperEngine.call(name, args)
// asks the engine (JSON text in, the parsed answer out); .ready settles once it has started (ms it took).
window.scorekeeperEngine = (function () {
  var body = document.body;
  var address = body && body.getAttribute("data-engine");
  if (!address || !window.Worker) return null;
  var language = body.getAttribute("data-language") || "en";
  var numerals = body.getAttribute("data-numerals") || "";  // how the server writes numbers in that language
  var worker = null, calls = {}, next = 1, readiness = null, settle = null;
  var ready = new Promise(function (resolve, reject) { settle = { resolve: resolve, reject: reject }; });
  ready.catch(function () { /* a phone that cannot start it keeps what the server answers */ });
  function start() {
    if (worker) return;
    try {
      worker = new Worker(address, { type: "module" });
    } catch (e) {
      settle.reject(e);
      return;
    }
    worker.onmessage = function (event) {
      var data = event.data;
      if (Object.prototype.hasOwnProperty.call(data, "ready")) {
        readiness = data;
        if (data.ready) settle.resolve(data); else settle.reject(new Error(data.error));
        return;
      }
      var call = calls[data.id];
      delete calls[data.id];
      if (!call) return;
      if (data.error) call.reject(new Error(data.error)); else call.resolve(JSON.parse(data.answer));
    };
    worker.onerror = function (event) { settle.reject(new Error(event.message || "worker")); };
  }
  function call(name, args) {
    start();
    return new Promise(function (resolve, reject) {
      var id = next++;
      calls[id] = { resolve: resolve, reject: reject };
      worker.postMessage({ id: id, call: name, args: args, language: language, numerals: numerals });
    });
  }
  // Started when it is needed, not on every page: with no connection (or once it goes), or at the first call. A
  // phone whose server answers never spends the seconds Python takes to start.
  if (navigator.onLine === false) start();
  window.addEventListener("offline", start);
  return { call: call, start: start, ready: ready, readiness: function () { return readiness; } };
})();
