//! A list of entrants reads the field the same number of times however long
//! it is (once, before the write), and the write transaction reads next to nothing. Counted,
//! not timed: entering every team had read the whole field again, so a list of 2N teams issued
//! twice the reads of N (each of a field that grew with the list: quadratic), all of them
//! inside the write transaction. (The inserts are batched too: one statement per 500 rows.)

use crate::both_backends;
use crate::common::{Backend, TestApp};
use diesel::connection::{Instrumentation, InstrumentationEvent};
use diesel::{Connection, RunQueryDsl};
use kartl::db::DbConn;
use kartl::error::AppError;
use kartl::rules::Game;
use kartl::rules::match_record::Options;
use kartl::service::registration::{self, NewEntry, NewTeamEntry};
use kartl::service::{Actor, tournaments};
use kartl::tournament::format::Format;
use serde_json::json;
use std::sync::{Arc, Mutex};

both_backends!(
    a_list_of_teams_reads_the_field_once_however_long,
    a_list_of_players_reads_the_field_once_however_long,
    the_rows_of_a_long_list_are_all_stored_in_order,
);

fn now() -> chrono::NaiveDateTime {
    chrono::NaiveDate::from_ymd_opt(2026, 11, 27)
        .unwrap()
        .and_hms_opt(20, 0, 0)
        .unwrap()
}

/// What a connection read: each `SELECT`, and whether a transaction was open then.
#[derive(Default)]
struct Seen {
    loads: usize,
    in_transaction: usize,
    depth: usize,
}

#[derive(Clone, Default)]
struct Counter(Arc<Mutex<Seen>>);

impl Instrumentation for Counter {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        let mut seen = self.0.lock().unwrap();
        match event {
            InstrumentationEvent::StartQuery { query, .. } => {
                let sql = query.to_string();
                if !sql.trim_start().to_uppercase().starts_with("SELECT") {
                    return;
                }
                seen.loads += 1;
                if seen.depth > 0 {
                    seen.in_transaction += 1;
                }
            }
            InstrumentationEvent::BeginTransaction { .. } => seen.depth += 1,
            InstrumentationEvent::CommitTransaction { .. }
            | InstrumentationEvent::RollbackTransaction { .. } => {
                seen.depth = seen.depth.saturating_sub(1)
            }
            _ => {}
        }
    }
}

/// A tournament of `game` in rounds, of the club "Listenclub"; returns its slug.
fn create(conn: &mut DbConn, name: &str, game: Game) -> Result<String, AppError> {
    let club = kartl::service::import::club_named(conn, "Listenclub", now())?;
    let gaigel = game == Game::Gaigel;
    let new = tournaments::NewTournament {
        club_id: club,
        name: name.into(),
        date: None,
        place: None,
        game,
        variant: gaigel.then(|| kartl::rules::gaigel::Variant::Three.into()),
        target: None,
        options: gaigel.then(|| Options {
            scoring: Some("rutesheim".into()),
            ..Options::default()
        }),
        format: if gaigel {
            Format::Sessions
        } else {
            Format::Rounds
        },
        settings: serde_json::from_value(if gaigel {
            json!({"sessions": 2, "deals": 2})
        } else {
            json!(null)
        })
        .unwrap(),
        public: false,
    };
    tournaments::create(conn, &Actor::command_line(), now(), &new)
}

fn team_list(n: usize, start: usize) -> Vec<NewTeamEntry> {
    (start..start + n)
        .map(|t| NewTeamEntry {
            name: format!("Team {t}"),
            members: (2 * t..2 * t + 2)
                .map(|i| NewEntry {
                    name: format!("Spieler {i}"),
                    start_no: Some(i as i32 + 1),
                    register: None,
                })
                .collect(),
        })
        .collect()
}

fn player_list(n: usize, start: usize) -> Vec<NewEntry> {
    (start..start + n)
        .map(|i| NewEntry {
            name: format!("Spielerin {i}"),
            start_no: (i % 2 == 0).then_some(i as i32 + 1),
            register: None,
        })
        .collect()
}

/// Runs `f` on `conn` counting its reads: (all, inside a transaction).
fn counted<T>(
    conn: &mut DbConn,
    f: impl FnOnce(&mut DbConn) -> Result<T, AppError>,
) -> Result<(T, usize, usize), AppError> {
    let counter = Counter::default();
    conn.set_instrumentation(counter.clone());
    let out = f(conn);
    // The pooled connection goes back without the counter.
    conn.set_instrumentation(Counter::default());
    let seen = counter.0.lock().unwrap();
    Ok((out?, seen.loads, seen.in_transaction))
}

