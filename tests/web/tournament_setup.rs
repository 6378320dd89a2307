//! Running a tournament through the service (issue 6): entrants from CSV, draws from a stored
//! seed, swapping seats, knockout finals, and who may do what.

use crate::both_backends;
use crate::common::{Backend, TestApp};
use kartl::db::DbConn;
use kartl::rules::{Game, Lang};
use kartl::service::deals::{DealInput, DealSource, DealStatus};
use kartl::service::{Actor, ActorKind, deals, draws, entrants_csv, finals, tournaments};
use kartl::tournament::format::Format;
use kartl::web::AppError;
use serde_json::{Value, json};

both_backends!(
    csv_errors_name_the_line_and_enter_nothing,
    a_csv_file_enters_players_and_their_teams,
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

fn csv_of_teams(n: usize) -> String {
    let mut text = String::from("Name;Startnummer;Team\n");
    for i in 0..2 * n {
        text.push_str(&format!("Spieler {i};{};Team {}\n", i + 1, i / 2 + 1));
    }
    text
}

async fn csv_errors_name_the_line_and_enter_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.state
        .db
        .run(|conn| {
            let slug = create(conn, "CSV", json!(null))?;
            let cases = [
                ("name,start_no\nAnna,1\nBert,zwei\n", "line 3"),
                (
                    "name,start_no\nAnna,1\nBert,1\n",
                    "line 3: start number 1 is taken on line 2",
                ),
                (
                    "name,verein\nAnna,SK\n",
                    "line 1: unknown column \"verein\"",
                ),
                ("start_no\n1\n", "line 1: no column \"name\""),
                ("name\nAnna\n\"\"\n", "line 3: the name is empty"),
                (
                    "name,team\nAnna,T1\nBert,T1\nCarl,T1\n",
                    "team \"T1\": a team has 2 players",
                ),
                ("name,team\nAnna,T1\nBert\n", "line 3"),
                ("name\n", "no players"),
            ];
            for (text, expected) in cases {
                match entrants_csv::enter(conn, &cli(), now(), &slug, text) {
                    Err(AppError::BadRequest(m)) => {
                        assert!(m.contains(expected), "{text:?}: {m}");
                        assert!(m.contains("nothing was entered"), "{m}");
                    }
                    other => panic!("{text:?}: {other:?}"),
                }
            }
            let shown = tournaments::get(conn, Some(&cli()), &slug)?;
            assert!(shown.players.is_empty() && shown.teams.is_empty());
            Ok(())
        })
        .await
        .unwrap();
}

async fn a_csv_file_enters_players_and_their_teams(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.state
        .db
        .run(|conn| {
            let slug = create(conn, "CSV", json!(null))?;
            let ids = entrants_csv::enter(conn, &cli(), now(), &slug, &csv_of_teams(3))?;
            assert_eq!(ids, ["p1", "p2", "p3", "p4", "p5", "p6", "t1", "t2", "t3"]);
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
                entrants_csv::enter(conn, &cli(), now(), &slug, &csv_of_teams(8))?;
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
                assert!(matches!(early, Err(AppError::BadRequest(_))), "{early:?}");
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
    let input = DealInput {
        deal_no: no,
        record: rec,
        status: DealStatus::Confirmed,
        source: DealSource::Secretary,
        reason: None,
        expected_version: None,
        submission_key: None,
        ip: None,
    };
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
            entrants_csv::enter(conn, &cli(), now(), &slug, &csv_of_teams(5))?;
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
                matches!(refused, Err(AppError::BadRequest(_))),
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
            entrants_csv::enter(conn, &cli(), now(), &slug, &csv_of_teams(6))?;
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
                matches!(done, Err(AppError::BadRequest(ref m)) if m.contains("complete")),
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
            tournaments::add_player(conn, &own, now(), &slug, "Anna", None)?;
            tournaments::add_player(conn, &admin, now(), &slug, "Bert", None)?;
            let refused = tournaments::add_player(conn, &stranger, now(), &slug, "Carl", None);
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
            let refused = tournaments::add_player(conn, &stranger, now(), &slug, "Carl", None);
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
