//! `pgn100 validate`

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::{expand, parse_encoding};
use super::Outcome;
use crate::analysis::{validate_bytes, Options};
use crate::diag::{Code, Diagnostic, Severity};
use crate::rules::Variant;

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
    /// Files or directories (walked for *.pgn and *.txt); `-` or nothing for standard input.
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub format: Format,
    /// Count warnings (marks, move numbers, results) as errors.
    #[arg(long)]
    pub strict: bool,
    /// Read the files in this encoding instead of detecting it (utf-8, windows-1251, koi8-r, cp866).
    #[arg(long)]
    pub encoding: Option<String>,
    /// The variant of games without a Variant tag.
    #[arg(long)]
    pub variant: Option<Variant>,
}

#[derive(Default)]
struct Summary {
    files: usize,
    games: usize,
    invalid: usize,
    errors: usize,
    warnings: usize,
    by_code: BTreeMap<Code, usize>,
}

impl Summary {
    fn count(&mut self, d: &Diagnostic) {
        match d.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Advice => {}
        }
        *self.by_code.entry(d.code).or_default() += 1;
    }
}

pub fn run(args: &ValidateArgs, color: bool) -> Outcome {
    let encoding = args.encoding.as_deref().map(parse_encoding).transpose()?;
    let inputs = expand(&args.paths)?;
    let options = Options { strict: args.strict, default_variant: args.variant, keep_all: false };
    let mut summary = Summary::default();
    let mut out = std::io::stdout().lock();
    let mut unreadable = false;
    for input in &inputs {
        let bytes = match input.read() {
            Ok(b) => b,
            Err(e) => {
                eprintln!("pgn100: {}: {e}", input.name());
                unreadable = true;
                continue;
            }
        };
        summary.files += 1;
        let report = validate_bytes(&input.name(), &bytes, encoding, options);
        summary.games += report.games;
        summary.invalid += report.invalid;
        let (source, diags) = (report.source, report.diagnostics);
        for d in &diags {
            summary.count(d);
            match args.format {
                Format::Human => write!(out, "{}", d.render(&source, color))?,
                Format::Json => writeln!(out, "{}", serde_json::to_string(&d.json(&source))?)?,
            }
        }
    }
    let valid = summary.games - summary.invalid;
    let by_code: Vec<String> = summary.by_code.iter().map(|(c, n)| format!("{c}: {n}")).collect();
    let line = format!(
        "{} file(s), {} game(s): {valid} valid, {} invalid; {} error(s), {} warning(s){}",
        summary.files,
        summary.games,
        summary.invalid,
        summary.errors,
        summary.warnings,
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
