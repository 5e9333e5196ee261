//! The draw claims of a line as it is played, as [`crate::rules::Game::claim`]
//! judges them, for callers that walk a replayed line without a `Game`.

use crate::rules::{Claim, Position};

/// Hashes of the positions since the last irreversible move (a buffer
/// reused from game to game).
#[derive(Clone, Debug, Default)]
pub struct Claims {
    seen: Vec<u64>,
}

impl Claims {
    /// A line starts at `pos`.
    pub fn start(&mut self, pos: &Position) {
        self.seen.clear();
        self.seen.push(pos.hash());
    }

    /// A move was played, giving `pos`: the draw that may be claimed now.
    pub fn after(&mut self, pos: &Position) -> Option<Claim> {
        if pos.halfmoves() == 0 {
            self.seen.clear();
        }
        let now = pos.hash();
        self.seen.push(now);
        // The side to move is part of the hash: only every other position
        // back can be this one again.
        let earlier = self.seen.iter().rev().skip(2).step_by(2).filter(|&&h| h == now).take(2).count();
        if earlier >= 2 {
            Some(Claim::Threefold)
        } else if pos.halfmoves() >= pos.rules().claim_plies {
            Some(Claim::MoveRule)
        } else {
            None
        }
    }
}
