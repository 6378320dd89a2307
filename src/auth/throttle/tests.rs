//! The throttle's decisions against a fresh SQLite database.

use super::*;

fn t0() -> NaiveDateTime {
    chrono::DateTime::from_timestamp(1_800_000_000, 0)
        .unwrap()
        .naive_utc()
}

/// A fresh SQLite database with the migrations applied (the directory goes with it).
fn conn() -> (tempfile::TempDir, DbConn) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("throttle.db").display().to_string();
    let conn = db::open_one(&db::DbUrl::parse(&path).unwrap()).unwrap();
    (dir, conn)
}

#[test]
fn five_failures_are_free_then_the_delay_doubles() {
    let (_dir, mut c) = conn();
    let now = t0();
    for _ in 0..5 {
        assert_eq!(wait(&mut c, "Anna", "1.2.3.4", now).unwrap(), None);
        failed(&mut c, "Anna", "1.2.3.4", now).unwrap();
    }
    assert_eq!(
        wait(&mut c, "anna ", "1.2.3.4", now).unwrap(),
        Some(TimeDelta::seconds(30))
    );
    assert_eq!(
        wait(&mut c, "Berta", "1.2.3.4", now).unwrap(),
        None,
        "the neighbour is not locked out"
    );
    let later = now + TimeDelta::seconds(30);
    assert_eq!(wait(&mut c, "Anna", "1.2.3.4", later).unwrap(), None);
    failed(&mut c, "Anna", "1.2.3.4", later).unwrap();
    assert_eq!(
        wait(&mut c, "Anna", "1.2.3.4", later).unwrap(),
        Some(TimeDelta::seconds(60))
    );
    succeeded(&mut c, "Anna", "1.2.3.4").unwrap();
    assert_eq!(wait(&mut c, "Anna", "1.2.3.4", later).unwrap(), None);
}

#[test]
fn a_spraying_address_is_slowed_down_and_the_delay_is_capped() {
    let (_dir, mut c) = conn();
    let now = t0();
    for i in 0..ADDRESS_FREE {
        failed(&mut c, &format!("user{i}"), "5.6.7.8", now).unwrap();
    }
    assert!(wait(&mut c, "someone", "5.6.7.8", now).unwrap().is_some());
    assert_eq!(wait(&mut c, "someone", "9.9.9.9", now).unwrap(), None);
    for _ in 0..40 {
        failed(&mut c, "x", "1.1.1.1", now).unwrap();
    }
    assert_eq!(
        wait(&mut c, "x", "2.2.2.2", now).unwrap(),
        Some(TimeDelta::seconds(MAX_DELAY_SECS))
    );
}

#[test]
fn failed_logins_under_any_name_do_not_throttle_resets() {
    let (_dir, mut c) = conn();
    let now = t0();
    for _ in 0..10 {
        failed(&mut c, "name:anna", "address:10.0.0.77", now).unwrap();
        failed(&mut c, "reset", "10.0.0.77", now).unwrap();
    }
    let go = Claim::Go { address: None };
    assert_eq!(reset_attempt(&mut c, "Anna", "10.0.0.77", now).unwrap(), go);
    assert_eq!(wait(&mut c, "10.0.0.77", "1.1.1.1", now).unwrap(), None);
}

#[test]
fn an_attempt_is_counted_before_it_is_checked() {
    let (_dir, mut c) = conn();
    let now = t0();
    let go = Claim::Go { address: None };
    for _ in 0..ACCOUNT_FREE {
        assert_eq!(login_attempt(&mut c, "Anna", "1.2.3.4", now).unwrap(), go);
    }
    // The sixth is refused before anything is checked, and refusals do not prolong it.
    let thirty = Claim::Wait(TimeDelta::seconds(30));
    for _ in 0..3 {
        assert_eq!(
            login_attempt(&mut c, "anna", "1.2.3.4", now).unwrap(),
            thirty
        );
    }
    // Once the wait is over, one attempt (not a burst) goes ahead.
    let later = now + TimeDelta::seconds(30);
    assert_eq!(login_attempt(&mut c, "Anna", "1.2.3.4", later).unwrap(), go);
    let sixty = Claim::Wait(TimeDelta::seconds(60));
    assert_eq!(
        login_attempt(&mut c, "Anna", "1.2.3.4", later).unwrap(),
        sixty
    );
    // A right password clears the name and gives the address its attempt back.
    succeeded(&mut c, "Anna", "1.2.3.4").unwrap();
    assert_eq!(login_attempt(&mut c, "Anna", "1.2.3.4", later).unwrap(), go);
}

#[test]
fn reset_codes_wait_per_name_after_five_and_per_address_after_fifty() {
    let (_dir, mut c) = conn();
    let now = t0();
    let go = Claim::Go { address: None };
    for _ in 0..ACCOUNT_FREE {
        assert_eq!(reset_attempt(&mut c, "Anna", "10.0.0.77", now).unwrap(), go);
    }
    let thirty = Claim::Wait(TimeDelta::seconds(30));
    assert_eq!(
        reset_attempt(&mut c, "ANNA", "10.0.0.78", now).unwrap(),
        thirty
    );
    // Berta behind the same address is not locked out by Anna's guesser.
    assert_eq!(
        reset_attempt(&mut c, "Berta", "10.0.0.77", now).unwrap(),
        go
    );
    for i in 0..ADDRESS_FREE {
        let _ = reset_attempt(&mut c, &format!("n{i}"), "10.0.0.77", now).unwrap();
    }
    let refused = reset_attempt(&mut c, "Carla", "10.0.0.77", now).unwrap();
    assert!(matches!(refused, Claim::Wait(_)), "{refused:?}");
    assert!(wait(&mut c, "Carla", "10.0.0.77", now).unwrap().is_none());
}

#[test]
fn failures_older_than_a_day_are_forgotten() {
    let (_dir, mut c) = conn();
    let now = t0();
    for _ in 0..20 {
        failed(&mut c, "Anna", "1.2.3.4", now).unwrap();
    }
    let next_day = now + MEMORY;
    assert_eq!(wait(&mut c, "Anna", "1.2.3.4", next_day).unwrap(), None);
    failed(&mut c, "Anna", "1.2.3.4", next_day).unwrap();
    assert_eq!(
        wait(&mut c, "Anna", "1.2.3.4", next_day).unwrap(),
        None,
        "one fresh failure after the old ones were forgotten is still free"
    );
}
