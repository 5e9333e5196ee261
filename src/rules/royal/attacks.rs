//! The prince's and princess's two-step (docs/rules.md 5.2) as tables built at
//! compile time, and the attack test of 5.3 with them.
#![expect(
    clippy::indexing_slicing,
    reason = "every index is a `Square` (below `SQUARES` = 100) or a direction (below 8), into tables of exactly those lengths"
)]

use crate::rules::board::Board;
use crate::rules::geometry::{Bitboard, Square, SQUARES};
use crate::rules::position::Position;
use crate::rules::role::{Color, Role};

/// One two-step from a square: the end square (bit set) and the middle
/// squares of which one must be empty.
#[derive(Copy, Clone)]
struct Step {
    to: u128,
    middles: u128,
}

const fn bit(file: i8, rank: i8) -> u128 {
    if file < 0 || rank < 0 || file >= 10 || rank >= 10 {
        0
    } else {
        1u128 << (rank as u32 * 10 + file as u32)
    }
}

/// The eight directions: four diagonal (the one middle square), four
/// orthogonal (the three middle squares of the two king steps).
const DIRECTIONS: [(i8, i8); 8] = [(1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0), (-1, 0), (0, 1), (0, -1)];

static STEPS: [[Step; 8]; SQUARES] = {
    let mut t = [[Step { to: 0, middles: 0 }; 8]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let (f, r) = ((s % 10) as i8, (s / 10) as i8);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let to = bit(f + 2 * df, r + 2 * dr);
            let middles = if df != 0 && dr != 0 {
                bit(f + df, r + dr)
            } else {
                // The perpendicular of (df, dr) is (dr, df).
                bit(f + df, r + dr) | bit(f + df + dr, r + dr + df) | bit(f + df - dr, r + dr - df)
            };
            t[s][d] = Step { to: if middles == 0 { 0 } else { to }, middles };
            d += 1;
        }
        s += 1;
    }
    t
};

/// The squares two steps away that a prince or princess on `sq` reaches
/// through an empty middle square on `occupied` (the one-step squares are
/// the king's, not included).
#[inline]
pub(crate) fn two_step_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let mut bb = 0u128;
    for step in &STEPS[sq.index()] {
        if step.middles & !occupied.0 != 0 {
            bb |= step.to;
        }
    }
    Bitboard(bb)
}

/// [`two_step_attacks`] as a call of its own: the men of the other
/// variants test for the two-step in [`Board::attacks`], which must stay
/// small enough to be inlined in their generators.
#[inline(never)]
pub(crate) fn two_step_attacks_outlined(sq: Square, occupied: Bitboard) -> Bitboard {
    two_step_attacks(sq, occupied)
}

/// The princes and princesses of `by`.
#[inline]
fn two_steppers(board: &Board, by: Color) -> Bitboard {
    (board.by_role(Role::Heir) | board.by_role(Role::Princess)) & board.by_color(by)
}

/// Men of `by` attacking `sq` on `occupied` (docs/rules.md 5.3: every man that
/// could capture there by a move of 5.2; castling and en passant never do).
#[inline]
pub(crate) fn attackers(board: &Board, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let two = two_steppers(board, by);
    let mut found = board.attackers_to(sq, by, occupied);
    if two.any() {
        // The two-step is symmetric: the same middle squares either way.
        found |= (Bitboard::king_attacks(sq) | two_step_attacks(sq, occupied)) & two;
    }
    found
}

/// The men attacking the king of the side to move (none without a king).
pub(crate) fn checkers(pos: &Position) -> Bitboard {
    let board = pos.board();
    match board.king_of(pos.turn()) {
        Some(k) => attackers(board, k, !pos.turn(), board.occupied()),
        None => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).expect("a square")
    }

    #[test]
    fn the_two_step_needs_one_empty_middle_square() {
        // g1 -> g3 through g2, f2 or h2; g1 -> e3 through f2 only.
        let g1 = sq("g1");
        let all = two_step_attacks(g1, Bitboard::EMPTY);
        let names: Vec<String> = all.map(|s| s.to_string()).collect();
        assert_eq!(names, ["e1", "i1", "e3", "g3", "i3"]);
        let wall = sq("f2").bb() | sq("g2").bb() | sq("h2").bb();
        assert!(!two_step_attacks(g1, wall).contains(sq("g3")));
        assert!(!two_step_attacks(g1, wall).contains(sq("e3")));
        assert!(two_step_attacks(g1, sq("f2").bb() | sq("g2").bb()).contains(sq("g3")));
        assert!(!two_step_attacks(g1, sq("f2").bb()).contains(sq("e3")));
        // g1 -> e1 through f1 or f2 (the third middle square is off the board).
        assert!(two_step_attacks(g1, sq("f1").bb()).contains(sq("e1")));
        assert!(!two_step_attacks(g1, sq("f1").bb() | sq("f2").bb()).contains(sq("e1")));
    }
}
