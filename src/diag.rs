//! Diagnostics: one code per kind of problem, a span in the decoded text, a
//! message saying what is wrong and help saying what would be right. Only
//! this module and the CLI build reports.

use std::fmt;
use std::sync::Arc;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, MietteError, MietteSpanContents, Report,
    SourceCode, SourceSpan, SpanContents,
};
use serde::Serialize;

use crate::notation::ast::Span;

#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Ord, PartialOrd, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Advice,
}

macro_rules! codes {
    ($($variant:ident => $name:literal, $sev:ident, $summary:literal;)*) => {
        /// The stable diagnostic codes (`pgn100::<name>`).
        #[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Ord, PartialOrd)]
        pub enum Code { $($variant,)* }

        impl Code {
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];
            /// The name after `pgn100::`.
            pub fn name(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }
            /// The severity without `--strict`.
            pub fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$sev,)* }
            }
            /// One line on what the code means.
            pub fn summary(self) -> &'static str {
                match self { $(Code::$variant => $summary,)* }
            }
            /// The code for `pgn100::<name>` or `<name>`.
            pub fn from_name(s: &str) -> Option<Code> {
                let s = s.strip_prefix("pgn100::").unwrap_or(s);
                Code::ALL.iter().copied().find(|c| c.name() == s)
            }
        }
    };
}

codes! {
    Syntax => "syntax", Error, "text that is no token of the notation";
    UnterminatedComment => "unterminated_comment", Error, "a `{` comment without its `}`";
    UnterminatedDiceRoll => "unterminated_dice_roll", Error, "a `<` dice roll without its `>`";
    BadTag => "bad_tag", Error, "a tag pair that is not `[Name \"value\"]`";
    NagRange => "nag_range", Error, "a NAG above $255";
    StrayText => "stray_text", Warning, "text between games that is not a game";
    Encoding => "encoding", Advice, "the file is not UTF-8: the encoding was guessed";
    Undecodable => "undecodable", Error, "bytes that are no character in the file's encoding";
    BadFen => "bad_fen", Error, "the FEN tag is not a legal position";
    UnknownVariant => "unknown_variant", Error, "the Variant tag names no known variant";
    UnsupportedVariant => "unsupported_variant", Error, "the variant is known but its rules are not implemented yet";
    UnknownPiece => "unknown_piece", Error, "a piece letter of another variant";
    OffBoard => "off_board", Error, "a square outside the board (file k without [Files \"a-k\"], or j with it)";
    UnbalancedVariation => "unbalanced_variation", Error, "a `(` without `)`, a `)` without `(`, or a variation with no move before it";
    NoMan => "no_man", Error, "long form: the from-square is empty";
    OpponentsMan => "opponents_man", Error, "long form: the man on the from-square belongs to the other side";
    WrongMan => "wrong_man", Error, "long form: the man on the from-square is of another kind";
    IllegalMove => "illegal_move", Error, "the man cannot go there (geometry, blocked, or own king left in check)";
    NoSuchMove => "no_such_move", Error, "short form: no man of that kind can go there";
    AmbiguousMove => "ambiguous_move", Error, "short form: several men of that kind can go there";
    MissingPromotion => "missing_promotion", Error, "a pawn reaches the last rank without a promotion piece";
    ForbiddenPromotion => "forbidden_promotion", Error, "a promotion piece that file does not allow";
    NotAPromotion => "not_a_promotion", Error, "a promotion piece on a move that does not reach the last rank";
    MissingThronePawn => "missing_throne_pawn", Error, "a king reaches the throne without the square of the gained pawn";
    MisplacedThronePawn => "misplaced_throne_pawn", Error, "the gained pawn's square is not an empty square of the pawn rank";
    NoThronePawn => "no_throne_pawn", Error, "a throne-pawn mark on a move that gains no pawn";
    IllegalCastling => "illegal_castling", Error, "a castling that fails a condition of RULES.md 1.4";
    WrongVariantCastling => "wrong_variant_castling", Error, "a castling token of another variant (`0-0` in Hundred)";
    CheckMark => "check_mark", Warning, "a check or mate mark the position does not bear out, or a missing one";
    CaptureMark => "capture_mark", Warning, "`:`/`x` on a move that captures nothing, or `-` on a capture";
    MoveNumber => "move_number", Warning, "a move number that does not match the move it stands before";
    ResultMismatch => "result_mismatch", Warning, "the result token, the Result tag and the board disagree";
    MissingResult => "missing_result", Warning, "a game without a result token";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pgn100::{}", self.name())
    }
}

/// One problem found in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    pub help: Option<String>,
    /// The text the problem is about.
    pub span: Span,
    /// The label under the span.
    pub label: String,
    /// 0-based index of the game in its file.
    pub game: Option<usize>,
    /// 1-based ply of the move (in its line) the problem is about.
    pub ply: Option<u32>,
}

