// Progressive enhancement for the family's hand form (Burraco, Buraco, Burako): a run's ends and its wild card's
// place, and the card discarded to go out, tapped on card buttons. The buttons drive the form's own lists, which
// stay what the server reads (and what a page without this script shows): nothing else changes.
(function () {
  "use strict";
  var form = document.querySelector("form.hand-form");
  if (!form) return;
  var LAST = 14;  // the places of a run: 1 a low ace, 2 to 13 the two to the king, 14 a high ace
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

  function rankOf(place) { return place === LAST ? "A" : RANKS[place - 1]; }
  function placeOf(rank, high) {
    if (rank === "A") return high ? LAST : 1;
    var index = RANKS.indexOf(rank);
    return index < 0 ? null : index + 1;
  }
  function offers(select, value) {
    return Array.prototype.some.call(select.options, function (option) { return option.value === value; });
  }
  function put(select, value) {
    if (!select || select.value === value) return;
    select.value = offers(select, value) ? value : "";
    select.dispatchEvent(new Event("change", { bubbles: true }));  // the preview and the draft follow
  }
  function press(button, on) { button.setAttribute("aria-pressed", on ? "true" : "false"); }

  // A run: the first tap on its row is its lowest card, the second its highest (tapped the other way round, the
  // two are put in order), a third starts again; the same card twice takes it back. Its wild card's place is one
  // tap on the row of the places it spans, shown once both ends are chosen: the joker's row or the two's, where
  // the game has both. A two of the run's suit in its own place and an ace low or high need nothing more: they
  // follow from the places tapped.
  function enhanceRun(row) {
    var low = row.querySelector("select[id$=_low]");
    var high = row.querySelector("select[id$=_high]");
    var at = row.querySelector("select[id$=_at]");
    var wild = row.querySelector("select[id$=_wild]");  // none where the game has no jokers: a two
    var ends = Array.prototype.slice.call(row.querySelectorAll("[data-run-ends] button"));
    var wildLine = row.querySelector("[data-run-wild]");
    var places = Array.prototype.slice.call(wildLine.querySelectorAll("[data-kind] button"));
    var first = null;  // a first tap on the high ace waits here (the lowest card's list has no high ace)

    function kindOf(button) { return button.parentNode.getAttribute("data-kind"); }
    function span() {
      var from = low.value ? placeOf(low.value, false) : null;
      var to = high.value ? placeOf(high.value, true) : null;
      return { from: from, to: to };
    }
    function wildPlace(from) {
      if (!at.value) return null;
      if (at.value === "A+") return LAST;
      return placeOf(at.value, from !== 1);  // "A": the low ace when the run starts there, else the high one
    }
    function paint() {
      var s = span();
      if (s.from === null && s.to === null && first !== null) s = { from: null, to: first };
      var both = s.from !== null && s.to !== null && s.from < s.to;
      var wildAt = both ? wildPlace(s.from) : null;
      ends.forEach(function (button) {
        var place = parseInt(button.getAttribute("data-place"), 10);
        press(button, place === s.from || place === s.to);
        button.classList.toggle("in-run", both && place > s.from && place < s.to);
        button.classList.toggle("wild-at", wildAt === place);
      });
      wildLine.hidden = !both;
      places.forEach(function (button) {
        var place = parseInt(button.getAttribute("data-place"), 10);
        button.hidden = !both || place < s.from || place > s.to;
        press(button, wildAt === place && (!wild || wild.value === kindOf(button)));
      });
      var suit = row.querySelector(".suits input:checked");
      row.setAttribute("data-suit", suit ? suit.value : "");
    }
    function setEnds(from, to) {
      put(low, from === null ? "" : rankOf(from));
      put(high, to === null ? "" : rankOf(to));
    }
    ends.forEach(function (button) {
      button.addEventListener("click", function () {
        var place = parseInt(button.getAttribute("data-place"), 10);
        var s = span();
        var one = s.from !== null && s.to === null ? s.from : s.from === null && s.to !== null ? s.to : first;
        first = null;
        if (s.from !== null && s.to !== null || one === null) {  // a first tap, or a third: it starts again
          put(at, "");
          if (place === LAST) { setEnds(null, null); first = LAST; } else setEnds(place, null);
        } else if (one === place) {
          setEnds(null, null);  // the same card again: no run
        } else {
          setEnds(Math.min(one, place), Math.max(one, place));
        }
        paint();
      });
    });
    places.forEach(function (button) {
      button.addEventListener("click", function () {
        var place = parseInt(button.getAttribute("data-place"), 10);
        var from = span().from;
        if (button.getAttribute("aria-pressed") === "true") {
          put(at, "");  // tapped again: no wild card
        } else {
          put(at, place === LAST && from === 1 && offers(at, "A+") ? "A+" : rankOf(place));
          put(wild, kindOf(button));
        }
        paint();
      });
    });
    row.addEventListener("change", paint);
    Array.prototype.forEach.call(row.querySelectorAll("[data-run-lists]"), function (lists) { lists.hidden = true; });
    row.querySelector("[data-run-ends]").hidden = false;
    paint();
    return paint;
  }

  // The card discarded to go out: its suit and its rank, in either order (a joker in one tap); the same rank again
  // takes it back. A card tapped says the side went out with it (the tap on "Went out with a discard" is not
  // needed). Shown while nobody has gone out, to a side that went out with a discard, or whose discard holds a card.
  function enhanceDiscard(block) {
    var select = block.querySelector("select");
    var buttons = block.querySelector("[data-discard]");
    var suits = Array.prototype.slice.call(buttons.querySelectorAll("button[data-suit]"));
    var ranks = Array.prototype.slice.call(buttons.querySelectorAll("button[data-rank]"));
    var side = block.getAttribute("data-discard-of");
    var chosen = { suit: null, rank: null };  // half a card, until the other half is tapped

    function read() {
      var card = /^(10|[2-9AJQK])([SHDC])$/.exec(select.value);
      if (card) return { suit: card[2], rank: card[1] };
      return { suit: null, rank: select.value === "JK" ? "JK" : null };
    }
    function paint() {
      var card = read();
      var suit = card.rank ? card.suit : chosen.suit;
      var rank = card.rank || chosen.rank;
      suits.forEach(function (button) { press(button, button.getAttribute("data-suit") === suit); });
      ranks.forEach(function (button) { press(button, button.getAttribute("data-rank") === rank); });
      buttons.setAttribute("data-suit", suit || "");
      var out = form.querySelector("input[name=out]:checked");
      block.hidden = !select.value && !(!out || !out.value || out.value === side);
    }
    function wentOut() {
      var mine = form.querySelector("input[name=out][value='" + side + "']");
      if (!mine || mine.checked) return;
      mine.checked = true;
      mine.dispatchEvent(new Event("change", { bubbles: true }));  // its packet taken, as on a tap of the chip
    }
    function complete() {
      if (chosen.rank === "JK") put(select, "JK");
      else if (chosen.rank && chosen.suit) put(select, chosen.rank + chosen.suit);
      else put(select, "");
      if (select.value) wentOut();
    }
    suits.forEach(function (button) {
      button.addEventListener("click", function () {
        var card = read();
        chosen = { suit: button.getAttribute("data-suit"), rank: card.rank === "JK" ? null : card.rank || chosen.rank };
        complete();
        paint();
      });
    });
    ranks.forEach(function (button) {
      button.addEventListener("click", function () {
        var rank = button.getAttribute("data-rank");
        var card = read();
        var suit = card.suit || chosen.suit;
        chosen = (card.rank || chosen.rank) === rank ? { suit: suit, rank: null } : { suit: suit, rank: rank };
        complete();
        paint();
      });
    });
    select.addEventListener("change", paint);
    form.addEventListener("change", function (event) { if (event.target.name === "out") paint(); });
    select.hidden = true;
    buttons.hidden = false;
    paint();
    return paint;
  }

  // Going out needs the side's packet taken (where the game says so, data-taken-on-out): a side tapped as going
  // out whose packet is not said yet has it taken, one tap fewer. Taken back if the going out moves to another
  // side before anyone touched that packet.
  var inferred = {};
  form.addEventListener("change", function (event) {
    var box = event.target;
    if (/_packet$/.test(box.name) && !event.scorekeeperInferred) delete inferred[box.name];
    if (box.name !== "out" || !box.checked) return;
    var out = box.value ? parseInt(box.value, 10) : null;
    Object.keys(inferred).forEach(function (name) {
      if (name === "s" + out + "_packet") return;
      Array.prototype.forEach.call(form.querySelectorAll("input[name='" + name + "']"), function (radio) { radio.checked = false; });
      delete inferred[name];
    });
    if (out === null) return;
    var group = form.querySelector("#side-" + out + " [data-taken-on-out]");
    var radios = group ? group.querySelectorAll("input[type=radio]") : [];
    if (!radios.length || Array.prototype.some.call(radios, function (radio) { return radio.checked; })) return;
    var taken = group.querySelector("input[value=taken]");
    taken.checked = true;
    inferred[taken.name] = true;
    var said = new Event("change", { bubbles: true });
    said.scorekeeperInferred = true;
    taken.dispatchEvent(said);
  });

  // The runs folded under "More runs" open by themselves once every run above them holds its two ends.
  Array.prototype.forEach.call(form.querySelectorAll("fieldset.runs"), function (runs) {
    var fold = runs.querySelector("details.more-runs");
    if (!fold) return;
    var above = Array.prototype.filter.call(runs.querySelectorAll("[data-run]"), function (row) { return !fold.contains(row); });
    runs.addEventListener("change", function () {
      var full = above.every(function (row) {
        return row.querySelector("select[id$=_low]").value && row.querySelector("select[id$=_high]").value;
      });
      if (full) fold.open = true;
    });
  });

  var painters = [];
  Array.prototype.forEach.call(form.querySelectorAll("[data-run]"), function (row) { painters.push(enhanceRun(row)); });
  Array.prototype.forEach.call(form.querySelectorAll("[data-discard-of]"), function (block) {
    painters.push(enhanceDiscard(block));
  });
  // Values put in under the buttons (a draft brought back, a fix opened with no connection): shown again.
  form.addEventListener("scorekeeper:filled", function () { painters.forEach(function (paint) { paint(); }); });
})();
