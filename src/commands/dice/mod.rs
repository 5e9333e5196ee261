//! Dice chess records (RULES.md 4, NOTATION.md): rolls read into dice, turns
//! replayed through [`crate::rules::dice`], the maximum-moves rule judged.

pub mod annotate;
pub mod convert;
pub mod generate;
pub mod page;
pub mod show;