impl Diagnostic {
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.severity(),
            message: message.into(),
            help: None,
            span,
            label: String::new(),
            game: None,
            ply: None,
        }
    }
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }
    pub fn game(mut self, game: usize) -> Diagnostic {
        self.game = Some(game);
        self
    }
    pub fn ply(mut self, ply: u32) -> Diagnostic {
        self.ply = Some(ply);
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The miette report of this diagnostic over `source`.
    pub fn report(&self, source: &SourceFile) -> Report {
        let severity = match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Advice => miette::Severity::Advice,
        };
        let len = self.span.end.saturating_sub(self.span.start);
        let label = if self.label.is_empty() { None } else { Some(self.label.clone()) };
        let mut d = MietteDiagnostic::new(self.message.clone())
            .with_code(self.code.to_string())
            .with_severity(severity)
            .with_label(LabeledSpan::new(label, self.span.start, len));
        if let Some(h) = &self.help {
            d = d.with_help(h.clone());
        }
        Report::new(d).with_source_code(source.excerpt(self.span.clone()))
    }

    /// Renders the diagnostic with its source line and underline.
    pub fn render(&self, source: &SourceFile, color: bool) -> String {
        let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
        let handler = GraphicalReportHandler::new_themed(theme).with_context_lines(1);
        let mut out = String::new();
        let report = self.report(source);
        if handler.render_report(&mut out, report.as_ref()).is_err() {
            out = format!("{}: {}\n", self.code, self.message);
        }
        out
    }

    /// The machine form (`--format json`).
    pub fn json(&self, source: &SourceFile) -> JsonDiagnostic {
        let (line, column) = source.line_col(self.span.start);
        JsonDiagnostic {
            code: self.code.to_string(),
            severity: self.severity,
            message: self.message.clone(),
            help: self.help.clone(),
            file: source.name.clone(),
            line,
            column,
            offset: source.file_offset(self.span.start),
            length: self.span.end.saturating_sub(self.span.start),
            game: self.game.map(|g| g + 1),
            ply: self.ply,
        }
    }
}

#[derive(Serialize, Debug)]
pub struct JsonDiagnostic {
    pub code: String,
    pub severity: Severity,
    pub message: String,
    pub help: Option<String>,
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// Byte offset in the decoded (UTF-8) text.
    pub offset: usize,
    pub length: usize,
    /// The game's number in its file, counted from 1.
    pub game: Option<usize>,
    pub ply: Option<u32>,
}

/// A decoded file (or a piece of one) with a line index, for spans to lines
/// and columns.
pub struct SourceFile {
    pub name: String,
    pub text: Arc<String>,
    line_starts: Vec<usize>,
    /// Every `MARK` bytes of a long line: (offset, columns from the line's
    /// start), so a column costs at most `MARK` bytes to count.
    marks: Vec<(usize, usize)>,
    /// Lines of the file before this piece.
    lines_before: usize,
    /// Bytes of the file before this piece.
    bytes_before: usize,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: String) -> SourceFile {
        SourceFile::piece(name, text, 0, 0)
    }

    /// A piece of a file that starts after `lines_before` lines and
    /// `bytes_before` bytes: lines and offsets are reported as in the file.
    pub fn piece(name: impl Into<String>, text: String, lines_before: usize, bytes_before: usize) -> SourceFile {
        let line_starts: Vec<usize> =
            std::iter::once(0).chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1)).collect();
        let marks = long_line_marks(&text, &line_starts);
        SourceFile { name: name.into(), text: Arc::new(text), line_starts, marks, lines_before, bytes_before }
    }

    /// The lines around `span` (two each side), as miette's source: a report
    /// then costs the excerpt, not the whole file. A long line is cut to
    /// `CLIP` bytes each side of the span, so that many diagnostics on one
    /// long line cost linear time and output.
    fn excerpt(&self, span: Span) -> Excerpt {
        let len = self.text.len();
        let (span_start, span_end) = (span.start.min(len), span.end.min(len));
        let first = self.local_line_col(span_start).0.saturating_sub(3);
        let last = (self.local_line_col(span_end).0 + 2).min(self.line_starts.len());
        let mut start = self.line_starts.get(first).copied().unwrap_or(0);
        let mut end = self.line_starts.get(last).copied().unwrap_or(len).max(span_end).min(len);
        if span_start - start > LONG {
            start = self.floor_boundary(span_start - CLIP);
        }
        if end - span_end > LONG {
            end = self.ceil_boundary(span_end + CLIP);
        }
        let (line, column) = self.local_line_col(start);
        Excerpt {
            name: self.name.clone(),
            text: self.text.get(start..end).unwrap_or_default().to_string(),
            start,
            start_column: column - 1,
            first_line: line - 1 + self.lines_before,
        }
    }

    fn floor_boundary(&self, mut i: usize) -> usize {
        while !self.text.is_char_boundary(i) {
            i -= 1;
        }
        i
    }

    fn ceil_boundary(&self, mut i: usize) -> usize {
        while !self.text.is_char_boundary(i) {
            i += 1;
        }
        i
    }

    /// 1-based line and column of an offset of this piece.
    fn local_line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let line_start = self.line_starts.get(line.saturating_sub(1)).copied().unwrap_or(0);
        // Count from the last mark of this line before the offset, if any.
        let mark = self.marks.partition_point(|&(at, _)| at <= offset);
        let (from, before) = match mark.checked_sub(1).and_then(|m| self.marks.get(m)) {
            Some(&(at, cols)) if at >= line_start => (at, cols),
            _ => (line_start, 0),
        };
        let column = before + self.text.get(from..offset).map_or(offset - from, columns) + 1;
        (line, column)
    }

    /// 1-based line and column (in characters) in the file of a byte offset
    /// of this piece.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let (line, column) = self.local_line_col(offset);
        (line + self.lines_before, column)
    }

    /// The byte offset in the file of an offset of this piece.
    pub fn file_offset(&self, offset: usize) -> usize {
        offset + self.bytes_before
    }
}

