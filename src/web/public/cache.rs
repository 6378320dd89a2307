//! The public pages' memory: the tournament as last computed (refereed and ranked) and the
//! pages last rendered for anonymous visitors, each kept with the change stamp it was made
//! for. Never the source of truth: every request reads the stamp from the database first
//! (`service::public::stamp`) and an entry is used only when its stamp is that one, so a
//! deal confirmed through another process (or another worker) shows on the next request.
//!
//! One cache per process, shared by the actix workers (made in `startup`, no global state):
//! a tournament's snapshot is built once for all of them, not once per worker, and kept once
//! in memory. Without it every request for the standings of a 200-team tournament would
//! referee every table.
//!
//! The one exception to "read the stamp first": for anonymous visitors the stamp read from the
//! database is remembered for [`STAMP_TTL`] (one second), so a crowd of phones polling the
//! same standings costs one stamp query per second instead of one per request. When it is
//! older, the request is still answered from it, and one background refresh per tournament
//! reads the new stamp and builds its snapshot; only then do the requests move on to the new
//! stamp (stale while revalidating). The request that starts the refresh waits for it at most
//! [`REFRESH_WAIT`], then is answered like the others. So an anonymous visitor waits for the
//! database or a rebuild at most that long once the tournament is in the cache: while 64
//! tables saved, every stamp was new and every request waited behind the rebuild and a
//! connection (docs/reference/performance.md). A change made in any process shows within a
//! second plus one rebuild — well inside the `max-age=5` the pages already allow browsers and
//! proxies.
//! Logged-in visitors always read the stamp (they see the change they just made at once).

use crate::db::models::TournamentRow;
use crate::service::public::Stamp;
use crate::service::tournaments::TournamentDetail;
use crate::tournament::evaluate::Evaluation;
use crate::tournament::file::TournamentFile;
use crate::web::i18n::Locale;
use crate::web::public::gzip::Rendered;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long an anonymous visitor's request may reuse a stamp read from the database.
pub const STAMP_TTL: Duration = Duration::from_secs(1);

/// How long the request that starts a refresh waits for it (the default of
/// `Settings::refresh_wait`). On a quiet machine a refresh ends well within it, and that
/// request shows the change; when the machine is saturated (a round's start: every table
/// entering at once) the refresh takes hundreds of milliseconds, and the one request a second
/// and tournament that waited for it was the pages' p99. Past the wait the request is
/// answered from the page kept and the refresh ends in the background.
pub const REFRESH_WAIT: Duration = crate::config::REFRESH_WAIT;

/// Entries kept at most per map; when full, the map starts over (entries are cheap to rebuild,
/// and a crawler walking every page of many tournaments must not grow memory without bound).
const MAX_ENTRIES: usize = 512;

/// Bytes of rendered pages kept at most (per map, so per process: the cache is shared by the
/// workers). A count alone does not bound memory: 512 standings pages of 5,000-team
/// tournaments are hundreds of MiB. A page larger than this is served, never kept.
pub const PAGE_BYTES: usize = 64 * 1024 * 1024;

/// Makes room in a map of rendered pages for one more of `adding` bytes (a page and its gzip
/// copy together): when the map holds [`MAX_ENTRIES`] pages, or the new page would take it
/// past [`PAGE_BYTES`], it starts over. `false` when the page alone is larger than the budget
/// (not to be kept). Shared with the cup pages' cache.
pub(crate) fn room_for_page<K, S>(map: &mut HashMap<K, (S, Rendered)>, adding: usize) -> bool {
    if adding > PAGE_BYTES {
        return false;
    }
    let kept: usize = map.values().map(|(_, page)| page.len()).sum();
    if map.len() >= MAX_ENTRIES || kept + adding > PAGE_BYTES {
        map.clear();
    }
    true
}

/// A tournament as the public pages show it: its confirmed state, the file built from it and
/// the referee's evaluation.
pub struct Snapshot {
    /// The tournament's state without its deals: those are in `file` alone (a snapshot held
    /// them twice, as `serde_json` values, for every deal of the day: the part of the memory
    /// that grew with the deals). Count them with [`Snapshot::deals_at`].
    pub detail: TournamentDetail,
    pub file: TournamentFile,
    pub eval: Evaluation,
    /// The numbers of the rounds that count (not knockout), in the order of
    /// `eval.standings.rounds`.
    pub counted: Vec<i32>,
    /// Entrant id to name.
    names: HashMap<String, String>,
    /// Per round (in `detail.rounds`' order) the deals that count at each of its tables.
    deal_counts: Vec<Vec<usize>>,
}

