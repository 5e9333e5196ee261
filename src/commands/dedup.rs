//! `dedup`: games of the same variant and start position with the same
//! main-line moves are copies of one game, whatever letters, style, tags,
//! comments or file they are written in. A game is known by a 128-bit key
//! of those ([`crate::commands::collect`]), so memory is a key and a place per game.
//! A game that does not replay without error is compared with none.

use std::collections::HashMap;

use crate::commands::collect::{chunk_games, Wanted};
use crate::replay::Options;

/// Where a copy stands: the input (by index), the line of its first tag
/// and its number in the input, both from 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    pub input: u32,
    pub line: u64,
    pub game: u64,
}

/// A game of a chunk: its key (none for a game compared with none) and
/// its text, with line and number counted from the chunk's start.
#[derive(Debug)]
pub struct Keyed {
    pub key: Option<u128>,
    /// Lines of the chunk before the game's first line.
    pub line: usize,
    pub range: std::ops::Range<usize>,
}

/// The games of a chunk with their keys; `prefix` is the text before the first.
pub fn key_chunk(text: &str, options: Options) -> (usize, Vec<Keyed>) {
    key_chunk_by(text, options, None)
}

/// [`key_chunk`]; `by_position`: games are keyed by their board after
/// that many plies (0: the last position) instead of their moves.
pub fn key_chunk_by(text: &str, options: Options, by_position: Option<u32>) -> (usize, Vec<Keyed>) {
    let games = chunk_games(text, options, Wanted { replay: true, by_position, ..Wanted::default() }, |_| true);
    let list = games.games.into_iter().map(|g| Keyed { key: g.key, line: g.line, range: g.range }).collect();
    (games.prefix, list)
}

/// The keys seen so far and the copies of each (their places only when
/// [`Seen::keep`] is set, for a report: otherwise memory is the keys').
#[derive(Default)]
pub struct Seen {
    /// Keep the place of every copy.
    pub keep: bool,
    /// Groups of two or more copies.
    pub group_count: u64,
    /// A key's first place, and its group once it has a second copy.
    first: HashMap<u128, (Place, Option<u32>)>,
    /// The groups of copies, in the order their second copy was found.
    groups: Vec<Vec<Place>>,
    pub games: u64,
    pub duplicates: u64,
    pub uncompared: u64,
}

impl Seen {
    /// `keep`: keep the place of every copy (for a report).
    pub fn new(keep: bool) -> Seen {
        Seen { keep, ..Seen::default() }
    }

    /// Knows a game of a checked collection (`dedup --against`): a later
    /// game with its key is a copy. Counted as no game.
    pub fn know(&mut self, key: Option<u128>, place: Place) {
        if let Some(key) = key {
            self.first.entry(key).or_insert((place, None));
        }
    }

    /// Records a game; whether it is the first of its key (or compared with none).
    pub fn add(&mut self, key: Option<u128>, place: Place) -> bool {
        self.games += 1;
        let Some(key) = key else {
            self.uncompared += 1;
            return true;
        };
        match self.first.entry(key) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert((place, None));
                true
            }
            std::collections::hash_map::Entry::Occupied(mut o) => {
                self.duplicates += 1;
                let (first, group) = o.get_mut();
                match group {
                    Some(g) if self.keep => self.groups.get_mut(*g as usize).into_iter().for_each(|g| g.push(place)),
                    Some(_) => {}
                    None => {
                        self.group_count += 1;
                        *group = Some(self.groups.len() as u32);
                        if self.keep {
                            self.groups.push(vec![*first, place]);
                        }
                    }
                }
                false
            }
        }
    }

    /// The groups of two or more copies, each in input order, ordered by their first copy.
    pub fn groups(&self) -> Vec<&[Place]> {
        let mut out: Vec<&[Place]> = self.groups.iter().map(Vec::as_slice).collect();
        out.sort_by_key(|g| g.first().copied());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_group_under_their_first() {
        let mut seen = Seen::new(true);
        let at = |input, line| Place { input, line, game: line };
        assert!(seen.add(Some(1), at(0, 1)));
        assert!(seen.add(Some(2), at(0, 5)));
        assert!(!seen.add(Some(1), at(1, 3)));
        assert!(seen.add(None, at(1, 9)));
        assert!(!seen.add(Some(1), at(1, 12)));
        assert_eq!(seen.groups(), vec![&[at(0, 1), at(1, 3), at(1, 12)][..]]);
        assert_eq!((seen.games, seen.duplicates, seen.uncompared, seen.group_count), (5, 2, 1, 1));
    }
}
