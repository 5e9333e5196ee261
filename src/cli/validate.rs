//! `pgn100 validate`

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::input::{expand, load, parse_encoding};
use crate::analysis::{replay, Options};
use crate::diag::{Code, Diagnostic, Severity, SourceFile};
use crate::notation::{Item, Reader, SyntaxErrorKind};
use crate::rules::Variant;

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Diagnostics with the source line underlined.
    Human,
    /// One JSON object per diagnostic, one per line.
    Json,
}

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
pub enum Color {
    Auto,
    Always,
    Never,
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
    /// Colour the output: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: Color,
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

/// The diagnostics of one file: all games, in order.
pub fn check_file(source: &SourceFile, options: Options) -> (Vec<Diagnostic>, usize, usize) {
    let mut out = Vec::new();
    let (mut games, mut invalid) = (0, 0);
    for item in Reader::new(&source.text) {
        match item {
            Item::Game(record) => {
                let report = replay(&record, games, options);
                invalid += usize::from(!report.is_valid());
                out.extend(report.diagnostics);
                games += 1;
            }
            Item::Broken(_, e) => {
                let (code, message, help) = match e.kind {
                    SyntaxErrorKind::UnknownToken => (
                        Code::Syntax,
                        "this is no move, number, comment or result",
                        "a move looks like Кg1-f3, Nf3, e2-e4, e4, 0-0-0 or 1; see grammar/pgn100.ebnf",
                    ),
                    SyntaxErrorKind::UnterminatedComment => {
                        (Code::UnterminatedComment, "the comment is never closed", "close it with `}`")
                    }
                    SyntaxErrorKind::UnterminatedDiceRoll => {
                        (Code::UnterminatedDiceRoll, "the dice roll is never closed", "close it with `>`")
                    }
                    SyntaxErrorKind::BadTag => {
                        (Code::BadTag, "this tag pair is malformed", "write [Name \"value\"] on one line")
                    }
                    SyntaxErrorKind::NagOutOfRange => {
                        (Code::NagRange, "NAGs go from $0 to $255", "use a NAG from $0 to $255")
                    }
                };
                let mut span = e.span;
                if code == Code::UnterminatedComment || code == Code::UnterminatedDiceRoll {
                    span = span.start..span.start + 1;
                }
                out.push(Diagnostic::new(code, span, message).label("here").help(help).game(games));
                invalid += 1;
                games += 1;
            }
            Item::Stray(span) => out.push(
                Diagnostic::new(Code::StrayText, span, "text between games that is not a game")
                    .label("not a game")
                    .help("make it a comment `{ ... }` inside a game, or remove it"),
            ),
        }
    }
    (out, games, invalid)
}

pub fn run(args: &ValidateArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let encoding = args.encoding.as_deref().map(parse_encoding).transpose()?;
    let inputs = expand(&args.paths)?;
    let color = match args.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    let options = Options { strict: args.strict, default_variant: args.variant };
    let mut summary = Summary::default();
    let mut out = std::io::stdout().lock();
    let mut unreadable = false;
    for input in &inputs {
        let (source, decoded) = match load(input, encoding) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("pgn100: {}: {e}", input.name());
                unreadable = true;
                continue;
            }
        };
        summary.files += 1;
        let mut diags = Vec::new();
        if decoded.guessed {
            diags.push(
                Diagnostic::new(
                    Code::Encoding,
                    0..0,
                    format!("the file is not UTF-8; read as {}", decoded.encoding.name()),
                )
                .help("pass --encoding to choose another, or save the file as UTF-8"),
            );
        }
        if decoded.had_errors {
            let at = source.text.find('\u{fffd}').unwrap_or(0);
            diags.push(
                Diagnostic::new(Code::Undecodable, at..at + '\u{fffd}'.len_utf8(), "bytes that are no character")
                    .label("undecodable byte")
                    .help("check the file's encoding (--encoding)"),
            );
        }
        let (found, games, invalid) = check_file(&source, options);
        diags.extend(found);
        summary.games += games;
        summary.invalid += invalid;
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
