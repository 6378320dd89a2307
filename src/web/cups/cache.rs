//! The public cup pages' memory, as the tournament pages' (`web::public::cache`): the standings
//! last computed and the pages last rendered for anonymous visitors, each kept with the change
//! stamp it was made for (`service::cups::standings::stamp`). Every request reads the stamp
//! first and an entry is used only when its stamp is that one, so a deal confirmed at any
//! evening of the cup shows on the next request. One cache per actix worker.
//!
//! Unlike the tournament pages the stamp is read on every request (no one-second reuse): it is
//! one query over the cup's accepted evenings, and a cup page is polled by the room, not by a
//! whole tournament's tables at once.

use crate::service::cups::standings::{CupStamp, CupStandings};
use crate::web::i18n::Locale;
use actix_web::web::Bytes;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Entries kept at most per map; when full, the map starts over.
const MAX_ENTRIES: usize = 256;

type PageKey = (String, &'static str);

#[derive(Default, Clone)]
pub struct CupCache(Arc<Maps>);

#[derive(Default)]
struct Maps {
    standings: Mutex<HashMap<i32, (CupStamp, Arc<CupStandings>)>>,
    pages: Mutex<HashMap<PageKey, (CupStamp, Bytes)>>,
    /// One turn per cup for computing its standings, so that the requests right after a
    /// change wait for one computation instead of each refereeing every evening.
    building: Mutex<HashMap<i32, Arc<tokio::sync::Mutex<()>>>>,
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

    pub fn page(&self, path: &str, locale: Locale, stamp: CupStamp) -> Option<Bytes> {
        let map = self.0.pages.lock().ok()?;
        map.get(&(path.to_string(), locale.tag()))
            .filter(|(s, _)| *s == stamp)
            .map(|(_, body)| body.clone())
    }

    pub fn keep_page(&self, path: &str, locale: Locale, stamp: CupStamp, body: Bytes) {
        if let Ok(mut map) = self.0.pages.lock() {
            if map.len() >= MAX_ENTRIES {
                map.clear();
            }
            map.insert((path.to_string(), locale.tag()), (stamp, body));
        }
    }
}
