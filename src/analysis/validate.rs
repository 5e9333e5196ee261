//! Validation of a whole file: every game read and replayed, syntax errors,
//! text between games, all as diagnostics in file order.

use super::replay::{replay, Options};
use crate::diag::{Code, Diagnostic, SourceFile};
use crate::notation::decode::decode;
use crate::notation::{Item, Reader, SyntaxErrorKind};

/// What validating one file found.
pub struct FileReport {
    pub source: SourceFile,
    pub diagnostics: Vec<Diagnostic>,
    pub games: usize,
    pub invalid: usize,
}

/// The diagnostic for a file read in a guessed legacy encoding.
pub fn encoding_advice(encoding: &'static encoding_rs::Encoding) -> Diagnostic {
    Diagnostic::new(Code::Encoding, 0..0, format!("the file is not UTF-8; read as {}", encoding.name()))
        .help("pass --encoding to choose another, or save the file as UTF-8")
}

/// The diagnostic for the first undecodable byte (now U+FFFD) at `at`.
pub fn undecodable(at: usize) -> Diagnostic {
    Diagnostic::new(Code::Undecodable, at..at + '\u{fffd}'.len_utf8(), "bytes that are no character")
        .label("undecodable byte")
        .help("check the file's encoding (--encoding)")
}

/// What validating a piece of a file (whole games) found; the piece's text
/// is kept only when there is something to show in it.
pub struct PieceReport {
    pub source: Option<SourceFile>,
    pub diagnostics: Vec<Diagnostic>,
    pub games: usize,
    pub invalid: usize,
}

/// Validates a piece of a file that starts after `lines_before` lines and
/// `bytes_before` bytes; game indexes count from 0 within the piece.
pub fn validate_piece(
    name: &str,
    text: &str,
    lines_before: usize,
    bytes_before: usize,
    options: Options,
) -> PieceReport {
    let (diagnostics, games, invalid) = validate_text(text, options);
    let source =
        (!diagnostics.is_empty()).then(|| SourceFile::piece(name, text.to_string(), lines_before, bytes_before));
    PieceReport { source, diagnostics, games, invalid }
}

/// Decodes `bytes` (detecting the encoding unless `encoding` names one) and
/// validates every game; the encoding is reported when it is not UTF-8.
pub fn validate_bytes(
    name: &str,
    bytes: &[u8],
    encoding: Option<&'static encoding_rs::Encoding>,
    options: Options,
) -> FileReport {
    let decoded = decode(bytes, encoding);
    let mut diagnostics = Vec::new();
    if decoded.guessed && decoded.encoding != encoding_rs::UTF_8 {
        diagnostics.push(encoding_advice(decoded.encoding));
    }
    if decoded.had_errors {
        diagnostics.push(undecodable(decoded.text.find('\u{fffd}').unwrap_or(0)));
    }
    let source = SourceFile::new(name, decoded.text);
    let (found, games, invalid) = validate_source(&source, options);
    diagnostics.extend(found);
    FileReport { source, diagnostics, games, invalid }
}

/// Reads every game of a decoded file and replays it: the diagnostics in
/// file order, the number of games, the number of invalid games.
pub fn validate_source(source: &SourceFile, options: Options) -> (Vec<Diagnostic>, usize, usize) {
    validate_text(&source.text, options)
}

/// [`validate_source`] on bare text.
pub fn validate_text(text: &str, options: Options) -> (Vec<Diagnostic>, usize, usize) {
    let mut out = Vec::new();
    let (mut games, mut invalid) = (0, 0);
    for item in Reader::new(text) {
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
                        "a move looks like Кg1-f3, Nf3, e2-e4, e4, 0-0-0 or 1; man pgn100 describes the notation",
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
