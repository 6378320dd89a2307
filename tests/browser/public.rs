//! The public pages in Chromium: the standings update without a reload when a deal
//! is confirmed over HTTP through a table's scorer link, and the projector view shows the
//! standings in large type without controls and scrolls by itself.

use crate::common::{Browser, between, csrf_in};
use crate::driver::Session;
use crate::setup::{Spec, app, tournament};
use kartl::rules::Game;
use reqwest::StatusCode;
use serde_json::json;
use std::time::{Duration, Instant};

/// The value of a hidden field on a page (HTML-escaped there).
fn field(html: &str, name: &str) -> String {
    between(html, &format!("name=\"{name}\" value=\""), "\"")
        .unwrap()
        .replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// A scorer enters a quick Watten deal at their table and the other side confirms it, all
/// through the scorer link's pages over HTTP.
async fn enter_and_confirm(b: &Browser, link: &str, winner: &str, points: &str) {
    let page = b.get(link).await;
    let csrf = csrf_in(&page.body).unwrap();
    let checked = b
        .post(
            &format!("{link}/check"),
            &[
                ("csrf", csrf.as_str()),
                ("mode", "quick"),
                ("winner", winner),
                ("points", points),
            ],
        )
        .await;
    assert_eq!(checked.status, StatusCode::OK, "{}", checked.body);
    let fields = [
        ("csrf", csrf.clone()),
        ("deal", field(&checked.body, "deal")),
        ("based_on", field(&checked.body, "based_on")),
        ("key", field(&checked.body, "key")),
    ];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let saved = b.post(&format!("{link}/save"), &fields).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let page = b.get(link).await;
    let version = between(&page.body, "name=\"version\" value=\"", "\"").unwrap();
    let deal_no = between(&page.body, "name=\"deal_no\" value=\"", "\"").unwrap();
    let csrf = csrf_in(&page.body).unwrap();
    let res = b
        .post(
            &format!("{link}/confirm"),
            &[
                ("csrf", csrf.as_str()),
                ("deal_no", deal_no.as_str()),
                ("version", version.as_str()),
            ],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

#[tokio::test]
async fn the_public_standings_update_without_a_reload() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let t = tournament(&app, Spec::new(Game::Watten)).await;
    s.goto(&format!("{}/p/{}", app.base, t.slug)).await;
    s.wait_for_text("Noch keine Ergebnisse").await;
    // A mark on this very document: a reload would lose it.
    s.execute("window.kartlMark = 'same page'; return 1;", json!([]))
        .await;
    // A scorer enters a deal; pending, it changes nothing on the public page.
    let scorer = app.browser();
    enter_and_confirm(&scorer, &t.links[0], "A", "3").await;
    // Confirmed: the table appears within a poll or two, in the same document.
    s.wait_for("table.pub-standings").await;
    let mark = s
        .execute("return window.kartlMark || null;", json!([]))
        .await;
    assert_eq!(mark, json!("same page"), "the page was reloaded");
    let rows = s.find_all("table.pub-standings tbody tr").await;
    assert_eq!(rows.len(), 4);
    let live = s.find("#live").await;
    assert!(s.attribute(&live, "data-updated").await.is_some());
    s.quit().await;
}

#[tokio::test]
async fn the_projector_shows_large_standings_without_controls_and_scrolls() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    // Forty teams: a table longer than the screen.
    let mut spec = Spec::new(Game::Watten);
    spec.players = (1..=80).map(|i| format!("Spielerin {i}")).collect();
    let t = tournament(&app, spec).await;
    enter_and_confirm(&app.browser(), &t.links[0], "B", "2").await;
    s.goto(&format!("{}/p/{}/projector", app.base, t.slug))
        .await;
    s.wait_for("table.pub-standings").await;
    assert_eq!(s.find_all("table.pub-standings tbody tr").await.len(), 40);
    for control in ["header.bar", "footer", "form", "button", "input", "select"] {
        assert!(
            s.try_find(control).await.is_none(),
            "the projector shows {control}"
        );
    }
    let font = s
        .execute(
            "return parseFloat(getComputedStyle(document.body).fontSize);",
            json!([]),
        )
        .await;
    assert!(font.as_f64().unwrap() >= 20.0, "large type: {font}");
    let tall = s
        .execute(
            "return document.documentElement.scrollHeight > window.innerHeight;",
            json!([]),
        )
        .await;
    assert_eq!(tall, json!(true));
    // It waits 3 s at the top, then scrolls by itself.
    let started = Instant::now();
    loop {
        let y = s.execute("return window.scrollY;", json!([])).await;
        if y.as_f64().unwrap_or(0.0) > 20.0 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the projector did not scroll"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    s.quit().await;
}
