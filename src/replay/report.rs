//! What the replay of one game found: its diagnostics and its moves as
//! (move, token) pairs, grouped in turns. A turn is an optional Dice roll,
//! an optional Royal restoration, then its moves: one move in every variant
//! but Dice chess, up to three there ([`DiceTurn`]). Positions are not kept
//! per move: they are played again from the start position (and from the
//! few positions where a variation starts) when a caller asks for them.

use std::ops::Range;

use crate::diag::Diagnostic;
use crate::notation::ast::RollForm;
use crate::notation::Letters;
use crate::rules::dice::{Dice, DicePosition};
use crate::rules::{Color, Move, Role, Termination, Variant, VariantPosition};

/// One move, as replayed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    pub mv: Move,
    /// The move token.
    pub token: usize,
    /// Royal: the side restored its queen before this move (`Пс=Ф`).
    pub restored: bool,
}

/// A Dice chess turn as replayed: its roll and the main-line moves made
/// with it (every other variant's turn is its one move).
#[derive(Clone, Debug)]
pub struct DiceTurn {
    /// The position at the turn's start.
    pub start: DicePosition,
    pub roll: [Role; 3],
    /// The roll's token.
    pub roll_token: usize,
    /// The turn's moves: a range of [`GameReport::mainline`].
    pub plies: Range<usize>,
    /// The dice left when the turn ended.
    pub left: Dice,
}

impl DiceTurn {
    /// The player of the turn.
    pub fn color(&self) -> Color {
        self.start.turn()
    }
    /// The turn's number `N` of the record.
    pub fn number(&self) -> u32 {
        self.start.fullmoves()
    }
}

/// Makes the restoration written before `ply`, if any.
fn restore(pos: &mut VariantPosition, ply: &Ply) {
    if ply.restored {
        // The replay made it on this very position.
        let _ = pos.restore_queen(None);
    }
}

/// What the replay of one game found.
#[derive(Clone, Debug)]
pub struct GameReport {
    pub diagnostics: Vec<Diagnostic>,
    pub variant: Option<Variant>,
    /// The position the main line starts from (`None` when the tags give none).
    pub start: Option<VariantPosition>,
    /// The main line's moves as far as replayed.
    pub mainline: Vec<Ply>,
    /// Dice chess: the main line's turns as far as replayed, each with its
    /// roll and its range of [`GameReport::mainline`]. Empty in every other
    /// variant, whose turns are the main line's moves one by one.
    pub turns: Vec<DiceTurn>,
    /// Every replayed move, variations included, in token order (only with
    /// [`super::Options::keep_all`]).
    pub all: Vec<Ply>,
    /// Where a move of [`GameReport::all`] does not follow the one before it
    /// (the first move, the first of a variation, the next of a line after a
    /// variation): its index in `all` and the position before it.
    pub resumes: Vec<(usize, VariantPosition)>,
    /// The position after the last replayed main-line move, when the whole
    /// game was replayed.
    pub last: Option<VariantPosition>,
    /// How the board ends the game after the main line, when the whole game
    /// was replayed: mate, stalemate, Royal's losing position, or in Chess
    /// the 75-move rule or the fivefold repetition (counted over the main
    /// line's positions).
    pub end: Option<Termination>,
    /// Whether the whole main line and every variation was replayed.
    pub complete: bool,
    /// Whether the record letters the tenth file `k` (`[Files "a-k"]` or detected).
    pub files_ak: bool,
    /// The letters the record's piece letters are written in.
    pub letters: Letters,
    /// Dice chess: how the record writes its rolls (letters or digits).
    pub roll_form: RollForm,
    /// An [`super::Observer`] stopped the replay ([`std::ops::ControlFlow::Break`]):
    /// the moves are those replayed until then, the end and the result unjudged.
    pub stopped: bool,
}

impl GameReport {
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// Checkmate or stalemate after the main line.
    pub fn termination(&self) -> Option<Termination> {
        self.end
    }

    /// The position before main-line move `n` (0-based; `n` = the number of
    /// moves gives the position after the last), played from the start.
    pub fn main_position(&self, n: usize) -> Option<VariantPosition> {
        let mut at = None;
        let mut i = 0;
        self.for_each_main(|before, _| {
            if i == n {
                at = Some(before.clone());
            }
            i += 1;
        });
        match at {
            Some(pos) => Some(pos),
            None if n == self.mainline.len() => self.main_after(),
            None => None,
        }
    }

    /// The position after the main line's moves as far as replayed (a Dice
    /// turn left open by an error is not passed).
    fn main_after(&self) -> Option<VariantPosition> {
        if let Some(last) = &self.last {
            return Some(last.clone());
        }
        let mut pos = self.start.clone()?;
        self.play_main(&mut pos, |_, _| {});
        Some(pos)
    }

    /// Calls `f(before, ply)` for every main-line move in order, `before`
    /// the position before it (the moves are played, not resolved again).
    pub fn for_each_main(&self, f: impl FnMut(&VariantPosition, Ply)) {
        let Some(mut pos) = self.start.clone() else { return };
        self.play_main(&mut pos, f);
    }

    /// Plays the main line on `pos` (the start), calling `f` before each
    /// move; a Dice turn is passed once its last move is played, but for
    /// the last turn of a game the replay stopped in.
    fn play_main(&self, pos: &mut VariantPosition, mut f: impl FnMut(&VariantPosition, Ply)) {
        if self.turns.is_empty() {
            for &ply in &self.mainline {
                restore(pos, &ply);
                f(pos, ply);
                pos.play_unchecked(ply.mv);
            }
            return;
        }
        for (i, turn) in self.turns.iter().enumerate() {
            for &ply in self.mainline.get(turn.plies.clone()).unwrap_or_default() {
                f(pos, ply);
                pos.play_unchecked(ply.mv);
            }
            if i + 1 < self.turns.len() || self.complete {
                pos.end_turn();
            }
        }
    }

    /// The moves of a Dice turn.
    pub fn turn_plies(&self, turn: &DiceTurn) -> &[Ply] {
        self.mainline.get(turn.plies.clone()).unwrap_or_default()
    }

    /// Calls `f(before, ply, after)` for every move of [`GameReport::all`]
    /// in token order, with the positions before and after it (each move
    /// played once).
    pub fn for_each_kept(&self, mut f: impl FnMut(&VariantPosition, Ply, &VariantPosition)) {
        if !self.turns.is_empty() {
            // Dice chess: variations are not replayed, `all` is the main line.
            let mut after: Option<VariantPosition> = None;
            self.for_each_main(|before, ply| {
                let after = match after.as_mut() {
                    Some(a) => {
                        a.clone_from(before);
                        a
                    }
                    None => after.insert(before.clone()),
                };
                after.play_unchecked(ply.mv);
                f(before, ply, after);
            });
            return;
        }
        let mut resumes = self.resumes.iter().peekable();
        let mut line: Option<(VariantPosition, VariantPosition)> = None;
        for (i, &ply) in self.all.iter().enumerate() {
            if let Some((_, p)) = resumes.next_if(|(at, _)| *at == i) {
                match line.as_mut() {
                    Some((before, _)) => before.clone_from(p),
                    None => line = Some((p.clone(), p.clone())),
                }
            }
            // `resumes` starts at 0 whenever `all` has a move.
            let Some((before, after)) = line.as_mut() else { continue };
            restore(before, &ply);
            after.clone_from(before);
            after.play_unchecked(ply.mv);
            f(before, ply, after);
            std::mem::swap(before, after);
        }
    }
}
