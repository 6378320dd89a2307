//! Gaigel entry: one form per deal with each side's card points, melds and tricks, who called
//! "Aus!", who was caught übergaigeln, five Sevens, and (gaigel `three`) the cut for ties,
//! turned into one deal of the contract (3.3); with the options, who played on Sevens
//! (`dissle`, and `dissle_trick` when a trick lost it) and who showed five of a suit
//! (`farbe`; docs/rules/gaigel.md section 10). The referee judges everything else,
//! untergaigeln included (an `out` below 101).

use super::watten::FormError;
use crate::rules::match_record::gaigel::Deal;
use crate::rules::match_record::{PerWho, Who};

/// The submitted fields by name (`points_A`, `melds_A`, `tricks_A`, `out`, ...).
pub type Fields = std::collections::HashMap<String, String>;

fn number(text: &str, key: &'static str) -> Result<u32, FormError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(0);
    }
    text.parse().map_err(|_| FormError { key, line: None })
}

const NOT_A_SIDE: FormError = FormError {
    key: "score-err-side",
    line: None,
};

/// A side named in a select (`""` or `-` for none), checked against the table's sides.
fn side_of(fields: &Fields, name: &str, sides: &[String]) -> Result<Option<Who>, FormError> {
    match fields.get(name).map(|s| s.trim()) {
        None | Some("") | Some("-") => Ok(None),
        Some(s) if sides.iter().any(|x| x == s) => Who::parse(s).map(Some).ok_or(NOT_A_SIDE),
        Some(_) => Err(NOT_A_SIDE),
    }
}

/// The deal for a table with `sides` (`A`, `B` or `P1`..`P3`).
pub fn deal(fields: &Fields, sides: &[String]) -> Result<Deal, FormError> {
    let get = |name: String| fields.get(&name).map(String::as_str).unwrap_or("");
    let (mut points, mut melds, mut tricks) = (PerWho::new(), PerWho::new(), PerWho::new());
    for s in sides {
        let who = Who::parse(s).ok_or(NOT_A_SIDE)?;
        points.insert(
            who,
            number(get(format!("points_{s}")), "score-err-card-points")?,
        );
        tricks.insert(who, number(get(format!("tricks_{s}")), "score-err-tricks")?);
        let list = get(format!("melds_{s}"))
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .map(|w| number(w, "score-err-melds"))
            .collect::<Result<Vec<_>, _>>()?;
        melds.insert(who, list);
    }
    // The cut for ties (gaigel `three`): the players in order; a word that names no player
    // is no side of this table.
    let cut = get("cut".into())
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| Who::parse(&w.to_ascii_uppercase()).ok_or(NOT_A_SIDE))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Deal {
        points: Some(points),
        melds: Some(melds),
        tricks: Some(tricks),
        out: side_of(fields, "out", sides)?,
        overgaigel: side_of(fields, "overgaigel", sides)?,
        five_sevens: side_of(fields, "five_sevens", sides)?,
        dissle: side_of(fields, "dissle", sides)?,
        farbe: side_of(fields, "farbe", sides)?,
        // A checkbox: present (any value) when ticked. The referee refuses it without `dissle`.
        dissle_trick: fields.contains_key("dissle_trick").then_some(true),
        cut: (!cut.is_empty()).then_some(cut),
        cards: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn value(d: Deal) -> Value {
        serde_json::to_value(d).unwrap()
    }

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
            value(deal(&f, &sides).unwrap()),
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
            value(deal(&f, &sides).unwrap()),
            json!({"points": {"A": 14, "B": 30}, "melds": {"A": [], "B": []},
                   "tricks": {"A": 1, "B": 2}, "dissle": "A", "dissle_trick": true})
        );
        let f = fields(&[("farbe", "B"), ("dissle", "-")]);
        let d = value(deal(&f, &sides).unwrap());
        assert_eq!((d.get("farbe"), d.get("dissle")), (Some(&json!("B")), None));
        assert_eq!(
            deal(&fields(&[("farbe", "P3")]), &sides).unwrap_err().key,
            "score-err-side"
        );
    }

    /// What the form stores, byte for byte: the deal versions' column holds this text.
    #[test]
    fn the_stored_bytes_stay_as_they_were() {
        let sides: Vec<String> = ["P1", "P2", "P3"].map(String::from).into();
        let f = fields(&[
            ("points_P1", "104"),
            ("tricks_P1", "6"),
            ("melds_P1", "20, 40"),
            ("points_P2", "61"),
            ("tricks_P2", "4"),
            ("points_P3", "45"),
            ("tricks_P3", "3"),
            ("out", "P1"),
            ("overgaigel", "P2"),
            ("five_sevens", "P3"),
            ("dissle", "P2"),
            ("dissle_trick", "on"),
            ("farbe", "P3"),
            ("cut", "p2, P3 p1"),
        ]);
        assert_eq!(
            serde_json::to_string(&deal(&f, &sides).unwrap()).unwrap(),
            concat!(
                r#"{"cut":["P2","P3","P1"],"dissle":"P2","dissle_trick":true,"farbe":"P3","#,
                r#""five_sevens":"P3","melds":{"P1":[20,40],"P2":[],"P3":[]},"out":"P1","#,
                r#""overgaigel":"P2","points":{"P1":104,"P2":61,"P3":45},"#,
                r#""tricks":{"P1":6,"P2":4,"P3":3}}"#
            )
        );
        let bad = fields(&[("cut", "P1 X")]);
        assert_eq!(deal(&bad, &sides).unwrap_err().key, "score-err-side");
    }
}
