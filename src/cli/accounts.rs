//! `kartl account …` and `kartl club …`: what the administrator's page does, for an
//! administrator without a browser (the first account, a locked-out administrator, a script).
//! Each is a thin shell over [`crate::service::accounts`], acting as the command line
//! ([`Actor::command_line`]); the service logs each write to stderr as the web logs it.

use super::with_database;
use crate::auth::Role;
use crate::db::DbConn;
use crate::db::models::{Club, ClubId, User};
use crate::error::AppError;
use crate::service::Actor;
use crate::service::accounts::{self, AccountName, NewAccount, Refusal, clubs, passwords};
use clap::{Args, Subcommand, ValueEnum};
use std::io::Read;
use std::process::ExitCode;

/// The database every account and club command works on.
#[derive(Debug, Args)]
pub struct Database {
    /// SQLite file path (or sqlite://PATH), or a postgres:// URL.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "kartl.db",
        hide_env_values = true
    )]
    database: String,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RoleArg {
    Admin,
    Secretary,
    Organiser,
}

impl From<RoleArg> for Role {
    fn from(role: RoleArg) -> Role {
        match role {
            RoleArg::Admin => Role::Admin,
            RoleArg::Secretary => Role::Secretary,
            RoleArg::Organiser => Role::Organiser,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum AccountCommand {
    /// Create an account without a password and print its first reset code (last line), to be
    /// redeemed at /reset within 30 minutes.
    Add {
        name: String,
        #[arg(long, value_enum)]
        role: RoleArg,
        /// The secretary's club, by its exact name (only for --role secretary).
        #[arg(long)]
        club: Option<String>,
        #[command(flatten)]
        db: Database,
    },
    /// Issue a new reset code (last line); the account's sessions end and an older code stops
    /// working. Also brings a disabled account back.
    Reset {
        name: String,
        #[command(flatten)]
        db: Database,
    },
    /// Set the password, read as one line from standard input; every session of the account ends.
    Password {
        name: String,
        #[command(flatten)]
        db: Database,
    },
    /// Rename an account (it logs in with the new name from now on).
    Rename {
        name: String,
        new_name: String,
        #[command(flatten)]
        db: Database,
    },
    /// Disable an account: its password stops working, its sessions end, unused reset codes
    /// are void (`kartl account reset` brings it back).
    Disable {
        name: String,
        #[command(flatten)]
        db: Database,
    },
    /// List the accounts: name, role and club, one a line, tab-separated.
    List {
        #[command(flatten)]
        db: Database,
    },
}

#[derive(Debug, Subcommand)]
pub enum ClubCommand {
    /// Create a club.
    Add {
        name: String,
        #[command(flatten)]
        db: Database,
    },
    /// Rename a club (its tournaments and public page stay where they are).
    Rename {
        name: String,
        new_name: String,
        #[command(flatten)]
        db: Database,
    },
    /// List the clubs, one name a line.
    List {
        #[command(flatten)]
        db: Database,
    },
}

/// What a command prints on success (stdout), or why it failed (one line on stderr).
type Outcome = Result<Vec<String>, String>;

/// Exit 0 and the lines on stdout; 1 and one line on stderr when refused or the database
/// fails (nothing written either way).
fn finish(command: &str, outcome: Outcome) -> ExitCode {
    match outcome {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("kartl {command}: {message}");
            ExitCode::FAILURE
        }
    }
}

pub fn account(command: AccountCommand) -> ExitCode {
    crate::startup::init_tracing();
    let actor = Actor::command_line();
    let now = crate::clock::Clock::now(&crate::clock::SystemClock);
    let outcome = match command {
        AccountCommand::Add {
            name,
            role,
            club,
            db,
        } => add_account(&db.database, &actor, &name, role.into(), club, now),
        AccountCommand::Reset { name, db } => in_db(&db, |conn| {
            let user = account_named(conn, &name)?;
            let issued = passwords::issue_reset_code(conn, &actor, user.id, now)?;
            Ok(Ok(code_lines(&issued)))
        }),
        AccountCommand::Password { name, db } => set_password(&db.database, &actor, &name),
        AccountCommand::Rename { name, new_name, db } => in_db(&db, |conn| {
            let user = account_named(conn, &name)?;
            let Ok(new) = AccountName::try_from(new_name.as_str()) else {
                return Ok(Err(refusal_text(Refusal::NameInvalid)));
            };
            let renamed = accounts::rename_account(conn, &actor, user.id, &new)?;
            Ok(renamed
                .map(|()| vec![format!("account {} renamed to {}", user.name, new.as_str())])
                .map_err(refusal_text))
        }),
        AccountCommand::Disable { name, db } => in_db(&db, |conn| {
            let user = account_named(conn, &name)?;
            let name = accounts::disable_account(conn, &actor, user.id)?;
            Ok(Ok(vec![format!("account {name} disabled")]))
        }),
        AccountCommand::List { db } => in_db(&db, |conn| Ok(Ok(account_list(conn)?))),
    };
    finish("account", outcome)
}

pub fn club(command: ClubCommand) -> ExitCode {
    crate::startup::init_tracing();
    let actor = Actor::command_line();
    let now = crate::clock::Clock::now(&crate::clock::SystemClock);
    let outcome = match command {
        ClubCommand::Add { name, db } => in_db(&db, |conn| {
            let Ok(name) = AccountName::try_from(name.as_str()) else {
                return Ok(Err(refusal_text(Refusal::NameInvalid)));
            };
            let created = clubs::add_club(conn, &actor, &name, now)?;
            Ok(created
                .map(|_| vec![format!("club {} created", name.as_str())])
                .map_err(refusal_text))
        }),
        ClubCommand::Rename { name, new_name, db } => in_db(&db, |conn| {
            let club = club_named(conn, &name)?;
            let Ok(new) = AccountName::try_from(new_name.as_str()) else {
                return Ok(Err(refusal_text(Refusal::NameInvalid)));
            };
            let renamed = clubs::rename_club(conn, &actor, ClubId(club.id), &new)?;
            Ok(renamed
                .map(|()| vec![format!("club {} renamed to {}", club.name, new.as_str())])
                .map_err(refusal_text))
        }),
        ClubCommand::List { db } => in_db(&db, |conn| {
            Ok(Ok(Club::all(conn)?.into_iter().map(|c| c.name).collect()))
        }),
    };
    finish("club", outcome)
}

/// Runs `f` on the database: its refusal (already worded) or its lines.
fn in_db(db: &Database, f: impl FnOnce(&mut DbConn) -> Result<Outcome, AppError>) -> Outcome {
    with_database(&db.database, f).and_then(|outcome| outcome)
}

fn add_account(
    database: &str,
    actor: &Actor,
    name: &str,
    role: Role,
    club: Option<String>,
    now: chrono::NaiveDateTime,
) -> Outcome {
    let Ok(name) = AccountName::try_from(name) else {
        return Err(refusal_text(Refusal::NameInvalid));
    };
    with_database(database, |conn| {
        let club = match club {
            Some(club) => Some(ClubId(club_named(conn, &club)?.id)),
            None => None,
        };
        let new = NewAccount { name, role, club };
        let issued = accounts::add_account(conn, actor, &new, now)?;
        Ok(issued
            .map(|issued| code_lines(&issued))
            .map_err(refusal_text))
    })
    .and_then(|outcome| outcome)
}

/// The new password from standard input (one line; the line break dropped), checked as the
/// web checks it, hashed, and set.
fn set_password(database: &str, actor: &Actor, name: &str) -> Outcome {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    let password = input.strip_suffix('\n').unwrap_or(&input);
    let password = password.strip_suffix('\r').unwrap_or(password);
    crate::auth::password::check_new(password, password)
        .map_err(|key| crate::web::i18n::Locale::En.t(key))?;
    let hash = crate::auth::password::Hasher::new()?.hash(password)?;
    with_database(database, |conn| {
        let user = account_named(conn, name)?;
        passwords::set_password(conn, actor, user.id, &hash, None)?;
        Ok(vec![format!("password of {} set", user.name)])
    })
}

/// The account a name means (as a login matches it); a missing one is an error naming it.
fn account_named(conn: &mut DbConn, name: &str) -> Result<User, AppError> {
    accounts::account_named(conn, name)?
        .ok_or_else(|| AppError::BadRequest(format!("there is no account {name:?}")))
}

/// The club with exactly this name; a missing one is an error naming it.
fn club_named(conn: &mut DbConn, name: &str) -> Result<Club, AppError> {
    clubs::club_named(conn, name)?
        .ok_or_else(|| AppError::BadRequest(format!("there is no club {name:?}")))
}

/// What `add` and `reset` print: where and how long the code works, then the code alone.
fn code_lines(issued: &accounts::Issued) -> Vec<String> {
    let minutes = passwords::RESET_CODE_VALID.num_minutes();
    vec![
        format!(
            "reset code for {} (redeem it at /reset within {minutes} minutes):",
            issued.name
        ),
        issued.code.clone(),
    ]
}

fn account_list(conn: &mut DbConn) -> Result<Vec<String>, AppError> {
    let all_clubs = Club::all(conn)?;
    Ok(User::all(conn)?
        .into_iter()
        .map(|u| {
            let club = u
                .club_id
                .and_then(|id| all_clubs.iter().find(|c| c.id == id))
                .map_or("", |c| c.name.as_str());
            format!("{}\t{}\t{club}", u.name, u.role.as_str())
        })
        .collect())
}

/// The command line's words for a refusal.
fn refusal_text(refusal: Refusal) -> String {
    match refusal {
        Refusal::NameInvalid => "the name must be 1 to 64 characters, without control characters",
        Refusal::AccountNameTaken => "an account has this name, or one that looks the same",
        Refusal::ClubNameTaken => "a club has this name",
        Refusal::ClubUnknown => "there is no such club",
        Refusal::ClubForRole => "a secretary needs --club; an admin or organiser has none",
    }
    .to_string()
}
