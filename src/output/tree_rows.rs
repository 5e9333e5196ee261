//! The rows of the opening tree as every writer prints them (`tree
//! --format json`, CSV, text, and the explorer page
//! [`crate::output::tree_page`]): plain figures that `commands::tree` fills
//! from its tallies.

use serde::Serialize;

use crate::notation::{Letters, Style};

/// Where a game is: its input (by name), its number there (from 1), and
/// its players (fields in the order of their names, as JSON has them).
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Sample {
    pub black: String,
    pub file: String,
    pub game: u64,
    pub white: String,
}

/// One row of the written tree: a continuation with its figures. (Its
/// fields stand in the order of their names, as `tree --format json` writes
/// them.)
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub black: u64,
    /// Turns from the root (1 for the root's own continuations).
    pub depth: u32,
    pub draws: u64,
    /// The position after it.
    pub fen: String,
    pub first_date: Option<String>,
    pub games: u64,
    pub last_date: Option<String>,
    /// The moves from the root to it, as written (space-separated).
    pub line: String,
    #[serde(rename = "move")]
    pub written: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<Row>,
    pub performance: Option<i64>,
    pub rating: Option<u64>,
    pub sample: Option<Sample>,
    /// The side to move's score in percent.
    pub score: Option<f64>,
    pub uci: String,
    pub white: u64,
    pub year: Option<f64>,
}

/// How the tree is written.
#[derive(Copy, Clone, Debug)]
pub struct Written {
    pub letters: Letters,
    pub style: Style,
    /// Turns written (1: the root's continuations only).
    pub depth: u32,
    pub min_games: u64,
}
