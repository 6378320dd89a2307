//! The public pages fit a phone: on a played tournament of each game (the demo's
//! Rutesheim Gaigel, Watten and Perlaggen tournaments), the standings, a round, an entrant,
//! a score sheet and the chart have no sideways scroll at 360 and 412 CSS pixels; the
//! standings show place, name and points inside the screen and the tie-break columns open
//! behind a tap; the score sheet's texts (the players' names) do not overlap.

use crate::common::TestApp;
use crate::driver::{PHONE_360, Session};
use crate::setup::app;
use kartl::clock::Clock;
use serde_json::{Value, json};

/// The demo's three finished tournaments (Gaigel in Rutesheim, Watten, Perlaggen).
async fn demo(app: &TestApp) -> Vec<String> {
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| kartl::service::demo::fill(conn, now))
        .await
        .unwrap()
}

/// The page's sideways overflow: the document's scroll width over its client width (a phone
/// may widen its layout to fit a wide page, so the client width is asked too), and the
/// elements that reach past the screen.
const OVERFLOW: &str = "var e = document.scrollingElement;
    var wide = [];
    document.querySelectorAll('body *').forEach(function (x) {
      var r = x.getBoundingClientRect();
      if (r.right > arguments_width + 0.5 && wide.length < 8 && x.getClientRects().length) {
        wide.push(x.tagName + '.' + x.className + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
      }
    });
    return {scroll: e.scrollWidth, client: e.clientWidth, inner: window.innerWidth, wide: wide};";

/// The overflow measure for a screen `width` pixels wide.
fn overflow(width: u32) -> String {
    OVERFLOW.replace("arguments_width", &width.to_string())
}

/// Pairs of the SVG texts whose boxes overlap (more than a pixel each way).
const OVERLAPS: &str = "var texts = Array.from(document.querySelectorAll('svg text'))
      .filter(function (t) { return t.textContent.trim() !== ''; });
    var boxes = texts.map(function (t) { return t.getBoundingClientRect(); });
    var out = [];
    for (var i = 0; i < boxes.length; i++) {
      for (var j = i + 1; j < boxes.length; j++) {
        var a = boxes[i], b = boxes[j];
        var w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        var h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) { out.push(texts[i].textContent + ' / ' + texts[j].textContent); }
      }
    }
    return out;";

async fn fits(s: &Session, url: &str, width: u32) {
    s.goto(url).await;
    s.wait_for("main").await;
    let m = s.execute(&overflow(width), json!([])).await;
    let (scroll, client) = (m["scroll"].as_f64().unwrap(), m["client"].as_f64().unwrap());
    assert!(
        scroll <= client && scroll <= f64::from(width),
        "{url} at {width} px scrolls sideways: {m}"
    );
}

/// The address of the first element matching `css` (a link on the page now shown).
async fn href(s: &Session, css: &str) -> String {
    let e = s.find(css).await;
    s.property(&e, "href").await.as_str().unwrap().to_string()
}

async fn standings_fit(s: &Session, base: &str, slug: &str, width: u32) {
    let url = format!("{base}/p/{slug}");
    fits(s, &url, width).await;
    s.wait_for("table.pub-standings").await;
    // Place, name and points are inside the screen, not in a box that scrolls.
    let right = s
        .execute(
            "return document.querySelector('table.pub-standings').getBoundingClientRect().right;",
            json!([]),
        )
        .await;
    if right.as_f64().unwrap() > f64::from(width) {
        // What is wide: each cell of the head and first row, and the caption.
        let cells = s
            .execute(
                "var t = document.querySelector('table.pub-standings');
                 var out = [t.caption ? 'caption ' + t.caption.getBoundingClientRect().width : ''];
                 t.querySelectorAll('thead th, tbody tr:first-child td').forEach(function (c) {
                   out.push(c.textContent.trim().slice(0, 30) + ' ' + c.getBoundingClientRect().width
                     + ' ' + getComputedStyle(c).display);
                 });
                 return out;",
                json!([]),
            )
            .await;
        panic!("{url}: the standings end at {right} px on a {width} px screen: {cells}");
    }
    // The tie-break columns open behind one tap, and the page still does not scroll.
    if let Some(more) = s.try_find("details.pub-more summary").await {
        s.click(&more).await;
        s.wait_for("details.pub-more[open] table.pub-tiebreaks")
            .await;
        s.check_again().await;
        let m = s.execute(&overflow(width), json!([])).await;
        let scroll = m["scroll"].as_f64().unwrap();
        assert!(scroll <= f64::from(width), "{url}: {m}");
    }
}

#[tokio::test]
async fn the_public_pages_fit_a_phone_of_360_and_412_pixels() {
    let Some(s) = Session::start_at(PHONE_360).await else {
        return;
    };
    let app = app().await;
    let slugs = demo(&app).await;
    assert_eq!(slugs.len(), 3);
    for width in [360, 412] {
        s.set_viewport(width, 800).await;
        for slug in &slugs {
            standings_fit(&s, &app.base, slug, width).await;
            let entrant = href(&s, "table.pub-standings tbody a").await;
            fits(&s, &format!("{}/p/{slug}/rounds/1", app.base), width).await;
            let sheet = href(&s, ".pub-table p a").await;
            fits(&s, &entrant, width).await;
            fits(&s, &format!("{}/p/{slug}/chart", app.base), width).await;
            fits(&s, &sheet, width).await;
            let overlaps: Value = s.execute(OVERLAPS, json!([])).await;
            assert_eq!(overlaps, json!([]), "{sheet} at {width} px: texts overlap");
        }
    }
    s.quit().await;
}
