//! Races between the requests that change a table's deals: every pair of them
//! fired at once, many times, against the real app on each backend; after each trial every
//! acknowledged change must be in the record as if the acknowledged requests had run one
//! after the other (`model`), and nothing refused may show. Also the secretary's state changes
//! (finish, close, undraw) posted in parallel: one takes effect and writes its one event
//! (`once`); a table's change racing its round's close, the undraw or the finish (`closing`);
//! the secretary's state forms sent twice one after the other (`forms`).
//!
//! `KARTL_RACE_TRIALS` sets the trials per pair (default 25), `KARTL_RACE_PAIR` (`save/void`)
//! runs one pair only.

use crate::common::{Backend, Browser, TestApp, csrf_in};
use crate::tables::{Desk, desk, table_path};
use kartl::db::models::TableId;
use kartl::service::scoring::Confirmation;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::Arc;

mod closing;
mod forms;
mod model;
mod once;
mod pairs;
mod repeat;

use model::{Live, Op};

/// The desk's table 1 with its scorer: the pages and the tokens the requests need.
pub struct Bench {
    pub d: Desk,
    pub table: TableId,
    pub token: String,
    pub scorer: Browser,
    pub scorer_csrf: String,
    pub desk_csrf: String,
    /// A counter making every saved deal's record differ from its neighbours'.
    pub serial: std::sync::atomic::AtomicUsize,
}

impl Bench {
    pub async fn new(backend: &Backend) -> Bench {
        let d = desk(backend, Confirmation::OtherSide).await;
        let (table, token) = d.tables[0].clone();
        let scorer = d.app.browser();
        let scorer_csrf = csrf_in(&scorer.get(&format!("/s/{token}")).await.body).unwrap();
        let desk_csrf = csrf_in(&d.sepp.get(&table_path(&d.slug, 1)).await.body).unwrap();
        Bench {
            d,
            table,
            token,
            scorer,
            scorer_csrf,
            desk_csrf,
            serial: Default::default(),
        }
    }

    pub fn app(&self) -> &TestApp {
        &self.d.app
    }

    /// The table's live record as stored now.
    pub async fn live(&self) -> Live {
        Live::of(&self.app().versions(self.table).await)
    }

    /// A quick Watten deal (2 to 4 points, either side) unlike the ones before it.
    pub fn next_deal(&self) -> Value {
        let n = self
            .serial
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let winner = if n.is_multiple_of(2) { "A" } else { "B" };
        json!({"winner": winner, "points": 2 + (n / 2) % 3})
    }

    /// Sends one request; whether the service acknowledged it as done.
    pub async fn send(&self, op: &Op) -> bool {
        let (res, what) = match op {
            Op::Save {
                based_on,
                deal,
                key,
            } => {
                let fields = [
                    ("csrf", self.scorer_csrf.as_str()),
                    ("deal", &deal.to_string()),
                    ("based_on", &based_on.to_string()),
                    ("key", key),
                ];
                let path = format!("/s/{}/save", self.token);
                (self.scorer.post(&path, &fields).await, "save")
            }
            Op::Undo { deal_no, version } => {
                let fields = [
                    ("csrf", self.scorer_csrf.as_str()),
                    ("deal_no", &deal_no.to_string()),
                    ("version", &version.to_string()),
                ];
                let path = format!("/s/{}/undo", self.token);
                (self.scorer.post(&path, &fields).await, "undo")
            }
            Op::Void {
                deal_no,
                version,
                key,
            } => {
                let fields = [
                    ("csrf", self.desk_csrf.as_str()),
                    ("version", &version.to_string()),
                    ("reason", "nie gespielt"),
                    ("key", key),
                ];
                let path = format!("{}/deals/{}/void", table_path(&self.d.slug, 1), deal_no + 1);
                (self.d.sepp.post(&path, &fields).await, "void")
            }
            Op::Correct {
                deal_no,
                version,
                deal,
                key,
            } => {
                let fields = [
                    ("csrf", self.desk_csrf.as_str()),
                    ("deal", &deal.to_string()),
                    ("based_on", &version.to_string()),
                    ("key", key),
                    ("reason", "falsch eingetragen"),
                ];
                let path = format!("{}/deals/{}/save", table_path(&self.d.slug, 1), deal_no + 1);
                (self.d.sepp.post(&path, &fields).await, "correct")
            }
        };
        match res.status {
            StatusCode::SEE_OTHER => true,
            // Stale, not the last deal any more, refused by the referee: nothing stored.
            StatusCode::CONFLICT | StatusCode::UNPROCESSABLE_ENTITY => false,
            other => panic!("{what}: unexpected {other}: {}", res.body),
        }
    }

    /// Brings the table to one or two live deals with the last one pending (the scorer's),
    /// one request at a time.
    pub async fn prepare(&self) -> Live {
        loop {
            let live = self.live().await;
            let n = live.deals.len();
            let pending = live.deals.last().is_some_and(|d| !d.confirmed);
            let op = if n > 2 || (n == 2 && !pending) {
                let last = live.deals.len() - 1;
                Op::Void {
                    deal_no: last as i32,
                    version: live.deals[last].version,
                    key: key(),
                }
            } else if !pending {
                Op::Save {
                    based_on: live.deals.len() as i32,
                    deal: self.next_deal(),
                    key: key(),
                }
            } else {
                return live;
            };
            assert!(self.send(&op).await, "preparing the table: {op:?} refused");
        }
    }
}

/// A fresh submission key as the forms carry.
pub fn key() -> String {
    kartl::auth::tokens::random_token().unwrap()
}

/// Sends both requests at once (after a barrier, each on its own task); whether each was
/// acknowledged.
pub async fn at_once(bench: &Arc<Bench>, a: Op, b: Op) -> (bool, bool) {
    let barrier = Arc::new(tokio::sync::Barrier::new(2));
    let fire = |op: Op| {
        let (bench, barrier) = (bench.clone(), barrier.clone());
        tokio::spawn(async move {
            barrier.wait().await;
            bench.send(&op).await
        })
    };
    let (x, y) = tokio::join!(fire(a), fire(b));
    (x.unwrap(), y.unwrap())
}

pub fn backend_name(backend: &Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres(_) => "postgres",
    }
}
