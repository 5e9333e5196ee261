//! A written Dice chess move (as plain values, no text) to the move it
//! names among the moves of the men of its kind, whatever the dice: the
//! caller judges the die. Dice chess has no check, so every move the men
//! can make counts (for resolution and for disambiguation alike).

use super::{DicePosition, DICE};
use crate::rules::castling::Wing;
use crate::rules::moves::{Move, MoveKind};
use crate::rules::resolve::MoveSpec;
use crate::rules::role::Role;
use crate::rules::Square;

/// Why a written move names no move here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceResolveError {
    /// Long form: the from-square is empty.
    NoMan {
        from: Square,
    },
    /// Long form: the man on the from-square is the opponent's.
    OpponentsMan {
        from: Square,
        role: Role,
    },
    /// Long form: the man on the from-square is of another kind.
    WrongMan {
        from: Square,
        found: Role,
    },
    /// Long form: that man cannot go there; its moves.
    CannotGo {
        from: Square,
        moves: Vec<Move>,
    },
    /// Short form: no man of the kind goes there.
    NoCandidate {
        role: Role,
        to: Square,
    },
    Ambiguous {
        candidates: Vec<Move>,
    },
    /// A pawn reaches the last rank with no promotion piece written.
    MissingPromotion,
    /// A promotion piece the pawn cannot become (a king or a pawn).
    ForbiddenPromotion {
        piece: Role,
    },
    /// A promotion piece on a move that does not promote.
    NotAPromotion,
    /// A castling whose right is lost (king or rook has moved).
    CastlingRightLost,
    /// A castling with men between king and rook.
    CastlingBlocked {
        squares: Vec<Square>,
    },
}

impl DicePosition {
    /// The move `spec` names.
    pub fn resolve(&self, spec: &MoveSpec) -> Result<Move, DiceResolveError> {
        let mut moves = Vec::new();
        self.moves_of(spec.role, false, &mut moves);
        let long_from = match (spec.from_file, spec.from_rank) {
            (Some(f), Some(r)) => Square::new(f, r),
            _ => None,
        };
        let fits = |m: &Move| {
            m.to == spec.to
                && spec.from_file.is_none_or(|f| m.from.file() == f)
                && spec.from_rank.is_none_or(|r| m.from.rank() == r)
        };
        let mut found: Vec<Move> = moves.iter().copied().filter(fits).collect();
        if found.is_empty() {
            if let Some(from) = long_from {
                return Err(match self.board().piece_at(from) {
                    None => DiceResolveError::NoMan { from },
                    Some(p) if p.color != self.turn() => DiceResolveError::OpponentsMan { from, role: p.role },
                    Some(p) if p.role != spec.role => DiceResolveError::WrongMan { from, found: p.role },
                    Some(_) => DiceResolveError::CannotGo {
                        from,
                        moves: moves.into_iter().filter(|m| m.from == from).collect(),
                    },
                });
            }
            return Err(DiceResolveError::NoCandidate { role: spec.role, to: spec.to });
        }
        let promotes = found.iter().any(|m| matches!(m.kind, MoveKind::Promotion(_)));
        match (promotes, spec.promotion) {
            (true, None) => return Err(DiceResolveError::MissingPromotion),
            (true, Some(piece @ (Role::King | Role::Pawn))) => {
                return Err(DiceResolveError::ForbiddenPromotion { piece })
            }
            (true, Some(piece)) => found.retain(|m| m.kind == MoveKind::Promotion(piece)),
            (false, Some(_)) => return Err(DiceResolveError::NotAPromotion),
            (false, None) => {}
        }
        match found.as_slice() {
            [m] => Ok(*m),
            [] => Err(DiceResolveError::NoCandidate { role: spec.role, to: spec.to }),
            _ => Err(DiceResolveError::Ambiguous { candidates: found }),
        }
    }

    /// The castling `0-0` (`Wing::Short`) or `0-0-0` names.
    pub fn resolve_castle(&self, wing: Wing) -> Result<Move, DiceResolveError> {
        let us = self.turn();
        let slot = usize::from(wing == Wing::Long);
        let index = super::castle_indices(us).get(slot).copied().ok_or(DiceResolveError::CastlingRightLost)?;
        if self.castling & (1 << (2 * us.index() + slot)) == 0 {
            return Err(DiceResolveError::CastlingRightLost);
        }
        let spec = DICE.castling.get(usize::from(index)).ok_or(DiceResolveError::CastlingRightLost)?;
        let blocked: Vec<Square> = (spec.between & self.board().occupied()).collect();
        if !blocked.is_empty() {
            return Err(DiceResolveError::CastlingBlocked { squares: blocked });
        }
        Ok(Move::new(spec.king_from, spec.king_to, MoveKind::Castle(index)))
    }
}
