//! Scorer links: a secret per table (256 random bits from the OS, 64 hex digits), of which the
//! database keeps only the SHA-256. Issuing a round's table cards replaces every table's
//! secret, so earlier links stop working (re-issuing one table's card replaces that table's
//! alone); a link stops working when its round closes, and
//! stays dead when the round is reopened (new cards bring scoring back).

use crate::auth::tokens;
use crate::db::models::{RoundRow, RoundStatus, TableId, TableRow, TournamentRow};
use crate::db::schema::{round_tables, rounds, tournaments as tournaments_table};
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::service::audit_detail::{AuditDetail, LinkReissued, ScorerLinks};
use crate::service::{Actor, tournaments};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// Forgets every scorer secret of a round (reopening it): no link handed out before works
/// again. Run inside the caller's transaction.
pub fn revoke(conn: &mut DbConn, round: crate::db::models::RoundId) -> QueryResult<()> {
    diesel::update(round_tables::table.filter(round_tables::round_id.eq(round.0)))
        .set(round_tables::scorer_token_hash.eq(None::<String>))
        .execute(conn)
        .map(|_| ())
}

/// One table card: what is printed, and the secret for its link (shown once).
#[derive(Debug, Clone)]
pub struct Card {
    pub table: i32,
    /// Per side (A, B, ...): the entrant's name and, for a team, its players.
    pub seats: Vec<String>,
    pub token: String,
}

#[derive(Debug, Clone)]
pub struct Cards {
    pub tournament: String,
    pub round: i32,
    pub cards: Vec<Card>,
}

/// Names for the entrant ids of a table: a player's name, or a team's with its players.
pub fn seat_names(detail: &tournaments::TournamentDetail, seats: &[String]) -> Vec<String> {
    let player = |id: &str| {
        detail
            .players
            .iter()
            .find(|p| p.entrant_id == id)
            .map_or_else(|| id.to_string(), |p| p.name.clone())
    };
    seats
        .iter()
        .map(
            |id| match detail.teams.iter().find(|t| &t.entrant_id == id) {
                Some(team) => {
                    let members: Vec<String> = team.members.iter().map(|m| player(m)).collect();
                    format!("{} ({})", team.name, members.join(", "))
                }
                None => player(id),
            },
        )
        .collect()
}

/// Short names for the score sheet's columns: a team's name without its players.
pub fn short_names(detail: &tournaments::TournamentDetail, seats: &[String]) -> Vec<String> {
    seats
        .iter()
        .map(|id| {
            detail
                .teams
                .iter()
                .find(|t| &t.entrant_id == id)
                .map(|t| t.name.clone())
                .or_else(|| {
                    detail
                        .players
                        .iter()
                        .find(|p| &p.entrant_id == id)
                        .map(|p| p.name.clone())
                })
                .unwrap_or_else(|| id.clone())
        })
        .collect()
}

/// Issues new links for every table of an open round (the tournament's managers only) and
/// returns the cards. The secrets are in the answer only; an audit event records the issue.
pub fn issue_cards(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    round_number: i32,
) -> Result<Cards, AppError> {
    issue(conn, actor, now, slug, round_number, None)
}

/// Issues a new link for table `table` of an open round alone (a lost card): the other
/// tables' links stay valid. Audited as `link_reissued`.
pub fn reissue_card(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    round_number: i32,
    table: i32,
) -> Result<Cards, AppError> {
    issue(conn, actor, now, slug, round_number, Some(table))
}

