//! Perft: the number of leaf nodes of the legal move tree, leaves counted
//! in bulk at depth 1.

use super::moves::Move;
use super::position::Position;

/// Leaf nodes of the legal move tree `depth` plies deep.
///
/// Moves of one ply each, under the position's check rules: not a count of
/// Dice chess, whose turns are moves of a roll with no check (the `perft`
/// command refuses it; [`crate::rules::dice::turns::legal_turns`] counts a
/// roll's turns).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if pos.rules().queen_restoration {
        // A restoration and the move after it make one choice of the ply.
        return super::royal::perft(pos, depth);
    }
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let mut moves = Vec::with_capacity(128);
            pos.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&m| {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft under each legal move (`depth` >= 1), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
