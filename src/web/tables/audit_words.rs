//! The audit log in words: one sentence per event in the page's language ("Spiel 4 an
//! Tisch 2 korrigiert", "Eintrag von Max Muster geändert: Name Max Muster → Max Mustermann"),
//! from the event's kind and its typed detail ([`AuditDetail`]). Every kind the service
//! writes has its sentence; a kind this list does not know still reads as words: "Eintrag
//! „kind“" with its details as `key: value` pairs, never as raw JSON.
//!
//! A detail that does not read as its kind's ([`Detail::Unread`]: written by an older
//! version, or of a kind this one does not know) is worded from its stored JSON by key, the
//! same way: the typed wording and this one say the same of the same detail (a test holds
//! them together).
//!
//! Numbers in the details: `round`, `table` and (for the kinds after deal versions) `deal`
//! are shown as they are stored, counted from 1; a deal version's own `deal` is its 0-based
//! position, which the service has already turned into the number shown.

use crate::service::audit_detail::{AuditDetail, RoundsPlanned};
use crate::service::scoring::audit::{AuditLine, DealChange, Detail};
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
    let facts = match &e.detail {
        Detail::Typed(AuditDetail::RoundsPlanned(planned)) => {
            return planned_sentence(l, planned);
        }
        Detail::Typed(d) => Facts::of(d),
        Detail::Unread(text) => {
            let detail: Value = serde_json::from_str(text).unwrap_or(Value::Null);
            if !KINDS.contains(&e.action.as_str()) {
                return unknown(l, &e.action, &detail);
            }
            Facts::read(&detail)
        }
    };
    let args = args(l, e, &facts, names);
    let key = format!("audit-kind-{}", e.action.replace('_', "-"));
    let said = l.t_with(&key, &args);
    match rest(l, &facts.rest) {
        Some(rest) => format!("{said} ({rest})"),
        None => said,
    }
}

/// A value the sentence leaves unsaid, as its words need it.
#[derive(Debug, Clone, PartialEq)]
enum Shown {
    Text(String),
    /// A deal's or tournament's status, worded by [`status`].
    Status(String),
    Flag(bool),
}

