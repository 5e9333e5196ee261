//! The most frequent openings of `stats`: per variant, the positions games
//! reach after their first N turns, merged by position (its hash, as
//! [`crate::commands::tree`] knows positions: a transposition counts with
//! the line it transposes to), each with the line of the first game that
//! reached it (in Latin short notation) and its FEN.
//!
//! A turn is a ply, but in Dice chess the roll and its moves, and in Royal
//! Chess 100 a queen restoration with the move it comes before, as in
//! `tree`: the openings of N turns are the positions of `tree --depth N`'s
//! deepest continuations. A game counts when its first N turns replay
//! (what follows need not).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::commands::tree::{written, Continuation};
use crate::notation::ast::{GameRecord, Token};
use crate::notation::{Letters, Style};
use crate::replay::{DiceTurn, Flow, Observer, Ply};
use crate::rules::{Bitboard, Move, Role, Termination, VariantPosition};

/// Turns counted by default.
pub const DEFAULT_TURNS: u32 = 6;

/// Openings shown per variant (the JSON aggregate keeps them all, so that
/// aggregates add up exactly).
pub const SHOWN: usize = 10;

/// An opening: the games that reach its position, the first one's line
/// and the position's FEN.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Opening {
    pub games: u64,
    pub line: String,
    pub fen: String,
}

/// The openings of the games counted.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Openings {
    /// Turns from the start (0: none counted).
    pub turns: u32,
    /// By variant, by the position's hash (16 hex digits).
    pub by_variant: BTreeMap<String, BTreeMap<String, Opening>>,
}

impl Openings {
    /// Counts the opening `walk` saw (if its game played `turns` turns).
    pub fn add(&mut self, walk: &mut Walk) {
        self.turns = self.turns.max(walk.turns);
        let Some(end) = walk.end.take() else { return };
        let openings = self.by_variant.entry(end.variant().name().to_string()).or_default();
        let opening = openings.entry(format!("{:016x}", end.hash())).or_insert_with(|| {
            let line: Vec<String> =
                walk.played.iter().map(|(pos, c)| written(c, pos, Letters::Latin, Style::Short)).collect();
            Opening { games: 0, line: line.join(" "), fen: end.fen() }
        });
        opening.games += 1;
    }

    /// Adds `later`, the openings of the games after these (an opening met
    /// in both keeps this one's line).
    pub fn merge(&mut self, later: Openings) {
        self.turns = self.turns.max(later.turns);
        for (variant, openings) in later.by_variant {
            let mine = self.by_variant.entry(variant).or_default();
            for (key, o) in openings {
                mine.entry(key).or_insert_with(|| Opening { games: 0, ..o.clone() }).games += o.games;
            }
        }
    }

    /// The most frequent openings of each variant (most games first, then
    /// by line), at most [`SHOWN`]: variant and opening.
    pub fn top(&self) -> Vec<(&str, &Opening)> {
        let mut out = Vec::new();
        for (variant, openings) in &self.by_variant {
            let mut all: Vec<&Opening> = openings.values().collect();
            all.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.line.cmp(&b.line)));
            out.extend(all.into_iter().take(SHOWN).map(|o| (variant.as_str(), o)));
        }
        out
    }
}

/// Follows a game's first turns (beside another observer: [`Beside`]).
#[derive(Default)]
pub struct Walk {
    turns: u32,
    /// Each turn played so far: the position its moves are played from
    /// and the turn.
    played: Vec<(VariantPosition, Continuation)>,
    /// The position after the last turn counted, once `turns` are.
    end: Option<VariantPosition>,
    /// Whether the current turn is counted.
    counting: bool,
}

impl Walk {
    /// A walk of `turns` turns, for a new game (buffers kept).
    /// The turns an opening is long ([`Walk::reset`]).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    pub fn reset(&mut self, turns: u32) {
        self.turns = turns;
        self.played.clear();
        self.end = None;
        self.counting = false;
    }

    fn begin_turn(&mut self, before: &VariantPosition, roll: Option<[Role; 3]>) {
        self.counting = self.played.len() < self.turns as usize;
        if self.counting {
            let roll = roll.map(|mut r| {
                r.sort_by_key(|&role| role as u8);
                r
            });
            let turn = Continuation { from: 0, roll, restored: false, moves: Vec::new() };
            self.played.push((before.clone(), turn));
        }
    }

    fn restored(&mut self, after: &VariantPosition) {
        if let Some((pos, c)) = self.played.last_mut().filter(|_| self.counting) {
            c.restored = true;
            *pos = after.clone();
        }
    }

    fn before_move(&mut self, mv: Move) {
        if let Some((_, c)) = self.played.last_mut().filter(|_| self.counting) {
            c.moves.push(mv);
        }
    }

    fn end_turn(&mut self, after: &VariantPosition) {
        if !std::mem::take(&mut self.counting) || self.played.len() < self.turns as usize {
            return;
        }
        let mut end = after.clone();
        // A Dice turn ends before the turn passes: the opening is the
        // position the other side rolls in.
        end.end_turn();
        self.end = Some(end);
    }
}

/// An observer with a [`Walk`] beside it: every event goes to both.
pub struct Beside<'a, O: Observer> {
    pub inner: &'a mut O,
    pub walk: &'a mut Walk,
}

impl<O: Observer> Observer for Beside<'_, O> {
    fn begin(&mut self, record: &GameRecord, letters: Letters, files_ak: bool) -> Flow {
        self.inner.begin(record, letters, files_ak)
    }
    fn begin_turn(&mut self, before: &VariantPosition, roll: Option<([Role; 3], &Token)>) -> Flow {
        self.walk.begin_turn(before, roll.map(|(r, _)| r));
        self.inner.begin_turn(before, roll)
    }
    fn before_move(&mut self, before: &VariantPosition, mv: Move) -> Flow {
        self.walk.before_move(mv);
        self.inner.before_move(before, mv)
    }
    fn after_move(&mut self, after: &VariantPosition, checkers: Bitboard) -> Flow {
        self.inner.after_move(after, checkers)
    }
    fn end_turn(&mut self, after: &VariantPosition, turn: Option<&DiceTurn>) -> Flow {
        self.walk.end_turn(after);
        self.inner.end_turn(after, turn)
    }
    fn end(&mut self, main: &VariantPosition, termination: Option<Termination>) -> Flow {
        self.inner.end(main, termination)
    }
    fn restored(&mut self, after: &VariantPosition) -> Flow {
        self.walk.restored(after);
        self.inner.restored(after)
    }
    fn any_move(&mut self, before: &VariantPosition, ply: Ply, token: &Token) -> Flow {
        self.inner.any_move(before, ply, token)
    }
    fn any_played(&mut self, after: &VariantPosition) -> Flow {
        self.inner.any_played(after)
    }
}
