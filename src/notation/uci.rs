//! UCI-style coordinates (`e3e5`, `c9c10q`, prince `a`; the throne pawn as
//! `f8f9@e3`; castling as the king's move marked `=O`, `f2h2=O`), the move
//! format of the oracle data and of engines. A move as chess programs read
//! it ([`write_uci`]): Chess castling as the king's move without the mark
//! (`e1g1`), Chess960 castling as the king taking its rook (`e1h1`), as
//! python-chess writes it with `chess960=True`.

use std::fmt;

use crate::rules::{Move, MoveKind, Position, Square, Uci, UciCastling, VariantPosition};

/// Writes `m`, played from `pos`, in the UCI a program of its variant
/// reads: the coordinates of [`Uci`], save a castling where the rules
/// say otherwise ([`crate::rules::Rules::uci_castling`]): Chess's and Dice
/// chess's, the king's move without `=O`, and Chess960's, the king onto
/// its rook's square. The marks stay where a variant needs
/// them (Hundred's two castling stages, the throne pawn).
pub fn write_uci(pos: &VariantPosition, m: Move, out: &mut impl fmt::Write) -> fmt::Result {
    match (pos.rules().uci_castling(), m.kind) {
        (UciCastling::KingMove, MoveKind::Castle(_)) => {
            m.from.write_to(out)?;
            m.to.write_to(out)
        }
        (UciCastling::KingOntoRook, MoveKind::Castle(_)) => {
            m.from.write_to(out)?;
            pos.castle_rook_from(m).unwrap_or(m.to).write_to(out)
        }
        _ => Uci(m).write_to(out),
    }
}

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
            // Royal's oracle and chess programs write castling as the
            // king's two-file move (`e1c1`), which no other move of the
            // king has; Chess960's as the king onto its rook ([`write_uci`]).
            // Not where a king's step is a castling's too (two stages).
            if self.castle || pos.rules().two_stage_castling() {
                return None;
            }
            pos.find_move(self.from, self.to, promotion, self.throne, true).or_else(|| {
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                legal.into_iter().find(|m| match m.kind {
                    MoveKind::Castle(i) => m.from == self.from && pos.castle_spec(i).rook_from == self.to,
                    _ => false,
                })
            })
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
