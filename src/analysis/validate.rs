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
        diagnostics.push(
            Diagnostic::new(
                Code::Encoding,
                0..0,
                format!("the file is not UTF-8; read as {}", decoded.encoding.name()),
            )
            .help("pass --encoding to choose another, or save the file as UTF-8"),
        );
    }
    if decoded.had_errors {
        let at = decoded.text.find('\u{fffd}').unwrap_or(0);
        diagnostics.push(
            Diagnostic::new(Code::Undecodable, at..at + '\u{fffd}'.len_utf8(), "bytes that are no character")
                .label("undecodable byte")
                .help("check the file's encoding (--encoding)"),
        );
    }
    let source = SourceFile::new(name, decoded.text);
    let (found, games, invalid) = validate_source(&source, options);
    diagnostics.extend(found);
    FileReport { source, diagnostics, games, invalid }
}

/// Reads every game of a decoded file and replays it: the diagnostics in
/// file order, the number of games, the number of invalid games.
pub fn validate_source(source: &SourceFile, options: Options) -> (Vec<Diagnostic>, usize, usize) {
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
