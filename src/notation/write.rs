//! Writers of docs/notation.md ("What the writers produce").

use std::fmt;

use super::ast::{CheckMark, PromotionForm};
use crate::rules::{Bitboard, Board, Move, MoveKind, Position, Role, Square, VariantPosition, SQUARES, WIDTH};

/// Which letters the writer uses (also the command line's `--letters` of
/// new text: `generate`, `show`; the notes are `//` so that `--help` lists
/// the bare values).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, clap::ValueEnum)]
pub enum Letters {
    // `K Q P R B N`, capture `x`, mate `#`.
    #[default]
    Latin,
    // `Кр Ф П Л С К`, capture `:`, mate `×`.
    Cyrillic,
}

impl Letters {
    /// The piece letter (empty for a pawn).
    pub fn piece(self, role: Role) -> &'static str {
        #[expect(clippy::indexing_slicing, reason = "a kind's index is below `Role::COUNT`, the rows' length")]
        PIECE_LETTERS[self as usize][role.index()]
    }
    pub fn capture(self) -> char {
        match self {
            Letters::Latin => 'x',
            Letters::Cyrillic => ':',
        }
    }
}

/// The letters of each kind, by [`Letters`] (`Latin`, `Cyrillic`) and
/// [`Role::index`]: one load, where a `match` jumped on the kind, which
/// changes from move to move.
const PIECE_LETTERS: [[&str; Role::COUNT]; 2] = [
    ["", "N", "B", "R", "Q", "K", "P", "C", "A", "T", "S"],
    ["", "К", "С", "Л", "Ф", "Кр", "П", "М", "Кд", "Пр", "Пс"],
];

/// The text of every square of the layout, by its index: the file letter,
/// then the rank's one or two digits (0 after one digit); the tenth file is
/// `j` in the first table, `k` in the second (`--files a-k`). One load
/// gives a square's text, where its file and rank took a division and two
/// branches.
#[expect(
    clippy::indexing_slicing,
    reason = "run at compile time, where an index out of range is an error of the build"
)]
const SQUARE_TEXT: [[[u8; 3]; SQUARES]; 2] = {
    let mut t = [[[0; 3]; SQUARES]; 2];
    let mut i = 0;
    while i < SQUARES {
        let (file, rank) = ((i % WIDTH as usize) as u8, (i / WIDTH as usize) as u8 + 1);
        let digits = if rank < 10 { [b'0' + rank, 0] } else { [b'0' + rank / 10, b'0' + rank % 10] };
        t[0][i] = [b'a' + file, digits[0], digits[1]];
        t[1][i] = [if file == 9 { b'k' } else { b'a' + file }, digits[0], digits[1]];
        i += 1;
    }
    t
};

/// A move in long (full) style, written from the position before it:
/// `Rj1-j2`, `c5:d4`, `e9-e10Q`, `Kf8-f9; e3`, `0-0-0`.
pub struct LongMove<'a> {
    pub pos: &'a Position,
    pub mv: Move,
    pub letters: Letters,
}

/// A null move as ChessBase, pgn-extract and python-chess write it.
pub const NULL_MOVE: &str = "--";

/// The token of a move written the same in both styles: a castling's, a
/// null move's.
fn whole_token(pos: &Position, m: Move) -> Option<&'static str> {
    match m.kind {
        MoveKind::Castle(i) => Some(pos.castle_spec(i).token()),
        MoveKind::Null => Some(NULL_MOVE),
        _ => None,
    }
}

impl fmt::Display for LongMove<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let form = MoveForm::new(self.letters, Style::Long);
        long_move(f, self.pos, self.mv, form)
    }
}

/// How a move's text is written beyond its style: the letters, the form of
/// a promotion, and whether the tenth file is lettered `k` (not `j`).
#[derive(Copy, Clone, Debug)]
struct MoveForm {
    letters: Letters,
    promotion: PromotionForm,
    files_ak: bool,
}

impl MoveForm {
    /// The form new text has in these letters and style.
    fn new(letters: Letters, style: Style) -> MoveForm {
        MoveForm { letters, promotion: promotion_form(letters, style), files_ak: false }
    }

    /// The text of `sq` in this form's files.
    #[inline(always)]
    fn square_text(self, sq: Square) -> [u8; 3] {
        #[expect(clippy::indexing_slicing, reason = "a square's index is below `SQUARES`, the tables' length")]
        SQUARE_TEXT[usize::from(self.files_ak)][sq.index()]
    }

    /// The file letter of `sq`.
    #[inline(always)]
    fn file<W: fmt::Write>(self, w: &mut W, sq: Square) -> fmt::Result {
        let [file, _, _] = self.square_text(sq);
        w.write_char(ascii(file))
    }

