//! Which rule of docs/rules.md 5.3 a written move that is no legal move breaks,
//! when it is a move of 5.2: the compulsory king capture (L1), the king left
//! attacked without cover (L2), both kings left attacked (L3).

use super::generate::{castle_attack, generate_pseudo};
use crate::rules::castling::{Stage, Wing};
use crate::rules::geometry::{Bitboard, Square};
use crate::rules::movegen::Find;
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::resolve::{CastleFailure, MoveSpec};
use crate::rules::role::Color;
use crate::rules::variant::Legality;

/// A rule of docs/rules.md 5.3 that a move of 5.2 breaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// L1: the enemy king on `king` is attacked, and this move does not take it.
    KingCaptureRequired { king: Square },
    /// L2: the side has no prince, and its king would stand attacked.
    KingLeftAttacked,
    /// L3: both kings would stand attacked.
    CounterCheck,
}

impl Position {
    /// The rule of 5.3 that the move `spec` names breaks (`None` for a
    /// castling: only L1 is judged), when the move is one of 5.2 that the
    /// rules of 5.3 forbid; `None` when no such move fits or it is legal.
    pub fn royal_violation(&self, spec: Option<&MoveSpec>) -> Option<Violation> {
        if self.rules().legality != Legality::Cover {
            return None;
        }
        let us = self.turn();
        let them = !us;
        let board = self.board();
        if let Some(king) = board.king_of(them) {
            if self.king_attacked(them) && self.has_cover(them) && spec.is_none_or(|s| s.to != king) {
                return Some(Violation::KingCaptureRequired { king });
            }
        }
        let spec = spec?;
        // A capture by files names no target square: no move of 5.2 to judge.
        if spec.any_rank {
            return None;
        }
        let fits = |m: Move| {
            !m.is_castle()
                && m.to == spec.to
                && spec.from_file.is_none_or(|f| f == m.from.file())
                && spec.from_rank.is_none_or(|r| r == m.from.rank())
                && board.piece_at(m.from).is_some_and(|p| p.role == spec.role)
                && m.promotion() == spec.promotion
                && !self.is_legal(m)
        };
        let mut find = Find { wanted: fits, found: None };
        generate_pseudo(self, &mut find, spec.to.bb() | Bitboard::EMPTY);
        let m = find.found?;
        let mut after = self.clone();
        after.play_unchecked(m);
        Some(judge(&after, us))
    }
}

impl Position {
    /// Royal: the attack that forbids the side to move its castling on
    /// `wing`, by Royal's own attack test (docs/rules.md 5.2, 5.3: princes and
    /// princesses attack too): the king in check, a square it crosses or
    /// the square it lands on attacked. `None` when no attack stands in
    /// its way, or in another variant.
    pub fn royal_castle_attack(&self, wing: Wing) -> Option<CastleFailure> {
        if self.rules().legality != Legality::Cover {
            return None;
        }
        let index = self.castle_index(self.turn(), Stage::First, wing)?;
        castle_attack(self, self.castle_spec(index))
    }
}

/// After `us` moved: which of L2 and L3 the move broke.
fn judge(after: &Position, us: Color) -> Violation {
    if after.king_attacked(!us) && after.has_cover(us) {
        Violation::CounterCheck
    } else {
        Violation::KingLeftAttacked
    }
}
