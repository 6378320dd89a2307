//! What an independent attack pass found, each with the test that proves its fix (the list
//! with the fixes: docs/reference/security.md, "Hardening"): one file per topic, every test on both
//! backends.

mod accounts;
mod chart;
mod control;
mod entrants;
mod head;
mod limits;
mod links;
mod redirect;
mod reset;
mod rounds;
mod slugs;

use crate::common::fixture::Spec;
use crate::common::{Browser, TestApp};
use kartl::clock::Clock;
use reqwest::StatusCode;

/// A Watten tournament of `club` (made if missing) named `name` on 22 November 2026, private
/// and open for entries, as `adjust` changes the fixture's spec; returns its slug.
pub async fn new_tournament(
    app: &TestApp,
    club: &str,
    name: &str,
    adjust: impl FnOnce(&mut Spec),
) -> String {
    let mut spec = Spec {
        club: club.into(),
        name: name.into(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 22),
        public: false,
        ..Spec::open(kartl::rules::Game::Watten)
    };
    adjust(&mut spec);
    app.build(spec).await.slug
}

/// Club A's secretary "Sepp", logged in, and a private Watten tournament of four teams of
/// the club with round 1 drawn (two tables); returns the browser and the slug.
pub async fn running_tournament(app: &TestApp) -> (Browser, String) {
    let admin = app.setup().await;
    let sepp = crate::secretary::secretary(app, &admin, "Sepp").await;
    let now = app.clock.now();
    let slug = app
        .state
        .db
        .run(move |conn| crate::public::running(conn, now, false))
        .await
        .unwrap();
    (sepp, slug)
}

/// Posts `body` (already URL-encoded) to `path` with the page's CSRF token, as a form.
pub async fn post_raw(
    browser: &Browser,
    page: &str,
    path: &str,
    body: &str,
) -> crate::common::Reply {
    let shown = browser.get(page).await;
    assert_eq!(shown.status, StatusCode::OK, "{page}: {}", shown.body);
    let csrf = crate::common::csrf_in(&shown.body).expect("a CSRF token");
    let body = format!("csrf={csrf}&{body}");
    let res = browser
        .client
        .post(browser.url(path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .unwrap();
    Browser::reply(res).await
}

/// The entrants' and teams' names of a tournament as stored.
pub async fn stored_names(app: &TestApp, slug: &str) -> Vec<String> {
    let d = crate::secretary::stored(app, slug).await;
    d.players
        .iter()
        .map(|p| p.name.clone())
        .chain(d.teams.iter().map(|t| t.name.clone()))
        .collect()
}
