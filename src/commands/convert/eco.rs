//! Opening names for Chess: lichess's chess-openings table (CC0; the copy
//! in data/eco/, whose SOURCE names its commit), read once, by position.
//! Each line's moves are replayed by the rules, and its final position
//! keyed by its Zobrist hash (men, side, castling, a legal en passant: as
//! python-chess's `board.epd()`), so a transposition finds its name. A
//! game is named by the deepest position of its main line in the table
//! (`convert --eco`).

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::notation::ast::GameRecord;
use crate::notation::{Found, Reader};
use crate::replay::{replay, Options};
use crate::rules::{Variant, VariantPosition};

/// The table's files, in their order (the first line of a position names it).
const TABLES: [&str; 5] = [
    include_str!("../../../data/eco/a.tsv"),
    include_str!("../../../data/eco/b.tsv"),
    include_str!("../../../data/eco/c.tsv"),
    include_str!("../../../data/eco/d.tsv"),
    include_str!("../../../data/eco/e.tsv"),
];

/// An opening: its ECO code and its name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub eco: &'static str,
    pub name: &'static str,
}

/// The openings by the hash of their position.
fn table() -> &'static HashMap<u64, Opening> {
    static TABLE: OnceLock<HashMap<u64, Opening>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = HashMap::new();
        let options = Options { default_variant: chess(), ..Options::default() };
        let mut record = GameRecord::default();
        for line in TABLES.iter().flat_map(|t| t.lines().skip(1)) {
            let mut fields = line.split('\t');
            let (Some(eco), Some(name), Some(moves)) = (fields.next(), fields.next(), fields.next()) else {
                continue;
            };
            let mut reader = Reader::new(moves);
            if !matches!(reader.read_into(&mut record), Some(Found::Game)) {
                continue;
            }
            let report = replay(&record, 0, options);
            if let (true, Some(last)) = (report.is_valid(), report.last.as_ref()) {
                table.entry(last.hash()).or_insert(Opening { eco, name });
            }
        }
        table
    })
}

/// The opening whose position this is, in Chess (a position of another
/// variant may share a hash: ask only for Chess positions, and Chess960
/// ones from the standard start).
pub fn name_of(position: &VariantPosition) -> Option<Opening> {
    table().get(&position.hash()).copied()
}

/// Whether games of `variant` get opening names.
pub fn names(variant: Option<Variant>) -> bool {
    variant.is_some() && variant == chess()
}

/// The variant of the table, by its tag name: the table's lines are
/// Chess, as lichess reads them.
fn chess() -> Option<Variant> {
    "Chess".parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_table_is_read() {
        let lines: usize = TABLES.iter().map(|t| t.lines().count() - 1).sum();
        assert!(lines > 3_000, "{lines}");
        // Lines that reach the same position keep one name: fewer keys.
        assert!(table().len() > lines * 9 / 10, "{} of {lines}", table().len());
    }

    #[test]
    fn a_transposition_is_named() {
        let options = Options { default_variant: Some(Variant::Chess), ..Options::default() };
        let named = |moves: &str| {
            let mut record = GameRecord::default();
            Reader::new(moves).read_into(&mut record);
            let report = replay(&record, 0, options);
            report.last.as_ref().and_then(name_of).map(|o| o.name)
        };
        assert_eq!(
            named("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6"),
            Some("Sicilian Defense: Najdorf Variation")
        );
        // The Queen's Gambit Declined reached by the English.
        assert_eq!(named("1. c4 e6 2. Nc3 d5 3. d4"), named("1. d4 d5 2. c4 e6 3. Nc3"));
        assert!(named("1. d4 d5 2. c4 e6 3. Nc3").is_some());
    }
}
