//! The audit log as the managers read it: per tournament or per table, newest first, a page
//! at a time. A deal version's event shows the deal before (the previous version of the same
//! deal) and after; every other event its detail JSON.

use crate::db::DbConn;
use crate::db::models::TournamentRow;
use crate::db::models::{AuditEventRow, DealVersionRow, RoundRow, TableId, TableRow};
use crate::error::AppError;
use crate::rules::Game;
use crate::rules::match_record::Written;
use crate::service::audit_detail::AuditDetail;
use crate::service::{Actor, managed};
use chrono::NaiveDateTime;
use std::collections::HashMap;

/// Events per page.
pub const PAGE_SIZE: usize = 100;

/// One line of the log.
#[derive(Debug, Clone)]
pub struct AuditLine {
    pub at: NaiveDateTime,
    pub actor: String,
    pub ip: Option<String>,
    pub action: String,
    /// Round and table number, for an event of a table.
    pub table: Option<(i32, i32)>,
    /// For a deal version: deal number (from 1), version, status.
    pub deal: Option<(i32, i32, String)>,
    /// For a deal version: the deal before it (the previous version's; none for the first)
    /// and after, read by the tournament's game. A stored deal that does not read (only a
    /// hand-edited database holds one) is shown as written would be: the log still lists
    /// the event, and the words say "–".
    pub old: Option<Written>,
    pub new: Option<Written>,
    /// The event's detail, typed by its kind (read once from the stored JSON).
    pub detail: Detail,
    pub reason: Option<String>,
    /// For a deal version: what the version did to the deal.
    pub change: Option<DealChange>,
}

/// An event's detail as read back from its row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detail {
    /// The detail of the row's kind, typed.
    Typed(AuditDetail),
    /// A detail that does not read as its kind's (written by an older version, or of a kind
    /// this version does not know): its JSON text as stored, for the log to word generically.
    Unread(String),
}

impl Detail {
    /// The detail stored under `kind`: typed when it reads as the kind's.
    pub fn read(kind: &str, text: String) -> Detail {
        match AuditDetail::read(kind, &text) {
            Some(typed) => Detail::Typed(typed),
            None => Detail::Unread(text),
        }
    }

    /// The reason the event keeps in its detail, if any.
    fn reason(&self) -> Option<String> {
        match self {
            Detail::Typed(d) => d.reason().map(str::to_string),
            Detail::Unread(text) => reason_in(text),
        }
    }
}

/// What a deal version did, read from the version and the one before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealChange {
    /// The first version, entered at the table or by the secretary (waiting or counted).
    Entered { pending: bool },
    /// The first version, from a tournament file (`kartl import`, the demo, the browser).
    Imported,
    /// The same deal as the waiting version before it, now confirmed.
    Confirmed,
    /// A new version that changes the deal (a correction, or a new entry after a withdrawal).
    Corrected { pending: bool },
    /// Taken back: it no longer counts.
    Withdrawn,
    /// A status this reading does not know (a newer kind of version).
    Other(String),
}

impl DealChange {
    fn of(v: &DealVersionRow, before: Option<&DealVersionRow>) -> DealChange {
        let status = v.status.as_str();
        let pending = status == "pending";
        match (status, before) {
            ("withdrawn", _) => DealChange::Withdrawn,
            ("pending" | "confirmed", None) if v.source == "import" || v.source == "demo" => {
                DealChange::Imported
            }
            ("pending" | "confirmed", None) => DealChange::Entered { pending },
            ("confirmed", Some(b)) if b.status.as_str() == "pending" && b.record == v.record => {
                DealChange::Confirmed
            }
            ("pending" | "confirmed", Some(_)) => DealChange::Corrected { pending },
            (other, _) => DealChange::Other(other.to_string()),
        }
    }
}

/// A page of the log.
#[derive(Debug, Clone)]
pub struct AuditPage {
    pub tournament: String,
    /// The tournament's game (how its deals read).
    pub game: Game,
    /// Entrant ids (`t1`, `p3`) to their names, for the sentences.
    pub names: HashMap<String, String>,
    pub lines: Vec<AuditLine>,
    /// Whether older events follow on the next page.
    pub more: bool,
}

