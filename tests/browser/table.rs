//! The scorer's page as a phone user works it: check → preview → save, the other side's
//! confirmation tap, the score shown.

use crate::driver::Session;
use std::time::{Duration, Instant};

/// Opens a table page (`/s/…`) of the app at `base`.
pub async fn open(s: &Session, base: &str, link: &str) {
    s.goto(&format!("{base}{link}")).await;
    s.wait_for(".score-board").await;
}

/// The preview's words after a check ("A schreibt 3, Stand 3:0").
pub async fn preview(s: &Session) -> String {
    let e = s.wait_for("#score-preview-words").await;
    s.text(&e).await
}

/// Number of deals in the table's list.
pub async fn deal_count(s: &Session) -> usize {
    s.find_all(".score-deals li").await.len()
}

/// Waits until the deal list holds `n` deals and none awaits confirmation (`pending: false`),
/// or some does (`pending: true`).
pub async fn wait_deals(s: &Session, n: usize, pending: bool) {
    let started = Instant::now();
    loop {
        let count = deal_count(s).await;
        let open = !s.find_all(".score-deals li.pending").await.is_empty();
        if count == n && open == pending {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "expected {n} deals (pending: {pending}), have {count} (pending: {open}):\n{}",
            s.body_text().await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The names of the sides as the page shows them, in side order.
pub async fn side_names(s: &Session) -> Vec<String> {
    let mut names = Vec::new();
    for e in s.find_all(".score-side").await {
        let text = s.text(&e).await;
        // "A Spieler 1 / Spieler 2": the tag, then the name.
        names.push(
            text.split_once(' ')
                .map_or(text.clone(), |(_, n)| n.to_string()),
        );
    }
    names
}