    /// The rank number of `sq`.
    #[inline(always)]
    fn rank<W: fmt::Write>(self, w: &mut W, sq: Square) -> fmt::Result {
        let [_, first, second] = self.square_text(sq);
        digits(w, first, second)
    }

    #[inline(always)]
    fn square<W: fmt::Write>(self, w: &mut W, sq: Square) -> fmt::Result {
        let [file, first, second] = self.square_text(sq);
        w.write_char(ascii(file))?;
        digits(w, first, second)
    }

    fn promotion<W: fmt::Write>(self, w: &mut W, role: Role) -> fmt::Result {
        let piece = self.letters.piece(role);
        match self.promotion {
            PromotionForm::Bare => w.write_str(piece),
            PromotionForm::Equals => {
                w.write_char('=')?;
                w.write_str(piece)
            }
            PromotionForm::Slash => {
                w.write_char('/')?;
                w.write_str(piece)
            }
            PromotionForm::Parens => {
                w.write_char('(')?;
                w.write_str(piece)?;
                w.write_char(')')
            }
        }
    }

    /// What follows the target: the promotion, the throne pawn's square.
    #[inline(always)]
    fn suffix<W: fmt::Write>(self, w: &mut W, m: Move) -> fmt::Result {
        match m.kind {
            MoveKind::Promotion(r) => self.promotion(w, r),
            MoveKind::Throne(sq) => {
                w.write_str("; ")?;
                self.square(w, sq)
            }
            _ => Ok(()),
        }
    }
}

/// [`PIECE_LETTERS`] as chars, `'\0'` where a kind has fewer than two
/// (made at compile time from the text: each letter is ASCII or Cyrillic,
/// of one or two bytes).
#[expect(
    clippy::indexing_slicing,
    reason = "run at compile time, where an index out of range is an error of the build"
)]
const PIECE_CHARS: [[[char; 2]; Role::COUNT]; 2] = {
    let mut t = [[['\0'; 2]; Role::COUNT]; 2];
    let mut letters = 0;
    while letters < 2 {
        let mut role = 0;
        while role < Role::COUNT {
            let bytes = PIECE_LETTERS[letters][role].as_bytes();
            let (mut at, mut n) = (0, 0);
            while at < bytes.len() {
                let (code, len) = match bytes[at] {
                    b @ 0..0x80 => (b as u32, 1),
                    b => (((b as u32 & 0x1f) << 6) | (bytes[at + 1] as u32 & 0x3f), 2),
                };
                t[letters][role][n] = match char::from_u32(code) {
                    Some(c) => c,
                    None => '\0',
                };
                (at, n) = (at + len, n + 1);
            }
            role += 1;
        }
        letters += 1;
    }
    t
};

/// Writes the letters of `role` (none for a pawn), char by char: a copy of
/// their text costs more.
#[inline(always)]
fn piece_to<W: fmt::Write>(w: &mut W, letters: Letters, role: Role) -> fmt::Result {
    #[expect(clippy::indexing_slicing, reason = "a kind's index is below `Role::COUNT`, the rows' length")]
    let [first, second] = PIECE_CHARS[letters as usize][role.index()];
    if first != '\0' {
        w.write_char(first)?;
        if second != '\0' {
            w.write_char(second)?;
        }
    }
    Ok(())
}

/// A byte of [`SQUARE_TEXT`] as a char, told ASCII (its high bit cleared):
/// a `String` then takes it as one byte, with no test for a longer char.
#[inline(always)]
fn ascii(b: u8) -> char {
    char::from(b & 0x7f)
}

/// A rank's one or two digits (`second` 0 after one).
#[inline(always)]
fn digits<W: fmt::Write>(w: &mut W, first: u8, second: u8) -> fmt::Result {
    w.write_char(ascii(first))?;
    if second != 0 {
        w.write_char(ascii(second))?;
    }
    Ok(())
}

impl LongMove<'_> {
    /// Appends the move's text to `out`, its promotion in `promotion` and
    /// the tenth file lettered `k` with `files_ak`.
    pub fn write_with(&self, promotion: PromotionForm, files_ak: bool, out: &mut String) {
        let form = MoveForm { letters: self.letters, promotion, files_ak };
        // Writing to a String cannot fail.
        let _ = long_move(out, self.pos, self.mv, form);
    }
}

fn long_move<W: fmt::Write>(w: &mut W, pos: &Position, m: Move, form: MoveForm) -> fmt::Result {
    if let Some(token) = whole_token(pos, m) {
        return w.write_str(token);
    }
    let role = pos.board().piece_at(m.from).map_or(Role::Pawn, |p| p.role);
    let capture = pos.is_capture(m);
    let sep = if capture { form.letters.capture() } else { '-' };
    piece_to(w, form.letters, role)?;
    form.square(w, m.from)?;
    w.write_char(sep)?;
    form.square(w, m.to)?;
    form.suffix(w, m)
}

