//! `pgn100 annotate`

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::convert::write_atomic;
use super::input::InputArgs;
use super::Outcome;
use crate::analysis::{annotate_source, AnnotateOptions, Options};
use crate::diag::SourceFile;
use crate::notation::decode::decode;

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
    /// Write to this file (whole or not at all) instead of standard output.
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
    /// Drop games that do not validate instead of copying them unchanged.
    #[arg(long)]
    pub skip_invalid: bool,
}

pub fn run(args: &AnnotateArgs, color: bool) -> Outcome {
    let encoding = args.input.encoding()?;
    let options = AnnotateOptions {
        fen: args.fen,
        stages: args.stages,
        skip_invalid: args.skip_invalid,
        replay: Options { default_variant: args.input.variant, ..Options::default() },
    };
    let mut all = String::new();
    let mut invalid = 0;
    for input in args.input.inputs()? {
        let bytes = input.read().map_err(|e| format!("{}: {e}", input.name()))?;
        let source = SourceFile::new(input.name(), decode(&bytes, encoding).text);
        let annotated = annotate_source(&source, &options);
        invalid += annotated.invalid;
        for d in &annotated.diagnostics {
            eprint!("{}", d.render(&source, color));
        }
        all.push_str(&annotated.text);
    }
    match &args.output {
        Some(path) => write_atomic(path, all.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(all.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(ExitCode::from(if invalid > 0 { 1 } else { 0 }))
}
