//! The public cup pages' memory, as the tournament pages' (`web::public::cache`): the standings
//! last computed and the pages last rendered for anonymous visitors, each kept with the change
//! stamp it was made for (`service::cups::standings::stamp`). Every request reads the stamp
//! first and an entry is used only when its stamp is that one, so a deal confirmed at any
//! evening of the cup shows on the next request. One cache per process, shared by the actix
//! workers (made in `startup`).
//!
//! As on the tournament pages, an anonymous visitor's page reuses a stamp read less than
//! [`STAMP_TTL`] (one second) ago, and when it is older one request refreshes it while the
//! others are answered from the stamp and page kept (stale while refreshing): a crowd polling
//! the cup page costs one stamp query a second, not one per request (that query per request
//! kept the page under 0.3 of `/healthz`'s rate; docs/reference/performance.md, "The cup
//! page"). A change shows to anonymous visitors within a second; the downloads and
//! logged-in visitors always read the stamp. Each page is kept with its gzip copy, made once
//! per stamp (`web::public::gzip`): the cup page's 342 kB are what its rate was bound by.

use crate::service::cups::standings::{CupStamp, CupStandings};
use crate::web::i18n::Locale;
use crate::web::public::cache::room_for_page;
use crate::web::public::gzip::Rendered;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub use crate::web::public::cache::STAMP_TTL;

/// Standings and build turns kept at most; when full, the map starts over. The rendered
/// pages have the tournament pages' bounds (entries and bytes: `room_for_page`).
const MAX_ENTRIES: usize = 256;

type PageKey = (String, &'static str);

#[derive(Default, Clone)]
pub struct CupCache(Arc<Maps>);

#[derive(Default)]
struct Maps {
    standings: Mutex<HashMap<i32, (CupStamp, Arc<CupStandings>)>>,
    /// Each page with its gzip copy (both count against the bytes kept).
    pages: Mutex<HashMap<PageKey, (CupStamp, Rendered)>>,
    /// One turn per cup for computing its standings, so that the requests right after a
    /// change wait for one computation instead of each refereeing every evening.
    building: Mutex<HashMap<i32, Arc<tokio::sync::Mutex<()>>>>,
    /// The stamp last read for a cup's slug, and when (anonymous visitors' pages only).
    stamps: Mutex<HashMap<String, (Instant, CupStamp)>>,
    /// The slugs whose stamp one request is reading again now.
    refreshing: Mutex<HashSet<String>>,
}

impl CupCache {
    pub fn standings(&self, stamp: CupStamp) -> Option<Arc<CupStandings>> {
        let map = self.0.standings.lock().ok()?;
        map.get(&stamp.cup_id)
            .filter(|(s, _)| *s == stamp)
            .map(|(_, s)| s.clone())
    }

    pub fn keep_standings(&self, stamp: CupStamp, standings: Arc<CupStandings>) {
        if let Ok(mut map) = self.0.standings.lock() {
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            map.insert(stamp.cup_id, (stamp, standings));
        }
    }

    /// The stamp last read for `slug` and whether it is younger than [`STAMP_TTL`].
    pub fn known_stamp(&self, slug: &str) -> Option<(CupStamp, bool)> {
        let map = self.0.stamps.lock().ok()?;
        map.get(slug)
            .map(|(at, stamp)| (*stamp, at.elapsed() < STAMP_TTL))
    }

    pub fn keep_stamp(&self, slug: &str, stamp: CupStamp) {
        if let Ok(mut map) = self.0.stamps.lock() {
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            map.insert(slug.to_string(), (Instant::now(), stamp));
        }
    }

    /// Claims the refresh of `slug`'s stamp: `false` when another request has it.
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

    pub fn build_turn(&self, cup_id: i32) -> Arc<tokio::sync::Mutex<()>> {
        match self.0.building.lock() {
            Ok(mut map) => {
                if map.len() >= MAX_ENTRIES {
                    map.clear();
                }
                map.entry(cup_id).or_default().clone()
            }
            Err(_) => Arc::default(),
        }
    }

    pub fn page(&self, path: &str, locale: Locale, stamp: CupStamp) -> Option<Rendered> {
        let map = self.0.pages.lock().ok()?;
        map.get(&(path.to_string(), locale.tag()))
            .filter(|(s, _)| *s == stamp)
            .map(|(_, body)| body.clone())
    }

    pub fn keep_page(&self, path: &str, locale: Locale, stamp: CupStamp, body: Rendered) {
        if let Ok(mut map) = self.0.pages.lock() {
            let key = (path.to_string(), locale.tag());
            // The older copy goes first: it does not count against the room.
            map.remove(&key);
            // The tournament pages' bounds: entries and bytes (`PAGE_BYTES`).
            if room_for_page(&mut map, body.len()) {
                map.insert(key, (stamp, body));
            }
        }
    }
}
