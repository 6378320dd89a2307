// kartl: the scorer pad's service worker (issue 13), scope /s/. Without signal the pad's page
// still opens: every scorer page and its static files are kept in a cache named after this
// build, the page itself always tried on the network first (a slow network gives up after a
// few seconds), the static files from the cache first. Posts (the checks, the saves) are
// never answered from here: the page's queue keeps what was not sent.
"use strict";
var CACHE = "kartl-pad-{{VERSION}}";
var STATIC = ["/static/kartl.css", "/static/kartl.js", "/static/score.css", "/static/pad.js"];
var PATIENCE_MS = 4000;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) { return cache.addAll(STATIC); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) {
        return n.indexOf("kartl-pad-") === 0 && n !== CACHE;
      }).map(function (n) { return caches.delete(n); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// The network's answer within the patience, else a rejection.
function network(request) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("slow")); }, PATIENCE_MS);
    fetch(request).then(function (res) { clearTimeout(timer); resolve(res); },
      function (e) { clearTimeout(timer); reject(e); });
  });
}

// A page of the pad or its table's vocabulary: the network, kept for later; else the copy.
function networkFirst(request) {
  return network(request).then(function (res) {
    if (res.ok || res.status === 410) {
      var copy = res.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return res;
  }, function () {
    return caches.match(request, { ignoreSearch: true }).then(function (hit) {
      return hit || new Response(
        "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
        "<title>kartl</title><p style='font:1.3rem sans-serif;padding:1rem'>" +
        "Kein Netz. Diese Seite war auf diesem Telefon noch nicht geöffnet; bitte mit Netz " +
        "noch einmal versuchen.</p>",
        { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}

// A static file: the cached copy at once, refreshed in the background.
function cacheFirst(request) {
  return caches.match(request).then(function (hit) {
    var fresh = fetch(request).then(function (res) {
      if (res.ok) {
        var copy = res.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return res;
    });
    return hit || fresh;
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(cacheFirst(request));
  } else if (/^\/s\/[0-9a-f]{64}(\/pad\/vocabulary)?$/.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});
