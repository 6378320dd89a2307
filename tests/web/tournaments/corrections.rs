//! Deal versions: a correction supersedes, only confirmed current versions count, and stored
//! versions and audit events cannot be changed or deleted.

use super::*;

both_backends!(
    a_correction_supersedes_and_only_confirmed_current_versions_count,
    deal_versions_and_audit_events_cannot_be_changed_or_deleted,
);

async fn a_correction_supersedes_and_only_confirmed_current_versions_count(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let slug = stored(&app, watten_file()).await;
    let before = api_standings(&app, &slug).await;
    assert_eq!(points_of(&before, "t1"), 2, "t1 won a game in each round");
    let now = app.clock_now();
    let s = slug.clone();
    let (table, later) = app
        .state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            Ok((
                draws::table_id(conn, &actor, &s, 1, 1)?,
                draws::table_id(conn, &actor, &s, 2, 1)?,
            ))
        })
        .await
        .unwrap();
    let record =
        move |conn: &mut kartl::db::DbConn, table, deal_no, rec: Value, status, reason: &str| {
            let input = DealInput {
                deal_no,
                record: crate::common::fixture::typed(&rec),
                status,
                source: DealSource::Secretary,
                reason: Some(reason.to_string()).filter(|r| !r.is_empty()),
                expected_version: None,
                submission_key: None,
                ip: None,
            };
            deals::record_deal(conn, &Actor::command_line(), now, table, &input)
        };
    // Round 1, table 1: B wins deal 3 instead of A: t1 no longer wins that game.
    let stored = app
        .state
        .db
        .run(move |conn| {
            let deal = json!({"winner": "B", "points": 4});
            record(conn, table, 2, deal, DealStatus::Confirmed, "misread")
        })
        .await
        .unwrap();
    assert_eq!(stored.version, 2);
    let after = api_standings(&app, &slug).await;
    assert_eq!(points_of(&after, "t1"), 1, "{after}");
    // Round 2, table 1 (t1 against t3): a pending latest version of deal 1 does not count,
    // and the deals after it wait, so t1 has not won that game either.
    app.state
        .db
        .run(move |conn| {
            let deal = json!({"winner": "A", "points": 3});
            record(conn, later, 0, deal, DealStatus::Pending, "recount")
        })
        .await
        .unwrap();
    let pending = api_standings(&app, &slug).await;
    assert_eq!(points_of(&pending, "t1"), 0, "{pending}");
    let s = slug.clone();
    let shown = app
        .state
        .db
        .run(move |conn| tournaments::get(conn, None, &s))
        .await
        .unwrap();
    let view = &shown.rounds[1].tables[0];
    assert_eq!((view.deals.len(), view.pending.clone()), (0, vec![0]));
    // Withdrawing does not count either; confirming again restores the record.
    app.state
        .db
        .run(move |conn| {
            let status = DealStatus::Withdrawn;
            deals::set_status(
                conn,
                &Actor::command_line(),
                now,
                later,
                0,
                status,
                Some("wrong table"),
            )
        })
        .await
        .unwrap();
    assert_eq!(api_standings(&app, &slug).await, pending);
    app.state
        .db
        .run(move |conn| {
            let status = DealStatus::Confirmed;
            let reason = Some("recounted: right after all");
            deals::set_status(conn, &Actor::command_line(), now, later, 0, status, reason)
        })
        .await
        .unwrap();
    let restored = api_standings(&app, &slug).await;
    assert_eq!(restored, after);
    // A version that breaks a rule at its own deal is refused.
    let refused = app
        .state
        .db
        .run(move |conn| {
            let deal = json!({"winner": "B", "points": 1});
            record(conn, table, 1, deal, DealStatus::Confirmed, "typo")
        })
        .await;
    assert!(
        matches!(
            refused,
            Err(kartl::error::AppError::Refusal(
                kartl::error::Refusal::Scoring(
                    kartl::error::refusal::ScoringRefusal::BreaksRule { .. }
                )
            ))
        ),
        "{refused:?}"
    );
    // Recomputation from scratch equals what is shown.
    let (_, export) = get_json(&app, &format!("/api/v1/tournaments/{slug}/export.json")).await;
    let file = TournamentFile::parse(&export.to_string()).unwrap();
    let scratch = serde_json::to_value(evaluate(&file, Lang::De).unwrap().standings).unwrap();
    assert_eq!(scratch, restored);
    // Every version has its audit event.
    let s = slug.clone();
    let (versions, events) = app
        .state
        .db
        .run(move |conn| {
            use diesel::prelude::*;
            use kartl::db::schema::{audit_events, deal_versions};
            let _ = s;
            let v: i64 = deal_versions::table.count().get_result(conn)?;
            let e: i64 = audit_events::table
                .filter(audit_events::deal_version_id.is_not_null())
                .count()
                .get_result(conn)?;
            Ok((v, e))
        })
        .await
        .unwrap();
    assert_eq!(versions, events);
    let (history, log) = app
        .state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            Ok((
                tournaments::deal_history(conn, &actor, later)?,
                tournaments::audit_log(conn, &actor, &slug)?,
            ))
        })
        .await
        .unwrap();
    let statuses: Vec<(i32, &str)> = history
        .iter()
        .filter(|v| v.deal_no == 0)
        .map(|v| (v.version, v.status.as_str()))
        .collect();
    assert_eq!(
        statuses,
        [
            (1, "confirmed"),
            (2, "pending"),
            (3, "withdrawn"),
            (4, "confirmed")
        ]
    );
    assert_eq!(history[2].reason.as_deref(), Some("wrong table"));
    assert!(log.iter().any(|e| e.reason.as_deref() == Some("misread")));
    assert_eq!(
        versions,
        24 + 4,
        "24 imported, 1 correction, pending, withdrawn, confirmed"
    );
}

async fn deal_versions_and_audit_events_cannot_be_changed_or_deleted(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    stored(&app, watten_file()).await;
    for sql in [
        "UPDATE deal_versions SET status = 'withdrawn'",
        "DELETE FROM deal_versions",
        "UPDATE audit_events SET actor = 'nobody'",
        "DELETE FROM audit_events",
    ] {
        let result = app
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
}