/// What an event's sentence may say, from its typed detail or (unread) its JSON by key.
/// Numbers and names as shown; the entrant's id and the swapped ids for the names.
#[derive(Debug, Default)]
struct Facts {
    round: String,
    table: String,
    deal: String,
    deals: String,
    name: String,
    entrant: String,
    seed: String,
    swapped: Vec<String>,
    public: bool,
    confirmation: Option<String>,
    tables: String,
    tiebreaks: String,
    changes: String,
    before: String,
    after: String,
    kept: String,
    merged: String,
    consent: Option<String>,
    /// The worded keys the sentence does not say, in the order of their keys.
    rest: Vec<(&'static str, Shown)>,
}

fn shown(n: impl ToString) -> Shown {
    Shown::Text(n.to_string())
}

fn joined<T: ToString>(items: &[T]) -> String {
    items
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Max Muster → Max Mustermann", or "–" when nothing changed.
fn renamed(before: &str, after: &str) -> String {
    match before == after {
        true => "–".into(),
        false => format!("{before} → {after}"),
    }
}

impl Facts {
    /// The facts of a typed detail: the tournament's own kinds here, the others below.
    fn of(d: &AuditDetail) -> Facts {
        use AuditDetail as D;
        match d {
            D::TournamentImported(x) => Facts {
                rest: [
                    x.open_round.map(|r| ("open_round", shown(r))),
                    Some(("rounds", shown(x.rounds))),
                    Some(("status", Shown::Status(x.status.clone()))),
                ]
                .into_iter()
                .flatten()
                .collect(),
                ..Facts::default()
            },
            D::TournamentFinished(x) => Facts {
                rest: vec![("rounds", shown(x.rounds))],
                ..Facts::default()
            },
            D::Visibility(x) => Facts {
                public: x.public,
                ..Facts::default()
            },
            D::ConfirmationSet(x) => Facts {
                confirmation: Some(x.confirmation.clone()),
                ..Facts::default()
            },
            D::TiebreaksSet(x) => Facts {
                tiebreaks: joined(&x.tiebreaks),
                before: joined(&x.before),
                ..Facts::default()
            },
            D::TournamentCreated(_)
            | D::TournamentReopened(_)
            | D::PrizesSet(_)
            | D::RoundsPlanned(_)
            | D::DealVersion(_) => Facts::default(),
            other => Facts::of_tables(other),
        }
    }

    /// The facts of a detail about a round or a table.
    fn of_tables(d: &AuditDetail) -> Facts {
        use AuditDetail as D;
        match d {
            D::RoundDrawn(x) => Facts::round(x.round).with_seed(Some(x.seed)),
            D::RoundUndrawn(x) => Facts {
                tables: x.tables.to_string(),
                ..Facts::round(x.round).with_seed(x.seed)
            },
            D::RoundClosed(x) => Facts::round(x.round),
            D::RoundReopened(x) => Facts::round(x.round),
            D::FinalsDrawn(x) => Facts::round(x.round),
            D::SeatsSwapped(x) => Facts {
                swapped: x.swapped.to_vec(),
                ..Facts::round(x.round)
            },
            D::ScorerLinks(x) => Facts {
                tables: x.tables.to_string(),
                ..Facts::round(x.round)
            },
            D::LinkReissued(x) => Facts {
                table: x.table.to_string(),
                ..Facts::round(x.round)
            },
            D::DealVoided(x) => Facts {
                deal: x.deal.to_string(),
                table: x.table.to_string(),
                rest: vec![("moved", shown(x.moved))],
                ..Facts::round(x.round)
            },
            D::DealsCorrected(x) => Facts {
                deals: joined(&x.deals),
                table: x.table.to_string(),
                ..Facts::round(x.round)
            },
            other => Facts::of_people(other),
        }
    }

    /// The facts of a detail about entrants and the register.
    fn of_people(d: &AuditDetail) -> Facts {
        use AuditDetail as D;
        match d {
            D::PlayerAdded(x) => Facts::entrant(&x.entrant, &x.name),
            D::TeamAdded(x) => Facts::entrant(&x.entrant, &x.name),
            D::EntrantEdited(x) => Facts {
                changes: renamed(&x.before, &x.after),
                before: x.before.clone(),
                after: x.after.clone(),
                rest: [
                    x.players_after
                        .as_ref()
                        .map(|p| ("players_after", shown(joined(p)))),
                    x.players_before
                        .as_ref()
                        .map(|p| ("players_before", shown(joined(p)))),
                ]
                .into_iter()
                .flatten()
                .collect(),
                ..Facts::entrant(&x.entrant, "")
            },
            D::EntrantWithdrawn(x) => Facts {
                round: x.round.to_string(),
                after: x.after.to_string(),
                ..Facts::entrant(&x.entrant, &x.name)
            },
            D::EntrantAbsent(x) => Facts {
                round: x.round.to_string(),
                rest: vec![("absent", Shown::Flag(x.absent))],
                ..Facts::entrant(&x.entrant, &x.name)
            },
            D::EntrantLate(x) => Facts {
                round: x.round.to_string(),
                ..Facts::entrant(&x.entrant, &x.name)
            },
            D::PlayerConsent(x) => Facts {
                consent: Some(x.consent.clone()),
                ..Facts::entrant(&x.entrant, "")
            },
            D::PlayerErased(x) => Facts::entrant(&x.entrant, &x.name),
            D::RegisterRenamed(x) => Facts {
                changes: renamed(&x.before, &x.after),
                before: x.before.clone(),
                after: x.after.clone(),
                ..Facts::default()
            },
            D::PlayersMerged(x) => Facts {
                kept: x.kept_name.clone(),
                merged: x.merged_name.clone(),
                ..Facts::default()
            },
            // The kinds above (`of`, `of_tables`); the merge's undoing says no more.
            _ => Facts::default(),
        }
    }

    fn round(round: i32) -> Facts {
        Facts {
            round: round.to_string(),
            ..Facts::default()
        }
    }

    fn with_seed(self, seed: Option<u64>) -> Facts {
        Facts {
            seed: seed.map(|s| s.to_string()).unwrap_or_default(),
            ..self
        }
    }

    fn entrant(entrant: &str, name: &str) -> Facts {
        Facts {
            entrant: entrant.to_string(),
            name: name.to_string(),
            ..Facts::default()
        }
    }

    /// The facts of a detail that did not read as its kind's, by key.
    fn read(detail: &Value) -> Facts {
        Facts {
            round: text(&detail["round"]),
            table: text(&detail["table"]),
            deal: text(&detail["deal"]),
            deals: list(&detail["deals"]),
            name: text(&detail["name"]),
            entrant: text(&detail["entrant"]),
            seed: text(&detail["seed"]),
            swapped: detail["swapped"]
                .as_array()
                .map(|ids| ids.iter().map(text).collect())
                .unwrap_or_default(),
            public: detail["public"].as_bool() == Some(true),
            confirmation: detail["confirmation"].as_str().map(str::to_string),
            tables: text(&detail["tables"]),
            tiebreaks: list(&detail["tiebreaks"]),
            changes: changes(detail),
            before: text(&detail["before"]),
            after: text(&detail["after"]),
            kept: text(&detail["kept_name"]),
            merged: text(&detail["merged_name"]),
            consent: detail["consent"].as_str().map(str::to_string),
            rest: unsaid(detail),
        }
    }
}

/// The placeholders every kind's message may use.
fn args(
    l: Locale,
    e: &AuditLine,
    f: &Facts,
    names: &HashMap<String, String>,
) -> Vec<(&'static str, String)> {
    let name_of = |id: &String| -> String { names.get(id).cloned().unwrap_or_else(|| id.clone()) };
    let (round, table) = match e.table {
        Some((r, t)) => (r.to_string(), t.to_string()),
        None => (f.round.clone(), f.table.clone()),
    };
    // An unnamed team's event holds no name: the entrant id's name as the pages show it.
    let name = match &f.name {
        n if n.is_empty() => name_of(&f.entrant),
        n => n.clone(),
    };
    let swapped = f
        .swapped
        .iter()
        .map(name_of)
        .collect::<Vec<_>>()
        .join(" ↔ ");
    let confirmation = match f.confirmation.as_deref() {
        Some("none") => l.t("tables-rule-none"),
        Some("secretary") => l.t("tables-rule-secretary"),
        Some(_) => l.t("tables-rule-other-side"),
        None => String::new(),
    };
    vec![
        ("round", round),
        ("table", table),
        ("deal", f.deal.clone()),
        ("deals", f.deals.clone()),
        ("name", name),
        ("seed", f.seed.clone()),
        ("swapped", swapped),
        ("public", yes_no(f.public)),
        ("confirmation", confirmation),
        ("tables", f.tables.clone()),
        ("tiebreaks", f.tiebreaks.clone()),
        ("changes", f.changes.clone()),
        ("before", f.before.clone()),
        ("after", f.after.clone()),
        ("kept", f.kept.clone()),
        ("merged", f.merged.clone()),
        ("consent", consent_words(l, f.consent.as_deref())),
    ]
}

/// A player's consent for public display in words (`web::player`).
fn consent_words(l: Locale, v: Option<&str>) -> String {
    v.and_then(crate::service::consent::Consent::parse)
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
    let parts = detail
        .as_object()
        .map(|map| {
            map.iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), value_text(v)))
                .collect()
        })
        .unwrap_or_default();
    unknown_words(l, kind, parts)
}

