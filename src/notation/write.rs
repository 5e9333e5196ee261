//! Writers of NOTATION.md ("What the writers produce").

use std::fmt::{self, Write as _};

use super::ast::PromotionForm;
use crate::rules::{Bitboard, Board, Move, MoveKind, Position, Role};

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
        match (self, role) {
            (_, Role::Pawn) => "",
            (Letters::Latin, Role::King) => "K",
            (Letters::Latin, Role::Queen) => "Q",
            (Letters::Latin, Role::Prince) => "P",
            (Letters::Latin, Role::Rook) => "R",
            (Letters::Latin, Role::Bishop) => "B",
            (Letters::Latin, Role::Knight) => "N",
            (Letters::Latin, Role::Marshal) => "C",
            (Letters::Latin, Role::Cardinal) => "A",
            (Letters::Latin, Role::Heir) => "T",
            (Letters::Latin, Role::Princess) => "S",
            (Letters::Cyrillic, Role::King) => "Кр",
            (Letters::Cyrillic, Role::Queen) => "Ф",
            (Letters::Cyrillic, Role::Prince) => "П",
            (Letters::Cyrillic, Role::Rook) => "Л",
            (Letters::Cyrillic, Role::Bishop) => "С",
            (Letters::Cyrillic, Role::Knight) => "К",
            (Letters::Cyrillic, Role::Marshal) => "М",
            (Letters::Cyrillic, Role::Cardinal) => "Кд",
            (Letters::Cyrillic, Role::Heir) => "Пр",
            (Letters::Cyrillic, Role::Princess) => "Пс",
        }
    }
    pub fn capture(self) -> char {
        match self {
            Letters::Latin => 'x',
            Letters::Cyrillic => ':',
        }
    }
}

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
        let m = self.mv;
        if let Some(token) = whole_token(self.pos, m) {
            return f.write_str(token);
        }
        let role = self.pos.board().piece_at(m.from).map_or(Role::Pawn, |p| p.role);
        let capture = self.pos.is_capture(m);
        let sep = if capture { self.letters.capture() } else { '-' };
        f.write_str(self.letters.piece(role))?;
        fmt::Display::fmt(&m.from, f)?;
        f.write_char(sep)?;
        fmt::Display::fmt(&m.to, f)?;
        match m.kind {
            MoveKind::Promotion(r) => f.write_str(&promotion_text(self.letters, Style::Long, r)),
            MoveKind::Throne(sq) => write!(f, "; {sq}"),
            _ => Ok(()),
        }
    }
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
        let m = self.mv;
        if let Some(token) = whole_token(self.pos, m) {
            return f.write_str(token);
        }
        let board = self.pos.board();
        let mover = board.piece_at(m.from);
        let role = mover.map_or(Role::Pawn, |p| p.role);
        let capture = self.pos.is_capture(m);
        if role == Role::Pawn {
            if capture {
                f.write_char(char::from(b'a' + m.from.file()))?;
                f.write_char(self.letters.capture())?;
            }
        } else {
            f.write_str(self.letters.piece(role))?;
            // Men of the same kind that reach the target (every man but the
            // pawn attacks as it moves, both ways): only with one of them is
            // there a legal move to look for.
            let others = mover.map_or(Bitboard::EMPTY, |p| {
                Board::attacks(role, m.to, board.occupied()) & board.by_piece(p) & !m.from.bb()
            });
            let mut legal = Vec::new();
            if !others.is_empty() {
                self.pos.legal_moves_to(m.to.bb(), &mut legal);
            }
            let rivals: Vec<Move> = legal
                .into_iter()
                .filter(|o| {
                    o.to == m.to
                        && o.from != m.from
                        && !o.is_castle()
                        && board.piece_at(o.from).map(|p| p.role) == Some(role)
                })
                .collect();
            if !rivals.is_empty() {
                let file = (b'a' + m.from.file()) as char;
                if rivals.iter().all(|o| o.from.file() != m.from.file()) {
                    f.write_char(file)?;
                } else if rivals.iter().all(|o| o.from.rank() != m.from.rank()) {
                    write!(f, "{}", m.from.rank() + 1)?;
                } else {
                    write!(f, "{}", m.from)?;
                }
            }
            if capture {
                f.write_char(self.letters.capture())?;
            }
        }
        fmt::Display::fmt(&m.to, f)?;
        match m.kind {
            MoveKind::Promotion(r) => f.write_str(&promotion_text(self.letters, Style::Short, r)),
            MoveKind::Throne(sq) => write!(f, "; {sq}"),
            _ => Ok(()),
        }
    }
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
        match letters {
            Letters::Latin => "#",
            Letters::Cyrillic => "×",
        }
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
