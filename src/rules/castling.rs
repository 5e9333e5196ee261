//! Castling and throne rights, and the castling moves of a variant as data.
//!
//! Hundred castles in two stages (docs/rules.md 1.4). The rights are the FEN field
//! of docs/notation.md, one bit per letter: `K`/`Q` a first stage still possible,
//! `S`/`L` a second stage still possible on the short/long wing, `T` the
//! throne pawn not yet gained. Before the first stage a second-stage bit says
//! "the corner rook has not moved"; after it, "the second stage is pending".
//! Every bit is written to FEN, so FEN carries the rights exactly.
//!
//! Chess castles once per wing (docs/rules.md 3), with the king and rook files of
//! the set-up (Chess960): the variant's table holds every (king file, rook
//! file) pair, and a position keeps in [`Castles`] which entry each right
//! stands for, chosen once from the FEN.

use super::board::Board;
use super::geometry::{Bitboard, Square};
use super::role::{Color, Piece, Role};

#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Stage {
    First,
    Second,
}

#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Wing {
    /// Towards file `j`.
    Short,
    /// Towards file `a`.
    Long,
}

/// One castling move of one colour.
#[derive(Debug, Clone, Copy)]
pub struct CastleSpec {
    pub color: Color,
    pub stage: Stage,
    pub wing: Wing,
    /// The right that allows it.
    pub right: Rights,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// Squares that must be empty (the king's and the rook's own squares
    /// excepted).
    pub between: Bitboard,
    /// Squares the king passes over: none may be attacked before the move
    /// (the king lifted, the rook still home), as python-chess and the FIDE
    /// Laws judge a Chess castling. Empty in Hundred.
    pub king_path: Bitboard,
    /// Squares that must not be attacked once the castling is made: the
    /// king's (and in Hundred the rook's, docs/rules.md 1.4).
    pub safe_after: Bitboard,
    /// The corner square of this wing's second rook.
    pub corner: Square,
    /// The square beside the corner, where the corner rook steps.
    pub step: Square,
    /// The notation's name of this castling (docs/notation.md): `0-0-0`, `1-1`,
    /// Chess's `0-0`.
    pub token: &'static str,
}

impl CastleSpec {
    /// The squares whose moves (other than the king's) can end this
    /// castling's right: its rook's, its corner and the corner rook's step.
    pub const fn sensitive(&self) -> Bitboard {
        Bitboard::EMPTY.with(self.corner).with(self.step).with(self.rook_from)
    }
    /// The notation's name of this castling (docs/notation.md).
    pub fn token(&self) -> &'static str {
        self.token
    }
}

/// Which entry of the variant's castling table each castling right of a
/// position stands for: the first-stage entry of each colour and wing (a
/// second stage is the entry two places on). Hundred's are fixed; Chess's are
/// found from the king and rook files of the FEN.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Castles(pub(crate) [u8; 4]);

impl Castles {
    /// Hundred's: the table in the order of the rights' bits.
    pub const FIXED: Castles = Castles([0, 1, 4, 5]);

    /// The table entry of the castling of `color` for the right bit `i`
    /// (0..4 in the order `KQSL`).
    #[inline]
    pub(crate) fn index(self, color: Color, i: u16) -> u8 {
        let wing = (i & 1) as usize;
        let stage = (i >> 1) as u8;
        // Slots are colour-major, wing-minor; below 4 by construction.
        self.0.get(color.index() * 2 + wing).copied().unwrap_or(0) + 2 * stage
    }
    /// The squares whose men the castlings of these slots stand on or step
    /// to ([`sensitive_squares`] of those castlings alone), a slot whose
    /// right is not held included (it keeps its default castling).
    pub(crate) fn squares(self, table: &[CastleSpec]) -> Bitboard {
        self.0.iter().filter_map(|&i| table.get(usize::from(i))).fold(Bitboard::EMPTY, |bb, spec| bb | spec.sensitive())
    }
    /// The slot of the first-stage castling of `color` on `wing`.
    pub(crate) fn slot(color: Color, wing: Wing) -> usize {
        color.index() * 2 + if wing == Wing::Short { 0 } else { 1 }
    }
}

/// Castling and throne rights of both sides, as bits.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct Rights(pub u16);

const PER_COLOR: u16 = 5;
const THRONE: u16 = 4;

impl Rights {
    pub const NONE: Rights = Rights(0);

