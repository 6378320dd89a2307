//! The fixture ([`super::fixture`]) on a running [`TestApp`]: build a tournament, seed deals,
//! and read back what the checks compare (stored versions, the API's standings).

use super::TestApp;
use super::fixture::{self, Built, Spec};
use kartl::clock::Clock;
use kartl::db::models::{DealVersionRow, TableId};
use kartl::service::Actor;
use kartl::service::deals::{DealInput, Stored};
use serde_json::Value;

impl TestApp {
    /// Stores the tournament `spec` describes (see [`fixture::build`]).
    pub async fn build(&self, spec: Spec) -> Built {
        let now = self.clock.now();
        self.state
            .db
            .run(move |conn| fixture::build(conn, now, &spec))
            .await
            .expect("the fixture's tournament is stored")
    }

    /// Stores `records` as a table's first deals, confirmed by the secretary.
    pub async fn seed_deals(&self, table: TableId, records: Vec<Value>) {
        let now = self.clock.now();
        self.state
            .db
            .run(move |conn| fixture::seed(conn, now, table, records))
            .await
            .expect("the seeded deals are stored")
    }

    /// Stores `input` as `actor` at table `table` of round `round` (see [`fixture::record_at`]).
    pub async fn record_at(
        &self,
        actor: Actor,
        (slug, round, table): (&str, i32, i32),
        input: DealInput,
    ) -> Stored {
        let now = self.clock.now();
        let slug = slug.to_string();
        self.state
            .db
            .run(move |conn| fixture::record_at(conn, &actor, now, (&slug, round, table), &input))
            .await
            .expect("the deal is stored")
    }

    /// Every stored version of a table's deals.
    pub async fn versions(&self, table: TableId) -> Vec<DealVersionRow> {
        self.state
            .db
            .run(move |conn| Ok(DealVersionRow::of_table(conn, table)?))
            .await
            .expect("the table's versions")
    }

    /// The standings rows as the API answers them.
    pub async fn standings(&self, slug: &str) -> Vec<Value> {
        let res = self
            .browser()
            .get(&format!("/api/v1/tournaments/{slug}/standings"))
            .await;
        assert_eq!(res.status, reqwest::StatusCode::OK, "{}", res.body);
        let v: Value = serde_json::from_str(&res.body).expect("standings JSON");
        v["standings"].as_array().expect("a standings list").clone()
    }
}
