//! `pgn100 validate`

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::{Input, InputArgs};
use super::progress::Progress;
use super::Outcome;
use crate::commands::{validate_stream_prepared, StreamCount};
use crate::diag::{Code, Diagnostic, Severity, SourceFile};
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
pgn100 validate --errors-only --summary book.pgn\n  pgn100 validate --max-warnings 3 games.pgn\n  \
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
    /// Print the errors only: warnings and notes are still counted in the last line, and the exit status is the same.
    #[arg(long)]
    pub errors_only: bool,
    /// After the diagnostics, print a table of how many there were of each code and severity, most frequent first (with --format json, on standard error, as the last line is).
    #[arg(long)]
    pub summary: bool,
    /// Print at most N warnings and notes of each code (errors are all printed), then one line for each code saying how many more were not shown (with --format json, on standard error, as the last line is).
    #[arg(long, value_name = "N")]
    pub max_warnings: Option<usize>,
}

/// Which diagnostics are printed (all are counted).
#[derive(Copy, Clone, Debug, Default)]
struct Shown {
    /// Errors only (`--errors-only`).
    errors_only: bool,
    /// At most this many warnings and notes of a code (`--max-warnings`).
    max_warnings: Option<usize>,
}

impl Shown {
    /// Whether a diagnostic of `severity` can be printed at all (those
    /// that cannot are not rendered).
    fn can_show(self, severity: Severity) -> bool {
        severity == Severity::Error || !self.errors_only
    }
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
    /// The diagnostics of each code and severity (for `--summary`).
    by_kind: BTreeMap<(Code, Severity), usize>,
    /// Warnings and notes of each code printed, and not printed for
    /// `--max-warnings`.
    printed: BTreeMap<Code, usize>,
    not_printed: BTreeMap<Code, usize>,
}

impl Summary {
    /// Counts a diagnostic (under `--strict` the library has made every
    /// warning an error).
    /// Whether it is printed, as `shown` says.
    fn count(&mut self, d: &Diagnostic, shown: Shown) -> bool {
        match d.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
        *self.by_code.entry(d.code).or_default() += 1;
        *self.by_kind.entry((d.code, d.severity)).or_default() += 1;
        if d.severity == Severity::Error {
            return true;
        }
        if shown.errors_only {
            return false;
        }
        let printed = self.printed.entry(d.code).or_default();
        if shown.max_warnings.is_some_and(|max| *printed >= max) {
            *self.not_printed.entry(d.code).or_default() += 1;
            return false;
        }
        *printed += 1;
        true
    }

    /// The lines saying how many warnings of each code `--max-warnings`
    /// left out.
    fn not_printed_lines(&self, max: usize) -> String {
        self.not_printed
            .iter()
            .map(|(code, n)| format!("{code}: {n} more not shown (--max-warnings {max})\n"))
            .collect()
    }

    /// The table of `--summary`: each code and severity with its count,
    /// most frequent first, and what the code means.
    fn table(&self) -> String {
        let mut rows: Vec<(&(Code, Severity), &usize)> = self.by_kind.iter().collect();
        rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let width = rows.iter().map(|((code, _), _)| code.to_string().len()).max().unwrap_or(0);
        let mut out = String::from("diagnostics by code:\n");
        for ((code, severity), n) in rows {
            let severity = match severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            };
            out.push_str(&format!("  {n:>7}  {severity:<7}  {:<width$}  {}\n", code.to_string(), code.summary()));
        }
        out
    }
}

/// One file, through the library's [`validate_stream_prepared`]: its
/// diagnostics rendered by the threads that found them, counted and
/// emitted in file order.
#[allow(clippy::too_many_arguments)]
fn validate_input(
    input: &Input,
    encoding: Option<crate::notation::decode::Charset>,
    options: Options,
    pool: &rayon::ThreadPool,
    progress: &Progress,
    summary: &mut Summary,
    shown: Shown,
    render: &(dyn Fn(&Diagnostic, &SourceFile) -> String + Sync),
    emit: &mut dyn FnMut(&Diagnostic, &SourceFile, String) -> std::io::Result<()>,
) -> Result<(), Box<dyn std::error::Error>> {
    let name = input.name();
    let reader = input.open_counted(progress).map_err(|e| input.error(&e))?;
    summary.files += 1;
    // After an error of the reader (a truncated compressed file) the games
    // read before it are counted too.
    let mut count = StreamCount::default();
    let result = validate_stream_prepared(
        &name,
        reader,
        encoding,
        options,
        pool,
        render,
        |d, source, rendered| match summary.count(d, shown) {
            true => emit(d, source, rendered),
            false => Ok(()),
        },
        &mut count,
    );
    summary.games += count.games;
    summary.invalid += count.invalid;
    match result {
        Ok(()) => Ok(()),
        Err(e) if super::is_broken_pipe(&e) => Err(e.into()),
        Err(e) => Err(format!("{name}: {e}").into()),
    }
}

pub fn run(args: &ValidateArgs, color: bool) -> Outcome {
    let encoding = args.input.encoding()?;
    let inputs = args.input.inputs()?;
    let options = Options { strict: args.strict, default_variant: args.input.variant, keep_all: false };
    let mut summary = Summary::default();
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
    let mut unreadable = false;
    let format = args.format;
    let shown = Shown { errors_only: args.errors_only, max_warnings: args.max_warnings };
    // The human form is rendered by the thread that found the diagnostic.
    let render = |d: &Diagnostic, source: &SourceFile| match format {
        Format::Human if shown.can_show(d.severity) => d.render(source, color),
        Format::Human | Format::Json => String::new(),
    };
    let mut emit = |d: &Diagnostic, source: &SourceFile, rendered: String| -> std::io::Result<()> {
        progress.suspend(|| match format {
            Format::Human => out.borrow_mut().write_all(rendered.as_bytes()),
            Format::Json => {
                writeln!(out.borrow_mut(), "{}", serde_json::to_string(&d.json(source)).unwrap_or_default())
            }
        })
    };
    let pool = args.input.pool()?;
    for input in &inputs {
        let result =
            validate_input(input, encoding, options, &pool, &progress, &mut summary, shown, &render, &mut emit);
        if let Err(e) = result {
            if super::is_broken_pipe(e.as_ref()) {
                return Err(e);
            }
            // What was said before the error comes before it.
            out.borrow_mut().flush()?;
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
    // After the diagnostics: the counts left out, the table, the last line.
    let mut end = args.max_warnings.map(|max| summary.not_printed_lines(max)).unwrap_or_default();
    if args.summary {
        end.push_str(&summary.table());
    }
    end.push_str(&line);
    let mut out = out.into_inner();
    match args.format {
        Format::Human => writeln!(out, "{end}")?,
        Format::Json => {
            out.flush()?;
            eprintln!("{end}");
        }
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
