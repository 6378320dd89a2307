//! A save from an entry form (the scorer's link or the secretary's table page): refereed once
//! with the new deal inside the write transaction, then stored; a stale form or a retried
//! submission key answers without storing anything.

use super::super::locked::{self, LockedTable};
use super::super::{Confirmation, scorer_actor};
use super::{LiveDeal, Refusal, Verdict, live_deals, live_record, referee, run, verdict};
use crate::db::DbConn;
use crate::db::models::DealVersionRow;
use crate::error::AppError;
use crate::rules::match_record::{Deal, Written};
use crate::rules::{self, Lang, Record};
use crate::service::deals::{self, DealInput, DealSource, DealStatus, PrefixCheck, TableRows};
use crate::service::scoring::links::ScorerTable;
use crate::service::{Actor, Write};
use chrono::NaiveDateTime;

/// The answer to a save.
#[derive(Debug, Clone, PartialEq)]
pub enum Saved {
    /// Stored as deal `deal_no`.
    New { deal_no: i32 },
    /// This submission key was stored before (as deal `deal_no`): nothing new.
    Seen { deal_no: i32 },
    /// The record changed since the form was drawn: the deal stored there, and the attempt
    /// (as written when it does not read: the conflict page shows it all the same).
    /// (Boxed: a deal is large beside the other answers.)
    Stale {
        stored: Option<Box<Deal>>,
        attempted: Box<Written>,
    },
    /// The referee refuses it: nothing stored.
    Broken { message: String, code: Refusal },
}

/// Who saves a deal through an entry form, and what the save makes of it.
#[derive(Debug, Clone)]
pub struct Author {
    pub actor: Actor,
    pub source: DealSource,
    /// A secretary's entry counts at once; a scorer's waits for the tournament's rule.
    pub confirmed: bool,
}

impl Author {
    /// The scorer link of `st`'s table.
    pub fn scorer(st: &ScorerTable) -> Author {
        Author {
            actor: scorer_actor(st.tournament.club_id, st.round_number, st.table_number),
            source: DealSource::Scorer,
            confirmed: false,
        }
    }

    /// A secretary (or the administrator) entering a deal, e.g. from a paper score sheet.
    pub fn secretary(actor: Actor) -> Author {
        Author {
            actor,
            source: DealSource::Secretary,
            confirmed: true,
        }
    }
}

/// A save from an entry form: the deal as the next one after `based_on` deals.
///
/// One write transaction takes the table's lock, reads the table, referees the record with
/// the new deal once and stores it with its audit event; its commit is the answer's
/// durability. A submission key seen before answers as the first time, before and inside the
/// transaction (a retry racing its original) and after a conflict.
pub fn save(
    conn: &mut DbConn,
    st: &ScorerTable,
    w: Write<'_, Author>,
    (deal, ask_if_deciding): (&Written, bool),
    based_on: i32,
    key: &str,
) -> Result<Saved, AppError> {
    let Write {
        by: author,
        at: now,
        ip,
        lang,
    } = w;
    let ip = ip.map(str::to_string);
    // A plain read first: a retry of a stored save takes no write turn. Inside a
    // transaction already, the read under the lock suffices.
    if !crate::db::in_transaction(conn)
        && let Some(seen) = seen_key(conn, st, key)?
    {
        return seen;
    }
    if !author.actor.may_manage(st.tournament.club_id) {
        return Err(AppError::NotFound);
    }
    let attempt = SaveAttempt {
        author,
        now,
        deal,
        ask_if_deciding,
        based_on,
        key,
        lang,
    };
    let stored = crate::db::write(conn, |conn| {
        let held = locked::lock(conn, st.table)?.ok_or(AppError::NotFound)?;
        attempt.run(conn, &held, ip.clone())
    });
    match stored {
        // The same key raced us past the table's lock (a retry stored by another table's
        // writer is a conflict too), or a unique index refused the version: read again after
        // the rollback.
        Err(AppError::Conflict) => match seen_key(conn, st, key)? {
            Some(seen) => seen,
            None => {
                let versions = DealVersionRow::of_table(conn, st.table)?;
                let game = st.tournament.game;
                Ok(stale(&live_deals(game, &versions)?.0, based_on, deal))
            }
        },
        other => other,
    }
}

