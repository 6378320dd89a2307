//! The public pages' memory: the tournament as last computed (refereed and ranked) and the
//! pages last rendered for anonymous visitors, each kept with the change stamp it was made
//! for. Never the source of truth: every request reads the stamp from the database first
//! (`service::public::stamp`) and an entry is used only when its stamp is that one, so a
//! deal confirmed through another process (or another worker) shows on the next request.
//!
//! One cache per actix worker (created in the route configuration, no global state). Without
//! it every request for the standings of a 200-team tournament would referee every table.
//!
//! The one exception to "read the stamp first": for anonymous visitors the stamp read from the
//! database is remembered for [`STAMP_TTL`] (one second), so a crowd of phones polling the
//! same standings costs one stamp query per second and worker instead of one per request. A
//! change made in any process therefore shows within a second — well inside the
//! `max-age=5` the pages already allow browsers and proxies. Logged-in visitors always read
//! the stamp (they see the change they just made at once).

use crate::db::models::TournamentRow;
use crate::service::public::Stamp;
use crate::service::tournaments::TournamentDetail;
use crate::tournament::evaluate::Evaluation;
use crate::tournament::file::TournamentFile;
use crate::web::i18n::Locale;
use actix_web::web::Bytes;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long an anonymous visitor's request may reuse a stamp read from the database.
pub const STAMP_TTL: Duration = Duration::from_secs(1);

/// Entries kept at most per map; when full, the map starts over (entries are cheap to rebuild,
/// and a crawler walking every page of many tournaments must not grow memory without bound).
const MAX_ENTRIES: usize = 512;

/// A tournament as the public pages show it: its confirmed state, the file built from it and
/// the referee's evaluation.
pub struct Snapshot {
    pub detail: TournamentDetail,
    pub file: TournamentFile,
    pub eval: Evaluation,
    /// The numbers of the rounds that count (not knockout), in the order of
    /// `eval.standings.rounds`.
    pub counted: Vec<i32>,
    /// Entrant id to name.
    names: HashMap<String, String>,
}

impl Snapshot {
    /// Referees every table and ranks (real work: call it off the actix workers).
    pub fn build(detail: TournamentDetail) -> Result<Snapshot, crate::web::AppError> {
        let file = detail.file();
        // The language only words the rule messages of broken tables, which these pages do
        // not show (they name round and table), so one evaluation serves both languages.
        let eval = crate::service::tournaments::evaluate_file(&file, crate::rules::Lang::De)?;
        let counted = detail
            .rounds
            .iter()
            .filter(|r| !r.knockout)
            .map(|r| r.number)
            .collect();
        let names = file.entrants().into_iter().collect();
        Ok(Snapshot {
            names,
            detail,
            file,
            eval,
            counted,
        })
    }

    /// The entrants (teams, or players where they play for themselves): id and name.
    pub fn entrants(&self) -> Vec<(String, String)> {
        self.file.entrants()
    }

    /// The name of an entrant by its id in the file.
    pub fn name(&self, id: &str) -> String {
        self.names
            .get(id)
            .cloned()
            .unwrap_or_else(|| id.to_string())
    }
}

/// A page's key: its path and the language tag.
type PageKey = (String, &'static str);

/// A stamp as read from the database for a slug, and when.
type RecentStamp = (Instant, TournamentRow, Stamp);

#[derive(Default)]
pub struct PublicCache {
    stamps: Mutex<HashMap<String, RecentStamp>>,
    /// One turn per tournament for building its snapshot, so that the requests arriving right
    /// after a change wait for one build instead of each refereeing every table themselves.
    building: Mutex<HashMap<i32, Arc<tokio::sync::Mutex<()>>>>,
    snapshots: Mutex<HashMap<i32, (Stamp, Arc<Snapshot>)>>,
    pages: Mutex<HashMap<PageKey, (Stamp, Bytes)>>,
}

impl PublicCache {
    /// The tournament row and stamp read for `slug` less than [`STAMP_TTL`] ago, if any.
    pub fn recent_stamp(&self, slug: &str) -> Option<(TournamentRow, Stamp)> {
        let map = self.stamps.lock().ok()?;
        map.get(slug)
            .filter(|(at, _, _)| at.elapsed() < STAMP_TTL)
            .map(|(_, row, stamp)| (row.clone(), *stamp))
    }

    pub fn keep_stamp(&self, slug: &str, row: &TournamentRow, stamp: Stamp) {
        if let Ok(mut map) = self.stamps.lock() {
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            map.insert(slug.to_string(), (Instant::now(), row.clone(), stamp));
        }
    }

    /// The turn for building a snapshot of `tournament` (see `building`).
    pub fn build_turn(&self, tournament: i32) -> Arc<tokio::sync::Mutex<()>> {
        match self.building.lock() {
            Ok(mut map) => {
                if map.len() >= MAX_ENTRIES {
                    map.clear();
                }
                map.entry(tournament).or_default().clone()
            }
            // A poisoned map only loses the sharing: build alone.
            Err(_) => Arc::default(),
        }
    }

    /// The snapshot made for exactly this stamp, if any.
    pub fn snapshot(&self, stamp: Stamp) -> Option<Arc<Snapshot>> {
        let map = self.snapshots.lock().ok()?;
        map.get(&stamp.tournament_id)
            .filter(|(s, _)| *s == stamp)
            .map(|(_, snap)| snap.clone())
    }

    pub fn keep_snapshot(&self, stamp: Stamp, snap: Arc<Snapshot>) {
        if let Ok(mut map) = self.snapshots.lock() {
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            map.insert(stamp.tournament_id, (stamp, snap));
        }
    }

    /// The page at `path` in `locale` rendered for exactly this stamp, if any.
    pub fn page(&self, path: &str, locale: Locale, stamp: Stamp) -> Option<Bytes> {
        let map = self.pages.lock().ok()?;
        map.get(&(path.to_string(), locale.tag()))
            .filter(|(s, _)| *s == stamp)
            .map(|(_, body)| body.clone())
    }

    pub fn keep_page(&self, path: &str, locale: Locale, stamp: Stamp, body: Bytes) {
        if let Ok(mut map) = self.pages.lock() {
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            map.insert((path.to_string(), locale.tag()), (stamp, body));
        }
    }
}
