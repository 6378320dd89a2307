//! Merging two register records of one person and the administrator's undo, which restores
//! every standings table and tournament file byte for byte; seasons matching people by their
//! register record (a typo splits a team until the records are merged; namesakes stay apart);
//! and a public season with its own page, linked from the club's page.

use super::register::{record, register};
use super::secretary;
use crate::both_backends;
use crate::common::{Backend, Browser, TestApp};
use crate::tournaments::watten_file;
use kartl::clock::Clock;
use kartl::service::Actor;
use kartl::service::import::{ImportOptions, import};
use kartl::tournament::file::TournamentFile;
use reqwest::StatusCode;
use serde_json::json;

both_backends!(
    merging_and_undoing_restores_every_standings_table_byte_for_byte,
    a_season_matches_by_register_record_and_can_be_made_public,
);

/// Stores a Watten evening for the test club; `anna` is the first player's name, `public`
/// whether strangers see it. Returns the slug.
async fn evening(app: &TestApp, name: &str, anna: &str, public: bool) -> String {
    let mut file = watten_file();
    file["name"] = json!(name);
    file["players"][0]["name"] = json!(anna);
    // Team 1 carries its players' names joined (as an empty team name becomes).
    file["teams"][0]["name"] = json!(format!("{anna} / Watterin 2"));
    let file = TournamentFile::parse(&file.to_string()).unwrap();
    let now = app.clock.now();
    let options = ImportOptions {
        club: "SK Testverein".into(),
        public,
        ..Default::default()
    };
    app.state
        .db
        .run(move |conn| import(conn, &Actor::command_line(), now, &file, &options))
        .await
        .unwrap()
}

/// Everything a tournament shows of its results: the standings and the tournament file.
async fn tables(admin: &Browser, slugs: &[&String]) -> Vec<String> {
    let mut out = Vec::new();
    for slug in slugs {
        for path in ["standings", "export.json"] {
            let res = admin
                .get(&format!("/api/v1/tournaments/{slug}/{path}"))
                .await;
            assert_eq!(res.status, StatusCode::OK, "{}", res.body);
            out.push(res.body);
        }
    }
    out
}

async fn merge(sepp: &Browser, kept: i32, other: i32) -> crate::common::Reply {
    sepp.submit(
        &format!("/register/{kept}"),
        &format!("/register/{kept}/merge"),
        &[("other", &other.to_string())],
    )
    .await
}

async fn merging_and_undoing_restores_every_standings_table_byte_for_byte(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let first = evening(&app, "Wattturnier Söll", "Anna Huber", false).await;
    let second = evening(&app, "Wattabend Dezember", "Ana Huber", false).await;
    let rows = register(&app).await;
    // The import matched the other seven players: nine records, not sixteen.
    assert_eq!(rows.len(), 9, "{rows:?}");
    let (anna, ana) = (
        record(&rows, "Anna Huber", None),
        record(&rows, "Ana Huber", None),
    );
    let before = tables(&admin, &[&first, &second]).await;

    // Two records of one evening are two people: refused, nothing changed.
    let res = merge(&sepp, record(&rows, "Watterin 3", None), anna).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.body.contains("im selben Turnier"), "{}", res.body);

    let res = merge(&sepp, anna, ana).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let merged = tables(&admin, &[&first, &second]).await;
    assert_eq!(merged[..2], before[..2], "the first evening did not change");
    assert!(
        merged[3].contains("Anna Huber / Watterin 2"),
        "{}",
        merged[3]
    );
    assert!(!merged[3].contains("Ana Huber"), "{}", merged[3]);
    let rows = register(&app).await;
    assert_eq!(rows.len(), 8, "the merged record is no longer listed");
    let audit = sepp.get(&format!("/t/{second}/audit")).await;
    assert!(
        audit
            .body
            .contains("Ana Huber in Anna Huber zusammengeführt"),
        "{}",
        audit.body
    );
    let list = sepp.get("/register").await;
    assert!(
        list.body
            .contains("Ana Huber in Anna Huber zusammengeführt (Sepp")
    );
    assert!(
        !list.body.contains("/register/undo"),
        "the undo is the administrator's"
    );

    // Only the administrator undoes it; then every table is as before, byte for byte.
    let id = between_merge_id(&admin, &app).await;
    let res = sepp
        .submit("/register", "/register/undo", &[("merge", &id)])
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let page = format!("/register?club={}", club_id(&app).await);
    let res = admin
        .submit(&page, "/register/undo", &[("merge", &id)])
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    assert_eq!(tables(&admin, &[&first, &second]).await, before);
    assert_eq!(register(&app).await.len(), 9);
    let res = admin
        .submit(&page, "/register/undo", &[("merge", &id)])
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "undone once only");
    let list = admin.get(&page).await;
    assert!(list.body.contains("rückgängig gemacht"), "{}", list.body);
}

