//! The audit log and the round's tables overview on a phone (412 px), a tablet (768 px) and a
//! desktop (1280 px): nothing wider than the window, so nothing scrolls sideways, and the
//! reason of an event is on screen. The guides' picture of the audit log (`protokoll.png`).

use crate::common::{ADMIN, ADMIN_PASSWORD};
use crate::driver::Session;
use crate::setup::{Spec, app, seed_deals, tournament};
use kartl::clock::Clock;
use kartl::rules::Game;
use kartl::service::{Actor, draws};
use serde_json::json;

const REASON: &str =
    "Tisch 2 hat die Runde zu früh abgegeben, der Zettel von Maria Oberhofer-Stadlmayr fehlte noch";

/// Whether the page is wider than its window, and where `css`'s right edge lies against it.
async fn fits(s: &Session, css: &str) -> (bool, bool) {
    let answer = s
        .execute(
            "var w = window.innerWidth;
             var e = document.querySelector(arguments[0]);
             return [document.documentElement.scrollWidth <= w,
                     !!e && e.getBoundingClientRect().right <= w];",
            json!([css]),
        )
        .await;
    (answer[0] == json!(true), answer[1] == json!(true))
}

#[tokio::test]
async fn the_audit_log_and_the_tables_overview_fit_a_phone_a_tablet_and_a_desktop() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let t = tournament(
        &app,
        Spec {
            team_names: vec![
                "Die Unaufhaltsamen vom Achensee".into(),
                "Kartlrunde Oberinntal".into(),
                "SV Schwaz".into(),
                "Gelb".into(),
            ],
            ..Spec::new(Game::Watten)
        },
    )
    .await;
    let deals = [("A", 3), ("B", 2), ("A", 4)]
        .into_iter()
        .map(|(w, p)| json!({"winner": w, "points": p}))
        .collect();
    seed_deals(&app, t.tables[0], deals).await;
    let (now, slug) = (app.clock.now(), t.slug.clone());
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            draws::close_round(conn, &actor, now, &slug, 1)?;
            draws::reopen_round(conn, &actor, now, &slug, 1, REASON)
        })
        .await
        .unwrap();

    s.goto(&format!("{}/login", app.base)).await;
    s.fill("input[name=name]", ADMIN).await;
    s.fill("input[name=password]", ADMIN_PASSWORD).await;
    s.tap("form[action='/login'] button[type=submit]").await;
    s.wait_for(".user").await;
    for (width, height) in [(412, 915), (768, 1024), (1280, 800)] {
        s.set_viewport(width, height).await;
        s.goto(&format!("{}/t/{}/audit", app.base, t.slug)).await;
        s.wait_for("#audit-log").await;
        let text = s.body_text().await;
        assert!(text.contains("Runde 1 wieder geöffnet"), "{text}");
        let (page, reason) = fits(&s, ".audit-event .reason").await;
        assert!(page, "the audit log scrolls sideways at {width} px");
        assert!(reason, "the reason is off-screen at {width} px");
        // The guides' picture of the audit log (at 412 px only).
        s.guide_shot("protokoll.png", "").await;

        s.goto(&format!("{}/t/{}/rounds/1/tables", app.base, t.slug))
            .await;
        s.wait_for("#table-1").await;
        let (page, seats) = fits(&s, "#table-1 .seats").await;
        assert!(page, "the tables overview scrolls sideways at {width} px");
        assert!(seats, "the seats are off-screen at {width} px");

        // The table page the overview leads to (the one page of scorer and secretary) fits too.
        s.goto(&format!("{}/t/{}/rounds/1/tables/1", app.base, t.slug))
            .await;
        s.wait_for("#deal-3").await;
        let (page, many) = fits(&s, "#tables-correct-many").await;
        assert!(page, "the table page scrolls sideways at {width} px");
        assert!(many, "the correction link is off-screen at {width} px");
    }
    s.quit().await;
}