impl Snapshot {
    /// Referees every table and ranks (real work: call it off the actix workers).
    pub fn build(mut detail: TournamentDetail) -> Result<Snapshot, crate::web::AppError> {
        let file = detail.file();
        let deal_counts = detail
            .rounds
            .iter_mut()
            .map(|r| {
                (r.tables.iter_mut())
                    .map(|t| std::mem::take(&mut t.deals).len())
                    .collect()
            })
            .collect();
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
            deal_counts,
        })
    }

    /// The deals that count at table `table` (index in its round) of round `round` (index in
    /// `detail.rounds`).
    pub fn deals_at(&self, round: usize, table: usize) -> usize {
        (self.deal_counts.get(round))
            .and_then(|r| r.get(table))
            .copied()
            .unwrap_or(0)
    }

    /// Whether any deal counts in any round.
    pub fn any_deal(&self) -> bool {
        self.deal_counts.iter().flatten().any(|n| *n > 0)
    }

    /// Whether any deal counts in round `round` (index in `detail.rounds`).
    pub fn round_has_deal(&self, round: usize) -> bool {
        (self.deal_counts.get(round)).is_some_and(|r| r.iter().any(|n| *n > 0))
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

/// A tournament's snapshots, oldest first.
type Kept = VecDeque<(Stamp, Arc<Snapshot>)>;

/// Snapshots kept per tournament: the newest and the one before, so that a request still on
/// the previous stamp while a refresh moves on is answered without a rebuild.
const SNAPSHOTS_KEPT: usize = 2;

/// The cache; clones share it (a background refresh holds one).
#[derive(Default, Clone)]
pub struct PublicCache(Arc<Maps>);

#[derive(Default)]
struct Maps {
    stamps: Mutex<HashMap<String, RecentStamp>>,
    /// The slugs whose stamp a background refresh is reading now (one at a time each).
    refreshing: Mutex<HashSet<String>>,
    /// One turn per tournament for building its snapshot, so that the requests arriving right
    /// after a change wait for one build instead of each refereeing every table themselves.
    building: Mutex<HashMap<i32, Arc<tokio::sync::Mutex<()>>>>,
    snapshots: Mutex<HashMap<i32, Kept>>,
    /// Each page with its gzip copy (both count against [`PAGE_BYTES`]).
    pages: Mutex<HashMap<PageKey, (Stamp, Rendered)>>,
    /// How long the request that starts a refresh waits for it ([`REFRESH_WAIT`]).
    refresh_wait: Duration,
}

/// A stamp remembered for a slug, and whether it is still within [`STAMP_TTL`].
pub struct Known {
    pub row: TournamentRow,
    pub stamp: Stamp,
    pub fresh: bool,
}

/// Whether `new` is a later state than `old` of the same tournament (both parts of a stamp
/// only grow: the audit log is append-only).
fn not_older(new: Stamp, old: Stamp) -> bool {
    (new.events, new.last_event) >= (old.events, old.last_event)
}

impl PublicCache {
    /// An empty cache whose refreshing request waits at most `refresh_wait`.
    pub fn new(refresh_wait: Duration) -> PublicCache {
        PublicCache(Arc::new(Maps {
            refresh_wait,
            ..Maps::default()
        }))
    }

    pub fn refresh_wait(&self) -> Duration {
        self.0.refresh_wait
    }

    /// The tournament row and stamp last read for `slug`, however old (see [`Known::fresh`]).
    pub fn known_stamp(&self, slug: &str) -> Option<Known> {
        let map = self.0.stamps.lock().ok()?;
        map.get(slug).map(|(at, row, stamp)| Known {
            row: row.clone(),
            stamp: *stamp,
            fresh: at.elapsed() < STAMP_TTL,
        })
    }

    pub fn keep_stamp(&self, slug: &str, row: &TournamentRow, stamp: Stamp) {
        if let Ok(mut map) = self.0.stamps.lock() {
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            map.insert(slug.to_string(), (Instant::now(), row.clone(), stamp));
        }
    }

    /// Forgets the stamp of `slug`: the next request reads it from the database itself (and
    /// answers what that says: a tournament made private since is 404 at once).
    pub fn forget_stamp(&self, slug: &str) {
        if let Ok(mut map) = self.0.stamps.lock() {
            map.remove(slug);
        }
    }

    /// Claims the background refresh of `slug`: `false` when one runs already.
    pub fn begin_refresh(&self, slug: &str) -> bool {
        self.0
            .refreshing
            .lock()
            .is_ok_and(|mut set| set.insert(slug.to_string()))
    }

    pub fn end_refresh(&self, slug: &str) {
        if let Ok(mut set) = self.0.refreshing.lock() {
            set.remove(slug);
        }
    }

    /// The turn for building a snapshot of `tournament` (see `building`).
    pub fn build_turn(&self, tournament: i32) -> Arc<tokio::sync::Mutex<()>> {
        match self.0.building.lock() {
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
        let map = self.0.snapshots.lock().ok()?;
        map.get(&stamp.tournament_id)?
            .iter()
            .find(|(s, _)| *s == stamp)
            .map(|(_, snap)| snap.clone())
    }

    pub fn keep_snapshot(&self, stamp: Stamp, snap: Arc<Snapshot>) {
        if let Ok(mut map) = self.0.snapshots.lock() {
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            let kept = map.entry(stamp.tournament_id).or_default();
            if kept.iter().any(|(s, _)| *s == stamp) {
                return;
            }
            kept.push_back((stamp, snap));
            kept.make_contiguous()
                .sort_by_key(|(s, _)| (s.events, s.last_event));
            while kept.len() > SNAPSHOTS_KEPT {
                kept.pop_front();
            }
        }
    }

    /// The page at `path` in `locale` rendered for exactly this stamp, if any.
    pub fn page(&self, path: &str, locale: Locale, stamp: Stamp) -> Option<Rendered> {
        let map = self.0.pages.lock().ok()?;
        map.get(&(path.to_string(), locale.tag()))
            .filter(|(s, _)| *s == stamp)
            .map(|(_, body)| body.clone())
    }

    pub fn keep_page(&self, path: &str, locale: Locale, stamp: Stamp, body: Rendered) {
        if let Ok(mut map) = self.0.pages.lock() {
            let key = (path.to_string(), locale.tag());
            // A request still on the previous stamp does not replace the newer page.
            if map
                .get(&key)
                .is_some_and(|(old, _)| !not_older(stamp, *old))
            {
                return;
            }
            // The same page's older copy goes first: it does not count against the room.
            map.remove(&key);
            if room_for_page(&mut map, body.len()) {
                map.insert(key, (stamp, body));
            }
        }
    }

    /// Bytes of rendered pages kept now (gzip copies included).
    pub fn page_bytes(&self) -> usize {
        self.0
            .pages
            .lock()
            .map_or(0, |map| map.values().map(|(_, page)| page.len()).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::web::Bytes;

    fn stamp(events: i64) -> Stamp {
        Stamp {
            tournament_id: 1,
            events,
            last_event: i32::try_from(events).unwrap_or(0),
        }
    }

    /// Issue 29 (RSS flat after warm-up): the pages kept never pass the byte budget, however
    /// many large pages a crawler asks for, and the page asked for last is kept.
    #[test]
    fn the_pages_kept_stay_within_the_byte_budget() {
        let cache = PublicCache::default();
        // One allocation shared by every entry; the budget counts each page's length.
        let page = Rendered::plain(Bytes::from(vec![b'x'; 5 * 1024 * 1024]));
        let mut most = 0;
        for n in 0..100 {
            let path = format!("/p/t{n}");
            cache.keep_page(&path, Locale::De, stamp(1), page.clone());
            assert!(cache.page_bytes() <= PAGE_BYTES, "after page {n}");
            assert!(cache.page(&path, Locale::De, stamp(1)).is_some());
            most = most.max(cache.page_bytes());
        }
        assert!(most > PAGE_BYTES - page.len(), "the budget is used: {most}");
    }

    /// A page larger than the whole budget is not kept (it is rendered for every request).
    #[test]
    fn a_page_larger_than_the_budget_is_not_kept() {
        let cache = PublicCache::default();
        let small = Rendered::plain(Bytes::from_static(b"small"));
        cache.keep_page("/p/a", Locale::De, stamp(1), small);
        let huge = Rendered::plain(Bytes::from(vec![b'x'; PAGE_BYTES + 1]));
        cache.keep_page("/p/b", Locale::De, stamp(1), huge);
        assert!(cache.page("/p/b", Locale::De, stamp(1)).is_none());
        assert!(cache.page("/p/a", Locale::De, stamp(1)).is_some());
    }

    /// The same page of a newer stamp replaces the older copy: its bytes count once.
    #[test]
    fn a_newer_copy_of_a_page_replaces_the_older() {
        let cache = PublicCache::default();
        let page = Rendered::plain(Bytes::from(vec![b'x'; 1024]));
        for events in 1..=10 {
            cache.keep_page("/p/a", Locale::De, stamp(events), page.clone());
        }
        assert_eq!(cache.page_bytes(), 1024);
        assert!(cache.page("/p/a", Locale::De, stamp(10)).is_some());
    }

    /// Issue 28: a page's gzip copy is kept beside it and counts against the byte budget.
    #[test]
    fn a_pages_gzip_copy_counts_against_the_budget() {
        let cache = PublicCache::default();
        let html: String = (0..2000)
            .map(|i| format!("<td>Watterin {i}</td>"))
            .collect();
        let page = Rendered::compressed(Bytes::from(html.clone()));
        let gzip = page.gzip.as_ref().map_or(0, Bytes::len);
        assert!(gzip > 0);
        cache.keep_page("/p/a", Locale::De, stamp(1), page);
        assert_eq!(cache.page_bytes(), html.len() + gzip);
        let kept = cache.page("/p/a", Locale::De, stamp(1)).expect("kept");
        assert_eq!(kept.gzip.map(|g| g.len()), Some(gzip));
        // A page whose two copies together pass the budget is not kept.
        let over = Rendered {
            plain: Bytes::from(vec![b'x'; PAGE_BYTES / 2 + 1]),
            gzip: Some(Bytes::from(vec![b'y'; PAGE_BYTES / 2 + 1])),
        };
        cache.keep_page("/p/b", Locale::De, stamp(1), over);
        assert!(cache.page("/p/b", Locale::De, stamp(1)).is_none());
    }
}
