//! `pgn100 perft`

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use crate::notation::{Letters, LongMove};
use crate::rules::{divide, perft, Position, Variant};

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  pgn100 perft 4\n  pgn100 perft --divide 2\n  \
pgn100 perft --fen '10/10/10/10/10/10/10/10/5K4/5k4 w - - 0 1' 3")]
pub struct PerftArgs {
    /// Plies to search.
    pub depth: u32,
    /// The variant.
    #[arg(long, default_value = "hundred")]
    pub variant: Variant,
    /// Start from this position instead of the set-up.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the count under each legal move, in Latin long notation.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: &PerftArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let pos = match &args.fen {
        Some(fen) => Position::from_fen(fen, args.variant)?,
        None => Position::start(args.variant)?,
    };
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let nodes = if args.divide && args.depth > 0 {
        let mut total = 0;
        for (m, n) in divide(&pos, args.depth) {
            writeln!(out, "{} {n}", LongMove { pos: &pos, mv: m, letters: Letters::Latin })?;
            total += n;
        }
        writeln!(out)?;
        total
    } else {
        perft(&pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    writeln!(out, "{nodes}")?;
    // A speed is only worth printing over a measurable time.
    if secs >= 0.01 {
        eprintln!("{nodes} nodes in {secs:.3} s ({:.1} M nodes/s)", nodes as f64 / secs / 1e6);
    } else {
        eprintln!("{nodes} nodes in under 0.01 s");
    }
    Ok(ExitCode::SUCCESS)
}
