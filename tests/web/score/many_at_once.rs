//! Many saves of a few tables at once, through the real app and its writer threads (four
//! on PostgreSQL, each running batches of saves in one transaction that holds every saved
//! table's lock until its commit). Two saves of one table in two batches running at once,
//! with a second table crosswise, would each wait for the other's lock: PostgreSQL ends
//! that with a deadlock error, answered 503. Every save must be answered (stored or stale),
//! never 503, and every acknowledged one must be in the record where it was acknowledged.
//!
//! `KARTL_MANY_AT_ONCE_ROUNDS` sets the rounds (default 12).

use super::*;
use crate::common::fixture::numbered;
use std::sync::Arc;

crate::both_backends!(many_saves_of_a_few_tables_at_once_are_all_answered_and_kept);

/// Saves sent at once per table and round.
const PER_TABLE: usize = 8;

/// One scorer's phone per table: its browser and form token.
struct Phone {
    token: String,
    browser: Browser,
    csrf: String,
}

/// What one save was answered.
enum Answer {
    Stored { key: String },
    Stale,
}

async fn save(phone: Arc<Phone>, based_on: usize, deal: Value, key: String) -> Answer {
    let res = phone
        .browser
        .post(
            &format!("/s/{}/save", phone.token),
            &[
                ("csrf", phone.csrf.as_str()),
                ("deal", &deal.to_string()),
                ("based_on", &based_on.to_string()),
                ("key", &key),
            ],
        )
        .await;
    match res.status {
        StatusCode::SEE_OTHER => Answer::Stored { key },
        // Another save of the same place came first: nothing stored, and said so.
        StatusCode::CONFLICT => Answer::Stale,
        other => panic!("a save answered {other}: {}", res.body),
    }
}

async fn many_saves_of_a_few_tables_at_once_are_all_answered_and_kept(backend: Backend) {
    let rounds: usize = std::env::var("KARTL_MANY_AT_ONCE_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    let app = TestApp::spawn(&backend).await;
    // The service answers once it is set up (an administrator exists).
    app.setup().await;
    // Eight teams of two: four tables. Every save is confirmed at once.
    let built = app
        .build(Spec {
            players: numbered(16),
            confirmation: Confirmation::None,
            ..Spec::new(kartl::rules::Game::Watten)
        })
        .await;
    let mut phones = Vec::new();
    for (_, token) in built.tables_with_tokens() {
        let browser = app.browser();
        let csrf = csrf_in(&browser.get(&format!("/s/{token}")).await.body).unwrap();
        phones.push(Arc::new(Phone {
            token,
            browser,
            csrf,
        }));
    }
    // The keys acknowledged per table, in deal order.
    let mut acked: Vec<Vec<String>> = vec![Vec::new(); phones.len()];
    for round in 0..rounds {
        // Winners alternate by round: no table reaches its game's end.
        let deal = json!({"winner": if round % 2 == 0 { "A" } else { "B" }, "points": 2});
        let mut sent = Vec::new();
        for _ in 0..PER_TABLE {
            for (t, phone) in phones.iter().enumerate() {
                let key = kartl::auth::tokens::random_token().unwrap();
                let task = tokio::spawn(save(phone.clone(), round, deal.clone(), key));
                sent.push((t, task));
            }
        }
        let mut stored = vec![Vec::new(); phones.len()];
        for (t, task) in sent {
            if let Answer::Stored { key } = task.await.unwrap() {
                stored[t].push(key);
            }
        }
        for (t, keys) in stored.into_iter().enumerate() {
            // All were drawn from the same record: the first stored, the others stale.
            assert_eq!(keys.len(), 1, "table {t}, round {round}: stored {keys:?}");
            acked[t].extend(keys);
        }
    }
    for ((table, _), keys) in built.tables_with_tokens().into_iter().zip(acked) {
        let versions = app.versions(table).await;
        let stored: Vec<String> = versions
            .iter()
            .map(|v| v.submission_key.clone().unwrap_or_default())
            .collect();
        // One version per deal, each the acknowledged save, in the order acknowledged.
        assert_eq!(stored, keys, "table {table:?}");
        let places: Vec<i32> = versions.iter().map(|v| v.deal_no).collect();
        assert_eq!(places, (0..rounds as i32).collect::<Vec<_>>());
    }
}
