//! What the browser tests start from: the app, a tournament built by the fixture
//! (`tests/common/fixture`: through the service layer; the secretary's pages have their own
//! tests), round 1 drawn and the table cards issued.

use crate::common::{Backend, TestApp};
use kartl::db::models::{DealVersionRow, TableId};

/// How a test tournament looks: the fixture's [`Spec`] (game, variant, target, names).
pub use crate::common::fixture::Spec;

pub struct Tournament {
    pub slug: String,
    /// Round 1's tables: the scorer link's path `/s/…` of each.
    pub links: Vec<String>,
    pub tables: Vec<TableId>,
}

pub async fn app() -> TestApp {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    app.setup().await;
    app
}

pub async fn tournament(app: &TestApp, spec: Spec) -> Tournament {
    let built = app.build(spec).await;
    Tournament {
        slug: built.slug,
        links: built.tokens.iter().map(|t| format!("/s/{t}")).collect(),
        tables: built.tables,
    }
}

/// Every stored version of a table's deals.
pub async fn versions(app: &TestApp, table: TableId) -> Vec<DealVersionRow> {
    app.versions(table).await
}

/// The standings as the API answers them.
pub async fn standings(app: &TestApp, slug: &str) -> Vec<serde_json::Value> {
    app.standings(slug).await
}

/// The referee's result for a record, as JSON (what the pages must agree with).
pub fn referee(record: &serde_json::Value) -> serde_json::Value {
    let report = kartl::rules::referee(&record.to_string(), kartl::rules::Lang::De).unwrap();
    serde_json::to_value(&report).unwrap()
}

/// Stores `deals` at a table as confirmed by the secretary (a game's earlier deals, so a
/// browser test can start where its subject begins).
pub async fn seed_deals(app: &TestApp, table: TableId, deals: Vec<serde_json::Value>) {
    app.seed_deals(table, deals).await
}
