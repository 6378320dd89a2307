// kartl: the scorer's page (issue 7). Progressive enhancement only: every form works without
// this file. It adds the points stepper, the event buttons, and keeps a save that did not
// reach the server in localStorage (under its submission key) until the server answers, also
// across a reload; a resend carries the same key, so it can never record the deal twice.
(function () {
  "use strict";
  var PREFIX = "kartl-pending:";

  var points = document.getElementById("score-points");
  document.querySelectorAll("button.step").forEach(function (b) {
    b.addEventListener("click", function () {
      var n = parseInt(points.value, 10) || 2;
      points.value = Math.max(2, n + parseInt(b.getAttribute("data-step"), 10));
    });
  });

  var events = document.getElementById("score-events-text");
  var buttons = document.querySelector(".event-buttons");
  if (events && buttons) {
    buttons.hidden = false;
    buttons.querySelectorAll("button.ev").forEach(function (b) {
      b.addEventListener("click", function () {
        var lines = events.value.split("\n").filter(function (l) { return l.trim() !== ""; });
        var ev = b.getAttribute("data-event");
        if (ev) { lines.push(ev); } else { lines.pop(); }
        events.value = lines.join("\n");
      });
    });
  }

  function csrf() {
    var input = document.querySelector("input[name=csrf]");
    return input ? input.value : "";
  }

  // The table's own path (/s/SECRET), also on the answer to a check (/s/SECRET/check).
  function tablePath(path) {
    return path.replace(/\/(check|save|confirm|undo)$/, "");
  }

  function pendingHere() {
    var found = [];
    for (var i = 0; i < localStorage.length; i++) {
      var k = localStorage.key(i);
      if (k && k.indexOf(PREFIX) === 0) {
        try {
          var entry = JSON.parse(localStorage.getItem(k));
          if (entry && entry.page === tablePath(location.pathname)) { found.push(entry); }
        } catch (e) { localStorage.removeItem(k); }
      }
    }
    return found;
  }

  var banner = document.getElementById("score-offline");

  function send(entry) {
    var body = new URLSearchParams();
    body.set("csrf", csrf());
    body.set("deal", entry.deal);
    body.set("based_on", entry.based_on);
    body.set("key", entry.key);
    return fetch(entry.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    }).then(function (res) {
      // Stored (or stored before: the same key), refused by the referee, or a conflict: the
      // server has answered for this entry. Anything else (503, a stale form) keeps it.
      var answered = res.ok || res.status === 409 || res.status === 422;
      if (!answered) {
        if (banner) { banner.hidden = false; }
        return;
      }
      localStorage.removeItem(PREFIX + entry.key);
      if (res.redirected) { location.href = res.url; return; }
      return res.text().then(function (html) {
        document.open(); document.write(html); document.close();
      });
    }, function () {
      if (banner) { banner.hidden = false; }
    });
  }

  var form = document.getElementById("score-save-form");
  if (form) {
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var entry = {
        page: tablePath(location.pathname),
        action: form.getAttribute("action"),
        deal: form.elements.deal.value,
        based_on: form.elements.based_on.value,
        key: form.elements.key.value
      };
      localStorage.setItem(PREFIX + entry.key, JSON.stringify(entry));
      send(entry);
    });
  }

  if (banner) {
    if (pendingHere().length > 0) { banner.hidden = false; }
    document.getElementById("score-resend").addEventListener("click", function () {
      var list = pendingHere();
      if (list.length === 0 && form) { form.requestSubmit(); return; }
      list.forEach(send);
    });
    document.getElementById("score-discard").addEventListener("click", function () {
      pendingHere().forEach(function (entry) { localStorage.removeItem(PREFIX + entry.key); });
      banner.hidden = true;
    });
  }
})();
