//! The scorers' ledger against the database: every acknowledged deal stored once, at its
//! table and number, with its record (0 lost); no version the ledger does not explain (0
//! duplicated); an audit event for every version; on SQLite, `PRAGMA integrity_check`.

use super::scorer::Ack;
use diesel::sqlite::SqliteConnection;
use diesel::{Connection, QueryableByName, RunQueryDsl};
use kartl::db::DbConn;
use kartl::db::models::{AuditEventRow, DealVersionRow, TableId, TableRow, TournamentRow};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

#[derive(Debug, Default)]
pub struct Report {
    pub acknowledged: usize,
    pub stored: usize,
    /// Acknowledged deals not found as acknowledged.
    pub lost: Vec<String>,
    /// Stored versions beyond one per acknowledged deal.
    pub duplicated: Vec<String>,
    /// Deal versions without their audit event.
    pub unaudited: usize,
    /// SQLite's `PRAGMA integrity_check` (None on PostgreSQL).
    pub integrity: Option<String>,
}

impl Report {
    pub fn assert_clean(&self) {
        assert!(self.lost.is_empty(), "lost: {:?}", self.lost);
        assert!(
            self.duplicated.is_empty(),
            "duplicated: {:?}",
            self.duplicated
        );
        assert_eq!(self.stored, self.acknowledged, "stored versions");
        assert_eq!(self.unaudited, 0, "deal versions without an audit event");
        if let Some(check) = &self.integrity {
            assert_eq!(check, "ok", "PRAGMA integrity_check");
        }
    }

    pub fn line(&self) -> String {
        format!(
            "{} acknowledged, {} stored, {} lost, {} duplicated, {} without audit event{}",
            self.acknowledged,
            self.stored,
            self.lost.len(),
            self.duplicated.len(),
            self.unaudited,
            match &self.integrity {
                Some(c) => format!(", integrity_check {c}"),
                None => String::new(),
            }
        )
    }
}

#[derive(QueryableByName)]
struct Integrity {
    #[diesel(sql_type = diesel::sql_types::Text)]
    integrity_check: String,
}

/// SQLite's own check of the file (pages, indexes, free list).
pub fn integrity_check(path: &str) -> String {
    let mut conn = SqliteConnection::establish(path).expect("open the SQLite file");
    let rows: Vec<Integrity> = diesel::sql_query("PRAGMA integrity_check")
        .load(&mut conn)
        .expect("integrity_check");
    rows.into_iter()
        .map(|r| r.integrity_check)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Compares `ledger` with the deal versions of the tournaments `slugs`.
pub fn compare(conn: &mut DbConn, slugs: &[String], ledger: &[Ack]) -> Report {
    let mut table_of_digest = HashMap::new();
    let mut rows = Vec::new();
    let mut audited = HashSet::new();
    for slug in slugs {
        let t = TournamentRow::by_slug(conn, slug)
            .unwrap()
            .expect("tournament");
        for table in TableRow::of_tournament(conn, t.id()).unwrap() {
            if let Some(digest) = &table.scorer_token_hash {
                table_of_digest.insert(digest.clone(), table.id);
            }
            rows.extend(DealVersionRow::of_table(conn, TableId(table.id)).unwrap());
        }
        for event in AuditEventRow::of(conn, t.id()).unwrap() {
            if event.action == "deal_version" {
                audited.extend(event.deal_version_id);
            }
        }
    }
    let by_key: HashMap<&str, &DealVersionRow> = rows
        .iter()
        .filter_map(|r| r.submission_key.as_deref().map(|k| (k, r)))
        .collect();
    let mut report = Report {
        acknowledged: ledger.len(),
        stored: rows.len(),
        unaudited: rows.iter().filter(|r| !audited.contains(&r.id)).count(),
        ..Report::default()
    };
    for ack in ledger {
        let table = table_of_digest.get(&kartl::auth::tokens::digest(&ack.token));
        let found = by_key.get(ack.key.as_str()).is_some_and(|row| {
            Some(&row.table_id) == table
                && row.deal_no == ack.deal_no
                && serde_json::from_str::<Value>(&row.record).ok().as_ref() == Some(&ack.record)
        });
        if !found {
            report
                .lost
                .push(format!("deal {} key {}…", ack.deal_no, &ack.key[..8]));
        }
    }
    let acked: HashSet<&str> = ledger.iter().map(|a| a.key.as_str()).collect();
    let mut per_slot: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    for row in &rows {
        *per_slot.entry((row.table_id, row.deal_no)).or_default() += 1;
        if !row
            .submission_key
            .as_deref()
            .is_some_and(|k| acked.contains(k))
        {
            report.duplicated.push(format!(
                "table {} deal {} version {}: not in the ledger",
                row.table_id, row.deal_no, row.version
            ));
        }
    }
    for ((table, deal_no), n) in per_slot {
        if n > 1 {
            report
                .duplicated
                .push(format!("table {table} deal {deal_no}: {n} versions"));
        }
    }
    report
}