fn issue(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    slug: &str,
    round_number: i32,
    only: Option<i32>,
) -> Result<Cards, AppError> {
    db::write(conn, |conn| {
        let t = crate::service::managed(conn, actor, slug)?;
        let detail = tournaments::get(conn, Some(actor), slug)?;
        let round = detail
            .rounds
            .iter()
            .find(|r| r.number == round_number)
            .ok_or(AppError::NotFound)?;
        if only.is_some_and(|n| !round.tables.iter().any(|x| x.number == n)) {
            return Err(AppError::NotFound);
        }
        if round.closed {
            // Worded for the visitor (the page says what to do instead), not a bare reason.
            return Err(AppError::Invalid(crate::error::Message::new(
                "cards-round-closed",
            )));
        }
        crate::service::closing::require_unfinished(conn, t.id())?;
        let mut cards = Vec::new();
        for table in round
            .tables
            .iter()
            .filter(|x| only.is_none_or(|n| x.number == n))
        {
            let token = tokens::random_token()?;
            diesel::update(round_tables::table.find(table.id.0))
                .set(round_tables::scorer_token_hash.eq(tokens::digest(&token)))
                .execute(conn)?;
            cards.push(Card {
                table: table.number,
                seats: seat_names(&detail, &table.seats),
                token,
            });
        }
        let detail: AuditDetail = match only {
            Some(n) => LinkReissued {
                round: round_number,
                table: n,
            }
            .into(),
            None => ScorerLinks {
                round: round_number,
                tables: cards.len(),
            }
            .into(),
        };
        tournaments::audit(conn, t.id(), actor, now, detail)?;
        Ok(Cards {
            tournament: t.name.clone(),
            round: round_number,
            cards,
        })
    })
}

/// The table a scorer link opens.
#[derive(Debug, Clone)]
pub struct ScorerTable {
    pub table: TableId,
    pub table_number: i32,
    pub round_number: i32,
    /// False once the round is closed: the link then answers 410.
    pub open: bool,
    pub tournament: TournamentRow,
    /// Entrant ids in side order.
    pub seats: Vec<String>,
    /// A knockout round's table (its deal count is the record's, not the session's).
    pub knockout: bool,
}

/// Whether `token` looks like a link's secret (64 lower-case hex digits).
pub fn well_formed(token: &str) -> bool {
    token.len() == 64
        && token
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The table whose link secret is `token`, found by its digest; `None` for an unknown one.
pub fn resolve(conn: &mut DbConn, token: &str) -> Result<Option<ScorerTable>, AppError> {
    if !well_formed(token) {
        return Ok(None);
    }
    let found: Option<Joined> = round_tables::table
        .inner_join(rounds::table.inner_join(tournaments_table::table))
        .filter(round_tables::scorer_token_hash.eq(tokens::digest(token)))
        .select((
            TableRow::as_select(),
            RoundRow::as_select(),
            TournamentRow::as_select(),
        ))
        // A unique key: `get_result`, not `first` (see `db`: no `LIMIT ?` on hot paths).
        .get_result(conn)
        .optional()?;
    found
        .map(|(table, round, tournament)| scorer_table(&table, &round, tournament))
        .transpose()
}

/// A table as the entry pages use it (the scorer's link, or a secretary's page).
pub fn table_by_id(conn: &mut DbConn, id: TableId) -> Result<Option<ScorerTable>, AppError> {
    let found: Option<Joined> = round_tables::table
        .inner_join(rounds::table.inner_join(tournaments_table::table))
        .filter(round_tables::id.eq(id.0))
        .select((
            TableRow::as_select(),
            RoundRow::as_select(),
            TournamentRow::as_select(),
        ))
        .get_result(conn)
        .optional()?;
    found
        .map(|(table, round, tournament)| scorer_table(&table, &round, tournament))
        .transpose()
}

/// A table with its round and tournament, read in one query.
type Joined = (TableRow, RoundRow, TournamentRow);

/// The entry pages' view of a table's rows.
pub(crate) fn scorer_table(
    table: &TableRow,
    round: &RoundRow,
    tournament: TournamentRow,
) -> Result<ScorerTable, AppError> {
    let seats: Vec<String> =
        serde_json::from_str(&table.seats).map_err(|e| crate::service::corrupt("seats", e))?;
    Ok(ScorerTable {
        table: TableId(table.id),
        table_number: table.number,
        round_number: round.number,
        open: round_is_open(round),
        tournament,
        seats,
        knockout: round.knockout,
    })
}

fn round_is_open(round: &RoundRow) -> bool {
    round.status == RoundStatus::Open
}
