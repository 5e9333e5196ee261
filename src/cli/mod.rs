//! The command line: arguments in, library calls, exit status out.

mod input;
mod perft;
mod validate;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Read, validate and convert game records of 100-square chess.
#[derive(Parser, Debug)]
#[command(name = "pgn100", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check game files: every game replayed, every problem reported.
    Validate(validate::ValidateArgs),
    /// Count the leaf nodes of the legal move tree (move generator check).
    Perft(perft::PerftArgs),
}

/// Parses the arguments, runs the command and returns the exit status:
/// 0 ok, 1 problems found, 2 usage or I/O error.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Validate(args) => validate::run(&args),
        Command::Perft(args) => perft::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("pgn100: {e}");
            ExitCode::from(2)
        }
    }
}
