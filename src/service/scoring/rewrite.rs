//! Changing several places of a table's record in one step, checked together: voiding a deal
//! that never happened ([`void`]) and correcting several deals at once ([`correct_many`]).
//!
//! Both build the table's whole new record, have the referee judge it once and, only when it
//! keeps every rule, store a new version for each place that changes, with one audit event
//! (`deal_voided`, `deals_corrected`) beside the versions' own: all in one write transaction
//! that first takes the table's lock (`db::lock_row`), so nothing is half-written and no other
//! change of the table comes between the checks and the write. The versions the form was drawn from must still be current,
//! else the answer is [`Rewritten::Stale`] and nothing is stored.
//!
//! Voiding deal `k` removes it from the record: the deals after it move up one place (each a
//! new version with its record and state, even where it equals the deal it replaces, so the
//! same void form sent again is stale or, by its submission key, answered as done), and the
//! last place gets a `withdrawn` version. The
//! record without the voided deal is refereed as a whole; a void that would make a later deal
//! break a rule is refused, naming that deal and the rule (the secretary corrects that deal
//! first, or corrects both in one step).

use super::entry::{self, LiveDeal, Refusal, Verdict};
use super::links::ScorerTable;
use crate::db::models::rounds::NewAuditEvent;
use crate::db::models::{AuditEventRow, DealVersionRow};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::{ScoringRefusal, TextField};
use crate::rules::match_record::{Deal, Written};
use crate::rules::{Lang, Malformed, Record};
use crate::service::audit_detail::{AuditDetail, DealVoided, DealsCorrected};
use crate::service::deals::{DealSource, DealStatus, Version, insert_version};
use crate::service::{Actor, Write};
use chrono::NaiveDateTime;

/// The answer to a void or a multi-deal correction.
#[derive(Debug, Clone, PartialEq)]
pub enum Rewritten {
    /// Stored: the places that got a new version (from 0).
    Done { changed: Vec<i32> },
    /// This submission key was stored before: nothing new.
    Seen,
    /// Deal `deal_no` changed since the form was drawn (its version now), or is no longer a
    /// deal of the table: nothing stored.
    Stale { deal_no: i32, stored_version: i32 },
    /// The new record breaks a rule at deal `deal` (from 0): nothing stored.
    Broken {
        deal: usize,
        message: String,
        code: Refusal,
    },
}

/// One deal of a multi-deal correction: its place, the version the form showed, the new deal.
#[derive(Debug, Clone)]
pub struct DealChange {
    pub deal_no: i32,
    pub version: i32,
    /// As the form's field holds it: typed, or as written when it does not read (the new
    /// record is then refused in the referee's words).
    pub deal: Written,
}

/// Who asks, why, and how the request is told from its retries.
#[derive(Debug, Clone)]
pub struct Request {
    pub reason: String,
    /// The form's submission key (kept on the first version written); `None`: no retry check.
    pub key: Option<String>,
}

/// A place of the new record: the deal and whether it counts at once (confirmed).
struct Place<D> {
    record: D,
    confirmed: bool,
}

/// Voids deal `deal_no` (shown at `version`): the later deals move up one place.
pub fn void(
    conn: &mut DbConn,
    w: Write<'_>,
    st: &ScorerTable,
    (deal_no, version): (i32, i32),
    req: &Request,
) -> Result<Rewritten, AppError> {
    let detail = |live: &[LiveDeal]| {
        AuditDetail::from(DealVoided {
            deal: deal_no + 1,
            moved: live.len().saturating_sub(deal_no as usize + 1),
            reason: req.reason.clone(),
            round: st.round_number,
            table: st.table_number,
        })
    };
    rewrite(
        conn,
        w,
        st,
        &[(deal_no, version)],
        |live| {
            live.iter()
                .filter(|d| d.deal_no != deal_no)
                .map(|d| Place {
                    record: Written::Deal(d.record.clone()),
                    confirmed: d.confirmed,
                })
                .collect()
        },
        &detail,
        (req, deal_no),
    )
}