/// [`save`] for the writer's batch (`Db::write_batched`): `held` was read under the table's
/// lock in this save's savepoint, which is the only one: an error (a conflict too) rolls it
/// back, and the answer is that error. After the lock a conflict can only be the submission
/// key stored on another table at that moment (its unique index), which [`save`] answers
/// with the same 409.
pub fn save_locked(
    conn: &mut DbConn,
    held: &LockedTable,
    w: Write<'_, Author>,
    (deal, ask_if_deciding): (&Written, bool),
    based_on: i32,
    key: &str,
) -> Result<Saved, AppError> {
    let Write {
        by: author,
        at: now,
        ip,
        lang,
    } = w;
    let ip = ip.map(str::to_string);
    if !author.actor.may_manage(held.st.tournament.club_id) {
        return Err(AppError::NotFound);
    }
    let attempt = SaveAttempt {
        author,
        now,
        deal,
        ask_if_deciding,
        based_on,
        key,
        lang,
    };
    attempt.run(conn, held, ip)
}

/// One save's arguments inside its write transaction.
struct SaveAttempt<'a> {
    author: &'a Author,
    now: NaiveDateTime,
    /// The deal as it entered: typed, or as written when it does not read (refused in the
    /// referee's words, after the checks that come before the referee's).
    deal: &'a Written,
    /// The scorer has not said yet that this one deal decides the game from 0:0 (quick
    /// entry): such a deal is asked about, not stored.
    ask_if_deciding: bool,
    based_on: i32,
    key: &'a str,
    lang: Lang,
}

impl SaveAttempt<'_> {
    /// Reads the table's versions, referees and stores (inside the transaction, under the
    /// table's lock: every check below reads what the writers before committed, and no undo,
    /// void or correction comes between them and the insert).
    fn run(
        &self,
        conn: &mut DbConn,
        held: &LockedTable,
        ip: Option<String>,
    ) -> Result<Saved, AppError> {
        let (st, deal, lang) = (&held.st, self.deal, self.lang);
        let versions = DealVersionRow::of_table(conn, st.table)?;
        // The key on this table: its versions say so, all of them read under the lock. On
        // another table: its unique index refuses the insert (409), and the answers that
        // store nothing look it up first (below).
        if let Some(seen) = versions
            .iter()
            .find(|v| v.submission_key.as_deref() == Some(self.key))
        {
            return Ok(Saved::Seen {
                deal_no: seen.deal_no,
            });
        }
        let (live, next_version, record) = live_record(st, &versions)?;
        if self.based_on != live.len() as i32 {
            return self.unless_seen(conn, st, stale(&live, self.based_on, deal));
        }
        let deal = match self.refused(st, &live, record, lang)? {
            Err(refused) => return self.unless_seen(conn, st, refused),
            Ok(deal) => deal,
        };
        let status = match held.confirmation {
            _ if self.author.confirmed => DealStatus::Confirmed,
            Confirmation::None => DealStatus::Confirmed,
            _ => DealStatus::Pending,
        };
        // With every live deal confirmed the record just refereed is the confirmed prefix
        // that `store_version` would referee again for a confirmed version.
        let prefix = if live.iter().all(|d| d.confirmed) {
            PrefixCheck::DoneByCaller
        } else {
            PrefixCheck::Referee
        };
        let rows = TableRows {
            tournament: &st.tournament,
            table: &held.table,
            round: &held.round,
            versions: &versions,
            tournament_read_locked: true,
        };
        let input = DealInput {
            deal_no: self.based_on,
            record: deal,
            status,
            source: self.author.source,
            reason: None,
            expected_version: Some(next_version),
            submission_key: Some(self.key.to_string()),
            ip,
        };
        let actor = &self.author.actor;
        deals::store_version(conn, actor, self.now, &rows, &input, None, prefix)?;
        Ok(Saved::New {
            deal_no: self.based_on,
        })
    }

    /// `answer` (nothing stored), unless the submission key was stored before: then the
    /// answer of that (on another table: 409).
    fn unless_seen(
        &self,
        conn: &mut DbConn,
        st: &ScorerTable,
        answer: Saved,
    ) -> Result<Saved, AppError> {
        match seen_key(conn, st, self.key)? {
            Some(seen) => seen,
            None => Ok(answer),
        }
    }

    /// Why the record with the new deal is refused, from one referee run over it: the table's
    /// limit first (no deal past the tournament's games per table or the session's deals,
    /// whatever the deal says), then a broken rule (a deal that does not read: malformed).
    /// `Ok`: the deal, typed, may be stored.
    fn refused(
        &self,
        st: &ScorerTable,
        live: &[LiveDeal],
        record: Record,
        lang: Lang,
    ) -> Result<Result<Deal, Saved>, AppError> {
        let deals = record.deals.len() + 1;
        let whole = record.clone().read_written([self.deal.clone()], lang);
        // The deal as the record read it (a typed deal of another family read again).
        let typed = whole.as_ref().ok().and_then(|r| r.deal(live.len()));
        let run = run(whole, lang);
        let over = crate::service::scoring::limit::reached(st, live.len(), || {
            Ok(match &run {
                Ok(report) => games_before(report, live.len()),
                // A malformed new deal says nothing of the games before it: those are
                // refereed on their own (the rare path of a broken form or API call).
                Err(_) => match referee(&record, lang) {
                    Verdict::Valid(report) => report.games(),
                    Verdict::Broken { .. } => 0,
                },
            })
        })?;
        if let Some(limit) = over {
            return Ok(Err(Saved::Broken {
                message: limit.message(lang),
                code: Refusal::TableOver,
            }));
        }
        Ok(match verdict(deals, run) {
            Verdict::Broken { message, code, .. } => Err(Saved::Broken { message, code }),
            Verdict::Valid(report)
                if self.ask_if_deciding && super::decides_from_nil(&report, live.len()) =>
            {
                // Worded where the question is asked (the page's catalogue).
                Err(Saved::Broken {
                    message: String::new(),
                    code: Refusal::DecidesFromNil,
                })
            }
            // A record that kept the rules read every deal of it.
            Verdict::Valid(_) => Ok(typed.ok_or_else(|| {
                AppError::Internal("a refereed deal is missing from its record".into())
            })?),
        })
    }
}

