//! The command line (contract section 2): one subcommand per job, each a thin shell over the
//! library.

use crate::config::{Https, Settings};
use crate::rules::{self, Lang};
use crate::startup::{Application, StartupError};
use clap::{Parser, Subcommand};
use std::io::Read;
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
    },
    /// Referee one match record (JSON) from FILE or standard input and print the result.
    Referee {
        /// The match record; standard input when left out or `-`.
        file: Option<PathBuf>,
        /// Language of the rule messages: de or en.
        #[arg(long, default_value = "de", env = "KARTL_LANG")]
        lang: String,
    },
}

/// Runs one command and returns the process's exit code.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Serve {
            bind,
            database,
            https,
        } => serve(&bind, &database, https),
        Command::Referee { file, lang } => referee(file, Lang::from_tag(&lang)),
    }
}

/// Runs the service until Ctrl-C or SIGTERM; actix then stops accepting and lets in-flight
/// requests finish. A start-up failure is one line on stderr and exit 1.
fn serve(bind: &str, database: &str, https: Https) -> ExitCode {
    crate::startup::init_tracing();
    let settings = match Settings::new(bind, database, https) {
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
        Ok(report) => match serde_json::to_string_pretty(&report) {
            Ok(json) => {
                println!("{json}");
                if report.is_valid() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                }
            }
            Err(e) => {
                eprintln!("cannot write the result: {e}");
                ExitCode::from(2)
            }
        },
        Err(malformed) => {
            eprintln!("malformed record: {malformed}");
            ExitCode::from(2)
        }
    }
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
