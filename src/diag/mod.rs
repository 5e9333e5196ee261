//! Diagnostics: one code per kind of problem, a span in the decoded text, a
//! message saying what is wrong and help saying what would be right. Only
//! this module and the CLI build reports.

mod source;

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteDiagnostic, Report};
use serde::Serialize;

use crate::notation::ast::Span;

mod escape;
pub use escape::escape;

pub use source::SourceFile;

#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Ord, PartialOrd, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    /// Counted apart: a fact about the file, not a problem of a game.
    Note,
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
    BadTagValue => "bad_tag_value", Error, "a ThronePawn or Files tag whose value is none of its spellings";
    DuplicateTag => "duplicate_tag", Error, "a tag that sets the rules (Variant, FEN, ThronePawn, Files) given twice";
    NagRange => "nag_range", Error, "a NAG above $255";
    StrayText => "stray_text", Warning, "text between games that is not a game";
    Binary => "binary", Error, "not a game file: NUL bytes or control characters (binary data)";
    Encoding => "encoding", Note, "the file is not UTF-8, or changes encoding: the encoding was detected";
    ReadAsChess => "read_as_chess", Note, "a game without a Variant tag that fails as Hundred and replays cleanly as Chess: counted as Chess";
    Undecodable => "undecodable", Warning, "bytes that are no character in the file's encoding (in a tag value or a comment: the moves decide whether the game is valid)";
    BadFen => "bad_fen", Error, "the FEN tag is not a legal position";
    UnknownVariant => "unknown_variant", Error, "the Variant tag names no known variant";
    UnsupportedVariant => "unsupported_variant", Error, "the game's variant is not one this export writes (convert --to)";
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
    KingCaptureRequired => "king_capture_required", Error, "Royal: the enemy king is attacked and must be taken (L1)";
    KingLeftAttacked => "king_left_attacked", Error, "Royal: a side without its prince leaves its king attacked (5.3 L2)";
    CounterCheck => "counter_check", Error, "Royal: a move that leaves both kings attacked (5.3 L3)";
    RestorationNotDue => "restoration_not_due", Error, "Royal: a queen restoration with no right due (no queen of the side taken by the last move)";
    RestorationNoPrincess => "restoration_no_princess", Error, "Royal: a queen restoration without the princess (none on the board, or not on the square written)";
    RestorationLate => "restoration_late", Error, "Royal: a queen restoration a turn late (the right is refused by moving without it)";
    IllegalCastling => "illegal_castling", Error, "a castling that fails one of its conditions (each named in the message)";
    WrongVariantCastling => "wrong_variant_castling", Error, "a castling token of another variant (`0-0` in Hundred; Grand has no castling)";
    CheckMark => "check_mark", Warning, "a check or mate mark the position does not bear out, or a missing one";
    CaptureMark => "capture_mark", Warning, "`:`/`x` on a move that captures nothing, or `-` on a capture";
    MoveNumber => "move_number", Warning, "a move number that does not match the move it stands before";
    ResultMismatch => "result_mismatch", Warning, "the Result tag is no result, or the result token, the Result tag and the board disagree";
    MissingResult => "missing_result", Warning, "a game without a result token";
    BadDiceRoll => "bad_dice_roll", Error, "Dice chess: a dice roll that is not three faces (K Q R B N p, Кр Ф Л С К п, or 1 to 6)";
    MissingDiceRoll => "missing_dice_roll", Error, "Dice chess: a turn's moves with no dice roll before them";
    NoSuchDie => "no_such_die", Error, "Dice chess: a man moves whose type is not among the dice left";
    FourthMove => "fourth_move", Error, "Dice chess: a move after the turn's three dice are spent";
    MoveAfterKingCapture => "move_after_king_capture", Error, "Dice chess: a move or roll after a king was taken";
    TooFewMoves => "too_few_moves", Error, "Dice chess: a turn that spends fewer dice than some sequence of its roll could (the maximum-moves rule)";
    BookPunctuation => "book_punctuation", Warning, "a comma or period after a move, as books and web pages print games (read as the move)";
    GameTooLarge => "game_too_large", Error, "a game larger than the limit (64 MiB, --max-game-size): streamed past, not read; the games after it are";
    TruncatedGame => "truncated_game", Error, "a game cut by damage to its file (a truncated or corrupt compressed file or zip archive): not read; the games before it are";
    NulPadding => "nul_padding", Warning, "NUL bytes after the last game: a pre-allocated or truncated file's padding (ignored)";
    Lookalike => "lookalike", Warning, "a look-alike read as notation (Cyrillic `х` for `:`, `Kр` for `Кр`, `З` for 3, a Latin `K` in a Cyrillic record, …)";
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
        let shown = WithSource::new(self, source);
        Report::new(shown.diagnostic).with_source_code(shown.excerpt)
    }

    /// The miette diagnostic of this one over `source`, and the excerpt of
    /// `source` its span points into.
    fn miette(&self, source: &SourceFile) -> (MietteDiagnostic, source::Excerpt) {
        let severity = match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        };
        // A span longer than a line is shown (and underlined) by its start:
        // a 20 MB token costs an excerpt, not 20 MB of underline.
        let span = source.shown_span(self.span.clone());
        let excerpt = source.excerpt(span.clone());
        let (start, end) = (excerpt.shown_offset(span.start), excerpt.shown_offset(span.end));
        let label = if self.label.is_empty() { None } else { Some(escape(&self.label).into_owned()) };
        let mut d = MietteDiagnostic::new(escape(&self.message))
            .with_code(self.code.to_string())
            .with_severity(severity)
            .with_label(LabeledSpan::new(label, start, end.saturating_sub(start)));
        if let Some(h) = &self.help {
            d = d.with_help(escape(h));
        }
        (d, excerpt)
    }

    /// Renders the diagnostic with its source line and underline.
    pub fn render(&self, source: &SourceFile, color: bool) -> String {
        let shown = WithSource::new(self, source);
        // Texts that fit on their line whatever the indent (miette's width
        // is 200 columns; no text is wider than its bytes) are written as
        // they stand: the line-breaking pass gives the same text, at a
        // quarter of the rendering's time (3 % of a validation of the Sesse
        // broadcasts, with their 1,584 diagnostics).
        let fits = |t: &str| (1..150).contains(&t.len()) && !t.contains(char::is_control) && t.trim() == t;
        let d = &shown.diagnostic;
        let wrap = !(fits(&d.message) && d.help.as_deref().is_none_or(fits));
        render_shown(&shown, color, wrap)
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
            length: source.file_offset(self.span.end).saturating_sub(source.file_offset(self.span.start)),
            game: self.game.map(|g| g + 1),
            ply: self.ply,
        }
    }
}