/// A line longer than this around a span is cut in a rendered excerpt...
const LONG: usize = 1024;
/// ...to this many bytes each side of the span.
const CLIP: usize = 240;
/// Distance between two marks of a long line.
const MARK: usize = 4096;

/// Marks every `MARK` bytes of every line longer than that.
fn long_line_marks(text: &str, line_starts: &[usize]) -> Vec<(usize, usize)> {
    let mut marks = Vec::new();
    let ends = line_starts.iter().skip(1).copied().chain(std::iter::once(text.len()));
    for (&start, end) in line_starts.iter().zip(ends) {
        let (mut at, mut cols) = (start, 0);
        while end - at > MARK {
            let mut next = at + MARK;
            while !text.is_char_boundary(next) {
                next += 1;
            }
            cols += text.get(at..next).map_or(0, columns);
            marks.push((next, cols));
            at = next;
        }
    }
    marks
}

/// A window of a source file (a copy of it) that reports positions as in
/// the whole file.
struct Excerpt {
    name: String,
    text: String,
    /// Offset of the window in the piece.
    start: usize,
    /// Columns before the window on its first line (when a long line is cut).
    start_column: usize,
    /// 0-based line number of the window's first line.
    first_line: usize,
}

/// The columns a text takes: its characters, a BOM not counted.
fn columns(text: &str) -> usize {
    text.chars().filter(|&c| c != '\u{feff}').count()
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let window = self.text.as_str();
        let offset = span.offset().checked_sub(self.start).ok_or(MietteError::OutOfBounds)?;
        let local = SourceSpan::new(offset.into(), span.len());
        let c = window.read_span(&local, context_lines_before, context_lines_after)?;
        let local_start = c.span().offset();
        let absolute = SourceSpan::new((local_start + self.start).into(), c.span().len());
        // miette counts columns in bytes; ours count characters (as the
        // JSON form does), a BOM not included.
        let before = window.get(..local_start).unwrap_or_default();
        let column = match before.rfind('\n') {
            Some(nl) => before.get(nl + 1..).map_or(0, columns),
            None => self.start_column + columns(before),
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            c.data(),
            absolute,
            c.line() + self.first_line,
            column,
            c.line_count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Columns through the marks of long lines are the characters counted
    /// from the line's start.
    #[test]
    fn columns_on_long_lines_count_characters() {
        let line = "1. Кc2-d4 Кре9-е7 {жёлтый} ".repeat(2000);
        let text = format!("[Event \"x\"]\n\n{line}\n{line}\n*\n");
        let file = SourceFile::new("x", text.clone());
        assert!(file.marks.len() > 10);
        for offset in (0..text.len()).step_by(997).filter(|&i| text.is_char_boundary(i)) {
            let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
            let line = text[..offset].matches('\n').count() + 1;
            assert_eq!(file.line_col(offset), (line, text[line_start..offset].chars().count() + 1), "{offset}");
        }
    }

    /// A diagnostic far into a long line renders a cut line with the right
    /// header.
    #[test]
    fn long_lines_are_cut_around_the_span() {
        let text = format!("{}Кc2-d4 {}\n", "ж".repeat(5000), "x".repeat(5000));
        let file = SourceFile::new("x", text.clone());
        let at = text.find('К').expect("К");
        let d = Diagnostic::new(Code::IllegalMove, at..at + "Кc2-d4".len(), "m").label("here");
        let out = d.render(&file, false);
        assert!(out.contains("[x:1:5001]"), "{out}");
        assert!(out.len() < 4000, "{} bytes", out.len());
        assert!(out.contains("Кc2-d4"));
    }
}
