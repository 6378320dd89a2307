use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    kartl::cli::run(kartl::cli::Cli::parse())
}
