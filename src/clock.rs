//! The time, injected: session expiry, reset codes and the login throttle ask the app state's
//! clock, so tests can move time forward instead of sleeping for half an hour.

use chrono::{NaiveDateTime, TimeDelta, Timelike, Utc};
use std::sync::Mutex;

/// The current time in UTC, stored as a naive timestamp (both backends share that type).
pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> NaiveDateTime;
}

/// The real clock.
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> NaiveDateTime {
        // Whole microseconds: what PostgreSQL keeps, so values read back compare equal.
        let now = Utc::now().naive_utc();
        let micros = now.nanosecond() / 1000 * 1000;
        now.with_nanosecond(micros).unwrap_or(now)
    }
}

/// A clock that stands still until told to move (for tests).
#[derive(Debug)]
pub struct ManualClock(Mutex<NaiveDateTime>);

impl ManualClock {
    pub fn new() -> ManualClock {
        ManualClock(Mutex::new(SystemClock.now()))
    }

    pub fn advance(&self, by: TimeDelta) {
        let mut now = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *now += by;
    }
}

impl Default for ManualClock {
    fn default() -> Self {
        ManualClock::new()
    }
}

impl Clock for ManualClock {
    fn now(&self) -> NaiveDateTime {
        *self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
