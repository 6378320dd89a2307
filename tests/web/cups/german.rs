//! No code, key or English word on a German cup page or download: the public page, the
//! projector, the live table, the organiser's and a member secretary's working pages, the cup
//! list, and the PDF, XLSX and CSV, checked against the list the German test uses
//! (`german::words::forbidden`), with the scenario's names allowed.

use super::organiser;
use super::scenario::{ANGATH, KRAMSACH, SOELL, build};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use crate::german::{download_text, offences, visible, words};
use serde_json::json;

both_backends!(the_cup_pages_and_downloads_are_german);

async fn the_cup_pages_and_downloads_are_german(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let org = organiser(&app, &admin, "Olga").await;
    let cup = build(&app, &admin, &org).await;
    // The names of the scenario (players, evenings, clubs, accounts) are not English words.
    let players: Vec<_> = [
        "Anna Huber",
        "Bert Maier",
        "Clara Egger",
        "Dieter Moser",
        "Franz Berger",
        "Gerda Ranft",
        "Hans Hauser",
        "Ida Lechner",
        "Olga Sepp Kathi Alois Admin",
        "Söller Kramsacher Angather Revanche Frühjahr",
    ]
    .iter()
    .map(|n| json!({ "name": n }))
    .collect();
    let names = json!({"name": "Watt-Cup Unterland 2026", "club": format!("{SOELL} {KRAMSACH} {ANGATH}"),
                       "players": players});
    let bad = words::forbidden(&[names]);
    let slug = &cup.slug;
    let mut found = Vec::new();
    let pages = [
        (&app.browser(), format!("/cup/{slug}")),
        (&app.browser(), format!("/cup/{slug}/projector")),
        (&app.browser(), format!("/cup/{slug}/live")),
        (&org, format!("/cups/{slug}")),
        (&org, "/cups".to_string()),
        (&cup.secretary, format!("/cups/{slug}")),
        (&admin, "/admin".to_string()),
    ];
    for (who, path) in pages {
        let res = who.get(&path).await;
        assert_eq!(res.status, reqwest::StatusCode::OK, "{path}");
        for o in offences(&visible(&res.body), &bad) {
            found.push(format!("{path}: {o}"));
        }
    }
    for (file, kind) in [
        ("standings.pdf", "application/pdf"),
        (
            "standings.xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ),
        ("standings.csv", "text/csv"),
    ] {
        let path = format!("/cup/{slug}/{file}");
        let res = app
            .browser()
            .client
            .get(app.base.clone() + &path)
            .send()
            .await
            .unwrap();
        let bytes = res.bytes().await.unwrap();
        let text = download_text(&path, &bytes, kind).unwrap();
        for o in offences(&text, &bad) {
            found.push(format!("{path}: {o}"));
        }
    }
    assert!(
        found.is_empty(),
        "English or codes on German cup pages:\n{}",
        found.join("\n")
    );
}
