//! The syntax tree of a game record: tags and a flat list of movetext
//! tokens, each with its byte span in the decoded text. Variations are the
//! tokens `(` and `)`, so nesting costs no stack.

use std::ops::Range;

/// Byte offsets into the decoded text of a file.
pub type Span = Range<usize>;

/// A man as the notation names it (before a variant gives it a meaning).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Man {
    King,
    Queen,
    /// Hundred's prince (`П`, Latin `P`).
    Prince,
    Rook,
    Bishop,
    Knight,
    /// Written `p` (Latin pawns take no letter, `p` is accepted).
    Pawn,
    /// Grand's marshal (`М`, `M` or `C`).
    Marshal,
    /// Grand's cardinal (`Кд`, `A`).
    Cardinal,
    /// Royal's prince (`Пр`, `T`).
    RoyalPrince,
    /// Royal's princess (`Пс`, `S`).
    Princess,
}

/// Which alphabet a piece letter was written in.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Script {
    Latin,
    Cyrillic,
}

/// A square as written: file index (`a` = 0 .. `k` = 10) and rank (0 = 1).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct SquareText {
    pub file: u8,
    pub rank: u8,
}

/// Mark written at the end of a move.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum CheckMark {
    /// `+`
    Check,
    /// `++`
    DoubleCheck,
    /// `#` or `×`
    Mate,
}

/// A move annotation glyph written on the move.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Glyph {
    Good,
    Mistake,
    Brilliant,
    Blunder,
    Interesting,
    Dubious,
}

impl Glyph {
    /// The NAG of PGN that says the same (`!` is `$1`, `?!` is `$6`).
    pub fn nag(self) -> u8 {
        match self {
            Glyph::Good => 1,
            Glyph::Mistake => 2,
            Glyph::Brilliant => 3,
            Glyph::Blunder => 4,
            Glyph::Interesting => 5,
            Glyph::Dubious => 6,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }
}

/// How a promotion piece was written: `e10Q`, `e10=Q`, `e10/Q`, `e10(Q)`.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub enum PromotionForm {
    #[default]
    Bare,
    Equals,
    Slash,
    Parens,
}

impl PromotionForm {
    /// Writes `piece` (a promotion letter) in this form.
    pub fn write(self, piece: &str, out: &mut String) {
        match self {
            PromotionForm::Bare => out.push_str(piece),
            PromotionForm::Equals => {
                out.push('=');
                out.push_str(piece);
            }
            PromotionForm::Slash => {
                out.push('/');
                out.push_str(piece);
            }
            PromotionForm::Parens => {
                out.push('(');
                out.push_str(piece);
                out.push(')');
            }
        }
    }
}

/// A move of a man (not castling), long or short.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct ManMove {
    /// `None`: a pawn written without a letter.
    pub man: Option<Man>,
    /// The script of the move's letters: the mover's, or the promotion
    /// letter's when no mover is written (`e9-e10Ф`).
    pub script: Option<Script>,
    /// From-square file and rank, as far as written.
    pub from_file: Option<u8>,
    pub from_rank: Option<u8>,
    /// `-` was written between the squares (long form).
    pub dash: bool,
    /// `:`, `x` or `×` was written before the target.
    pub capture: Option<char>,
    pub to: SquareText,
    pub promotion: Option<Man>,
    /// How the promotion was written (`Bare` when there is none).
    pub promotion_form: PromotionForm,
    /// The throne-pawn mark `; e3` (or `, e3`).
    pub throne: Option<SquareText>,
    /// A pawn's capture written by its files alone (`de`, `d:e`, as Russian
    /// books print it): `to.rank` is not written (it is 0) and `from_file`
    /// is the pawn's file.
    pub file_capture: bool,
}

/// What the replay asks of a record's moves before replaying any: the files
/// written, whether a piece letter is Cyrillic and whether a variation is
/// opened. The reader gathers it as it reads ([`GameRecord::move_marks`]).
#[derive(Copy, Clone, Default, Eq, PartialEq, Debug)]
pub struct MoveMarks {
    /// The files written (to, from and throne squares), bit `f` for file
    /// `f` (0 to 10).
    pub files: u16,
    /// A piece letter (not a pawn's) or promotion letter is Cyrillic.
    pub cyrillic: bool,
    /// A piece letter or promotion letter is Latin (the reader then looks
    /// for Latin look-alikes: `LookAlikes::LATIN_LETTER`).
    pub latin: bool,
    /// A `(` is among the tokens: without one the replay never keeps the
    /// position before a move for a variation to start from.
    pub variations: bool,
    /// A `;` comment, a `%` escape line or a dice roll is among the
    /// tokens: the movetext's line breaks carry meaning.
    pub lines: bool,
}