/// Long (full) or short style (also `generate --style`).
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default, clap::ValueEnum)]
pub enum Style {
    // From-square and `-`/`:` always: `Кg1-f3`, `e3-e5`.
    #[default]
    Long,
    // Only what the position needs: `Кf3`, `e5`, `ed4`, `Кbd4`.
    Short,
}

/// A move in short style, written from the position before it: the piece,
/// the least disambiguation the legal moves need (file, else rank, else
/// square), the capture mark, the target, promotion and throne pawn.
pub struct ShortMove<'a> {
    pub pos: &'a Position,
    pub mv: Move,
    pub letters: Letters,
}

impl fmt::Display for ShortMove<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let form = MoveForm::new(self.letters, Style::Short);
        short_move(f, self.pos, self.mv, form, &mut Vec::new())
    }
}

impl ShortMove<'_> {
    /// Appends the move's text to `out`, its promotion in `promotion` and
    /// the tenth file lettered `k` with `files_ak`; `legal` is room for the
    /// legal moves looked at.
    pub fn write_with(&self, promotion: PromotionForm, files_ak: bool, legal: &mut Vec<Move>, out: &mut String) {
        let form = MoveForm { letters: self.letters, promotion, files_ak };
        // Writing to a String cannot fail.
        let _ = short_move(out, self.pos, self.mv, form, legal);
    }
}

fn short_move<W: fmt::Write>(w: &mut W, pos: &Position, m: Move, form: MoveForm, legal: &mut Vec<Move>) -> fmt::Result {
    if let Some(token) = whole_token(pos, m) {
        return w.write_str(token);
    }
    let board = pos.board();
    let mover = board.piece_at(m.from);
    let role = mover.map_or(Role::Pawn, |p| p.role);
    let capture = pos.is_capture(m);
    if role == Role::Pawn {
        if capture {
            form.file(w, m.from)?;
            w.write_char(form.letters.capture())?;
        }
    } else {
        piece_to(w, form.letters, role)?;
        // Men of the same kind that reach the target (every man but the
        // pawn attacks as it moves, both ways): only with one of them is
        // there a legal move to look for. Most men of the kind do not even
        // reach it on an empty board, which one load tells.
        let others = mover.map_or(Bitboard::EMPTY, |p| {
            let near = board.by_piece(p) & Board::reach(role, m.to) & !m.from.bb();
            near.filter(|&o| Board::attacks_square(role, o, m.to, board.occupied()))
                .fold(Bitboard::EMPTY, Bitboard::with)
        });
        if !others.is_empty() {
            // The rivals: other men of the kind with a legal move there (the
            // rules' pin and check test of each, or the legal moves listed).
            let rivals = pos.legal_from(others, m.to).unwrap_or_else(|| {
                pos.legal_moves_to(m.to.bb(), legal);
                legal
                    .iter()
                    .filter(|o| {
                        o.from != m.from && !o.is_castle() && board.piece_at(o.from).map(|p| p.role) == Some(role)
                    })
                    .fold(Bitboard::EMPTY, |b, o| b.with(o.from))
            });
            let same_file = (rivals & Bitboard::file(m.from.file())).any();
            let same_rank = (rivals & Bitboard::rank(m.from.rank())).any();
            if rivals.any() {
                // A Cyrillic princess told by its rank would read as
                // `П` and a square on the file c (`Пс8b8`): she gets her
                // whole square.
                let rank_reads_apart = role == Role::Princess && form.letters == Letters::Cyrillic;
                if !same_file {
                    form.file(w, m.from)?;
                } else if !same_rank && !rank_reads_apart {
                    form.rank(w, m.from)?;
                } else {
                    form.square(w, m.from)?;
                }
            }
        }
        if capture {
            w.write_char(form.letters.capture())?;
        }
    }
    form.square(w, m.to)?;
    form.suffix(w, m)
}

/// The form new text gives a promotion: `=Q` in Latin short style (the PGN
/// standard form, as python-chess and pgn-extract write it), the bare letter
/// otherwise (`e9-e10Ф`, `e10Ф`).
pub fn promotion_form(letters: Letters, style: Style) -> PromotionForm {
    match (letters, style) {
        (Letters::Latin, Style::Short) => PromotionForm::Equals,
        _ => PromotionForm::Bare,
    }
}

/// The promotion to `role` as new text in these letters and style writes it.
pub fn promotion_text(letters: Letters, style: Style, role: Role) -> String {
    let mut s = String::new();
    promotion_form(letters, style).write(letters.piece(role), &mut s);
    s
}

/// The check or mate mark a move earns, from the position after it:
/// `+`, `++` (double check), `#` / `×` (mate), or nothing.
pub fn check_mark(after: &Position, letters: Letters) -> &'static str {
    let checkers = after.checkers();
    if checkers.is_empty() {
        ""
    } else if !after.has_legal_move() && !after.is_losing_position() {
        mate_mark(letters)
    } else if checkers.more_than_one() {
        "++"
    } else {
        "+"
    }
}

