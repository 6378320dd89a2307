//! The audit log in words: one sentence per event in the page's language ("Spiel 4 an
//! Tisch 2 korrigiert", "Eintrag von Max Muster geändert: Name Max Muster → Max Mustermann"),
//! from the event's kind and its detail JSON. Every kind the service writes has its sentence;
//! a kind this list does not know still reads as words: "Eintrag „kind“" with its details as
//! `key: value` pairs, never as raw JSON.
//!
//! Numbers in the details: `round`, `table` and (for the kinds after deal versions) `deal`
//! are shown as they are stored, counted from 1; a deal version's own `deal` is its 0-based
//! position, which the service has already turned into the number shown.

use crate::service::scoring::audit::{AuditLine, DealChange};
use crate::web::i18n::Locale;
use serde_json::Value;
use std::collections::HashMap;

/// The kinds with a sentence of their own (message `audit-kind-<kind>` with `-` for `_`).
/// Deal versions are worded from their [`DealChange`] instead.
const KINDS: &[&str] = &[
    "tournament_created",
    "tournament_imported",
    "tournament_finished",
    "tournament_reopened",
    "round_drawn",
    "round_undrawn",
    "round_closed",
    "round_reopened",
    "finals_drawn",
    "seats_swapped",
    "player_added",
    "team_added",
    "entrant_edited",
    "entrant_withdrawn",
    "entrant_absent",
    "entrant_late",
    "visibility",
    "confirmation",
    "scorer_links",
    "link_reissued",
    "tiebreaks_set",
    "prizes_set",
    "deal_voided",
    "deals_corrected",
    "register_renamed",
    "players_merged",
    "players_merge_undone",
    "player_consent",
    "player_erased",
];

/// The keys a kind's sentence already says, left out of the rest shown after it.
const SAID: &[&str] = &[
    "round",
    "table",
    "deal",
    "name",
    "entrant",
    "reason",
    "slug",
    "source",
    "seed",
    "swapped",
    "public",
    "confirmation",
    "tables",
    "players",
    "knockout",
    "deals",
    "tiebreaks",
    "old_name",
    "new_name",
    "before",
    "after",
    "player",
    "consent",
];

/// The sentence for one event of the log.
pub fn sentence(l: Locale, e: &AuditLine, names: &HashMap<String, String>) -> String {
    if e.action == "deal_version" {
        return deal_sentence(l, e);
    }
    let detail: Value = serde_json::from_str(&e.detail).unwrap_or(Value::Null);
    if !KINDS.contains(&e.action.as_str()) {
        return unknown(l, &e.action, &detail);
    }
    let args = args(l, e, &detail, names);
    let key = format!("audit-kind-{}", e.action.replace('_', "-"));
    let said = l.t_with(&key, &args);
    match rest(l, &detail) {
        Some(rest) => format!("{said} ({rest})"),
        None => said,
    }
}

/// The placeholders every kind's message may use.
fn args(
    l: Locale,
    e: &AuditLine,
    detail: &Value,
    names: &HashMap<String, String>,
) -> Vec<(&'static str, String)> {
    let name_of = |id: &Value| -> String {
        let id = text(id);
        names.get(&id).cloned().unwrap_or(id)
    };
    let (round, table) = match e.table {
        Some((r, t)) => (r.to_string(), t.to_string()),
        None => (text(&detail["round"]), text(&detail["table"])),
    };
    // An unnamed team's event holds no name: the entrant id's name as the pages show it.
    let name = match text(&detail["name"]) {
        n if n.is_empty() => name_of(&detail["entrant"]),
        n => n,
    };
    let swapped = detail["swapped"]
        .as_array()
        .map(|ids| ids.iter().map(name_of).collect::<Vec<_>>().join(" ↔ "))
        .unwrap_or_default();
    let confirmation = match detail["confirmation"].as_str() {
        Some("none") => l.t("tables-rule-none"),
        Some("secretary") => l.t("tables-rule-secretary"),
        Some(_) => l.t("tables-rule-other-side"),
        None => String::new(),
    };
    vec![
        ("round", round),
        ("table", table),
        ("deal", text(&detail["deal"])),
        ("deals", list(&detail["deals"])),
        ("name", name),
        ("seed", text(&detail["seed"])),
        ("swapped", swapped),
        ("public", flag(&detail["public"])),
        ("confirmation", confirmation),
        ("tables", text(&detail["tables"])),
        ("tiebreaks", list(&detail["tiebreaks"])),
        ("changes", changes(detail)),
        ("before", text(&detail["before"])),
        ("after", text(&detail["after"])),
        ("kept", text(&detail["kept_name"])),
        ("merged", text(&detail["merged_name"])),
        ("consent", consent_words(l, &detail["consent"])),
    ]
}

/// A player's consent for public display in words (`web::player`).
fn consent_words(l: Locale, v: &Value) -> String {
    v.as_str()
        .and_then(crate::service::consent::Consent::parse)
        .map(|c| crate::web::player::consent_words(l, c))
        .unwrap_or_default()
}

