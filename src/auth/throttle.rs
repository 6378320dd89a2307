//! Login throttling, by account and by client address.
//!
//! After [`ACCOUNT_FREE`] failures for one account name (known or not, so the throttle tells
//! nothing about which names exist), each further attempt must wait a delay that doubles per
//! failure: 30 s, 1 min, 2 min, ... up to 15 min. A refused attempt computes no hash and does
//! not prolong the delay; the right password works again once the delay has passed, and a
//! success clears the account's count.
//!
//! A whole pub shares one address, so the per-address limit is far looser
//! ([`ADDRESS_FREE`] failures across all names) and only a password-spraying client meets it:
//! one account's bad luck never locks out its neighbours.
//!
//! The counters live in memory: kartl is one process, and a restart forgetting them costs an
//! attacker a restart of ours, which they cannot trigger.

use chrono::{NaiveDateTime, TimeDelta};
use std::collections::HashMap;
use std::sync::Mutex;

pub const ACCOUNT_FREE: u32 = 5;
pub const ADDRESS_FREE: u32 = 50;
const FIRST_DELAY_SECS: i64 = 30;
const MAX_DELAY_SECS: i64 = 15 * 60;
/// Failures older than this are forgotten.
const MEMORY: TimeDelta = TimeDelta::hours(24);
/// Above this many remembered keys, old ones are swept out.
const SWEEP_AT: usize = 10_000;

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    last: NaiveDateTime,
}

impl Failures {
    /// When the next attempt is allowed, if it must wait.
    fn wait_until(&self, free: u32) -> Option<NaiveDateTime> {
        if self.count < free {
            return None;
        }
        let doublings = (self.count - free).min(10);
        let secs = (FIRST_DELAY_SECS << doublings).min(MAX_DELAY_SECS);
        Some(self.last + TimeDelta::seconds(secs))
    }
}

#[derive(Debug, Default)]
pub struct Throttle {
    accounts: Mutex<HashMap<String, Failures>>,
    addresses: Mutex<HashMap<String, Failures>>,
}

/// Accounts are throttled by name as typed, case and surrounding space ignored.
fn account_key(name: &str) -> String {
    name.trim().to_lowercase()
}

fn lock(
    map: &Mutex<HashMap<String, Failures>>,
) -> std::sync::MutexGuard<'_, HashMap<String, Failures>> {
    map.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn pending(
    map: &Mutex<HashMap<String, Failures>>,
    key: &str,
    free: u32,
    now: NaiveDateTime,
) -> Option<TimeDelta> {
    let until = lock(map).get(key)?.wait_until(free)?;
    (until > now).then(|| until - now)
}

fn record(map: &Mutex<HashMap<String, Failures>>, key: String, now: NaiveDateTime) {
    let mut map = lock(map);
    if map.len() >= SWEEP_AT {
        map.retain(|_, f| now - f.last < MEMORY);
    }
    let entry = map.entry(key).or_insert(Failures {
        count: 0,
        last: now,
    });
    if now - entry.last >= MEMORY {
        entry.count = 0;
    }
    entry.count = entry.count.saturating_add(1);
    entry.last = now;
}

impl Throttle {
    /// How long this attempt must still wait, or `None` when it may go ahead.
    pub fn wait(&self, name: &str, address: &str, now: NaiveDateTime) -> Option<TimeDelta> {
        let by_account = pending(&self.accounts, &account_key(name), ACCOUNT_FREE, now);
        let by_address = pending(&self.addresses, address, ADDRESS_FREE, now);
        by_account.max(by_address)
    }

    pub fn failed(&self, name: &str, address: &str, now: NaiveDateTime) {
        record(&self.accounts, account_key(name), now);
        record(&self.addresses, address.to_string(), now);
    }

    /// A correct password clears the account's count (not the address's: a sprayer who knows
    /// one password must not reset their budget with it).
    pub fn succeeded(&self, name: &str) {
        lock(&self.accounts).remove(&account_key(name));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t0() -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_800_000_000, 0)
            .unwrap()
            .naive_utc()
    }

    #[test]
    fn five_failures_are_free_then_the_delay_doubles() {
        let th = Throttle::default();
        let now = t0();
        for _ in 0..5 {
            assert_eq!(th.wait("Anna", "1.2.3.4", now), None);
            th.failed("Anna", "1.2.3.4", now);
        }
        assert_eq!(
            th.wait("anna ", "1.2.3.4", now),
            Some(TimeDelta::seconds(30))
        );
        assert_eq!(
            th.wait("Berta", "1.2.3.4", now),
            None,
            "the neighbour is not locked out"
        );
        let later = now + TimeDelta::seconds(30);
        assert_eq!(th.wait("Anna", "1.2.3.4", later), None);
        th.failed("Anna", "1.2.3.4", later);
        assert_eq!(
            th.wait("Anna", "1.2.3.4", later),
            Some(TimeDelta::seconds(60))
        );
        th.succeeded("Anna");
        assert_eq!(th.wait("Anna", "1.2.3.4", later), None);
    }

    #[test]
    fn a_spraying_address_is_slowed_down_and_the_delay_is_capped() {
        let th = Throttle::default();
        let now = t0();
        for i in 0..ADDRESS_FREE {
            th.failed(&format!("user{i}"), "5.6.7.8", now);
        }
        assert!(th.wait("someone", "5.6.7.8", now).is_some());
        assert_eq!(th.wait("someone", "9.9.9.9", now), None);
        for _ in 0..40 {
            th.failed("x", "1.1.1.1", now);
        }
        assert_eq!(
            th.wait("x", "2.2.2.2", now),
            Some(TimeDelta::seconds(MAX_DELAY_SECS))
        );
    }
}
