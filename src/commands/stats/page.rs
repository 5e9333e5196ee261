//! The figures of `stats --html` ([`crate::output::stats_page`]) from the
//! aggregate.

use super::Aggregate;
use crate::output::stats_page::{DiceFigures, StatsFigures};

impl Aggregate {
    /// What the statistics page draws of this aggregate.
    pub fn figures(&self) -> StatsFigures<'_> {
        let d = &self.dice;
        let dice = self.variants.get("Dice").map(|&games| DiceFigures {
            games,
            turns: d.turns,
            moves_per_turn: d.moves_per_turn,
            forced_turns: d.forced_turns,
            dice_unused: d.dice_unused,
            king_captures: d.king_captures,
            king_captures_with_dice_left: d.king_captures_with_dice_left,
        });
        StatsFigures {
            games: self.games,
            valid: self.valid,
            invalid: self.invalid,
            files: self.files,
            plies: &self.plies,
            rows: self.rows(),
            dice,
        }
    }
}
