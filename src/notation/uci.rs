//! UCI-style coordinates (`e3e5`, `c9c10q`, prince `a`; the throne pawn as
//! `f8f9@e3`; castling as the king's move marked `=O`, `f2h2=O`), the move
//! format of the oracle data and of engines.

use crate::rules::{Move, Position, Square};

/// The coordinates of a UCI-style move, before a position gives them meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UciMove {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<char>,
    pub throne: Option<Square>,
    pub castle: bool,
}

impl UciMove {
    /// Reads `e3e5`, `e9e10q`, `f8f9@e3`.
    pub fn parse(s: &str) -> Option<UciMove> {
        let (s, castle) = match s.strip_suffix("=O") {
            Some(rest) => (rest, true),
            None => (s, false),
        };
        let (main, throne) = match s.split_once('@') {
            Some((m, t)) => (m, Some(Square::parse(t)?)),
            None => (s, None),
        };
        let b = main.as_bytes();
        // Split after the first square: a letter, then one or two digits.
        let first_len = 1 + b.iter().skip(1).take_while(|c| c.is_ascii_digit()).count();
        let from = Square::parse(main.get(..first_len)?)?;
        let rest = main.get(first_len..)?;
        // A promotion letter after the target square.
        let (to_text, promotion) = match rest.char_indices().last() {
            Some((i, c)) if c.is_ascii_alphabetic() && i > 0 => (rest.get(..i)?, Some(c.to_ascii_lowercase())),
            _ => (rest, None),
        };
        let to = Square::parse(to_text)?;
        Some(UciMove { from, to, promotion, throne, castle })
    }

    /// The legal move these coordinates name in `pos`.
    pub fn to_move(&self, pos: &Position) -> Option<Move> {
        let promotion = match self.promotion {
            Some(c) => Some(pos.rules().role_of_letter(c)?),
            None => None,
        };
        pos.find_move(self.from, self.to, promotion, self.throne, self.castle).or_else(|| {
            // Royal's oracle writes castling as the king's two-file move
            // (`e1c1`), which no other move of the king has.
            let royal = pos.variant() == crate::rules::Variant::Royal && !self.castle;
            royal.then(|| pos.find_move(self.from, self.to, promotion, self.throne, true)).flatten()
        })
    }
}

/// Resolves a line of UCI-style moves from `start`: the moves, or the index
/// and text of the first one that is not legal.
pub fn uci_line<'a>(start: &Position, moves: impl IntoIterator<Item = &'a str>) -> Result<Vec<Move>, (usize, String)> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, text) in moves.into_iter().enumerate() {
        let m = UciMove::parse(text).and_then(|u| u.to_move(&pos)).ok_or_else(|| (i, text.to_string()))?;
        pos.play_unchecked(m);
        out.push(m);
    }
    Ok(out)
}
