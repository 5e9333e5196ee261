//! `pgn100 validate`

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::{Input, InputArgs};
use super::progress::Progress;
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
    /// Count warnings (marks, move numbers, results, text that is not a game) as errors, and an input without games as an error.
    #[arg(long)]
    pub strict: bool,
}

#[derive(Default)]
struct Summary {
    strict: bool,
    files: usize,
    games: usize,
    invalid: usize,
    errors: usize,
    warnings: usize,
    notes: usize,
    by_code: BTreeMap<Code, usize>,
}

impl Summary {
    /// Counts a diagnostic; under `--strict` a warning that the replay did
    /// not judge (text between games) becomes an error here.
    fn count(&mut self, d: &mut Diagnostic) {
        if self.strict && d.severity == Severity::Warning {
            d.severity = Severity::Error;
        }
        match d.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
        *self.by_code.entry(d.code).or_default() += 1;
    }
}

/// One file, read in bounded blocks; the chunks of a block are validated in
/// parallel and reported in file order. Binary data is one `binary` error.
fn validate_input(
    input: &Input,
    encoding: Option<&'static encoding_rs::Encoding>,
    options: Options,
    pool: &rayon::ThreadPool,
    progress: &Progress,
    summary: &mut Summary,
    emit: &mut dyn FnMut(&Diagnostic, &SourceFile) -> std::io::Result<()>,
) -> Result<(), Box<dyn std::error::Error>> {
    let name = input.name();
    let reader = input.open_counted(progress).map_err(|e| input.error(&e))?;
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
                    let mut d = encoding_note(used, blocks.runner_up);
                    summary.count(&mut d);
                    let first = block.lines().next().unwrap_or("").to_string();
                    emit(&d, &SourceFile::chunk(name.clone(), first, at.lines_before, at.bytes))?;
                }
            }
            Ok(())
        },
        |chunk| {
            let (summary, emit) = &mut *state.borrow_mut();
            if let Some(source) = &chunk.source {
                for d in &chunk.diagnostics {
                    let mut d = d.clone();
                    d.game = d.game.map(|g| g + games_before);
                    summary.count(&mut d);
                    emit(&d, source)?;
                }
            }
            games_before += chunk.games;
            summary.games += chunk.games;
            summary.invalid += chunk.invalid;
            Ok(())
        },
    );
    match result {
        Err(e) => match e.downcast_ref::<std::io::Error>().and_then(|e| e.get_ref()?.downcast_ref::<NotText>()) {
            Some(NotText { at, excerpt }) => {
                let (summary, emit) = &mut *state.borrow_mut();
                let mut d = binary(*at, excerpt);
                summary.count(&mut d);
                emit(&d, &SourceFile::new(name.clone(), excerpt.clone()))?;
                Ok(())
            }
            None if super::is_broken_pipe(e.as_ref()) => Err(e),
            None => Err(format!("{name}: {e}").into()),
        },
        ok => ok,
    }
}

pub fn run(args: &ValidateArgs, color: bool) -> Outcome {
    let encoding = args.input.encoding()?;
    let inputs = args.input.inputs()?;
    let options = Options { strict: args.strict, default_variant: args.input.variant, keep_all: false };
    let mut summary = Summary { strict: args.strict, ..Summary::default() };
    let progress = Progress::new(&inputs);
    let mut out = std::io::stdout().lock();
    let mut unreadable = false;
    let format = args.format;
    let mut emit = |d: &Diagnostic, source: &SourceFile| -> std::io::Result<()> {
        progress.suspend(|| match format {
            Format::Human => write!(out, "{}", d.render(source, color)),
            Format::Json => writeln!(out, "{}", serde_json::to_string(&d.json(source)).unwrap_or_default()),
        })
    };
    let pool = args.input.pool()?;
    for input in &inputs {
        if let Err(e) = validate_input(input, encoding, options, &pool, &progress, &mut summary, &mut emit) {
            if super::is_broken_pipe(e.as_ref()) {
                return Err(e);
            }
            progress.suspend(|| eprintln!("pgn100: {e}"));
            unreadable = true;
        }
    }
    progress.finish();
    // Nothing to validate is said, and is an error under --strict.
    let nothing = summary.games == 0 && !unreadable;
    if nothing && args.strict {
        summary.errors += 1;
    }
    let valid = summary.games - summary.invalid;
    let by_code: Vec<String> = summary.by_code.iter().map(|(c, n)| format!("{c}: {n}")).collect();
    let line = format!(
        "{} file(s), {} game(s): {}{valid} valid, {} invalid; {} error(s), {} warning(s){}{}",
        summary.files,
        summary.games,
        if nothing { "no games found; " } else { "" },
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
