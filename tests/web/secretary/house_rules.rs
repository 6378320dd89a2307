//! The new-tournament form offers Gaigel's house rules `overgaigel` and `pair_card` (Gaigel
//! texts 002 "End of the Play" and 003 "Melding"; docs/rules/gaigel.md 12.4): the secretary
//! picks them by German words, the tournament stores only them, and the overview's rules line
//! says them in German words.

use super::{create, secretary, stored};
use crate::both_backends;
use crate::common::{Backend, TestApp};
use serde_json::json;

both_backends!(gaigel_house_rules_chosen_on_the_form_are_stored_and_said_in_german);

async fn gaigel_house_rules_chosen_on_the_form_are_stored_and_said_in_german(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let admin = app.setup().await;
    let sepp = secretary(&app, &admin, "Sepp").await;
    let form = sepp.get("/tournaments/new?game=gaigel&variant=four").await;
    assert!(
        form.body
            .contains("gilt nur, wenn die Gegner es bemerken und anklagen"),
        "{}",
        form.body
    );
    assert!(
        form.body
            .contains("eine Karte des Paars in den nächsten Stich")
    );
    let slug = create(
        &sepp,
        &[
            ("name", "Gaigeln auf Anklage"),
            ("date", "2026-11-28"),
            ("game", "gaigel"),
            ("variant", "four"),
            ("strokes", "10"),
            ("sevens", "none"),
            ("dissle_lost", "single"),
            ("overgaigel", "on_accusation"),
            ("pair_card", "next_trick"),
            ("scheme", "games"),
            ("draw", "random"),
        ],
    )
    .await;
    let t = stored(&app, &slug).await.tournament;
    let options = serde_json::to_value(t.options.unwrap_or_default()).unwrap();
    assert_eq!(
        options,
        json!({"overgaigel": "on_accusation", "pair_card": "next_trick"})
    );
    let overview = sepp.get(&format!("/t/{slug}")).await;
    assert!(
        overview.body.contains("Übergaigeln nur auf Anklage"),
        "{}",
        overview.body
    );
    assert!(
        overview
            .body
            .contains("eine Karte des gemeldeten Paars in den nächsten Stich"),
        "{}",
        overview.body
    );
    assert!(!overview.body.contains("on_accusation"));
    assert!(!overview.body.contains("next_trick"));
}
