//! Item 3: names stored before they were checked (SQLite kept `A\x01B`; PostgreSQL keeps any
//! control character but NUL) must not make the public chart ill-formed XML. The SVG writer
//! drops what XML 1.0 forbids; the test parses the answer with a real XML parser.

use crate::both_backends;
use crate::common::{Backend, TestApp};
use diesel::prelude::*;
use kartl::clock::Clock;
use kartl::db::schema::{teams, tournaments};
use kartl::service::deals::{DealSource, DealStatus};
use reqwest::StatusCode;
use serde_json::json;

both_backends!(the_chart_stays_well_formed_xml_whatever_old_rows_hold);

async fn the_chart_stays_well_formed_xml_whatever_old_rows_hold(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let now = app.clock.now();
    let slug = app
        .state
        .db
        .run(move |conn| crate::public::running(conn, now, true))
        .await
        .unwrap();
    let s = slug.clone();
    app.state
        .db
        .run(move |conn| {
            // As an old row may hold them: written past today's checks.
            diesel::update(teams::table.filter(teams::entrant_id.eq("t1")))
                .set(teams::name.eq("A\u{1}B\u{FFFF}"))
                .execute(conn)?;
            diesel::update(teams::table.filter(teams::entrant_id.eq("t2")))
                .set(teams::name.eq("E\u{1b}F\u{85}"))
                .execute(conn)?;
            diesel::update(tournaments::table.filter(tournaments::slug.eq(&s)))
                .set(tournaments::name.eq("Watt\u{7}turnier"))
                .execute(conn)?;
            Ok(())
        })
        .await
        .unwrap();
    crate::public::deal(
        &app,
        &slug,
        0,
        json!({"winner": "A", "points": 2}),
        DealStatus::Confirmed,
        DealSource::Secretary,
    )
    .await;
    for path in [
        format!("/p/{slug}/chart.svg"),
        format!("/p/{slug}/entrants/t1"),
    ] {
        let res = app.browser().get(&path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}");
        if !path.ends_with(".svg") {
            continue;
        }
        let doc = roxmltree::Document::parse(&res.body)
            .unwrap_or_else(|e| panic!("{path} is not well-formed XML: {e}\n{}", res.body));
        let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
        assert!(texts.iter().any(|t| t.contains("AB")), "{texts:?}");
        assert!(texts.iter().any(|t| t.contains("EF")), "{texts:?}");
        assert!(texts.iter().any(|t| t.contains("Wattturnier")), "{texts:?}");
    }
}
