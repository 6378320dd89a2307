//! The secretary's state changes posted six times at once (a double click, a nervous
//! secretary on two devices): one takes effect and writes its one audit event, the others are
//! answered as done (on PostgreSQL six parallel finishes wrote
//! `tournament_finished` six times, one undraw `round_undrawn` six times, `round_closed` twice).

use crate::both_backends;
use crate::common::{Backend, Browser, TestApp, csrf_in};
use crate::tables::{audit_events, desk};
use kartl::service::scoring::Confirmation;
use reqwest::StatusCode;
use std::sync::Arc;

both_backends!(
    six_parallel_closes_close_once,
    six_parallel_finishes_finish_once,
    six_parallel_undraws_take_back_once,
);

const AT_ONCE: usize = 6;

/// Posts `fields` (with `page`'s CSRF token) to `action` six times at once; the answers.
async fn six_at_once(
    b: &Browser,
    page: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> Vec<StatusCode> {
    let csrf = csrf_in(&b.get(page).await.body).unwrap();
    let mut all = vec![("csrf".to_string(), csrf)];
    all.extend(fields.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let barrier = Arc::new(tokio::sync::Barrier::new(AT_ONCE));
    let tasks: Vec<_> = (0..AT_ONCE)
        .map(|_| {
            let (client, url) = (b.client.clone(), b.url(action));
            let (all, barrier) = (all.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                client.post(url).form(&all).send().await.unwrap().status()
            })
        })
        .collect();
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.unwrap());
    }
    answers
}

async fn count(app: &TestApp, slug: &str, action: &str) -> usize {
    let events = audit_events(app, slug).await;
    events.iter().filter(|e| e.action == action).count()
}

async fn close(b: &Browser, slug: &str) -> Vec<StatusCode> {
    let round = format!("/t/{slug}/rounds/1");
    six_at_once(b, &round, &format!("{round}/close"), &[("anyway", "yes")]).await
}

async fn six_parallel_closes_close_once(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let answers = close(&d.sepp, &d.slug).await;
    assert!(
        answers.iter().all(|s| *s == StatusCode::SEE_OTHER),
        "{answers:?}"
    );
    assert_eq!(count(&d.app, &d.slug, "round_closed").await, 1);
}

async fn six_parallel_finishes_finish_once(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    assert!(
        close(&d.sepp, &d.slug)
            .await
            .contains(&StatusCode::SEE_OTHER)
    );
    let page = format!("/t/{}", d.slug);
    let answers = six_at_once(&d.sepp, &page, &format!("{page}/finish"), &[]).await;
    assert!(
        answers.iter().all(|s| *s == StatusCode::SEE_OTHER),
        "{answers:?}"
    );
    assert_eq!(count(&d.app, &d.slug, "tournament_finished").await, 1);
    // Sent once more later: the same answer, nothing written.
    let again = d.sepp.submit(&page, &format!("{page}/finish"), &[]).await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
    assert_eq!(count(&d.app, &d.slug, "tournament_finished").await, 1);
}

async fn six_parallel_undraws_take_back_once(backend: Backend) {
    let d = desk(&backend, Confirmation::OtherSide).await;
    let page = format!("/t/{}", d.slug);
    let action = format!("{page}/rounds/1/undraw");
    let answers = six_at_once(&d.sepp, &page, &action, &[]).await;
    // Those that came after the first was done see no round 1 to take back (409 with the
    // page's reason); none fails, at least one took it back.
    assert!(answers.contains(&StatusCode::SEE_OTHER), "{answers:?}");
    assert!(
        answers
            .iter()
            .all(|s| [StatusCode::SEE_OTHER, StatusCode::CONFLICT].contains(s)),
        "{answers:?}"
    );
    assert_eq!(count(&d.app, &d.slug, "round_undrawn").await, 1);
}
