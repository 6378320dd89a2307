//! The command line (contract section 2): one subcommand per job, each a thin shell over the
//! library.

mod accounts;

use crate::config::{Https, Settings};
use crate::rules::{self, Lang};
use crate::startup::{Application, StartupError};
use clap::{Parser, Subcommand};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// kartl: tournaments and scorekeeping for Watten, Perlaggen, Giltspiel and Gaigel.
#[derive(Debug, Parser)]
#[command(name = "kartl", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the web service (SQLite file or PostgreSQL; migrations are applied at start).
    Serve {
        /// Address to listen on.
        #[arg(long, env = "KARTL_BIND", default_value = "127.0.0.1:8080")]
        bind: String,
        /// SQLite file path (or sqlite://PATH), or a postgres:// URL.
        // The environment's value stays out of `--help`: it may hold a password.
        #[arg(
            long,
            env = "DATABASE_URL",
            default_value = "kartl.db",
            hide_env_values = true
        )]
        database: String,
        /// Whether clients reach kartl over HTTPS (through a TLS-terminating proxy).
        #[arg(long, env = "KARTL_HTTPS", value_enum, default_value_t = Https::Off)]
        https: Https,
        /// The time zone the pages show times in (an IANA name).
        #[arg(long, env = "KARTL_TIME_ZONE", default_value = crate::config::DEFAULT_TIME_ZONE)]
        time_zone: String,
    },
    /// Referee one match record (JSON) from FILE or standard input and print the result.
    Referee {
        /// The match record; standard input when left out or `-`.
        file: Option<PathBuf>,
        /// Language of the rule messages: de or en.
        #[arg(long, default_value = "de", env = "KARTL_LANG")]
        lang: String,
    },
    /// Compute the standings of a tournament file or a cup file (JSON) and print them.
    Standings {
        /// The tournament file; standard input when left out or `-`.
        file: Option<PathBuf>,
        /// Language of the rule messages: de or en.
        #[arg(long, default_value = "de", env = "KARTL_LANG")]
        lang: String,
    },
    /// Store a tournament file (JSON) in the database and print its slug (last line). Refused,
    /// storing nothing, when the file is malformed (exit 2) or a table breaks a rule (exit 1).
    Import {
        /// The tournament file; standard input when `-`.
        file: PathBuf,
        /// SQLite file path (or sqlite://PATH), or a postgres:// URL.
        #[arg(
            long,
            env = "DATABASE_URL",
            default_value = "kartl.db",
            hide_env_values = true
        )]
        database: String,
        /// The club the tournament belongs to (created when missing).
        #[arg(long, default_value = crate::service::import::IMPORT_CLUB)]
        club: String,
        /// Show the tournament to everyone (by default an import is private, as a new
        /// tournament and the browser's import are).
        #[arg(long, conflicts_with = "private")]
        public: bool,
        /// Private, the default (still accepted, for scripts written when imports were public).
        #[arg(long, hide = true)]
        private: bool,
    },
    /// Write a consistent copy of the database to PATH while the service may keep running
    /// (SQLite: VACUUM INTO; PostgreSQL: pg_dump's custom format). See docs/reference/operations.md.
    Backup {
        /// Where the copy goes; refused when it exists, unless --force.
        path: PathBuf,
        /// SQLite file path (or sqlite://PATH), or a postgres:// URL.
        #[arg(
            long,
            env = "DATABASE_URL",
            default_value = "kartl.db",
            hide_env_values = true
        )]
        database: String,
        /// Replace PATH when it exists.
        #[arg(long)]
        force: bool,
    },
    /// Accounts without a browser: create one (with its first reset code), issue a reset code,
    /// set a password, rename, disable, list. See docs/reference/operations.md.
    #[command(subcommand)]
    Account(accounts::AccountCommand),
    /// Clubs without a browser: create, rename, list.
    #[command(subcommand)]
    Club(accounts::ClubCommand),
    /// Fill the database with three finished example tournaments (Gaigel sessions, Watten and
    /// Perlaggen rounds), public, so a newcomer sees the whole app at once.
    Demo {
        /// SQLite file path (or sqlite://PATH), or a postgres:// URL.
        #[arg(
            long,
            env = "DATABASE_URL",
            default_value = "kartl.db",
            hide_env_values = true
        )]
        database: String,
    },
}

