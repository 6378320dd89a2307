//! `service::import` writes the deals in batches (one statement per ten tables on
//! PostgreSQL): every deal still gets its one confirmed version and one audit event naming
//! that version and its table, and the progress comes after the check, per 100 players and
//! per ten tables.

use crate::both_backends;
use crate::common::{Backend, TestApp};
use crate::exports::{deal_a, deal_b};
use diesel::prelude::*;
use kartl::clock::Clock;
use kartl::db::schema::{audit_events, deal_versions};
use kartl::service::Actor;
use kartl::service::import::{ImportOptions, Progress, import_reporting};
use kartl::tournament::file::TournamentFile;
use serde_json::{Value, json};

both_backends!(every_imported_deal_has_its_version_and_audit_event);

const TABLES: usize = 25;

/// One session of 25 three-player tables, two deals each.
fn file() -> TournamentFile {
    let players: Vec<Value> = (1..=3 * TABLES)
        .map(|i| json!({"id": format!("p{i}"), "name": format!("Spieler {i}")}))
        .collect();
    let tables: Vec<Value> = (0..TABLES)
        .map(|t| {
            let seats: Vec<String> = (1..=3).map(|s| format!("p{}", 3 * t + s)).collect();
            json!({"seats": seats, "deals": [deal_a(), deal_b()]})
        })
        .collect();
    TournamentFile::parse(
        &json!({
            "name": "Stapel", "game": "gaigel", "variant": "three",
            "options": {"scoring": "rutesheim"}, "format": "sessions",
            "settings": {"sessions": 3, "deals": 2},
            "players": players,
            "rounds": [{"tables": tables, "byes": []}]
        })
        .to_string(),
    )
    .unwrap()
}

async fn every_imported_deal_has_its_version_and_audit_event(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let now = app.clock.now();
    let (steps, versions, events) = app
        .state
        .db
        .run(move |conn| {
            let mut steps = Vec::new();
            import_reporting(
                conn,
                &Actor::command_line(),
                now,
                &file(),
                &ImportOptions::default(),
                &mut |p| steps.push(p),
            )?;
            let versions = deal_versions::table
                .select((
                    deal_versions::id,
                    deal_versions::table_id,
                    deal_versions::deal_no,
                    deal_versions::version,
                    deal_versions::status,
                    deal_versions::source,
                    deal_versions::record,
                ))
                .order(deal_versions::id)
                .load::<(i32, i32, i32, i32, String, String, String)>(conn)?;
            let events = audit_events::table
                .filter(audit_events::action.eq("deal_version"))
                .select((
                    audit_events::deal_version_id,
                    audit_events::table_id,
                    audit_events::detail,
                ))
                .order(audit_events::id)
                .load::<(Option<i32>, Option<i32>, String)>(conn)?;
            Ok::<_, kartl::error::AppError>((steps, versions, events))
        })
        .await
        .unwrap();

    let tables = |done| Progress::Tables {
        round: 1,
        rounds: 1,
        done,
        total: TABLES,
    };
    assert_eq!(
        steps,
        vec![
            Progress::Checked,
            Progress::Players {
                done: 3 * TABLES,
                total: 3 * TABLES
            },
            tables(10),
            tables(20),
            tables(25),
        ]
    );

    assert_eq!(versions.len(), 2 * TABLES);
    let distinct_tables: std::collections::BTreeSet<i32> = versions.iter().map(|v| v.1).collect();
    assert_eq!(distinct_tables.len(), TABLES);
    for (_, _, deal, version, status, source, record) in &versions {
        assert_eq!(
            (*version, status.as_str(), source.as_str()),
            (1, "confirmed", "import")
        );
        let want = if *deal == 0 { deal_a() } else { deal_b() };
        assert_eq!(serde_json::from_str::<Value>(record).unwrap(), want);
    }
    // One event per version, in the versions' order, naming the version and its table.
    assert_eq!(events.len(), versions.len());
    for ((id, table, deal, ..), (event_version, event_table, detail)) in
        versions.iter().zip(&events)
    {
        assert_eq!((*event_version, *event_table), (Some(*id), Some(*table)));
        let detail: Value = serde_json::from_str(detail).unwrap();
        assert_eq!(
            detail,
            json!({"deal": deal, "version": 1, "status": "confirmed", "source": "import"})
        );
    }
}
