// The public pages' live update and the projector's scrolling. Progressive enhancement: without
// this file the pages reload themselves (a meta refresh inside <noscript>).

// An element with data-live="URL" is refreshed from URL every data-every seconds. The request
// carries the last ETag; the server answers 304 while nothing has changed, so polling costs one
// small database read. The browser's own cache is bypassed (no-store) so a 304 reaches us.
(() => {
  const box = document.querySelector("[data-live]");
  if (!box) {
    return;
  }
  const url = box.dataset.live;
  const every = (Number(box.dataset.every) || 5) * 1000;
  let etag = null;
  const poll = async () => {
    try {
      const headers = etag ? { "If-None-Match": etag } : {};
      const res = await fetch(url, { headers, cache: "no-store", credentials: "same-origin" });
      if (res.status === 200) {
        const html = await res.text();
        etag = res.headers.get("ETag");
        box.innerHTML = html;
        box.dataset.updated = String(Date.now());
      }
    } catch (e) {
      // Offline for a moment (pub Wi-Fi): the next poll tries again.
    }
    window.setTimeout(poll, every);
  };
  window.setTimeout(poll, every);
})();

// The projector (body[data-autoscroll]) scrolls down slowly, waits at the bottom, jumps back to
// the top and starts again, so a long table passes by on a wall without anyone at a keyboard.
(() => {
  if (!document.body || !document.body.dataset.autoscroll) {
    return;
  }
  const stepMs = 40;
  const pauseSteps = 75; // 3 s at either end
  let wait = pauseSteps;
  window.setInterval(() => {
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    if (bottom <= 0) {
      return;
    }
    if (wait > 0) {
      wait -= 1;
      return;
    }
    if (window.scrollY >= bottom - 1) {
      window.scrollTo(0, 0);
      wait = pauseSteps;
    } else {
      window.scrollBy(0, 2);
      if (window.scrollY >= bottom - 1) {
        wait = pauseSteps;
      }
    }
  }, stepMs);
})();