async fn a_list_of_teams_reads_the_field_once_however_long(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let cli = Actor::command_line();
    let (small, large) = app
        .state
        .db
        .run(move |conn| {
            let a = create(conn, "Klein", Game::Watten)?;
            let b = create(conn, "Doppelt", Game::Watten)?;
            // Each list into a field of the same size: 10 teams entered first.
            registration::add_teams(conn, &cli, now(), &a, &team_list(10, 0))?;
            registration::add_teams(conn, &cli, now(), &b, &team_list(10, 0))?;
            let small = counted(conn, |c| {
                registration::add_teams(c, &cli, now(), &a, &team_list(40, 10))
            })?;
            let large = counted(conn, |c| {
                registration::add_teams(c, &cli, now(), &b, &team_list(80, 10))
            })?;
            Ok::<_, AppError>((small, large))
        })
        .await
        .unwrap();
    assert_eq!(small.0.len(), 40);
    assert_eq!(large.0.len(), 80);
    assert_eq!(
        (small.1, small.2),
        (large.1, large.2),
        "reads (all, in the transaction) for 40 teams and for 80"
    );
    // The write transaction reads the tournament and the field's mark, not the field.
    assert!(large.2 <= 4, "{} reads in the transaction", large.2);
}

async fn a_list_of_players_reads_the_field_once_however_long(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let cli = Actor::command_line();
    let (small, large) = app
        .state
        .db
        .run(move |conn| {
            let a = create(conn, "Klein", Game::Gaigel)?;
            let b = create(conn, "Doppelt", Game::Gaigel)?;
            registration::add_players(conn, &cli, now(), &a, &player_list(10, 0))?;
            registration::add_players(conn, &cli, now(), &b, &player_list(10, 0))?;
            let small = counted(conn, |c| {
                registration::add_players(c, &cli, now(), &a, &player_list(60, 10))
            })?;
            let large = counted(conn, |c| {
                registration::add_players(c, &cli, now(), &b, &player_list(120, 10))
            })?;
            Ok::<_, AppError>((small, large))
        })
        .await
        .unwrap();
    assert_eq!(small.0.len(), 60);
    assert_eq!(large.0.len(), 120);
    assert_eq!((small.1, small.2), (large.1, large.2));
    assert!(large.2 <= 4, "{} reads in the transaction", large.2);
}

/// More rows than one batched statement takes: every team, player, member and audit event is
/// stored, with the ids and places entering them one by one gave.
async fn the_rows_of_a_long_list_are_all_stored_in_order(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let cli = Actor::command_line();
    let n = kartl::db::models::batch::CHUNK + 7;
    let (ids, shown, events) = app
        .state
        .db
        .run(move |conn| {
            let slug = create(conn, "Lang", Game::Watten)?;
            registration::add_teams(conn, &cli, now(), &slug, &team_list(3, 0))?;
            let ids = registration::add_teams(conn, &cli, now(), &slug, &team_list(n, 3))?;
            let shown = tournaments::get(conn, Some(&cli), &slug)?;
            let events: i64 = diesel::sql_query(
                "SELECT COUNT(*) AS count FROM audit_events \
                 WHERE action IN ('player_added', 'team_added')",
            )
            .get_result::<Count>(conn)?
            .count;
            Ok::<_, AppError>((ids, shown, events))
        })
        .await
        .unwrap();
    let want: Vec<String> = (4..=n + 3).map(|t| format!("t{t}")).collect();
    assert_eq!(ids, want);
    assert_eq!(shown.teams.len(), n + 3);
    assert_eq!(shown.players.len(), 2 * (n + 3));
    assert_eq!(
        events as usize,
        3 * (n + 3),
        "one event per player and per team"
    );
    for (i, team) in shown.teams.iter().enumerate() {
        assert_eq!(team.entrant_id, format!("t{}", i + 1));
        assert_eq!(team.name, format!("Team {i}"));
        assert_eq!(
            team.members,
            [format!("p{}", 2 * i + 1), format!("p{}", 2 * i + 2)]
        );
    }
    for (i, player) in shown.players.iter().enumerate() {
        assert_eq!(player.name, format!("Spieler {i}"));
        assert_eq!(player.start_no, Some(i as i32 + 1));
    }
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    count: i64,
}
