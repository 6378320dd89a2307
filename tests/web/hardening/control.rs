//! Item 2: control characters, a NUL above all, in paths, queries and form values. PostgreSQL
//! cannot store or even compare a NUL ("invalid byte sequence for encoding UTF8: 0x00"), so
//! each of these was a 500 there, anonymously too; SQLite stored it. Now paths are 404 and
//! queries 400 before any handler, every form value is checked in `CsrfForm` (400 naming the
//! field, what was typed shown back), and one-line names refuse line breaks and tabs too.

use super::{post_raw, running_tournament, stored_names};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use reqwest::StatusCode;

both_backends!(
    paths_and_queries_with_control_characters_never_reach_the_database,
    a_login_name_with_a_nul_is_refused_with_a_message,
    names_reasons_and_lists_with_control_characters_are_refused_and_nothing_is_stored,
    a_refused_query_names_its_field_in_the_visitors_language,
);

async fn paths_and_queries_with_control_characters_never_reach_the_database(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let b = app.browser();
    for path in [
        "/p/a%00b",
        "/p/a%00b/live",
        "/t/a%00b/report",
        "/api/v1/tournaments/a%00b/standings",
        "/p/a%0ab",
        "/p/a%1bb/chart.svg",
        "/seasons/x%7f",
    ] {
        let res = b.get(path).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}: {}", res.body);
    }
    for path in ["/?x=%00", "/login?done=%00", "/p/x?sep=%1b"] {
        let res = b.get(path).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{path}: {}", res.body);
    }
    assert_eq!(b.get("/healthz").await.status, StatusCode::OK);
}

async fn a_login_name_with_a_nul_is_refused_with_a_message(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let b = app.browser();
    let res = post_raw(&b, "/login", "/login", "name=Ann%00a&password=irgendwas").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
    assert!(
        res.body.contains("Name"),
        "the field is named: {}",
        res.body
    );
    assert!(res.body.contains("Steuerzeichen"), "{}", res.body);
    assert!(
        res.body.contains("Ann\u{FFFD}a"),
        "what was typed is shown: {}",
        res.body
    );
    assert!(
        !res.body.contains("irgendwas"),
        "never the password: {}",
        res.body
    );
    // In English on English pages.
    let _ = b.get("/lang/en").await;
    let res = post_raw(&b, "/login", "/login", "name=Ann%00a&password=x").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.body.contains("control character"), "{}", res.body);
}

async fn names_reasons_and_lists_with_control_characters_are_refused_and_nothing_is_stored(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let (sepp, slug) = running_tournament(&app).await;
    let before = stored_names(&app, &slug).await;
    let entrants = format!("/t/{slug}/entrants");
    // The tournament is running, yet the refusal comes first: the values never get further.
    for body in [
        "name=A%00B&member1=x&member2=y",
        "name=A%01B&member1=x&member2=y",
        "name=E%1bF&member1=x&member2=y",
        "name=ok&member1=x%7f&member2=y",
        "name=ok&member1=x%c2%85&member2=y",
    ] {
        let res = post_raw(&sepp, &entrants, &format!("/t/{slug}/teams"), body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{body}: {}", res.body);
        assert!(res.body.contains("Steuerzeichen"), "{}", res.body);
    }
    let res = post_raw(
        &sepp,
        &entrants,
        &format!("/t/{slug}/import"),
        "list=Team%20A%3BAnna%3BBerta%0ATeam%00B%3BCarl%3BDora",
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
    assert!(
        res.body.contains("Liste"),
        "the field is named: {}",
        res.body
    );
    assert!(res.body.contains("Team A;Anna;Berta"), "kept: {}", res.body);
    assert_eq!(stored_names(&app, &slug).await, before, "nothing stored");

    let round = format!("/t/{slug}/rounds/1");
    let res = post_raw(
        &sepp,
        &round,
        &format!("{round}/reopen"),
        "reason=Tipp%00fehler",
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
    let res = post_raw(
        &sepp,
        "/tournaments/new",
        "/tournaments/new",
        "name=Turnier%00X&date=2026-11-21&game=watten",
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
    let res = post_raw(&sepp, "/seasons", "/seasons", "name=Saison%1b&counting=all").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);

    // A line break or a tab passes the form guard (a list has lines) but no one-line name
    // takes it: the form is shown again with the problem named.
    let res = post_raw(
        &sepp,
        "/tournaments/new",
        "/tournaments/new",
        "name=Turnier%0AX&date=2026-11-21&game=watten",
    )
    .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    let res = post_raw(
        &sepp,
        "/seasons",
        "/seasons",
        "name=Saison%09X&counting=all",
    )
    .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", res.body);
    let list = sepp.get("/tournaments").await;
    assert!(!list.body.contains("Turnier X"), "{}", list.body);
}

/// The guard refuses a query value with a catalogue message (`text-control` with the field),
/// which the error page words in the visitor's language: German, and English after the switch.
async fn a_refused_query_names_its_field_in_the_visitors_language(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let _admin = app.setup().await;
    let b = app.browser();
    let res = b.get("/?feld=%00").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
    assert!(
        res.body.contains("feld: enthält ein Steuerzeichen"),
        "{}",
        res.body
    );
    let _ = b.get("/lang/en").await;
    let res = b.get("/?feld=%00").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.body);
    assert!(
        res.body.contains("feld: holds a control character"),
        "{}",
        res.body
    );
}
