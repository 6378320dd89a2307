//! Running a tournament through the service: entrants from CSV, draws from a stored
//! seed, swapping seats, knockout finals, and who may do what.

use crate::both_backends;
use crate::common::{Backend, TestApp};
use kartl::db::DbConn;
use kartl::error::AppError;
use kartl::error::Refusal;
use kartl::error::refusal::{DrawRefusal, FinalsRefusal};
use kartl::rules::{Game, Lang};
use kartl::service::registration::{self, NewEntry, NewTeamEntry};
use kartl::service::{Actor, ActorKind, deals, draws, entrants, finals, tournaments};
use kartl::tournament::format::Format;
use serde_json::{Value, json};

both_backends!(
    teams_enter_with_their_players,
    draws_are_reproducible_from_the_stored_seed,
    seats_can_be_swapped_until_the_first_deal,
    knockout_finals_follow_the_bracket_and_leave_the_standings_alone,
    only_the_club_and_the_administrator_manage_a_tournament,
);

fn now() -> chrono::NaiveDateTime {
    chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
        .unwrap()
        .and_hms_opt(20, 0, 0)
        .unwrap()
}

fn cli() -> Actor {
    Actor::command_line()
}

/// A Watten tournament in rounds of the club "Watterclub"; returns its slug.
fn create(conn: &mut DbConn, name: &str, settings: Value) -> Result<String, AppError> {
    let club = kartl::service::import::club_named(conn, "Watterclub", now())?;
    let new = tournaments::NewTournament {
        club_id: club,
        name: name.into(),
        date: None,
        place: None,
        game: Game::Watten,
        variant: None,
        target: None,
        options: None,
        format: Format::Rounds,
        settings: serde_json::from_value(settings).unwrap(),
        public: false,
    };
    tournaments::create(conn, &cli(), now(), &new)
}

/// Enters `n` pairs, "Team 1" .. with players "Spieler 0" .. numbered from 1, as the
/// registration list on the pages does (`service::registration`).
fn enter_teams(conn: &mut DbConn, slug: &str, n: usize) -> Result<Vec<String>, AppError> {
    let teams: Vec<NewTeamEntry> = (0..n)
        .map(|t| NewTeamEntry {
            name: format!("Team {}", t + 1),
            members: (2 * t..2 * t + 2)
                .map(|i| NewEntry {
                    name: format!("Spieler {i}"),
                    start_no: Some(i as i32 + 1),
                    register: None,
                })
                .collect(),
        })
        .collect();
    registration::add_teams(conn, &cli(), now(), slug, &teams)
}

async fn teams_enter_with_their_players(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.state
        .db
        .run(|conn| {
            let slug = create(conn, "CSV", json!(null))?;
            let ids = enter_teams(conn, &slug, 3)?;
            assert_eq!(ids, ["t1", "t2", "t3"]);
            let shown = tournaments::get(conn, Some(&cli()), &slug)?;
            assert_eq!(shown.players[4].start_no, Some(5));
            assert_eq!(shown.teams[2].name, "Team 3");
            assert_eq!(shown.teams[2].members, ["p5", "p6"]);
            Ok(())
        })
        .await
        .unwrap();
}

fn seating(conn: &mut DbConn, slug: &str, round: usize) -> Vec<Vec<String>> {
    let shown = tournaments::get(conn, Some(&cli()), slug).unwrap();
    shown.rounds[round]
        .tables
        .iter()
        .map(|t| t.seats.clone())
        .collect()
}

async fn draws_are_reproducible_from_the_stored_seed(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.state
        .db
        .run(|conn| {
            let mut seatings = Vec::new();
            for name in ["Erste", "Zweite"] {
                let slug = create(conn, name, json!(null))?;
                enter_teams(conn, &slug, 8)?;
                draws::draw_round(conn, &cli(), now(), &slug, Some(1234))?;
                draws::close_round(conn, &cli(), now(), &slug, 1)?;
                draws::draw_round(conn, &cli(), now(), &slug, Some(99))?;
                seatings.push((seating(conn, &slug, 0), seating(conn, &slug, 1)));
                // Round 2 avoids the opponents of round 1.
                let (first, second) = seatings.last().unwrap();
                for table in second {
                    let mut pair = table.clone();
                    assert!(!first.contains(&pair));
                    pair.reverse();
                    assert!(!first.contains(&pair));
                }
                // The next round waits until this one is closed.
                let early = draws::draw_round(conn, &cli(), now(), &slug, None);
                assert!(
                    matches!(
                        early,
                        Err(AppError::Refusal(Refusal::Draw(DrawRefusal::RoundOpen)))
                    ),
                    "{early:?}"
                );
            }
            assert_eq!(seatings[0], seatings[1]);
            Ok(())
        })
        .await
        .unwrap();
}

fn deal(
    conn: &mut DbConn,
    table: kartl::db::models::TableId,
    no: i32,
    rec: Value,
) -> Result<(), AppError> {
    let input = crate::common::fixture::deal(no, rec);
    deals::record_deal(conn, &cli(), now(), table, &input).map(|_| ())
}

/// A won game for side `w` (to 15).
fn game(conn: &mut DbConn, table: kartl::db::models::TableId, w: &str) -> Result<(), AppError> {
    for (i, points) in [3, 4, 4, 4].into_iter().enumerate() {
        deal(
            conn,
            table,
            i as i32,
            json!({"winner": w, "points": points}),
        )?;
    }
    Ok(())
}