/// A deal version: entered, confirmed, corrected, withdrawn or imported.
fn deal_sentence(l: Locale, e: &AuditLine) -> String {
    let (deal, version, status) = e.deal.clone().unwrap_or((0, 0, String::new()));
    let table = e.table.map(|(_, t)| t.to_string()).unwrap_or_default();
    let args = [("deal", deal.to_string()), ("table", table)];
    let key = match &e.change {
        Some(DealChange::Entered { pending: true }) => "audit-deal-entered-pending",
        Some(DealChange::Entered { pending: false }) => "audit-deal-entered",
        Some(DealChange::Imported) => "audit-deal-imported",
        Some(DealChange::Confirmed) => "audit-deal-confirmed",
        Some(DealChange::Corrected { pending: true }) => "audit-deal-corrected-pending",
        Some(DealChange::Corrected { pending: false }) => "audit-deal-corrected",
        Some(DealChange::Withdrawn) => "audit-deal-withdrawn",
        Some(DealChange::Other(_)) | None => {
            return l.t_with(
                "audit-deal-other",
                &[
                    args[0].clone(),
                    args[1].clone(),
                    ("version", version.to_string()),
                    ("status", status),
                ],
            );
        }
    };
    l.t_with(key, &args)
}

/// A kind without a sentence: its name and its details in words.
fn unknown(l: Locale, kind: &str, detail: &Value) -> String {
    let said = l.t_with("audit-kind-unknown", &[("kind", kind.replace('_', " "))]);
    match pairs(detail, &[]) {
        Some(rest) => format!("{said}: {rest}"),
        None => said,
    }
}

