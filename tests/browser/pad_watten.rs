//! A whole Watten game on the pad by taps only, on a 412 px phone: bets and answers
//! read back in German, one-tap undo, one save per deal with the other side's confirmation
//! right below it, "A ist gestrichen" before the deal that needs it, and "Partie beendet" at
//! the end with no more entry. The stored deals are what the referee scores the same way.

use crate::driver::Session;
use crate::pad::{PHONE_360, PHONE_412, Pad};
use crate::setup::{Spec, app, referee, standings, tournament, versions};
use crate::table::side_names;
use kartl::rules::Game;
use serde_json::{Value, json};

/// Is `#pad-confirm` inside the screen without scrolling?
async fn confirm_in_view(s: &Session) -> bool {
    s.execute(
        "var b = document.getElementById('pad-confirm');
         if (!b) { return false; }
         var r = b.getBoundingClientRect();
         return r.top >= 0 && r.bottom <= window.innerHeight;",
        json!([]),
    )
    .await
        == json!(true)
}

/// A typical deal on a phone of `size`: "A bietet – B schaut – A macht 3 Stiche" (rules text
/// 004, Tyrolean Watten: a bet that is seen raises the deal to 3), three facts and Speichern.
async fn typical_deal(size: (u32, u32)) {
    let Some(s) = Session::start_at(size).await else {
        return;
    };
    let app = app().await;
    let t = tournament(&app, Spec::new(Game::Watten)).await;
    let mut pad = Pad::open(&s, &app.base, &t.links[0], size).await;
    pad.taps(&["A bietet", "B schaut", "A macht 3 Stiche"])
        .await;
    pad.german_and_narrow().await;
    pad.big_targets().await;
    pad.save().await;
    assert_eq!(versions(&app, t.tables[0]).await.len(), 1);
    println!(
        "taps: Watten deal, a bet seen, at {} px: {} taps",
        size.0, pad.taps
    );
    assert_eq!(pad.taps, 4);
    s.quit().await;
}

#[tokio::test]
async fn a_typical_watten_deal_by_taps_at_360_px() {
    typical_deal(PHONE_360).await;
}

#[tokio::test]
async fn a_typical_watten_deal_by_taps_at_412_px() {
    typical_deal(PHONE_412).await;
}

