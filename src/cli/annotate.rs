//! `pgn100 annotate`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::input::InputArgs;
use super::output::{to_output, transform_all};
use super::progress::Progress;
use super::Outcome;
use crate::commands::{annotate_source, AnnotateOptions};
use crate::diag::SourceFile;
use crate::replay::Options;

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  pgn100 annotate games.pgn\n  pgn100 annotate --stages --fen -o annotated.pgn games.pgn"
)]
pub struct AnnotateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Add the FEN after each main-line move as a comment.
    #[arg(long)]
    pub fen: bool,
    /// Mark where the game enters the endgame (20 men or fewer) and the deep endgame (10 or fewer).
    #[arg(long)]
    pub stages: bool,
    /// Dice chess: the dice left after each move, as a comment.
    #[arg(long)]
    pub dice: bool,
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
    /// Drop games that do not validate instead of copying them unchanged.
    #[arg(long)]
    pub skip_invalid: bool,
}

pub fn run(args: &AnnotateArgs, color: bool) -> Outcome {
    let config = args.input.config()?;
    let inputs = args.input.inputs()?;
    let options = AnnotateOptions {
        fen: args.fen,
        stages: args.stages,
        dice: args.dice,
        skip_invalid: args.skip_invalid,
        replay: Options { default_variant: args.input.variant, ..Options::default() },
    };
    // As convert: in bounded blocks, chunks in parallel, output in order,
    // a file written whole or not at all.
    let pool = args.input.pool()?;
    let progress = Progress::new(&inputs);
    let annotate = |source: &SourceFile| annotate_source(source, &options);
    // A damaged input: the games before the damage are written.
    let (invalid, run) = to_output(args.output.as_deref(), |out| {
        transform_all(&inputs, &config, &annotate, &pool, out, &progress, color)
    })?;
    progress.finish();
    super::report_run(&run);
    Ok(ExitCode::from(run.exit(u8::from(invalid > 0))))
}
