// kartl: the figure games' entry (issue 7). Progressive enhancement: without this file the
// form takes typed lines and the server draws the figure panel on each check. With it, the
// panel follows every tap (the server computes it: GET {base}/figures?events=…), and the card
// picker writes the show or the decider in the contract's notation, asking for the baptism
// of a card that the deal's trump makes wild (a Perlagg): E7=L10.
(function () {
  "use strict";
  var events = document.getElementById("score-events-text");
  var panel = document.getElementById("figure-panel");
  if (!events || !panel) { return; }
  // The page names its panel's address (the scorer's link, or the secretary's table or
  // correction page); each is access-checked like the page itself.
  var url = events.getAttribute("data-figures");

  var timer = null;
  function refresh() {
    if (!url) { return; }
    clearTimeout(timer);
    timer = setTimeout(function () {
      fetch(url + "?events=" + encodeURIComponent(events.value), { credentials: "same-origin" })
        .then(function (res) { return res.ok ? res.text() : null; })
        .then(function (html) {
          if (!html) { return; }
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var fresh = holder.querySelector("#figure-panel");
          var now = document.getElementById("figure-panel");
          if (fresh && now) { now.replaceWith(fresh); }
        }, function () { /* offline: the panel waits for the next tap */ });
    }, 150);
  }
  events.addEventListener("input", refresh);
  var buttons = document.querySelector(".event-buttons");
  if (buttons) { buttons.addEventListener("click", function (e) { if (e.target.closest("button.ev")) { refresh(); } }); }

  // The card picker.
  var picker = document.getElementById("card-picker");
  var open = document.getElementById("pick-open");
  if (!picker || !open) { return; }
  var what = document.getElementById("pick-what");
  var baptise = document.getElementById("pick-baptise");
  var chosen = {};
  var first = picker.querySelector(".pick-side");
  var side = first ? first.getAttribute("data-side") : "A";
  // Whose cards: the whole side ("") or seat 1 or 2 of it (A1, B2: a figure is one player's).
  var seat = "";
  var wildCard = null;
  function hand() { return side + seat; }

  function trump() {
    var lines = events.value.split("\n");
    var t = "";
    lines.forEach(function (l) {
      var m = /^\s*(trump|trumpf)\s+([elhsg])\s*$/i.exec(l);
      if (m) { t = m[2].toUpperCase() === "G" ? "L" : m[2].toUpperCase(); }
    });
    return t;
  }

  function show() {
    picker.querySelectorAll(".pick-list").forEach(function (el) {
      var s = el.id.replace("pick-list-", "");
      var parts = ["", "1", "2"].filter(function (n) { return (chosen[s + n] || []).length > 0; })
        .map(function (n) { return (n ? n + ": " : "") + chosen[s + n].join(", "); });
      el.textContent = parts.join(" · ") || "–";
    });
  }

  open.addEventListener("click", function () {
    picker.hidden = !picker.hidden;
    chosen = {};
    show();
  });
  picker.querySelectorAll(".pick-side").forEach(function (b) {
    b.addEventListener("click", function () {
      side = b.getAttribute("data-side");
      picker.querySelectorAll(".pick-side").forEach(function (o) {
        o.classList.toggle("on", o === b);
        o.setAttribute("aria-pressed", o === b ? "true" : "false");
      });
    });
  });
  picker.querySelectorAll(".pick-seat").forEach(function (b) {
    b.addEventListener("click", function () {
      seat = b.getAttribute("data-seat");
      picker.querySelectorAll(".pick-seat").forEach(function (o) {
        o.classList.toggle("on", o === b);
        o.setAttribute("aria-pressed", o === b ? "true" : "false");
      });
    });
  });
  function add(card) {
    (chosen[hand()] = chosen[hand()] || []).push(card);
    show();
  }
  document.getElementById("pick-pack").querySelectorAll("button.pick-card").forEach(function (b) {
    b.addEventListener("click", function () {
      var card = b.getAttribute("data-card");
      var wild = (b.getAttribute("data-wild") || "").split(" ");
      var t = trump();
      if (t && wild.indexOf(t) >= 0) {
        wildCard = card;
        document.getElementById("pick-wild").textContent = card;
        baptise.hidden = false;
        return;
      }
      add(card);
    });
  });
  baptise.querySelectorAll("button.pick-card").forEach(function (b) {
    b.addEventListener("click", function () {
      var as = b.getAttribute("data-as");
      add(as ? wildCard + "=" + as : wildCard);
      baptise.hidden = true;
      wildCard = null;
    });
  });
  document.getElementById("pick-undo").addEventListener("click", function () {
    if (chosen[hand()]) { chosen[hand()].pop(); }
    show();
  });
  document.getElementById("pick-take").addEventListener("click", function () {
    var parts = what.value.split(" ");
    var kind = parts[0], figure = parts[1];
    var lines = events.value.split("\n").filter(function (l) { return l.trim() !== ""; });
    var tokens = Object.keys(chosen).sort().filter(function (s) { return chosen[s].length > 0; })
      .map(function (s) {
        return kind === "show" ? s + ":" + chosen[s].join(",") : s + ":" + figure + ":" + chosen[s].join(",");
      });
    if (tokens.length === 0) { return; }
    var last = lines.length ? lines[lines.length - 1] : "";
    // One show or decider event may hold several figures: extend the last line of its kind.
    if (kind === "show" && /^\s*show\s/i.test(last) && !new RegExp("\\b" + figure + "\\b", "i").test(last)) {
      lines[lines.length - 1] = last + " " + figure + " " + tokens.join(" ");
    } else if (kind === "decider" && /^\s*decider\s+[AB][12]?:/i.test(last)) {
      lines[lines.length - 1] = last + " " + tokens.join(" ");
    } else if (kind === "show") {
      lines.push("show " + figure + " " + tokens.join(" "));
    } else {
      lines.push("decider " + tokens.join(" "));
    }
    events.value = lines.join("\n");
    chosen = {};
    show();
    picker.hidden = true;
    refresh();
  });
})();