/// Corrects every deal of `changes` in one step: the whole record with all of them is
/// refereed together; each corrected deal gets a new confirmed version.
pub fn correct_many(
    conn: &mut DbConn,
    w: Write<'_>,
    st: &ScorerTable,
    changes: &[DealChange],
    req: &Request,
) -> Result<Rewritten, AppError> {
    if changes.is_empty() {
        return Err(ScoringRefusal::NothingChanged.into());
    }
    let expected: Vec<(i32, i32)> = changes.iter().map(|c| (c.deal_no, c.version)).collect();
    let numbers: Vec<i32> = changes.iter().map(|c| c.deal_no + 1).collect();
    let detail = |_: &[LiveDeal]| {
        AuditDetail::from(DealsCorrected {
            deals: numbers.clone(),
            reason: req.reason.clone(),
            round: st.round_number,
            table: st.table_number,
        })
    };
    rewrite(
        conn,
        w,
        st,
        &expected,
        |live| {
            live.iter()
                .map(|d| match changes.iter().find(|c| c.deal_no == d.deal_no) {
                    Some(c) => Place {
                        record: c.deal.clone(),
                        confirmed: true,
                    },
                    None => Place {
                        record: Written::Deal(d.record.clone()),
                        confirmed: d.confirmed,
                    },
                })
                .collect()
        },
        &detail,
        (req, i32::MAX),
    )
}

/// The rewrite's audit detail, from the deals as they stood before it.
type Detail<'a> = &'a dyn Fn(&[LiveDeal]) -> AuditDetail;

/// The common write: checks the versions, referees the new record, stores what changed.
fn rewrite(
    conn: &mut DbConn,
    w: Write<'_>,
    st: &ScorerTable,
    expected: &[(i32, i32)],
    build: impl Fn(&[LiveDeal]) -> Vec<Place<Written>>,
    detail: Detail<'_>,
    (req, renew_from): (&Request, i32),
) -> Result<Rewritten, AppError> {
    let Write {
        by: actor,
        at: now,
        ip,
        lang,
    } = w;
    let reason = crate::text::Text::parse(req.reason.trim(), crate::text::Kind::Reason)
        .map_err(crate::service::refused_text(TextField::ChangeReason))?;
    if !actor.may_manage(st.tournament.club_id) {
        return Err(AppError::NotFound);
    }
    let w = Writer {
        actor,
        st,
        now,
        ip,
        req,
        reason: reason.as_str(),
        renew_from,
    };
    db::write(conn, |conn| {
        db::lock_row(conn, db::Locked::Table(st.table.0))?;
        if let Some(key) = &req.key
            && let Some(seen) = DealVersionRow::by_submission_key(conn, key)?
        {
            return match seen.table_id == st.table.0 {
                true => Ok(Rewritten::Seen),
                false => Err(AppError::Conflict),
            };
        }
        let versions = DealVersionRow::of_table(conn, st.table)?;
        let (live, _) = entry::live_deals(st.tournament.game, &versions)?;
        if let Some(stale) = stale(&versions, &live, expected) {
            return Ok(stale);
        }
        let places = build(&live);
        let confirmed: Vec<bool> = places.iter().map(|p| p.confirmed).collect();
        let record = entry::with_deals(st, places.into_iter().map(|p| p.record), lang)?;
        // The places as the new record read them (every one, once it keeps the rules).
        let read = record.as_ref().map_or_else(|_| Vec::new(), deals_of);
        if let Some(broken) = broken(record, lang) {
            return Ok(broken);
        }
        if read.len() != confirmed.len() {
            return Err(AppError::Internal("a refereed record lost a deal".into()));
        }
        let places: Vec<Place<Deal>> = (read.into_iter().zip(confirmed))
            .map(|(record, confirmed)| Place { record, confirmed })
            .collect();
        let changed = w.store(conn, &versions, &live, &places)?;
        w.audit(conn, &detail(&live))?;
        Ok(Rewritten::Done { changed })
    })
}

/// Who writes, when and why: what every row of one rewrite shares.
struct Writer<'a> {
    actor: &'a Actor,
    st: &'a ScorerTable,
    now: NaiveDateTime,
    ip: Option<&'a str>,
    req: &'a Request,
    reason: &'a str,
    /// From this place on every place gets a new version, changed or not: after a void each
    /// holds another deal than before (a place that kept its version let the same
    /// void form remove a second deal).
    renew_from: i32,
}

