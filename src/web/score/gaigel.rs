//! Gaigel entry: one form per deal with each side's card points, melds and tricks, who called
//! "Aus!", who was caught übergaigeln, five Sevens, and (gaigel `three`) the cut for ties,
//! turned into one deal of the contract (3.3); with the options, who played on Sevens
//! (`dissle`, and `dissle_trick` when a trick lost it) and who showed five of a suit
//! (`farbe`; docs/rules/gaigel.md section 10). The referee judges everything else,
//! untergaigeln included (an `out` below 101).

use serde_json::{Map, Value, json};

use super::watten::FormError;

/// The submitted fields by name (`points_A`, `melds_A`, `tricks_A`, `out`, ...).
pub type Fields = std::collections::HashMap<String, String>;

fn number(text: &str, key: &'static str) -> Result<u32, FormError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(0);
    }
    text.parse().map_err(|_| FormError { key, line: None })
}

/// A side named in a select (`""` or `-` for none), checked against the table's sides.
fn side_of(fields: &Fields, name: &str, sides: &[String]) -> Result<Option<String>, FormError> {
    match fields.get(name).map(|s| s.trim()) {
        None | Some("") | Some("-") => Ok(None),
        Some(s) if sides.iter().any(|x| x == s) => Ok(Some(s.to_string())),
        Some(_) => Err(FormError {
            key: "score-err-side",
            line: None,
        }),
    }
}

/// The deal for a table with `sides` (`A`, `B` or `P1`..`P3`).
pub fn deal(fields: &Fields, sides: &[String]) -> Result<Value, FormError> {
    let get = |name: String| fields.get(&name).map(String::as_str).unwrap_or("");
    let (mut points, mut melds, mut tricks) = (Map::new(), Map::new(), Map::new());
    for s in sides {
        points.insert(
            s.clone(),
            number(get(format!("points_{s}")), "score-err-card-points")?.into(),
        );
        tricks.insert(
            s.clone(),
            number(get(format!("tricks_{s}")), "score-err-tricks")?.into(),
        );
        let list = get(format!("melds_{s}"))
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .map(|w| number(w, "score-err-melds").map(Value::from))
            .collect::<Result<Vec<_>, _>>()?;
        melds.insert(s.clone(), Value::Array(list));
    }
    let mut deal = json!({"points": points, "melds": melds, "tricks": tricks});
    for key in ["out", "overgaigel", "five_sevens", "dissle", "farbe"] {
        if let Some(side) = side_of(fields, key, sides)? {
            deal[key] = Value::from(side);
        }
    }
    // A checkbox: present (any value) when ticked. The referee refuses it without `dissle`.
    if fields.contains_key("dissle_trick") {
        deal["dissle_trick"] = Value::Bool(true);
    }
    let cut: Vec<Value> = get("cut".into())
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| Value::from(w.to_ascii_uppercase()))
        .collect();
    if !cut.is_empty() {
        deal["cut"] = Value::Array(cut);
    }
    Ok(deal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Fields {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn the_form_becomes_a_contract_deal() {
        let sides = vec!["A".to_string(), "B".to_string()];
        let f = fields(&[
            ("points_A", "98"),
            ("melds_A", "40"),
            ("tricks_A", "7"),
            ("points_B", "87"),
            ("melds_B", ""),
            ("tricks_B", "4"),
            ("out", "A"),
            ("overgaigel", "-"),
        ]);
        assert_eq!(
            deal(&f, &sides).unwrap(),
            json!({"points": {"A": 98, "B": 87}, "melds": {"A": [40], "B": []},
                   "tricks": {"A": 7, "B": 4}, "out": "A"})
        );
        let bad = fields(&[("points_A", "viel"), ("out", "C")]);
        assert_eq!(deal(&bad, &sides).unwrap_err().key, "score-err-card-points");
        let bad = fields(&[("out", "C")]);
        assert_eq!(deal(&bad, &sides).unwrap_err().key, "score-err-side");
    }

    #[test]
    fn playing_on_sevens_and_five_of_a_suit_become_their_keys() {
        let sides = vec!["A".to_string(), "B".to_string()];
        let f = fields(&[
            ("points_A", "14"),
            ("tricks_A", "1"),
            ("points_B", "30"),
            ("tricks_B", "2"),
            ("dissle", "A"),
            ("dissle_trick", "on"),
            ("farbe", ""),
        ]);
        assert_eq!(
            deal(&f, &sides).unwrap(),
            json!({"points": {"A": 14, "B": 30}, "melds": {"A": [], "B": []},
                   "tricks": {"A": 1, "B": 2}, "dissle": "A", "dissle_trick": true})
        );
        let f = fields(&[("farbe", "B"), ("dissle", "-")]);
        let d = deal(&f, &sides).unwrap();
        assert_eq!((d.get("farbe"), d.get("dissle")), (Some(&json!("B")), None));
        assert_eq!(
            deal(&fields(&[("farbe", "P3")]), &sides).unwrap_err().key,
            "score-err-side"
        );
    }
}
