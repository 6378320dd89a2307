//! The browser stack works: Chromium opens a scorer's pad on a phone-sized window, the script
//! runs (the referee's buttons), a Watten deal is tapped, saved and shows in the deal list.

use crate::driver::{PHONE, Session};
use crate::pad::Pad;
use crate::setup::{Spec, app, tournament};
use kartl::rules::Game;

#[tokio::test]
async fn a_phone_enters_a_watten_deal() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let t = tournament(&app, Spec::new(Game::Watten)).await;
    let mut pad = Pad::open(&s, &app.base, &t.links[0], PHONE).await;
    let width = s
        .execute("return window.innerWidth;", serde_json::json!([]))
        .await;
    assert_eq!(
        width.as_u64(),
        Some(u64::from(PHONE.0)),
        "a phone-sized window"
    );
    pad.taps(&["A bietet", "B schaut", "A macht 3 Stiche"])
        .await;
    assert!(
        pad.shown("pad-preview")
            .await
            .starts_with("A schreibt 3, Stand 3:0")
    );
    pad.save().await;
    s.wait_for(".score-deals").await;
    s.wait_for_text("nicht bestätigt").await;
    s.quit().await;
}
