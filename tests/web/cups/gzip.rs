//! Issue 28: the public cup pages kept per stamp with a gzip copy, as the tournament pages
//! (`public::gzip`): the page, its live table and the projector go compressed to a browser
//! that accepts gzip and decode to exactly the plain page; `gzip;q=0` or no header get the
//! plain page; a 304 holds with either ETag; the organiser (logged in) gets the page plain.

use super::{act, club, create_cup, evening, organiser, secretary, store};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use crate::public::gzip::{BROWSER, fetch, gzip_tag, served_both_ways};
use reqwest::StatusCode;

both_backends!(the_cup_pages_go_compressed_to_a_browser_that_accepts_gzip);

async fn the_cup_pages_go_compressed_to_a_browser_that_accepts_gzip(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let soell = club(&admin, "SK Söll").await;
    let sepp = secretary(&app, &admin, &soell, "Sepp").await;
    let olga = organiser(&app, &admin, "Olga").await;
    let teams = [
        ["Anna Huber", "Bert Maier"],
        ["Clara Egger", "Dieter Moser"],
        ["Emil Wieser", "Franz Berger"],
        ["Gerda Ranft", "Hans Hauser"],
    ];
    let file = evening(
        "Söller Watten",
        &teams,
        &[
            vec![(0, 1, "A"), (2, 3, "B")],
            vec![(0, 2, "B"), (1, 3, "A")],
        ],
    );
    let evening = store(&app, "SK Söll", "2026-01-10", &file).await;
    let fields = [
        ("name", "Watt-Cup Unterland"),
        ("game", "watten"),
        ("points_kind", "field"),
        ("min_evenings", "1"),
    ];
    let cup = create_cup(&olga, &fields).await;
    assert_eq!(
        act(&olga, &cup, "clubs", &[("club", &soell)]).await,
        StatusCode::SEE_OTHER
    );
    let proposed = act(&sepp, &cup, "evenings", &[("tournament", &evening)]).await;
    assert_eq!(proposed, StatusCode::SEE_OTHER);
    let decision = [("tournament", evening.as_str()), ("decision", "accept")];
    assert_eq!(
        act(&olga, &cup, "decide", &decision).await,
        StatusCode::SEE_OTHER
    );

    let visitor = app.browser();
    let page = format!("/cup/{cup}");
    for path in [
        page.clone(),
        format!("{page}/live"),
        format!("{page}/projector"),
    ] {
        served_both_ways(&visitor, &path).await;
    }
    let gzip = fetch(&visitor, &page, &[("Accept-Encoding", BROWSER)]).await;
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    assert!(String::from_utf8_lossy(&gzip.page()).contains("Anna Huber"));
    let etag = fetch(&visitor, &page, &[]).await;
    let etag = etag.header("etag").unwrap().to_string();
    for held in [etag.clone(), gzip_tag(&etag)] {
        let res = fetch(
            &visitor,
            &page,
            &[("Accept-Encoding", BROWSER), ("If-None-Match", &held)],
        )
        .await;
        assert_eq!(res.status, StatusCode::NOT_MODIFIED, "{held}");
        assert_eq!(res.header("etag"), Some(held.as_str()));
        assert_eq!(res.header("vary"), Some("Accept-Encoding, Cookie"));
    }
    // The organiser's page is rendered for her alone: plain, never stored.
    let own = fetch(&olga, &page, &[("Accept-Encoding", BROWSER)]).await;
    assert_eq!(own.status, StatusCode::OK);
    assert_eq!(own.header("content-encoding"), None);
    assert_eq!(own.header("cache-control"), Some("no-store"));
}