    pub const fn castle_bit(color: Color, stage: Stage, wing: Wing) -> Rights {
        let i = match (stage, wing) {
            (Stage::First, Wing::Short) => 0,
            (Stage::First, Wing::Long) => 1,
            (Stage::Second, Wing::Short) => 2,
            (Stage::Second, Wing::Long) => 3,
        };
        Rights(1 << (color as u16 * PER_COLOR + i))
    }
    pub const fn throne(color: Color) -> Rights {
        Rights(1 << (color as u16 * PER_COLOR + THRONE))
    }
    /// All castling bits (not the throne) of `color`.
    pub const fn castling_of(color: Color) -> Rights {
        Rights(0b1111 << (color as u16 * PER_COLOR))
    }
    pub const fn has(self, r: Rights) -> bool {
        self.0 & r.0 != 0
    }
    pub fn set(&mut self, r: Rights) {
        self.0 |= r.0;
    }
    pub fn clear(&mut self, r: Rights) {
        self.0 &= !r.0;
    }
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The FEN letter of a single right (the lowest, if several).
    pub fn letter(self) -> char {
        Rights::letter_of_bit(self.0.trailing_zeros() as u16)
    }

    fn letter_of_bit(i: u16) -> char {
        let c = match i % PER_COLOR {
            0 => 'K',
            1 => 'Q',
            2 => 'S',
            3 => 'L',
            _ => 'T',
        };
        if i >= PER_COLOR {
            c.to_ascii_lowercase()
        } else {
            c
        }
    }

    /// The right named by a FEN letter.
    pub fn from_letter(c: char) -> Option<Rights> {
        let i = "KQSLT".find(c.to_ascii_uppercase())? as u16;
        let color = if c.is_ascii_uppercase() { 0 } else { 1 };
        Some(Rights(1 << (color * PER_COLOR + i)))
    }

    /// The FEN castling field, in the order `KQSLkqslTt` (docs/notation.md).
    pub fn fen(self) -> String {
        let mut s = String::new();
        for color in [Color::White, Color::Black] {
            for i in 0..4 {
                let bit = color as u16 * PER_COLOR + i;
                if self.0 & (1 << bit) != 0 {
                    s.push(Rights::letter_of_bit(bit));
                }
            }
        }
        for color in [Color::White, Color::Black] {
            let bit = color as u16 * PER_COLOR + THRONE;
            if self.0 & (1 << bit) != 0 {
                s.push(Rights::letter_of_bit(bit));
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// Updates the castling rights after the ordinary (non-castling) move of
    /// `mover` from `from` to `to`, `board` being the board before the move;
    /// `specs` are the castlings the rights stand for.
    pub fn after_move<'a>(
        &mut self,
        specs: impl IntoIterator<Item = &'a CastleSpec>,
        board: &Board,
        from: Square,
        to: Square,
        mover: Piece,
    ) {
        if mover.role == Role::King {
            self.clear(Rights::castling_of(mover.color));
        }
        for spec in specs {
            if !self.has(spec.right) {
                continue;
            }
            let first = Rights::castle_bit(spec.color, Stage::First, spec.wing);
            let touches = |sq: Square| from == sq || to == sq;
            let own_rook = Piece::new(spec.color, Role::Rook);
            let rook_at_corner = board.piece_at(spec.corner) == Some(own_rook);
            match spec.stage {
                Stage::First => {
                    // The first-stage rook stands on the step square.
                    if touches(spec.rook_from) {
                        self.clear(spec.right);
                        self.clear(Rights::castle_bit(spec.color, Stage::Second, spec.wing));
                    }
                }
                Stage::Second if self.has(first) => {
                    // Before the first stage: the corner rook must not move.
                    if touches(spec.corner) {
                        self.clear(spec.right);
                    }
                }
                Stage::Second => {
                    // Pending: the corner rook may make its one step, nothing else.
                    let stepping = from == spec.corner && to == spec.step && mover == own_rook;
                    if stepping {
                        continue;
                    }
                    if (from == spec.corner || to == spec.corner) && rook_at_corner {
                        self.clear(spec.right);
                    } else if touches(spec.step) && !rook_at_corner {
                        // The corner rook has stepped: it moves on or is taken.
                        self.clear(spec.right);
                    }
                }
            }
        }
    }

    /// Updates the rights after the castling `spec`.
    pub fn after_castle(&mut self, spec: &CastleSpec) {
        match spec.stage {
            Stage::First => {
                let keep = Rights::castle_bit(spec.color, Stage::Second, spec.wing);
                let kept = self.has(keep);
                self.clear(Rights::castling_of(spec.color));
                if kept {
                    self.set(keep);
                }
            }
            Stage::Second => self.clear(Rights::castling_of(spec.color)),
        }
    }
}

/// Squares whose moves can change castling rights (corners, steps).
pub const fn sensitive_squares(specs: &[CastleSpec]) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    let mut rest = specs;
    while let [spec, tail @ ..] = rest {
        bb = Bitboard(bb.0 | spec.sensitive().0);
        rest = tail;
    }
    bb
}
