//! Two phones at one table: the second phone sees the deal the first one
//! stored within seconds, by the tournament's change stamp (`/s/{token}/stamp`, the one the
//! public pages poll), and keeps what its scorer is typing. Two tabs of one browser stand
//! for the two phones.

use crate::driver::Session;
use crate::pad::{PHONE_412, Pad};
use crate::setup::{Spec, app, tournament};
use kartl::rules::Game;
use kartl::service::scoring::Confirmation;
use std::time::{Duration, Instant};

#[tokio::test]
async fn a_second_phone_sees_the_deal_the_first_stored() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let mut spec = Spec::new(Game::Watten);
    spec.confirmation = Confirmation::None;
    let t = tournament(&app, spec).await;
    // Phone 1 opens the table and starts typing a deal.
    let mut first = Pad::open(&s, &app.base, &t.links[0], PHONE_412).await;
    let one = s.window().await;
    first.tap("A bietet").await;
    // Phone 2 stores a whole deal at the same table.
    s.new_tab().await;
    let mut second = Pad::open(&s, &app.base, &t.links[0], PHONE_412).await;
    // Two tabs share one browser's storage, two phones do not: phone 1's kept taps are not
    // phone 2's.
    if !second.transcript().await.is_empty() {
        let restart = s.find("#pad-restart").await;
        second.press(&restart).await;
    }
    second
        .taps(&["B bietet", "A schaut", "B macht 3 Stiche"])
        .await;
    second.save().await;
    assert_eq!(second.score().await, "0:3");
    // Back on phone 1: within a few seconds it shows the stored deal and its score, and the
    // tap being entered is still there.
    s.switch_to(&one).await;
    let started = Instant::now();
    while first.score().await != "0:3" {
        assert!(
            started.elapsed() < Duration::from_secs(12),
            "phone 1 never saw the deal:\n{}",
            s.body_text().await
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    first.settled().await;
    let deals = first.shown("pad-live-deals").await;
    assert!(deals.contains("B schreibt 3"), "{deals}");
    assert_eq!(first.transcript().await, ["A bietet"]);
    // And it goes on from there: the deal it finishes is the table's second.
    first.taps(&["B schaut", "A macht 3 Stiche"]).await;
    assert!(first.shown("pad-preview").await.contains("3:3"));
    s.quit().await;
}
