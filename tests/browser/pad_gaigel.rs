//! A Gaigel session table after SKV Rutesheim (rules text 002; three players each for
//! themselves, three deals per session) on the pad by taps only: card points digit by digit
//! and tricks in one tap on the number pad, P3's share filled in from the pack, who called
//! "Aus!", "Fertig" once the referee accepts the deal; the preview reads the session's
//! totals; after the third deal the pad says the table is done and takes nothing more. The stored deals are what the referee scores the same way.

use crate::driver::Session;
use crate::pad::{PHONE_360, PHONE_412, Pad};
use crate::setup::{Spec, app, referee, tournament, versions};
use kartl::rules::gaigel::Variant as Gaigel;
use kartl::rules::{Game, Variant};
use kartl::service::scoring::Confirmation;
use serde_json::{Value, json};

/// One deal: (card points, tricks) of A and B (C's are the rest of the pack, filled in by
/// the server), C's melds, and who called "Aus!" (the players as the card and the phone name
/// them; the stored deal says P1..P3).
struct Deal {
    sides: [(u32, u32); 2],
    melds: &'static [&'static str],
    out: &'static str,
}

/// Taps one deal's facts on the number pad: the digits of each player's card points, the
/// tricks in one tap, melds, Aus, Fertig.
async fn enter(pad: &mut Pad<'_>, d: &Deal) {
    for (side, (points, tricks)) in ["A", "B"].iter().zip(d.sides) {
        assert_eq!(
            pad.shown("pad-head-digits").await,
            format!("Augen von {side}")
        );
        for digit in points.to_string().chars() {
            pad.tap(&digit.to_string()).await;
        }
        let word = if tricks == 1 { "Stich" } else { "Stiche" };
        pad.tap(&format!("{tricks} {word}")).await;
    }
    for meld in d.melds {
        pad.tap(meld).await;
    }
    pad.tap(&format!("{} hat „Aus!“ gerufen", d.out)).await;
    pad.tap("Fertig").await;
}
#[tokio::test]
async fn a_rutesheim_session_table_by_taps_only() {
    rutesheim_table(PHONE_412, "pad-gaigel.png").await;
}

#[tokio::test]
async fn a_rutesheim_session_table_by_taps_only_at_360_px() {
    rutesheim_table(PHONE_360, "pad-gaigel.png").await;
}

/// A three-player Rutesheim session of three deals on a phone of `size`; each deal, Speichern
/// included, takes at most 12 taps.
async fn rutesheim_table(size: (u32, u32), shot: &str) {
    let Some(s) = Session::start_at(size).await else {
        return;
    };
    let app = app().await;
    let mut spec = Spec::new(Game::Gaigel);
    spec.variant = Some(Variant::Gaigel(Gaigel::Three));
    spec.options = Some(serde_json::from_value(json!({"scoring": "rutesheim"})).unwrap());
    spec.format = kartl::tournament::format::Format::Sessions;
    spec.settings = Some(serde_json::from_value(json!({"sessions": 1, "deals": 3})).unwrap());
    spec.players = (1..=6).map(|i| format!("Spieler {i}")).collect();
    spec.team_size = 1;
    spec.confirmation = Confirmation::None;
    let t = tournament(&app, spec).await;
    let mut pad = Pad::open(&s, &app.base, &t.links[0], size).await;
    assert_eq!(pad.score().await, "0:0:0", "a table of three");
    // No complaint before the first tap ("Nur 0 von 16 Stichen ..." greeted the
    // scorer).
    assert_eq!(pad.shown("pad-hint").await, "");
    // A wrong start is undone in one tap: "Neu beginnen".
    pad.tap("7").await;
    pad.tap("3 Stiche").await;
    assert_eq!(pad.transcript().await[0], "A: 7 Augen, 3 Stiche");
    let restart = s.find("#pad-restart").await;
    pad.press(&restart).await;
    assert!(
        pad.transcript()
            .await
            .iter()
            .all(|l| l.contains(": 0 Augen, 0 Stiche"))
    );
    assert_eq!(pad.shown("pad-head-digits").await, "Augen von A");
    let deals = [
        // B goes out with 104 (rules text 002: "Aus" at 101 or more wins the deal); C holds
        // the rest of the pack: 91 card points, 7 tricks.
        Deal {
            sides: [(45, 3), (104, 6)],
            melds: &[],
            out: "B",
        },
        Deal {
            sides: [(112, 7), (73, 5)],
            melds: &[],
            out: "A",
        },
        Deal {
            sides: [(30, 2), (80, 5)],
            melds: &["C meldet 20"],
            out: "C",
        },
    ];
    let mut per_deal = Vec::new();
    for (i, d) in deals.iter().enumerate() {
        let before = pad.taps;
        enter(&mut pad, d).await;
        if i == 0 {
            pad.german_and_narrow().await;
            pad.big_targets().await;
            pad.screenshot(shot).await;
        }
        let preview = pad.shown("pad-preview").await;
        assert!(
            preview.starts_with(&format!("{} gewinnt", d.out)),
            "{preview}"
        );
        pad.save().await;
        per_deal.push(pad.taps - before);
        assert_eq!(versions(&app, t.tables[0]).await.len(), i + 1);
    }
    println!(
        "taps: Gaigel Rutesheim deals at {} px: {per_deal:?}",
        size.0
    );
    assert!(per_deal.iter().all(|n| *n <= 12), "{per_deal:?}");
    // The session's three deals are played: nothing more is entered here.
    let over = pad.shown("pad-over").await;
    assert!(!over.is_empty(), "the pad says the table is done");
    assert_eq!(pad.shown("pad-entry").await, "", "no more entry");
    pad.german_and_narrow().await;

    let stored: Vec<Value> = versions(&app, t.tables[0])
        .await
        .iter()
        .map(|v| serde_json::from_str(&v.record).unwrap())
        .collect();
    assert_eq!(stored[0]["points"], json!({"P1": 45, "P2": 104, "P3": 91}));
    assert_eq!(stored[0]["tricks"], json!({"P1": 3, "P2": 6, "P3": 7}));
    let verdict = referee(&json!({"game": "gaigel", "variant": "three",
        "options": {"scoring": "rutesheim"}, "deals": stored}));
    assert_eq!(verdict["valid"], json!(true), "{verdict}");
    // The score shown is the session's game points, as the referee adds them.
    let tally = &verdict["tally"];
    assert_eq!(
        pad.score().await,
        format!("{}:{}:{}", tally["P1"], tally["P2"], tally["P3"]),
        "{verdict}"
    );
    s.quit().await;
}
