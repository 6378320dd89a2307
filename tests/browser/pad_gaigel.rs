//! A Gaigel session table after SKV Rutesheim (rules text 002; three players each for
//! themselves, three deals per session) on the pad by taps only: card points and
//! tricks by steppers of 50, 10 and 1, who called "Aus!", "Fertig" once the referee accepts the
//! deal; the preview reads the session's totals; after the third deal the pad says the table
//! is done and takes nothing more. The stored deals are what the referee scores the same way.

use crate::driver::Session;
use crate::pad::{PHONE_412, Pad};
use crate::setup::{Spec, app, referee, tournament, versions};
use kartl::rules::gaigel::Variant as Gaigel;
use kartl::rules::{Game, Variant};
use kartl::service::scoring::Confirmation;
use serde_json::{Value, json};

/// One deal: (card points, tricks) of P1, P2, P3, and who called "Aus!".
struct Deal {
    sides: [(u32, u32); 3],
    out: &'static str,
}

/// Taps one deal's facts: fifties, tens and ones of each player's card points, their tricks,
/// Aus.
async fn enter(pad: &mut Pad<'_>, d: &Deal) {
    for (side, (points, tricks)) in ["P1", "P2", "P3"].iter().zip(d.sides) {
        for _ in 0..points / 50 {
            pad.tap(&format!("{side}: +50 Augen")).await;
        }
        for _ in 0..points % 50 / 10 {
            pad.tap(&format!("{side}: +10 Augen")).await;
        }
        for _ in 0..points % 10 {
            pad.tap(&format!("{side}: +1 Augen")).await;
        }
        for _ in 0..tricks {
            pad.tap(&format!("{side}: +1 Stich")).await;
        }
    }
    pad.tap(&format!("{} hat „Aus!“ gerufen", d.out)).await;
    pad.tap("Fertig").await;
}

#[tokio::test]
async fn a_rutesheim_session_table_by_taps_only() {
    let Some(s) = Session::start().await else {
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
    let mut pad = Pad::open(&s, &app.base, &t.links[0], PHONE_412).await;
    assert_eq!(pad.score().await, "0:0:0", "a table of three");
    let deals = [
        // P2 goes out with 104 (rules text 002: "Aus" at 101 or more wins the deal).
        Deal {
            sides: [(45, 3), (104, 6), (61, 4)],
            out: "P2",
        },
        Deal {
            sides: [(112, 7), (73, 4), (35, 2)],
            out: "P1",
        },
        Deal {
            sides: [(30, 2), (80, 5), (110, 6)],
            out: "P3",
        },
    ];
    let mut per_deal = Vec::new();
    for (i, d) in deals.iter().enumerate() {
        let before = pad.taps;
        enter(&mut pad, d).await;
        if i == 0 {
            pad.german_and_narrow().await;
            pad.screenshot("pad-gaigel.png").await;
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
    println!("taps: Gaigel Rutesheim deals: {per_deal:?}");
    s.quit().await;
}
