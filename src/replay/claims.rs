//! The draw claims of a line as it is played, as [`crate::rules::Game::claim`]
//! judges them, for callers that walk a replayed line without a `Game`.

use crate::rules::{Claim, Position};

/// Hashes of the positions since the last irreversible move (a buffer
/// reused from game to game).
#[derive(Clone, Debug, Default)]
pub struct Claims {
    seen: Vec<u64>,
    /// For each side to move, a bit (chosen by the hash's top six bits) of
    /// every position in `seen`: a position whose bit is not set was not
    /// seen, and the list is not looked through.
    bits: [u64; 2],
}

/// The bit of `hash` in [`Claims::bits`].
fn bit(hash: u64) -> u64 {
    1 << (hash >> 58)
}

impl Claims {
    /// A line starts at `pos`.
    pub fn start(&mut self, pos: &Position) {
        self.seen.clear();
        self.bits = [0; 2];
        self.seen.push(pos.hash());
        if let Some(b) = self.bits.get_mut(pos.turn().index()) {
            *b |= bit(pos.hash());
        }
    }

    /// A move was played, giving `pos`: the draw that may be claimed now.
    pub fn after(&mut self, pos: &Position) -> Option<Claim> {
        if pos.halfmoves() == 0 {
            self.seen.clear();
            self.bits = [0; 2];
        }
        let now = pos.hash();
        self.seen.push(now);
        let seen_before = self.bits.get_mut(pos.turn().index()).is_some_and(|b| {
            let before = *b & bit(now) != 0;
            *b |= bit(now);
            before
        });
        // The side to move is part of the hash: only every other position
        // back can be this one again.
        let earlier = if seen_before {
            self.seen.iter().rev().skip(2).step_by(2).filter(|&&h| h == now).take(2).count()
        } else {
            0
        };
        if earlier >= 2 {
            Some(Claim::Threefold)
        } else if pos.halfmoves() >= pos.rules().claim_plies {
            Some(Claim::MoveRule)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Variant};

    /// The claim after each ply is the one `Game::claim` judges on the
    /// positions played, in a line whose knights go out and back (the start
    /// position three times, then the position after 1. Nf3 e6 three times),
    /// and after a pawn move resets the count.
    #[test]
    fn the_claims_are_the_games_claims() {
        let start = Position::start(Variant::Chess).expect("start");
        let out_and_back = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let back_and_out = ["f3g1", "g8f6", "g1f3", "f6g8"];
        let line: Vec<&str> = out_and_back
            .iter()
            .chain(&out_and_back)
            .chain(&["g1f3", "e7e6"])
            .chain(&back_and_out)
            .chain(&back_and_out)
            .copied()
            .collect();
        let moves = crate::notation::uci_line(&start, line.iter().copied()).expect("legal");
        let mut claims = Claims::default();
        claims.start(&start);
        let mut game = Game::new(start);
        let mut threefolds = 0;
        for m in moves {
            game.play_unchecked(m);
            let claim = claims.after(game.position());
            assert_eq!(claim, game.claim(), "after {} plies", game.plies());
            threefolds += usize::from(claim == Some(Claim::Threefold));
        }
        assert!(threefolds >= 2, "{threefolds}");
    }
}