#[tokio::test]
async fn a_watten_game_by_taps_only() {
    let Some(s) = Session::start().await else {
        return;
    };
    let app = app().await;
    let mut spec = Spec::new(Game::Watten);
    // One game per table: the pad takes nothing after it.
    spec.settings = Some(serde_json::from_value(json!({"games": 1})).unwrap());
    let t = tournament(&app, spec).await;
    let mut pad = Pad::open(&s, &app.base, &t.links[0], PHONE_412).await;
    let names = side_names(&s).await;
    pad.german_and_narrow().await;
    pad.big_targets().await;
    assert_eq!(pad.score().await, "0:0");

    // Deal 1 (rules text 004, Tyrolean Watten: a bet that is seen raises the deal to 3).
    // A wrong tap is taken back with one tap.
    // Speichern appears only once the deal is whole.
    assert_eq!(pad.shown("pad-save").await, "", "Speichern before any tap");
    pad.taps(&["A bietet", "B schaut"]).await;
    assert_eq!(pad.shown("pad-save").await, "", "Speichern mid-deal");
    pad.tap("B macht 3 Stiche").await;
    pad.undo().await;
    assert_eq!(pad.transcript().await, ["A bietet", "B schaut"]);
    pad.tap("A macht 3 Stiche").await;
    let lines = pad.transcript().await;
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[..2], ["A bietet", "B schaut"]);
    assert!(lines[2].starts_with("A macht"), "{lines:?}");
    assert!(lines[2].ends_with("A schreibt 3"), "{lines:?}");
    assert!(
        pad.shown("pad-preview").await.starts_with("A schreibt 3"),
        "{}",
        pad.shown("pad-preview").await
    );
    pad.screenshot("pad-watten.png").await;
    pad.german_and_narrow().await;
    let saved = pad.save().await;
    assert!(saved.contains("Gespeichert"), "{saved}");
    assert!(saved.contains("A schreibt 3"), "{saved}");
    assert!(
        confirm_in_view(&s).await,
        "the other side confirms without scrolling"
    );
    pad.confirm().await;
    assert_eq!(pad.score().await, "3:0");

    // The rest of the game, each a whole deal of taps; A reaches 13 and is gestrichen.
    let deals: [&[&str]; 4] = [
        &["B macht 3 Stiche"],
        &[
            "A bietet",
            "B schaut",
            "B bietet",
            "A schaut",
            "A macht 3 Stiche",
        ],
        &[
            "A bietet",
            "B schaut",
            "B bietet",
            "A schaut",
            "A macht 3 Stiche",
        ],
        &["A macht 3 Stiche"],
    ];
    for (i, taps) in deals.iter().enumerate() {
        pad.taps(taps).await;
        pad.save().await;
        pad.confirm().await;
        assert_eq!(versions(&app, t.tables[0]).await.len(), 2 * (i + 2));
    }
    assert_eq!(pad.score().await, "13:2");
    let notices = pad.shown("pad-notices").await;
    assert!(notices.contains("A ist gestrichen"), "{notices}");
    // Gestrichen, A decides first whether to play or give up, and nothing else is offered
    // (rules text 004: a side at 13 "is struck off" and must decide before the deal).
    assert_eq!(
        pad.offered().await,
        ["A spielt (gestrichen)", "A gibt auf (gestrichen)"]
    );
    // The narrow phone: still no sideways scrolling, still big targets.
    s.set_viewport(PHONE_360.0, PHONE_360.1).await;
    pad.german_and_narrow().await;
    pad.big_targets().await;
    s.set_viewport(PHONE_412.0, PHONE_412.1).await;

    pad.taps(&["A spielt (gestrichen)", "A macht 3 Stiche"])
        .await;
    let preview = pad.shown("pad-preview").await;
    assert!(preview.contains("Partie beendet: A gewinnt"), "{preview}");
    pad.save().await;
    pad.confirm().await;
    let over = pad.shown("pad-over").await;
    assert!(over.contains("Partie beendet: A gewinnt"), "{over}");
    assert_eq!(pad.shown("pad-entry").await, "", "no more entry");
    pad.german_and_narrow().await;

    // The referee on the stored deals agrees: A won the game 15:2.
    let stored: Vec<Value> = versions(&app, t.tables[0])
        .await
        .iter()
        .filter(|v| v.status == kartl::db::models::DealStatus::Confirmed)
        .map(|v| serde_json::from_str(&v.record).unwrap())
        .collect();
    assert_eq!(stored.len(), 6);
    assert_eq!(
        stored[0],
        json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "A"}]})
    );
    let verdict = referee(&json!({"game": "watten", "deals": stored}));
    assert_eq!(verdict["valid"], json!(true), "{verdict}");
    assert_eq!(verdict["games"][0]["winner"], json!("A"), "{verdict}");
    let last = &verdict["deals"][5]["score"];
    assert!(
        over.contains(&format!("{}:{}", last["A"], last["B"])),
        "{over} / {last}"
    );
    // Standings: side A's team has won the game, side B's has not.
    let rows = standings(&app, &t.slug).await;
    let points_of = |name: &str| {
        rows.iter()
            .find(|r| {
                r["name"]
                    .as_str()
                    .is_some_and(|n| name == n || name.starts_with(&format!("{n} (")))
            })
            .unwrap_or_else(|| panic!("{name} not in {rows:?}"))["points"]
            .clone()
    };
    assert_eq!(points_of(&names[0]), json!(1));
    assert_eq!(points_of(&names[1]), json!(0));
    println!("taps: Watten game of 6 deals: {} taps", pad.taps);
    s.quit().await;
}