/// The answer for a submission key stored before: the same as the first time on its own
/// table, a conflict on another.
fn seen_key(
    conn: &mut DbConn,
    st: &ScorerTable,
    key: &str,
) -> Result<Option<Result<Saved, AppError>>, AppError> {
    Ok(DealVersionRow::by_submission_key(conn, key)?.map(|seen| {
        if seen.table_id == st.table.0 {
            Ok(Saved::Seen {
                deal_no: seen.deal_no,
            })
        } else {
            Err(AppError::Conflict)
        }
    }))
}

/// The stale answer: the deal stored where the save was meant to go (or the last), and the
/// attempt.
fn stale(live: &[LiveDeal], based_on: i32, deal: &Written) -> Saved {
    Saved::Stale {
        stored: live
            .get(based_on.max(0) as usize)
            .or(live.last())
            .map(|d| Box::new(d.record.clone())),
        attempted: Box::new(deal.clone()),
    }
}

/// The games finished before deal `index` in a report over a record that goes on to (or stops
/// at a broken rule before) that deal: the report's games, less the one deal `index` ended.
fn games_before(report: &rules::Report, index: usize) -> usize {
    use rules::Report as R;
    let ended = match report {
        R::Figures(r) => r.deals.get(index).is_some_and(|d| d.game_over.is_some()),
        R::Watten(r) => r.deals.get(index).is_some_and(|d| d.game_over.is_some()),
        R::Gaigel(r) => r.deals.get(index).is_some_and(|d| d.game_over.is_some()),
        R::WattenThree(r) => r.deals.get(index).is_some_and(|d| d.game_over.is_some()),
        R::FiguresThree(r) => r.deals.get(index).is_some_and(|d| d.game_over.is_some()),
    };
    report.games() - usize::from(ended)
}
