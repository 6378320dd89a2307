//! The secretary corrects a figure-game deal on a phone: the correction page has the scorer's
//! figure panel (following each tap through the secretary's own panel address) and card
//! picker; the corrected deal, with a baptised wild card, is stored as a new version.

use crate::common::{ADMIN, ADMIN_PASSWORD};
use crate::driver::Session;
use crate::setup::{Spec, app, seed_deals, tournament, versions};
use crate::table::preview;
use kartl::rules::figures::cards::Variant as Figures;
use kartl::rules::{Game, Variant};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Waits until the panel's `figure` shows a state containing `state`.
async fn panel_state(s: &Session, figure: &str, state: &str) {
    let started = Instant::now();
    loop {
        // The script swaps the panel in after each tap: an element found just before may
        // be gone when its text is asked for (then ask again).
        let now = match s.try_find(&format!("#figure-{figure} .figure-state")).await {
            Some(e) => s
                .call(
                    reqwest::Method::GET,
                    &format!("/element/{}/text", e.id()),
                    None,
                )
                .await
                .ok()
                .and_then(|t| t.as_str().map(str::to_string))
                .unwrap_or_default(),
            None => String::new(),
        };
        if now.contains(state) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "panel: {figure} shows {now:?}, expected {state:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn the_secretary_corrects_a_figure_deal_with_the_card_picker() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let mut spec = Spec::new(Game::Giltspiel);
    spec.variant = Some(Variant::Figures(Figures::GiltPerlique));
    let t = tournament(&app, spec).await;
    let first = json!({"events": [{"tricks": "B"}, {"show": {"gleich": "B", "hanger": "B"}}]});
    seed_deals(&app, t.tables[0], vec![first]).await;

    s.goto(&format!("{}/login", app.base)).await;
    s.fill("input[name=name]", ADMIN).await;
    s.fill("input[name=password]", ADMIN_PASSWORD).await;
    s.tap("form[action='/login'] button[type=submit]").await;
    s.wait_for(".user").await;
    let page = format!("/t/{}/rounds/1/tables/1/deals/1", t.slug);
    s.goto(&format!("{}{page}", app.base)).await;
    let typed = s.wait_for("#score-events-text").await;
    assert_eq!(
        s.attribute(&typed, "data-figures").await.as_deref(),
        Some(format!("{page}/figures").as_str())
    );
    for f in ["gleich", "hanger", "spiel"] {
        panel_state(&s, f, "offen").await;
    }

    // The panel follows the taps (fetched from the correction's own panel address).
    for ev in ["trump H", "bet gleich A", "hold gleich B", "tricks A"] {
        s.tap(&format!("button.ev[data-event='{ev}']")).await;
    }
    panel_state(&s, "gleich", "gehalten").await;
    panel_state(&s, "spiel", "geht an A").await;
    // The show through the picker: A three Aces, the trump Ober baptised as the leaf Ace.
    s.tap("#pick-open").await;
    s.select("#pick-what", "show gleich").await;
    s.tap(".pick-side[data-side='A']").await;
    for card in ["EA", "SA", "HO"] {
        s.tap(&format!("#pick-pack .pick-card[data-card='{card}']"))
            .await;
    }
    s.wait_for("#pick-baptise:not([hidden])").await;
    s.tap("#pick-baptise .pick-card[data-as='LA']").await;
    s.tap(".pick-side[data-side='B']").await;
    for card in ["LK", "EK"] {
        s.tap(&format!("#pick-pack .pick-card[data-card='{card}']"))
            .await;
    }
    s.tap("#pick-take").await;
    s.tap("button.ev[data-event='show hanger stands']").await;
    assert_eq!(
        s.property(&s.find("#score-events-text").await, "value")
            .await,
        json!(
            "trump H\nbet gleich A\nhold gleich B\ntricks A\n\
             show gleich A:EA,SA,HO=LA B:LK,EK\nshow hanger stands"
        )
    );
    panel_state(&s, "gleich", "gezeigt: geht an A").await;

    s.tap(".score-figures button[type=submit]").await;
    let words = preview(&s).await;
    assert!(words.starts_with("A schreibt 3"), "{words}");
    s.fill("#tables-reason", "Zettel falsch abgeschrieben")
        .await;
    s.tap("#tables-correct-form button[type=submit]").await;
    s.wait_for(".score-deals").await;

    let rows = versions(&app, t.tables[0]).await;
    assert_eq!(rows.len(), 2, "the correction is the deal's second version");
    let latest = rows.iter().max_by_key(|r| r.version).unwrap();
    assert_eq!(
        latest.reason.as_deref(),
        Some("Zettel falsch abgeschrieben")
    );
    let stored: Value = serde_json::from_str(&latest.record).unwrap();
    assert_eq!(
        stored["events"][4],
        json!({"show": {"gleich": {"A": ["EA", "SA", "HO=LA"], "B": ["LK", "EK"]}}})
    );
    assert_eq!(stored["events"][5], json!({"show": {"hanger": "stands"}}));
}