/// The tournament's log (`table`: only that table's events), newest first, page `page`
/// (from 0). Its managers only.
pub fn log(
    conn: &mut DbConn,
    actor: &Actor,
    slug: &str,
    table: Option<(i32, i32)>,
    page: usize,
) -> Result<AuditPage, AppError> {
    let t = managed(conn, actor, slug)?;
    let tables = table_places(conn, &t)?;
    let only = match table {
        Some(wanted) => Some(
            tables
                .iter()
                .find(|(_, at)| **at == wanted)
                .map(|(id, _)| *id)
                .ok_or(AppError::NotFound)?,
        ),
        None => None,
    };
    let mut events: Vec<AuditEventRow> = AuditEventRow::of(conn, t.id())?
        .into_iter()
        .filter(|e| only.is_none() || e.table_id == only)
        .collect();
    events.reverse();
    let from = page.saturating_mul(PAGE_SIZE);
    let more = events.len() > from.saturating_add(PAGE_SIZE);
    let events: Vec<AuditEventRow> = events.into_iter().skip(from).take(PAGE_SIZE).collect();
    // The versions of the tables this page names, to show each deal before and after.
    let mut versions: HashMap<i32, Vec<DealVersionRow>> = HashMap::new();
    for id in events.iter().filter_map(|e| e.table_id) {
        if let std::collections::hash_map::Entry::Vacant(slot) = versions.entry(id) {
            slot.insert(DealVersionRow::of_table(conn, TableId(id))?);
        }
    }
    let lines = events
        .into_iter()
        .map(|e| line(e, t.game, &versions, &tables))
        .collect();
    let names = entrant_names(conn, &t)?;
    Ok(AuditPage {
        game: t.game,
        tournament: t.name,
        names,
        lines,
        more,
    })
}

/// Each table's id to its place: (round number, table number).
fn table_places(
    conn: &mut DbConn,
    t: &TournamentRow,
) -> Result<HashMap<i32, (i32, i32)>, AppError> {
    let rounds: HashMap<i32, i32> = RoundRow::of(conn, t.id())?
        .into_iter()
        .map(|r| (r.id, r.number))
        .collect();
    Ok(TableRow::of_tournament(conn, t.id())?
        .into_iter()
        .map(|x| {
            (
                x.id,
                (rounds.get(&x.round_id).copied().unwrap_or(0), x.number),
            )
        })
        .collect())
}

/// One event as a line; a deal version's event with its deal before and after.
fn line(
    e: AuditEventRow,
    game: Game,
    versions: &HashMap<i32, Vec<DealVersionRow>>,
    tables: &HashMap<i32, (i32, i32)>,
) -> AuditLine {
    let rows = e.table_id.and_then(|id| versions.get(&id));
    let this = rows.and_then(|rows| {
        rows.iter()
            .find(|v| Some(v.id) == e.deal_version_id)
            .map(|v| (v, rows))
    });
    let detail = Detail::read(&e.action, e.detail);
    let reason = e.reason.or_else(|| detail.reason());
    let (deal, old, new, change) = match this {
        Some((v, rows)) => {
            let before = rows
                .iter()
                .find(|p| p.deal_no == v.deal_no && p.version == v.version - 1);
            (
                Some((v.deal_no + 1, v.version, v.status.as_str().to_string())),
                before.map(|p| Written::read(game, &p.record)),
                Some(Written::read(game, &v.record)),
                Some(DealChange::of(v, before)),
            )
        }
        None => (None, None, None, None),
    };
    AuditLine {
        at: e.created_at,
        actor: e.actor,
        ip: e.ip,
        action: e.action,
        table: e.table_id.and_then(|id| tables.get(&id).copied()),
        deal,
        old,
        new,
        detail,
        reason,
        change,
    }
}

/// Entrant ids (`t1`, `p3`) to their names.
fn entrant_names(
    conn: &mut DbConn,
    t: &TournamentRow,
) -> Result<HashMap<String, String>, AppError> {
    let d = super::super::tournaments::detail(conn, t.clone())?;
    Ok(d.players
        .iter()
        .map(|p| (p.entrant_id.clone(), p.name.clone()))
        .chain(
            d.teams
                .iter()
                .map(|x| (x.entrant_id.clone(), x.name.clone())),
        )
        .collect())
}

/// The reason an unread detail keeps (round reopened, tournament reopened, deal voided,
/// deals corrected write it there, not always in the row's own reason column, and the log
/// shows it the same way).
fn reason_in(detail: &str) -> Option<String> {
    /// A detail's value: a text, or anything else, skipped unread.
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Part {
        Text(String),
        Other(serde::de::IgnoredAny),
    }
    let mut detail: HashMap<String, Part> = serde_json::from_str(detail).ok()?;
    match detail.remove("reason")? {
        Part::Text(reason) if !reason.is_empty() => Some(reason),
        _ => None,
    }
}

#[cfg(test)]
mod reason_tests {
    use super::reason_in;

    /// The reason is read from an object's `reason` text only, as the log has always shown it.
    #[test]
    fn the_reason_of_an_unread_detail() {
        assert_eq!(
            reason_in(r#"{"reason": "Tippfehler", "round": 2}"#),
            Some("Tippfehler".into())
        );
        assert_eq!(reason_in(r#"{"reason": ""}"#), None);
        assert_eq!(reason_in(r#"{"reason": 3}"#), None);
        assert_eq!(reason_in(r#"{"round": 2}"#), None);
        assert_eq!(reason_in(r#"["Tippfehler"]"#), None, "not an object");
        assert_eq!(reason_in("not json"), None);
    }
}
