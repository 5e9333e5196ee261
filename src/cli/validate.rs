//! `pgn100 validate`

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::InputArgs;
use super::progress::Progress;
use super::Outcome;
use crate::commands::validate::validate_inputs;
use crate::diag::{Code, Diagnostic, Severity, SourceFile};
use crate::input::driver::Damage;
use crate::replay::Options;

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
    files: usize,
    games: usize,
    invalid: usize,
    errors: usize,
    warnings: usize,
    notes: usize,
    by_code: BTreeMap<Code, usize>,
}

impl Summary {
    /// Counts a diagnostic (under `--strict` the library has made every
    /// warning an error).
    fn count(&mut self, d: &Diagnostic) {
        match d.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
        *self.by_code.entry(d.code).or_default() += 1;
    }
}

pub fn run(args: &ValidateArgs, color: bool) -> Outcome {
    let config = args.input.config()?;
    let inputs = args.input.inputs()?;
    let options = Options { strict: args.strict, default_variant: args.input.variant, keep_all: false };
    let progress = Progress::new(&inputs);
    let stdout = std::io::stdout();
    // Written in large pieces unless a person reads it as it comes (the
    // line-buffered standard output writes each diagnostic apart).
    let out: Box<dyn Write> = if stdout.is_terminal() {
        Box::new(stdout.lock())
    } else {
        Box::new(std::io::BufWriter::with_capacity(64 << 10, stdout.lock()))
    };
    let out = std::cell::RefCell::new(out);
    let format = args.format;
    // The human form is rendered by the thread that found the diagnostic.
    let render = |d: &Diagnostic, source: &SourceFile| match format {
        Format::Human => d.render(source, color),
        Format::Json => String::new(),
    };
    let counted = std::cell::RefCell::new(Summary::default());
    let emit = |d: &Diagnostic, source: &SourceFile, rendered: String| -> std::io::Result<()> {
        counted.borrow_mut().count(d);
        progress.suspend(|| match format {
            Format::Human => out.borrow_mut().write_all(rendered.as_bytes()),
            Format::Json => {
                writeln!(out.borrow_mut(), "{}", serde_json::to_string(&d.json(source)).unwrap_or_default())
            }
        })
    };
    // A damaged input: what was said before it comes before it.
    let damage = |d: &Damage| -> std::io::Result<()> {
        out.borrow_mut().flush()?;
        progress.suspend(|| eprintln!("pgn100: {d}"));
        Ok(())
    };
    let pool = args.input.pool()?;
    let validated = validate_inputs(&inputs, &config, options, &pool, &progress, render, emit, damage)?;
    let mut summary = counted.into_inner();
    summary.files += validated.run.opened;
    summary.games += validated.games;
    summary.invalid += validated.invalid;
    let unreadable = validated.run.damaged > 0;
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
    let mut out = out.into_inner();
    match args.format {
        Format::Human => writeln!(out, "{line}")?,
        Format::Json => {
            out.flush()?;
            eprintln!("{line}");
        }
    }
    out.flush()?;
    super::report_run(&validated.run);
    Ok(ExitCode::from(validated.run.exit(u8::from(summary.invalid > 0 || summary.errors > 0))))
}
