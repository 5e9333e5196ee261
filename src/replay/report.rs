//! What the replay of one game found: its diagnostics and its moves as
//! (move, token) pairs. Positions are not kept per move: they are played
//! again from the start position (and from the few positions where a
//! variation starts) when a caller asks for them.

use crate::diag::Diagnostic;
use crate::notation::Letters;
use crate::rules::{Move, Position, Termination, Variant};

/// One move, as replayed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    pub mv: Move,
    /// The move token.
    pub token: usize,
    /// Royal: the side restored its queen before this move (`Пс=Ф`).
    pub restored: bool,
}

/// Makes the restoration written before `ply`, if any.
fn restore(pos: &mut Position, ply: &Ply) {
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
    pub start: Option<Position>,
    /// The main line's moves as far as replayed.
    pub mainline: Vec<Ply>,
    /// Every replayed move, variations included, in token order (only with
    /// [`super::Options::keep_all`]).
    pub all: Vec<Ply>,
    /// Where a move of [`GameReport::all`] does not follow the one before it
    /// (the first move, the first of a variation, the next of a line after a
    /// variation): its index in `all` and the position before it.
    pub resumes: Vec<(usize, Position)>,
    /// The position after the last replayed main-line move, when the whole
    /// game was replayed.
    pub last: Option<Position>,
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
    pub fn main_position(&self, n: usize) -> Option<Position> {
        let mut pos = self.start.clone()?;
        for ply in self.mainline.get(..n)? {
            restore(&mut pos, ply);
            pos.play_unchecked(ply.mv);
        }
        Some(pos)
    }

    /// Calls `f(before, ply)` for every main-line move in order, `before`
    /// the position before it (the moves are played, not resolved again).
    pub fn for_each_main(&self, mut f: impl FnMut(&Position, Ply)) {
        let Some(mut pos) = self.start.clone() else { return };
        for &ply in &self.mainline {
            restore(&mut pos, &ply);
            f(&pos, ply);
            pos.play_unchecked(ply.mv);
        }
    }

    /// Calls `f(before, ply, after)` for every move of [`GameReport::all`]
    /// in token order, with the positions before and after it (each move
    /// played once).
    pub fn for_each_kept(&self, mut f: impl FnMut(&Position, Ply, &Position)) {
        let mut resumes = self.resumes.iter().peekable();
        let mut line: Option<(Position, Position)> = None;
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
