//! Writers of NOTATION.md ("What the writers produce").

use std::fmt;

use crate::rules::{Move, MoveKind, Position, Role};

/// Which letters the writer uses.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Default)]
pub enum Letters {
    /// `K Q P R B N`, capture `x`, mate `#`.
    #[default]
    Latin,
    /// `Кр Ф П Л С К`, capture `:`, mate `×`.
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
            (Letters::Cyrillic, Role::King) => "Кр",
            (Letters::Cyrillic, Role::Queen) => "Ф",
            (Letters::Cyrillic, Role::Prince) => "П",
            (Letters::Cyrillic, Role::Rook) => "Л",
            (Letters::Cyrillic, Role::Bishop) => "С",
            (Letters::Cyrillic, Role::Knight) => "К",
            (Letters::Cyrillic, Role::Marshal) => "М",
            (Letters::Cyrillic, Role::Cardinal) => "Кд",
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

impl fmt::Display for LongMove<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.mv;
        if let MoveKind::Castle(i) = m.kind {
            return f.write_str(self.pos.castle_spec(i).token());
        }
        let role = self.pos.board().piece_at(m.from).map_or(Role::Pawn, |p| p.role);
        let capture = m.kind == MoveKind::EnPassant || self.pos.board().piece_at(m.to).is_some();
        let sep = if capture { self.letters.capture() } else { '-' };
        write!(f, "{}{}{}{}", self.letters.piece(role), m.from, sep, m.to)?;
        match m.kind {
            MoveKind::Promotion(r) => f.write_str(self.letters.piece(r)),
            MoveKind::Throne(sq) => write!(f, "; {sq}"),
            _ => Ok(()),
        }
    }
}