/// What a kind's sentence leaves unsaid, in words (`audit-key-<key>` with the value as `$v`);
/// a key without such a message is left out rather than shown as its code (issue 27:
/// "(rounds: 2)", "(moved: 0)" on a German page).
fn rest(l: Locale, detail: &Value) -> Option<String> {
    let map = detail.as_object()?;
    let parts: Vec<String> = map
        .iter()
        .filter(|(k, v)| !SAID.contains(&k.as_str()) && !v.is_null())
        .filter_map(|(k, v)| key_words(l, k, v))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// The detail keys with words of their own.
const WORDED: &[&str] = &[
    "rounds",
    "open_round",
    "absent",
    "moved",
    "version",
    "status",
    "players_before",
    "players_after",
];

fn key_words(l: Locale, key: &str, v: &Value) -> Option<String> {
    if !WORDED.contains(&key) {
        return None;
    }
    let value = match v {
        Value::String(s) if key == "status" => status(l, s),
        Value::Bool(b) => flag(&Value::Bool(*b)),
        other => value_text(other),
    };
    let id = format!("audit-key-{}", key.replace('_', "-"));
    Some(l.t_with(&id, &[("v", value)]))
}

/// A deal's or tournament's status in words; one this list does not know, as "–".
fn status(l: Locale, s: &str) -> String {
    match s {
        "confirmed" | "pending" | "withdrawn" => l.t(&format!("tables-status-{s}")),
        "open" | "finished" => l.t(&format!("audit-status-{s}")),
        _ => "–".into(),
    }
}

/// Who did it, in words: a table's scorer link ("scorer: round 1, table 4" as stored) and the
/// command line by the catalogue; a secretary by their name.
pub fn actor(l: Locale, stored: &str) -> String {
    if stored == "cli" {
        return l.t("audit-actor-cli");
    }
    let place = stored
        .strip_prefix("scorer: round ")
        .and_then(|rest| rest.split_once(", table "));
    match place {
        Some((round, table)) => l.t_with(
            "audit-actor-scorer",
            &[("round", round.into()), ("table", table.into())],
        ),
        None => stored.to_string(),
    }
}

fn pairs(detail: &Value, skip: &[&str]) -> Option<String> {
    let map = detail.as_object()?;
    let parts: Vec<String> = map
        .iter()
        .filter(|(k, v)| !skip.contains(&k.as_str()) && !v.is_null())
        .map(|(k, v)| format!("{}: {}", k.replace('_', " "), value_text(v)))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// An edit's changes, "Name Max → Moritz, Verein A → B": from `changes` (an object of
/// `field: [before, after]` or `field: {before, after}`), or `before`/`after` objects, or
/// `old_name`/`new_name`.
fn changes(detail: &Value) -> String {
    let mut out = Vec::new();
    if let Some(map) = detail["changes"].as_object() {
        for (field, v) in map {
            let (b, a) = match v {
                Value::Array(pair) if pair.len() == 2 => (&pair[0], &pair[1]),
                Value::Object(_) => (&v["before"], &v["after"]),
                _ => (&Value::Null, v),
            };
            out.push(format!("{field} {} → {}", value_text(b), value_text(a)));
        }
    } else if let (Some(b), Some(a)) = (detail["before"].as_object(), detail["after"].as_object()) {
        for (field, after) in a {
            let before = b.get(field).unwrap_or(&Value::Null);
            if before != after {
                out.push(format!(
                    "{field} {} → {}",
                    value_text(before),
                    value_text(after)
                ));
            }
        }
    } else if let (Some(b), Some(a)) = (detail["before"].as_str(), detail["after"].as_str()) {
        if b != a {
            out.push(format!("{b} → {a}"));
        }
    } else if detail["new_name"].is_string() {
        out.push(format!(
            "{} → {}",
            value_text(&detail["old_name"]),
            value_text(&detail["new_name"])
        ));
    }
    if out.is_empty() {
        return "–".into();
    }
    out.join(", ")
}

fn text(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        other => value_text(other),
    }
}

fn value_text(v: &Value) -> String {
    match v {
        Value::Null => "–".into(),
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(value_text).collect::<Vec<_>>().join(", "),
        Value::Object(_) => pairs(v, &[]).unwrap_or_default(),
        other => other.to_string(),
    }
}

fn list(v: &Value) -> String {
    match v {
        Value::Array(_) => value_text(v),
        Value::Null => String::new(),
        other => value_text(other),
    }
}

/// `yes`/`no` as the messages' selector reads it.
fn flag(v: &Value) -> String {
    if v.as_bool() == Some(true) {
        "yes".into()
    } else {
        "no".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(action: &str, detail: Value) -> AuditLine {
        AuditLine {
            at: chrono::NaiveDateTime::default(),
            actor: "sek".into(),
            ip: None,
            action: action.into(),
            table: None,
            deal: None,
            old: None,
            new: None,
            detail: detail.to_string(),
            reason: None,
            change: None,
        }
    }

    /// Every kind has a German and an English sentence: no message id shows through.
    #[test]
    fn every_known_kind_reads_as_a_sentence_in_both_languages() {
        let names = HashMap::new();
        for kind in KINDS {
            let e = line(kind, serde_json::json!({"round": 2, "name": "Max Muster"}));
            for l in [Locale::De, Locale::En] {
                let s = sentence(l, &e, &names);
                assert!(!s.contains("audit-kind"), "{kind}: {s}");
                assert!(!s.contains('_'), "{kind}: {s}");
            }
        }
    }

    #[test]
    fn an_edit_names_the_entrant_and_what_changed() {
        let e = line(
            "entrant_edited",
            serde_json::json!({"name": "Max Mustermann",
                "changes": {"name": ["Max Muster", "Max Mustermann"]}}),
        );
        let s = sentence(Locale::De, &e, &HashMap::new());
        assert!(s.starts_with("Eintrag von Max Mustermann geändert"), "{s}");
        assert!(s.contains("Max Muster → Max Mustermann"), "{s}");
    }

    #[test]
    fn a_swap_names_both_teams() {
        let names = HashMap::from([
            ("t1".into(), "Die Roten".into()),
            ("t2".into(), "Blau".into()),
        ]);
        let e = line(
            "seats_swapped",
            serde_json::json!({"round": 1, "swapped": ["t1", "t2"]}),
        );
        let s = sentence(Locale::De, &e, &names);
        assert!(s.contains("Die Roten ↔ Blau"), "{s}");
        assert!(s.contains("Runde 1"), "{s}");
    }

    /// No key or English word of the details on a German page.
    #[test]
    fn details_and_authors_read_in_german() {
        let e = line(
            "tournament_imported",
            serde_json::json!({"slug": "x", "source": "file", "status": "open",
                "rounds": 2, "open_round": null}),
        );
        let s = sentence(Locale::De, &e, &HashMap::new());
        assert!(s.contains("2 Runden"), "{s}");
        assert!(
            !s.contains("rounds") && !s.contains("status") && !s.contains("open"),
            "{s}"
        );
        let e = line(
            "entrant_withdrawn",
            serde_json::json!({"entrant": "t1", "name": "Max", "round": 3, "moved": 1, "zzz": 4}),
        );
        let s = sentence(Locale::De, &e, &HashMap::new());
        assert!(!s.contains("moved") && !s.contains("zzz"), "{s}");
        assert_eq!(
            actor(Locale::De, "scorer: round 1, table 4"),
            "Tischlink Runde 1, Tisch 4"
        );
        assert_eq!(actor(Locale::De, "Sepp"), "Sepp");
    }

    #[test]
    fn an_unknown_kind_still_reads_as_words() {
        let e = line("moon_landed", serde_json::json!({"crater": "Tycho"}));
        let s = sentence(Locale::De, &e, &HashMap::new());
        assert!(s.contains("moon landed"), "{s}");
        assert!(s.contains("crater: Tycho"), "{s}");
        assert!(!s.contains('{'), "{s}");
    }

    #[test]
    fn a_correction_names_deal_and_table() {
        let mut e = line("deal_version", serde_json::json!({}));
        e.table = Some((1, 2));
        e.deal = Some((4, 2, "confirmed".into()));
        e.change = Some(DealChange::Corrected { pending: false });
        assert_eq!(
            sentence(Locale::De, &e, &HashMap::new()),
            "Spiel 4 an Tisch 2 korrigiert"
        );
        assert_eq!(
            sentence(Locale::En, &e, &HashMap::new()),
            "Deal 4 at table 2 corrected"
        );
    }
}
