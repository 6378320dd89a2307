//! The audit pages (who, when, address, action, before/after, reason; newest first) and the
//! database refusing to change or delete what they show.
use super::*;
use crate::both_backends;
use crate::common::Backend;
use crate::score::almost_a_game;

both_backends!(
    the_audit_pages_list_who_when_where_and_why_newest_first,
    the_rows_of_a_correction_cannot_be_changed_or_deleted,
    a_stored_deal_that_does_not_read_is_an_error_but_the_log_lists_it,
);

/// Corrects deal 1 of table 1 to "B 3" with `reason`.
async fn correct_first_deal(d: &Desk, reason: &str) {
    let csrf = csrf_of(&d.sepp, &d.slug).await;
    let deal = serde_json::json!({"winner": "B", "points": 3}).to_string();
    let res = post_correction(&d.sepp, &csrf, &d.slug, 1, 1, &deal, 1, reason, &key()).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
}

async fn the_audit_pages_list_who_when_where_and_why_newest_first(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    let (t2, _) = d.tables[1].clone();
    almost_a_game(&d.app, t1).await;
    almost_a_game(&d.app, t2).await;
    d.app.clock.advance(chrono::Duration::minutes(7));
    correct_first_deal(&d, "Tisch 1 hat sich verschrieben").await;
    // Local time of the configured zone (Europe/Vienna by default), German format.
    let when = d
        .app
        .clock
        .now()
        .and_utc()
        .with_timezone(&chrono_tz::Europe::Vienna)
        .format("%d.%m.%Y %H:%M:%S")
        .to_string();

    let whole = d.sepp.get(&format!("/t/{}/audit", d.slug)).await;
    assert_eq!(whole.status, StatusCode::OK, "{}", whole.body);
    assert!(whole.body.contains("Zeiten in Ortszeit (Europe/Vienna)"));
    let newest = between(&whole.body, "class=\"audit-event\">", "</li>").unwrap();
    for part in [
        when.as_str(),
        "<span class=\"who\">Sepp</span>",
        ">127.0.0.1</span>",
        "<p class=\"what\">Spiel 1 an Tisch 1 korrigiert</p>",
        "Tisch 1 hat sich verschrieben",
        "R1 T1",
        "Spiel 1, Version 2 (bestätigt)",
    ] {
        assert!(newest.contains(part), "{part} in {newest}");
    }
    // Older events follow: the imports of both tables, the draw, the tournament.
    assert!(whole.body.contains("R1 T2"));
    assert!(whole.body.matches("class=\"audit-event\"").count() > 10);

    let one = d
        .sepp
        .get(&format!("{}/audit", table_path(&d.slug, 1)))
        .await;
    assert_eq!(one.status, StatusCode::OK);
    assert!(one.body.contains("Tisch 1 hat sich verschrieben"));
    assert!(!one.body.contains("R1 T2"), "only table 1's events");
    assert_eq!(
        one.body.matches("class=\"audit-event\"").count(),
        5,
        "4 deals and the correction"
    );
    let two = d
        .sepp
        .get(&format!("{}/audit", table_path(&d.slug, 2)))
        .await;
    assert!(!two.body.contains("verschrieben"));
    // English too.
    let en = d.sepp.get("/lang/en").await;
    assert!(en.status.is_redirection());
    let page = d.sepp.get(&format!("/t/{}/audit", d.slug)).await;
    assert!(
        page.body.contains("Deal 1, version 2 (confirmed)"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Deal 1 at table 1 corrected"));
    assert!(page.body.contains("Times in local time (Europe/Vienna)"));
}

async fn the_rows_of_a_correction_cannot_be_changed_or_deleted(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (t1, _) = d.tables[0].clone();
    almost_a_game(&d.app, t1).await;
    correct_first_deal(&d, "Zettel").await;
    for sql in [
        "UPDATE audit_events SET reason = 'nichts' WHERE reason = 'Zettel'",
        "DELETE FROM audit_events WHERE reason = 'Zettel'",
        "UPDATE deal_versions SET record = '{}' WHERE reason = 'Zettel'",
        "DELETE FROM deal_versions WHERE reason = 'Zettel'",
    ] {
        let result = d
            .app
            .state
            .db
            .run(move |conn| {
                use diesel::connection::SimpleConnection;
                conn.batch_execute(sql)
                    .map_err(kartl::error::AppError::from)
            })
            .await;
        assert!(result.is_err(), "{sql} was allowed");
    }
    let events = audit_events(&d.app, &d.slug).await;
    assert_eq!(
        events
            .iter()
            .filter(|e| e.reason.as_deref() == Some("Zettel"))
            .count(),
        1
    );
    let rows = deal_rows(&d.app, t1, 0).await;
    assert_eq!(rows[1].reason.as_deref(), Some("Zettel"));
}

/// A stored deal that does not read as a deal of the tournament's game (kartl reads every deal
/// it stores through the types, so only a version written past the referee, as a pending one
/// by a caller, or a hand-edited database holds one): the pages that build the table's record
/// answer with an internal error (500, no panic: the next request is answered), the other
/// tables carry on, and the audit log still lists the version, its deal in words as "–".
async fn a_stored_deal_that_does_not_read_is_an_error_but_the_log_lists_it(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let (_, token) = d.tables[0].clone();
    // A Gaigel deal at a Watten table, pending: not refereed on the way in.
    let gaigel = serde_json::json!({"points": {"A": 61, "B": 60}, "tricks": {"A": 5, "B": 4}});
    let input = kartl::service::deals::DealInput {
        status: kartl::service::deals::DealStatus::Pending,
        ..crate::common::fixture::deal(0, gaigel)
    };
    d.app
        .record_at(Actor::command_line(), (&d.slug, 1, 1), input)
        .await;
    let scorer = d.app.browser().get(&format!("/s/{token}")).await;
    assert_eq!(scorer.status, StatusCode::INTERNAL_SERVER_ERROR);
    let table = d.sepp.get(&table_path(&d.slug, 1)).await;
    assert_eq!(table.status, StatusCode::INTERNAL_SERVER_ERROR);
    let other = d.sepp.get(&table_path(&d.slug, 2)).await;
    assert_eq!(other.status, StatusCode::OK, "{}", other.body);
    let log = d
        .sepp
        .get(&format!("{}/audit", table_path(&d.slug, 1)))
        .await;
    assert_eq!(log.status, StatusCode::OK, "{}", log.body);
    assert!(
        log.body.contains("<dd class=\"new\">–</dd>"),
        "{}",
        log.body
    );
}