/// `shown` rendered by miette's graphical handler, its texts broken into
/// lines (`wrap`) or not.
fn render_shown(shown: &WithSource, color: bool, wrap: bool) -> String {
    let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_context_lines(1).with_wrap_lines(wrap);
    let mut out = String::new();
    // Not through a `Report`: making one asks the terminal for its size
    // and colours (14 system calls) on whatever thread renders.
    if handler.render_report(&mut out, shown).is_err() {
        let d = &shown.diagnostic;
        out = format!("{}: {}\n", d.code.as_deref().unwrap_or_default(), d.message);
    }
    out
}

/// A diagnostic with the excerpt it points into, as miette's handlers
/// render it ([`Report::with_source_code`] without the report).
struct WithSource {
    diagnostic: MietteDiagnostic,
    excerpt: source::Excerpt,
}

impl WithSource {
    fn new(d: &Diagnostic, source: &SourceFile) -> WithSource {
        let (diagnostic, excerpt) = d.miette(source);
        WithSource { diagnostic, excerpt }
    }
}

impl fmt::Display for WithSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.diagnostic, f)
    }
}

impl fmt::Debug for WithSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.diagnostic, f)
    }
}

impl std::error::Error for WithSource {}

impl miette::Diagnostic for WithSource {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.diagnostic.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.diagnostic.severity()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.diagnostic.help()
    }
    fn url<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.diagnostic.url()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.diagnostic.labels()
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.excerpt)
    }
}

#[derive(Serialize, Debug, Clone)]
pub struct JsonDiagnostic {
    pub code: String,
    pub severity: Severity,
    pub message: String,
    pub help: Option<String>,
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// Byte offset in the file (as read, before decoding).
    pub offset: usize,
    /// Bytes of the file the problem covers.
    pub length: usize,
    /// The game's number in its file, counted from 1.
    pub game: Option<usize>,
    pub ply: Option<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// A huge span (a 2 MB garbage token) renders in bounded size, its
    /// start shown and underlined, the header at its line and column.
    #[test]
    fn a_huge_span_renders_bounded() {
        let text = format!("[Event \"x\"]\n\n1. e3-e5 {} *\n", "Щ".repeat(1 << 20));
        let file = SourceFile::new("x", text.clone());
        let at = text.find('Щ').expect("Щ");
        let d = Diagnostic::new(Code::Syntax, at..text.len() - 3, "m").label("here");
        let out = d.render(&file, false);
        assert!(out.contains("[x:3:10]"), "{out}");
        assert!(out.len() < 8000, "{} bytes", out.len());
        assert!(out.contains("1. e3-e5 ЩЩЩ"), "{out}");
    }

    /// The texts written without miette's line breaking are the ones it
    /// would leave as they are: the rendering is the same.
    #[test]
    fn texts_that_fit_render_as_broken_into_lines() {
        let text = "[Event \"x\"]\n\n1. e3-e5 Кc2-d4 *\n".to_string();
        let file = SourceFile::new("x", text.clone());
        let at = text.find('К').expect("К");
        let words = ["a", "move", "Кр", "`Кc2-d4`", "", " ", "  ", "ж", "—", "e10=Q,", "pieces"];
        let mut next = crate::testing::numbers(5_u64);
        let (mut unwrapped, mut fit) = (0, 0);
        for _ in 0..3_000 {
            let (mut message, mut help) = (String::new(), String::new());
            for text in [&mut message, &mut help] {
                for _ in 0..next(80) {
                    // Now and then a control character (written escaped).
                    text.push_str(if next(60) == 0 { ["\t", "\n"][next(2)] } else { words[next(words.len())] });
                    text.push(' ');
                }
            }
            // Mostly without white space at the ends.
            let mut end = |t: String| if next(4) == 0 { t } else { t.trim().to_string() };
            let (message, help) = (end(message), end(help));
            let mut d = Diagnostic::new(Code::IllegalMove, at..at + 6, message).label("this move");
            if next(2) == 0 {
                d = d.help(help);
            }
            for color in [false, true] {
                let shown = WithSource::new(&d, &file);
                let out = d.render(&file, color);
                assert_eq!(out, render_shown(&shown, color, true), "{d:?}");
                fit += usize::from(out == render_shown(&shown, color, false));
                unwrapped += usize::from(out != render_shown(&shown, color, false));
            }
        }
        // Some texts were broken into lines, or changed by the breaking;
        // others not.
        assert!(unwrapped > 100 && fit > 1_000, "{unwrapped} {fit}");
    }
}