impl MoveMarks {
    /// Adds the marks of one move.
    #[inline]
    pub fn add(&mut self, m: &ManMove) {
        let bit = |f: u8| 1u16.checked_shl(u32::from(f)).unwrap_or(0);
        self.files |= bit(m.to.file) | m.from_file.map_or(0, bit) | m.throne.map_or(0, |s| bit(s.file));
        self.cyrillic |= m.letters() == Some(Script::Cyrillic);
        self.latin |= m.letters() == Some(Script::Latin);
    }

    /// Adds the marks of one token.
    #[inline]
    pub fn add_token(&mut self, kind: &TokenKind) {
        match kind {
            TokenKind::Move { text: MoveText::Man(m), .. } => self.add(m),
            TokenKind::VariationStart => self.variations = true,
            TokenKind::LineComment | TokenKind::Escape | TokenKind::DiceRoll(_) => self.lines = true,
            _ => {}
        }
    }

    /// The marks of the moves among `tokens`.
    pub fn of(tokens: &[Token]) -> MoveMarks {
        let mut marks = MoveMarks::default();
        for t in tokens {
            marks.add_token(&t.kind);
        }
        marks
    }
}

impl ManMove {
    /// Whether the from-square was written in full (long form).
    pub fn is_long(&self) -> bool {
        self.from_file.is_some() && self.from_rank.is_some()
    }

    /// The script of the letters the writers keep: a piece letter's (not a
    /// pawn's `p`, which they drop) or a promotion letter's; `None` for a
    /// move written without them (`e4`, `pe4`, `p:g5`), whose letters are
    /// the record's.
    pub fn letters(&self) -> Option<Script> {
        self.script.filter(|_| self.man != Some(Man::Pawn) || self.promotion.is_some())
    }
}

/// What a move token says.
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum MoveText {
    Man(ManMove),
    /// `0-0`, `0-0-0`, `0-0-0-0`: the number of zeros.
    Zeros(u8),
    /// `1`, `1-1`: the number of ones (Hundred's second stage).
    Ones(u8),
    /// `--` (or `Z0`): a null move, as ChessBase and pgn-extract write it.
    Null,
    /// Royal's queen restoration `Пс=Ф` (`S=Q`, square optional:
    /// `Псd10=Ф`), written before the move of the same ply: not a move.
    Restoration {
        square: Option<SquareText>,
    },
}

/// How the faces of a dice roll are written (docs/notation.md): `<p N B>`,
/// Cyrillic letters, or the faces' numbers `<1 2 3>`.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum RollForm {
    Latin,
    Cyrillic,
    Digits,
}

/// A dice roll as written: three faces, as men (the digits 1 to 6 read as
/// pawn, knight, bishop, rook, queen, king), in the order written.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Roll {
    pub faces: [Man; 3],
    pub form: RollForm,
}

/// The result of a game as written.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, serde::Serialize)]
pub enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
    Unknown,
}

impl Outcome {
    /// The outcome a result written in any form names (a Result tag's value
    /// or a result token): PGN's, `½-½`, the Russian `1:0`, `0:1`, `½:½`,
    /// and a bare `1/2` for a draw; white space around it is ignored.
    pub fn from_text(text: &str) -> Option<Outcome> {
        match text.trim() {
            "1-0" | "1:0" => Some(Outcome::WhiteWins),
            "0-1" | "0:1" => Some(Outcome::BlackWins),
            "1/2-1/2" | "½-½" | "½:½" | "1/2" => Some(Outcome::Draw),
            "*" => Some(Outcome::Unknown),
            _ => None,
        }
    }

    /// The PGN form: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
        }
    }
}

/// One element of the movetext.
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum TokenKind {
    /// `12.`, `12...`, `12…`
    MoveNumber {
        number: u32,
        black: bool,
    },
    Move {
        text: MoveText,
        check: Option<CheckMark>,
        glyph: Option<Glyph>,
    },
    /// `$12`
    Nag(u8),
    /// A glyph standing alone.
    Glyph(Glyph),
    /// `{ ... }`
    Comment,
    /// `; ...` to the end of the line.
    LineComment,
    /// `%` at the start of a line, to its end.
    Escape,
    /// `(`
    VariationStart,
    /// `)`
    VariationEnd,
    /// `<p N B>`: a dice roll, with its faces when its text is a roll
    /// (`None`: some other text between `<` and `>`).
    DiceRoll(Option<Roll>),
    Result(Outcome),
}

