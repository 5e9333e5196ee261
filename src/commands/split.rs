//! `split`: which part each game goes to, and the parts' names. Parts are
//! named predictably: `part-0001.pgn` (by count), `shard-0001.pgn` (by
//! bytes), the variant's name (`hundred.pgn`), or the tag's value made
//! safe as a file name (`Tata_Steel_2024.pgn`; `_none.pgn` without it),
//! one part a value ([`PartNames`]).

use crate::commands::collect::{chunk_games, Wanted};
use crate::notation::GameRecord;
use crate::replay::Options;

/// How to split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// N games a part.
    Games(u64),
    /// One part per variant (the Variant tag, or the default variant).
    ByVariant,
    /// One part per value of the tag.
    ByTag(String),
    /// N parts of consecutive games, of about equal bytes.
    Shards(u64),
}

/// A game of a chunk: its text and the value it is split by (variant
/// name or tag value; empty for the other modes).
#[derive(Debug)]
pub struct Piece {
    pub range: std::ops::Range<usize>,
    pub value: String,
}

/// The games of a chunk with what they are split by; the text before the
/// first game is `text[..prefix]`.
pub fn split_chunk(text: &str, mode: &Mode, options: Options) -> (usize, Vec<Piece>) {
    let mut values = Vec::new();
    let value = |record: &GameRecord, index: usize| -> String {
        match mode {
            // The variant the game counts as: a game without the tag by the
            // one rule every command follows (`replay::variant_of`).
            Mode::ByVariant => crate::replay::variant_of(record, index, options)
                .map_or_else(|| "unknown".to_string(), |v| v.name().to_lowercase()),
            Mode::ByTag(name) => record.tag(name).unwrap_or_default().to_string(),
            Mode::Games(_) | Mode::Shards(_) => String::new(),
        }
    };
    let games = chunk_games(text, options, Wanted::default(), |r| {
        values.push(value(r, values.len()));
        true
    });
    let pieces = games.games.into_iter().zip(values).map(|(g, value)| Piece { range: g.range, value }).collect();
    (games.prefix, pieces)
}

/// A tag value as a file name: letters, digits, `-`, `_` and `.` kept,
/// every other run of characters one `_`; never empty, never starting
/// with a dot, at most 100 characters.
pub fn safe_name(value: &str) -> String {
    let mut out = String::new();
    for c in value.trim().chars() {
        if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let mut out: String = out.trim_start_matches('.').chars().take(100).collect();
    if out.is_empty() || out == "_" {
        out = "_none".to_string();
    }
    out
}

/// The parts of `--by-variant` and `--by-tag`: one a value. A value's part
/// is its [`safe_name`], or, when another value had that name first (`A/B`
/// and `A B`, or `?` and no tag), that name with `-2`, `-3` ... added, so
/// that a part holds the games of one value. `_none.pgn` is the part of
/// the games without the tag (or with it empty).
#[derive(Debug)]
pub struct PartNames {
    of: std::collections::HashMap<String, String>,
    taken: std::collections::HashSet<String>,
}

impl Default for PartNames {
    fn default() -> PartNames {
        let none = "_none.pgn".to_string();
        PartNames { of: [(String::new(), none.clone())].into(), taken: [none].into() }
    }
}

impl PartNames {
    /// The file name of the part of `value`.
    pub fn name(&mut self, value: &str) -> String {
        if let Some(name) = self.of.get(value) {
            return name.clone();
        }
        let base = safe_name(value);
        let mut name = format!("{base}.pgn");
        let mut n = 1;
        while self.taken.contains(&name) {
            n += 1;
            name = format!("{base}-{n}.pgn");
        }
        self.taken.insert(name.clone());
        self.of.insert(value.to_string(), name.clone());
        name
    }
}

/// The name of a numbered part (from 1), zero-padded to at least 4 digits.
pub fn numbered(prefix: &str, n: u64) -> String {
    format!("{prefix}-{n:04}.pgn")
}

/// The shard (from 0) of a game starting `at` bytes into an input of
/// `total` bytes split into `shards`: consecutive games, equal bytes.
pub fn shard_of(at: u64, total: u64, shards: u64) -> u64 {
    if total == 0 {
        return 0;
    }
    ((u128::from(at) * u128::from(shards) / u128::from(total)) as u64).min(shards.saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_safe_and_predictable() {
        assert_eq!(safe_name("Tata Steel 2024"), "Tata_Steel_2024");
        assert_eq!(safe_name("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(safe_name(""), "_none");
        assert_eq!(safe_name("Москва"), "Москва");
        let mut parts = PartNames::default();
        let names: Vec<String> = ["A/B", "A B", "A/B", "?", "", "A_B-2", "_none"].map(|v| parts.name(v)).into();
        assert_eq!(
            names,
            ["A_B.pgn", "A_B-2.pgn", "A_B.pgn", "_none-2.pgn", "_none.pgn", "A_B-2-2.pgn", "_none-3.pgn"]
        );
        assert_eq!(numbered("part", 3), "part-0003.pgn");
        assert_eq!(numbered("part", 12345), "part-12345.pgn");
        assert_eq!((shard_of(0, 100, 4), shard_of(49, 100, 4), shard_of(99, 100, 4)), (0, 1, 3));
    }
}
