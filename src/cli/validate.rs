//! `pgn100 validate`

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::{Input, InputArgs};
use super::Outcome;
use crate::analysis::batch::{for_each_chunk, Blocks, NotText, BLOCK};
use crate::analysis::validate::{binary, encoding_note};
use crate::analysis::{validate_chunk, Options};
use crate::diag::{Code, Diagnostic, Severity, SourceFile};

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Diagnostics with the source line underlined.
    Human,
    /// One JSON object per diagnostic, one per line.
    Json,
}

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  pgn100 validate corpus/valid\n  pgn100 validate --strict games.pgn\n  \
cat games.pgn | pgn100 validate --format json -")]
pub struct ValidateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
    /// Count warnings (marks, move numbers, results) as errors.
    #[arg(long)]
    pub strict: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

#[derive(Default)]
struct Summary {
    files: usize,
    games: usize,
    invalid: usize,
    errors: usize,
    warnings: usize,
    notes: usize,
    by_code: BTreeMap<Code, usize>,
}

impl Summary {
    fn count(&mut self, d: &Diagnostic) {
        match d.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
        *self.by_code.entry(d.code).or_default() += 1;
    }
}

/// One file, read in bounded blocks; the pieces of a block are validated in
/// parallel and reported in file order. Binary data is one `binary` error.
fn validate_input(
    input: &Input,
    encoding: Option<&'static encoding_rs::Encoding>,
    options: Options,
    pool: &rayon::ThreadPool,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Diagnostic, &SourceFile) -> std::io::Result<()>,
) -> Result<(), Box<dyn std::error::Error>> {
    let name = input.name();
    let reader = input.open().map_err(|e| format!("{name}: {e}"))?;
    summary.files += 1;
    let mut games_before = 0;
    let mut noted = false;
    let state = std::cell::RefCell::new((summary, emit));
    let result = for_each_chunk(
        Blocks::new(reader, encoding, BLOCK),
        pool,
        |text, lines, bytes| validate_chunk(&name, text, lines, bytes, options),
        |blocks, block, at| -> Result<(), Box<dyn std::error::Error>> {
            let (summary, emit) = &mut *state.borrow_mut();
            if let (false, None, Some(used)) = (noted, encoding, blocks.used) {
                noted = true;
                if used != encoding_rs::UTF_8 {
                    let d = encoding_note(used, blocks.runner_up);
                    summary.count(&d);
                    let first = block.lines().next().unwrap_or("").to_string();
                    emit(&d, &SourceFile::piece(name.clone(), first, at.lines_before, at.bytes))?;
                }
            }
            Ok(())
        },
        |piece| {
            let (summary, emit) = &mut *state.borrow_mut();
            if let Some(source) = &piece.source {
                for d in &piece.diagnostics {
                    let mut d = d.clone();
                    d.game = d.game.map(|g| g + games_before);
                    summary.count(&d);
                    emit(&d, source)?;
                }
            }
            games_before += piece.games;
            summary.games += piece.games;
            summary.invalid += piece.invalid;
            Ok(())
        },
    );
    match result {
        Err(e) => match e.downcast_ref::<std::io::Error>().and_then(|e| e.get_ref()?.downcast_ref::<NotText>()) {
            Some(NotText { at, excerpt }) => {
                let (summary, emit) = &mut *state.borrow_mut();
                let d = binary(*at, excerpt);
                summary.count(&d);
                emit(&d, &SourceFile::new(name.clone(), excerpt.clone()))?;
                Ok(())
            }
            None => Err(e),
        },
        ok => ok,
    }
}

pub fn run(args: &ValidateArgs, color: bool) -> Outcome {
    let encoding = args.input.encoding()?;
    let inputs = args.input.inputs()?;
    let options = Options { strict: args.strict, default_variant: args.input.variant, keep_all: false };
    let mut summary = Summary::default();
    let mut out = std::io::stdout().lock();
    let mut unreadable = false;
    let format = args.format;
    let mut emit = |d: &Diagnostic, source: &SourceFile| -> std::io::Result<()> {
        match format {
            Format::Human => write!(out, "{}", d.render(source, color)),
            Format::Json => writeln!(out, "{}", serde_json::to_string(&d.json(source)).unwrap_or_default()),
        }
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.threads.unwrap_or(0)).build()?;
    for input in &inputs {
        if let Err(e) = validate_input(input, encoding, options, &pool, &mut summary, &mut emit) {
            if super::is_broken_pipe(e.as_ref()) {
                return Err(e);
            }
            eprintln!("pgn100: {e}");
            unreadable = true;
        }
    }
    let valid = summary.games - summary.invalid;
    let by_code: Vec<String> = summary.by_code.iter().map(|(c, n)| format!("{c}: {n}")).collect();
    let line = format!(
        "{} file(s), {} game(s): {valid} valid, {} invalid; {} error(s), {} warning(s){}{}",
        summary.files,
        summary.games,
        summary.invalid,
        summary.errors,
        summary.warnings,
        if summary.notes == 0 { String::new() } else { format!(", {} note(s)", summary.notes) },
        if by_code.is_empty() { String::new() } else { format!(" ({})", by_code.join(", ")) }
    );
    match args.format {
        Format::Human => writeln!(out, "{line}")?,
        Format::Json => eprintln!("{line}"),
    }
    out.flush()?;
    Ok(ExitCode::from(if unreadable {
        2
    } else if summary.invalid > 0 || summary.errors > 0 {
        1
    } else {
        0
    }))
}
