//! A Perlaggen and a Giltspiel deal on the pad by taps only, each on a 360 and a 412 px
//! phone: a bet and its answer, the tricks, a show by picking cards by their German names from
//! the card grid (one side's cards at a time, a wild card baptised by a second tap), read back
//! in German with no English event word; saved once, confirmed, and stored as the contract's
//! deal that the referee scores as the preview said. The taps each deal takes (Speichern
//! included) are the figures of "Taps per deal" in `docs/reference/performance.md`.

use crate::driver::Session;
use crate::pad::{PHONE_360, PHONE_412, Pad};
use crate::setup::{Spec, app, referee, tournament, versions};
use kartl::rules::figures::cards::Variant as Figures;
use kartl::rules::{Game, Variant};
use serde_json::{Value, json};

/// What one deal on the pad gave: the transcript, the preview, the stored deal, the taps
/// (Speichern included) and the tallest the page was.
pub struct Entered {
    pub transcript: Vec<String>,
    pub preview: String,
    pub deal: Value,
    pub taps: usize,
    pub tallest: u64,
}

/// Plays `taps` as one deal at a fresh table of `spec` on the session's phone; a screenshot
/// `shot` after the first `after` taps.
pub async fn one_deal(
    s: &Session,
    spec: Spec,
    taps: &[&str],
    (shot, after): (&str, usize),
) -> Entered {
    let app = app().await;
    let t = tournament(&app, spec).await;
    let mut pad = Pad::open(s, &app.base, &t.links[0], s.viewport()).await;
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
    let (taps, tallest) = (pad.taps, pad.tallest);
    pad.confirm().await;
    let rows = versions(&app, t.tables[0]).await;
    let deal: Value = serde_json::from_str(&rows[0].record).unwrap();
    Entered {
        transcript,
        preview,
        deal,
        taps,
        tallest,
    }
}

/// Perlaggen text ("Players and Cards"): a wild card is baptised as the card it stands for;
/// contract 5.6: the Martl (Herz-König) is wild whatever the trump. B's cards are on the
/// grid's other tab.
pub const PERLAGGEN_SHOW: [&str; 13] = [
    "Trumpf: ♠ Laub",
    "A bietet Gleich",
    "B hält Gleich",
    "A macht 3 Stiche",
    "Hanger: steht",
    "Gleich: Karten zeigen",
    "A zeigt ♣ Eichel-Ass",
    "A zeigt ♥ Herz-König",
    "getauft als ♠ Laub-Ass",
    "Karten von B",
    "B zeigt ♣ Eichel-König",
    "B zeigt ♠ Laub-König",
    "Gleich fertig gezeigt",
];

async fn perlaggen_show(size: (u32, u32), shot: &str) {
    let Some(s) = Session::start_at(size).await else {
        return;
    };
    let e = one_deal(&s, Spec::new(Game::Perlaggen), &PERLAGGEN_SHOW, (shot, 8)).await;
    let transcript = &e.transcript;
    assert_eq!(transcript[1], "A bietet Gleich", "{transcript:?}");
    assert_eq!(transcript[2], "B hält Gleich", "{transcript:?}");
    assert!(
        transcript.iter().any(|l| l.contains("Eichel-Ass")),
        "{transcript:?}"
    );
    let deal = e.deal;
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
        e.preview
            .contains(&format!("Stand {}:{}", score["A"], score["B"])),
        "{} / {score}",
        e.preview
    );
    println!(
        "taps: Perlaggen deal with a show by cards at {} px: {} taps, page at most {} px high",
        size.0, e.taps, e.tallest
    );
    // Twelve facts, the tab of B's cards, Speichern. With the card grid the page stays
    // under 2,000 px at its tallest (the wild card's baptism offered); the 95 buttons in
    // lists made it about 4,550 px on either phone.
    assert_eq!(e.taps, 14);
    assert!(e.tallest <= 2_000, "{} px", e.tallest);
    s.quit().await;
}

#[tokio::test]
async fn a_perlaggen_deal_with_a_show_by_cards_by_taps_at_360_px() {
    perlaggen_show(PHONE_360, "pad-perlaggen.png").await;
}

#[tokio::test]
async fn a_perlaggen_deal_with_a_show_by_cards_by_taps_at_412_px() {
    perlaggen_show(PHONE_412, "pad-perlaggen.png").await;
}

/// Giltspiel text ("Bidding"): the other side holds or raises a bet; "The Showdown": the
/// Gleich and the Hanger are decided by showing once the Spiel is decided.
const GILTSPIEL: [&str; 6] = [
    "A bietet Spiel",
    "B bietet Spiel zurück",
    "A hält Spiel",
    "A macht 3 Stiche",
    "Gleich: A hat das bessere",
    "Hanger: steht",
];

async fn giltspiel_deal(size: (u32, u32), shot: &str) {
    let Some(s) = Session::start_at(size).await else {
        return;
    };
    let mut spec = Spec::new(Game::Giltspiel);
    spec.variant = Some(Variant::Figures(Figures::GiltStandard));
    let e = one_deal(&s, spec, &GILTSPIEL, (shot, 2)).await;
    assert_eq!(e.transcript[..3], GILTSPIEL[..3], "{:?}", e.transcript);
    let verdict = referee(&json!({"game": "giltspiel", "deals": [e.deal]}));
    assert_eq!(verdict["valid"], json!(true), "{verdict}");
    let points = &verdict["deals"][0]["points"];
    assert!(
        e.preview
            .starts_with(&format!("A schreibt {}", points["A"])),
        "{} / {points}",
        e.preview
    );
    println!(
        "taps: Giltspiel deal with bets and a show at {} px: {} taps",
        size.0, e.taps
    );
    assert_eq!(e.taps, 7, "six facts and Speichern");
    s.quit().await;
}

#[tokio::test]
async fn a_giltspiel_deal_with_bets_and_a_show_by_taps_at_360_px() {
    giltspiel_deal(PHONE_360, "pad-giltspiel.png").await;
}

#[tokio::test]
async fn a_giltspiel_deal_with_bets_and_a_show_by_taps_at_412_px() {
    giltspiel_deal(PHONE_412, "pad-giltspiel.png").await;
}