#[derive(Clone, Eq, PartialEq, Debug)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

#[derive(Clone, Eq, PartialEq, Debug)]
pub struct Tag {
    pub name: String,
    /// The value with PGN escapes resolved.
    pub value: String,
    pub span: Span,
    pub value_span: Span,
}

/// Forms people type by mistake that the reader accepts (docs/notation.md
/// "Look-alikes"), one bit each.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct LookAlikes(pub u16);

impl LookAlikes {
    pub const NONE: LookAlikes = LookAlikes(0);
    /// Cyrillic `х` for the capture mark.
    pub const CYRILLIC_CAPTURE: LookAlikes = LookAlikes(1);
    /// Cyrillic `О`/`о` for the zeros of castling.
    pub const CYRILLIC_ZERO: LookAlikes = LookAlikes(1 << 1);
    /// `Кp`, `КР`, `кр`, `Kр`, `Kp` for the king `Кр`.
    pub const KING_LETTERS: LookAlikes = LookAlikes(1 << 2);
    // (1 << 3) was the dash look-alike: every dash is now read as `-`
    // without a warning (grammar/README.md).
    /// A capital file letter (`E3`).
    pub const CAPITAL_FILE: LookAlikes = LookAlikes(1 << 4);
    /// An `e.p.` suffix.
    pub const EN_PASSANT: LookAlikes = LookAlikes(1 << 5);
    /// `1. ...` (an ellipsis apart from its number).
    pub const SPACED_ELLIPSIS: LookAlikes = LookAlikes(1 << 6);
    /// `1)` for a move number.
    pub const PAREN_NUMBER: LookAlikes = LookAlikes(1 << 7);
    /// `Крf8-f9 ; e3` (white space before the throne mark).
    pub const SPACED_THRONE: LookAlikes = LookAlikes(1 << 8);
    /// Cyrillic `З` for the digit 3 of a rank (`КbЗ-с5`, scanned books).
    pub const CYRILLIC_DIGIT: LookAlikes = LookAlikes(1 << 9);
    /// A lower-case `к` for the knight `К`.
    pub const SMALL_KNIGHT: LookAlikes = LookAlikes(1 << 10);
    /// A comma or period after a move (`e7-e5,`, `Фg6-h6.`), as books and
    /// web pages print a game: a warning of its own (`book_punctuation`).
    pub const BOOK_PUNCTUATION: LookAlikes = LookAlikes(1 << 11);
    /// A Latin `K` or `C` as the mover's letter of a record written in
    /// Cyrillic letters (every other piece letter Cyrillic), or of an
    /// all-Latin record whose letters are only `K` and `C` (Russian
    /// notation typed on a Latin keyboard), read as the Cyrillic `К`
    /// (knight) or `С` (bishop) it looks like.
    pub const LATIN_LETTER: LookAlikes = LookAlikes(1 << 12);

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn contains(self, other: LookAlikes) -> bool {
        self.0 & other.0 == other.0 && !other.is_empty()
    }
}

impl std::ops::BitOr for LookAlikes {
    type Output = LookAlikes;
    fn bitor(self, rhs: LookAlikes) -> LookAlikes {
        LookAlikes(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for LookAlikes {
    fn bitor_assign(&mut self, rhs: LookAlikes) {
        self.0 |= rhs.0;
    }
}

/// A token written with look-alikes: accepted, and reported as a warning
/// (`replay::notes`); [`super::lookalike`] names them and gives the right form.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct ReadNote {
    /// The token's span.
    pub span: Span,
    pub read: LookAlikes,
    /// The token as it should be written.
    pub right: String,
}

/// What went wrong in the syntax of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxErrorKind {
    /// Text that is no token of the grammar.
    UnknownToken,
    /// `{` without its `}`.
    UnterminatedComment,
    /// `<` without its `>`.
    UnterminatedDiceRoll,
    /// A tag pair that does not follow `[Name "value"]`.
    BadTag,
    /// `$` with a number above 255.
    NagOutOfRange,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub kind: SyntaxErrorKind,
    pub span: Span,
}

/// A syntax error in a game's movetext, kept in its record
/// ([`GameRecord::faults`]): the replay plays the moves read around it and
/// reports it, so the moves before it are not lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxFault {
    pub error: SyntaxError,
    /// The message and help of a known typo (`Кр f2-g3`), found by the
    /// reader, which has the text ([`super::typo::explain`]).
    pub typo: Option<(String, String)>,
    /// The error stood inside a variation, whose rest the reader skipped,
    /// reading on after its `)`: the main line is whole. Otherwise reading
    /// of the game stopped at the error (the last fault).
    pub in_variation: bool,
}

