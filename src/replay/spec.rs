//! The written move to what the rules resolve: a pure function of the move
//! text, the variant and the record's files (the `San::to_move` boundary).

use super::tags::Files;
use crate::notation::ast::{Man, ManMove, MoveText, Roll, SquareText};
use crate::rules::dice::face_role;
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
        MoveText::Zeros(n) => Written::Castle(match (variant.rules().is_ok_and(|r| r.two_stage_castling()), n) {
            (true, 3) => CastleText::TwoStage(Stage::First, Wing::Short),
            (true, 4) => CastleText::TwoStage(Stage::First, Wing::Long),
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
            any_rank: m.file_capture,
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
    Ok(MoveSpec { role, from_file, from_rank: m.from_rank, to, promotion, throne, any_rank: m.file_capture })
}

/// The role a piece letter names in `variant`: looked up in [`ROLES`].
#[inline(always)]
fn role_of(man: Option<Man>, variant: Variant) -> Result<Role, SpecError> {
    let index = man.map_or(0, |m| m as usize + 1);
    ROLES
        .get(variant as usize)
        .and_then(|roles| roles.get(index))
        .copied()
        .flatten()
        // Not in the table: a man of another variant, or one `MEN` lacks.
        .or_else(|| role_in(man, variant))
        .ok_or(SpecError::UnknownPiece { man, variant })
}

/// The men as [`role_of`] indexes them: no letter first, then [`Man`]'s order.
const MEN: [Option<Man>; Man::Princess as usize + 2] = [
    None,
    Some(Man::King),
    Some(Man::Queen),
    Some(Man::Prince),
    Some(Man::Rook),
    Some(Man::Bishop),
    Some(Man::Knight),
    Some(Man::Pawn),
    Some(Man::Marshal),
    Some(Man::Cardinal),
    Some(Man::RoyalPrince),
    Some(Man::Princess),
];

/// [`role_in`] of every variant and man, by [`Variant::ALL`] and [`MEN`] index.
/// A table, not a `match`: the man changes from move to move unpredictably,
/// and the `match` compiled to an indirect jump on it that the processor
/// often mispredicted (issue 13).
#[expect(clippy::indexing_slicing, reason = "indexes below the lengths the loops test; built at compile time")]
const ROLES: [[Option<Role>; MEN.len()]; Variant::ALL.len()] = {
    let mut table = [[None; MEN.len()]; Variant::ALL.len()];
    let mut v = 0;
    while v < Variant::ALL.len() {
        assert!(Variant::ALL[v] as usize == v, "Variant::ALL in the enum's order");
        let mut m = 0;
        while m < MEN.len() {
            match MEN[m] {
                None => assert!(m == 0, "MEN: no letter first, and only there"),
                Some(man) => assert!(man as usize + 1 == m, "MEN in the enum's order"),
            }
            table[v][m] = role_in(MEN[m], Variant::ALL[v]);
            m += 1;
        }
        v += 1;
    }
    table
};

/// The role a piece letter names in `variant`, `None` when it names none
/// there (the variant's rules have no such man).
const fn role_in(man: Option<Man>, variant: Variant) -> Option<Role> {
    let role = match man {
        None | Some(Man::Pawn) => Role::Pawn,
        Some(Man::King) => Role::King,
        Some(Man::Queen) => Role::Queen,
        Some(Man::Rook) => Role::Rook,
        Some(Man::Bishop) => Role::Bishop,
        Some(Man::Knight) => Role::Knight,
        Some(Man::Prince) => Role::Prince,
        Some(Man::Marshal) => Role::Marshal,
        Some(Man::Cardinal) => Role::Cardinal,
        Some(Man::RoyalPrince) => Role::Heir,
        Some(Man::Princess) => Role::Princess,
    };
    match variant.rules() {
        Ok(rules) if rules.has_role(role) => Some(role),
        _ => None,
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

/// The face number (1 pawn .. 6 king) of a man a roll names; `None` for a
/// man no die shows.
fn face_of_man(man: Man) -> Option<u8> {
    Some(match man {
        Man::Pawn => 1,
        Man::Knight => 2,
        Man::Bishop => 3,
        Man::Rook => 4,
        Man::Queen => 5,
        Man::King => 6,
        _ => return None,
    })
}

/// The dice of a roll as the rules' roles.
pub fn roll_roles(roll: &Roll) -> Option<[Role; 3]> {
    let [a, b, c] = roll.faces.map(|m| face_of_man(m).and_then(face_role));
    Some([a?, b?, c?])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table answers as `role_in` does, for every variant and man.
    #[test]
    fn the_role_table_is_role_in() {
        for variant in Variant::ALL {
            for man in MEN {
                let from_table = ROLES[variant as usize][man.map_or(0, |m| m as usize + 1)];
                assert_eq!(from_table, role_in(man, variant), "{variant:?} {man:?}");
                assert_eq!(role_of(man, variant).ok(), role_in(man, variant), "{variant:?} {man:?}");
            }
        }
        assert_eq!(role_of(Some(Man::Prince), Variant::Hundred), Ok(Role::Prince));
        assert_eq!(
            role_of(Some(Man::Prince), Variant::Chess),
            Err(SpecError::UnknownPiece { man: Some(Man::Prince), variant: Variant::Chess })
        );
    }
}
