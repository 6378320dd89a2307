//! Cups across clubs: the shared steps (clubs with their secretaries, an organiser, Watten
//! evenings imported for a club, a cup made through the forms) and the tests.

mod german;
mod gzip;
mod lists;
mod merge_property;
mod player_page;
mod property;
mod running;
mod scenario;
mod stamp;

use crate::common::{Browser, TestApp, between, reset_code_in};
use diesel::prelude::*;
use kartl::clock::Clock;
use kartl::db::schema::{clubs, players};
use kartl::service::Actor;
use kartl::service::import::{ImportOptions, import};
use kartl::tournament::file::TournamentFile;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// xorshift64*: a reproducible stream for the property tests' random cups and evenings.
pub struct Rng(u64);

impl Rng {
    /// The stream of case `case` of a run seeded with `seed` (never zero).
    pub fn for_case(seed: u64, case: u64) -> Rng {
        Rng(seed.wrapping_add(case.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Six deals of one Watten game that `winner` wins (side `A` or `B`).
pub fn game(winner: &str) -> Vec<Value> {
    let loser = if winner == "A" { "B" } else { "A" };
    vec![
        json!({"winner": winner, "points": 3}),
        json!({"winner": loser, "points": 2}),
        json!({"winner": winner, "points": 4}),
        json!({"winner": winner, "points": 4}),
        json!({"winner": winner, "points": 4}),
        json!({"winner": loser, "points": 2}),
    ]
}

/// A Watten evening of teams of two (`teams[i]` the two players' names): in each round the
/// tables `rounds[r]`, each `(team, team, winner side)` by team index.
pub fn evening(name: &str, teams: &[[&str; 2]], rounds: &[Vec<(usize, usize, &str)>]) -> Value {
    let players: Vec<Value> = teams
        .iter()
        .enumerate()
        .flat_map(|(t, pair)| {
            pair.iter()
                .enumerate()
                .map(move |(k, n)| json!({"id": format!("p{}", 2 * t + k + 1), "name": n}))
        })
        .collect();
    let team_list: Vec<Value> = (0..teams.len())
        .map(|t| {
            json!({"id": format!("t{}", t + 1), "name": format!("Team {}", t + 1),
                   "players": [format!("p{}", 2 * t + 1), format!("p{}", 2 * t + 2)]})
        })
        .collect();
    let rounds: Vec<Value> = rounds
        .iter()
        .map(|tables| {
            let tables: Vec<Value> = tables
                .iter()
                .map(|(a, b, w)| {
                    json!({"seats": [format!("t{}", a + 1), format!("t{}", b + 1)],
                           "deals": game(w)})
                })
                .collect();
            json!({ "tables": tables })
        })
        .collect();
    json!({"name": name, "game": "watten", "format": "rounds",
           "players": players, "teams": team_list, "rounds": rounds})
}

/// Imports a finished evening for `club` on `date` (`YYYY-MM-DD`); returns its slug.
pub async fn store(app: &TestApp, club: &str, date: &str, file: &Value) -> String {
    let file = TournamentFile::parse(&file.to_string()).unwrap();
    let options = ImportOptions {
        club: club.to_string(),
        public: true,
        date: chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").ok(),
        ..ImportOptions::default()
    };
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| import(conn, &Actor::command_line(), now, &file, &options))
        .await
        .unwrap()
}

/// The administrator creates a club; returns its id.
pub async fn club(admin: &Browser, name: &str) -> String {
    let res = admin
        .submit("/admin", "/admin/clubs", &[("name", name)])
        .await;
    assert!(res.status.is_redirection() || res.status.is_success());
    let page = admin.get("/admin").await;
    page.body
        .split("<option value=\"")
        .skip(1)
        .find(|o| between(o, ">", "<").as_deref() == Some(name))
        .and_then(|o| o.split('"').next())
        .unwrap_or_else(|| panic!("club {name} on the admin page"))
        .to_string()
}

/// Redeems a reset code page's code for `name` and logs in; returns the browser.
async fn account(app: &TestApp, code_page: &str, name: &str) -> Browser {
    let password = format!("{name}s geheimes Passwort");
    let res = app
        .browser()
        .redeem(name, &reset_code_in(code_page), &password)
        .await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    let browser = app.browser();
    let res = browser.login(name, &password).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    browser
}

/// A secretary of the club `club_id`, logged in.
pub async fn secretary(app: &TestApp, admin: &Browser, club_id: &str, name: &str) -> Browser {
    let res = admin
        .submit(
            "/admin",
            "/admin/secretaries",
            &[("name", name), ("club", club_id)],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    account(app, &res.body, name).await
}

/// A cup organiser, logged in.
pub async fn organiser(app: &TestApp, admin: &Browser, name: &str) -> Browser {
    let res = admin
        .submit("/admin", "/admin/organisers", &[("name", name)])
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.body);
    account(app, &res.body, name).await
}

/// Creates a cup through the form; returns its slug.
pub async fn create_cup(organiser: &Browser, fields: &[(&str, &str)]) -> String {
    let res = organiser.submit("/cups", "/cups", fields).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.body);
    res.location()
        .unwrap()
        .strip_prefix("/cups/")
        .unwrap()
        .to_string()
}

/// Posts a form of the cup's working page.
pub async fn act(who: &Browser, cup: &str, action: &str, fields: &[(&str, &str)]) -> StatusCode {
    let page = format!("/cups/{cup}");
    let res = who.submit(&page, &format!("{page}/{action}"), fields).await;
    res.status
}

/// The register id of the player `name` of the club `club`, of the tournament `slug`.
pub async fn player_id(app: &TestApp, club: &str, slug: &str, name: &str) -> i32 {
    use kartl::db::schema::{tournament_players, tournaments};
    let (club, slug, name) = (club.to_string(), slug.to_string(), name.to_string());
    app.state
        .db
        .run(move |conn| {
            Ok(players::table
                .inner_join(clubs::table)
                .inner_join(tournament_players::table.inner_join(tournaments::table))
                .filter(clubs::name.eq(club))
                .filter(players::name.eq(name))
                .filter(tournaments::slug.eq(slug))
                .select(players::id)
                .first::<i32>(conn)?)
        })
        .await
        .unwrap()
}
