//! Importing a tournament file (contract 8): checked and refereed first; a table that breaks a
//! rule refuses the whole import, naming round, table, deal and rule, and nothing is stored.
//! Otherwise players, teams, rounds, tables and one confirmed version per deal (source
//! `import`, each with its audit event) are written in one transaction.

use super::Actor;
use super::deals::DealSource;
pub use super::import_write::Progress;
use super::import_write::{Stored, insert_marks, insert_players, insert_round, insert_teams};
use super::tournaments::{NewTournament, Status, insert_row, rules_frame};
use crate::db::models::Club;
use crate::db::models::clubs::NewClub;
use crate::db::{self, DbConn};
use crate::error::AppError;
use crate::error::refusal::{TextField, TournamentRefusal};
use crate::rules::Lang;
use crate::service::audit_detail::TournamentImported;
use crate::text::{Kind, Text};
use crate::tournament::evaluate::evaluate;
use crate::tournament::file::TournamentFile;
use chrono::{NaiveDate, NaiveDateTime};

/// The club that imported tournaments belong to unless another is named.
pub const IMPORT_CLUB: &str = "Import";

/// How to store an imported file.
#[derive(Debug, Clone)]
pub struct ImportOptions {
    /// The club's name; created when missing (default [`IMPORT_CLUB`]).
    pub club: String,
    /// Whether anonymous visitors see it: private unless asked (`kartl import --public`, the
    /// page's box), as a new tournament starts; a file never makes itself public.
    pub public: bool,
    /// The day and place, over the file's `date` and `place` (the demo dates its files).
    pub date: Option<NaiveDate>,
    pub place: Option<String>,
    /// `import` or `demo`: the deal versions' source.
    pub source: DealSource,
    /// Store a file that stopped halfway as running, to continue (the browser's import):
    /// see [`resume_point`]. `false` (`kartl import`, the demo): always finished.
    pub resume: bool,
}

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions {
            club: IMPORT_CLUB.into(),
            public: false,
            date: None,
            place: None,
            source: DealSource::Import,
            resume: false,
        }
    }
}

/// Where a file that stopped halfway continues: the tournament's status and, when its last
/// round has a table whose match is not over (the referee's result over its deals, as the
/// round overview reads it: [`super::scoring::desk::finished`]), that round's index, stored
/// open so its tables are scored on. Earlier rounds count as over: a later one was drawn.
/// No round: not begun (entrants can still change, the first round is drawn as usual). All
/// rounds over: finished, unless the format plans more sessions than the file holds, when it
/// runs on with the next draw.
pub fn resume_point(file: &TournamentFile, lang: Lang) -> (Status, Option<usize>) {
    let Some(last) = file.rounds.len().checked_sub(1) else {
        return (Status::Setup, None);
    };
    let games = file.settings().games;
    let open = (0..file.rounds[last].tables.len()).any(|t| {
        let report = file.referee_table(last, t, lang).and_then(Result::ok);
        !report.is_some_and(|r| super::scoring::desk::finished(&r, games))
    });
    if open {
        return (Status::Running, Some(last));
    }
    let planned = file.format == crate::tournament::format::Format::Sessions
        && file.rounds.iter().filter(|r| !r.knockout).count() < file.settings().sessions as usize;
    if planned {
        (Status::Running, None)
    } else {
        (Status::Finished, None)
    }
}

/// Why a file cannot be imported: the message names the place and the rule.
pub fn refusal(file: &TournamentFile, lang: Lang) -> Option<String> {
    if let Some(p) = file.problems().into_iter().next() {
        return Some(format!("malformed tournament file: {p}"));
    }
    // Every name becomes a checked text (no control characters, a sensible length), as on
    // the pages: a NUL in a name would not even reach PostgreSQL.
    let names = std::iter::once(("the tournament's name", &file.name, Kind::Title))
        .chain(
            file.players
                .iter()
                .map(|p| ("a player's name", &p.name, Kind::Entrant)),
        )
        .chain(
            file.teams
                .iter()
                .map(|t| ("a team's name", &t.name, Kind::Entrant)),
        );
    for (what, name, kind) in names {
        if let Err(e) = Text::parse(name, kind) {
            return Some(format!(
                "malformed tournament file: {what} {e}: \"{}\"",
                name.escape_debug()
            ));
        }
    }
    match evaluate(file, lang) {
        Err(m) => Some(format!("malformed tournament file: {m}")),
        Ok(e) => e.broken.first().map(|b| {
            format!(
                "round {}, table {}, deal {}: {} ({}); nothing was imported",
                b.round + 1,
                b.table + 1,
                b.violation.deal + 1,
                b.violation.message,
                b.violation.code.as_str()
            )
        }),
    }
}

