//! The attack test of docs/rules.md 5.3 with the prince's and princess's
//! two-step (5.2; its table, built at compile time, is the geometry's:
//! [`Bitboard::two_step_attacks`]).

use crate::rules::board::Board;
use crate::rules::geometry::{Bitboard, Square};
use crate::rules::position::Position;
use crate::rules::role::{Color, Role};

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
        found |= (Bitboard::king_attacks(sq) | Bitboard::two_step_attacks(sq, occupied)) & two;
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
        let all = Bitboard::two_step_attacks(g1, Bitboard::EMPTY);
        let names: Vec<String> = all.map(|s| s.to_string()).collect();
        assert_eq!(names, ["e1", "i1", "e3", "g3", "i3"]);
        let wall = sq("f2").bb() | sq("g2").bb() | sq("h2").bb();
        assert!(!Bitboard::two_step_attacks(g1, wall).contains(sq("g3")));
        assert!(!Bitboard::two_step_attacks(g1, wall).contains(sq("e3")));
        assert!(Bitboard::two_step_attacks(g1, sq("f2").bb() | sq("g2").bb()).contains(sq("g3")));
        assert!(!Bitboard::two_step_attacks(g1, sq("f2").bb()).contains(sq("e3")));
        // g1 -> e1 through f1 or f2 (the third middle square is off the board).
        assert!(Bitboard::two_step_attacks(g1, sq("f1").bb()).contains(sq("e1")));
        assert!(!Bitboard::two_step_attacks(g1, sq("f1").bb() | sq("f2").bb()).contains(sq("e1")));
    }
}
