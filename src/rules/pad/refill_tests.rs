//! A stored deal back as taps: for every deal of the conformance examples
//! (`tests/conformance/`, the contract's deals, contract 3.1-3.3) the taps make the same deal
//! again (tap list -> deal -> equal), and only a deal the pad has no taps for gives none.

use super::refill::same;
use super::{convert, taps};
use crate::rules::match_record::Deal;
use crate::rules::{Game, Lang, Record};
use serde_json::{Value, json};

/// Every (file, record, deal) of one family's conformance examples.
fn deals(family: &str) -> Vec<(String, Value, Value)> {
    let dir = format!("{}/tests/conformance/{family}", env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let example: Value = serde_json::from_str(&text).unwrap();
        let record = &example["record"];
        for deal in record["deals"].as_array().into_iter().flatten() {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            out.push((name, record.clone(), deal.clone()));
        }
    }
    out
}

/// Whether the referee accepts `record` up to and with `deal` (only such a deal is stored).
fn storable(record: &Value, deal: &Value) -> bool {
    let mut upto = record.clone();
    let deals = record["deals"].as_array().unwrap();
    let i = deals.iter().position(|d| d == deal).unwrap();
    upto["deals"] = Value::Array(deals[..=i].to_vec());
    crate::rules::referee(&upto.to_string(), Lang::De).is_ok_and(|report| report.is_valid())
}

/// Whether the pad has taps for `deal` at all (the shapes `refill` names as typed-form only;
/// the figure games' pad seats two sides; the Gaigel pad taps five Sevens only under the
/// option `five_sevens`, not beside an announced Dissle or Siebener; a card-level deal is
/// corrected by the Streitfall page).
fn tappable(family: &str, deal: &Value) -> bool {
    // A card-level deal (Streitfall) records the cards, not the facts the pad taps.
    if deal.get("cards").is_some() {
        return false;
    }
    let text = deal.to_string();
    if family == "figures"
        && ["\"P1\"", "\"P2\"", "\"P3\""]
            .iter()
            .any(|p| text.contains(p))
    {
        return false;
    }
    if family == "gaigel" && deal.get("five_sevens").is_some() {
        return false;
    }
    let events = deal["events"].as_array().cloned().unwrap_or_default();
    match family {
        "watten" => deal.get("winner").is_none() && deal.get("points").is_none(),
        "figures" => events.iter().all(|e| {
            let listed = ["bet", "hold", "raise", "good"]
                .iter()
                .any(|k| e.get(*k).is_some_and(Value::is_array));
            let show_many = e["show"].as_object().is_some_and(|s| s.len() > 1);
            !listed && !show_many && !e["decider"].is_object()
        }),
        _ => true,
    }
}

/// Runs the round trip over a family; answers how many deals came back as taps.
fn round_trip(family: &str) -> usize {
    let mut tapped = 0;
    let mut missing = Vec::new();
    for (file, record, deal) in deals(family) {
        // A record whose rules are malformed has no pad at all.
        let Ok(typed) = Record::from_json(&record.to_string()) else {
            continue;
        };
        // A deal that does not read through the record's types has no taps.
        let answer = match Deal::read(typed.game, &deal) {
            Ok(read) => taps(&typed, &read).map(|codes| codes.map(|c| (c, read))),
            Err(_) => Ok(None),
        };
        let Ok(answer) = answer else {
            continue;
        };
        match answer {
            Some((codes, read)) => {
                let built = convert(&typed, &codes, Lang::De).unwrap().unwrap();
                assert!(
                    same(&built, &read),
                    "{file}: {codes:?} made {}, not {deal}",
                    built.to_json()
                );
                tapped += 1;
            }
            None if tappable(family, &deal) && storable(&record, &deal) => {
                missing.push(format!("{file}: {deal}"))
            }
            None => {}
        }
    }
    assert!(missing.is_empty(), "no taps for:\n{}", missing.join("\n"));
    tapped
}

#[test]
fn every_watten_conformance_deal_comes_back_as_taps() {
    assert!(round_trip("watten") > 100);
}

#[test]
fn every_figure_conformance_deal_comes_back_as_taps() {
    assert!(round_trip("figures") > 80);
}

#[test]
fn every_gaigel_conformance_deal_comes_back_as_taps() {
    assert!(round_trip("gaigel") > 100);
}

#[test]
fn watten_taps_are_the_scorers_codes() {
    // Contract 3.2: {"bet": S}, {"see": S}, {"tricks": S}.
    let record = Record::new(Game::Watten);
    let record = Record {
        target: Some(15),
        ..record
    };
    let deal = json!({"events": [{"bet": "A"}, {"see": "B"}, {"tricks": "B"}]});
    let deal = Deal::read(Game::Watten, &deal).unwrap();
    let codes = taps(&record, &deal).unwrap().unwrap();
    assert_eq!(codes, ["bet:A", "see:B", "tricks:B"]);
    // The short form has no taps: the typed form corrects it.
    let short = Deal::read(Game::Watten, json!({"winner": "A", "points": 2})).unwrap();
    assert_eq!(taps(&record, &short).unwrap(), None);
}

#[test]
fn gaigel_points_come_back_by_the_number_pad() {
    // Contract 3.3's example deal; 98 card points are the digits 9 and 8, 7 tricks one tap.
    let record = Record::from_json(r#"{"deals":[],"game":"gaigel","variant":"four"}"#).unwrap();
    let deal = json!({"points": {"A": 98, "B": 87}, "melds": {"A": [40], "B": []},
                      "tricks": {"A": 7, "B": 4}, "out": "A"});
    let deal = Deal::read(Game::Gaigel, &deal).unwrap();
    let codes = taps(&record, &deal).unwrap().unwrap();
    assert_eq!(&codes[..3], ["aug:A:9", "aug:A:8", "st:A:7"]);
    assert_eq!(codes.last().map(String::as_str), Some("done"));
    let built = convert(&record, &codes, Lang::De).unwrap().unwrap();
    assert!(same(&built, &deal));
}