async fn club_id(app: &TestApp) -> i32 {
    let rows = register(app).await;
    rows[0].club_id
}

/// The id of the club's only merge, read from the administrator's register page.
async fn between_merge_id(admin: &Browser, app: &TestApp) -> String {
    let page = admin
        .get(&format!("/register?club={}", club_id(app).await))
        .await;
    crate::common::between(&page.body, "id=\"merge-", "\"").expect("a merge on the page")
}

/// The season's row of `name`: the cells after the name.
fn cells(body: &str, name: &str) -> Vec<Vec<String>> {
    body.match_indices(&format!("<td>{name}</td>"))
        .map(|(at, _)| {
            let row = &body[at..];
            let row = &row[..row.find("</tr>").unwrap()];
            row.split("<td class=\"num")
                .skip(1)
                .map(|c| c[c.find('>').unwrap() + 1..c.find("</td>").unwrap()].to_string())
                .collect()
        })
        .collect()
}

async fn a_season_matches_by_register_record_and_can_be_made_public(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let first = evening(&app, "Wattturnier Söll", "Anna Huber", true).await;
    let second = evening(&app, "Wattabend Dezember", "Ana Huber", false).await;
    let res = sepp
        .submit(
            "/seasons",
            "/seasons",
            &[("name", "Vereinsmeisterschaft"), ("counting", "all")],
        )
        .await;
    let season = res
        .location()
        .unwrap()
        .trim_start_matches("/seasons/")
        .to_string();
    for t in [&first, &second] {
        sepp.submit(
            &format!("/seasons/{season}"),
            &format!("/seasons/{season}/add"),
            &[("tournament", t)],
        )
        .await;
    }
    // Team 1 of the second evening has another record (the typo): two rows of their own.
    let page = sepp.get(&format!("/seasons/{season}")).await;
    assert_eq!(
        cells(&page.body, "Anna Huber / Watterin 2")[0][..3],
        ["2", "", "2"]
    );
    assert_eq!(
        cells(&page.body, "Ana Huber / Watterin 2")[0][..3],
        ["", "2", "2"]
    );
    let rows = register(&app).await;
    let res = merge(
        &sepp,
        record(&rows, "Anna Huber", None),
        record(&rows, "Ana Huber", None),
    )
    .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    let page = sepp.get(&format!("/seasons/{season}")).await;
    let team1 = cells(&page.body, "Anna Huber / Watterin 2");
    assert_eq!(team1.len(), 1, "one team once merged: {}", page.body);
    assert_eq!(team1[0][..3], ["2", "2", "4"], "{}", page.body);

    // Not public: strangers get 404; public: its page, the public evening only.
    let anonymous = app.browser();
    let public_page = format!("/seasons/{season}/standings");
    assert_eq!(
        anonymous.get(&public_page).await.status,
        StatusCode::NOT_FOUND
    );
    let preview = sepp.get(&public_page).await;
    assert!(preview.body.contains("Vorschau"), "{}", preview.body);
    let res = sepp
        .submit(
            &format!("/seasons/{season}"),
            &format!("/seasons/{season}/public"),
            &[("public", "1")],
        )
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    let shown = anonymous.get(&public_page).await;
    assert_eq!(shown.status, StatusCode::OK, "{}", shown.body);
    assert!(shown.body.contains("Wattturnier Söll"));
    assert!(!shown.body.contains("Wattabend Dezember"), "{}", shown.body);
    let club = anonymous.get(&format!("/c/{}", club_id(&app).await)).await;
    assert!(club.body.contains(&public_page), "{}", club.body);
}
