//! A Perlaggen and a Giltspiel deal on the pad by taps only: a bet and its answer,
//! the tricks, a show by picking cards by their German names (a wild card baptised by a second
//! tap), read back in German with no English event word; saved once, confirmed, and stored as
//! the contract's deal that the referee scores as the preview said.

use crate::driver::Session;
use crate::pad::{PHONE_360, PHONE_412, Pad};
use crate::setup::{Spec, app, referee, tournament, versions};
use kartl::rules::figures::cards::Variant as Figures;
use kartl::rules::{Game, Variant};
use serde_json::{Value, json};

/// Plays `taps` as one deal at a fresh table of `spec` on a phone of `size`; returns the
/// transcript, the preview, the stored deal and the taps it took (Speichern included).
async fn one_deal(
    s: &Session,
    spec: Spec,
    size: (u32, u32),
    taps: &[&str],
    (shot, after): (&str, usize),
) -> (Vec<String>, String, Value, usize) {
    let app = app().await;
    let t = tournament(&app, spec).await;
    let mut pad = Pad::open(s, &app.base, &t.links[0], size).await;
    pad.big_targets().await;
    pad.taps(&taps[..after]).await;
    pad.big_targets().await;
    pad.german_and_narrow().await;
    pad.screenshot(shot).await;
    pad.taps(&taps[after..]).await;
    let transcript = pad.transcript().await;
    let preview = pad.shown("pad-preview").await;
    pad.german_and_narrow().await;
    let saved = pad.save().await;
    assert!(saved.contains("Gespeichert"), "{saved}");
    let taps = pad.taps;
    pad.confirm().await;
    let rows = versions(&app, t.tables[0]).await;
    let deal: Value = serde_json::from_str(&rows[0].record).unwrap();
    (transcript, preview, deal, taps)
}

#[tokio::test]
async fn a_perlaggen_deal_with_bets_and_a_show_by_cards() {
    let Some(s) = Session::start().await else {
        return;
    };
    // Perlaggen text ("Players and Cards"): a wild card is baptised as the card it stands
    // for; contract 5.6: the Martl (Herz-König) is wild whatever the trump.
    let taps = [
        "Trumpf: ♠ Laub",
        "A bietet Gleich",
        "B hält Gleich",
        "A macht 3 Stiche",
        "Hanger: steht",
        "Gleich: Karten zeigen",
        "A zeigt ♣ Eichel-Ass",
        "A zeigt ♥ Herz-König",
        "getauft als ♠ Laub-Ass",
        "B zeigt ♣ Eichel-König",
        "B zeigt ♠ Laub-König",
        "Gleich fertig gezeigt",
    ];
    let (transcript, preview, deal, count) = one_deal(
        &s,
        Spec::new(Game::Perlaggen),
        PHONE_412,
        &taps,
        ("pad-perlaggen.png", 8),
    )
    .await;
    assert_eq!(transcript[1], "A bietet Gleich", "{transcript:?}");
    assert_eq!(transcript[2], "B hält Gleich", "{transcript:?}");
    assert!(
        transcript.iter().any(|l| l.contains("Eichel-Ass")),
        "{transcript:?}"
    );
    assert_eq!(
        deal["events"][5],
        json!({"show": {"gleich": {"A": ["EA", "HK=LA"], "B": ["EK", "LK"]}}}),
        "{deal}"
    );
    let verdict = referee(&json!({"game": "perlaggen", "deals": [deal]}));
    assert_eq!(verdict["valid"], json!(true), "{verdict}");
    assert_eq!(verdict["deals"][0]["figures"]["gleich"]["winner"], "A");
    let score = &verdict["deals"][0]["score"];
    assert!(
        preview.contains(&format!("Stand {}:{}", score["A"], score["B"])),
        "{preview} / {score}"
    );
    println!("taps: Perlaggen deal with a bet and a show: {count}");
    s.quit().await;
}

#[tokio::test]
async fn a_giltspiel_deal_with_bets_and_a_show_on_a_narrow_phone() {
    let Some(s) = Session::start().await else {
        return;
    };
    let mut spec = Spec::new(Game::Giltspiel);
    spec.variant = Some(Variant::Figures(Figures::GiltStandard));
    // Giltspiel text ("Bidding"): the other side holds or raises a bet; "The Showdown": the
    // Gleich and the Hanger are decided by showing once the Spiel is decided.
    let taps = [
        "A bietet Spiel",
        "B bietet Spiel zurück",
        "A hält Spiel",
        "A macht 3 Stiche",
        "Gleich: A hat das bessere",
        "Hanger: steht",
    ];
    let (transcript, preview, deal, count) =
        one_deal(&s, spec, PHONE_360, &taps, ("pad-giltspiel.png", 2)).await;
    assert_eq!(transcript[..3], taps[..3], "{transcript:?}");
    let verdict = referee(&json!({"game": "giltspiel", "deals": [deal]}));
    assert_eq!(verdict["valid"], json!(true), "{verdict}");
    let points = &verdict["deals"][0]["points"];
    assert!(
        preview.starts_with(&format!("A schreibt {}", points["A"])),
        "{preview} / {points}"
    );
    println!("taps: Giltspiel deal with bets and a show: {count}");
    s.quit().await;
}
