//! Moves, as the rules see them (no text but the UCI-style coordinates used by
//! the oracle data).

use std::fmt;

use super::geometry::Square;
use super::role::Role;

/// What kind of move, beyond its from- and to-squares.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum MoveKind {
    /// A move or capture of a man (a pawn's single or double step included).
    Normal,
    /// A pawn reaching the last rank, becoming the given piece.
    Promotion(Role),
    /// A pawn taking a pawn that has just made its double step.
    EnPassant,
    /// A castling: index into the variant's castling table. `from`/`to` are
    /// the king's squares.
    Castle(u8),
    /// A king move onto the enemy king's start square that gains the throne
    /// pawn, placed on the given square (docs/rules.md 1.5).
    Throne(Square),
    /// A null move (`--` in PGN as ChessBase and pgn-extract write it): the
    /// turn passes, nothing moves. `from`/`to` are the mover's king square.
    Null,
}

#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
}

impl Move {
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }
    pub const fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }
    pub const fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle(_))
    }
}

/// UCI-style coordinates as in the oracle data: `e3e5`, `c9c10q`, prince `a`;
/// the throne pawn as `f8f9@e3`; castling as the king's move marked `=O`
/// (`f2h2=O`), since a second stage and a king step share their squares; a
/// null move as `0000`.
pub struct Uci(pub Move);

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.0;
        if m.kind == MoveKind::Null {
            return f.write_str("0000");
        }
        write!(f, "{}{}", m.from, m.to)?;
        if m.is_castle() {
            return f.write_str("=O");
        }
        match m.kind {
            MoveKind::Promotion(r) => write!(f, "{}", r.uci_char()),
            MoveKind::Throne(sq) => write!(f, "@{sq}"),
            _ => Ok(()),
        }
    }
}
