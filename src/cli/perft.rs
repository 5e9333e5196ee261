//! `pgn100 perft`

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use crate::notation::{Letters, LongMove};
use crate::rules::{divide, perft, Position, Variant};

#[derive(Args, Debug)]
#[command(after_help = "Dice chess has no perft: its turn is up to three moves, one per die of a roll, and a \
king may stand attacked (no check, no evasions), so the command refuses --variant dice. Count the legal \
turns of one roll with `pgn100 turns --count`.\n\n\
Examples:\n  pgn100 perft 4\n  pgn100 perft --divide 2\n  \
pgn100 perft --fen '10/10/10/10/10/10/10/10/5K4/5k4 w - - 0 1' 3\n  \
pgn100 turns --count --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --roll 'N p p'")]
pub struct PerftArgs {
    /// Plies to search.
    pub depth: u32,
    /// The variant. Not Dice chess: a turn there is up to three moves of a
    /// roll with no check, so a tree of single moves counts nothing of the
    /// game; `pgn100 turns --count --fen F --roll R` counts a roll's legal
    /// turns instead.
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
    if args.variant.rules().is_ok_and(|r| r.rolled_turns) {
        return Err("perft counts a tree of single moves under chess's check rules; Dice chess has \
                    turns of up to three moves, one per die of a roll, and no check. Count a roll's \
                    legal turns with `pgn100 turns --count --fen FEN --roll 'N p p'`"
            .into());
    }
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
