// A referee tool's page (may I take the pile?, is this meld legal?, may we go out?, what is our minimum?) with no
// connection: the question asked is answered in the page by the engine in the phone (app.js's
// window.scorekeeperEngine: the server's own Python, portable/tools.py), in the page's language, with its rule's
// link, in the server's answer box. The service worker keeps the tool pages this phone opened (templates/sw.js): a
// kept page opened for an address that asks (a reload, a question sent as the connection went) is answered here
// too, the boxes holding what the address asks.
(function () {
  "use strict";
  var body = document.body;
  var tool = body && body.getAttribute("data-tool");
  var engine = window.scorekeeperEngine;
  var form = document.querySelector("form.tool-form");
  if (!tool || !engine || !form) return;
  var rules = body.getAttribute("data-rules");
  var ruleset = body.getAttribute("data-ruleset");
  var offline = navigator.onLine === false;

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined && text !== null) made.textContent = text;
    return made;
  }
  function pairs(query) {
    var found = [];
    new URLSearchParams(query).forEach(function (value, name) { found.push([name, value]); });
    return found;
  }
  // Whether two queries ask the same (a page kept by the service worker was asked for in a language: ``lang``).
  function same(one, other) {
    function asked(query) {
      var values = new URLSearchParams(query);
      values.delete("lang");
      return values.toString();
    }
    return asked(one) === asked(other);
  }

  // Each box's label as the page says it, by the box's name: a refusal names its box so.
  function labels() {
    var found = {};
    Array.prototype.forEach.call(form.elements, function (box) {
      if (!box.name || box.type === "hidden" || found[box.name]) return;
      var label = box.closest("label");
      var words = label && (label.querySelector("span") || label);
      found[box.name] = words ? words.textContent.trim() : box.name;
    });
    return found;
  }

  // The engine's answer to the question ``query`` asks, drawn as the server's page draws it.
  function ask(query) {
    form.setAttribute("aria-busy", "true");
    return engine.call("tool_page", [ruleset, tool, JSON.stringify(pairs(query)), rules, JSON.stringify(labels())])
      .then(draw)
      .finally(function () { form.removeAttribute("aria-busy"); });
  }

  function draw(view) {
    Object.keys(view.shown).forEach(function (name) {
      var box = form.elements[name];
      if (!box) return;
      if (box.type === "checkbox") box.checked = Boolean(view.shown[name]);
      else box.value = view.shown[name];
    });
    Array.prototype.forEach.call(form.querySelectorAll("p.error"), function (old) { old.remove(); });
    Object.keys(view.problems).forEach(function (name) {
      var box = form.elements[name];
      var label = box && box.closest ? box.closest("label") : null;
      if (!label) return;
      var after = label.nextElementSibling && label.nextElementSibling.classList.contains("hint") ? label.nextElementSibling : label;
      view.problems[name].slice().reverse().forEach(function (message) {
        var error = element("p", "error", message);
        error.setAttribute("role", "alert");
        after.insertAdjacentElement("afterend", error);
      });
    });
    var old = document.getElementById("answer");
    if (old) old.remove();
    if (view.answer) document.querySelector(".rules-nav").insertAdjacentElement("afterend", answerBox(view.answer));
  }

  // templates/tools/_tool.html's answer box.
  function answerBox(answer) {
    var box = element("div", "answer " + (answer.allowed ? "yes" : "no"));
    box.id = "answer";
    box.setAttribute("role", "status");
    box.appendChild(element("p", "verdict", answer.verdict));
    box.appendChild(reasoned(element("p"), answer.reason, answer.help, answer.link));
    if (answer.details.length > 1) {
      var list = element("ul");
      answer.details.forEach(function (detail) { list.appendChild(reasoned(element("li"), detail.message, detail.help, answer.link)); });
      box.appendChild(list);
    }
    return box;
  }
  function reasoned(holder, text, help, words) {
    holder.appendChild(document.createTextNode(text + " "));
    var link = element("a", null, words);
    link.href = help;
    holder.appendChild(link);
    return holder;
  }

  // Asked with no connection: answered here, the address the question's (as the server's answer would have it).
  form.addEventListener("submit", function (event) {
    if (!offline) return;
    event.preventDefault();
    var query = new URLSearchParams(new FormData(form)).toString();
    history.replaceState(history.state, "", location.pathname + "?" + query);
    ask(query).catch(function () { form.submit(); });  // no engine here: the address as asked, kept or not
  });
  window.addEventListener("offline", function () { offline = true; });
  window.addEventListener("online", function () { offline = false; });

  // A kept page opened for another address than the one it answered: what this address asks, answered here.
  var here = location.search.replace(/^\?/, "");
  if (!same(form.getAttribute("data-asked") || "", here)) ask(here).catch(function () { /* no engine: the page as kept */ });
})();
