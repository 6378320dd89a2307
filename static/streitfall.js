// The Streitfall page (docs/rules/streitfall.md): enter the hands by tapping the pack, then
// the trump fields (the turned card, or Watten's Schlag and suit), then tap the actions one
// by one; every answer comes from POST /api/v1/streitfall/table. No rule is decided here:
// the seats, the pack and the trump fields come from the server (data-blank), and legality,
// rulings and the outcome from the table answer. The page only sends the record so far.
(function () {
  "use strict";
  var root = document.getElementById("streit");
  if (!root) { return; }
  var d = root.dataset;
  var blank = JSON.parse(d.blank);
  var frame = JSON.parse(d.frame);
  var stored = d.deal ? JSON.parse(d.deal).cards : null;
  var n = blank.seats.length;
  var names = {};
  blank.pack.forEach(function (p) { names[p[0]] = p[1]; });
  // The trump fields in the order they are entered: the turned card, or Schlag then suit.
  var steps = blank.turned ? [{field: blank.turned}] :
    [{field: "schlag", options: blank.schlag, label: d.schlag},
      {field: "trump", options: blank.suits, label: d.suit}];
  // Bavarian Watten: the Kritische taken at the cut, several or none, closed by "Weiter".
  if (blank.cut && blank.cut.length) {
    steps.push({field: "cut", options: blank.cut, label: d.cut, many: true});
  }
  var hands, fields, actions, labels, extra, closed, swaps;

  function reset() {
    hands = [];
    for (var i = 0; i < n; i++) { hands.push([]); }
    fields = {};
    actions = [];
    labels = [];
    extra = {};
    closed = {};
    swaps = [];
  }
  // A stored card-level deal: everything as stored; fields the page does not enter
  // (a Watten cut, a Gaigel talon, a figure game's exchange) are kept and sent unchanged.
  function load(c) {
    hands = c.hands.map(function (h) { return h.slice(); });
    actions = c.actions.slice();
    labels = [];
    Object.keys(c).forEach(function (k) {
      if (["seats", "dealer", "hands", "actions"].indexOf(k) >= 0) { return; }
      // The record takes one exchange object or a list: kept as a list, so a tap appends.
      if (k === "exchange") { swaps = [].concat(c[k]); return; }
      if (steps.some(function (s) { return s.field === k; })) { fields[k] = c[k]; } else { extra[k] = c[k]; }
    });
    steps.forEach(function (s) { if (s.many) { fields[s.field] = fields[s.field] || []; closed[s.field] = true; } });
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function cardName(c) {
    var parts = String(c).split("=");
    return parts.map(function (p) { return names[p] || p; }).join(" = ");
  }
  function optionName(step, v) {
    if (step.many) { return (v || []).map(function (x) { return optionName({options: step.options}, x); }).join(", "); }
    var o = step.options.filter(function (p) { return p[0] === v; })[0];
    return o ? o[1] : v;
  }
  function seatName(i) {
    return d.seat + " " + (i + 1) + " (" + blank.seats[i] + ")" +
      (i === 0 ? ", " + d.forehand : "") + (i === n - 1 ? ", " + d.dealer : "");
  }
  function button(cls, text, onTap) {
    var b = el("button", cls, text);
    b.type = "button";
    b.addEventListener("click", onTap);
    return b;
  }

  // What the set-up asks for next: a seat's hand, a trump field, or nothing (done).
  function target() {
    for (var i = 0; i < n; i++) { if (hands[i].length < 5) { return {seat: i}; } }
    for (var k = 0; k < steps.length; k++) {
      var open = steps[k].many ? !closed[steps[k].field] : fields[steps[k].field] === undefined;
      if (open) { return {step: steps[k]}; }
    }
    return null;
  }
  // How often a card is still in the pack: the Gaigel pack holds every card twice.
  function left(c) {
    var count = blank.pack.filter(function (p) { return p[0] === c; }).length;
    hands.forEach(function (h) { count -= h.filter(function (x) { return x === c; }).length; });
    if (blank.turned && fields[blank.turned] === c) { count -= 1; }
    return count;
  }

  function drawRows() {
    var box = document.getElementById("streit-hands");
    box.textContent = "";
    for (var i = 0; i < n; i++) {
      box.appendChild(el("p", "streit-row", seatName(i) + ": " + hands[i].map(cardName).join(", ")));
    }
    steps.forEach(function (s) {
      var v = fields[s.field];
      var shown = v === undefined ? "" : (s.options ? optionName(s, v) : cardName(v));
      box.appendChild(el("p", "streit-row", (s.label || d.turned) + ": " + shown));
    });
  }

  function drawDeal() {
    var t = target();
    document.getElementById("streit-target").textContent =
      !t ? "" : (t.step ? (t.step.label || d.turned) : seatName(t.seat));
    drawRows();
    var grid = document.getElementById("streit-pack");
    grid.textContent = "";
    if (t && t.step && t.step.options) {
      var taken = t.step.many ? (fields[t.step.field] || []) : [];
      t.step.options.forEach(function (o) {
        if (taken.indexOf(o[0]) >= 0) { return; }
        var b = button("streit-card", o[1], function () { choose(t.step, o[0]); });
        b.dataset.value = o[0];
        grid.appendChild(b);
      });
      if (t.step.many) {
        var done = button("streit-card", d.further, function () { closed[t.step.field] = true; next(); });
        done.id = "streit-step-done";
        grid.appendChild(done);
      }
      return;
    }
    var seen = {};
    blank.pack.forEach(function (p) {
      var c = p[0];
      if (seen[c] || left(c) <= 0) { return; }
      seen[c] = true;
      var b = button("streit-card", p[1], function () { pick(c); });
      b.dataset.card = c;
      grid.appendChild(b);
    });
  }

  function choose(step, v) {
    if (step.many) {
      fields[step.field] = (fields[step.field] || []).concat([v]);
    } else {
      fields[step.field] = v;
    }
    next();
  }
  function pick(c) {
    var t = target();
    if (!t) { return; }
    if (t.step) { fields[t.step.field] = c; } else { hands[t.seat].push(c); }
    next();
  }
  function next() {
    if (target()) { drawDeal(); return; }
    document.getElementById("streit-deal").hidden = true;
    document.getElementById("streit-table").hidden = false;
    refresh();
  }
  // Undo one set-up pick: the last trump field, else the last card given.
  function unpick() {
    for (var k = steps.length - 1; k >= 0; k--) {
      var f = steps[k].field;
      if (steps[k].many && closed[f]) { delete closed[f]; return; }
      if (steps[k].many && fields[f] && fields[f].length) { fields[f].pop(); return; }
      if (!steps[k].many && fields[f] !== undefined) { delete fields[f]; return; }
    }
    for (var i = n - 1; i >= 0; i--) { if (hands[i].length) { hands[i].pop(); return; } }
  }
  function toSetup() {
    document.getElementById("streit-table").hidden = true;
    document.getElementById("streit-deal").hidden = false;
    drawDeal();
  }

  function deal() {
    var c = {seats: blank.seats, dealer: n - 1, hands: hands};
    Object.keys(extra).forEach(function (k) { c[k] = extra[k]; });
    Object.keys(fields).forEach(function (k) {
      // No Kritisch taken at the cut is the record's default: left out, as stored.
      if (Array.isArray(fields[k]) && !fields[k].length) { return; }
      c[k] = fields[k];
    });
    if (swaps.length) { c.exchange = swaps; }
    c.actions = actions;
    return {cards: c};
  }
  function record() {
    var r = JSON.parse(JSON.stringify(frame));
    r.deals = [deal()];
    return r;
  }

  function refresh() {
    fetch("/api/v1/streitfall/table?lang=" + encodeURIComponent(d.lang), {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify(record())
    }).then(function (r) { return r.json(); }).then(draw);
  }

  // Clear what was offered until the answer comes: a second tap never sends a stale choice.
  function act(a, label) {
    document.getElementById("streit-next").textContent = "";
    document.getElementById("streit-exchange").textContent = "";
    document.getElementById("streit-seats").textContent = "";
    actions.push(a);
    labels[actions.length - 1] = label;
    refresh();
  }

  function draw(table) {
    var err = document.getElementById("streit-error");
    err.hidden = !table.error;
    err.textContent = table.error || "";
    if (table.error) { return; }
    document.getElementById("streit-trump").textContent = d.trump + ": " + (table.trump || "");
    drawSeats(table);
    drawExchanges(table);
    drawNext(table);
    drawResult(table);
  }

  // Each seat's row of played cards, left to right as the texts describe the table, the
  // card that took a trick marked, then the cards still held (each can be tapped).
  function drawSeats(table) {
    var box = document.getElementById("streit-seats");
    box.textContent = "";
    var inShow = table.next.some(function (c) { return c.action.show; });
    table.seats.forEach(function (s, i) {
      var div = el("div", "streit-seat" + (s.to_act ? " streit-to-act" : ""));
      div.dataset.seat = i;
      div.appendChild(el("h3", "", seatName(i)));
      var row = el("p", "streit-row streit-played", d.tricks + ": ");
      table.tricks.forEach(function (t) {
        t.cards.forEach(function (p) {
          if (p.seat !== i) { return; }
          var won = t.winner === i;
          var span = el("span", "streit-pc" + (won ? " streit-won" : ""), cardName(p.card) + (won ? " *" : ""));
          if (won) { span.title = d.won; }
          row.appendChild(span);
        });
      });
      div.appendChild(row);
      if (s.shown && s.shown.length) {
        div.appendChild(el("p", "streit-row", d.shown + ": " + s.shown.map(cardName).join(", ")));
      }
      // Every held card can be entered, legal or not: a dispute is about what was played.
      // Once the deal is decided nothing more is entered: the cards are only listed.
      var hand = el("p", "streit-hand", d.hand + ": ");
      if (table.finished) { hand.appendChild(el("span", "", s.hand.map(cardName).join(", "))); }
      s.hand.forEach(function (c) {
        if (table.finished) { return; }
        var a = inShow ? {seat: i, show: [c]} : {seat: i, card: c};
        var b = button("streit-card", cardName(c), function () { act(a, cardName(c)); });
        b.dataset.seat = i;
        b.dataset.card = c;
        hand.appendChild(b);
      });
      div.appendChild(hand);
      box.appendChild(div);
    });
  }

  function drawNext(table) {
    var box = document.getElementById("streit-next");
    box.textContent = "";
    document.getElementById("streit-next-title").hidden = !table.next.length;
    table.next.forEach(function (c) {
      var label = (c.seat !== undefined ? (c.seat + 1) + ": " : "") + c.label;
      box.appendChild(button("streit-choice", label, function () { act(c.action, c.label); }));
    });
  }

  // The exchanges the server offers before the first card: a tap appends one to the deal's
  // exchange list; which are allowed is the server's answer alone.
  function drawExchanges(table) {
    var box = document.getElementById("streit-exchange");
    box.textContent = "";
    var offers = table.exchanges || [];
    document.getElementById("streit-exchange-title").hidden = !offers.length;
    offers.forEach(function (o) {
      box.appendChild(button("streit-choice streit-swap", o.label, function () {
        box.textContent = "";
        document.getElementById("streit-next").textContent = "";
        swaps.push(o.exchange);
        refresh();
      }));
    });
  }

  // What an action was, for the list of rulings: the label it was chosen by, else its verb.
  function actionWords(i) {
    var a = actions[i] || {};
    if (labels[i]) { return labels[i]; }
    if (a.card) { return cardName(a.card); }
    var verb = Object.keys(a).filter(function (k) { return k !== "seat"; })[0] || "";
    return verb + (a[verb] === true ? "" : " " + JSON.stringify(a[verb]));
  }

  function drawResult(table) {
    document.getElementById("streit-result").hidden = !table.finished;
    // A finished deal can be offered as the correction; the server referees the whole record.
    var correct = document.getElementById("streit-correct");
    if (correct) {
      correct.hidden = !table.finished;
      document.getElementById("streit-correct-deal").value = JSON.stringify(deal());
    }
    var out = document.getElementById("streit-outcome");
    out.textContent = "";
    table.outcome.forEach(function (line) { out.appendChild(el("li", "", line)); });
    var list = document.getElementById("streit-rulings");
    list.textContent = "";
    table.rulings.forEach(function (r) {
      var who = actions[r.action] && actions[r.action].seat !== undefined ?
        d.seat + " " + (actions[r.action].seat + 1) + ": " : "";
      var text = d.action + " " + (r.action + 1) + " · " + who + actionWords(r.action) + " · " +
        (r.legal ? d.legal : r.rule + " " + r.then);
      list.appendChild(el("li", r.legal ? "streit-legal" : "streit-illegal", text));
    });
  }

  document.getElementById("streit-undo").addEventListener("click", function () {
    document.getElementById("streit-next").textContent = "";
    document.getElementById("streit-exchange").textContent = "";
    if (actions.length) {
      actions.pop();
      labels.length = actions.length;
      refresh();
    } else if (swaps.length) {
      // Before the first card the last exchange is what was entered last.
      swaps.pop();
      refresh();
    } else {
      unpick();
      toSetup();
    }
  });
  document.getElementById("streit-setup-undo").addEventListener("click", function () {
    unpick();
    drawDeal();
  });
  document.getElementById("streit-restart").addEventListener("click", function () {
    reset();
    toSetup();
  });
  reset();
  if (stored) { load(stored); }
  next();
})();