impl Writer<'_> {
    /// A new version for each place that changes (and each from `renew_from` on); a place past the new record's end is
    /// withdrawn. The submission key goes on the first version only. Returns the places.
    fn store(
        &self,
        conn: &mut DbConn,
        versions: &[DealVersionRow],
        live: &[LiveDeal],
        places: &[Place<Deal>],
    ) -> Result<Vec<i32>, AppError> {
        let mut changed = Vec::new();
        let mut key = self.req.key.as_deref();
        for i in 0..live.len().max(places.len()) {
            let (record, status) = match (places.get(i), live.get(i)) {
                (Some(p), Some(d))
                    if p.record == d.record
                        && p.confirmed == d.confirmed
                        && (i as i32) < self.renew_from =>
                {
                    continue;
                }
                (Some(p), _) => (&p.record, status_of(p.confirmed)),
                (None, Some(d)) => (&d.record, DealStatus::Withdrawn),
                (None, None) => break,
            };
            let deal_no = i as i32;
            let version = Version {
                tournament: self.st.tournament.id(),
                table_id: self.st.table.0,
                deal_no,
                version: current_version(versions, deal_no) + 1,
                record: &record.to_json(),
                status,
                source: DealSource::Secretary,
                reason: Some(self.reason),
                submission_key: key.take(),
                ip: self.ip,
                status_checked: false,
            };
            insert_version(conn, self.actor, self.now, version)?;
            changed.push(deal_no);
        }
        Ok(changed)
    }

    /// The one audit event of the rewrite, beside the versions' own.
    fn audit(&self, conn: &mut DbConn, detail: &AuditDetail) -> Result<(), AppError> {
        let at = NewAuditEvent {
            tournament_id: self.st.tournament.id,
            table_id: Some(self.st.table.0),
            deal_version_id: None,
            actor: &self.actor.name,
            reason: Some(self.reason),
            ip: self.ip,
            created_at: self.now,
        };
        AuditEventRow::insert(conn, at, detail)?;
        Ok(())
    }
}

/// The first place the form was drawn from that changed since (or is gone), if any.
fn stale(
    versions: &[DealVersionRow],
    live: &[LiveDeal],
    expected: &[(i32, i32)],
) -> Option<Rewritten> {
    expected.iter().find_map(|&(deal_no, version)| {
        let now_version = live
            .iter()
            .find(|d| d.deal_no == deal_no)
            .map(|d| d.version);
        (now_version != Some(version)).then(|| Rewritten::Stale {
            deal_no,
            stored_version: current_version(versions, deal_no),
        })
    })
}

/// The referee's refusal of the new record, naming the deal that breaks a rule.
fn broken(record: Result<Record, Malformed>, lang: Lang) -> Option<Rewritten> {
    let deals = record.as_ref().map_or(0, |r| r.deals.len());
    let run = entry::run(record, lang);
    // The deal of the first broken rule (a malformed record names none: the first).
    let deal = run
        .as_ref()
        .ok()
        .and_then(|r| r.violations().first().map(|v| v.deal))
        .unwrap_or(0);
    let Verdict::Broken { message, code, .. } = entry::verdict(deals, run) else {
        return None;
    };
    Some(Rewritten::Broken {
        deal,
        message,
        code,
    })
}

/// The deals of a record, typed, in their order.
fn deals_of(record: &Record) -> Vec<Deal> {
    (0..record.deals.len())
        .filter_map(|i| record.deal(i))
        .collect()
}

fn status_of(confirmed: bool) -> DealStatus {
    if confirmed {
        DealStatus::Confirmed
    } else {
        DealStatus::Pending
    }
}

/// The highest version stored for a place (0: none).
fn current_version(versions: &[DealVersionRow], deal_no: i32) -> i32 {
    versions
        .iter()
        .filter(|v| v.deal_no == deal_no)
        .map(|v| v.version)
        .max()
        .unwrap_or(0)
}
