//! Players across tournaments: the consent for public display on every public page and
//! export (`consent`), the player's page (`page`), and the privacy download and erasure
//! (`privacy`). This file holds the evenings they share.
//!
//! Two public Watten evenings of the test club, four teams each, one round played: at every
//! table side A wins one game 15:0 (five deals of 3: a Schneider, 2 Bummerl; rules text,
//! Tyrolean "scoresheet with Bummerle": "Schneider, the losers have 0 points: 2 marks").
//! The second evening's first player is the first evening's first player: their entry is
//! pointed at the same `players` row, as the club's register will do.

mod consent;
mod page;
mod privacy;

use crate::common::TestApp;
use crate::common::fixture::{self, Spec};
use diesel::prelude::*;
use kartl::clock::Clock;
use kartl::db::schema::{players, team_members, tournament_players};
use kartl::service::{Actor, deals, draws, tournaments};
use serde_json::{Value, json};

pub const CLUB: &str = "SK Datenschutz";

/// The players in entry order: p1 and p2 play together in the first team, p3 and p4 in the
/// second, and so on (team names are built from the players' names).
pub const NAMES: [&str; 8] = [
    "Annamirl Huberbauer",
    "Bartholomä Zangerl",
    "Crescentia Moosbrugger",
    "Dominikus Pfandl",
    "Eleonore Stockhammer",
    "Fridolin Gschwendtner",
    "Genoveva Rainalter",
    "Hieronymus Walchhofer",
];

/// Five deals of 3 for side A: A wins 15:0.
fn schneider() -> Vec<Value> {
    (0..5)
        .map(|_| json!({"winner": "A", "points": 3}))
        .collect()
}

/// One evening as stored.
pub struct Evening {
    pub slug: String,
    pub club_id: i32,
    /// Round 1's seats per table (team ids).
    pub seats: Vec<Vec<String>>,
    /// The `players` id of each entrant `p1`..`p8`, in order.
    pub players: Vec<i32>,
}

impl Evening {
    /// Whether team `team` sat on side A (and so won its game).
    pub fn won(&self, team: &str) -> bool {
        self.seats
            .iter()
            .any(|t| t.first().is_some_and(|s| s == team))
    }
}

fn spec(name: &str, day: u32) -> Spec {
    Spec {
        club: CLUB.into(),
        name: name.into(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, day),
        place: Some("Söll".into()),
        players: NAMES.iter().map(|n| n.to_string()).collect(),
        cards: false,
        ..Spec::new(kartl::rules::Game::Watten)
    }
}

/// The two evenings; the second's first entry points at the first's first `players` row.
pub async fn two_evenings(app: &TestApp) -> (Evening, Evening) {
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            let mut make = |name: &str, day: u32| {
                let built = fixture::build(conn, now, &spec(name, day))?;
                // Round 1 played (stored without submission keys: the fixture's keys are
                // the same in every tournament, and a key is unique across the database).
                for &table in &built.tables {
                    for (no, record) in schneider().into_iter().enumerate() {
                        deals::record_deal(
                            conn,
                            &actor,
                            now,
                            table,
                            &fixture::deal(no as i32, record),
                        )?;
                    }
                }
                draws::close_round(conn, &actor, now, &built.slug, 1)?;
                let d = tournaments::get(conn, Some(&actor), &built.slug)?;
                Ok::<_, kartl::error::AppError>(Evening {
                    slug: built.slug,
                    club_id: built.club_id,
                    seats: built.seats,
                    players: d.players.iter().map(|p| p.player_id).collect(),
                })
            };
            let first = make("Kathreinwatten", 21)?;
            let mut second = make("Adventwatten", 28)?;
            let (own, other) = (first.players[0], second.players[0]);
            diesel::update(
                tournament_players::table.filter(tournament_players::player_id.eq(other)),
            )
            .set(tournament_players::player_id.eq(own))
            .execute(conn)?;
            diesel::update(team_members::table.filter(team_members::player_id.eq(other)))
                .set(team_members::player_id.eq(own))
                .execute(conn)?;
            // The second row is left over (the register's merge would remove it): gone.
            diesel::delete(players::table.find(other)).execute(conn)?;
            second.players[0] = own;
            Ok((first, second))
        })
        .await
        .unwrap()
}