/// One game record.
#[derive(Clone, Eq, PartialEq, Debug, Default)]
pub struct GameRecord {
    pub tags: Vec<Tag>,
    pub tokens: Vec<Token>,
    /// Tokens written with look-alikes, in text order.
    pub notes: Vec<ReadNote>,
    /// From the first tag (or token) to the end of the result.
    pub span: Span,
    /// The syntax errors of the movetext, in text order: the tokens are
    /// those read around them (empty for a game read whole).
    pub faults: Vec<SyntaxFault>,
    /// Tags of an earlier game whose strings [`GameRecord::push_tag`]
    /// reuses: a reader filling one record allocates for tags once.
    spare: SpareTags,
    /// The marks of the moves, as the reader pushed them.
    read: ReadMarks,
}

/// [`MoveMarks`] gathered by [`GameRecord::push_token`], and over how many
/// tokens: a record whose tokens were pushed otherwise is walked instead.
/// Derived from the tokens, so no part of equality.
#[derive(Copy, Clone, Default, Debug)]
struct ReadMarks {
    marks: MoveMarks,
    tokens: usize,
}

impl PartialEq for ReadMarks {
    fn eq(&self, _: &ReadMarks) -> bool {
        true
    }
}
impl Eq for ReadMarks {}

/// Tags kept for their buffers; no part of what a record says (equal,
/// cloned empty, not shown).
#[derive(Default)]
struct SpareTags(Vec<Tag>);

impl Clone for SpareTags {
    fn clone(&self) -> Self {
        SpareTags(Vec::new())
    }
}
impl PartialEq for SpareTags {
    fn eq(&self, _: &SpareTags) -> bool {
        true
    }
}
impl Eq for SpareTags {}
impl std::fmt::Debug for SpareTags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("..")
    }
}

impl GameRecord {
    /// Adds a tag, reusing the strings of a tag [`GameRecord::clear`] kept.
    pub fn push_tag(&mut self, name: &str, value: &str, span: Span, value_span: Span) {
        let tag = match self.spare.0.pop() {
            Some(mut t) => {
                t.name.clear();
                t.name.push_str(name);
                t.value.clear();
                t.value.push_str(value);
                t.span = span;
                t.value_span = value_span;
                t
            }
            None => Tag { name: name.to_string(), value: value.to_string(), span, value_span },
        };
        self.tags.push(tag);
    }

    /// Adds a token, keeping the [`MoveMarks`] up to date.
    #[inline]
    pub fn push_token(&mut self, token: Token) {
        if self.read.tokens == self.tokens.len() {
            self.read.marks.add_token(&token.kind);
            self.read.tokens += 1;
        }
        self.tokens.push(token);
    }

    /// Takes `marks` as those of all the record's tokens: the reader
    /// pushed them all, since the record was cleared.
    #[inline]
    pub(crate) fn set_read_marks(&mut self, marks: MoveMarks) {
        self.read = ReadMarks { marks, tokens: self.tokens.len() };
    }

    /// The marks of the record's moves: kept by [`GameRecord::push_token`],
    /// found by a walk over the tokens when they were pushed otherwise.
    /// (A token changed in place after reading is not seen.)
    pub fn move_marks(&self) -> MoveMarks {
        if self.read.tokens == self.tokens.len() {
            self.read.marks
        } else {
            MoveMarks::of(&self.tokens)
        }
    }

    /// Empties the record, keeping its buffers.
    pub fn clear(&mut self) {
        self.read = ReadMarks::default();
        self.spare.0.append(&mut self.tags);
        self.tokens.clear();
        self.notes.clear();
        self.faults.clear();
        self.span = 0..0;
    }

    /// The value of the first tag named `name` (case-sensitive, as in PGN).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }
    /// The result token, if the movetext ends with one.
    pub fn result(&self) -> Option<(&Token, Outcome)> {
        self.tokens.iter().rev().find_map(|t| match t.kind {
            TokenKind::Result(o) => Some((t, o)),
            _ => None,
        })
    }
}