/// Runs one command and returns the process's exit code.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Serve {
            bind,
            database,
            https,
            time_zone,
        } => serve(&bind, &database, https, &time_zone),
        Command::Referee { file, lang } => referee(file, Lang::from_tag(&lang)),
        Command::Standings { file, lang } => standings(file, Lang::from_tag(&lang)),
        Command::Import {
            file,
            database,
            club,
            public,
            private: _,
        } => import(&file, &database, club, public),
        Command::Demo { database } => demo(&database),
        Command::Account(command) => accounts::account(command),
        Command::Club(command) => accounts::club(command),
        Command::Backup {
            path,
            database,
            force,
        } => backup(&path, &database, force),
    }
}

/// Runs the service until Ctrl-C or SIGTERM; actix then stops accepting and lets in-flight
/// requests finish. A start-up failure is one line on stderr and exit 1.
fn serve(bind: &str, database: &str, https: Https, time_zone: &str) -> ExitCode {
    crate::startup::init_tracing();
    let settings =
        match Settings::new(bind, database, https).and_then(|s| s.with_time_zone(time_zone)) {
            Ok(settings) => settings,
            Err(message) => {
                eprintln!("kartl: {message}");
                return ExitCode::FAILURE;
            }
        };
    let result = actix_web::rt::System::new().block_on(async move {
        let app = Application::build(settings).await?;
        tracing::info!(database = %app.database(), "kartl listens on http://{}", app.address());
        app.run_until_stopped().await.map_err(StartupError::Io)?;
        tracing::info!("kartl stopped");
        Ok::<(), StartupError>(())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kartl: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Exit 0: the record keeps the rules; 1: it breaks one (the result is printed all the same);
/// 2: it is not a well-formed record (one line on stderr, nothing on stdout).
fn referee(file: Option<PathBuf>, lang: Lang) -> ExitCode {
    let input = match read_input(file.as_deref()) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    match rules::referee(&input, lang) {
        Ok(report) => {
            let code = if report.is_valid() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            };
            match print_json(&report) {
                Ok(()) => code,
                // The reader went away (`kartl referee | head`): nothing left to tell it.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => code,
                Err(e) => {
                    eprintln!("cannot write the result: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Err(malformed) => {
            eprintln!("malformed record: {malformed}");
            ExitCode::from(2)
        }
    }
}

/// Exit 0: every table's record keeps the rules; 1: some table breaks one (the standings are
/// printed all the same, counting the deals before the break, and each break is named on
/// stderr); 2: the file or a record in it is not well-formed (one line on stderr).
fn standings(file: Option<PathBuf>, lang: Lang) -> ExitCode {
    let input = match read_input(file.as_deref()) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    if crate::tournament::cup_file::is_cup_file(&input) {
        return cup_standings(&input, lang);
    }
    let evaluation = match crate::tournament::evaluate::evaluate_text(&input, lang) {
        Ok(evaluation) => evaluation,
        Err(malformed) => {
            eprintln!("malformed tournament file: {malformed}");
            return ExitCode::from(2);
        }
    };
    let broken: Vec<_> = evaluation
        .broken
        .iter()
        .map(|b| (String::new(), b))
        .collect();
    print_standings(&evaluation.standings, &broken)
}

/// `kartl standings` of a cup file (docs/reference/cups.md): the same exits as for a
/// tournament file, each broken table named with its evening.
fn cup_standings(input: &str, lang: Lang) -> ExitCode {
    let evaluation = match crate::tournament::cup_file::evaluate_cup_text(input, lang) {
        Ok(evaluation) => evaluation,
        Err(malformed) => {
            eprintln!("malformed cup file: {malformed}");
            return ExitCode::from(2);
        }
    };
    let broken: Vec<_> = evaluation
        .broken
        .iter()
        .map(|(evening, b)| (format!("evening {}, ", evening + 1), b))
        .collect();
    print_standings(&evaluation, &broken)
}

/// Names each broken table on stderr (after `where`, the evening of a cup) and prints the
/// standings: exit 0, 1 when a table broke a rule, 2 when the standings cannot be written.
fn print_standings(
    standings: &impl serde::Serialize,
    broken: &[(String, &crate::tournament::evaluate::BrokenTable)],
) -> ExitCode {
    for (place, b) in broken {
        eprintln!(
            "{place}round {}, table {}, deal {}: {} ({})",
            b.round + 1,
            b.table + 1,
            b.violation.deal + 1,
            b.violation.message,
            b.violation.code.as_str()
        );
    }
    let code = if broken.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    match print_json(standings) {
        Ok(()) => code,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => code,
        Err(e) => {
            eprintln!("cannot write the standings: {e}");
            ExitCode::from(2)
        }
    }
}

/// Writes `value` as pretty JSON and a newline to standard output.
fn print_json(value: &impl serde::Serialize) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    out.flush()
}

fn read_input(file: Option<&std::path::Path>) -> Result<String, String> {
    match file {
        Some(path) if path.as_os_str() != "-" => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display())),
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            Ok(text)
        }
    }
}

/// Opens the database (migrations applied) and hands a connection to `f`.
fn with_database<T>(
    database: &str,
    f: impl FnOnce(&mut crate::db::DbConn) -> Result<T, crate::error::AppError>,
) -> Result<T, String> {
    let url = crate::db::DbUrl::parse(database)?;
    // One connection, opened and closed in this thread (see `db::open_one`).
    let mut conn = crate::db::open_one(&url).map_err(|e| e.to_string())?;
    f(&mut conn).map_err(|e| match &e {
        // The command line speaks English: a refusal in the English catalogue's words.
        crate::error::AppError::Refusal(r) => crate::web::i18n::Locale::En.refusal(r),
        e => e.cause().map_or_else(|| e.to_string(), str::to_string),
    })
}

/// Exit 0 and the slug as the last line; 2 when the file is malformed (the path named on
/// stderr); 1 when a table breaks a rule or the database refuses (nothing stored either way).
fn import(file: &std::path::Path, database: &str, club: String, public: bool) -> ExitCode {
    use crate::tournament::file::TournamentFile;
    let input = match read_input(Some(file)) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let parsed = match TournamentFile::parse(&input) {
        Ok(parsed) => parsed,
        Err(malformed) => {
            eprintln!("malformed tournament file: {malformed}");
            return ExitCode::from(2);
        }
    };
    if let Err(malformed) = crate::tournament::evaluate::evaluate(&parsed, Lang::En) {
        eprintln!("malformed tournament file: {malformed}");
        return ExitCode::from(2);
    }
    // The service refuses such a file too, as a typed refusal; here the reason is named.
    if let Some(reason) = crate::service::import::refusal(&parsed, Lang::En) {
        eprintln!("kartl import: {reason}");
        return ExitCode::FAILURE;
    }
    let options = crate::service::import::ImportOptions {
        club,
        public,
        ..Default::default()
    };
    let now = crate::clock::Clock::now(&crate::clock::SystemClock);
    let actor = crate::service::Actor::command_line();
    let mut shown = ImportProgress::on_terminal();
    let done = with_database(database, |conn| {
        crate::service::import::import_reporting(conn, &actor, now, &parsed, &options, &mut |p| {
            shown.show(p)
        })
    });
    shown.finish();
    match done {
        Ok(slug) => {
            println!("{slug}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("kartl import: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The progress line of `kartl import`, rewritten in place on stderr. Only when stderr is a
/// terminal: a script or a test reading stderr gets the same quiet output as before (a
/// 1,000-player import takes under 2 seconds, but a slow disk or server may take longer).
struct ImportProgress {
    on: bool,
    drawn: bool,
}

impl ImportProgress {
    fn on_terminal() -> Self {
        use std::io::IsTerminal;
        ImportProgress {
            on: std::io::stderr().is_terminal(),
            drawn: false,
        }
    }

    fn show(&mut self, p: crate::service::import::Progress) {
        use crate::service::import::Progress;
        if !self.on {
            return;
        }
        let line = match p {
            Progress::Checked => "importing: file checked".to_string(),
            Progress::Players { done, total } => format!("importing: {done}/{total} players"),
            Progress::Tables {
                round,
                rounds,
                done,
                total,
            } => format!("importing: round {round}/{rounds}, table {done}/{total}"),
        };
        // `\r` and "erase to the end of the line": the shorter line leaves nothing behind.
        eprint!("\r{line}\x1b[K");
        self.drawn = true;
    }

    fn finish(&mut self) {
        if self.drawn {
            eprintln!();
            self.drawn = false;
        }
    }
}

/// Exit 0 after the copy is in place; 1 when it cannot be made (nothing left at PATH then).
fn backup(path: &std::path::Path, database: &str, force: bool) -> ExitCode {
    let done = crate::db::DbUrl::parse(database)
        .and_then(|url| crate::db::backup::backup(&url, path, force));
    match done {
        Ok(message) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("kartl backup: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Exit 0 after printing the three slugs; 1 when the demo exists already or the database fails.
fn demo(database: &str) -> ExitCode {
    let now = crate::clock::Clock::now(&crate::clock::SystemClock);
    match with_database(database, |conn| crate::service::demo::fill(conn, now)) {
        Ok(slugs) => {
            for slug in slugs {
                println!("{slug}");
            }
            println!(
                "Open the service (kartl serve) and create the administrator on the first visit."
            );
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("kartl demo: {message}");
            ExitCode::FAILURE
        }
    }
}
