//! Dice chess records (RULES.md 4, NOTATION.md): rolls read into dice, turns
//! replayed through [`crate::rules::dice`], the maximum-moves rule judged.

pub mod annotate;
pub mod convert;
pub mod generate;
pub mod page;
pub mod show;
pub mod stats;
pub mod write;

use crate::notation::ast::{Man, Roll};
use crate::rules::dice::face_role;
use crate::rules::Role;

/// The face number (1 pawn .. 6 king) of a man a roll names; `None` for a
/// man no die shows.
pub fn face_of_man(man: Man) -> Option<u8> {
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
