//! The exchanges the table offers before the first card (`offers.rs`), as the page sees them
//! in the table: Perlaggen text, "Players and Cards" and "Eichelperlaggen". Beside `offers`
//! rather than in it, as the table that shows them imports `offers`.

use crate::rules::common::Lang;
use crate::rules::record::{Malformed, RawRecord};
use crate::rules::ruling::Table;
use serde_json::json;

/// The family's table for a record as JSON, as `streit::table` hands it over.
fn table(input: &str, lang: Lang) -> Result<Table, Malformed> {
    super::table(&RawRecord::parse(input)?, lang)
}

/// The Martl (HK) turned: the dealer (seat 3) holds the natural H8, the partner HA and
/// H10, the opponents H9 and the trump Seven (a Perlagg).
fn martl_turned(exchange: serde_json::Value, actions: serde_json::Value, lang: Lang) -> Table {
    let mut cards = json!({
        "seats": ["A", "B", "A", "B"], "dealer": 3,
        "hands": [["L10", "E9", "E8", "H7", "S8"], ["LA", "EA", "EK", "HA", "H10"],
                  ["H9", "SA", "SK", "SO", "SU"], ["S7", "S10", "S9", "H8", "LK"]],
        "turned": "HK", "actions": actions});
    if !exchange.is_null() {
        cards["exchange"] = exchange;
    }
    let record = json!({"game": "perlaggen", "deals": [{"cards": cards}]});
    table(&record.to_string(), lang).unwrap()
}

/// Perlaggen text, "The Deal": "If the turned up card is a Perlagg and the dealer has in
/// hand a natural card of the trump suit ... the dealer can take the turned up Perlagg";
/// "If the dealer has no natural trump ... the dealer's partner can exchange"; "The
/// dealer's opponents are not allowed to exchange". Only the dealer's H8 is offered.
#[test]
fn the_dealer_is_offered_the_natural_trump_for_the_turned_perlagg() {
    let t = martl_turned(json!(null), json!([]), Lang::De);
    let offered: Vec<_> = (t.exchanges.iter())
        .map(|o| serde_json::to_value(&o.exchange).unwrap())
        .collect();
    assert_eq!(offered, vec![json!({"seat": 3, "card": "H8"})]);
    assert_eq!(t.exchanges[0].seat, 3);
    assert_eq!(
        t.exchanges[0].label,
        "Platz 4 tauscht Herz Acht gegen Herz König (aufgeschlagen)"
    );
    let en = martl_turned(json!(null), json!([]), Lang::En);
    assert_eq!(
        en.exchanges[0].label,
        "seat 4 exchanges Herz Acht for Herz König (turned up)"
    );
}

/// The same sentence, once done: the turned Perlagg is in the dealer's hand, nothing is
/// left to take, and the trump line says who exchanged.
#[test]
fn after_the_exchange_nothing_more_is_offered_and_the_trump_line_says_it() {
    let t = martl_turned(json!([{"seat": 3, "card": "H8"}]), json!([]), Lang::De);
    assert!(t.exchanges.is_empty(), "{:?}", t.exchanges);
    assert!(t.seats[3].hand.contains(&"HK".to_string()));
    let trump = t.trump.unwrap();
    assert!(trump.contains("getauscht: Platz 4 tauscht"), "{trump}");
}

/// Perlaggen text, "The Deal": "the first player must allow time for the dealer's team
/// to exchange it": the exchange comes before the lead, so none is offered after it.
#[test]
fn no_exchange_is_offered_once_the_first_card_is_played() {
    let t = martl_turned(json!(null), json!([{"seat": 0, "card": "L10"}]), Lang::De);
    assert!(t.rulings[0].legal);
    assert!(t.exchanges.is_empty(), "{:?}", t.exchanges);
}

/// Eichelperlaggen, "The Deal", possibilities 2 and 3: "the dealer can 'upgrade' this
/// Perlagg" (neither the dealer nor the partner holds a natural heart), and "these can be
/// exchanged for the exposed acorn Perlaggen" while the dealer holds natural acorns, so
/// the partner's E9 is not offered (conformance case `cards-level-eichel-acorns-dealer-first`).
#[test]
fn eichelperlaggen_offers_the_upgrade_and_the_acorns_for_the_exposed_perlagg() {
    let record = json!({"game": "perlaggen", "variant": "eichel", "deals": [{"cards": {
        "seats": ["A", "B", "A", "B"], "dealer": 3,
        "hands": [["HA", "H10", "LA", "LK", "SA"], ["E9", "L10", "L9", "S10", "S9"],
                  ["H9", "H8", "LO", "LU", "SK"], ["EU", "EK", "E10", "S8", "L8"]],
        "exposed": ["EA", "E7"], "turned": "HK", "actions": []}}]});
    let t = table(&record.to_string(), Lang::De).unwrap();
    let offered: Vec<_> = (t.exchanges.iter())
        .map(|o| serde_json::to_value(&o.exchange).unwrap())
        .collect();
    assert_eq!(
        offered,
        vec![
            json!({"seat": 3, "card": "EU"}),
            json!({"seat": 3, "card": "EK", "take": "E7"}),
            json!({"seat": 3, "card": "E10", "take": "E7"}),
        ]
    );
    assert_eq!(
        t.exchanges[1].label,
        "Platz 4 tauscht Eichel König gegen Eichel Sieben (offen daneben)"
    );
}
