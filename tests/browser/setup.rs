//! What the browser tests start from: the app, a tournament built through the service layer
//! (the secretary's pages have their own tests), round 1 drawn and the table cards issued.

use crate::common::{Backend, TestApp};
use kartl::clock::Clock;
use kartl::db::models::{DealVersionRow, TableId};
use kartl::rules::Game;
use kartl::service::scoring::{self, Confirmation, links};
use kartl::service::{Actor, draws, tournaments};
use kartl::tournament::file::Variant;

pub struct Tournament {
    pub slug: String,
    /// Round 1's tables: the scorer link's path `/s/…` of each.
    pub links: Vec<String>,
    pub tables: Vec<TableId>,
}

/// How a test tournament looks: the game, its variant, target, names.
pub struct Spec {
    pub game: Game,
    pub variant: Option<Variant>,
    pub target: Option<u32>,
    pub options: Option<serde_json::Map<String, serde_json::Value>>,
    pub club: String,
    pub name: String,
    pub players: Vec<String>,
    /// Players per team (1: single players).
    pub team_size: usize,
    pub team_names: Vec<String>,
    pub confirmation: Confirmation,
    /// The format and its settings (games per table, sessions and deals).
    pub format: kartl::tournament::format::Format,
    pub settings: Option<kartl::tournament::format::Settings>,
}

impl Spec {
    /// Four teams of two, plain names.
    pub fn new(game: Game) -> Spec {
        Spec {
            game,
            variant: None,
            target: None,
            options: None,
            club: "Kartlclub".into(),
            name: "Kartlturnier".into(),
            players: (1..=8).map(|i| format!("Spieler {i}")).collect(),
            team_size: 2,
            team_names: Vec::new(),
            confirmation: Confirmation::OtherSide,
            format: kartl::tournament::format::Format::Rounds,
            settings: None,
        }
    }
}

pub async fn app() -> TestApp {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    app.setup().await;
    app
}

pub async fn tournament(app: &TestApp, spec: Spec) -> Tournament {
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            let actor = Actor::command_line();
            let club = kartl::service::import::club_named(conn, &spec.club, now)?;
            let new = tournaments::NewTournament {
                club_id: club,
                name: spec.name.clone(),
                date: None,
                place: None,
                game: spec.game,
                variant: spec.variant,
                target: spec.target,
                options: spec.options.clone(),
                format: spec.format,
                settings: spec.settings.clone(),
                public: true,
            };
            let slug = tournaments::create(conn, &actor, now, &new)?;
            let mut ids = Vec::new();
            for name in &spec.players {
                ids.push(tournaments::add_player(
                    conn, &actor, now, &slug, name, None,
                )?);
            }
            // Single players (a `sessions` tournament) enter as themselves.
            for (i, team) in ids
                .chunks(spec.team_size)
                .enumerate()
                .filter(|_| spec.team_size > 1)
            {
                let name = spec.team_names.get(i).map_or("", String::as_str);
                tournaments::add_team(conn, &actor, now, &slug, name, team)?;
            }
            draws::draw_round(conn, &actor, now, &slug, Some(3))?;
            if spec.confirmation != Confirmation::default() {
                scoring::set_confirmation(conn, &actor, now, &slug, spec.confirmation)?;
            }
            let cards = links::issue_cards(conn, &actor, now, &slug, 1)?;
            let links = cards
                .cards
                .into_iter()
                .map(|c| format!("/s/{}", c.token))
                .collect();
            let detail = tournaments::get(conn, Some(&actor), &slug)?;
            let tables = detail.rounds[0].tables.iter().map(|t| t.id).collect();
            Ok(Tournament {
                slug,
                links,
                tables,
            })
        })
        .await
        .unwrap()
}

/// Every stored version of a table's deals.
pub async fn versions(app: &TestApp, table: TableId) -> Vec<DealVersionRow> {
    app.state
        .db
        .run(move |conn| Ok(DealVersionRow::of_table(conn, table)?))
        .await
        .unwrap()
}

/// The standings as the API answers them.
pub async fn standings(app: &TestApp, slug: &str) -> Vec<serde_json::Value> {
    let res = app
        .browser()
        .get(&format!("/api/v1/tournaments/{slug}/standings"))
        .await;
    assert_eq!(res.status, reqwest::StatusCode::OK, "{}", res.body);
    let v: serde_json::Value = serde_json::from_str(&res.body).unwrap();
    v["standings"].as_array().unwrap().clone()
}

/// The referee's result for a record, as JSON (what the pages must agree with).
pub fn referee(record: &serde_json::Value) -> serde_json::Value {
    let report = kartl::rules::referee(&record.to_string(), kartl::rules::Lang::De).unwrap();
    serde_json::to_value(&report).unwrap()
}

/// Stores `deals` at a table as confirmed by the secretary (a game's earlier deals, so a
/// browser test can start where its subject begins).
pub async fn seed_deals(app: &TestApp, table: TableId, deals: Vec<serde_json::Value>) {
    use kartl::service::deals::{self, DealInput, DealSource, DealStatus};
    let now = app.clock.now();
    app.state
        .db
        .run(move |conn| {
            for (no, record) in deals.into_iter().enumerate() {
                let input = DealInput {
                    deal_no: no as i32,
                    record,
                    status: DealStatus::Confirmed,
                    source: DealSource::Secretary,
                    reason: None,
                    expected_version: Some(0),
                    submission_key: None,
                    ip: None,
                };
                deals::record_deal(conn, &Actor::command_line(), now, table, &input)?;
            }
            Ok(())
        })
        .await
        .unwrap()
}
