//! The written move to what the rules resolve: a pure function of the move
//! text, the variant and the record's files (the `San::to_move` boundary).

use super::tags::Files;
use crate::notation::ast::{Man, ManMove, MoveText, SquareText};
use crate::rules::{CastleText, MoveSpec, Role, Square, Stage, Variant, Wing};

/// A written move, ready for the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Written {
    Castle(CastleText),
    Man(MoveSpec),
    /// `--`: the turn passes.
    Null,
    /// Royal's `Пс=Ф` (replayed apart: not a move).
    Restoration,
}

/// Why a written move names nothing on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum SpecError {
    /// The variant has no such man.
    UnknownPiece { man: Option<Man>, variant: Variant },
    /// File `k` in a record of files `a-j` (`file` 10), or `j` in one of
    /// files `a-k` (`file` 9).
    OffBoard { file: u8 },
}

/// What `text` asks the rules for.
pub(super) fn written(text: &MoveText, variant: Variant, files: Files) -> Result<Written, SpecError> {
    Ok(match text {
        MoveText::Zeros(n) => Written::Castle(match (variant, n) {
            (Variant::Hundred, 3) => CastleText::TwoStage(Stage::First, Wing::Short),
            (Variant::Hundred, 4) => CastleText::TwoStage(Stage::First, Wing::Long),
            (_, 2) => CastleText::Chess(Wing::Short),
            _ => CastleText::Chess(Wing::Long),
        }),
        MoveText::Ones(n) => {
            let wing = if *n == 1 { Wing::Short } else { Wing::Long };
            Written::Castle(CastleText::TwoStage(Stage::Second, wing))
        }
        MoveText::Man(m) => Written::Man(spec(m, variant, files)?),
        MoveText::Null => Written::Null,
        MoveText::Restoration { .. } => Written::Restoration,
    })
}

/// The move spec of a man's move.
#[inline(always)]
pub(super) fn spec(m: &ManMove, variant: Variant, files: Files) -> Result<MoveSpec, SpecError> {
    let role = role_of(m.man, variant)?;
    // The common move: no promotion, no throne pawn, no from-file `k`.
    if m.promotion.is_none() && m.throne.is_none() && m.from_file.is_none_or(|f| f < 10) {
        let to = square(m.to, files)?;
        return Ok(MoveSpec {
            role,
            from_file: m.from_file,
            from_rank: m.from_rank,
            to,
            promotion: None,
            throne: None,
        });
    }
    let promotion = match m.promotion {
        Some(p) => Some(role_of(Some(p), variant)?),
        None => None,
    };
    let to = square(m.to, files)?;
    let throne = match m.throne {
        Some(s) => Some(square(s, files)?),
        None => None,
    };
    let from_file = match m.from_file {
        Some(10) if files == Files::AK => Some(9),
        Some(10) => return Err(SpecError::OffBoard { file: 10 }),
        f => f,
    };
    Ok(MoveSpec { role, from_file, from_rank: m.from_rank, to, promotion, throne })
}

/// The role a piece letter names in `variant`.
fn role_of(man: Option<Man>, variant: Variant) -> Result<Role, SpecError> {
    match man {
        None | Some(Man::Pawn) => Ok(Role::Pawn),
        Some(Man::King) => Ok(Role::King),
        Some(Man::Queen) => Ok(Role::Queen),
        Some(Man::Rook) => Ok(Role::Rook),
        Some(Man::Bishop) => Ok(Role::Bishop),
        Some(Man::Knight) => Ok(Role::Knight),
        Some(Man::Prince) if variant == Variant::Hundred => Ok(Role::Prince),
        Some(Man::Marshal) if variant == Variant::Grand => Ok(Role::Marshal),
        Some(Man::Cardinal) if variant == Variant::Grand => Ok(Role::Cardinal),
        Some(Man::RoyalPrince) if variant == Variant::Royal => Ok(Role::Heir),
        Some(Man::Princess) if variant == Variant::Royal => Ok(Role::Princess),
        _ => Err(SpecError::UnknownPiece { man, variant }),
    }
}

/// A written square on the board of `files`.
fn square(s: SquareText, files: Files) -> Result<Square, SpecError> {
    let file = match (files, s.file) {
        (Files::AJ, 10) | (Files::AK, 9) => return Err(SpecError::OffBoard { file: s.file }),
        (Files::AK, 10) => 9,
        (_, f) => f,
    };
    // The reader writes files 0..=10 and ranks 0..=9, so `file` is 0..=9
    // here and `Square::new` is always `Some`; should it not be, the square
    // is off the board.
    Square::new(file, s.rank).ok_or(SpecError::OffBoard { file: s.file })
}
