//! A stored deal back as the pad's taps (the secretary's correction starts from them): per
//! family the codes a scorer would have tapped for the deal. The codes are checked the way
//! the pad reads them: each must decode and fit, and the deal they make must be the stored
//! deal (a side or key left out counts as nothing, contract 3). A deal the pad cannot tap
//! (Watten's short form, figures bet as a list, several figures in one show event, a decider
//! by cards, numbers the pad's steppers cannot reach) gives `None`: it is corrected in the
//! typed form.

use super::{Family, figures, gaigel, watten};
use serde_json::{Map, Value};

/// The codes for `deal` at `family`'s table, when they rebuild exactly that deal.
pub fn refill<F: Family>(family: &F, codes: Vec<String>, deal: &Value) -> Option<Vec<String>> {
    let mut steps = Vec::with_capacity(codes.len());
    for code in &codes {
        let step = family.decode(code).filter(|s| family.fits(&steps, s))?;
        steps.push(step);
    }
    let built = family.deal(&steps).filter(|_| !family.pending(&steps))?;
    same(&built, deal).then_some(codes)
}

/// Whether two deals say the same: equal values, a missing key equal to an empty one.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys = x.keys().chain(y.keys());
            keys.into_iter().all(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => same(p, q),
                (Some(v), None) | (None, Some(v)) => empty(v),
                (None, None) => true,
            })
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        _ => a == b,
    }
}

fn empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.values().all(empty),
        Value::String(_) => false,
    }
}

fn text(v: &Value) -> Option<&str> {
    v.as_str()
}

/// The only keys an event or deal may have for the pad to tap it.
fn only(o: &Map<String, Value>, keys: &[&str]) -> bool {
    o.keys().all(|k| keys.contains(&k.as_str()))
}

/// Watten (contract 3.2): `alone:P` first at three players, then one code an event.
pub fn watten(w: &watten::Watten, deal: &Value) -> Option<Vec<String>> {
    let o = deal.as_object()?;
    if !only(o, &["alone", "events"]) {
        return None;
    }
    let mut codes = Vec::new();
    if w.rules.three_players {
        codes.push(format!("alone:{}", text(o.get("alone")?)?));
    }
    for e in o.get("events")?.as_array()? {
        let e = e.as_object()?;
        let code = if let Some(s) = e.get("bet") {
            match e.get("to") {
                None => format!("bet:{}", text(s)?),
                Some(to) if to.as_u64() == Some(4) => format!("four:{}", text(s)?),
                Some(_) => return None,
            }
        } else if let Some(s) = e.get("farbe") {
            let ok = e.get("card_ok")?.as_bool()?;
            format!("farbe:{}:{}", text(s)?, if ok { "ok" } else { "no" })
        } else {
            let (verb, who) = e.iter().next().filter(|_| e.len() == 1)?;
            format!("{verb}:{}", text(who)?)
        };
        codes.push(code);
    }
    refill(w, codes, deal)
}

/// Giltspiel and Perlaggen (contract 3.1): one code an event; a show by cards opens the
/// picking, taps each side's cards (a baptism right after its wild card) and closes it.
pub fn figures(f: &figures::Figures, deal: &Value) -> Option<Vec<String>> {
    let o = deal.as_object()?;
    if !only(o, &["events"]) {
        return None;
    }
    let mut codes = Vec::new();
    for e in o.get("events")?.as_array()? {
        figure_event(e.as_object()?, &mut codes)?;
    }
    refill(f, codes, deal)
}

fn figure_event(e: &Map<String, Value>, codes: &mut Vec<String>) -> Option<()> {
    let by = || e.get("by").and_then(Value::as_str);
    for verb in ["bet", "hold", "raise", "good"] {
        if let Some(f) = e.get(verb) {
            codes.push(format!("{verb}:{}:{}", text(f)?, by()?));
            return Some(());
        }
    }
    if let Some(f) = e.get("unshown") {
        let other = e.get("other_can_show")?.as_bool()?;
        let yes = if other { "yes" } else { "no" };
        codes.push(format!("unshown:{}:{}:{yes}", text(f)?, by()?));
        return Some(());
    }
    let (verb, value) = e.iter().next().filter(|_| e.len() == 1)?;
    match (verb.as_str(), value) {
        ("trump" | "tricks" | "decider", Value::String(s)) => codes.push(format!("{verb}:{s}")),
        ("show", Value::Object(show)) if show.len() == 1 => {
            let (figure, outcome) = show.iter().next()?;
            match outcome {
                Value::String(s) => codes.push(format!("show:{figure}:{s}")),
                Value::Object(sides) => shown_cards(figure, sides, codes)?,
                _ => return None,
            }
        }
        _ => return None,
    }
    Some(())
}

fn shown_cards(figure: &str, sides: &Map<String, Value>, codes: &mut Vec<String>) -> Option<()> {
    codes.push(format!("cards:{figure}"));
    for side in ["A", "B"] {
        for card in sides.get(side).map_or(Some(&Vec::new()), Value::as_array)? {
            let card = text(card)?;
            match card.split_once('=') {
                Some((c, b)) => codes.extend([format!("card:{side}:{c}"), format!("bap:{b}")]),
                None => codes.push(format!("card:{side}:{card}")),
            }
        }
    }
    codes.push("done".into());
    Some(())
}

/// Gaigel (contract 3.3): per side its card points by the number pad's digits, its tricks
/// in one tap and its melds, then the special endings, the cut and `done`.
pub fn gaigel(g: &gaigel::Gaigel, deal: &Value) -> Option<Vec<String>> {
    let o = deal.as_object()?;
    let keys = [
        "points",
        "melds",
        "tricks",
        "out",
        "overgaigel",
        "five_sevens",
        "dissle",
        "dissle_trick",
        "farbe",
        "cut",
    ];
    if !only(o, &keys) {
        return None;
    }
    let mut codes = Vec::new();
    for side in g.side_names() {
        let number = |key: &str| {
            o.get(key)
                .and_then(|m| m.get(*side))
                .map_or(Some(0), Value::as_u64)
        };
        let points = number("points")?;
        if points > 0 {
            for digit in points.to_string().chars() {
                codes.push(format!("aug:{side}:{digit}"));
            }
        }
        codes.push(format!("st:{side}:{}", number("tricks")?));
        let melds = o.get("melds").and_then(|m| m.get(*side));
        for meld in melds.map_or(Some(&Vec::new()), Value::as_array)? {
            codes.push(format!("meld:{side}:{}", meld.as_u64()?));
        }
    }
    for (key, verb) in [
        ("out", "out"),
        ("overgaigel", "over"),
        ("five_sevens", "sevens"),
        ("dissle", "dissle"),
        ("farbe", "farbe"),
    ] {
        if let Some(s) = o.get(key) {
            codes.push(format!("{verb}:{}", text(s)?));
        }
        if key == "dissle" && o.get("dissle_trick").and_then(Value::as_bool) == Some(true) {
            codes.push("dissle_trick".into());
        }
    }
    for s in o.get("cut").map_or(Some(&Vec::new()), Value::as_array)? {
        codes.push(format!("cut:{}", text(s)?));
    }
    codes.push("done".into());
    refill(g, codes, deal)
}