/// A move in the given letters and style with its check mark; plays it on `pos`.
pub fn write_and_play(pos: &mut Position, mv: Move, letters: Letters, style: Style) -> String {
    let mut s = match style {
        Style::Long => LongMove { pos, mv, letters }.to_string(),
        Style::Short => ShortMove { pos, mv, letters }.to_string(),
    };
    pos.play_unchecked(mv);
    s.push_str(check_mark(pos, letters));
    s
}

/// How [`write_move`] writes a move: its letters and style, the form of a
/// promotion, and whether the tenth file is lettered `k` (not `j`).
#[derive(Copy, Clone, Debug)]
pub struct Form {
    pub letters: Letters,
    pub style: Style,
    pub promotion: PromotionForm,
    pub files_ak: bool,
}

/// Appends `mv`, written from `pos` (the position before it) in `form`, to
/// `out`: the one writer of a move in every variant ([`LongMove`] and
/// [`ShortMove`] of the engine's positions, [`super::dice::write_move_with`]
/// of Dice chess's, whose short style counts every move of the men and
/// whose board has no tenth file). `legal` is room for the legal moves the
/// short style looks at.
pub fn write_move(pos: &VariantPosition, mv: Move, form: Form, legal: &mut Vec<Move>, out: &mut String) {
    let Form { letters, style, promotion, files_ak } = form;
    match (pos, style) {
        (VariantPosition::Plain(pos), Style::Long) => {
            LongMove { pos, mv, letters }.write_with(promotion, files_ak, out)
        }
        (VariantPosition::Plain(pos), Style::Short) => {
            ShortMove { pos, mv, letters }.write_with(promotion, files_ak, legal, out);
        }
        (VariantPosition::Dice(pos), style) => super::dice::write_move_with(pos, mv, letters, style, promotion, out),
    }
}

/// Appends `mv`, written from `pos`, in SAN as chess programs write it
/// (PGN): Latin letters, the short style, `=` before a promotion's man,
/// and the variant's castling letter ([`crate::rules::Rules::castle_letter`]:
/// `O-O` in Chess and Dice chess). No check mark. The per-move SAN of the
/// Python package.
pub fn write_san(pos: &VariantPosition, mv: Move, files_ak: bool, legal: &mut Vec<Move>, out: &mut String) {
    let start = out.len();
    let form = Form { letters: Letters::Latin, style: Style::Short, promotion: PromotionForm::Equals, files_ak };
    write_move(pos, mv, form, legal, out);
    let letter = pos.rules().castle_letter;
    if mv.is_castle() && letter != '0' {
        let written = out.split_off(start).replace('0', &letter.to_string());
        out.push_str(&written);
    }
}

/// The right mark of a move, from the position after it and the mark
/// written on it: the check or mate mark the position earns
/// ([`check_mark`]); in Dice chess, which has no check, none but the `#`
/// or `×` written on the move that takes the king (docs/notation.md: pgn100
/// keeps it, never adds it).
pub fn right_mark(after: &VariantPosition, written: Option<CheckMark>, letters: Letters) -> &'static str {
    match after {
        VariantPosition::Plain(p) => check_mark(p, letters),
        VariantPosition::Dice(p) if p.king_taken().is_some() && written == Some(CheckMark::Mate) => mate_mark(letters),
        VariantPosition::Dice(_) => "",
    }
}

/// The mate mark of the letters: `#`, `×`.
pub fn mate_mark(letters: Letters) -> &'static str {
    match letters {
        Letters::Latin => "#",
        Letters::Cyrillic => "×",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_chars_spell_the_letters() {
        for letters in [Letters::Latin, Letters::Cyrillic] {
            for role in Role::ALL {
                let mut s = String::new();
                piece_to(&mut s, letters, role).unwrap();
                assert_eq!(s, letters.piece(role), "{letters:?} {role:?}");
            }
        }
    }

    #[test]
    fn square_texts_are_the_squares_written() {
        for sq in (0..SQUARES).filter_map(Square::from_index) {
            for files_ak in [false, true] {
                let form = MoveForm { letters: Letters::Latin, promotion: PromotionForm::Bare, files_ak };
                let (mut text, mut parts) = (String::new(), String::new());
                form.square(&mut text, sq).unwrap();
                form.file(&mut parts, sq).unwrap();
                form.rank(&mut parts, sq).unwrap();
                let mut want = sq.to_string();
                if files_ak && sq.file() == 9 {
                    want.replace_range(0..1, "k");
                }
                assert_eq!((&text, &parts), (&want, &want), "{sq:?}");
            }
        }
    }
}
