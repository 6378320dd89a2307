//! The browser stack works: Chromium opens a scorer page on a phone-sized window, the script
//! runs (stepper), a Watten deal goes check → preview → save and shows in the deal list.

use crate::driver::{PHONE, Session};
use crate::setup::{Spec, app, tournament};
use kartl::rules::Game;

#[tokio::test]
async fn a_phone_enters_a_watten_deal() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let t = tournament(&app, Spec::new(Game::Watten)).await;
    s.goto(&format!("{}{}", app.base, t.links[0])).await;
    let width = s
        .execute("return window.innerWidth;", serde_json::json!([]))
        .await;
    assert_eq!(
        width.as_u64(),
        Some(u64::from(PHONE.0)),
        "a phone-sized window"
    );
    s.wait_for("#score-points").await;
    // The stepper is the script's: 2 → 3.
    s.tap("button.step[data-step='1']").await;
    let points = s.find("#score-points").await;
    assert_eq!(s.property(&points, "value").await, "3");
    s.tap("button.winner[value='A']").await;
    s.wait_for("#score-preview-words").await;
    s.wait_for_text("A schreibt 3, Stand 3:0").await;
    s.tap("#score-save-form button[type=submit]").await;
    s.wait_for(".score-deals").await;
    s.wait_for_text("nicht bestätigt").await;
    s.quit().await;
}
