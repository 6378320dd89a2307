// The Streitfall page (docs/rules/streitfall.md): enter the hands by tapping the pack, then
// tap the actions one by one; every answer comes from POST /api/v1/streitfall/table. No rule
// is decided here: the page only sends the record so far and draws what comes back.
(function () {
  "use strict";
  var root = document.getElementById("streit");
  if (!root) { return; }
  var d = root.dataset;
  var pack = JSON.parse(d.pack || "[]");
  var seats = 4;
  var hands = [[], [], [], []];
  var turned = null;
  var actions = [];

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function side(i) { return i % 2 === 0 ? "A" : "B"; }
  function seatName(i) {
    return d.seat + " " + (i + 1) + " (" + side(i) + ")" + (i === seats - 1 ? ", " + d.dealer : "");
  }
  function target() {
    for (var i = 0; i < seats; i++) { if (hands[i].length < 5) { return i; } }
    return turned === null ? seats : -1;
  }
  function used(c) {
    return turned === c || hands.some(function (h) { return h.indexOf(c) >= 0; });
  }

  function drawDeal() {
    var t = target();
    document.getElementById("streit-target").textContent =
      t < 0 ? "" : (t === seats ? d.turned : seatName(t));
    var box = document.getElementById("streit-hands");
    box.textContent = "";
    for (var i = 0; i < seats; i++) {
      box.appendChild(el("p", "streit-row", seatName(i) + ": " + hands[i].join(" ")));
    }
    box.appendChild(el("p", "streit-row", d.turned + ": " + (turned || "")));
    var grid = document.getElementById("streit-pack");
    grid.textContent = "";
    pack.forEach(function (c) {
      if (used(c)) { return; }
      var b = el("button", "streit-card", c);
      b.type = "button";
      b.dataset.card = c;
      b.addEventListener("click", function () { pick(c); });
      grid.appendChild(b);
    });
  }

  function pick(c) {
    var t = target();
    if (t < 0) { return; }
    if (t === seats) { turned = c; } else { hands[t].push(c); }
    if (target() < 0) {
      document.getElementById("streit-deal").hidden = true;
      document.getElementById("streit-table").hidden = false;
      refresh();
    } else {
      drawDeal();
    }
  }

  // A secretary's copy starts from the table's record frame (game, variant, options).
  var frame = d.frame ? JSON.parse(d.frame) : {game: d.game, variant: d.variant};
  function deal() {
    return {cards: {seats: ["A", "B", "A", "B"], dealer: seats - 1, hands: hands,
      turned: turned, actions: actions}};
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

  function rowOf(table, i) {
    var row = [];
    table.tricks.forEach(function (t) {
      t.cards.forEach(function (p) { if (p.seat === i) { row.push(p.card + (t.winner === i ? "*" : "")); } });
    });
    return row;
  }

  // Clear what was offered until the answer comes: a second tap never sends a stale choice.
  function act(a) {
    document.getElementById("streit-next").textContent = "";
    document.getElementById("streit-seats").textContent = "";
    actions.push(a);
    refresh();
  }

  function draw(table) {
    if (table.error) {
      document.getElementById("streit-trump").textContent = table.error;
      return;
    }
    document.getElementById("streit-trump").textContent = d.trump + ": " + (table.trump || "");
    var box = document.getElementById("streit-seats");
    box.textContent = "";
    table.seats.forEach(function (s, i) {
      var div = el("div", "streit-seat" + (s.to_act ? " streit-to-act" : ""));
      div.appendChild(el("h3", "", seatName(i)));
      div.appendChild(el("p", "streit-row", d.tricks + ": " + rowOf(table, i).join(" ")));
      if (s.shown && s.shown.length) {
        div.appendChild(el("p", "streit-row", d.shown + ": " + s.shown.join(" ")));
      }
      // Every held card can be entered, legal or not: a dispute is about what was played.
      var hand = el("p", "streit-hand", d.hand + ": ");
      s.hand.forEach(function (c) {
        var b = el("button", "streit-card", c);
        b.type = "button";
        b.dataset.seat = i;
        b.addEventListener("click", function () {
          var inShow = table.next.some(function (n) { return n.action.show; });
          act(inShow ? {seat: i, show: [c]} : {seat: i, card: c});
        });
        hand.appendChild(b);
      });
      div.appendChild(hand);
      box.appendChild(div);
    });
    var next = document.getElementById("streit-next");
    next.textContent = "";
    table.next.forEach(function (n) {
      var b = el("button", "streit-choice", (n.seat !== undefined ? (n.seat + 1) + ": " : "") + n.label);
      b.type = "button";
      b.addEventListener("click", function () { act(n.action); });
      next.appendChild(b);
    });
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
    var rulings = document.getElementById("streit-rulings");
    rulings.textContent = "";
    table.rulings.forEach(function (r) {
      if (!r.legal) {
        rulings.appendChild(el("li", "streit-illegal", (r.action + 1) + ": " + r.rule + " " + r.then));
      }
    });
  }

  document.getElementById("streit-undo").addEventListener("click", function () {
    if (actions.length) {
      document.getElementById("streit-next").textContent = "";
      actions.pop();
      refresh();
    }
  });
  drawDeal();
})();
