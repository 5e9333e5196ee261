//! `pgn100 generate`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rayon::prelude::*;

use super::output::to_output;
use super::Outcome;
use crate::commands::generate::{generate_game, rng_for, write_generated};
use crate::notation::ast::RollForm;
use crate::notation::pgn::GameForm;
use crate::notation::{Letters, Style};
use crate::rules::{Variant, VariantPosition};

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  pgn100 generate --games 100 --seed 1 > random.pgn\n  \
pgn100 generate --games 40000 --seed 7 --letters latin --style short -o corpus.pgn")]
pub struct GenerateArgs {
    /// The variant.
    #[arg(long, default_value = "hundred")]
    pub variant: Variant,
    /// How many games.
    #[arg(long, default_value_t = 10)]
    pub games: u64,
    /// The seed: the same seed gives the same games.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Longest game, in plies (longer games end unfinished, `*`).
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Piece letters [default: latin for chess and chess960, whose games
    /// are written as chess programs write PGN (SAN, O-O); cyrillic for
    /// the others, as the Russian books write them].
    #[arg(long, value_enum)]
    pub letters: Option<Letters>,
    /// Long or short moves [default: short for chess and chess960, long
    /// for the others].
    #[arg(long, value_enum)]
    pub style: Option<Style>,
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
}

/// The text of game `index`. Dice chess: `--max-plies` counts turns; rolls
/// as letters in a Latin record, as digits in a Cyrillic one (as the
/// oracle writes them).
pub fn game_text(args: &GenerateArgs, index: u64) -> Result<String, String> {
    let mut rng = rng_for(args.seed, index);
    let g = generate_game(&mut rng, args.variant, args.max_plies).ok_or("this variant cannot be played yet")?;
    let mut tags = vec![
        ("Event", "pgn100 generate".to_string()),
        ("Site", "?".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", (index + 1).to_string()),
        ("White", "random".to_string()),
        ("Black", "random".to_string()),
        ("Result", g.result.to_string()),
        ("Variant", args.variant.name().to_string()),
        ("Generator", format!("pgn100 seed {} game {}", args.seed, index + 1)),
    ];
    // A start of its own (Chess960's): SetUp and FEN, as PGN has them.
    if VariantPosition::start(args.variant).map(|p| p.fen()) != Ok(g.start.fen()) {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", g.start.fen()));
    }
    // The variant's own form of its records unless told.
    let pgn_records = args.variant.rules().is_ok_and(|r| r.pgn_records);
    let (letters, style) = if pgn_records { (Letters::Latin, Style::Short) } else { (Letters::Cyrillic, Style::Long) };
    let (letters, style) = (args.letters.unwrap_or(letters), args.style.unwrap_or(style));
    let form = GameForm {
        letters,
        style,
        rolls: if letters == Letters::Latin { RollForm::Latin } else { RollForm::Digits },
        pgn: pgn_records && letters == Letters::Latin && style == Style::Short,
    };
    Ok(write_generated(&tags, &g, form))
}

pub fn run(args: &GenerateArgs) -> Outcome {
    args.variant.rules()?;
    to_output(args.output.as_deref(), |out| {
        // Batches keep memory bounded; games inside a batch are made in parallel.
        let batch = 2048;
        let mut start = 0;
        while start < args.games {
            let end = (start + batch).min(args.games);
            let texts: Result<Vec<String>, String> = (start..end).into_par_iter().map(|i| game_text(args, i)).collect();
            for t in texts? {
                out.write_all(t.as_bytes())?;
            }
            start = end;
        }
        Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}