/// "Eintrag „kind“: key: value, …" from the pairs (keys as stored).
fn unknown_words(l: Locale, kind: &str, parts: Vec<(String, String)>) -> String {
    let said = l.t_with("audit-kind-unknown", &[("kind", kind.replace('_', " "))]);
    let parts: Vec<String> = parts
        .into_iter()
        .map(|(k, v)| format!("{}: {v}", k.replace('_', " ")))
        .collect();
    match parts.is_empty() {
        true => said,
        false => format!("{said}: {}", parts.join(", ")),
    }
}

/// `rounds_planned`: the number of rounds planned before and after ("offen" without a plan).
fn planned_sentence(l: Locale, p: &RoundsPlanned) -> String {
    let count = |n: Option<u32>| n.map_or_else(|| l.t("audit-rounds-unplanned"), |n| n.to_string());
    l.t_with(
        "audit-kind-rounds-planned",
        &[("before", count(p.before)), ("after", count(p.after))],
    )
}

/// What a kind's sentence leaves unsaid, in words (`audit-key-<key>` with the value as `$v`);
/// a key without such a message is left out rather than shown as its code (issue 27:
/// "(rounds: 2)", "(moved: 0)" on a German page).
fn rest(l: Locale, rest: &[(&'static str, Shown)]) -> Option<String> {
    let parts: Vec<String> = rest.iter().map(|(k, v)| key_words(l, k, v)).collect();
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

/// An unread detail's worded keys the sentence does not say, in key order.
fn unsaid(detail: &Value) -> Vec<(&'static str, Shown)> {
    let Some(map) = detail.as_object() else {
        return Vec::new();
    };
    map.iter()
        .filter(|(k, v)| !SAID.contains(&k.as_str()) && !v.is_null())
        .filter_map(|(k, v)| {
            let key = WORDED.iter().find(|w| **w == k.as_str())?;
            let shown = match v {
                Value::String(s) if *key == "status" => Shown::Status(s.clone()),
                Value::Bool(b) => Shown::Flag(*b),
                other => Shown::Text(value_text(other)),
            };
            Some((*key, shown))
        })
        .collect()
}

fn key_words(l: Locale, key: &str, v: &Shown) -> String {
    let value = match v {
        Shown::Status(s) => status(l, s),
        Shown::Flag(b) => yes_no(*b),
        Shown::Text(t) => t.clone(),
    };
    let id = format!("audit-key-{}", key.replace('_', "-"));
    l.t_with(&id, &[("v", value)])
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
        Value::Object(map) => map
            .iter()
            .filter(|(_, v)| !v.is_null())
            .map(|(k, v)| format!("{}: {}", k.replace('_', " "), value_text(v)))
            .collect::<Vec<_>>()
            .join(", "),
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
fn yes_no(b: bool) -> String {
    match b {
        true => "yes".into(),
        false => "no".into(),
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
            detail: Detail::read(action, detail.to_string()),
            reason: None,
            change: None,
        }
    }

    /// The typed wording says of every kind's detail what the wording by key says of its
    /// stored JSON (the way every detail was worded before the details were typed), for an
    /// event with and without a table, in both languages.
    #[test]
    fn every_typed_detail_reads_as_its_stored_json_did() {
        let names: HashMap<String, String> = [
            ("p3", "Anna Huber"),
            ("t1", "Die Roten"),
            ("t2", "Blau"),
            ("t4", "Grün"),
        ]
        .into_iter()
        .map(|(id, name)| (id.to_string(), name.to_string()))
        .collect();
        let samples = crate::service::audit_detail::tests::samples();
        assert!(samples.len() > 30);
        for (detail, stored) in samples {
            let kind = detail.kind();
            if kind == "deal_version" || kind == "rounds_planned" {
                // Worded from the versions (`deal_sentence`), or by a sentence only the typed
                // detail has (`planned_sentence`; its test is below).
                continue;
            }
            let mut typed = line(kind, stored.clone());
            assert_eq!(typed.detail, Detail::Typed(detail.clone()));
            let mut unread = typed.clone();
            unread.detail = Detail::Unread(stored.to_string());
            for table in [None, Some((3, 7))] {
                (typed.table, unread.table) = (table, table);
                for l in [Locale::De, Locale::En] {
                    let said = sentence(l, &typed, &names);
                    assert_eq!(said, sentence(l, &unread, &names), "{kind}");
                    assert!(!said.contains("audit-") && !said.contains('{'), "{said}");
                }
            }
        }
    }

    /// The rounds planned in words, in German without a key: "Geplante Runden geändert:
    /// 3 → 5", "offen" where there was no plan.
    #[test]
    fn a_changed_plan_of_rounds_reads_as_a_sentence() {
        let e = line(
            "rounds_planned",
            serde_json::json!({"before": 3, "after": 5}),
        );
        assert_eq!(
            sentence(Locale::De, &e, &HashMap::new()),
            "Geplante Runden geändert: 3 → 5"
        );
        let e = line(
            "rounds_planned",
            serde_json::json!({"before": null, "after": 4}),
        );
        assert_eq!(
            sentence(Locale::De, &e, &HashMap::new()),
            "Geplante Runden geändert: offen → 4"
        );
        assert_eq!(
            sentence(Locale::En, &e, &HashMap::new()),
            "Planned rounds changed: open → 4"
        );
    }

    /// A team's edit in words from its typed detail: the names and both line-ups.
    #[test]
    fn a_team_edit_names_the_team_and_its_players() {
        let e = line(
            "entrant_edited",
            serde_json::json!({"entrant": "t1", "before": "Rot", "after": "Blau",
                "players_before": ["A", "B"], "players_after": ["A", "C"]}),
        );
        assert!(matches!(e.detail, Detail::Typed(_)));
        assert_eq!(
            sentence(Locale::De, &e, &HashMap::new()),
            "Eintrag von t1 geändert: Rot → Blau (Spieler nachher: A, C, Spieler vorher: A, B)"
        );
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
