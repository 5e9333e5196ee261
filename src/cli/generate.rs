//! `pgn100 generate`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rayon::prelude::*;

use super::output::to_output;
use super::Outcome;
use crate::commands::generate::{generate_game, rng_for};
use crate::notation::pgn::write_game;
use crate::notation::{Letters, Style};
use crate::rules::{Position, Variant};

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
    /// Piece letters.
    #[arg(long, value_enum, default_value = "cyrillic")]
    pub letters: Letters,
    /// Long or short moves.
    #[arg(long, value_enum, default_value = "long")]
    pub style: Style,
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
}

/// The text of game `index`.
pub fn game_text(args: &GenerateArgs, index: u64) -> Result<String, String> {
    let mut rng = rng_for(args.seed, index);
    if args.variant == Variant::Dice {
        return Ok(dice_game_text(args, index, &mut rng));
    }
    let g = generate_game(&mut rng, args.variant, args.max_plies).ok_or("this variant cannot be played yet")?;
    let letters = args.letters;
    let style = args.style;
    let mut tags = tags(args, index, g.result.to_string(), args.variant.name());
    // A start of its own (Chess960's): SetUp and FEN, as PGN has them.
    if Position::start(args.variant).map(|p| p.fen()) != Ok(g.start.fen()) {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", g.start.fen()));
    }
    Ok(write_game(&tags, &g.start, &g.moves, letters, style, g.result))
}

/// The tags of game `index` (the seven of PGN's roster, the variant and
/// how it was generated), before any SetUp and FEN.
fn tags(args: &GenerateArgs, index: u64, result: String, variant: &str) -> Vec<(&'static str, String)> {
    vec![
        ("Event", "pgn100 generate".to_string()),
        ("Site", "?".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", (index + 1).to_string()),
        ("White", "random".to_string()),
        ("Black", "random".to_string()),
        ("Result", result),
        ("Variant", variant.to_string()),
        ("Generator", format!("pgn100 seed {} game {}", args.seed, index + 1)),
    ]
}

/// A Dice chess game: `--max-plies` counts turns; rolls as letters in a
/// Latin record, as digits in a Cyrillic one (as the oracle writes them).
fn dice_game_text(args: &GenerateArgs, index: u64, rng: &mut rand_chacha::ChaCha8Rng) -> String {
    use crate::commands::dice::generate::{generate_dice_game, write_dice_game};
    use crate::notation::ast::RollForm;
    let g = generate_dice_game(rng, args.max_plies);
    let letters = args.letters;
    let style = args.style;
    let rolls = if letters == Letters::Latin { RollForm::Latin } else { RollForm::Digits };
    let tags = tags(args, index, g.result.to_string(), "Dice");
    write_dice_game(&tags, &g, letters, style, rolls)
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
