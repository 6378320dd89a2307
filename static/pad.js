// kartl: the scorer's pad (issue 13). Every tap appends the action's code and asks the server
// (POST /s/{token}/pad) what the rules allow next, the deal's German transcript and, once the
// deal is whole, its preview: the rules live on the server only; this file never reads a code.
// Speichern puts the deal into a queue in IndexedDB (never localStorage) and sends it from
// there with its submission key, in order, once: right away with signal, by itself when the
// network comes back (the online event and a retry timer). Without signal the pad offers the
// table's whole vocabulary (kept from the last visit) and marks the deals "unchecked"; the
// server checks them when they arrive, and a refused one comes back for correction with its
// taps kept. The taps of the deal being entered are kept too, across a reload.
(function () {
  "use strict";
  var root = document.getElementById("pad");
  if (!root) { return; }
  var token = root.getAttribute("data-token");
  var csrf = root.getAttribute("data-csrf");
  var basedOn = parseInt(root.getAttribute("data-based-on"), 10) || 0;
  var lang = root.getAttribute("data-lang") || "de";
  var T = JSON.parse(document.getElementById("pad-texts").textContent);
  var base = "/s/" + token;
  var FLASH = "kartl-saved:" + token;
  var RETRY_MS = 8000;
  var PATIENCE_MS = 6000;

  function $(id) { return document.getElementById(id); }
  function show(id, on) { $(id).hidden = !on; }
  function li(text, cls) {
    var e = document.createElement("li");
    e.textContent = text;
    if (cls) { e.className = cls; }
    return e;
  }

  // ---- IndexedDB: the queue of deals to send, and per table the draft and vocabulary ----
  var dbPromise = null;
  function db() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var open = indexedDB.open("kartl-pad", 1);
        open.onupgradeneeded = function () {
          var d = open.result;
          var q = d.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
          q.createIndex("token", "token");
          d.createObjectStore("kv");
        };
        open.onsuccess = function () { resolve(open.result); };
        open.onerror = function () { reject(open.error); };
      });
    }
    return dbPromise;
  }
  // Runs `work(store)` in one transaction; resolves with its request's result once committed.
  function idb(name, mode, work) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var t = d.transaction(name, mode);
        var req = work(t.objectStore(name));
        t.oncomplete = function () { resolve(req ? req.result : undefined); };
        t.onerror = function () { reject(t.error); };
        t.onabort = function () { reject(t.error); };
      });
    });
  }
  function kvGet(k) { return idb("kv", "readonly", function (s) { return s.get(k); }); }
  function kvPut(k, v) { return idb("kv", "readwrite", function (s) { return s.put(v, k); }); }
  function queue() {
    return idb("queue", "readonly", function (s) {
      return s.index("token").getAll(token);
    }).then(function (list) {
      return (list || []).sort(function (a, b) { return a.id - b.id; });
    });
  }
  function queuePut(entry) { return idb("queue", "readwrite", function (s) { return s.put(entry); }); }
  function queueDelete(id) { return idb("queue", "readwrite", function (s) { return s.delete(id); }); }

  // ---- the deal being entered ----
  var taps = [];        // [{code, label}]
  var correcting = null; // the queue entry's id while a refused deal is corrected
  var answer = null;    // the server's last answer for `taps`
  var vocabulary = null;
  var ticket = 0;
  var blocked = false;  // a refused deal waits for its correction
  var vocabularyAsked = false;
  var drawn = 0;        // answers drawn (the page's tests wait for the next one)

  function codes() { return taps.map(function (t) { return t.code; }); }
  function saveDraft() { return kvPut("draft:" + token, { taps: taps, correcting: correcting }); }

  function newKey() {
    var bytes = new Uint8Array(32);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function fetchSoon(url, options) {
    var ctl = new AbortController();
    var timer = setTimeout(function () { ctl.abort(); }, PATIENCE_MS);
    options.signal = ctl.signal;
    options.credentials = "same-origin";
    return fetch(url, options).then(function (res) { clearTimeout(timer); return res; },
      function (e) { clearTimeout(timer); throw e; });
  }

  // The server's view of `list` (codes), or null without signal.
  function ask(list) {
    return fetchSoon(base + "/pad", {
      method: "POST",
      cache: "no-store",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify({ actions: list, lang: lang })
    }).then(function (res) {
      if (res.status === 404 || res.status === 410) { location.reload(); return null; }
      return res.ok ? res.json() : null;
    }, function () { return null; });
  }

  // Every action this table could use, for entering without signal: [{code, label, group}].
  function flatten(v) {
    if (!v) { return null; }
    if (Array.isArray(v)) { return v; }
    if (Array.isArray(v.actions)) { return v.actions; }
    if (Array.isArray(v.groups)) {
      return [].concat.apply([], v.groups.map(function (g) {
        return (g.actions || []).map(function (a) {
          return { code: a.code, label: a.label, group: a.group || g.group || g.name };
        });
      }));
    }
    if (Array.isArray(v.vocabulary)) { return v.vocabulary; }
    if (typeof v === "object") {
      return [].concat.apply([], Object.keys(v).map(function (g) {
        return Array.isArray(v[g]) ? v[g].map(function (a) {
          return { code: a.code, label: a.label, group: a.group || g };
        }) : [];
      }));
    }
    return null;
  }
  function fetchVocabulary(fromAnswer) {
    var found = flatten(fromAnswer);
    var got = found ? Promise.resolve(found) :
      fetchSoon(base + "/pad/vocabulary", { headers: { "Accept": "application/json" } })
        .then(function (res) { return res.ok ? res.json() : null; })
        .then(flatten, function () { return null; });
    return got.then(function (list) {
      if (list && list.length) {
        vocabulary = list;
        return kvPut("vocab:" + token, list).then(function () {
          root.setAttribute("data-vocabulary", String(list.length));
        });
      }
    });
  }

  // ---- drawing ----
  // A group whose buttons carry a `place` (the figure games' cards) is a grid: a column per
  // suit, a row per rank, each button showing its short word ("♣ Ass") and named in full for
  // a screen reader; the grid keeps its shape while picked cards leave it. The grids (each
  // side's cards, the baptism of a wild card) are tabs of one grid, one shown at a time: 33
  // cards on the screen, not 95. When the baptism is first offered (a wild card was just
  // picked) its tab opens by itself; once it is gone the side's cards are back.
  var gridTab = null;   // the grid shown
  var sideTab = null;   // the side's cards shown last
  var hadBaptism = false;

  function actionButton(a, onTap) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "pad-act" + (a.primary ? " primary" : "");
    b.textContent = a.place ? a.place.short : a.label;
    if (a.place) {
      b.setAttribute("aria-label", a.label);
      b.style.gridRow = String(a.place.row + 1);
      b.style.gridColumn = String(a.place.col + 1);
    }
    b.setAttribute("data-code", a.code);
    b.addEventListener("click", function () { onTap(a); });
    return b;
  }

  // Which grid to show of `tabs`; `fresh`: an answer of the server (not the offline list).
  function chooseTab(tabs, fresh) {
    var baptism = tabs.indexOf("baptism") >= 0;
    if (fresh && baptism && !hadBaptism) { gridTab = "baptism"; }
    if (fresh) { hadBaptism = baptism; }
    if (tabs.indexOf(gridTab) < 0) {
      gridTab = tabs.indexOf(sideTab) >= 0 ? sideTab : tabs[0];
    }
    if (gridTab !== "baptism") { sideTab = gridTab; }
  }

  // The tab bar over the grids; tapping a tab shows that grid.
  function gridTabs(tabs, name, onSwitch) {
    var bar = document.createElement("div");
    bar.className = "pad-buttons pad-tabs";
    tabs.forEach(function (g) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "pad-tab" + (g === gridTab ? " on" : "");
      b.setAttribute("aria-pressed", g === gridTab ? "true" : "false");
      b.setAttribute("data-tab", g);
      b.textContent = name(g);
      b.addEventListener("click", function () { gridTab = g; onSwitch(); });
      bar.appendChild(b);
    });
    return bar;
  }

  // `headings` (optional, from the server): a group's heading where it depends on the deal
  // ("Augen von P2").
  function drawButtons(list, onTap, headings, fresh) {
    var box = $("pad-actions");
    box.textContent = "";
    var groups = {};
    var order = [];
    list.forEach(function (a) {
      var g = a.group || "other";
      if (!groups[g]) { groups[g] = []; order.push(g); }
      groups[g].push(a);
    });
    var name = function (g) { return (headings && headings[g]) || T["group-" + g]; };
    var gridded = function (g) { return groups[g].some(function (a) { return !!a.place; }); };
    // The sides' cards first, the baptism last.
    var tabs = order.filter(gridded).sort(function (x, y) {
      return (x === "baptism") - (y === "baptism");
    });
    if (tabs.length > 0) { chooseTab(tabs, fresh); }
    var redraw = function () { drawButtons(list, onTap, headings, false); };
    order.forEach(function (g) {
      var tabbed = tabs.indexOf(g) >= 0;
      if (tabbed && g !== tabs[0]) { return; }
      var shown = tabbed ? gridTab : g;
      var section = document.createElement("div");
      section.className = "pad-group pad-group-" + shown.replace(/[^a-z0-9_-]/gi, "");
      var head = tabbed && tabs.length > 1 ? null : name(g);
      if (head) {
        var h = document.createElement("p");
        h.className = "pad-group-name";
        h.id = "pad-head-" + g.replace(/[^a-z0-9_-]/gi, "");
        h.textContent = head;
        section.appendChild(h);
      }
      if (tabbed && tabs.length > 1) { section.appendChild(gridTabs(tabs, name, redraw)); }
      var row = document.createElement("div");
      row.className = "pad-buttons" + (tabbed ? " pad-grid" : "");
      if (tabbed) {
        row.id = "pad-grid";
        row.setAttribute("role", "group");
        row.setAttribute("aria-label", name(shown) || "");
      }
      groups[shown].forEach(function (a) { row.appendChild(actionButton(a, onTap)); });
      section.appendChild(row);
      box.appendChild(section);
    });
  }

  function drawTranscript(lines, badAt) {
    var list = $("pad-transcript");
    list.textContent = "";
    if (lines.length === 0) { list.appendChild(li(T["transcript-empty"], "pad-empty")); }
    lines.forEach(function (line, i) { list.appendChild(li(line, i === badAt ? "bad" : "")); });
    $("pad-undo").disabled = taps.length === 0;
    $("pad-restart").disabled = taps.length === 0;
  }

  function drawState(state) {
    if (!state) { return; }
    var notes = $("pad-notices");
    notes.textContent = "";
    (state.notices || []).forEach(function (n) { notes.appendChild(li(n)); });
    if (state.score) { $("score-now").textContent = state.score; }
    if (state.over) {
      $("pad-over").textContent = (state.over_text || "") + " " + T["over-hint"];
    }
    show("pad-over", !!state.over);
    show("pad-entry", !state.over && !blocked);
  }

  function drawChecked(a) {
    drawState(a.state);
    show("pad-offline", false);
    var problem = a.problem;
    var lines = (a.transcript || []).slice();
    var badAt = -1;
    if (problem && typeof problem.at === "number") {
      // The words stop before the tap that breaks the rule: that tap and the ones after it
      // follow in the buttons' words, the breaking one marked.
      badAt = lines.length;
      lines = lines.concat(taps.slice(problem.at).map(function (t) { return t.label; }));
    }
    drawTranscript(lines, badAt);
    $("pad-problem").textContent = problem ? problem.message : "";
    show("pad-problem", !!problem);
    // Why the deal is not whole yet, in the referee's words (Gaigel: "Aus" without 101).
    $("pad-hint").textContent = !problem && !a.complete && a.hint ? a.hint : "";
    show("pad-hint", !problem && !a.complete && !!a.hint);
    $("pad-preview").textContent = a.complete && a.preview ? a.preview : "";
    show("pad-preview", !!(a.complete && a.preview));
    $("pad-save").textContent = T.save;
    show("pad-save", !!a.complete && !problem);
    drawButtons(a.actions || [], tap, a.headings, true);
  }

  function drawUnchecked() {
    show("pad-entry", !blocked);
    show("pad-offline", true);
    show("pad-problem", false);
    show("pad-hint", false);
    show("pad-preview", false);
    drawTranscript(taps.map(function (t) { return t.label; }), -1);
    $("pad-save").textContent = T["save-offline"];
    show("pad-save", taps.length > 0);
    if (vocabulary) {
      // Unchecked, no tap is the likely next one: none is drawn as the primary.
      drawButtons(vocabulary.map(function (a) {
        return { code: a.code, label: a.label, group: a.group, place: a.place };
      }), tap, null, false);
    } else {
      $("pad-actions").textContent = T["no-net-yet"];
    }
  }

  // ---- the pad's cycle: tap, ask, draw ----
  function refresh() {
    var mine = ++ticket;
    $("pad-actions").setAttribute("aria-busy", "true");
    return queue().catch(function () { return []; }).then(function (q) {
      // Deals not yet stored come first: until they are, the server's record is behind (a
      // corrected deal is checked against the record before it).
      var waiting = q.some(function (e) {
        return e.state === "waiting" && (correcting === null || e.id < correcting);
      });
      return waiting ? null : ask(codes());
    }).then(function (a) {
      if (mine !== ticket) { return; }
      $("pad-actions").removeAttribute("aria-busy");
      answer = a;
      if (a) {
        drawChecked(a);
        // Once per visit with signal: the table's whole vocabulary, kept for a visit without.
        if (!vocabularyAsked) {
          vocabularyAsked = true;
          fetchVocabulary(a.vocabulary);
        }
      } else {
        drawUnchecked();
      }
      drawn += 1;
      root.setAttribute("data-drawn", String(drawn));
    });
  }

  function tap(action) {
    show("pad-saved", false);
    taps.push({ code: action.code, label: action.label });
    saveDraft();
    refresh();
  }

  $("pad-undo").addEventListener("click", function () {
    taps.pop();
    saveDraft();
    refresh();
  });

  // "Neu beginnen": the deal's taps all at once (a wrong deal is not undone tap by tap).
  $("pad-restart").addEventListener("click", function () {
    taps = [];
    saveDraft();
    refresh();
  });

  $("pad-save").addEventListener("click", function () {
    var checked = answer && answer.complete && !answer.problem;
    var words = checked && answer.preview ? answer.preview :
      taps.map(function (t) { return t.label; }).join(" – ");
    $("pad-save").disabled = true;
    queue().then(function (q) {
      var old = q.filter(function (e) { return e.id === correcting; })[0];
      var entry = old || { token: token, based_on: basedOn + q.length };
      entry.key = newKey();
      entry.actions = codes();
      entry.taps = taps.slice();
      entry.words = words;
      entry.state = "waiting";
      entry.message = "";
      return queuePut(entry);
    }).then(function () {
      taps = [];
      correcting = null;
      show("pad-correcting", false);
      return saveDraft();
    }).then(function () {
      $("pad-save").disabled = false;
      return flush();
    });
  });

  // ---- the queue ----
  var flushing = false;
  var retryTimer = null;

  function drawQueue(q) {
    var list = $("pad-queue-list");
    list.textContent = "";
    blocked = false;
    q.forEach(function (e) {
      var item = li("", e.state === "refused" ? "refused" : "waiting");
      var words = document.createElement("span");
      words.className = "pad-q-words";
      words.textContent = e.words;
      var status = document.createElement("strong");
      status.className = "pad-q-state";
      status.textContent = e.state === "refused" ? T.refused + " " + e.message : T.waiting;
      item.appendChild(words);
      item.appendChild(status);
      if (e.state === "refused" && e.id !== correcting) {
        blocked = true;
        item.appendChild(button(T.correct, "big primary pad-q-correct", function () { correct(e); }));
        item.appendChild(button(T.discard, "big secondary pad-q-discard", function (b) {
          if (b.getAttribute("data-sure")) { discard(e); return; }
          b.setAttribute("data-sure", "1");
          b.textContent = T["discard-ask"];
        }));
      }
      list.appendChild(item);
    });
    show("pad-queue", q.length > 0);
    // The deal being entered follows the stored ones and those waiting on this phone.
    var mine = q.map(function (e) { return e.id; }).indexOf(correcting);
    var no = basedOn + (mine >= 0 ? mine : q.length) + 1;
    $("pad-heading").textContent = T["new-deal"].replace("{no}", String(no));
  }

  function button(text, cls, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = text;
    b.addEventListener("click", function () { onClick(b); });
    return b;
  }

  function correct(entry) {
    taps = (entry.taps || []).slice();
    correcting = entry.id;
    show("pad-correcting", true);
    saveDraft().then(showQueue).then(refresh);
    $("pad-entry").scrollIntoView();
  }

  function discard(entry) {
    queue().then(function (q) {
      // The deals after it now follow one deal less.
      return Promise.all(q.filter(function (e) { return e.id > entry.id; }).map(function (e) {
        e.based_on -= 1;
        return queuePut(e);
      }));
    }).then(function () { return queueDelete(entry.id); }).then(function () {
      if (correcting === entry.id) { correcting = null; taps = []; saveDraft(); }
      return flush();
    });
  }

  // ---- deals given up: named in a notice that outlives the reload after a save ----
  var DROPPED = "kartl-dropped:" + token;

  function showDropped() {
    var notes = JSON.parse(sessionStorage.getItem(DROPPED) || "[]");
    var box = $("pad-dropped");
    if (!box && notes.length > 0) {
      // The alert wraps the list: a list whose own role is "alert" is no list to a screen
      // reader, and its items would stand outside one.
      box = document.createElement("div");
      box.id = "pad-dropped";
      box.className = "pad-dropped";
      box.setAttribute("role", "alert");
      box.appendChild(document.createElement("ul"));
      $("pad-queue").parentNode.insertBefore(box, $("pad-queue"));
    }
    if (!box) { return; }
    var list = box.querySelector("ul");
    list.textContent = "";
    notes.forEach(function (n) { list.appendChild(li(n, "refused")); });
    box.hidden = notes.length === 0;
  }

  // Takes a refused-for-good deal out of the queue (the deals behind it move up one, as on
  // Verwerfen) and says so, naming it with the server's reason.
  function giveUp(entry, message) {
    var notes = JSON.parse(sessionStorage.getItem(DROPPED) || "[]");
    notes.push(entry.words + " – " + message);
    sessionStorage.setItem(DROPPED, JSON.stringify(notes));
    showDropped();
    return queue().then(function (q) {
      return Promise.all(q.filter(function (e) { return e.id > entry.id; }).map(function (e) {
        e.based_on -= 1;
        return queuePut(e);
      }));
    }).then(function () { return queueDelete(entry.id); });
  }

  function showQueue() {
    return queue().then(function (q) { drawQueue(q); return q; });
  }

  // Sends one entry: "saved", "refused" (with the server's words), or "later" (no answer).
  function send(entry, again) {
    var body = new URLSearchParams();
    body.set("csrf", csrf);
    body.set("actions", JSON.stringify(entry.actions));
    body.set("based_on", String(entry.based_on));
    body.set("key", entry.key);
    return fetchSoon(base + "/save", {
      method: "POST",
      body: body,
      headers: { "Accept": "application/json" }
    }).then(function (res) {
      if (res.status === 200) { return { kind: "saved" }; }
      if (res.status === 403 && !again) {
        // The session behind the page's form token ended (a day later, a new phone app):
        // a fresh page gives a fresh token, and the same key keeps the retry harmless.
        return freshToken().then(function (ok) { return ok ? send(entry, true) : { kind: "later" }; });
      }
      if ([400, 404, 409, 410, 422].indexOf(res.status) >= 0) {
        return res.json().then(function (j) { return j; }, function () { return {}; })
          .then(function (j) { return { kind: "refused", message: j.error || "" }; });
      }
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
        // Refused for good as sent (413: too large, ...): resending it would block the
        // deals behind it forever, and correcting the same taps would not help.
        return res.json().then(function (j) { return j; }, function () { return {}; })
          .then(function (j) { return { kind: "dropped", message: j.error || String(res.status) }; });
      }
      return { kind: "later" };
    }, function () { return { kind: "later" }; });
  }

  function freshToken() {
    return fetchSoon(base, { cache: "no-store" }).then(function (res) { return res.text(); })
      .then(function (html) {
        var m = /data-csrf="([^"]+)"/.exec(html);
        if (m) { csrf = m[1]; }
        return !!m;
      }, function () { return false; });
  }

  function flush() {
    if (flushing) { return Promise.resolve(); }
    flushing = true;
    var stored = [];
    function next() {
      return queue().then(function (q) {
        drawQueue(q);
        var first = q.filter(function (e) { return e.id !== correcting; })[0];
        // In order: nothing passes a refused deal (or one being corrected).
        if (!first || first.state !== "waiting" ||
            q.some(function (e) { return e.id < first.id; })) { return "done"; }
        return send(first).then(function (r) {
          if (r.kind === "saved") {
            stored.push(first.words);
            return queueDelete(first.id).then(next);
          }
          if (r.kind === "dropped") {
            return giveUp(first, r.message).then(next);
          }
          if (r.kind === "refused") {
            first.state = "refused";
            first.message = r.message;
            return queuePut(first).then(function () { return "done"; });
          }
          return "later";
        });
      });
    }
    return next().then(function (how) {
      flushing = false;
      clearTimeout(retryTimer);
      if (how === "later") { retryTimer = setTimeout(flush, RETRY_MS); }
      if (stored.length > 0) {
        // The page again, from the server: the score, the deal list, the sheet.
        sessionStorage.setItem(FLASH, stored[stored.length - 1]);
        location.reload();
        return;
      }
      return showQueue().then(refresh);
    }, function () { flushing = false; });
  }

  window.addEventListener("online", function () { flush(); });

  // The confirmation and undo of a stored deal: posted by the page, never the browser's
  // offline page when the network is gone. Bound again when the table's part is redrawn.
  function bindChanges(scope) {
    scope.querySelectorAll("form.pad-change").forEach(function (form) {
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        fetchSoon(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)) })
          .then(function (res) {
            if (res.ok) { location.reload(); } else { form.appendChild(li(T.offline, "pad-note")); }
          }, function () { form.appendChild(li(T.offline, "pad-note")); });
      });
    });
  }
  bindChanges(document);

  // ---- the table live on every phone: the tournament's change stamp is polled;
  // when it moves (a deal stored or confirmed on another phone, the secretary's change), the
  // table's parts are drawn again from the page, and the pad asks again with the taps being
  // entered, which stay as they are.
  var LIVE_MS = 3000;
  var LIVE_PARTS = [".score-board", "#pad-live-last", "#pad-live-deals", ".score-sheet"];
  var stamp = null;
  function redrawTable() {
    return fetchSoon(base, { cache: "no-store" }).then(function (res) {
      return res.ok ? res.text() : null;
    }).then(function (html) {
      var fresh = html && new DOMParser().parseFromString(html, "text/html").getElementById("pad");
      if (!fresh) { return; }
      basedOn = parseInt(fresh.getAttribute("data-based-on"), 10) || 0;
      LIVE_PARTS.forEach(function (sel) {
        var old = root.querySelector(sel);
        var now = fresh.querySelector(sel);
        if (old && now) {
          now = document.importNode(now, true);
          old.replaceWith(now);
          bindChanges(now);
        }
      });
      root.setAttribute("data-live", String((parseInt(root.getAttribute("data-live"), 10) || 0) + 1));
      return showQueue().then(refresh);
    });
  }
  function pollStamp() {
    fetchSoon(base + "/stamp", { cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (j) {
        if (!j || !j.stamp) { return; }
        var moved = stamp !== null && j.stamp !== stamp;
        stamp = j.stamp;
        if (moved && !flushing) { return redrawTable(); }
      }, function () {})
      .then(function () { setTimeout(pollStamp, LIVE_MS); },
        function () { setTimeout(pollStamp, LIVE_MS); });
  }
  setTimeout(pollStamp, 0);

  // ---- start: the last save's "Gespeichert", the kept draft, the queue, the pad ----
  var flash = sessionStorage.getItem(FLASH);
  if (flash) {
    sessionStorage.removeItem(FLASH);
    $("pad-saved-words").textContent = flash;
    show("pad-saved", true);
  }
  showDropped();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/s/sw.js", { scope: "/s/" }).catch(function () {});
  }
  Promise.all([kvGet("draft:" + token), kvGet("vocab:" + token)]).then(function (got) {
    var draft = got[0];
    vocabulary = got[1] || null;
    if (draft && Array.isArray(draft.taps)) {
      taps = draft.taps;
      correcting = draft.correcting || null;
      show("pad-correcting", correcting !== null);
    }
    return flush();
  }, function () {
    // No IndexedDB (a private window): the pad still checks and sends, keeping nothing.
    refresh();
  });
})();
