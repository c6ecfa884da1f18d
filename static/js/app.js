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

  // A choice that shows another page at once (the rule set read in the reference).
  Array.prototype.forEach.call(document.querySelectorAll("select[data-submit-on-change]"), function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });

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
    input.parentNode.insertBefore(wrap, input);
    wrap.appendChild(minus);
    wrap.appendChild(input);
    wrap.appendChild(plus);
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

  var form = document.querySelector("form.hand-form");
  if (!form) return;

  // What the server sent, never values the browser brought back from an earlier visit (Back).
  form.reset();
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) window.location.reload();
  });


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
    show();

    // Only the melds in use are shown; a picker adds a rank.
    var table = side.querySelector("table.melds");
    if (!table) return;
    var rows = table.querySelectorAll("tr.meld-row");
    var picker = document.createElement("div");
    picker.className = "add-meld";
    var select = document.createElement("select");
    var add = document.createElement("button");
    add.type = "button";
    add.textContent = "+";
    var caption = document.createElement("span");
    caption.textContent = form.getAttribute("data-add-label") || "";
    add.setAttribute("aria-label", caption.textContent || "+");
    select.setAttribute("aria-label", caption.textContent || "+");
    picker.appendChild(caption);
    picker.appendChild(select);
    picker.appendChild(add);
    table.parentNode.insertBefore(picker, table.nextSibling);
    function used(row) {
      return Array.prototype.some.call(row.querySelectorAll("input[type=number]"), function (i) {
        return i.value && i.value !== "0";
      }) || (row.querySelector("select") && row.querySelector("select").value);
    }
    function refresh() {
      select.innerHTML = "";
      Array.prototype.forEach.call(rows, function (row) {
        var hidden = row.classList.contains("unused");
        if (hidden) {
          var option = document.createElement("option");
          option.value = row.id;
          option.textContent = row.querySelector("th").textContent.trim() || "…";
          select.appendChild(option);
        }
      });
      picker.hidden = select.options.length === 0;
    }
    Array.prototype.forEach.call(rows, function (row) {
      if (!used(row)) row.classList.add("unused");
    });
    add.addEventListener("click", function () {
      var row = document.getElementById(select.value);
      if (!row) return;
      row.classList.remove("unused");
      refresh();
      var first = row.querySelector("input[type=number]");
      if (first) first.focus();
    });
    refresh();
  });

  // Live preview: the server scores the form as typed (the engine decides every number).
  var target = document.getElementById("preview");
  var url = form.getAttribute("data-preview");
  var timer = null;
  var pending = null;
  function refreshPreview() {
    if (pending) pending.abort();
    pending = new AbortController();
    fetch(url, { method: "POST", body: new FormData(form), signal: pending.signal, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) { target.innerHTML = html; })
      .catch(function () { /* offline or aborted: keep the last preview */ });
  }
  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(refreshPreview, 250);
  });
  form.addEventListener("change", function () {
    clearTimeout(timer);
    timer = setTimeout(refreshPreview, 100);
  });
})();