async fn seats_can_be_swapped_until_the_first_deal(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.state
        .db
        .run(|conn| {
            let slug = create(conn, "Tausch", json!(null))?;
            enter_teams(conn, &slug, 5)?;
            draws::draw_round(conn, &cli(), now(), &slug, Some(5))?;
            let before = tournaments::get(conn, Some(&cli()), &slug)?;
            let round = &before.rounds[0];
            assert_eq!(round.byes.len(), 1, "five teams: one sits out");
            let seated = round.tables[0].seats[0].clone();
            let bye = round.byes[0].clone();
            draws::swap_seats(conn, &cli(), now(), &slug, 1, &seated, &bye)?;
            let after = tournaments::get(conn, Some(&cli()), &slug)?;
            assert_eq!(after.rounds[0].tables[0].seats[0], bye);
            assert_eq!(after.rounds[0].byes, std::slice::from_ref(&seated));
            assert_eq!(after.rounds[0].seed, Some(5));
            let table = after.rounds[0].tables[0].id;
            deal(conn, table, 0, json!({"winner": "A", "points": 2}))?;
            let refused = draws::swap_seats(conn, &cli(), now(), &slug, 1, &seated, &bye);
            assert!(
                matches!(
                    refused,
                    Err(AppError::Refusal(Refusal::Draw(DrawRefusal::Started)))
                ),
                "{refused:?}"
            );
            Ok(())
        })
        .await
        .unwrap();
}

async fn knockout_finals_follow_the_bracket_and_leave_the_standings_alone(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.state
        .db
        .run(|conn| {
            let slug = create(conn, "Finale", json!({"knockout": 4}))?;
            enter_teams(conn, &slug, 6)?;
            for r in 1..=2 {
                draws::draw_round(conn, &cli(), now(), &slug, Some(r as u64))?;
                let shown = tournaments::get(conn, Some(&cli()), &slug)?;
                for table in &shown.rounds[r - 1].tables {
                    // The lower entrant id wins, so the ranking is clear-cut enough.
                    let w = if table.seats[0] < table.seats[1] {
                        "A"
                    } else {
                        "B"
                    };
                    game(conn, table.id, w)?;
                }
                draws::close_round(conn, &cli(), now(), &slug, r as i32)?;
            }
            let standings = tournaments::standings(conn, Some(&cli()), &slug, Lang::De)?;
            // Six teams, two rounds, the lower id winning: t1 2 games, then a clear cut at 4.
            let semis = finals::draw_stage(conn, &cli(), now(), &slug)?;
            let shown = tournaments::get(conn, Some(&cli()), &slug)?;
            let round = &shown.rounds[semis as usize - 1];
            assert!(round.knockout);
            assert_eq!(round.tables.len(), 2);
            let best = &standings.standings.standings[0].id;
            assert_eq!(&round.tables[0].seats[0], best, "1 meets 4");
            let early = finals::draw_stage(conn, &cli(), now(), &slug);
            assert!(early.is_err(), "the semi-finals are not closed");
            for table in &round.tables {
                game(conn, table.id, "A")?;
            }
            draws::close_round(conn, &cli(), now(), &slug, semis)?;
            let last = finals::draw_stage(conn, &cli(), now(), &slug)?;
            let shown = tournaments::get(conn, Some(&cli()), &slug)?;
            let round = &shown.rounds[last as usize - 1];
            assert_eq!(round.tables.len(), 2, "third place and final");
            for table in &round.tables {
                game(conn, table.id, "B")?;
            }
            draws::close_round(conn, &cli(), now(), &slug, last)?;
            let done = finals::draw_stage(conn, &cli(), now(), &slug);
            assert!(
                matches!(
                    done,
                    Err(AppError::Refusal(Refusal::Finals(FinalsRefusal::Complete)))
                ),
                "{done:?}"
            );
            let file = tournaments::export(conn, Some(&cli()), &slug)?;
            let bracket = finals::bracket(&file)?;
            assert_eq!(bracket.placings().len(), 4);
            let after = tournaments::standings(conn, Some(&cli()), &slug, Lang::De)?;
            assert_eq!(after.standings.standings, standings.standings.standings);
            Ok(())
        })
        .await
        .unwrap();
}

async fn only_the_club_and_the_administrator_manage_a_tournament(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.state
        .db
        .run(|conn| {
            let slug = create(conn, "Vereinssache", json!(null))?;
            let club = kartl::service::import::club_named(conn, "Watterclub", now())?;
            let other = kartl::service::import::club_named(conn, "Andere", now())?;
            let actor = |kind| Actor {
                user_id: None,
                name: "x".into(),
                kind,
            };
            let own = actor(ActorKind::Secretary { club_id: club });
            let stranger = actor(ActorKind::Secretary { club_id: other });
            let admin = actor(ActorKind::Admin);
            entrants::add_player(conn, &own, now(), &slug, "Anna", None)?;
            entrants::add_player(conn, &admin, now(), &slug, "Bert", None)?;
            let refused = entrants::add_player(conn, &stranger, now(), &slug, "Carl", None);
            assert!(
                matches!(refused, Err(AppError::NotFound)),
                "private: 404, {refused:?}"
            );
            assert!(matches!(
                tournaments::get(conn, Some(&stranger), &slug),
                Err(AppError::NotFound)
            ));
            assert!(matches!(
                tournaments::get(conn, None, &slug),
                Err(AppError::NotFound)
            ));
            assert!(tournaments::list(conn, None)?.is_empty());
            assert_eq!(tournaments::list(conn, Some(&own))?.len(), 1);
            tournaments::set_public(conn, &own, now(), &slug, true)?;
            assert!(tournaments::get(conn, None, &slug).is_ok());
            let refused = entrants::add_player(conn, &stranger, now(), &slug, "Carl", None);
            assert!(
                matches!(refused, Err(AppError::Forbidden)),
                "public: 403, {refused:?}"
            );
            let refused = tournaments::set_public(conn, &stranger, now(), &slug, false);
            assert!(matches!(refused, Err(AppError::Forbidden)));
            Ok(())
        })
        .await
        .unwrap();
}