/// Finds the club by name or creates it.
pub fn club_named(conn: &mut DbConn, name: &str, now: NaiveDateTime) -> Result<i32, AppError> {
    if let Some(c) = Club::all(conn)?.into_iter().find(|c| c.name == name) {
        return Ok(c.id);
    }
    Ok(Club::insert(
        conn,
        &NewClub {
            name,
            created_at: now,
        },
    )?
    .0)
}

/// Stores a tournament file; returns the new tournament's slug. 400 with the reason when the
/// file is malformed or a table breaks a rule (nothing stored).
pub fn import(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    file: &TournamentFile,
    options: &ImportOptions,
) -> Result<String, AppError> {
    import_reporting(conn, actor, now, file, options, &mut |_| {})
}

/// [`import`], telling `progress` after the check, every 100 players and every 10 tables (and
/// at each end), so a long import can show how far it is.
pub fn import_reporting(
    conn: &mut DbConn,
    actor: &Actor,
    now: NaiveDateTime,
    file: &TournamentFile,
    options: &ImportOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<String, AppError> {
    if let Some(reason) = refusal(file, Lang::En) {
        // The pages check the file first and word each problem (`FileCheck`); this is the
        // last guard, its reason for the log.
        tracing::info!("import refused: {reason}");
        return Err(TournamentRefusal::ImportMalformed.into());
    }
    progress(Progress::Checked);
    let club =
        Text::parse(&options.club, Kind::Name).map_err(super::refused_text(TextField::ClubName))?;
    // Everything that needs only the file is worked out before the write transaction (the
    // referee over the last round's tables, the frozen rules), so the write lock is held for
    // the writes alone.
    // Options the record's types do not read would refuse every table (import::refusal
    // referees each one): a file with no table is refused for them here.
    let (Ok(frozen), Ok(typed_options)) = (rules_frame(file), file.typed_options()) else {
        return Err(TournamentRefusal::ImportMalformed.into());
    };
    let (status, open) = if options.resume {
        resume_point(file, Lang::En)
    } else {
        (Status::Finished, None)
    };
    let frozen = (status != Status::Setup).then_some(frozen);
    // The file's own day and place (checked with the file) unless the caller names others.
    let date = options.date.or_else(|| {
        file.date
            .as_deref()
            .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
    });
    let place = options.place.clone().or_else(|| file.place.clone());
    db::write(conn, |conn| {
        let club_id = club_named(conn, club.as_str(), now)?;
        if !actor.may_manage(club_id) {
            return Err(AppError::Forbidden);
        }
        let new = NewTournament {
            club_id,
            name: file.name.clone(),
            date,
            place: place.clone(),
            game: file.game,
            variant: file.variant,
            target: file.target,
            options: typed_options.clone(),
            format: file.format,
            settings: file.settings.clone(),
            public: options.public,
        };
        let (id, slug) = insert_row(conn, now, &new, status, frozen.as_deref())?;
        let player_ids = insert_players(conn, now, club_id, id, file, progress)?;
        insert_teams(conn, id, file, &player_ids)?;
        for r in 0..file.rounds.len() {
            let stored = Stored {
                actor,
                now,
                tournament: id,
                source: options.source,
            };
            insert_round(conn, &stored, file, r, open == Some(r), progress)?;
        }
        insert_marks(conn, id, file, now)?;
        let detail = TournamentImported {
            open_round: open.map(|r| r + 1),
            rounds: file.rounds.len(),
            slug: slug.clone(),
            source: options.source.as_str().to_string(),
            status: status.as_str().to_string(),
        };
        super::tournaments::audit(conn, id, actor, now, detail.into())?;
        Ok(slug)
    })
}
