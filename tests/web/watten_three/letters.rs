//! A table of three reads its players as the table card does, A, B and C, on the phone too:
//! the board, the pad's buttons, headings and sentences, and the saved deals. Only the taps'
//! codes and the stored deal keep the record's names (`P1`..`P3`, contract 3).

use super::tables::drawn_with_cards;
use super::*;
use crate::score::pad::pad;

both_backends!(a_table_of_three_is_a_b_and_c_on_the_phone_as_on_the_card);

/// Whether `text` names a player by the record's code.
fn names_a_code(text: &str) -> bool {
    ["P1", "P2", "P3"].iter().any(|c| text.contains(c))
}

async fn a_table_of_three_is_a_b_and_c_on_the_phone_as_on_the_card(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.setup().await;
    let (_, token) = drawn_with_cards(&app, 10).await;
    let b = app.browser();
    let page = b.get(&format!("/s/{token}")).await;
    for letter in ["A", "B", "C"] {
        let tag = format!("<span class=\"side-tag\">{letter}</span>");
        assert!(page.body.contains(&tag), "{letter}: {}", page.body);
    }
    assert!(!page.body.contains("side-tag\">P"), "{}", page.body);

    let start = pad(&b, &token, &[]).await;
    let actions = start["actions"].as_array().unwrap();
    let labels: Vec<&str> = actions
        .iter()
        .map(|a| a["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"A spielt allein"), "{labels:?}");
    assert!(!labels.iter().any(|l| names_a_code(l)), "{labels:?}");
    let codes: Vec<&str> = actions
        .iter()
        .map(|a| a["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.contains(&"alone:P1"),
        "the taps keep the record's codes: {codes:?}"
    );

    let taps = ["alone:P2", "bet:P2"];
    let answer = pad(&b, &token, &taps).await;
    let transcript = answer["transcript"].to_string();
    assert!(transcript.contains("B spielt allein"), "{transcript}");
    assert!(!names_a_code(&transcript), "{transcript}");
    assert!(!names_a_code(&answer["state"].to_string()), "{answer}");
}
